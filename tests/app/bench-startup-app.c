/* bench-startup-app.c — the app side of the start-up benchmark: cuocc-gtk's
 * own start (main.c's steps, the same application and window), timed from
 * the first thing in main() to the window's first frame, then it quits.
 * The timing lives here, in the benchmark, not in the app.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "bench-first-frame.h"
#include "cuocc-application.h"

static gint64 start;

/* ----- callbacks ----- */

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  bench_quit_after_first_frame (window, G_APPLICATION (app), start);
}

/* ----- main ----- */

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CuoccApplication) app = NULL;

  start = g_get_monotonic_time ();

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = cuocc_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
