/* cuocc-kernel-columns.c — the kernels table's columns: what each cell
 * shows of an entry, as text, and how each column sorts. The row model
 * (cuocc-kernel-rows.c) sorts by these keys; the table
 * (cuocc-kernels-table.c) shows these texts in its cells' widgets.
 * Adding a column: its line in the table below, its case in
 * cuocc_kernel_column_text () and column_number (), and its place in the
 * table's order (cuocc-kernels-table.c's shown_order).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernel-columns.h"

/* What a cell gives Pango of a kernel's name, its start and its end: more
 * than the cell's lines hold at the widest sidebar (KERNEL_LINES lines of
 * some 60 characters), so that the cut, if any, is Pango's ellipsis in the
 * middle of the last line; less than what Pango lays out slowly (the names
 * of real libraries' templates run to 40,000 characters demangled). */
#define LIST_NAME_MAX_CHARS 400

static const struct {
  const char *id;
  const char *title;
  gboolean numeric;
} columns[N_TABLE_COLUMNS] = {
  [TABLE_KERNEL] = { "kernel", N_("Kernel"), FALSE },
  [TABLE_ARCH] = { "arch", N_("Arch"), FALSE },
  [TABLE_REGS] = { "regs", N_("Regs"), TRUE },
  [TABLE_SMEM] = { "smem", N_("Shared"), TRUE },
  [TABLE_STACK] = { "stack", N_("Stack"), TRUE },
  [TABLE_THREADS] = { "threads", N_("Block"), TRUE },
  [TABLE_BLOCKS] = { "blocks", N_("Blocks/SM"), TRUE },
  [TABLE_OCCUPANCY] = { "occupancy", N_("Occupancy"), TRUE },
  [TABLE_LIMITER] = { "limiter", N_("Limiter"), FALSE },
  [TABLE_LOADED] = { "loaded", N_("Loaded"), FALSE },
  [TABLE_CHANGED] = { "changed", N_("Changed"), FALSE },
  /* Shown while GPUs are compared (cuocc-kernels-panel-gpus.c), a GPU's
   * column titled with its name. */
  [TABLE_DIFFERENCE] = { "difference", N_("Difference"), TRUE },
  [TABLE_GPU_FIRST] = { "gpu0", NULL, FALSE }, { "gpu1", NULL, FALSE }, { "gpu2", NULL, FALSE },
  { "gpu3", NULL, FALSE }, { "gpu4", NULL, FALSE }, { "gpu5", NULL, FALSE }, { "gpu6", NULL, FALSE },
  { "gpu7", NULL, FALSE },
};

G_STATIC_ASSERT (TABLE_GPU_FIRST + CUOCC_COMPARE_MAX_GPUS == N_TABLE_COLUMNS);
G_STATIC_ASSERT (CUOCC_COMPARE_MAX_GPUS == 8);

/* The column's id ("kernel", "occupancy" …), its title (translated;
 * NULL for a GPU's, titled with its name) and whether it shows figures. */
const char *
cuocc_kernel_column_id (CuoccKernelColumn column)
{
  g_return_val_if_fail (column < N_TABLE_COLUMNS, NULL);

  return columns[column].id;
}

const char *
cuocc_kernel_column_title (CuoccKernelColumn column)
{
  g_return_val_if_fail (column < N_TABLE_COLUMNS, NULL);

  return columns[column].title != NULL ? _(columns[column].title) : NULL;
}

gboolean
cuocc_kernel_column_is_numeric (CuoccKernelColumn column)
{
  g_return_val_if_fail (column < N_TABLE_COLUMNS, FALSE);

  return columns[column].numeric;
}

/* ----- cells ----- */

static char *
known_count (gint64 value)
{
  return value >= 0 ? cuocc_format_count (value) : g_strdup ("–");
}

static char *
known_bytes (gint64 value)
{
  return value >= 0 ? cuocc_format_bytes (value) : g_strdup ("–");
}

char *
cuocc_kernel_column_text (CuoccKernelItem   *item,
                          CuoccKernelColumn  column)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);
  CuoccKernelChange change;

  switch (column)
    {
    case TABLE_KERNEL:
      return cuocc_format_capped_middle (cuocc_kernel_item_get_short_name (item), LIST_NAME_MAX_CHARS);
    case TABLE_ARCH:
      return g_strdup (k->arch ? k->arch : "–");
    case TABLE_REGS:
      return known_count (k->regs);
    case TABLE_SMEM:
      return k->smem < 0 && k->dynamic_smem < 0 ? g_strdup ("–")
             : known_bytes (MAX (k->smem, 0) + MAX (k->dynamic_smem, 0));
    case TABLE_STACK:
      return known_bytes (k->stack);
    case TABLE_THREADS:
      return ev->threads > 0 ? cuocc_format_count (ev->threads) : g_strdup ("–");
    case TABLE_BLOCKS:
      return ev->occupancy >= 0 ? cuocc_format_count (ev->blocks) : g_strdup ("–");
    case TABLE_OCCUPANCY:
      return ev->occupancy >= 0 ? cuocc_format_percent (ev->occupancy) : g_strdup ("–");
    case TABLE_LIMITER:
      if (ev->occupancy >= 0)
        return cuocc_format_limiters (ev->limiters);
      /* A PTX entry that loads: where ptxas is with it (the tooltip says why it failed). */
      if (k->code == CUOCC_CODE_PTX && k->loaded == CUOCC_LOAD_YES && k->regs < 0)
        return g_strdup (cuocc_kernel_item_get_ptx_pending (item) ? _("assembling…")
                         : k->ptx_problem != NULL ? _("ptxas failed") : _("PTX"));
      return g_strdup ("");
    case TABLE_LOADED:
      return g_strdup (k->loaded == CUOCC_LOAD_YES ? _("loads")
                       : k->loaded == CUOCC_LOAD_OTHER ? _("another entry")
                       : k->loaded == CUOCC_LOAD_NONE ? _("cannot run") : "");
    case TABLE_DIFFERENCE:
      {
        char *first, *second;

        cuocc_kernel_column_gpu_texts (item, column, &first, &second, NULL);
        g_free (second);
        return first;
      }
    case TABLE_CHANGED:
      change = cuocc_kernel_item_get_change (item, NULL);
      if (change == CUOCC_KERNEL_ADDED)
        return g_strdup (_("new"));
      if (change != CUOCC_KERNEL_CHANGED)
        return g_strdup ("");
      if (ev->before >= 0 && ev->occupancy >= 0)
        {
          g_autofree char *before = cuocc_format_percent (ev->before);
          g_autofree char *after = cuocc_format_percent (ev->occupancy);

          /* Translators: the occupancy in the compared (old) build and in this one, e.g. "50 % → 25 %" */
          return g_strdup_printf (_("%s → %s"), before, after);
        }
      return g_strdup (_("changed"));
    case N_TABLE_COLUMNS:
    default:
      {
        /* A GPU's column: its two lines. */
        char *first, *second;
        char *text;

        g_assert (column >= TABLE_GPU_FIRST && column < N_TABLE_COLUMNS);
        cuocc_kernel_column_gpu_texts (item, column, &first, &second, NULL);
        text = second != NULL ? g_strconcat (first, "\n", second, NULL) : g_strdup (first);
        g_free (first);
        g_free (second);
        return text;
      }
    }
}

/* A cell of the comparison's columns: its figure for sorting, and whether
 * it is not known. */
static double
gpus_number (CuoccKernelItem   *item,
             CuoccKernelColumn  column,
             gboolean          *unknown)
{
  guint kernel;
  CuoccGpuComparison *gpus = cuocc_kernel_item_get_gpus (item, &kernel, NULL);
  guint g = column - TABLE_GPU_FIRST;
  double value;

  *unknown = TRUE;
  if (gpus == NULL || cuocc_gpu_comparison_is_stale (gpus))
    return 0;
  if (column == TABLE_DIFFERENCE)
    value = cuocc_gpu_comparison_get_difference (gpus, kernel);
  else if (g < cuocc_gpu_comparison_get_n_gpus (gpus))
    value = cuocc_gpu_comparison_get_cell (gpus, kernel, g)->occupancy;
  else
    return 0;
  *unknown = value < 0;
  return value;
}

/* What a cell of the comparison's columns shows: the difference, or a
 * GPU's two lines (and a tooltip). */
void
cuocc_kernel_column_gpu_texts (CuoccKernelItem    *item,
                               CuoccKernelColumn   column,
                               char              **first,
                               char              **second,
                               char              **tooltip)
{
  guint kernel;
  CuoccGpuComparison *gpus = cuocc_kernel_item_get_gpus (item, &kernel, NULL);
  guint g = column - TABLE_GPU_FIRST;

  *second = NULL;
  if (tooltip != NULL)
    *tooltip = NULL;
  if (gpus == NULL || cuocc_gpu_comparison_is_stale (gpus) ||
      (column != TABLE_DIFFERENCE && g >= cuocc_gpu_comparison_get_n_gpus (gpus)))
    {
      *first = g_strdup ("…");
      return;
    }
  if (column == TABLE_DIFFERENCE)
    {
      double difference = cuocc_gpu_comparison_get_difference (gpus, kernel);

      *first = difference >= 0 ? cuocc_format_points (difference) : g_strdup ("–");
      return;
    }
  cuocc_gpu_cell_texts (cuocc_gpu_comparison_get_cell (gpus, kernel, g), cuocc_gpu_comparison_get_gpu (gpus, g),
                        first, second, tooltip);
}

/* ----- sorting ----- */

static int
compare_numbers (double a,
                 double b)
{
  return a < b ? -1 : a > b ? 1 : 0;
}

/* The row's figure in a numeric column, and whether it is not known ("–":
 * a PTX entry's registers before JIT, an entry that cannot run here, a log
 * without the figure). One call a row and comparison: sorting 60,000 rows
 * makes about a million. */
static double
column_number (CuoccKernelItem   *item,
               CuoccKernelColumn  column,
               gboolean          *unknown)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);

  *unknown = FALSE;
  switch (column)
    {
    case TABLE_REGS: *unknown = k->regs < 0; return k->regs;
    case TABLE_SMEM:
      *unknown = k->smem < 0 && k->dynamic_smem < 0;
      return *unknown ? -1 : (double) (MAX (k->smem, 0) + MAX (k->dynamic_smem, 0));
    case TABLE_STACK: *unknown = k->stack < 0; return (double) k->stack;
    case TABLE_THREADS: *unknown = ev->threads <= 0; return ev->threads;
    case TABLE_BLOCKS: *unknown = ev->occupancy < 0; return ev->blocks;
    case TABLE_OCCUPANCY: *unknown = ev->occupancy < 0; return ev->occupancy;
    case TABLE_LIMITER:
      /* A PTX entry that loads reads where ptxas is with it ("PTX",
       * "assembling…", "ptxas failed"): each a run of its own, after every
       * limiter, so that rows reading the same sort together. */
      if (ev->occupancy < 0 && k->code == CUOCC_CODE_PTX && k->loaded == CUOCC_LOAD_YES && k->regs < 0)
        return (double) (1u << 20) + (cuocc_kernel_item_get_ptx_pending (item) ? 1 : k->ptx_problem != NULL ? 2 : 0);
      *unknown = ev->occupancy < 0;
      return (double) ev->limiters;
    case TABLE_LOADED: return k->loaded == CUOCC_LOAD_YES ? 0 : k->loaded == CUOCC_LOAD_UNKNOWN ? 1
                              : k->loaded == CUOCC_LOAD_OTHER ? 2 : 3;
    case TABLE_CHANGED:
      {
        CuoccKernelChange change = cuocc_kernel_item_get_change (item, NULL);

        if (change == CUOCC_KERNEL_CHANGED)
          return ev->before >= 0 && ev->occupancy >= 0 ? ev->occupancy - ev->before : 2;
        return change == CUOCC_KERNEL_ADDED ? 3 : 4;
      }
    case TABLE_DIFFERENCE:
      return gpus_number (item, column, unknown);
    case TABLE_KERNEL:
    case TABLE_ARCH:
    case N_TABLE_COLUMNS:
    default:
      g_assert (column >= TABLE_GPU_FIRST && column < N_TABLE_COLUMNS);
      return gpus_number (item, column, unknown);
    }
}

/* What the row sorts by in the column. */
void
cuocc_kernel_column_key (CuoccKernelItem   *item,
                         CuoccKernelColumn  column,
                         CuoccRowKey       *key)
{
  const CuoccKernel *k;

  key->unknown = FALSE;
  key->number = 0;
  key->text = NULL;
  switch (column)
    {
    case TABLE_KERNEL:
      key->text = cuocc_kernel_item_get_short_name (item);
      break;
    case TABLE_ARCH:
      /* sm_120 after sm_90: by compute capability. */
      k = cuocc_kernel_item_get_kernel (item);
      key->number = k->cc_major * 1000.0 + k->cc_minor;
      key->text = k->arch;
      break;
    default:
      key->number = column_number (item, column, &key->unknown);
      break;
    }
}

/* Two rows' keys in one column, both with the figure. */
int
cuocc_kernel_column_compare_keys (const CuoccRowKey *a,
                                  const CuoccRowKey *b)
{
  int order = compare_numbers (a->number, b->number);

  return order != 0 ? order : g_strcmp0 (a->text, b->text);
}

/* How two rows compare in a column, ascending: what is not known goes
 * after every figure. */
int
cuocc_kernel_column_compare (CuoccKernelItem   *a,
                             CuoccKernelItem   *b,
                             CuoccKernelColumn  column)
{
  CuoccRowKey ka, kb;

  cuocc_kernel_column_key (a, column, &ka);
  cuocc_kernel_column_key (b, column, &kb);
  if (ka.unknown || kb.unknown)
    return ka.unknown - kb.unknown;
  return cuocc_kernel_column_compare_keys (&ka, &kb);
}

