/* cuocc-kernels-panel.c — the kernels read from a build log or a profile.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list shown changes only when a read succeeds (cuocc-kernel-loader.c),
 * so a bad file leaves the list and the chosen kernel as they were.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelsPanel, cuocc_kernels_panel, GTK_TYPE_WIDGET)

enum {
  KERNEL_CHOSEN,
  KERNEL_RESTORED,
  IMPORT_FAILED,
  SWITCH_GPU,
  LOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_SIDEBAR_WIDTH,
  PROP_COMPARE_GPUS,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

/* The sidebar's width: from what the calculator leaves at 1,060 px (the
 * narrowest where both stand side by side) to what the window leaves
 * at its narrowest, 800 px, where the sidebar lies over the calculator. */
#define SIDEBAR_MIN_WIDTH 280
#define SIDEBAR_MAX_WIDTH 760
/* Where a drag resizes the sidebar: its right edge. */
#define RESIZE_EDGE 8
/* From how many entries a GPU change marks the entries that load in the
 * evaluation's thread (cuocc-kernels-panel-eval.c) rather than at once. */
#define MARK_IN_THREAD_FROM 4096

/* ----- helpers ----- */

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

static gboolean arch_hides (CuoccKernelsPanel *self);

static void
update_list_page (CuoccKernelsPanel *self)
{
  guint total = self->store ? g_list_model_get_n_items (G_LIST_MODEL (self->store)) : 0;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  g_autofree char *count = NULL;
  g_autofree char *shown_text = NULL;
  g_autofree char *total_text = NULL;

  if (self->pulse_id != 0)
    gtk_stack_set_visible_child_name (self->list_stack, "loading");
  else if (total == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "empty");
  else if (shown == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "no-match");
  else
    gtk_stack_set_visible_child_name (self->list_stack, "list");

  /* Nothing runs on the GPU: say so, and offer every architecture; not
   * when the other filters (a limiter, "occupancy below", the search) let
   * nothing through on any architecture. */
  {
    gboolean gpu_hides = total > 0 && shown == 0 && self->gpu_major > 0 &&
                         gtk_drop_down_get_selected (self->arch_dropdown) == ARCH_LOADED && arch_hides (self);
    g_autofree char *why = NULL;

    if (gpu_hides)
      /* Translators: the empty table's page, e.g. "None of the shown entries runs on compute capability 9.0." */
      why = g_strdup_printf (_("None of the entries the filters let through runs on compute capability %d.%d."),
                             self->gpu_major, self->gpu_minor);
    adw_status_page_set_description (self->no_match_page, why);
    gtk_widget_set_visible (self->show_all_button, gpu_hides);
  }

  gtk_widget_set_sensitive (GTK_WIDGET (self->search_entry), total > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->count_label), total > 0);
  gtk_widget_set_visible (self->count_box, total > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->block_label), total > 0 && self->threads > 0);
  if (self->threads > 0)
    {
      g_autofree char *threads = cuocc_format_count (self->threads);
      /* Translators: below the kernels table: the block size of the kernels that declare none (no
       * __launch_bounds__), the one typed in the inputs, e.g. "undeclared: 256 threads" */
      g_autofree char *text = g_strdup_printf (ngettext ("undeclared: %s thread", "undeclared: %s threads",
                                                         self->threads), threads);

      gtk_label_set_label (self->block_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->block_label),
                                   _("The block size of the kernels that declare none: the one you typed, whichever "
                                     "kernel is chosen"));
    }
  if (total == 0)
    return;

  shown_text = cuocc_format_count (shown);
  total_text = cuocc_format_count (total);
  if (shown == total)
    /* Translators: e.g. "36,621 kernels"; the number is formatted */
    count = g_strdup_printf (ngettext ("%s kernel", "%s kernels", total), total_text);
  else
    /* Translators: e.g. "1,742 of 36,621 kernels"; the numbers are formatted */
    count = g_strdup_printf (ngettext ("%s of %s kernel", "%s of %s kernels", total), shown_text, total_text);

  if (self->truncated)
    {
      /* Translators: appended to the count when a log holds more kernels than are read */
      g_autofree char *more = g_strdup_printf (_("%s (the log holds more)"), count);

      g_free (count);
      count = g_steal_pointer (&more);
    }

  gtk_label_set_label (self->count_label, count);
}

/* The table's rows reach the view a screenful a frame after a file is
 * read. GTK 4.8's list views make and lay out 200 rows however few are
 * visible: 2,200 cells of eleven columns, a fifth of a second of one main
 * loop iteration on a loaded machine before the first row shows. In steps,
 * the first screenful is drawn after 12 rows, and no iteration makes more
 * than 12. */
#define GROW_STEP 12
#define GROW_UNTIL 240

static void
stop_growing (CuoccKernelsPanel *self)
{
  if (self->grow_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->grow_id);
  self->grow_id = 0;
}

static void
grow_all (CuoccKernelsPanel *self)
{
  stop_growing (self);
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
static void
unmap_cb (CuoccKernelsPanel *self)
{
  stop_growing (self);
}

static void
map_cb (CuoccKernelsPanel *self)
{
  if (self->grow_id == 0 && gtk_slice_list_model_get_size (self->growing) != G_MAXUINT)
    self->grow_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), grow_cb, self, NULL);
}

/* Before the table is given a new list: its first screenful only, the
 * rest in the frames that follow, from when the panel is on screen. */
static void
start_growing (CuoccKernelsPanel *self)
{
  stop_growing (self);
  gtk_slice_list_model_set_size (self->growing, GROW_STEP);
  self->grow_first = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    map_cb (self);
}

/* Selects the chosen kernel where the filter shows it, without choosing
 * it again. */
static void
select_chosen (CuoccKernelsPanel *self)
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
  cuocc_compat_column_view_scroll_to_first (self->column_view);
  return G_SOURCE_REMOVE;
}

/* A new order (a click on a header): the rows are sorted by the column the
 * view's headers show, and the table shows its first rows, those the user
 * sorted for. GTK keeps the row that was on top on top, wherever it went:
 * after sorting by occupancy the table stayed where that row now was, in
 * the middle of 19,200. Scrolled once the view has taken the new order,
 * before the frame. */
static void
sorter_changed_cb (CuoccKernelsPanel *self)
{
  gboolean descending;
  int column = _cuocc_kernels_panel_get_sort_column (self->column_view, &descending);

  self->selecting = TRUE;
  cuocc_kernel_rows_set_sort (self->shown, column, descending);
  self->selecting = FALSE;
  if (self->top_id == 0)
    self->top_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, scroll_to_top_cb, self, NULL);
}

static void
set_chosen (CuoccKernelsPanel *self,
            CuoccKernelItem   *item,
            gboolean           announce)
{
  g_set_object (&self->chosen, item);
  self->comparison = -1;
  _cuocc_kernels_panel_update_details (self);
  if (announce && item != NULL)
    g_signal_emit (self, signals[KERNEL_CHOSEN], 0);
}

static CuoccKernelItem *
find_item (GListModel *store,
           const char *key)
{
  guint n = g_list_model_get_n_items (store);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);

      if (g_str_equal (cuocc_kernel_item_get_key (item), key))
        return item;
    }

  return NULL;
}

/* Filters the list again, keeping the chosen kernel selected. */
static void
refilter (CuoccKernelsPanel *self)
{
  self->selecting = TRUE;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  self->selecting = FALSE;
  select_chosen (self);
  update_list_page (self);
}

/* What the rows show changed (their figures for the GPU, which entries
 * load, what changed against a compared build): the filters run again
 * (every filter, or only where one reads the figures), the rows are sorted
 * once, and the cells on screen show the new figures. Neither announcing
 * every row as changed, which made the view build its rows anew, nor a
 * sort for the refilter and another for the figures: this keeps a GPU
 * change with 60,000 rows sorted to tens of milliseconds of one main loop
 * iteration, where it took 300 to 500. */
static void
refresh_shown (CuoccKernelsPanel *self,
               gboolean           every_filter)
{
  self->selecting = TRUE;
  cuocc_kernel_rows_freeze (self->shown);
  if (every_filter || gtk_drop_down_get_selected (self->limiter_dropdown) != LIMITER_ANY ||
      gtk_spin_button_get_value (self->below_spin) < 100 || self->bin >= 0)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  cuocc_kernel_rows_thaw (self->shown, TRUE);
  _cuocc_kernels_panel_update_cells (self->column_view);
  self->selecting = FALSE;
  select_chosen (self);
  update_list_page (self);
}

static void
mark_loaded (CuoccKernelsPanel *self)
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
static void
mark_changes (CuoccKernelsPanel *self)
{
  gboolean none = self->compare_store == NULL && !self->changes_marked;
  CuoccKernelList *now = store_as_list (none ? NULL : G_LIST_MODEL (self->store));
  CuoccKernelList *then = store_as_list (self->compare_store ? G_LIST_MODEL (self->compare_store) : NULL);
  g_autofree CuoccKernelPair *pairs = NULL;
  guint n_pairs = 0, n_removed = 0, n_changed = 0;

  /* Without a compared build there is nothing to mark, nor to unmark in a
   * store that was never marked. */
  if (none)
    {
      free_list_view (now);
      free_list_view (then);
      gtk_widget_set_visible (GTK_WIDGET (self->compare_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->changed_toggle), FALSE);
      gtk_toggle_button_set_active (self->changed_toggle, FALSE);
      _cuocc_kernels_panel_show_changed_column (self->column_view, FALSE);
      return;
    }
  self->changes_marked = self->compare_store != NULL;

  if (self->compare_store != NULL)
    pairs = cuocc_kernel_list_diff (then, now, &n_pairs);
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
          n_removed++;
          continue;
        }
      n_changed += pairs[p].change != CUOCC_KERNEL_SAME;
      item = g_list_model_get_item (G_LIST_MODEL (self->store), (guint) (pairs[p].after - now->kernels));
      cuocc_kernel_item_set_change (item, pairs[p].change, pairs[p].before);
    }

  if (self->compare_store != NULL)
    {
      /* Translators: e.g. "Since the older build “old.so”: 3 changed or new, 1 gone (old → this build)" */
      g_autofree char *text = g_strdup_printf (_("Since the older build “%s”: %u changed or new, %u gone "
                                                 "(old → this build)"),
                                               self->compare_name, n_changed, n_removed);

      gtk_label_set_label (self->compare_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->compare_label), self->compare_store != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->changed_toggle), self->compare_store != NULL);
  _cuocc_kernels_panel_show_changed_column (self->column_view, self->compare_store != NULL);
  if (self->compare_store == NULL)
    gtk_toggle_button_set_active (self->changed_toggle, FALSE);
  free_list_view (now);
  free_list_view (then);
}

static void
update_arches (CuoccKernelsPanel *self)
{
  g_autoptr(GPtrArray) arches = g_ptr_array_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->arches));
  /* A read lists them in its thread (cuocc-kernel-loader.c). */
  const char * const *listed = g_object_get_data (G_OBJECT (self->store), "cuocc-arches");

  for (guint i = 0; listed != NULL && listed[i] != NULL; i++)
    g_ptr_array_add (arches, (gpointer) listed[i]);
  for (guint i = 0; listed == NULL && i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const char *arch = cuocc_kernel_item_get_kernel (item)->arch;

      if (arch != NULL && !g_ptr_array_find_with_equal_func (arches, arch, g_str_equal, NULL))
        g_ptr_array_add (arches, (gpointer) arch);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->arch_dropdown), arches->len > 1);
  g_ptr_array_add (arches, NULL);
  if (gtk_drop_down_get_selected (self->arch_dropdown) >= N_ARCH_CHOICES)
    gtk_drop_down_set_selected (self->arch_dropdown, ARCH_ALL);
  gtk_string_list_splice (self->arches, N_ARCH_CHOICES, old - N_ARCH_CHOICES, (const char * const *) arches->pdata);
}

/* Whether the loader worked out a store's items for the panel's GPU and
 * block size, on the entries marked for the panel's GPU. */
static gboolean
evaluated_for_launch (CuoccKernelsPanel *self,
                      GListModel        *store)
{
  const CuoccKernelLaunch *launch = g_object_get_data (G_OBJECT (store), "cuocc-evaluated-for");

  return launch != NULL && self->have_gpu && self->compare_store == NULL &&
         GPOINTER_TO_INT (g_object_get_data (G_OBJECT (store), "cuocc-marked-for")) ==
           self->gpu_major * 1000 + self->gpu_minor &&
         launch->threads == self->threads && memcmp (&launch->gpu.cap, &self->gpu.cap, sizeof launch->gpu.cap) == 0;
}

/* The new list replaces the old; the chosen kernel stays chosen if the new
 * list still has it, and is announced again if its figures changed. */
static void
replace_list (CuoccKernelsPanel *self,
              GListModel        *store,
              gboolean           truncated)
{
  g_autoptr(CuoccKernelItem) old = self->chosen ? g_object_ref (self->chosen) : NULL;
  g_autofree char *wanted = g_steal_pointer (&self->pending_key);
  CuoccKernelItem *found = old ? find_item (store, cuocc_kernel_item_get_key (old)) : NULL;

  g_set_object (&self->store, G_LIST_STORE (store));
  self->truncated = truncated;
  /* The loader marked the entries in its thread, for the GPU it was told;
   * another GPU chosen since then is marked here. */
  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (store), "cuocc-marked-for")) !=
      self->gpu_major * 1000 + self->gpu_minor)
    mark_loaded (self);
  self->marks_pending = FALSE;
  mark_changes (self);
  update_arches (self);

  self->selecting = TRUE;
  start_growing (self);
  cuocc_kernel_rows_set_model (self->shown, G_LIST_MODEL (self->store));
  self->selecting = FALSE;
  /* The loader worked the rows out for the launch it was told: where that
   * is still the panel's, and no compared build adds a second figure, the
   * rows are shown as they came. */
  if (evaluated_for_launch (self, store))
    _cuocc_kernels_panel_take_evaluated (self);
  else
    _cuocc_kernels_panel_evaluate (self);

  /* A restored session's kernel is chosen again once its log is read,
   * without filling in the inputs that were restored with it. */
  if (wanted != NULL)
    {
      found = find_item (store, wanted);
      set_chosen (self, found, FALSE);
      if (found != NULL)
        g_signal_emit (self, signals[KERNEL_RESTORED], 0);
    }
  else
    set_chosen (self, found, found != NULL && !cuocc_kernel_item_same_figures (found, old));
  select_chosen (self);
  update_list_page (self);
}

static void
set_source (CuoccKernelsPanel *self,
            const char        *source_name)
{
  g_autofree char *name = cuocc_format_capped (source_name, CUOCC_NAME_MAX_CHARS);

  gtk_label_set_label (self->source_label, name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->source_label), name);
  gtk_widget_set_visible (GTK_WIDGET (self->source_label), name != NULL);
}

static void
set_busy (CuoccKernelsPanel *self,
          gboolean           busy)
{
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
}

static gboolean
pulse_cb (gpointer user_data)
{
  CuoccKernelsPanel *self = user_data;

  gtk_progress_bar_pulse (self->loading_bar);
  return G_SOURCE_CONTINUE;
}

/* The loading page, with what is read, while a file the user chose is read:
 * a library of hundreds of megabytes takes seconds, and "No Kernels" would
 * say the wrong thing. The reader says nothing of how far it is, so the
 * bar pulses. */
static void
set_loading (CuoccKernelsPanel *self,
             const char        *name)
{
  if (name != NULL)
    {
      g_autofree char *capped = cuocc_format_capped (name, CUOCC_NAME_MAX_CHARS);
      /* Translators: the loading page, e.g. "Reading “libcublasLt.so”" */
      g_autofree char *description = g_strdup_printf (_("Reading “%s”"), capped);

      adw_status_page_set_description (self->loading_page, description);
      if (self->pulse_id == 0)
        self->pulse_id = g_timeout_add (100, pulse_cb, self);
    }
  else
    g_clear_handle_id (&self->pulse_id, g_source_remove);
  update_list_page (self);
}

static void
start_loading (CuoccKernelsPanel *self,
               CuoccKernelLoader *loader,
               GFile             *file)
{
  set_busy (self, TRUE);
  if (loader == self->loader)
    {
      g_autofree char *name = g_file_get_basename (file);

      set_loading (self, name);
    }
  cuocc_kernel_loader_load_file (loader, file);
}

static void
drop_loader (CuoccKernelsPanel  *self,
             CuoccKernelLoader **loader)
{
  if (*loader == NULL)
    return;

  cuocc_kernel_loader_cancel (*loader);
  g_signal_handlers_disconnect_by_data (*loader, self);
  g_clear_object (loader);
}

/* Another entry of the chosen kernel, chosen as a click would. */
static void
choose_entry (CuoccKernelsPanel *self,
              CuoccKernelItem   *item)
{
  set_chosen (self, item, TRUE);
  select_chosen (self);
}

/* The entries are marked with what loads on the GPU: the details say
 * whether the chosen one does, and the GPU being the user's choice, the
 * entry follows it: the chosen kernel's entry that loads there takes the
 * place of one that does not. */
static void
marked (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_update_details (self);
  if (self->chosen != NULL && cuocc_kernel_item_get_kernel (self->chosen)->loaded == CUOCC_LOAD_OTHER)
    {
      CuoccKernelItem *sibling = _cuocc_kernels_panel_loaded_sibling (self, cuocc_kernel_item_get_kernel (self->chosen));

      if (sibling != NULL)
        choose_entry (self, sibling);
    }
}

/* Marks the entry of each kernel that the CUDA driver loads on a GPU of
 * this compute capability. */
static void
set_gpu (CuoccKernelsPanel *self,
         int                major,
         int                minor)
{
  g_assert (CUOCC_IS_KERNELS_PANEL (self));

  if (self->gpu_major == major && self->gpu_minor == minor)
    return;
  self->gpu_major = major;
  self->gpu_minor = minor;
  cuocc_kernel_loader_set_gpu (self->loader, major, minor);
  /* A library's entries are marked in the thread that works their figures
   * out, and both reach the table in one iteration (_cuocc_kernels_panel_evaluated ()):
   * 57,600 of them took 90 ms to mark here. A few are marked at once. */
  if (self->have_gpu && g_list_model_get_n_items (G_LIST_MODEL (self->store)) >= MARK_IN_THREAD_FROM)
    {
      self->marks_pending = TRUE;
      _cuocc_kernels_panel_evaluate (self);
      return;
    }
  mark_loaded (self);
  refresh_shown (self, TRUE);
  _cuocc_kernels_panel_evaluate (self);
  marked (self);
}

/* ----- callbacks ----- */

static void
resize_begin_cb (GtkGestureDrag    *gesture,
                 double             x,
                 double             y,
                 CuoccKernelsPanel *self)
{
  if (x < gtk_widget_get_width (GTK_WIDGET (self)) - RESIZE_EDGE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_start_width = self->sidebar_width;
}

static void
resize_update_cb (GtkGestureDrag    *gesture,
                  double             offset_x,
                  double             offset_y,
                  CuoccKernelsPanel *self)
{
  cuocc_kernels_panel_set_sidebar_width (self, self->drag_start_width + (int) offset_x);
}

/* The resize cursor along the edge a drag resizes. */
static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           CuoccKernelsPanel        *self)
{
  gboolean edge = x >= gtk_widget_get_width (GTK_WIDGET (self)) - RESIZE_EDGE;

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), edge ? "col-resize" : NULL);
}

static void
loaded_cb (CuoccKernelLoader *loader,
           GListModel        *store,
           const char        *source_name,
           gboolean           truncated,
           gboolean           reread,
           CuoccKernelsPanel *self)
{
  set_busy (self, cuocc_kernels_panel_is_busy (self));
  /* A build to compare with leaves the list as it is and marks it. */
  if (loader == self->compare_loader)
    {
      g_set_object (&self->compare_store, G_LIST_STORE (store));
      g_free (self->compare_name);
      self->compare_name = cuocc_format_capped (source_name, CUOCC_NAME_MAX_CHARS);
      mark_changes (self);
      refresh_shown (self, TRUE);
      _cuocc_kernels_panel_update_details (self);
      _cuocc_kernels_panel_evaluate (self);
      return;
    }
  set_loading (self, NULL);
  /* Another file is another build: a comparison made for the last one and
   * a search typed for it no longer apply. A re-read of the same file
   * keeps both. */
  if (!reread)
    {
      g_clear_object (&self->compare_store);
      g_clear_pointer (&self->compare_name, g_free);
      self->selecting = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      g_clear_pointer (&self->words, g_strfreev);
      self->selecting = FALSE;
      self->bin = -1;
      cuocc_histogram_view_set_highlighted (self->histogram_view, -1);
    }
  set_source (self, source_name);
  replace_list (self, store, truncated);
  if (!reread)
    g_signal_emit (self, signals[LOADED], 0);

  /* What the user imported is searched next; a re-read leaves focus be. */
  if (!reread)
    gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
failed_cb (CuoccKernelLoader *loader,
           const char        *source_name,
           const GError      *error,
           gboolean           reread,
           CuoccKernelsPanel *self)
{
  set_busy (self, cuocc_kernels_panel_is_busy (self));
  if (loader == self->loader)
    set_loading (self, NULL);
  g_signal_emit (self, signals[IMPORT_FAILED], 0, source_name, error, reread);
}

/* Whether the row passes the filters; those but the architecture's when
 * check_arch is FALSE. */
static gboolean
row_passes (CuoccKernelsPanel *self,
            CuoccKernelItem   *item,
            gboolean           check_arch)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  guint arch = gtk_drop_down_get_selected (self->arch_dropdown);

  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);
  guint limiter = gtk_drop_down_get_selected (self->limiter_dropdown);
  double below = gtk_spin_button_get_value (self->below_spin);

  /* Comparing GPUs, "One row a kernel" (_cuocc_kernels_panel_gpus_pass ()). */
  if (check_arch && arch == ARCH_LOADED && !_cuocc_kernels_panel_comparing (self) && k->loaded != CUOCC_LOAD_YES &&
      k->loaded != CUOCC_LOAD_UNKNOWN)
    return FALSE;
  if (!_cuocc_kernels_panel_gpus_pass (self, item, check_arch))
    return FALSE;
  if (check_arch && arch >= N_ARCH_CHOICES && arch != GTK_INVALID_LIST_POSITION &&
      g_strcmp0 (k->arch, gtk_string_list_get_string (self->arches, arch)) != 0)
    return FALSE;
  if (limiter != LIMITER_ANY && limiter != GTK_INVALID_LIST_POSITION &&
      (ev->occupancy < 0 || !(ev->limiters & (1u << (limiter - 1)))))
    return FALSE;
  /* Below 100 %: the kernels worked out on the GPU whose occupancy is less. */
  if (below < 100 && (ev->occupancy < 0 || ev->occupancy * 100.0 >= below))
    return FALSE;
  if (self->bin >= 0 && (ev->occupancy < 0 || (int) cuocc_histogram_bin (ev->occupancy) != self->bin))
    return FALSE;
  if (gtk_toggle_button_get_active (self->changed_toggle) &&
      cuocc_kernel_item_get_change (item, NULL) == CUOCC_KERNEL_SAME)
    return FALSE;
  return cuocc_kernel_item_matches (item, (const char * const *) self->words);
}

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  return row_passes (user_data, item, TRUE);
}

/* Whether some row passes every filter but the architecture's: only then
 * is it the GPU that hides them. */
static gboolean
arch_hides (CuoccKernelsPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      if (row_passes (self, item, FALSE))
        return TRUE;
    }
  return FALSE;
}

/* What the search looks for: each word anywhere in the name (or the
 * mangled name, or the architecture), in any order; text in double quotes
 * as typed, spaces and all ("globalKernel<8, 32" finds that instance, not
 * every globalKernel), its closing quote optional. */
static char **
search_words (const char *folded)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  const char *p = folded;

  while (*p != '\0')
    {
      const char *end;

      if (*p == ' ' || *p == '\t')
        {
          p++;
          continue;
        }
      if (*p == '"')
        {
          end = strchr (p + 1, '"');
          if (end == NULL)
            end = p + strlen (p);
          if (end > p + 1)
            g_ptr_array_add (words, g_strndup (p + 1, end - p - 1));
          p = *end == '"' ? end + 1 : end;
          continue;
        }
      end = p + strcspn (p, " \t\"");
      g_ptr_array_add (words, g_strndup (p, end - p));
      p = end;
    }
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&words), FALSE);
}

static void
search_changed_cb (CuoccKernelsPanel *self)
{
  g_autofree char *folded = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), -1);

  g_strfreev (self->words);
  self->words = search_words (folded);
  refilter (self);
}

/* Enter in the search chooses the first kernel it shows. */
static void
search_activate_cb (CuoccKernelsPanel *self)
{
  /* Enter may come before the entry's delayed search. */
  search_changed_cb (self);
  if (g_list_model_get_n_items (G_LIST_MODEL (self->shown)) > 0)
    cuocc_kernels_panel_choose (self, 0);
}

static void
stop_search_cb (CuoccKernelsPanel *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

static void
selection_changed_cb (CuoccKernelsPanel *self)
{
  CuoccKernelItem *item = gtk_single_selection_get_selected_item (self->selection);

  /* A kernel the search hides stays chosen. */
  if (self->selecting || item == NULL || item == self->chosen)
    return;

  set_chosen (self, item, TRUE);
}

static void
arch_changed_cb (CuoccKernelsPanel *self)
{
  if (self->arches == NULL)
    return;
  refilter (self);
}

static void
show_all_cb (CuoccKernelsPanel *self)
{
  gtk_drop_down_set_selected (self->arch_dropdown, ARCH_ALL);
}

static void
filters_changed_cb (CuoccKernelsPanel *self)
{
  refilter (self);
}

/* A bar of the summary shows its kernels; the same bar again shows all. */
static void
bar_clicked_cb (CuoccKernelsPanel *self,
                guint              bin)
{
  self->bin = self->bin == (int) bin ? -1 : (int) bin;
  cuocc_histogram_view_set_highlighted (self->histogram_view, self->bin);
  refilter (self);
}

static void
load_button_cb (CuoccKernelsPanel *self)
{
  const CuoccKernel *k = cuocc_kernels_panel_get_chosen (self, NULL);
  CuoccKernelItem *sibling;

  if (k == NULL)
    return;
  if (k->loaded == CUOCC_LOAD_OTHER && (sibling = _cuocc_kernels_panel_loaded_sibling (self, k)) != NULL)
    choose_entry (self, sibling);
  else if (k->loaded == CUOCC_LOAD_NONE)
    g_signal_emit (self, signals[SWITCH_GPU], 0, k->cc_major, k->cc_minor);
}

/* ----- get/set_property ----- */

static void
cuocc_kernels_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SIDEBAR_WIDTH:
      g_value_set_int (value, self->sidebar_width);
      break;
    case PROP_COMPARE_GPUS:
      g_value_set_boxed (value, self->gpu_ids);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_kernels_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SIDEBAR_WIDTH:
      cuocc_kernels_panel_set_sidebar_width (self, g_value_get_int (value));
      break;
    case PROP_COMPARE_GPUS:
      cuocc_kernels_panel_set_compare_gpus (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- dispose / finalize ----- */

static void
cuocc_kernels_panel_dispose (GObject *object)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  drop_loader (self, &self->loader);
  drop_loader (self, &self->compare_loader);
  if (self->eval_cancellable != NULL)
    g_cancellable_cancel (self->eval_cancellable);
  g_clear_object (&self->eval_cancellable);
  if (self->gpus_cancellable != NULL)
    g_cancellable_cancel (self->gpus_cancellable);
  g_clear_object (&self->gpus_cancellable);
  g_clear_pointer (&self->gpus, cuocc_gpu_comparison_unref);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  /* The view's sorter changes as the view lets go of its columns; the
   * view lives as long as the box, which a first dispose lets go of. */
  if (self->box != NULL)
    g_signal_handlers_disconnect_by_func (gtk_column_view_get_sorter (self->column_view), sorter_changed_cb, self);
  g_clear_handle_id (&self->top_id, g_source_remove);
  g_clear_object (&self->compare_store);

  stop_growing (self);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_object (&self->filter);
  g_clear_object (&self->chosen);

  G_OBJECT_CLASS (cuocc_kernels_panel_parent_class)->dispose (object);
}

static void
cuocc_kernels_panel_finalize (GObject *object)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  g_strfreev (self->words);
  g_free (self->pending_key);
  g_free (self->compare_name);
  g_strfreev (self->gpu_ids);

  G_OBJECT_CLASS (cuocc_kernels_panel_parent_class)->finalize (object);
}

/* ----- class_init / init ----- */

static void
cuocc_kernels_panel_class_init (CuoccKernelsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cuocc_kernels_panel_dispose;
  object_class->finalize = cuocc_kernels_panel_finalize;
  object_class->get_property = cuocc_kernels_panel_get_property;
  object_class->set_property = cuocc_kernels_panel_set_property;

  /* The sidebar's width in pixels, which a drag on its right edge sets. */
  props[PROP_SIDEBAR_WIDTH] =
    g_param_spec_int ("sidebar-width", NULL, NULL, SIDEBAR_MIN_WIDTH, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The GPUs compared with the calculator's, by their ids (the settings
   * keep them). */
  props[PROP_COMPARE_GPUS] =
    g_param_spec_boxed ("compare-gpus", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* The chosen kernel: cuocc_kernels_panel_get_chosen(). */
  signals[KERNEL_CHOSEN] =
    g_signal_new ("kernel-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Chosen again with the key cuocc_kernels_panel_load_file was given. */
  signals[KERNEL_RESTORED] =
    g_signal_new ("kernel-restored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The source's name, the error, and whether it was a re-read of a
   * changed file. */
  signals[IMPORT_FAILED] =
    g_signal_new ("import-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_ERROR, G_TYPE_BOOLEAN);

  /* The compute capability of a GPU that runs the chosen entry, which the
   * user asked to switch to. */
  signals[SWITCH_GPU] =
    g_signal_new ("switch-gpu", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  /* A file or text was read and its kernels are shown: the window keeps
   * what was opened (cuocc_kernels_panel_get_file ()). */
  signals[LOADED] =
    g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-kernels-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, source_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, list_stack);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, column_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, loading_page);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, loading_bar);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, limiter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, below_spin);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, changed_toggle);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, gpus_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, differ_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, differ_check);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, differ_spin);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, count_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, block_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, count_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, details_separator);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, details_scroll);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, details_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, name_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, figures_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, spill_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, spill_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, profiler_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, arch_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, load_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, load_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, load_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, change_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, compare_label);
  gtk_widget_class_bind_template_callback (widget_class, load_button_cb);
  gtk_widget_class_bind_template_callback (widget_class, show_all_cb);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, no_match_page);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, show_all_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, summary_expander);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, histogram_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, limiter_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, losers_heading);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, losers_box);
  gtk_widget_class_bind_template_callback_full (widget_class, "export_histogram_cb",
                                                G_CALLBACK (_cuocc_kernels_panel_export_histogram_cb));

  /* The path written and the error, or NULL, of an export the user asked
   * for. */
  g_signal_new ("histogram-exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cuocc_kernels_panel_init (CuoccKernelsPanel *self)
{
  g_autoptr(GtkStringList) limiters = NULL;

  g_type_ensure (ADW_TYPE_STATUS_PAGE);
  g_type_ensure (CUOCC_TYPE_HISTOGRAM_VIEW);
  gtk_widget_init_template (GTK_WIDGET (self));

  /* A name wraps inside identifiers: Pango would hyphenate
   * "cublasSplitKParams<fl-oat>", which reads as part of the name. */
  {
    PangoAttrList *attrs = pango_attr_list_new ();

    pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
    gtk_label_set_attributes (self->name_label, attrs);
    pango_attr_list_unref (attrs);
  }

  self->comparison = -1;
  self->bin = -1;
  self->sidebar_width = SIDEBAR_MIN_WIDTH;
  {
    GtkGesture *drag = gtk_gesture_drag_new ();
    GtkEventController *motion = gtk_event_controller_motion_new ();

    /* Before the table's own handlers: a press on the edge is a resize. */
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
    g_signal_connect (drag, "drag-begin", G_CALLBACK (resize_begin_cb), self);
    g_signal_connect (drag, "drag-update", G_CALLBACK (resize_update_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
    g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), motion);
  }
  {
    const char *choices[] = { _("All architectures"), _("Loaded on this GPU"), NULL };

    self->arches = gtk_string_list_new (choices);
    gtk_drop_down_set_model (self->arch_dropdown, G_LIST_MODEL (self->arches));
    g_object_unref (self->arches);
    /* What runs on the chosen GPU is what a user asks about first: an
     * sm_35 entry beside the sm_90 one is noise on an H100. */
    gtk_drop_down_set_selected (self->arch_dropdown, ARCH_LOADED);
  }
  limiters = gtk_string_list_new (NULL);
  gtk_string_list_append (limiters, _("Any limiter"));
  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    {
      /* Translators: a filter, e.g. "Limited by Registers" */
      g_autofree char *text = g_strdup_printf (_("Limited by %s"), cuocc_limit_title (1u << bit));

      gtk_string_list_append (limiters, text);
    }
  gtk_drop_down_set_model (self->limiter_dropdown, G_LIST_MODEL (limiters));
  self->store = g_list_store_new (CUOCC_TYPE_KERNEL_ITEM);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  _cuocc_kernels_panel_add_columns (self->column_view);
  self->shown = cuocc_kernel_rows_new (GTK_FILTER (self->filter));
  cuocc_kernel_rows_set_model (self->shown, G_LIST_MODEL (self->store));
  self->growing = gtk_slice_list_model_new (G_LIST_MODEL (self->shown), 0, G_MAXUINT);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->growing));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);

  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect (self, "map", G_CALLBACK (map_cb), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (unmap_cb), NULL);
  g_signal_connect_object (gtk_column_view_get_sorter (self->column_view), "changed", G_CALLBACK (sorter_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (search_activate_cb), self);
  g_signal_connect_swapped (self->search_entry, "stop-search", G_CALLBACK (stop_search_cb), self);

  self->loader = cuocc_kernel_loader_new ();
  self->compare_loader = cuocc_kernel_loader_new ();
  g_signal_connect (self->loader, "loaded", G_CALLBACK (loaded_cb), self);
  g_signal_connect (self->loader, "failed", G_CALLBACK (failed_cb), self);
  g_signal_connect (self->compare_loader, "loaded", G_CALLBACK (loaded_cb), self);
  g_signal_connect (self->compare_loader, "failed", G_CALLBACK (failed_cb), self);
  g_signal_connect_swapped (self->arch_dropdown, "notify::selected", G_CALLBACK (arch_changed_cb), self);
  g_signal_connect_swapped (self->limiter_dropdown, "notify::selected", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->below_spin, "value-changed", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->changed_toggle, "toggled", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->histogram_view, "bar-clicked", G_CALLBACK (bar_clicked_cb), self);
  _cuocc_kernels_panel_init_gpus (self);

  update_list_page (self);
}

/* ----- public API ----- */

/* Reads a log in the background; "import-failed" tells of a failure. Once
 * it is read, the kernel with @key (as cuocc_kernels_panel_get_chosen gave
 * it), if there is one, is chosen again; NULL keeps the chosen kernel if the
 * new list has it. */
void
cuocc_kernels_panel_load_file (CuoccKernelsPanel *self,
                               GFile             *file,
                               const char        *key)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));

  g_free (self->pending_key);
  self->pending_key = g_strdup (key);
  start_loading (self, self->loader, file);
}

void
cuocc_kernels_panel_load_text (CuoccKernelsPanel *self,
                               const char        *text)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (text != NULL);

  set_busy (self, TRUE);
  cuocc_kernel_loader_load_text (self->loader, text, _("Pasted log"));
}

gboolean
cuocc_kernels_panel_is_busy (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), FALSE);

  return cuocc_kernel_loader_is_busy (self->loader) || cuocc_kernel_loader_is_busy (self->compare_loader);
}

/* The watched file, or NULL when the list came from the clipboard. */
GFile *
cuocc_kernels_panel_get_file (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return cuocc_kernel_loader_get_file (self->loader);
}

guint
cuocc_kernels_panel_get_n_kernels (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}

/* The kernels the search lets through, as CuoccKernelItems. */
GListModel *
cuocc_kernels_panel_get_shown (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return G_LIST_MODEL (self->shown);
}

GtkEditable *
cuocc_kernels_panel_get_search (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return GTK_EDITABLE (self->search_entry);
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

/* The chosen kernel, or NULL; @key, if not NULL, is set to its entry's key
 * (which a session keeps, for cuocc_kernels_panel_load_file), or NULL. */
const CuoccKernel *
cuocc_kernels_panel_get_chosen (CuoccKernelsPanel  *self,
                                const char        **key)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  if (key != NULL)
    *key = self->chosen ? cuocc_kernel_item_get_key (self->chosen) : NULL;
  return self->chosen ? cuocc_kernel_item_get_kernel (self->chosen) : NULL;
}

/* Reads a second build in the background and marks what changed in the
 * list against it. */
void
cuocc_kernels_panel_compare_file (CuoccKernelsPanel *self,
                                  GFile             *file)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));

  start_loading (self, self->compare_loader, file);
}

GtkDropDown *
cuocc_kernels_panel_get_arch_dropdown (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->arch_dropdown;
}

/* The GPU and the block size every row is worked out for; a kernel that
 * declares its block size keeps it. The rows are worked out again in the
 * background: the window goes on while 60,000 of them are. */
void
cuocc_kernels_panel_set_launch (CuoccKernelsPanel *self,
                                const CuoccGpu    *gpu,
                                int                threads)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (gpu != NULL);

  if (self->have_gpu && self->threads == threads && memcmp (&self->gpu.cap, &gpu->cap, sizeof gpu->cap) == 0)
    {
      set_gpu (self, gpu->cap.major, gpu->cap.minor);
      return;
    }
  self->have_gpu = TRUE;
  self->gpu = *gpu;
  self->threads = threads;
  update_list_page (self);
  cuocc_kernel_loader_set_launch (self->loader, gpu, threads);
  if (self->gpu_major == gpu->cap.major && self->gpu_minor == gpu->cap.minor)
    _cuocc_kernels_panel_evaluate (self);
  else
    set_gpu (self, gpu->cap.major, gpu->cap.minor);
}

/* Whether the rows are worked out for the GPU and block size last given. */
gboolean
cuocc_kernels_panel_is_evaluated (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), FALSE);

  return self->eval_cancellable == NULL && self->gpus_cancellable == NULL;
}

/* Puts the keyboard in the search, its text selected (Ctrl+F). */
void
cuocc_kernels_panel_focus_search (CuoccKernelsPanel *self)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
}

GtkColumnView *
cuocc_kernels_panel_get_column_view (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->column_view;
}

/* Sorts the table by a column ("kernel", "occupancy" …), as a click on its
 * header does. */
void
cuocc_kernels_panel_sort_by (CuoccKernelsPanel *self,
                             const char        *column_id,
                             GtkSortType        order)
{
  GtkColumnViewColumn *column;

  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  column = _cuocc_kernels_panel_get_column (self->column_view, column_id);
  g_return_if_fail (column != NULL);
  gtk_column_view_sort_by_column (self->column_view, column, order);
  select_chosen (self);
}

GtkDropDown *
cuocc_kernels_panel_get_limiter_dropdown (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->limiter_dropdown;
}

GtkSpinButton *
cuocc_kernels_panel_get_below_spin (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->below_spin;
}

GtkToggleButton *
cuocc_kernels_panel_get_changed_toggle (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->changed_toggle;
}

const char *
cuocc_kernels_panel_get_compare_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->compare_label)) ? gtk_label_get_label (self->compare_label) : NULL;
}

/* The page the table's place shows: "loading", "empty", "no-match" or "list". */
const char *
cuocc_kernels_panel_get_page (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_stack_get_visible_child_name (self->list_stack);
}

/* What the count under the table says, or NULL when it is hidden. */
const char *
cuocc_kernels_panel_get_count_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->count_label)) ? gtk_label_get_label (self->count_label) : NULL;
}

GtkLabel *
cuocc_kernels_panel_get_name_label (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->name_label;
}

/* What a cell of the column (in the table's order) shows for an item, a
 * CuoccKernelItem. */
char *
cuocc_kernels_panel_get_cell_text (CuoccKernelsPanel *self,
                                   gpointer           item,
                                   guint              column)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (item), NULL);
  g_return_val_if_fail (column < N_TABLE_COLUMNS, NULL);

  return _cuocc_kernels_panel_cell_text (item, column);
}

/* ----- shared with the panel's files ----- */

/* The spinner, while a file is read or GPUs are compared. */
void
_cuocc_kernels_panel_set_busy (CuoccKernelsPanel *self)
{
  set_busy (self, cuocc_kernels_panel_is_busy (self) || self->gpus_cancellable != NULL);
}

void
_cuocc_kernels_panel_refresh_shown (CuoccKernelsPanel *self,
                                    gboolean           every_filter)
{
  refresh_shown (self, every_filter);
}

/* The rows were worked out again, and marked with what loads on the GPU
 * if marked: the table, its filters, the summary and the details show the
 * new figures. */
void
_cuocc_kernels_panel_evaluated (CuoccKernelsPanel *self,
                                gboolean           was_marked)
{
  _cuocc_kernels_panel_update_summary (self);
  refresh_shown (self, was_marked);
  if (was_marked)
    marked (self);
}

/* The sidebar's width, clamped to what the window always has room for. */
void
cuocc_kernels_panel_set_sidebar_width (CuoccKernelsPanel *self,
                                       int                width)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  width = CLAMP (width, SIDEBAR_MIN_WIDTH, SIDEBAR_MAX_WIDTH);
  if (self->sidebar_width == width)
    return;
  self->sidebar_width = width;
  gtk_widget_set_size_request (self->box, width, -1);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SIDEBAR_WIDTH]);
}

int
cuocc_kernels_panel_get_sidebar_width (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), 0);

  return self->sidebar_width;
}

/* The summary's bar the table is filtered to, or -1. */
int
cuocc_kernels_panel_get_bin (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), -1);

  return self->bin;
}

/* What the page without matching kernels says, or NULL. */
const char *
cuocc_kernels_panel_get_no_match_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return adw_status_page_get_description (self->no_match_page);
}

GtkButton *
cuocc_kernels_panel_get_show_all_button (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return GTK_BUTTON (self->show_all_button);
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
