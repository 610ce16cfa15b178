/* cuocc-import-cuobjdump.c — kernels from cuobjdump --dump-resource-usage
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-import-private.h"

/* ----- cuobjdump ----- */

static void
cuobjdump_figures (CuoccImportParser *parser, const char *text)
{
  CuoccKernel k;
  g_auto (GStrv) words = g_strsplit_set (text, " \t", -1);

  cuocc_import_kernel_init (&k);
  k.format = CUOCC_IMPORT_FORMAT_CUOBJDUMP;
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *colon = strrchr (words[i], ':');
      gint64 value;

      if (colon == NULL || !cuocc_import_parse_sum (words[i], words[i] + strlen (words[i]), &value))
        continue;
      if (g_str_has_prefix (words[i], "REG:"))
        k.regs = cuocc_import_clamp_int (value);
      else if (g_str_has_prefix (words[i], "STACK:"))
        k.stack = value;
      else if (g_str_has_prefix (words[i], "SHARED:"))
        k.smem = value;
      else if (g_str_has_prefix (words[i], "LOCAL:"))
        k.lmem = value;
      else if (g_str_has_prefix (words[i], "CONSTANT[0]:"))
        k.cmem = value;
      else if (g_str_has_prefix (words[i], "BARRIERS:") || g_str_has_prefix (words[i], "BAR:"))
        k.barriers = cuocc_import_clamp_int (value);
    }
  if (k.regs < 0)
    return;
  cuocc_import_kernel_set_name (&k, parser->cuobjdump_function);
  cuocc_import_kernel_set_arch (&k, parser->cuobjdump_arch);
  cuocc_import_add_kernel (parser, &k);
}

void
cuocc_import_cuobjdump_line (CuoccImportParser *parser, const char *line)
{
  const char *text = line;

  while (*text == ' ' || *text == '\t')
    text++;
  if (g_str_has_prefix (text, "Fatbin elf code:"))
    {
      parser->cuobjdump_in_ptx = FALSE;
      g_clear_pointer (&parser->cuobjdump_arch, g_free);
    }
  else if (g_str_has_prefix (text, "Fatbin ptx code:"))
    {
      parser->cuobjdump_in_ptx = TRUE;
    }
  else if (g_str_has_prefix (text, "arch = ") && !parser->cuobjdump_in_ptx)
    {
      g_free (parser->cuobjdump_arch);
      parser->cuobjdump_arch = g_strstrip (g_strdup (text + 7));
    }
  else if (g_str_has_prefix (text, "Function ") && strchr (text, ':') != NULL)
    {
      const char *name = text + 9;
      const char *colon = strstr (name, ":");
      const char *figures;

      /* The figures follow on the next line, or on this one after "NAME:". */
      while (colon != NULL && colon[1] != '\0' && colon[1] != ' ' && colon[1] != '\t')
        colon = strstr (colon + 1, ":");
      g_clear_pointer (&parser->cuobjdump_function, g_free);
      if (colon == NULL || colon == name)
        return;
      parser->cuobjdump_function = g_strndup (name, (gsize) (colon - name));
      figures = colon + 1;
      if (strstr (figures, "REG:") != NULL)
        {
          cuobjdump_figures (parser, figures);
          g_clear_pointer (&parser->cuobjdump_function, g_free);
        }
    }
  else if (g_str_has_prefix (text, "REG:") && parser->cuobjdump_function != NULL)
    {
      cuobjdump_figures (parser, text);
      g_clear_pointer (&parser->cuobjdump_function, g_free);
    }
  else
    {
      g_clear_pointer (&parser->cuobjdump_function, g_free);
    }
}
