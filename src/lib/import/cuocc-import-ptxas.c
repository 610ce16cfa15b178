/* cuocc-import-ptxas.c — kernels from ptxas -v and nvlink -v
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-import-private.h"

/* The entry being read. */
typedef struct {
  CuoccKernel pending;             /* name NULL when none */
  gboolean props;                  /* the next stack frame line is the entry's */
} Ptxas;

/* ----- ptxas ----- */

/* Applies one comma-separated item of a ptxas or nvlink figures line. */
static void
ptxas_item (CuoccKernel *k, const char *item, const char *end)
{
  static const struct {
    const char *suffix;
    gsize offset;
    gboolean is_int;
  } items[] = {
    { " registers", G_STRUCT_OFFSET (CuoccKernel, regs), TRUE },
    { " barriers", G_STRUCT_OFFSET (CuoccKernel, barriers), TRUE },
    { " bytes smem", G_STRUCT_OFFSET (CuoccKernel, smem), FALSE },
    { " bytes stack frame", G_STRUCT_OFFSET (CuoccKernel, stack), FALSE },
    { " bytes spill stores", G_STRUCT_OFFSET (CuoccKernel, spill_stores), FALSE },
    { " bytes spill loads", G_STRUCT_OFFSET (CuoccKernel, spill_loads), FALSE },
    { " bytes lmem", G_STRUCT_OFFSET (CuoccKernel, lmem), FALSE },
    { " bytes cmem[0]", G_STRUCT_OFFSET (CuoccKernel, cmem), FALSE },
  };
  gsize len;
  gint64 value;

  while (end > item && (end[-1] == ' ' || end[-1] == '\t'))
    end--;
  len = (gsize) (end - item);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      gsize slen = strlen (items[i].suffix);
      char *field = (char *) k + items[i].offset;

      if (len < slen || strncmp (end - slen, items[i].suffix, slen) != 0)
        continue;
      if (!_cuocc_import_parse_sum (item, end - slen, &value))
        return;
      if (items[i].is_int)
        *(int *) field = _cuocc_import_clamp_int (value);
      else
        *(gint64 *) field = value;
      return;
    }
  /* nvlink: "0 stack"; ptxas: "64 bytes cumulative stack size" when no frame line came. */
  if ((len > 6 && strncmp (end - 6, " stack", 6) == 0 && _cuocc_import_parse_sum (item, end - 6, &value)) ||
      (len > 27 && strncmp (end - 27, " bytes cumulative stack size", 27) == 0 &&
       _cuocc_import_parse_sum (item, end - 27, &value)))
    {
      if (k->stack < 0)
        k->stack = value;
    }
}

static void
ptxas_items (CuoccKernel *k, const char *text)
{
  while (*text != '\0')
    {
      const char *comma = strchr (text, ',');
      const char *end = comma != NULL ? comma : text + strlen (text);

      ptxas_item (k, text, end);
      if (comma == NULL)
        break;
      text = comma + 1;
    }
}

static void
ptxas_drop_pending (Ptxas *ptxas)
{
  _cuocc_import_kernel_clear (&ptxas->pending);
  _cuocc_import_kernel_init (&ptxas->pending);
  ptxas->props = FALSE;
}

/* "Compiling entry function 'NAME' for 'sm_90'" (the arch is missing before CUDA 3). */
static void
ptxas_entry (CuoccImportParser *parser, Ptxas *ptxas, const char *rest)
{
  const char *start = strchr (rest, '\'');
  const char *for_arch;
  const char *end;
  g_autofree char *name = NULL;

  ptxas_drop_pending (ptxas);
  if (start == NULL)
    return;
  start++;
  for_arch = g_strrstr (start, "' for '");
  end = for_arch != NULL ? for_arch : strrchr (start, '\'');
  if (end == NULL || end == start)
    return;
  name = g_strndup (start, (gsize) (end - start));
  _cuocc_import_parser_set_name (parser, &ptxas->pending, name);
  ptxas->pending.format = CUOCC_IMPORT_FORMAT_PTXAS;
  if (for_arch != NULL)
    {
      const char *arch = for_arch + 7;
      const char *quote = strchr (arch, '\'');
      g_autofree char *text = g_strndup (arch, quote != NULL ? (gsize) (quote - arch) : strlen (arch));

      _cuocc_import_kernel_set_arch (&ptxas->pending, text);
    }
}

static gboolean
same_function (const CuoccKernel *k, const char *name)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (name));
  gsize len = strlen (trimmed);

  if (k->mangled == NULL)
    return FALSE;
  /* nvlink quotes the name and ends the line with a colon. */
  if (len > 0 && trimmed[len - 1] == ':')
    trimmed[--len] = '\0';
  if (len >= 2 && trimmed[0] == '\'' && trimmed[len - 1] == '\'')
    {
      trimmed[len - 1] = '\0';
      return strcmp (trimmed + 1, k->mangled) == 0 || strcmp (trimmed + 1, k->name) == 0;
    }
  return strcmp (trimmed, k->mangled) == 0 || strcmp (trimmed, k->name) == 0;
}

static void
ptxas_emit (CuoccImportParser *parser, Ptxas *ptxas)
{
  if (ptxas->pending.name != NULL && ptxas->pending.regs >= 0)
    _cuocc_import_add_kernel (parser, &ptxas->pending);
  ptxas_drop_pending (ptxas);
}

/* The text after "ptxas info    :" or "nvlink info    :". */
static void
ptxas_message (CuoccImportParser *parser, Ptxas *ptxas, const char *msg, gboolean nvlink)
{
  if (g_str_has_prefix (msg, "Compiling entry function "))
    {
      ptxas_entry (parser, ptxas, msg + 25);
    }
  else if (g_str_has_prefix (msg, "Function properties for "))
    {
      const char *name = msg + 24;

      if (nvlink)
        {
          /* nvlink names the function here and gives its figures next. */
          g_autofree char *trimmed = g_strstrip (g_strdup (name));
          gsize len = strlen (trimmed);

          ptxas_drop_pending (ptxas);
          if (len > 0 && trimmed[len - 1] == ':')
            trimmed[--len] = '\0';
          if (len >= 2 && trimmed[0] == '\'' && trimmed[len - 1] == '\'')
            {
              trimmed[len - 1] = '\0';
              memmove (trimmed, trimmed + 1, len - 1);
            }
          if (trimmed[0] == '\0')
            return;
          _cuocc_import_parser_set_name (parser, &ptxas->pending, trimmed);
          ptxas->pending.format = CUOCC_IMPORT_FORMAT_PTXAS;
          ptxas->props = TRUE;
        }
      else
        {
          ptxas->props = same_function (&ptxas->pending, name);
        }
    }
  else if (g_ascii_strncasecmp (msg, "used ", 5) == 0 && ptxas->pending.name != NULL)
    {
      /* ptxas leaves out what a kernel does not use. */
      ptxas->pending.smem = ptxas->pending.lmem = 0;
      ptxas_items (&ptxas->pending, msg);
      ptxas_emit (parser, ptxas);
    }
}

static const char *
find_tool_message (const char *line, const char *tool)
{
  const char *p = strstr (line, tool);

  if (p == NULL)
    return NULL;
  p += strlen (tool);
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p != ':')
    return NULL;
  p++;
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* ----- the reader ----- */

static void
ptxas_line (CuoccImportParser *parser, gpointer state, const char *line)
{
  Ptxas *ptxas = state;
  const char *msg;

  if ((msg = find_tool_message (line, "ptxas info")) != NULL)
    ptxas_message (parser, ptxas, msg, FALSE);
  else if ((msg = find_tool_message (line, "nvlink info")) != NULL)
    ptxas_message (parser, ptxas, msg, TRUE);
  else if (ptxas->props && strstr (line, "bytes stack frame") != NULL)
    {
      ptxas_items (&ptxas->pending, line);
      ptxas->props = FALSE;
    }
}

static gpointer
ptxas_new (void)
{
  Ptxas *ptxas = g_new0 (Ptxas, 1);

  _cuocc_import_kernel_init (&ptxas->pending);
  return ptxas;
}

static void
ptxas_free (gpointer state)
{
  Ptxas *ptxas = state;

  _cuocc_import_kernel_clear (&ptxas->pending);
  g_free (ptxas);
}

/* An entry's first line, before its figures. */
static CuoccImportFormat
ptxas_seen (gconstpointer state)
{
  const Ptxas *ptxas = state;

  return ptxas->pending.name != NULL ? CUOCC_IMPORT_FORMAT_PTXAS : CUOCC_IMPORT_FORMAT_UNKNOWN;
}

const ImportReader _cuocc_import_ptxas_reader = {
  .state_new = ptxas_new,
  .state_free = ptxas_free,
  .line = ptxas_line,
  .seen = ptxas_seen,
};
