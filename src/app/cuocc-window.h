/* cuocc-window.h — the main window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cuocc-application.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_WINDOW (cuocc_window_get_type ())

G_DECLARE_FINAL_TYPE (CuoccWindow, cuocc_window, CUOCC, WINDOW, AdwApplicationWindow)

CuoccWindow *cuocc_window_new       (CuoccApplication *application);
void         cuocc_window_open_file (CuoccWindow      *self,
                                     GFile            *file);
void         cuocc_window_stop_work (CuoccWindow      *self);
gboolean     cuocc_window_use_file  (CuoccWindow      *self,
                                     const char       *action,
                                     const char       *which,
                                     GFile            *file,
                                     GError          **error);

G_END_DECLS
