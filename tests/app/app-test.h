/* app-test.h — what the widget tests share: a display, the app's style, and
 * a real window to drive.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-window-private.h"

G_BEGIN_DECLS

/* Skips the test where no X server could be opened. */
#define SKIP_WITHOUT_DISPLAY() \
  G_STMT_START { if (!app_test_have_display ()) { g_test_skip ("no display"); return; } } G_STMT_END

/* After g_test_init: opens the display and loads what AdwApplication would
 * (the tests run without one, so that they need no session bus). */
void         app_test_init            (void);
gboolean     app_test_have_display    (void);
void         app_test_reset_settings  (void);
void         app_test_wait_for_frame  (GtkWidget   *widget);
/* A window on the default settings, presented and drawn once. */
CuoccWindow *app_test_window_new      (void);
/* Destroys the window and whatever dialogs it opened. */
void         app_test_window_free     (CuoccWindow *window);

G_END_DECLS
