/* print-inputs.c — prints the inputs' description (cuocc-inputs.c), one
 * input a line: option, batch column, session key and the choices, tab
 * separated, "-" for none. The man page's and the completion's tests check
 * the documentation against it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cuocc.h>
#include <stdio.h>

int
main (void)
{
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    {
      const CuoccInputInfo *info = cuocc_input_info (key);
      g_autofree char *choices = info->choices ? g_strjoinv (" ", (char **) info->choices) : g_strdup ("-");

      printf ("%s\t%s\t%s\t%s\n", info->option, info->batch_column ? info->batch_column : "-",
              info->session_key ? info->session_key : "-", choices);
    }
  return 0;
}
