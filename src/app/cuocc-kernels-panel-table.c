/* cuocc-kernels-panel-table.c — the kernels table's rows: growing a
 * screenful a frame after a read, the chosen kernel's row selected, the
 * order a header sets, the marks of what loads on the GPU and what changed
 * against a compared build, and the rows shown written as the command
 * line writes them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-gone-window.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

/* The table's rows reach the view a screenful a frame after a file is
 * read. GTK 4.8's list views make and lay out 200 rows however few are
 * visible: 2,200 cells of eleven columns, a fifth of a second of one main
 * loop iteration on a loaded machine before the first row shows. In steps,
 * the first screenful is drawn after 12 rows, and no iteration makes more
 * than 12. */
#define GROW_STEP 12
#define GROW_UNTIL 240

/* A view of the items' kernels as a list, for the library's selection
 * and diff; the strings stay the items'. */
static CuoccKernelList *
store_as_list (GListModel *store)
{
  CuoccKernelList *list = g_new0 (CuoccKernelList, 1);
  guint n = store != NULL ? g_list_model_get_n_items (store) : 0;

  list->kernels = g_new0 (CuoccKernel, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);

      list->kernels[list->n_kernels++] = *cuocc_kernel_item_get_kernel (item);
    }
  return list;
}

static void
free_list_view (CuoccKernelList *list)
{
  g_free (list->kernels);
  g_free (list);
}

void
_cuocc_kernels_panel_stop_growing (CuoccKernelsPanel *self)
{
  if (self->grow_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->grow_id);
  self->grow_id = 0;
}

static void
grow_all (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_stop_growing (self);
  if (gtk_slice_list_model_get_size (self->growing) != G_MAXUINT)
    gtk_slice_list_model_set_size (self->growing, G_MAXUINT);
}

static gboolean
grow_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  CuoccKernelsPanel *self = user_data;
  guint size = gtk_slice_list_model_get_size (self->growing);

  /* The first tick's frame draws the first screenful as it is. */
  if (self->grow_first)
    {
      self->grow_first = FALSE;
      return G_SOURCE_CONTINUE;
    }
  if (size + GROW_STEP >= GROW_UNTIL)
    {
      self->grow_id = 0;
      gtk_slice_list_model_set_size (self->growing, G_MAXUINT);
      return G_SOURCE_REMOVE;
    }
  gtk_slice_list_model_set_size (self->growing, size + GROW_STEP);
  return G_SOURCE_CONTINUE;
}

/* The rows grow only while the panel is on screen: the tick runs with its
 * frames, and the list view makes rows for what it is given, seen or not.
 * A panel taken off screen keeps the rows it has until it is back. It used
 * to grow them all here, which made the list view build a screenful of
 * rows (some 4,000 widgets) nobody sees whenever a window closed while its
 * rows were still arriving, inside gtk_window_destroy (). Their tooltips
 * tied GTK's tooltip to the closing window again after GTK had let go of
 * it, and GTK 4.8 then leaks one GtkActionMuxer, made for the window after
 * its dispose, when the tooltip's weak reference unparents the tooltip
 * window (LeakSanitizer's 120 bytes in test-table's large-library). */
void
_cuocc_kernels_panel_unmap_cb (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_stop_growing (self);
}

void
_cuocc_kernels_panel_map_cb (CuoccKernelsPanel *self)
{
  if (self->grow_id == 0 && gtk_slice_list_model_get_size (self->growing) != G_MAXUINT)
    self->grow_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), grow_cb, self, NULL);
}

/* Before the table is given a new list: its first screenful only, the
 * rest in the frames that follow, from when the panel is on screen. */
void
_cuocc_kernels_panel_start_growing (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_stop_growing (self);
  gtk_slice_list_model_set_size (self->growing, GROW_STEP);
  self->grow_first = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    _cuocc_kernels_panel_map_cb (self);
}

/* Selects the chosen kernel where the filter shows it, without choosing
 * it again. */
void
_cuocc_kernels_panel_select_chosen (CuoccKernelsPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  guint position = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; self->chosen != NULL && i < n && position == GTK_INVALID_LIST_POSITION; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->shown), i);

      if (item == self->chosen)
        position = i;
    }

  if (position != GTK_INVALID_LIST_POSITION && position >= gtk_slice_list_model_get_size (self->growing))
    grow_all (self);
  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, position);
  self->selecting = FALSE;
}

static gboolean
scroll_to_top_cb (gpointer user_data)
{
  CuoccKernelsPanel *self = user_data;

  self->top_id = 0;
  cuocc_kernels_table_scroll_to_top (self->table);
  return G_SOURCE_REMOVE;
}

/* The table's first rows, once the view has taken the rows it shows now,
 * before the frame. */
void
_cuocc_kernels_panel_scroll_to_top (CuoccKernelsPanel *self)
{
  if (self->top_id == 0)
    self->top_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, scroll_to_top_cb, self, NULL);
}

/* A new order (a click on a header): the rows are sorted by the column the
 * view's headers show, and the table shows its first rows, those the user
 * sorted for. GTK keeps the row that was on top on top, wherever it went:
 * after sorting by occupancy the table stayed where that row now was, in
 * the middle of 19,200. Scrolled once the view has taken the new order,
 * before the frame. */
void
_cuocc_kernels_panel_table_sort_cb (CuoccKernelsPanel *self,
                                    int                column,
                                    gboolean           descending)
{
  self->selecting = TRUE;
  cuocc_kernel_rows_set_sort (self->shown, column, descending);
  self->selecting = FALSE;
  /* The chosen kernel stays selected where the sort puts it, as after a
   * filter (the rows a screenful at first after a read: all of them, if
   * it is further down). */
  _cuocc_kernels_panel_select_chosen (self);
  _cuocc_kernels_panel_scroll_to_top (self);
}

/* What the rows show changed (their figures for the GPU, which entries
 * load, what changed against a compared build): the filters run again
 * (every filter, or only where one reads the figures), the rows are sorted
 * once, and the cells on screen show the new figures. Neither announcing
 * every row as changed, which made the view build its rows anew, nor a
 * sort for the refilter and another for the figures: this keeps a GPU
 * change with 60,000 rows sorted to tens of milliseconds of one main loop
 * iteration, where it took 300 to 500. */
void
_cuocc_kernels_panel_refresh_shown (CuoccKernelsPanel *self,
                                    gboolean           every_filter)
{
  self->selecting = TRUE;
  cuocc_kernel_rows_freeze (self->shown);
  if (every_filter || gtk_drop_down_get_selected (self->limiter_dropdown) != LIMITER_ANY ||
      gtk_spin_button_get_value (self->below_spin) < 100 || self->bin >= 0)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  cuocc_kernel_rows_thaw (self->shown, TRUE);
  cuocc_kernels_table_update_cells (self->table);
  self->selecting = FALSE;
  _cuocc_kernels_panel_select_chosen (self);
  _cuocc_kernels_panel_update_list_page (self);
}

void
_cuocc_kernels_panel_mark_loaded (CuoccKernelsPanel *self)
{
  CuoccKernelList *view = store_as_list (G_LIST_MODEL (self->store));

  cuocc_kernel_list_select (view, self->gpu_major, self->gpu_minor);
  for (guint i = 0; i < view->n_kernels; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_set_loaded (item, view->kernels[i].loaded);
    }
  free_list_view (view);
}

/* Marks each entry of the list with its counterpart in the compared build. */
void
_cuocc_kernels_panel_mark_changes (CuoccKernelsPanel *self)
{
  gboolean none = self->compare_store == NULL && !self->changes_marked;
  CuoccKernelList *now = store_as_list (none ? NULL : G_LIST_MODEL (self->store));
  CuoccKernelList *then = store_as_list (self->compare_store ? G_LIST_MODEL (self->compare_store) : NULL);
  g_autofree CuoccKernelPair *pairs = NULL;
  guint n_pairs = 0, n_removed = 0, n_changed = 0, n_common = 0;

  /* Without a compared build there is nothing to mark, nor to unmark in a
   * store that was never marked. */
  if (none)
    {
      free_list_view (now);
      free_list_view (then);
      gtk_widget_set_visible (GTK_WIDGET (self->compare_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->gone_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->changed_toggle), FALSE);
      gtk_toggle_button_set_active (self->changed_toggle, FALSE);
      return;
    }
  self->changes_marked = self->compare_store != NULL;
  g_clear_object (&self->gone);

  if (self->compare_store != NULL)
    {
      pairs = cuocc_kernel_list_diff (then, now, &n_pairs);
      self->gone = g_list_store_new (CUOCC_TYPE_KERNEL_ITEM);
    }
  for (guint i = 0; i < now->n_kernels; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_set_change (item, CUOCC_KERNEL_SAME, NULL);
    }
  for (guint p = 0; p < n_pairs; p++)
    {
      g_autoptr(CuoccKernelItem) item = NULL;

      if (pairs[p].after == NULL)
        {
          /* Gone: the compared build's item, for the list of them. */
          g_autoptr(CuoccKernelItem) gone = g_list_model_get_item (G_LIST_MODEL (self->compare_store),
                                                                   (guint) (pairs[p].before - then->kernels));

          g_list_store_append (self->gone, gone);
          n_removed++;
          continue;
        }
      n_changed += pairs[p].change != CUOCC_KERNEL_SAME;
      n_common += pairs[p].before != NULL;
      item = g_list_model_get_item (G_LIST_MODEL (self->store), (guint) (pairs[p].after - now->kernels));
      cuocc_kernel_item_set_change (item, pairs[p].change, pairs[p].before);
    }

  if (self->compare_store != NULL && n_common == 0 && then->n_kernels > 0 && now->n_kernels > 0)
    {
      /* Two builds of nothing alike (another library, a wrong file): said
       * plainly, rather than counted as all new and all gone (issue 29). */
      /* Translators: e.g. "The older build “old.so” shares no kernel with this one: 12 new, 5 gone" */
      g_autofree char *text = g_strdup_printf (_("The older build “%s” shares no kernel with this one: %u new, %u gone"),
                                               self->compare_name, n_changed, n_removed);

      gtk_label_set_label (self->compare_label, text);
    }
  else if (self->compare_store != NULL)
    {
      /* Translators: e.g. "Since the older build “old.so”: 3 changed or new, 1 gone (old → this build)" */
      g_autofree char *text = g_strdup_printf (_("Since the older build “%s”: %u changed or new, %u gone "
                                                 "(old → this build)"),
                                               self->compare_name, n_changed, n_removed);

      gtk_label_set_label (self->compare_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->compare_label), self->compare_store != NULL);
  if (n_removed > 0)
    {
      /* Translators: a button under the comparison's count, e.g. "List the 1152 Gone Entries…" */
      g_autofree char *label = g_strdup_printf (ngettext ("List the %u Gone Entry…", "List the %u Gone Entries…", n_removed),
                                                n_removed);

      gtk_button_set_label (self->gone_button, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->gone_button), n_removed > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->changed_toggle), self->compare_store != NULL);
  if (self->compare_store == NULL)
    gtk_toggle_button_set_active (self->changed_toggle, FALSE);
  free_list_view (now);
  free_list_view (then);
}

/* List the N Gone Entries…: the compared build's entries this build has not, in
 * a window of their own. */
void
_cuocc_kernels_panel_show_gone_cb (CuoccKernelsPanel *self)
{
  GtkWidget *window;

  if (self->gone == NULL || self->compare_name == NULL)
    return;
  window = cuocc_gone_window_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), self->compare_name,
                                  G_LIST_MODEL (self->gone));
  gtk_window_present (GTK_WINDOW (window));
}

/* Whether the loader worked out a store's items for the panel's GPU and
 * block size, on the entries marked for the panel's GPU. */
gboolean
_cuocc_kernels_panel_evaluated_for_launch (CuoccKernelsPanel *self,
                                           GListModel        *store)
{
  const CuoccKernelLaunch *launch = g_object_get_data (G_OBJECT (store), "cuocc-evaluated-for");

  return launch != NULL && self->have_gpu && self->compare_store == NULL &&
         GPOINTER_TO_INT (g_object_get_data (G_OBJECT (store), "cuocc-marked-for")) ==
           self->gpu_major * 1000 + self->gpu_minor &&
         launch->threads == self->threads && memcmp (&launch->gpu.cap, &self->gpu.cap, sizeof launch->gpu.cap) == 0;
}

/* One of the summary's kernels that lose most was clicked: it is chosen
 * where the table shows it. */
void
_cuocc_kernels_panel_summary_kernel_cb (CuoccKernelsPanel *self,
                                        CuoccKernelItem   *item)
{
  GListModel *shown = G_LIST_MODEL (self->shown);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(CuoccKernelItem) other = g_list_model_get_item (shown, i);

      if (other == item)
        {
          cuocc_kernels_panel_choose (self, i);
          return;
        }
    }
}

/* Chooses the kernel at a position of the shown list, as a click does. */
void
cuocc_kernels_panel_choose (CuoccKernelsPanel *self,
                            guint              position)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (position < g_list_model_get_n_items (G_LIST_MODEL (self->shown)));

  if (position >= gtk_slice_list_model_get_size (self->growing))
    grow_all (self);
  gtk_single_selection_set_selected (self->selection, position);
}

/* The rows shown (filtered and sorted) as the command line writes them for
 * the GPU and block size N last given: a kernel that declares its block
 * size as `cuocc --import FILE --gpu G --format csv|json` does, the others
 * as `… --threads N` does, as the table shows them; the library's import
 * rows (cuocc-import-table.h), which the command line writes too. The columns and the entries the driver loads
 * are decided over every kernel of the file, as the command line decides
 * them; only the rows are those shown. */
char *
cuocc_kernels_panel_export_table (CuoccKernelsPanel  *self,
                                  CuoccTableFormat    format,
                                  guint              *n_rows,
                                  guint              *n_kernels,
                                  GError            **error)
{
  g_autoptr(GHashTable) index = NULL;
  g_autofree const CuoccKernel **rows = NULL;
  CuoccImportLaunch launch = { 0 };
  CuoccImportTable table;
  CuoccKernelList *view;
  guint n_shown;
  char *text;

  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  if (self->store == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->store)) == 0 || !self->have_gpu)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                           _("There are no kernels to export: import a build first."));
      return NULL;
    }
  n_shown = g_list_model_get_n_items (G_LIST_MODEL (self->shown));

  /* Each item's place in the view of the whole store. */
  view = store_as_list (G_LIST_MODEL (self->store));
  index = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < view->n_kernels; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      g_hash_table_insert (index, item, GUINT_TO_POINTER (i));
    }

  /* As the table works each row out: a kernel that declares its block
   * size at it (what `cuocc --import FILE --gpu G` writes), the others at
   * the block size chosen (what `--threads N` writes). */
  launch.have_gpu = TRUE;
  launch.gpu = self->gpu;
  launch.threads = 0;
  launch.default_threads = self->threads;
  launch.dynamic_smem = -1;
  cuocc_import_launch_init (&launch, view);
  cuocc_import_table_init (&table, &launch, view, FALSE);

  rows = g_new0 (const CuoccKernel *, MAX (n_shown, 1));
  for (guint i = 0; i < n_shown; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->shown), i);

      rows[i] = &view->kernels[GPOINTER_TO_UINT (g_hash_table_lookup (index, item))];
    }
  text = cuocc_import_table_write (&table, &launch, rows, n_shown, format);
  if (n_rows != NULL)
    *n_rows = n_shown;
  if (n_kernels != NULL)
    *n_kernels = view->n_kernels;
  cuocc_import_launch_clear (&launch);
  free_list_view (view);
  return text;
}
