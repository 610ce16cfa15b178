/* cuocc-kernel-columns.c — the kernels table's columns: one table,
 * columns[], a line a column in the order the table shows them, says each
 * one's id, title, cells, text and sort key. The row model
 * (cuocc-kernel-rows.c) sorts by these keys; the table
 * (cuocc-kernels-table.c) makes a column of each line and shows these
 * texts in its cells' widgets. A figure of the CuoccKernel needs no
 * functions of its own: KERNEL_COUNT () or KERNEL_BYTES () names its field.
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

typedef struct _Column Column;

/* How a figure reads. */
typedef enum { COUNT, BYTES, PERCENT } Format;

struct _Column {
  const char *id;                  /* the views' and the tests' name for it: never changes */
  const char *title;               /* N_(); NULL: titled with its GPU's name */
  CuoccKernelColumnFlags flags;
  CuoccKernelCellKind cell;
  /* What a cell reads, and what a row sorts by (the key cleared before);
   * NULL for a figure's column, which has figure () and format. */
  char *(*text) (CuoccKernelItem *item, const Column *c);
  void (*key) (CuoccKernelItem *item, const Column *c, CuoccRowKey *key);
  /* The cell's CSS class and tooltip, or NULL. */
  const char *(*style) (CuoccKernelItem *item, const char **tooltip);
  /* A figure, below 0 where it is not known ("–", sorted last), and how it reads. */
  double (*figure) (CuoccKernelItem *item, const Column *c);
  Format format;
  glong offset;                    /* KERNEL_COUNT (), KERNEL_BYTES (): the field, an int or a gint64 */
  gsize size;
  int gpu;                         /* a GPU's column: which; -1: the difference */
};

/* ----- cells ----- */

/* A figure of KERNEL_COUNT () or KERNEL_BYTES (): an int or a gint64. */
static double
kernel_figure (CuoccKernelItem *item,
               const Column    *c)
{
  gconstpointer k = cuocc_kernel_item_get_kernel (item);

  g_assert (c->size == sizeof (int) || c->size == sizeof (gint64));
  return c->size == sizeof (int) ? G_STRUCT_MEMBER (int, k, c->offset)
                                  : G_STRUCT_MEMBER (gint64, k, c->offset);
}

/* The static and the dynamic shared memory together. */
static double
smem_figure (CuoccKernelItem *item, const Column *c)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

  return k->smem < 0 && k->dynamic_smem < 0 ? -1 : MAX (k->smem, 0) + MAX (k->dynamic_smem, 0);
}

/* What the rows were worked out for: the block size, the blocks an SM
 * holds, the occupancy. */
static double
threads_figure (CuoccKernelItem *item, const Column *c)
{
  int threads = cuocc_kernel_item_get_eval (item)->threads;

  return threads > 0 ? threads : -1;
}

static double
blocks_figure (CuoccKernelItem *item, const Column *c)
{
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);

  return ev->occupancy >= 0 ? ev->blocks : -1;
}

static double
occupancy_figure (CuoccKernelItem *item, const Column *c)
{
  return cuocc_kernel_item_get_eval (item)->occupancy;
}

static char *
figure_text (CuoccKernelItem *item, const Column *c)
{
  double value = c->figure (item, c);

  if (value < 0)
    return g_strdup ("–");
  return c->format == PERCENT ? cuocc_format_percent (value)
         : c->format == BYTES ? cuocc_format_bytes ((gint64) value) : cuocc_format_count ((gint64) value);
}

static char *
kernel_text (CuoccKernelItem *item, const Column *c)
{
  return cuocc_format_capped_middle (cuocc_kernel_item_get_short_name (item), LIST_NAME_MAX_CHARS);
}

static char *
arch_text (CuoccKernelItem *item, const Column *c)
{
  const char *arch = cuocc_kernel_item_get_kernel (item)->arch;

  return g_strdup (arch ? arch : "–");
}

/* A PTX entry that loads, without figures: where ptxas is with it. */
static gboolean
ptx_waits (const CuoccKernel *k)
{
  return k->code == CUOCC_CODE_PTX && k->loaded == CUOCC_LOAD_YES && k->regs < 0;
}

static char *
limiter_text (CuoccKernelItem *item, const Column *c)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);

  if (ev->occupancy >= 0)
    return cuocc_format_limiters (ev->limiters);
  /* The tooltip says why ptxas failed. */
  if (ptx_waits (k))
    return g_strdup (cuocc_kernel_item_get_ptx_pending (item) ? _("assembling…")
                     : k->ptx_problem != NULL ? _("ptxas failed") : _("PTX"));
  return g_strdup ("");
}

static char *
loaded_text (CuoccKernelItem *item, const Column *c)
{
  CuoccLoad loaded = cuocc_kernel_item_get_kernel (item)->loaded;

  return g_strdup (loaded == CUOCC_LOAD_YES ? _("loads")
                   : loaded == CUOCC_LOAD_OTHER ? _("another entry")
                   : loaded == CUOCC_LOAD_NONE ? _("cannot run") : "");
}

static char *
changed_text (CuoccKernelItem *item, const Column *c)
{
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);
  CuoccKernelChange change = cuocc_kernel_item_get_change (item, NULL);

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
}

static const char *
kernel_style (CuoccKernelItem *item, const char **tooltip)
{
  return cuocc_kernel_item_has_spills (item) ? "warning" : NULL;
}

static const char *
limiter_style (CuoccKernelItem *item, const char **tooltip)
{
  *tooltip = cuocc_kernel_item_get_kernel (item)->ptx_problem;
  return NULL;
}

static const char *
loaded_style (CuoccKernelItem *item, const char **tooltip)
{
  return cuocc_kernel_item_get_kernel (item)->loaded == CUOCC_LOAD_YES ? "success" : "dim-label";
}

static const char *
changed_style (CuoccKernelItem *item, const char **tooltip)
{
  return "accent";
}

/* The comparison of GPUs a row has, and the row's entry in it, where it
 * is current and holds the column's GPU (g; -1: the difference); else
 * NULL. */
static CuoccGpuComparison *
compared (CuoccKernelItem *item,
          int              g,
          guint           *kernel)
{
  CuoccGpuComparison *gpus = cuocc_kernel_item_get_gpus (item, kernel, NULL);

  if (gpus == NULL || cuocc_gpu_comparison_is_stale (gpus) ||
      (g >= 0 && (guint) g >= cuocc_gpu_comparison_get_n_gpus (gpus)))
    return NULL;
  return gpus;
}

/* What a cell of the comparison's columns shows: the difference, or a
 * GPU's two lines (and a tooltip); "error" where the kernel cannot launch
 * there, else NULL. */
static const char *
gpu_texts (CuoccKernelItem  *item,
           const Column     *c,
           char            **first,
           char            **second,
           char            **tooltip)
{
  guint kernel;
  int g = c->gpu;
  CuoccGpuComparison *gpus = compared (item, g, &kernel);
  const CuoccGpuCell *cell;

  *second = NULL;
  if (tooltip != NULL)
    *tooltip = NULL;
  if (gpus == NULL)
    {
      *first = g_strdup ("…");
      return NULL;
    }
  if (g < 0)
    {
      double difference = cuocc_gpu_comparison_get_difference (gpus, kernel);

      *first = difference >= 0 ? cuocc_format_points (difference) : g_strdup ("–");
      return NULL;
    }
  cell = cuocc_gpu_comparison_get_cell (gpus, kernel, g);
  cuocc_gpu_cell_texts (cell, cuocc_gpu_comparison_get_gpu (gpus, g), first, second, tooltip);
  return cell->launchable != CUOCC_IMPORT_LAUNCHES && cell->launchable != CUOCC_IMPORT_LAUNCH_UNKNOWN
         ? "error" : NULL;
}

/* The difference, or a GPU's two lines on one. */
static char *
gpus_text (CuoccKernelItem *item, const Column *c)
{
  char *first, *second, *text;

  gpu_texts (item, c, &first, &second, NULL);
  if (second == NULL)
    return first;
  text = g_strconcat (first, "\n", second, NULL);
  g_free (first);
  g_free (second);
  return text;
}

/* ----- sorting ----- */

/* What a row sorts by, read once a row as the filter passes it: whether
 * the figure is not known ("–": a PTX entry's registers before JIT, an
 * entry that cannot run here, a log without the figure), the figure, the
 * text. */

static void
figure_key (CuoccKernelItem *item, const Column *c, CuoccRowKey *key)
{
  key->number = c->figure (item, c);
  key->unknown = key->number < 0;
}

static void
kernel_key (CuoccKernelItem *item, const Column *c, CuoccRowKey *key)
{
  key->text = cuocc_kernel_item_get_short_name (item);
}

/* sm_120 after sm_90: by compute capability. */
static void
arch_key (CuoccKernelItem *item, const Column *c, CuoccRowKey *key)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

  key->number = k->cc_major * 1000.0 + k->cc_minor;
  key->text = k->arch;
}

/* A PTX entry that loads reads where ptxas is with it ("PTX",
 * "assembling…", "ptxas failed"): each a run of its own, after every
 * limiter, so that rows reading the same sort together. */
static void
limiter_key (CuoccKernelItem *item, const Column *c, CuoccRowKey *key)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);

  if (ev->occupancy < 0 && ptx_waits (k))
    key->number = (double) (1u << 20) + (cuocc_kernel_item_get_ptx_pending (item) ? 1
                                         : k->ptx_problem != NULL ? 2 : 0);
  else
    {
      key->number = ev->limiters;
      key->unknown = ev->occupancy < 0;
    }
}

static void
loaded_key (CuoccKernelItem *item, const Column *c, CuoccRowKey *key)
{
  CuoccLoad loaded = cuocc_kernel_item_get_kernel (item)->loaded;

  key->number = loaded == CUOCC_LOAD_YES ? 0 : loaded == CUOCC_LOAD_UNKNOWN ? 1
                : loaded == CUOCC_LOAD_OTHER ? 2 : 3;
}

static void
changed_key (CuoccKernelItem *item, const Column *c, CuoccRowKey *key)
{
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);
  CuoccKernelChange change = cuocc_kernel_item_get_change (item, NULL);

  if (change == CUOCC_KERNEL_CHANGED)
    key->number = ev->before >= 0 && ev->occupancy >= 0 ? ev->occupancy - ev->before : 2;
  else
    key->number = change == CUOCC_KERNEL_ADDED ? 3 : 4;
}

/* The difference, or the occupancy on a GPU. */
static void
gpus_key (CuoccKernelItem *item, const Column *c, CuoccRowKey *key)
{
  guint kernel;
  CuoccGpuComparison *gpus = compared (item, c->gpu, &kernel);

  if (gpus == NULL)
    key->unknown = TRUE;
  else
    {
      key->number = c->gpu < 0 ? cuocc_gpu_comparison_get_difference (gpus, kernel)
                    : cuocc_gpu_comparison_get_cell (gpus, kernel, c->gpu)->occupancy;
      key->unknown = key->number < 0;
    }
}

/* ----- the table ----- */

/* The table's words for the flags and the cells. */
#define NUMERIC CUOCC_KERNEL_COLUMN_NUMERIC
#define BUILD CUOCC_KERNEL_COLUMN_BUILD
#define GPUS CUOCC_KERNEL_COLUMN_GPUS
#define LABEL CUOCC_KERNEL_CELL_LABEL
#define NAME CUOCC_KERNEL_CELL_NAME
#define WORDS CUOCC_KERNEL_CELL_WORDS

/* A figure that a function gives, "–" where it is below 0. */
#define FIGURE(id, title, function, how) { id, title, NUMERIC, LABEL, .figure = function, .format = how }
/* A figure of the CuoccKernel (an int or a gint64 field), as a count or bytes. */
#define KERNEL_FIGURE(field, how) \
  .figure = kernel_figure, .format = how, .offset = G_STRUCT_OFFSET (CuoccKernel, field), \
  .size = sizeof (((CuoccKernel *) NULL)->field)
#define KERNEL_COUNT(id, title, field) { id, title, NUMERIC, LABEL, KERNEL_FIGURE (field, COUNT) }
#define KERNEL_BYTES(id, title, field) { id, title, NUMERIC, LABEL, KERNEL_FIGURE (field, BYTES) }
/* A GPU's column while GPUs are compared, titled with its name. */
#define GPU_COLUMN(g) { "gpu" #g, NULL, GPUS, CUOCC_KERNEL_CELL_GPU, gpus_text, gpus_key, .gpu = g }

/* The columns in the order shown. What a user opened the table for comes
 * first, beside the name: at the sidebar's default width the kernel, its
 * architecture, its occupancy and what limits it are on screen; the
 * figures behind them follow. The change against a compared build, shown
 * only while there is one, comes before the occupancy: it is what a
 * comparison is looked at for. The id is what the tests and the views
 * name a column by: it never changes. */
static const Column columns[] = {
  /* id, title, flags, cells, text, sort key, CSS class and tooltip */
  { "kernel", N_("Kernel"), 0, NAME, kernel_text, kernel_key, kernel_style },
  { "arch", N_("Arch"), 0, LABEL, arch_text, arch_key },
  { "changed", N_("Changed"), BUILD, LABEL, changed_text, changed_key, changed_style },
  FIGURE ("occupancy", N_("Occupancy"), occupancy_figure, PERCENT),
  { "limiter", N_("Limiter"), 0, WORDS, limiter_text, limiter_key, limiter_style },
  FIGURE ("blocks", N_("Blocks/SM"), blocks_figure, COUNT),
  FIGURE ("threads", N_("Block"), threads_figure, COUNT),
  KERNEL_COUNT ("regs", N_("Regs"), regs),
  FIGURE ("smem", N_("Shared"), smem_figure, BYTES),
  KERNEL_BYTES ("stack", N_("Stack"), stack),
  { "loaded", N_("Loaded"), 0, LABEL, loaded_text, loaded_key, loaded_style },
  /* While GPUs are compared (cuocc-kernels-panel-gpus.c adds them after
   * the architecture): the largest difference, and a column a GPU, the
   * calculator's first, up to CUOCC_COMPARE_MAX_GPUS. */
  { "difference", N_("Difference"), GPUS | NUMERIC, LABEL, gpus_text, gpus_key, .gpu = -1 },
  GPU_COLUMN (0), GPU_COLUMN (1), GPU_COLUMN (2), GPU_COLUMN (3),
  GPU_COLUMN (4), GPU_COLUMN (5), GPU_COLUMN (6), GPU_COLUMN (7),
};

/* One GPU_COLUMN () above for each GPU compared. */
G_STATIC_ASSERT (CUOCC_COMPARE_MAX_GPUS == 8);

guint
cuocc_kernel_columns_get_n (void)
{
  return G_N_ELEMENTS (columns);
}

/* The column with an id ("kernel", "gpu0" …), or -1. */
int
cuocc_kernel_column_find (const char *id)
{
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    if (g_strcmp0 (columns[c].id, id) == 0)
      return (int) c;
  return -1;
}

/* The column's id, its title (translated; NULL for a GPU's, titled with
 * its name), its flags and its cells' widgets. */
const char *
cuocc_kernel_column_id (guint column)
{
  g_return_val_if_fail (column < G_N_ELEMENTS (columns), NULL);

  return columns[column].id;
}

const char *
cuocc_kernel_column_title (guint column)
{
  g_return_val_if_fail (column < G_N_ELEMENTS (columns), NULL);

  return columns[column].title != NULL ? _(columns[column].title) : NULL;
}

CuoccKernelColumnFlags
cuocc_kernel_column_get_flags (guint column)
{
  g_return_val_if_fail (column < G_N_ELEMENTS (columns), 0);

  return columns[column].flags;
}

CuoccKernelCellKind
cuocc_kernel_column_get_cell (guint column)
{
  g_return_val_if_fail (column < G_N_ELEMENTS (columns), CUOCC_KERNEL_CELL_LABEL);

  return columns[column].cell;
}

/* What a cell shows of its row, as text. */
char *
cuocc_kernel_column_text (CuoccKernelItem *item,
                          guint            column)
{
  g_return_val_if_fail (column < G_N_ELEMENTS (columns), NULL);

  return (columns[column].text ? columns[column].text : figure_text) (item, &columns[column]);
}

/* A label's CSS class (a figure's "numeric" aside), or NULL, and its
 * tooltip text, or NULL (the kernel's name has a tooltip of its own). */
const char *
cuocc_kernel_column_style (CuoccKernelItem  *item,
                           guint             column,
                           const char      **tooltip)
{
  g_return_val_if_fail (column < G_N_ELEMENTS (columns), NULL);

  *tooltip = NULL;
  return columns[column].style != NULL ? columns[column].style (item, tooltip) : NULL;
}

/* What a cell of the comparison's columns shows (gpu_texts ()). */
const char *
cuocc_kernel_column_gpu_texts (CuoccKernelItem  *item,
                               guint             column,
                               char            **first,
                               char            **second,
                               char            **tooltip)
{
  g_return_val_if_fail (column < G_N_ELEMENTS (columns), NULL);
  g_return_val_if_fail (columns[column].flags & CUOCC_KERNEL_COLUMN_GPUS, NULL);

  return gpu_texts (item, &columns[column], first, second, tooltip);
}

/* What the row sorts by in the column. */
void
cuocc_kernel_column_key (CuoccKernelItem *item,
                         guint            column,
                         CuoccRowKey     *key)
{
  g_return_if_fail (column < G_N_ELEMENTS (columns));

  key->unknown = FALSE;
  key->number = 0;
  key->text = NULL;
  (columns[column].key ? columns[column].key : figure_key) (item, &columns[column], key);
}

static int
compare_numbers (double a,
                 double b)
{
  return a < b ? -1 : a > b ? 1 : 0;
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
cuocc_kernel_column_compare (CuoccKernelItem *a,
                             CuoccKernelItem *b,
                             guint            column)
{
  CuoccRowKey ka, kb;

  cuocc_kernel_column_key (a, column, &ka);
  cuocc_kernel_column_key (b, column, &kb);
  if (ka.unknown || kb.unknown)
    return ka.unknown - kb.unknown;
  return cuocc_kernel_column_compare_keys (&ka, &kb);
}
