/* cuocc-kernel-rows.c — the kernels table's rows: the entries the
 * filters let through, in the order the user sorted them by: one column,
 * ascending or descending, the rows without the figure ("–") last either
 * way, rows the column holds equal in the file's order (the order of the
 * command line and of the export).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Written here rather than taken from GtkFilterListModel and
 * GtkSortListModel: GTK 4.8 sorts through the column view's sorter, which
 * breaks ties with every column sorted before (after a few clicks each of
 * the million comparisons of 60,000 rows asks several columns) and reaches
 * each row's figures through two function calls a comparison; a sort after
 * a GPU change took 170 to 470 ms of one main loop iteration, and a
 * refilter followed by a sort sorted twice. Reading the filter model's
 * rows one by one costs a search of its bitset each (a microsecond a row).
 * Here the entries are kept in an array, each row's key is read once as the
 * filter passes it, and the keys are sorted in plain C
 * (g_qsort_with_data ()), a few times what qsort over bare numbers takes
 * (bench-table). The view is told of the rows that moved in one
 * items-changed.
 */
#include "config.h"

#include "cuocc-kernel-columns.h"
#include "cuocc-kernel-rows.h"

struct _CuoccKernelRows
{
  GObject parent_instance;

  GListModel *source;              /* every entry, in the file's order */
  GPtrArray *all;                  /* the same, each a reference */
  GtkFilter *filter;
  GPtrArray *items;                /* the rows shown, each a reference */
  int column;                      /* the column sorted by (cuocc-kernel-columns.h), or -1: the source's order */
  gboolean descending;
  guint frozen;
  gboolean stale;                  /* the source changed while frozen */
};

static void cuocc_kernel_rows_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CuoccKernelRows, cuocc_kernel_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, cuocc_kernel_rows_model_init))

/* ----- GListModel ----- */

static GType
get_item_type (GListModel *list)
{
  return CUOCC_TYPE_KERNEL_ITEM;
}

static guint
get_n_items (GListModel *list)
{
  return CUOCC_KERNEL_ROWS (list)->items->len;
}

static gpointer
get_item (GListModel *list,
          guint       position)
{
  CuoccKernelRows *self = CUOCC_KERNEL_ROWS (list);

  return position < self->items->len ? g_object_ref (g_ptr_array_index (self->items, position)) : NULL;
}

static void
cuocc_kernel_rows_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* ----- sorting ----- */

typedef struct {
  CuoccKernelItem *item;
  guint index;                     /* in the source: the file's order */
  CuoccRowKey key;
} Row;

static int
compare_row (gconstpointer a,
             gconstpointer b,
             gpointer      user_data)
{
  const Row *x = a, *y = b;
  gboolean descending = *(const gboolean *) user_data;
  int order;

  if (x->key.unknown != y->key.unknown)
    return x->key.unknown ? 1 : -1;
  order = x->key.unknown ? 0 : cuocc_kernel_column_compare_keys (&x->key, &y->key);
  if (order != 0)
    return descending ? -order : order;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Tells of the rows that differ between old and the rows now, as one
 * change from the first that differs to the last. */
static void
announce (CuoccKernelRows *self,
          GPtrArray       *old)
{
  guint n_old = old->len, n_new = self->items->len;
  guint start = 0, end = 0;

  while (start < n_old && start < n_new && old->pdata[start] == self->items->pdata[start])
    start++;
  while (end < n_old - start && end < n_new - start &&
         old->pdata[n_old - 1 - end] == self->items->pdata[n_new - 1 - end])
    end++;
  if (n_old - start - end > 0 || n_new - start - end > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), start, n_old - start - end, n_new - start - end);
}

/* The rows again: the entries the filter passes, sorted. */
static void
rebuild (CuoccKernelRows *self)
{
  guint n = self->all->len, n_rows = 0;
  GPtrArray *old = self->items;
  Row *rows = g_new (Row, MAX (n, 1));

  self->stale = FALSE;
  for (guint i = 0; i < n; i++)
    {
      CuoccKernelItem *item = g_ptr_array_index (self->all, i);

      if (self->filter != NULL && !gtk_filter_match (self->filter, item))
        continue;
      rows[n_rows].item = item;
      rows[n_rows].index = i;
      if (self->column >= 0)
        cuocc_kernel_column_key (item, self->column, &rows[n_rows].key);
      n_rows++;
    }
  if (self->column >= 0)
    g_qsort_with_data (rows, n_rows, sizeof *rows, compare_row, &self->descending);
  self->items = g_ptr_array_new_full (n_rows, g_object_unref);
  for (guint i = 0; i < n_rows; i++)
    g_ptr_array_add (self->items, g_object_ref (rows[i].item));
  g_free (rows);
  announce (self, old);
  g_ptr_array_unref (old);
}

static void
changed (CuoccKernelRows *self)
{
  if (self->frozen > 0)
    self->stale = TRUE;
  else
    rebuild (self);
}

/* The entries changed (a new file read): all of them again. */
static void
source_changed_cb (GListModel      *source,
                   guint            position,
                   guint            removed,
                   guint            added,
                   CuoccKernelRows *self)
{
  guint n = g_list_model_get_n_items (source);

  g_ptr_array_set_size (self->all, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->all, g_list_model_get_item (source, i));
  changed (self);
}

static void
filter_changed_cb (GtkFilter       *filter,
                   GtkFilterChange  change,
                   CuoccKernelRows *self)
{
  changed (self);
}

/* ----- GObject ----- */

static void
cuocc_kernel_rows_dispose (GObject *object)
{
  CuoccKernelRows *self = CUOCC_KERNEL_ROWS (object);

  if (self->source != NULL)
    g_signal_handlers_disconnect_by_func (self->source, source_changed_cb, self);
  g_clear_object (&self->source);
  if (self->filter != NULL)
    g_signal_handlers_disconnect_by_func (self->filter, filter_changed_cb, self);
  g_clear_object (&self->filter);
  g_ptr_array_set_size (self->items, 0);
  g_ptr_array_set_size (self->all, 0);

  G_OBJECT_CLASS (cuocc_kernel_rows_parent_class)->dispose (object);
}

static void
cuocc_kernel_rows_finalize (GObject *object)
{
  CuoccKernelRows *self = CUOCC_KERNEL_ROWS (object);

  g_ptr_array_unref (self->items);
  g_ptr_array_unref (self->all);

  G_OBJECT_CLASS (cuocc_kernel_rows_parent_class)->finalize (object);
}

static void
cuocc_kernel_rows_class_init (CuoccKernelRowsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cuocc_kernel_rows_dispose;
  object_class->finalize = cuocc_kernel_rows_finalize;
}

static void
cuocc_kernel_rows_init (CuoccKernelRows *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->all = g_ptr_array_new_with_free_func (g_object_unref);
  self->column = -1;
}

/* ----- shared with the panel ----- */

/* The rows the filter passes, in the file's order until sorted. */
CuoccKernelRows *
cuocc_kernel_rows_new (GtkFilter *filter)
{
  CuoccKernelRows *self = g_object_new (CUOCC_TYPE_KERNEL_ROWS, NULL);

  self->filter = g_object_ref (filter);
  g_signal_connect (filter, "changed", G_CALLBACK (filter_changed_cb), self);
  return self;
}

/* The entries (CuoccKernelItems, in the file's order), or NULL. */
void
cuocc_kernel_rows_set_model (CuoccKernelRows *self,
                              GListModel      *source)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ROWS (self));
  g_return_if_fail (source == NULL || G_IS_LIST_MODEL (source));

  if (self->source == source)
    return;
  if (self->source != NULL)
    g_signal_handlers_disconnect_by_func (self->source, source_changed_cb, self);
  g_set_object (&self->source, source);
  g_ptr_array_set_size (self->all, 0);
  if (source != NULL)
    {
      g_signal_connect (source, "items-changed", G_CALLBACK (source_changed_cb), self);
      source_changed_cb (source, 0, 0, 0, self);
    }
  else
    changed (self);
}

/* Sorts by a column (an index of cuocc-kernel-columns.c's table), or keeps
 * the source's order (-1). */
void
cuocc_kernel_rows_set_sort (CuoccKernelRows *self,
                             int              column,
                             gboolean         descending)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ROWS (self));
  g_return_if_fail (column >= -1 && column < (int) cuocc_kernel_columns_get_n ());

  descending = column >= 0 && descending;
  if (self->column == column && self->descending == descending)
    return;
  self->column = column;
  self->descending = descending;
  changed (self);
}

/* Changes of the source wait until thawed: a refilter and a new sort after
 * a GPU change sort once. */
void
cuocc_kernel_rows_freeze (CuoccKernelRows *self)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ROWS (self));

  self->frozen++;
}

/* The rows again from the source if it changed since frozen, or, resort,
 * if the rows' figures changed and they are sorted. */
void
cuocc_kernel_rows_thaw (CuoccKernelRows *self,
                         gboolean         resort)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ROWS (self));
  g_return_if_fail (self->frozen > 0);

  if (--self->frozen > 0)
    return;
  if (self->stale || (resort && self->column >= 0))
    rebuild (self);
}
