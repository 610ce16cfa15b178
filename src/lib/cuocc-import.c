/* cuocc-import.c — kernel resource usage read from compiler and profiler output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One pass over the input, line by line, with every format's reader looking
 * at every line: a build log may hold ptxas output and a cuobjdump dump one
 * after the other, and a profiler export starts with whatever the program
 * printed. Each reader keeps a little state and adds kernels as they end.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "cuocc.h"
#include "cuocc-import.h"

#define MAX_CSV_FIELDS 16384
#define MAX_FIGURE     G_GINT64_CONSTANT (1000000000000000)

typedef enum {
  NCU_NONE,
  NCU_LONG,                        /* one metric a row */
  NCU_RAW,                         /* one launch a row, one metric a column */
} NcuMode;

typedef enum {
  COL_ID,
  COL_KERNEL,
  COL_SECTION,
  COL_METRIC,
  COL_UNIT,
  COL_VALUE,
  COL_CC,
  COL_BLOCK,
  COL_GRID,
  N_COLS,
} NcuColumn;

struct _CuoccImportParser {
  GString *line;
  gboolean line_too_long;
  guint line_no;
  GArray *kernels;                 /* CuoccKernel */
  gboolean truncated;
  guint n_skipped_lines;

  /* ptxas and nvlink */
  CuoccKernel ptxas;               /* the entry being read; name NULL when none */
  gboolean ptxas_props;            /* the next stack frame line is the entry's */

  /* cuobjdump */
  char *cuobjdump_arch;
  gboolean cuobjdump_in_ptx;
  char *cuobjdump_function;        /* "Function X:" waiting for its REG line */

  /* Nsight Compute */
  NcuMode ncu_mode;
  int ncu_cols[N_COLS];            /* -1 when absent */
  GPtrArray *ncu_header;           /* raw: the metric of each column */
  GPtrArray *ncu_units;            /* raw: the unit of each column, from the unit row */
  GHashTable *ncu_ids;             /* launch ID → index in kernels + 1 */
};

/* ---------------------------------------------------------------- kernels */

static void
kernel_init (CuoccKernel *k)
{
  memset (k, 0, sizeof *k);
  k->regs = k->barriers = CUOCC_IMPORT_UNKNOWN;
  k->smem = k->stack = k->spill_stores = k->spill_loads = CUOCC_IMPORT_UNKNOWN;
  k->lmem = k->cmem = CUOCC_IMPORT_UNKNOWN;
  k->block_size = k->sm_count = CUOCC_IMPORT_UNKNOWN;
  k->grid_size = k->dynamic_smem = k->driver_smem = k->smem_config = CUOCC_IMPORT_UNKNOWN;
  k->theoretical_occupancy = k->achieved_occupancy = k->theoretical_warps = -1.0;
  k->block_limit_regs = k->block_limit_smem = k->block_limit_warps = CUOCC_IMPORT_UNKNOWN;
  k->block_limit_blocks = k->block_limit_barriers = CUOCC_IMPORT_UNKNOWN;
}

static void
kernel_clear (CuoccKernel *k)
{
  g_clear_pointer (&k->name, g_free);
  g_clear_pointer (&k->mangled, g_free);
  g_clear_pointer (&k->arch, g_free);
}

static gboolean
looks_demangled (const char *name)
{
  return strchr (name, '(') != NULL || strchr (name, ' ') != NULL || strchr (name, '<') != NULL;
}

/* Names come from untrusted text: they are made valid UTF-8 and demangled. */
static void
kernel_set_name (CuoccKernel *k, const char *raw)
{
  g_autofree char *valid = g_utf8_make_valid (raw, -1);
  char *demangled = cuocc_demangle (valid);

  g_free (k->name);
  g_free (k->mangled);
  k->name = demangled != NULL ? demangled : g_strdup (valid);
  k->mangled = demangled != NULL || !looks_demangled (valid) ? g_steal_pointer (&valid) : g_strdup ("");
}

/* "sm_90a" → 9.0, "sm_100f" → 10.0, "sm_21" → 2.1. */
static gboolean
arch_to_cc (const char *arch, int *major, int *minor)
{
  const char *p;
  int n = 0;
  int digits = 0;

  if (!g_str_has_prefix (arch, "sm_") && !g_str_has_prefix (arch, "compute_"))
    return FALSE;
  p = strchr (arch, '_') + 1;
  for (; g_ascii_isdigit (*p) && digits < 4; p++, digits++)
    n = n * 10 + (*p - '0');
  if (digits < 2 || digits > 3 || n < 10 || (*p != '\0' && strcmp (p, "a") != 0 && strcmp (p, "f") != 0))
    return FALSE;
  *major = n / 10;
  *minor = n % 10;
  return TRUE;
}

static void
kernel_set_arch (CuoccKernel *k, const char *arch)
{
  int major, minor;

  g_free (k->arch);
  k->arch = NULL;
  k->cc_major = k->cc_minor = 0;
  if (arch == NULL || !arch_to_cc (arch, &major, &minor))
    return;
  k->arch = g_strdup (arch);
  k->cc_major = major;
  k->cc_minor = minor;
}

/* Takes the kernel's strings. Returns its index, or -1 when the list is full. */
static int
add_kernel (CuoccImportParser *parser, CuoccKernel *k)
{
  if (parser->kernels->len >= CUOCC_IMPORT_MAX_KERNELS)
    {
      parser->truncated = TRUE;
      kernel_clear (k);
      kernel_init (k);
      return -1;
    }
  k->line = parser->line_no;
  g_array_append_val (parser->kernels, *k);
  kernel_init (k);
  return (int) parser->kernels->len - 1;
}

/* ---------------------------------------------------------------- numbers */

/* Reads "123" or "40+16" (older ptxas: static + parameter shared memory). */
static gboolean
parse_sum_before (const char *start, const char *end, gint64 *value)
{
  const char *p = end;
  gint64 total = 0;

  while (p > start && p[-1] == ' ')
    p--;
  end = p;
  while (p > start && (g_ascii_isdigit (p[-1]) || p[-1] == '+'))
    p--;
  if (p == end || *p == '+')
    return FALSE;
  while (p < end)
    {
      gint64 term = 0;

      if (!g_ascii_isdigit (*p))
        return FALSE;
      for (; p < end && g_ascii_isdigit (*p); p++)
        {
          term = term * 10 + (*p - '0');
          if (term > MAX_FIGURE)
            return FALSE;
        }
      total += term;
      if (p < end && *p == '+')
        p++;
    }
  *value = total;
  return TRUE;
}

static int
clamp_int (gint64 v)
{
  return v > G_MAXINT ? G_MAXINT : (int) v;
}

/* ---------------------------------------------------------------- ptxas */

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
      if (!parse_sum_before (item, end - slen, &value))
        return;
      if (items[i].is_int)
        *(int *) field = clamp_int (value);
      else
        *(gint64 *) field = value;
      return;
    }
  /* nvlink: "0 stack"; ptxas: "64 bytes cumulative stack size" when no frame line came. */
  if ((len > 6 && strncmp (end - 6, " stack", 6) == 0 && parse_sum_before (item, end - 6, &value)) ||
      (len > 27 && strncmp (end - 27, " bytes cumulative stack size", 27) == 0 &&
       parse_sum_before (item, end - 27, &value)))
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
ptxas_drop_pending (CuoccImportParser *parser)
{
  kernel_clear (&parser->ptxas);
  kernel_init (&parser->ptxas);
  parser->ptxas_props = FALSE;
}

/* "Compiling entry function 'NAME' for 'sm_90'" (the arch is missing before CUDA 3). */
static void
ptxas_entry (CuoccImportParser *parser, const char *rest)
{
  const char *start = strchr (rest, '\'');
  const char *for_arch;
  const char *end;
  g_autofree char *name = NULL;

  ptxas_drop_pending (parser);
  if (start == NULL)
    return;
  start++;
  for_arch = g_strrstr (start, "' for '");
  end = for_arch != NULL ? for_arch : strrchr (start, '\'');
  if (end == NULL || end == start)
    return;
  name = g_strndup (start, (gsize) (end - start));
  kernel_set_name (&parser->ptxas, name);
  parser->ptxas.format = CUOCC_IMPORT_FORMAT_PTXAS;
  if (for_arch != NULL)
    {
      const char *arch = for_arch + 7;
      const char *quote = strchr (arch, '\'');
      g_autofree char *text = g_strndup (arch, quote != NULL ? (gsize) (quote - arch) : strlen (arch));

      kernel_set_arch (&parser->ptxas, text);
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
ptxas_emit (CuoccImportParser *parser)
{
  if (parser->ptxas.name != NULL && parser->ptxas.regs >= 0)
    add_kernel (parser, &parser->ptxas);
  ptxas_drop_pending (parser);
}

/* The text after "ptxas info    :" or "nvlink info    :". */
static void
ptxas_message (CuoccImportParser *parser, const char *msg, gboolean nvlink)
{
  if (g_str_has_prefix (msg, "Compiling entry function "))
    {
      ptxas_entry (parser, msg + 25);
    }
  else if (g_str_has_prefix (msg, "Function properties for "))
    {
      const char *name = msg + 24;

      if (nvlink)
        {
          /* nvlink names the function here and gives its figures next. */
          g_autofree char *trimmed = g_strstrip (g_strdup (name));
          gsize len = strlen (trimmed);

          ptxas_drop_pending (parser);
          if (len > 0 && trimmed[len - 1] == ':')
            trimmed[--len] = '\0';
          if (len >= 2 && trimmed[0] == '\'' && trimmed[len - 1] == '\'')
            {
              trimmed[len - 1] = '\0';
              memmove (trimmed, trimmed + 1, len - 1);
            }
          if (trimmed[0] == '\0')
            return;
          kernel_set_name (&parser->ptxas, trimmed);
          parser->ptxas.format = CUOCC_IMPORT_FORMAT_PTXAS;
          parser->ptxas_props = TRUE;
        }
      else
        {
          parser->ptxas_props = same_function (&parser->ptxas, name);
        }
    }
  else if (g_ascii_strncasecmp (msg, "used ", 5) == 0 && parser->ptxas.name != NULL)
    {
      /* ptxas leaves out what a kernel does not use. */
      parser->ptxas.smem = parser->ptxas.lmem = 0;
      ptxas_items (&parser->ptxas, msg);
      ptxas_emit (parser);
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

static void
ptxas_line (CuoccImportParser *parser, const char *line)
{
  const char *msg;

  if ((msg = find_tool_message (line, "ptxas info")) != NULL)
    ptxas_message (parser, msg, FALSE);
  else if ((msg = find_tool_message (line, "nvlink info")) != NULL)
    ptxas_message (parser, msg, TRUE);
  else if (parser->ptxas_props && strstr (line, "bytes stack frame") != NULL)
    {
      ptxas_items (&parser->ptxas, line);
      parser->ptxas_props = FALSE;
    }
}

/* ---------------------------------------------------------------- cuobjdump */

static void
cuobjdump_figures (CuoccImportParser *parser, const char *text)
{
  CuoccKernel k;
  g_auto (GStrv) words = g_strsplit_set (text, " \t", -1);

  kernel_init (&k);
  k.format = CUOCC_IMPORT_FORMAT_CUOBJDUMP;
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *colon = strrchr (words[i], ':');
      gint64 value;

      if (colon == NULL || !parse_sum_before (words[i], words[i] + strlen (words[i]), &value))
        continue;
      if (g_str_has_prefix (words[i], "REG:"))
        k.regs = clamp_int (value);
      else if (g_str_has_prefix (words[i], "STACK:"))
        k.stack = value;
      else if (g_str_has_prefix (words[i], "SHARED:"))
        k.smem = value;
      else if (g_str_has_prefix (words[i], "LOCAL:"))
        k.lmem = value;
      else if (g_str_has_prefix (words[i], "CONSTANT[0]:"))
        k.cmem = value;
      else if (g_str_has_prefix (words[i], "BARRIERS:") || g_str_has_prefix (words[i], "BAR:"))
        k.barriers = clamp_int (value);
    }
  if (k.regs < 0)
    return;
  kernel_set_name (&k, parser->cuobjdump_function);
  kernel_set_arch (&k, parser->cuobjdump_arch);
  add_kernel (parser, &k);
}

static void
cuobjdump_line (CuoccImportParser *parser, const char *line)
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

/* ---------------------------------------------------------------- Nsight Compute */

/* Splits one CSV line; NULL when it is no CSV row of quoted fields. */
static GPtrArray *
csv_split (const char *line)
{
  g_autoptr (GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
  const char *p = line;

  if (*p != '"')
    return NULL;
  while (*p != '\0')
    {
      GString *field = g_string_new (NULL);

      if (fields->len >= MAX_CSV_FIELDS)
        {
          g_string_free (field, TRUE);
          return NULL;
        }
      if (*p == '"')
        {
          p++;
          for (;;)
            {
              if (*p == '\0')
                {
                  g_string_free (field, TRUE);
                  return NULL;
                }
              if (*p == '"' && p[1] == '"')
                {
                  g_string_append_c (field, '"');
                  p += 2;
                }
              else if (*p == '"')
                {
                  p++;
                  break;
                }
              else
                g_string_append_c (field, *p++);
            }
        }
      else
        {
          while (*p != '\0' && *p != ',')
            g_string_append_c (field, *p++);
        }
      g_ptr_array_add (fields, g_string_free (field, FALSE));
      if (*p == ',')
        p++;
      else if (*p != '\0')
        return NULL;
    }
  return g_steal_pointer (&fields);
}

static const char *
field_at (GPtrArray *fields, int index)
{
  if (index < 0 || (guint) index >= fields->len)
    return NULL;
  return g_ptr_array_index (fields, index);
}

/* "1,234.5" → 1234.5; "n/a" and friends → FALSE. */
static gboolean
parse_ncu_number (const char *text, double *value)
{
  g_autoptr (GString) clean = g_string_new (NULL);
  char *end;
  double v;

  if (text == NULL)
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == ',' && p > text && g_ascii_isdigit (p[-1]) && g_ascii_isdigit (p[1]))
        continue;
      if (clean->len > 64)
        return FALSE;
      g_string_append_c (clean, *p);
    }
  g_strstrip (clean->str);
  if (clean->str[0] == '\0')
    return FALSE;
  v = g_ascii_strtod (clean->str, &end);
  if (*end != '\0' || !isfinite (v) || v < 0 || v > (double) MAX_FIGURE)
    return FALSE;
  *value = v;
  return TRUE;
}

/* The factor that turns a value in unit into bytes; 0 for no size unit. */
static double
unit_to_bytes (const char *unit)
{
  static const struct {
    const char *name;
    double factor;
  } units[] = {
    { "", 1 }, { "byte", 1 }, { "bytes", 1 }, { "b", 1 },
    { "kbyte", 1e3 }, { "kb", 1e3 }, { "mbyte", 1e6 }, { "mb", 1e6 }, { "gbyte", 1e9 }, { "gb", 1e9 },
    { "kibyte", 1024 }, { "kib", 1024 }, { "mibyte", 1048576 }, { "mib", 1048576 },
  };
  g_autofree char *base = NULL;
  const char *slash;

  if (unit == NULL)
    return 1;
  slash = strchr (unit, '/');
  base = g_ascii_strdown (unit, slash != NULL ? slash - unit : -1);
  g_strstrip (base);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (strcmp (base, units[i].name) == 0)
      return units[i].factor;
  return 0;
}

typedef enum {
  F_INT,
  F_BYTES,
  F_COUNT,                         /* gint64 */
  F_PERCENT,                       /* double */
  F_CC_MAJOR,
  F_CC_MINOR,
} FieldKind;

static const struct {
  const char *display;             /* the name in the details page */
  const char *metric;              /* the raw metric */
  FieldKind kind;
  gsize offset;
} ncu_fields[] = {
  { "Registers Per Thread", "launch__registers_per_thread", F_INT, G_STRUCT_OFFSET (CuoccKernel, regs) },
  { "Static Shared Memory Per Block", "launch__shared_mem_per_block_static", F_BYTES, G_STRUCT_OFFSET (CuoccKernel, smem) },
  { "Dynamic Shared Memory Per Block", "launch__shared_mem_per_block_dynamic", F_BYTES, G_STRUCT_OFFSET (CuoccKernel, dynamic_smem) },
  { "Driver Shared Memory Per Block", "launch__shared_mem_per_block_driver", F_BYTES, G_STRUCT_OFFSET (CuoccKernel, driver_smem) },
  { "Shared Memory Configuration Size", "launch__shared_mem_config_size", F_BYTES, G_STRUCT_OFFSET (CuoccKernel, smem_config) },
  { "Block Size", "launch__block_size", F_INT, G_STRUCT_OFFSET (CuoccKernel, block_size) },
  { "Grid Size", "launch__grid_size", F_COUNT, G_STRUCT_OFFSET (CuoccKernel, grid_size) },
  { "# SMs", "launch__sm_count", F_INT, G_STRUCT_OFFSET (CuoccKernel, sm_count) },
  { "Theoretical Occupancy", "sm__maximum_warps_per_active_cycle_pct", F_PERCENT, G_STRUCT_OFFSET (CuoccKernel, theoretical_occupancy) },
  { "Achieved Occupancy", "sm__warps_active.avg.pct_of_peak_sustained_active", F_PERCENT, G_STRUCT_OFFSET (CuoccKernel, achieved_occupancy) },
  { "Theoretical Active Warps per SM", "sm__maximum_warps_avg_per_active_cycle", F_PERCENT, G_STRUCT_OFFSET (CuoccKernel, theoretical_warps) },
  { "Block Limit Registers", "launch__occupancy_limit_registers", F_INT, G_STRUCT_OFFSET (CuoccKernel, block_limit_regs) },
  { "Block Limit Shared Mem", "launch__occupancy_limit_shared_mem", F_INT, G_STRUCT_OFFSET (CuoccKernel, block_limit_smem) },
  { "Block Limit Warps", "launch__occupancy_limit_warps", F_INT, G_STRUCT_OFFSET (CuoccKernel, block_limit_warps) },
  { "Block Limit SM", "launch__occupancy_limit_blocks", F_INT, G_STRUCT_OFFSET (CuoccKernel, block_limit_blocks) },
  { "Block Limit Barriers", "launch__occupancy_limit_barriers", F_INT, G_STRUCT_OFFSET (CuoccKernel, block_limit_barriers) },
  { NULL, "device__attribute_compute_capability_major", F_CC_MAJOR, 0 },
  { NULL, "device__attribute_compute_capability_minor", F_CC_MINOR, 0 },
};

static int
ncu_field_find (const char *name)
{
  if (name == NULL || name[0] == '\0')
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (ncu_fields); i++)
    if ((ncu_fields[i].display != NULL && strcmp (name, ncu_fields[i].display) == 0) ||
        strcmp (name, ncu_fields[i].metric) == 0)
      return (int) i;
  return -1;
}

static void
ncu_set_cc (CuoccKernel *k, int major, int minor)
{
  g_autofree char *arch = NULL;

  if (major <= 0 || major > 99 || minor < 0 || minor > 9)
    return;
  arch = g_strdup_printf ("sm_%d%d", major, minor);
  kernel_set_arch (k, arch);
}

static void
ncu_apply (CuoccKernel *k, int field, const char *unit, const char *text)
{
  char *slot = (char *) k + ncu_fields[field].offset;
  double v;
  double factor;

  if (!parse_ncu_number (text, &v))
    return;
  switch (ncu_fields[field].kind)
    {
    case F_INT:
      *(int *) slot = clamp_int ((gint64) v);
      break;
    case F_COUNT:
      *(gint64 *) slot = (gint64) v;
      break;
    case F_BYTES:
      factor = unit_to_bytes (unit);
      if (factor > 0 && v * factor <= (double) MAX_FIGURE)
        *(gint64 *) slot = (gint64) llround (v * factor);
      break;
    case F_PERCENT:
      *(double *) slot = v;
      break;
    case F_CC_MAJOR:
      ncu_set_cc (k, (int) v, k->cc_minor);
      if (k->arch == NULL)
        k->cc_major = v <= 99 ? (int) v : 0;
      break;
    case F_CC_MINOR:
      ncu_set_cc (k, k->cc_major, (int) v);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* "(384, 1, 1)" or "384" → 384. */
static gint64
parse_dim3 (const char *text)
{
  gint64 product = 1;
  gboolean any = FALSE;

  if (text == NULL)
    return CUOCC_IMPORT_UNKNOWN;
  for (const char *p = text; *p != '\0'; )
    {
      if (g_ascii_isdigit (*p))
        {
          gint64 n = 0;

          for (; g_ascii_isdigit (*p); p++)
            if ((n = n * 10 + (*p - '0')) > MAX_FIGURE)
              return CUOCC_IMPORT_UNKNOWN;
          product *= n;
          if (product > MAX_FIGURE)
            return CUOCC_IMPORT_UNKNOWN;
          any = TRUE;
        }
      else
        p++;
    }
  return any ? product : CUOCC_IMPORT_UNKNOWN;
}

/* Fills what every launch row repeats: the name, CC, block and grid. */
static void
ncu_launch_columns (CuoccImportParser *parser, CuoccKernel *k, GPtrArray *fields)
{
  const char *cc = field_at (fields, parser->ncu_cols[COL_CC]);
  gint64 block = parse_dim3 (field_at (fields, parser->ncu_cols[COL_BLOCK]));
  gint64 grid = parse_dim3 (field_at (fields, parser->ncu_cols[COL_GRID]));
  int major, minor;

  kernel_set_name (k, field_at (fields, parser->ncu_cols[COL_KERNEL]));
  if (cc != NULL && sscanf (cc, "%d.%d", &major, &minor) == 2)
    ncu_set_cc (k, major, minor);
  if (block > 0 && block <= G_MAXINT)
    k->block_size = (int) block;
  if (grid > 0)
    k->grid_size = grid;
}

static void
ncu_header (CuoccImportParser *parser, GPtrArray *fields)
{
  static const char *const names[N_COLS] = {
    "ID", "Kernel Name", "Section Name", "Metric Name", "Metric Unit", "Metric Value", "CC", "Block Size", "Grid Size",
  };
  gboolean any_metric = FALSE;

  for (int c = 0; c < N_COLS; c++)
    parser->ncu_cols[c] = -1;
  for (guint i = 0; i < fields->len; i++)
    for (int c = 0; c < N_COLS; c++)
      if (parser->ncu_cols[c] < 0 && strcmp (g_ptr_array_index (fields, i), names[c]) == 0)
        parser->ncu_cols[c] = (int) i;
  /* The summary page has no "Metric Value", only Minimum, Maximum and Average. */
  if (parser->ncu_cols[COL_VALUE] < 0)
    for (guint i = 0; i < fields->len; i++)
      if (strcmp (g_ptr_array_index (fields, i), "Average") == 0)
        parser->ncu_cols[COL_VALUE] = (int) i;

  g_clear_pointer (&parser->ncu_header, g_ptr_array_unref);
  g_clear_pointer (&parser->ncu_units, g_ptr_array_unref);
  g_hash_table_remove_all (parser->ncu_ids);
  parser->ncu_mode = NCU_NONE;
  if (parser->ncu_cols[COL_METRIC] >= 0 && parser->ncu_cols[COL_VALUE] >= 0)
    {
      parser->ncu_mode = NCU_LONG;
      return;
    }
  for (guint i = 0; i < fields->len; i++)
    any_metric |= ncu_field_find (g_ptr_array_index (fields, i)) >= 0 && (int) i != parser->ncu_cols[COL_BLOCK] &&
                  (int) i != parser->ncu_cols[COL_GRID];
  if (any_metric)
    {
      parser->ncu_mode = NCU_RAW;
      parser->ncu_header = g_ptr_array_ref (fields);
    }
}

static void
ncu_long_row (CuoccImportParser *parser, GPtrArray *fields)
{
  const char *id = field_at (fields, parser->ncu_cols[COL_ID]);
  const char *kernel = field_at (fields, parser->ncu_cols[COL_KERNEL]);
  int field = ncu_field_find (field_at (fields, parser->ncu_cols[COL_METRIC]));
  gpointer slot;
  int index;

  if (kernel == NULL || kernel[0] == '\0')
    return;
  if (id == NULL)
    id = kernel;
  slot = g_hash_table_lookup (parser->ncu_ids, id);
  if (slot == NULL)
    {
      CuoccKernel k;

      kernel_init (&k);
      k.format = CUOCC_IMPORT_FORMAT_NCU_CSV;
      ncu_launch_columns (parser, &k, fields);
      index = add_kernel (parser, &k);
      if (index < 0)
        return;
      g_hash_table_insert (parser->ncu_ids, g_strdup (id), GINT_TO_POINTER (index + 1));
    }
  else
    index = GPOINTER_TO_INT (slot) - 1;
  if (field >= 0)
    ncu_apply (&g_array_index (parser->kernels, CuoccKernel, index), field,
               field_at (fields, parser->ncu_cols[COL_UNIT]), field_at (fields, parser->ncu_cols[COL_VALUE]));
}

static void
ncu_raw_row (CuoccImportParser *parser, GPtrArray *fields)
{
  const char *id = field_at (fields, parser->ncu_cols[COL_ID]);
  const char *kernel = field_at (fields, parser->ncu_cols[COL_KERNEL]);
  CuoccKernel k;

  /* The row after the header gives each column's unit and no launch. */
  if ((id != NULL && id[0] == '\0') || kernel == NULL || kernel[0] == '\0')
    {
      if (parser->ncu_units == NULL)
        parser->ncu_units = g_ptr_array_ref (fields);
      return;
    }
  kernel_init (&k);
  k.format = CUOCC_IMPORT_FORMAT_NCU_RAW;
  ncu_launch_columns (parser, &k, fields);
  for (guint i = 0; i < fields->len && i < parser->ncu_header->len; i++)
    {
      int field = ncu_field_find (g_ptr_array_index (parser->ncu_header, i));
      const char *unit = parser->ncu_units != NULL && i < parser->ncu_units->len
                         ? g_ptr_array_index (parser->ncu_units, i) : NULL;

      if (field >= 0 && (int) i != parser->ncu_cols[COL_BLOCK] && (int) i != parser->ncu_cols[COL_GRID])
        ncu_apply (&k, field, unit, g_ptr_array_index (fields, i));
    }
  add_kernel (parser, &k);
}

static void
ncu_line (CuoccImportParser *parser, const char *line)
{
  g_autoptr (GPtrArray) fields = NULL;
  gboolean is_header;

  if (line[0] != '"')
    return;
  fields = csv_split (line);
  if (fields == NULL)
    return;
  is_header = FALSE;
  for (guint i = 0; i < fields->len && !is_header; i++)
    is_header = strcmp (g_ptr_array_index (fields, i), "Kernel Name") == 0;
  if (is_header)
    ncu_header (parser, fields);
  else if (parser->ncu_mode == NCU_LONG)
    ncu_long_row (parser, fields);
  else if (parser->ncu_mode == NCU_RAW)
    ncu_raw_row (parser, fields);
}

/* ---------------------------------------------------------------- lines */

static void
parse_line (CuoccImportParser *parser, const char *line)
{
  parser->line_no++;
  ptxas_line (parser, line);
  cuobjdump_line (parser, line);
  ncu_line (parser, line);
}

static void
end_line (CuoccImportParser *parser)
{
  if (parser->line_too_long)
    {
      parser->n_skipped_lines++;
      parser->line_no++;
    }
  else
    {
      if (parser->line->len > 0 && parser->line->str[parser->line->len - 1] == '\r')
        g_string_truncate (parser->line, parser->line->len - 1);
      parse_line (parser, parser->line->str);
    }
  g_string_truncate (parser->line, 0);
  parser->line_too_long = FALSE;
}

/* ---------------------------------------------------------------- public API */

const char *
cuocc_import_format_name (CuoccImportFormat format)
{
  switch (format)
    {
    case CUOCC_IMPORT_FORMAT_PTXAS:
      return "ptxas";
    case CUOCC_IMPORT_FORMAT_CUOBJDUMP:
      return "cuobjdump";
    case CUOCC_IMPORT_FORMAT_NCU_CSV:
      return "ncu-csv";
    case CUOCC_IMPORT_FORMAT_NCU_RAW:
      return "ncu-raw";
    case CUOCC_IMPORT_FORMAT_UNKNOWN:
    default:
      return "unknown";
    }
}

CuoccImportParser *
cuocc_import_parser_new (void)
{
  CuoccImportParser *parser = g_new0 (CuoccImportParser, 1);

  parser->line = g_string_sized_new (256);
  parser->kernels = g_array_new (FALSE, FALSE, sizeof (CuoccKernel));
  parser->ncu_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  kernel_init (&parser->ptxas);
  for (int c = 0; c < N_COLS; c++)
    parser->ncu_cols[c] = -1;
  return parser;
}

void
cuocc_import_parser_feed (CuoccImportParser *parser, const char *data, gsize len)
{
  const char *end;

  g_return_if_fail (parser != NULL);
  g_return_if_fail (data != NULL || len == 0);

  end = data + len;
  while (data < end)
    {
      const char *nl = memchr (data, '\n', (gsize) (end - data));
      const char *stop = nl != NULL ? nl : end;
      gsize piece = (gsize) (stop - data);

      if (!parser->line_too_long)
        {
          if (parser->line->len + piece > CUOCC_IMPORT_MAX_LINE)
            {
              parser->line_too_long = TRUE;
              g_string_truncate (parser->line, 0);
            }
          else
            g_string_append_len (parser->line, data, (gssize) piece);
        }
      if (nl == NULL)
        break;
      end_line (parser);
      data = nl + 1;
    }
}

void
cuocc_import_parser_free (CuoccImportParser *parser)
{
  if (parser == NULL)
    return;
  for (guint i = 0; i < parser->kernels->len; i++)
    kernel_clear (&g_array_index (parser->kernels, CuoccKernel, i));
  g_array_unref (parser->kernels);
  g_string_free (parser->line, TRUE);
  kernel_clear (&parser->ptxas);
  g_free (parser->cuobjdump_arch);
  g_free (parser->cuobjdump_function);
  g_clear_pointer (&parser->ncu_header, g_ptr_array_unref);
  g_clear_pointer (&parser->ncu_units, g_ptr_array_unref);
  g_hash_table_unref (parser->ncu_ids);
  g_free (parser);
}

CuoccKernelList *
cuocc_import_parser_finish (CuoccImportParser *owned, GError **error)
{
  g_autoptr (CuoccImportParser) parser = owned;
  CuoccKernelList *list;
  guint kept = 0;

  g_return_val_if_fail (owned != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (parser->line->len > 0 || parser->line_too_long)
    end_line (parser);

  /* A profiler launch without the Launch Statistics section says nothing we can use. */
  for (guint i = 0; i < parser->kernels->len; i++)
    {
      CuoccKernel *k = &g_array_index (parser->kernels, CuoccKernel, i);

      if (k->regs < 0)
        kernel_clear (k);
      else
        g_array_index (parser->kernels, CuoccKernel, kept++) = *k;
    }
  g_array_set_size (parser->kernels, kept);

  if (kept == 0)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                           _("No kernel resource usage found: expected ptxas -v, "
                             "cuobjdump --dump-resource-usage or Nsight Compute CSV output"));
      return NULL;
    }

  list = g_new0 (CuoccKernelList, 1);
  list->n_kernels = kept;
  list->kernels = (CuoccKernel *) (gpointer) g_array_free (g_steal_pointer (&parser->kernels), FALSE);
  list->format = list->kernels[0].format;
  list->truncated = parser->truncated;
  list->n_skipped_lines = parser->n_skipped_lines;
  parser->kernels = g_array_new (FALSE, FALSE, sizeof (CuoccKernel));
  return list;
}

CuoccKernelList *
cuocc_import_parse (const char *data, gsize len, GError **error)
{
  CuoccImportParser *parser;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  parser = cuocc_import_parser_new ();
  cuocc_import_parser_feed (parser, data, len);
  return cuocc_import_parser_finish (parser, error);
}

CuoccKernelList *
cuocc_import_parse_file (const char *path, GError **error)
{
  g_autoptr (CuoccImportParser) parser = NULL;
  g_autofree char *buffer = NULL;
  FILE *file;
  gsize n;

  g_return_val_if_fail (path != NULL, NULL);

  file = fopen (path, "rb");
  if (file == NULL)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not open “%s”: %s"), display, g_strerror (saved));
      return NULL;
    }
  parser = cuocc_import_parser_new ();
  buffer = g_malloc (64 * 1024);
  while ((n = fread (buffer, 1, 64 * 1024, file)) > 0)
    cuocc_import_parser_feed (parser, buffer, n);
  if (ferror (file))
    {
      g_autofree char *display = g_filename_display_name (path);

      fclose (file);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("Could not read “%s”"), display);
      return NULL;
    }
  fclose (file);
  return cuocc_import_parser_finish (g_steal_pointer (&parser), error);
}

void
cuocc_kernel_list_free (CuoccKernelList *list)
{
  if (list == NULL)
    return;
  for (guint i = 0; i < list->n_kernels; i++)
    kernel_clear (&list->kernels[i]);
  g_free (list->kernels);
  g_free (list);
}
