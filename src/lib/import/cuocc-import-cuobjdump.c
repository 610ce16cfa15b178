/* cuocc-import-cuobjdump.c — kernels from cuobjdump --dump-resource-usage
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-import-private.h"

typedef struct {
  char *arch;
  gboolean in_ptx;
  char *function;                  /* "Function X:" waiting for its REG line */
} Cuobjdump;

/* ----- cuobjdump ----- */

static void
cuobjdump_figures (CuoccImportParser *parser, Cuobjdump *dump, const char *text)
{
  CuoccKernel k;
  g_auto (GStrv) words = g_strsplit_set (text, " \t", -1);

  _cuocc_import_kernel_init (&k);
  k.format = CUOCC_IMPORT_FORMAT_CUOBJDUMP;
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *colon = strrchr (words[i], ':');
      gint64 value;

      if (colon == NULL || !_cuocc_import_parse_sum (words[i], words[i] + strlen (words[i]), &value))
        continue;
      if (g_str_has_prefix (words[i], "REG:"))
        k.regs = _cuocc_import_clamp_int (value);
      else if (g_str_has_prefix (words[i], "STACK:"))
        k.stack = value;
      else if (g_str_has_prefix (words[i], "SHARED:"))
        k.smem = value;
      else if (g_str_has_prefix (words[i], "LOCAL:"))
        k.lmem = value;
      else if (g_str_has_prefix (words[i], "CONSTANT[0]:"))
        k.cmem = value;
      else if (g_str_has_prefix (words[i], "BARRIERS:") || g_str_has_prefix (words[i], "BAR:"))
        k.barriers = _cuocc_import_clamp_int (value);
    }
  if (k.regs < 0)
    return;
  _cuocc_import_kernel_set_name (&k, dump->function);
  _cuocc_import_kernel_set_arch (&k, dump->arch);
  _cuocc_import_add_kernel (parser, &k);
}

static void
cuobjdump_line (CuoccImportParser *parser, gpointer state, const char *line)
{
  Cuobjdump *dump = state;
  const char *text = line;

  while (*text == ' ' || *text == '\t')
    text++;
  if (g_str_has_prefix (text, "Fatbin elf code:"))
    {
      dump->in_ptx = FALSE;
      g_clear_pointer (&dump->arch, g_free);
    }
  else if (g_str_has_prefix (text, "Fatbin ptx code:"))
    {
      dump->in_ptx = TRUE;
    }
  else if (g_str_has_prefix (text, "arch = ") && !dump->in_ptx)
    {
      g_free (dump->arch);
      dump->arch = g_strstrip (g_strdup (text + 7));
    }
  else if (g_str_has_prefix (text, "Function ") && strchr (text, ':') != NULL)
    {
      const char *name = text + 9;
      const char *colon = strstr (name, ":");
      const char *figures;

      /* The figures follow on the next line, or on this one after "NAME:". */
      while (colon != NULL && colon[1] != '\0' && colon[1] != ' ' && colon[1] != '\t')
        colon = strstr (colon + 1, ":");
      g_clear_pointer (&dump->function, g_free);
      if (colon == NULL || colon == name)
        return;
      dump->function = g_strndup (name, (gsize) (colon - name));
      figures = colon + 1;
      if (strstr (figures, "REG:") != NULL)
        {
          cuobjdump_figures (parser, dump, figures);
          g_clear_pointer (&dump->function, g_free);
        }
    }
  else if (g_str_has_prefix (text, "REG:") && dump->function != NULL)
    {
      cuobjdump_figures (parser, dump, text);
      g_clear_pointer (&dump->function, g_free);
    }
  else
    {
      g_clear_pointer (&dump->function, g_free);
    }
}

/* ----- the reader ----- */

static gpointer
cuobjdump_new (void)
{
  return g_new0 (Cuobjdump, 1);
}

static void
cuobjdump_free (gpointer state)
{
  Cuobjdump *dump = state;

  g_free (dump->arch);
  g_free (dump->function);
  g_free (dump);
}

/* An ELF entry's architecture, or a function waiting for its figures. */
static CuoccImportFormat
cuobjdump_seen (gconstpointer state)
{
  const Cuobjdump *dump = state;

  return dump->arch != NULL || dump->function != NULL ? CUOCC_IMPORT_FORMAT_CUOBJDUMP : CUOCC_IMPORT_FORMAT_UNKNOWN;
}

const ImportReader _cuocc_import_cuobjdump_reader = {
  .state_new = cuobjdump_new,
  .state_free = cuobjdump_free,
  .line = cuobjdump_line,
  .seen = cuobjdump_seen,
};
