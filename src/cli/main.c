/* main.c — starts the cuocc command line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cuocc-cli.h"

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  /* CUOCC_LOCALEDIR runs an uninstalled build in its own translations. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CUOCC_LOCALEDIR") != NULL ? g_getenv ("CUOCC_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return cuocc_cli_run (argc, argv);
}
