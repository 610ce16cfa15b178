/* cuocc-import-ncu.c — kernels from Nsight Compute CSV exports
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cuocc-import-private.h"

#define MAX_CSV_FIELDS 16384

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

typedef struct {
  NcuMode mode;
  int cols[N_COLS];                /* -1 when absent */
  GPtrArray *header;               /* raw: the metric of each column */
  GPtrArray *units;                /* raw: the unit of each column, from the unit row */
  GHashTable *ids;                 /* launch ID → index in the parser's kernels + 1 */
} Ncu;

/* ----- Nsight Compute ----- */

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
  _cuocc_import_kernel_set_arch (k, arch);
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
      *(int *) slot = _cuocc_import_clamp_int ((gint64) v);
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
      ncu_set_cc (k, v <= 99 ? (int) v : 0, k->cc_minor);
      if (k->arch == NULL)
        k->cc_major = v <= 99 ? (int) v : 0;
      break;
    case F_CC_MINOR:
      ncu_set_cc (k, k->cc_major, v <= 9 ? (int) v : -1);
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
          if (n > 0 && product > MAX_FIGURE / n)
            return CUOCC_IMPORT_UNKNOWN;
          product *= n;
          any = TRUE;
        }
      else
        p++;
    }
  return any ? product : CUOCC_IMPORT_UNKNOWN;
}

/* Fills what every launch row repeats: the name, CC, block and grid. */
static void
ncu_launch_columns (const Ncu *ncu, CuoccKernel *k, GPtrArray *fields)
{
  const char *cc = field_at (fields, ncu->cols[COL_CC]);
  gint64 block = parse_dim3 (field_at (fields, ncu->cols[COL_BLOCK]));
  gint64 grid = parse_dim3 (field_at (fields, ncu->cols[COL_GRID]));

  _cuocc_import_kernel_set_name (k, field_at (fields, ncu->cols[COL_KERNEL]));
  if (cc != NULL && g_ascii_isdigit (cc[0]))
    {
      char *end;
      guint64 major = g_ascii_strtoull (cc, &end, 10);

      if (*end == '.' && g_ascii_isdigit (end[1]) && end[2] == '\0' && major <= 99)
        ncu_set_cc (k, (int) major, end[1] - '0');
    }
  if (block > 0 && block <= G_MAXINT)
    k->block_size = (int) block;
  if (grid > 0)
    k->grid_size = grid;
}

static void
ncu_header (Ncu *ncu, GPtrArray *fields)
{
  static const char *const names[N_COLS] = {
    "ID", "Kernel Name", "Section Name", "Metric Name", "Metric Unit", "Metric Value", "CC", "Block Size", "Grid Size",
  };
  gboolean any_metric = FALSE;

  for (int c = 0; c < N_COLS; c++)
    ncu->cols[c] = -1;
  for (guint i = 0; i < fields->len; i++)
    for (int c = 0; c < N_COLS; c++)
      if (ncu->cols[c] < 0 && strcmp (g_ptr_array_index (fields, i), names[c]) == 0)
        ncu->cols[c] = (int) i;
  /* The summary page has no "Metric Value", only Minimum, Maximum and Average. */
  if (ncu->cols[COL_VALUE] < 0)
    for (guint i = 0; i < fields->len; i++)
      if (strcmp (g_ptr_array_index (fields, i), "Average") == 0)
        ncu->cols[COL_VALUE] = (int) i;

  g_clear_pointer (&ncu->header, g_ptr_array_unref);
  g_clear_pointer (&ncu->units, g_ptr_array_unref);
  g_hash_table_remove_all (ncu->ids);
  ncu->mode = NCU_NONE;
  if (ncu->cols[COL_METRIC] >= 0 && ncu->cols[COL_VALUE] >= 0)
    {
      ncu->mode = NCU_LONG;
      return;
    }
  for (guint i = 0; i < fields->len; i++)
    any_metric |= ncu_field_find (g_ptr_array_index (fields, i)) >= 0 && (int) i != ncu->cols[COL_BLOCK] &&
                  (int) i != ncu->cols[COL_GRID];
  if (any_metric)
    {
      ncu->mode = NCU_RAW;
      ncu->header = g_ptr_array_ref (fields);
    }
}

static void
ncu_long_row (CuoccImportParser *parser, Ncu *ncu, GPtrArray *fields)
{
  const char *id = field_at (fields, ncu->cols[COL_ID]);
  const char *kernel = field_at (fields, ncu->cols[COL_KERNEL]);
  int field = ncu_field_find (field_at (fields, ncu->cols[COL_METRIC]));
  gpointer slot;
  int index;

  if (kernel == NULL || kernel[0] == '\0')
    return;
  if (id == NULL)
    id = kernel;
  slot = g_hash_table_lookup (ncu->ids, id);
  if (slot == NULL)
    {
      CuoccKernel k;

      _cuocc_import_kernel_init (&k);
      k.format = CUOCC_IMPORT_FORMAT_NCU_CSV;
      ncu_launch_columns (ncu, &k, fields);
      index = _cuocc_import_add_kernel (parser, &k);
      if (index < 0)
        return;
      g_hash_table_insert (ncu->ids, g_strdup (id), GINT_TO_POINTER (index + 1));
    }
  else
    index = GPOINTER_TO_INT (slot) - 1;
  if (field >= 0)
    ncu_apply (&g_array_index (parser->kernels, CuoccKernel, index), field,
               field_at (fields, ncu->cols[COL_UNIT]), field_at (fields, ncu->cols[COL_VALUE]));
}

static void
ncu_raw_row (CuoccImportParser *parser, Ncu *ncu, GPtrArray *fields)
{
  const char *id = field_at (fields, ncu->cols[COL_ID]);
  const char *kernel = field_at (fields, ncu->cols[COL_KERNEL]);
  CuoccKernel k;

  /* The row after the header gives each column's unit and no launch. */
  if ((id != NULL && id[0] == '\0') || kernel == NULL || kernel[0] == '\0')
    {
      if (ncu->units == NULL)
        ncu->units = g_ptr_array_ref (fields);
      return;
    }
  _cuocc_import_kernel_init (&k);
  k.format = CUOCC_IMPORT_FORMAT_NCU_RAW;
  ncu_launch_columns (ncu, &k, fields);
  for (guint i = 0; i < fields->len && i < ncu->header->len; i++)
    {
      int field = ncu_field_find (g_ptr_array_index (ncu->header, i));
      const char *unit = ncu->units != NULL && i < ncu->units->len
                         ? g_ptr_array_index (ncu->units, i) : NULL;

      if (field >= 0 && (int) i != ncu->cols[COL_BLOCK] && (int) i != ncu->cols[COL_GRID])
        ncu_apply (&k, field, unit, g_ptr_array_index (fields, i));
    }
  _cuocc_import_add_kernel (parser, &k);
}

static void
ncu_line (CuoccImportParser *parser, gpointer state, const char *line)
{
  Ncu *ncu = state;
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
    ncu_header (ncu, fields);
  else if (ncu->mode == NCU_LONG)
    ncu_long_row (parser, ncu, fields);
  else if (ncu->mode == NCU_RAW)
    ncu_raw_row (parser, ncu, fields);
}

/* ----- the reader ----- */

static gpointer
ncu_new (void)
{
  Ncu *ncu = g_new0 (Ncu, 1);

  for (int c = 0; c < N_COLS; c++)
    ncu->cols[c] = -1;
  ncu->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return ncu;
}

static void
ncu_free (gpointer state)
{
  Ncu *ncu = state;

  g_clear_pointer (&ncu->header, g_ptr_array_unref);
  g_clear_pointer (&ncu->units, g_ptr_array_unref);
  g_hash_table_unref (ncu->ids);
  g_free (ncu);
}

/* A header: which page the export is. */
static CuoccImportFormat
ncu_seen (gconstpointer state)
{
  const Ncu *ncu = state;

  switch (ncu->mode)
    {
    case NCU_LONG:
      return CUOCC_IMPORT_FORMAT_NCU_CSV;
    case NCU_RAW:
      return CUOCC_IMPORT_FORMAT_NCU_RAW;
    case NCU_NONE:
    default:
      return CUOCC_IMPORT_FORMAT_UNKNOWN;
    }
}

/* A launch without the Launch Statistics section says nothing we can use. */
static void
ncu_finish (CuoccImportParser *parser, gpointer state)
{
  guint kept = 0;

  (void) state;
  for (guint i = 0; i < parser->kernels->len; i++)
    {
      CuoccKernel *k = &g_array_index (parser->kernels, CuoccKernel, i);

      /* Only the profile's own rows: a ptxas log in the same text keeps its. */
      if (k->regs < 0 && (k->format == CUOCC_IMPORT_FORMAT_NCU_CSV || k->format == CUOCC_IMPORT_FORMAT_NCU_RAW))
        _cuocc_import_kernel_clear (k);
      else
        g_array_index (parser->kernels, CuoccKernel, kept++) = *k;
    }
  g_array_set_size (parser->kernels, kept);
}

const ImportReader _cuocc_import_ncu_reader = {
  .state_new = ncu_new,
  .state_free = ncu_free,
  .line = ncu_line,
  .seen = ncu_seen,
  .finish = ncu_finish,
};
