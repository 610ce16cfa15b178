/* main.c — starts the desktop app.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cuocc-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CuoccApplication) app = NULL;
  int status;
  int signal;

  setlocale (LC_ALL, "");
  /* CUOCC_LOCALEDIR runs an uninstalled build in its own translations. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CUOCC_LOCALEDIR") != NULL ? g_getenv ("CUOCC_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = cuocc_application_new ();

  status = g_application_run (G_APPLICATION (app), argc, argv);
  /* Ended by SIGTERM, SIGINT or SIGHUP (as Ctrl+Q ends it): 128 + the
   * signal's number, as a shell says a program a signal ended. */
  signal = cuocc_application_get_stop_signal (app);
  return signal != 0 ? 128 + signal : status;
}
