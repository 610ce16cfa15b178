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

  setlocale (LC_ALL, "");
  /* CUOCC_LOCALEDIR runs an uninstalled build in its own translations. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CUOCC_LOCALEDIR") != NULL ? g_getenv ("CUOCC_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = cuocc_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
