/* cuocc-kernels-panel-gpus.c — the kernels table on several GPUs: the
 * GPUs chosen to compare, a column each and the difference (issue 27 §3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Compare GPUs" (a popover over the table: a searchable list of GPUs,
 * several checked, the calculator's GPU always first and always compared)
 * adds a column a GPU and a "Difference" column, which sort and filter as
 * the others do. The kernels are worked out on every GPU in a worker
 * thread, by the library's comparison (cuocc-gpu-comparison.c, over
 * cuocc_import_comparison_new ()): the command line's
 * `cuocc --import FILE --gpu A --gpu B` answers, a kernel a row. While
 * a comparison is on, the architecture filter's second choice is "One row
 * a kernel": the entry of each kernel that loads on the calculator's GPU,
 * or the kernel's first where none does, so that a kernel the GPU cannot
 * run still has its row.
 *
 * PTX that runs on a GPU compared gets the figures ptxas gives it for that
 * GPU's target, from the cache the table's assemblies fill (Assemble PTX
 * Kernels, a PTX kernel chosen); where there are none, its cell says it
 * needs assembly, and Assemble PTX Kernels, while GPUs are compared,
 * assembles for each GPU's target after the calculator's, in the
 * comparison's worker, with the same progress and Cancel.
 *
 * The GPUs chosen are the user's: they are kept (the window binds them to
 * the settings), a GPU that cannot be found is kept in the choice and only
 * left out of the columns, and the calculator's GPU is never written into
 * the choice.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

/* ----- the comparison's worker ----- */

/* Where the worker's ptxas runs are, for the progress above the table. */
typedef struct _CuoccGpusProgress CuoccGpusProgress;
struct _CuoccGpusProgress {
  int gpu;
  int done;
  int total;
};

typedef struct {
  CuoccKernel *entries;            /* the store's, their strings the items' */
  guint n;
  GListStore *store;
  CuoccGpu *gpus;
  guint n_gpus;
  int threads;
  guint generation;
  CuoccPtxas *ptxas;               /* NULL: none found (yet) */
  gboolean assemble;
  guint timeout_s;
  GCancellable *ptx_cancellable;   /* stops ptxas alone */
  CuoccGpusProgress *progress;
  CuoccGpuComparison *out;
} GpusJob;

static void
gpus_job_free (GpusJob *job)
{
  g_free (job->entries);
  g_free (job->gpus);
  g_clear_object (&job->store);
  g_clear_pointer (&job->ptxas, cuocc_ptxas_unref);
  g_clear_object (&job->ptx_cancellable);
  g_atomic_rc_box_release (job->progress);
  g_clear_pointer (&job->out, cuocc_gpu_comparison_unref);
  g_free (job);
}

static void
progress_cb (guint    gpu,
             guint    done,
             guint    total,
             gpointer user_data)
{
  CuoccGpusProgress *progress = user_data;

  g_atomic_int_set (&progress->gpu, (int) gpu);
  g_atomic_int_set (&progress->total, (int) total);
  g_atomic_int_set (&progress->done, (int) done);
}

static void
gpus_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GpusJob *job = task_data;
  CuoccGpuComparisonPtx ptx = { 0 };

  ptx.ptxas = job->ptxas;
  ptx.assemble = job->assemble;
  ptx.timeout_s = job->timeout_s;
  ptx.cancellable = job->ptx_cancellable;
  ptx.progress = progress_cb;
  ptx.user_data = job->progress;
  job->out = cuocc_gpu_comparison_compute (job->entries, job->n, G_OBJECT (job->store), job->gpus, job->n_gpus,
                                           job->threads, &ptx, cancellable);
  g_task_return_boolean (task, job->out != NULL);
}

static void show_columns (CuoccKernelsPanel *self);

static gboolean
progress_tick_cb (gpointer data)
{
  _cuocc_kernels_panel_ptxas_gpus_changed (data);
  return G_SOURCE_CONTINUE;
}

static void
stop_progress (CuoccKernelsPanel *self)
{
  g_clear_handle_id (&self->gpus_progress_source, g_source_remove);
  g_clear_pointer (&self->gpus_progress, g_atomic_rc_box_release);
  self->gpus_assembling = FALSE;
}

static void
set_items (CuoccKernelsPanel  *self,
           CuoccGpuComparison *gpus)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_set_gpus (item, gpus, i);
    }
  g_clear_pointer (&self->gpus, cuocc_gpu_comparison_unref);
  self->gpus = gpus != NULL ? cuocc_gpu_comparison_ref (gpus) : NULL;
}

static void
gpus_done_cb (GObject      *object,
              GAsyncResult *res,
              gpointer      user_data)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);
  GpusJob *job = g_task_get_task_data (G_TASK (res));
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));

  if (g_cancellable_is_cancelled (cancellable) || job->generation != self->gpus_generation || job->out == NULL ||
      job->store != self->store || job->n != g_list_model_get_n_items (G_LIST_MODEL (self->store)))
    return;

  g_clear_object (&self->gpus_cancellable);
  g_clear_object (&self->gpus_ptx_cancellable);
  stop_progress (self);
  set_items (self, job->out);
  show_columns (self);
  _cuocc_kernels_panel_refresh_shown (self, TRUE);
  _cuocc_kernels_panel_set_busy (self);
  /* ptxas looked for, Assemble PTX Kernels on or off, its progress gone. */
  _cuocc_kernels_panel_ptxas_gpus_changed (self);
  /* ptxas was found while this was worked out without it: its cache. */
  if (job->ptxas == NULL)
    _cuocc_kernels_panel_gpus_ptxas (self, FALSE);
}

/* ----- the columns ----- */

/* The GPUs the columns are for: the calculator's first, then those chosen
 * that resolve and are not it, each once. */
static guint
chosen_gpus (CuoccKernelsPanel *self,
             CuoccGpu          *gpus)
{
  guint n = 0;

  if (!self->have_gpu)
    return 0;
  gpus[n++] = self->gpu;
  for (guint i = 0; self->gpu_ids != NULL && self->gpu_ids[i] != NULL && n < CUOCC_COMPARE_MAX_GPUS; i++)
    {
      CuoccGpu gpu;
      gboolean seen = FALSE;

      if (!cuocc_gpu_resolve_id (self->gpu_ids[i], &gpu, NULL))
        continue;
      for (guint j = 0; j < n && !seen; j++)
        seen = g_str_equal (gpus[j].name, gpu.name) && memcmp (&gpus[j].cap, &gpu.cap, sizeof gpu.cap) == 0;
      if (!seen)
        gpus[n++] = gpu;
    }
  return n;
}

/* The columns follow the comparison shown: none without one, else the
 * difference and a column a GPU, after the architecture; a column whose
 * GPU stays keeps its place and its cells. */
static void
show_columns (CuoccKernelsPanel *self)
{
  guint n_gpus = self->gpus != NULL ? cuocc_gpu_comparison_get_n_gpus (self->gpus) : 0;
  GtkColumnViewColumn *difference = _cuocc_kernels_panel_get_column (self->column_view, "difference");
  guint position = 2;              /* after the kernel and its architecture */

  GtkColumnViewColumn *arch = _cuocc_kernels_panel_get_column (self->column_view, "arch");

  if (n_gpus >= 2 && difference == NULL)
    {
      GtkAdjustment *h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->column_view));

      _cuocc_kernels_panel_insert_column (self->column_view, TABLE_DIFFERENCE, position);
      /* The comparison comes into view beside the kernels' names. */
      if (h != NULL)
        gtk_adjustment_set_value (h, gtk_adjustment_get_lower (h));
    }
  else if (n_gpus < 2 && difference != NULL)
    gtk_column_view_remove_column (self->column_view, difference);
  /* Each GPU's cell says which entry runs there ("Warps · sm_90"): the
   * architecture's column gives its room to them, which at the sidebar's
   * default width (800 × 600) keeps the first GPU's beside the names. */
  if (arch != NULL && gtk_column_view_column_get_visible (arch) != (n_gpus < 2))
    gtk_column_view_column_set_visible (arch, n_gpus < 2);
  for (guint g = 0; g < CUOCC_COMPARE_MAX_GPUS; g++)
    {
      g_autofree char *id = g_strdup_printf ("gpu%u", g);
      GtkColumnViewColumn *column = _cuocc_kernels_panel_get_column (self->column_view, id);

      if (g >= n_gpus || n_gpus < 2)
        {
          if (column != NULL)
            gtk_column_view_remove_column (self->column_view, column);
          continue;
        }
      if (column == NULL)
        column = _cuocc_kernels_panel_insert_column (self->column_view, TABLE_GPU_FIRST + g, position + 1 + g);
      {
        g_autofree char *title = cuocc_gpu_short_name (cuocc_gpu_comparison_get_gpu (self->gpus, g));

        if (g_strcmp0 (gtk_column_view_column_get_title (column), title) != 0)
          gtk_column_view_column_set_title (column, title);
      }
    }
  gtk_widget_set_visible (self->differ_box, n_gpus >= 2);
  {
    /* The architecture filter's second choice, as it filters now. */
    const char *loaded[] = { n_gpus >= 2 ? _("One row a kernel") : _("Loaded on this GPU"), NULL };

    if (g_strcmp0 (gtk_string_list_get_string (self->arches, ARCH_LOADED), loaded[0]) != 0)
      gtk_string_list_splice (self->arches, ARCH_LOADED, 1, loaded);
  }
}

/* ----- the popover ----- */

static gboolean
is_chosen (CuoccKernelsPanel *self,
           const char        *id)
{
  return self->gpu_ids != NULL && g_strv_contains ((const char * const *) self->gpu_ids, id);
}

static void
set_ids (CuoccKernelsPanel  *self,
         GPtrArray          *ids)
{
  g_ptr_array_add (ids, NULL);
  cuocc_kernels_panel_set_compare_gpus (self, (const char * const *) ids->pdata);
}

static void
check_toggled_cb (GtkCheckButton    *check,
                  CuoccKernelsPanel *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), "cuocc-gpu-id");
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  gboolean active = gtk_check_button_get_active (check);

  if (active == is_chosen (self, id))
    return;
  /* In the order they were chosen: the columns' order. */
  for (guint i = 0; self->gpu_ids != NULL && self->gpu_ids[i] != NULL; i++)
    if (!g_str_equal (self->gpu_ids[i], id))
      g_ptr_array_add (ids, self->gpu_ids[i]);
  if (active)
    g_ptr_array_add (ids, (gpointer) id);
  set_ids (self, ids);
}

static gboolean
row_filter_cb (GtkListBoxRow *row,
               gpointer       user_data)
{
  GtkEditable *search = user_data;
  CuoccGpuChoice *choice = g_object_get_data (G_OBJECT (row), "cuocc-gpu-choice");

  /* The calculator's GPU stays, whatever the search. */
  return choice == NULL || cuocc_gpu_choice_matches (choice, gtk_editable_get_text (search));
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   GtkListBox     *list)
{
  gtk_list_box_invalidate_filter (list);
}

static GtkWidget *
check_row (const char *title,
           const char *subtitle)
{
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), label);
  if (subtitle != NULL)
    {
      GtkWidget *sub = gtk_label_new (subtitle);

      gtk_label_set_xalign (GTK_LABEL (sub), 0);
      gtk_widget_add_css_class (sub, "caption");
      gtk_widget_add_css_class (sub, "dim-label");
      gtk_box_append (GTK_BOX (box), sub);
    }
  gtk_check_button_set_child (GTK_CHECK_BUTTON (check), box);
  return check;
}

/* The list, made as the popover opens: the calculator's GPU first (always
 * compared), then the GPUs chosen, in their order, then every other GPU of
 * the GPU list. A chosen GPU the database no longer has keeps its row. */
static void
fill_popover (CuoccKernelsPanel *self)
{
  g_autoptr(GListStore) choices = cuocc_gpu_choice_list_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (choices));
  GtkWidget *child;
  GtkWidget *check;
  guint n_chosen = self->gpu_ids != NULL ? g_strv_length (self->gpu_ids) : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->gpus_list))) != NULL)
    gtk_list_box_remove (self->gpus_list, child);
  gtk_editable_set_text (GTK_EDITABLE (self->gpus_search), "");

  if (self->have_gpu)
    {
      /* Translators: the first row of "Compare GPUs": the calculator's GPU, always compared */
      check = check_row (self->gpu.name, _("The calculator’s GPU, always first"));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      gtk_widget_set_sensitive (check, FALSE);
      gtk_list_box_append (self->gpus_list, check);
    }
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < (pass == 0 ? n_chosen : n); i++)
      {
        g_autoptr(CuoccGpuChoice) choice = NULL;
        const char *id, *title;
        GtkWidget *row;

        if (pass == 0)
          {
            /* The chosen, in their order; found in the list or not. */
            id = self->gpu_ids[i];
            for (guint j = 0; j < n && choice == NULL; j++)
              {
                g_autoptr(CuoccGpuChoice) c = g_list_model_get_item (G_LIST_MODEL (choices), j);

                if (g_strcmp0 (cuocc_gpu_choice_get_id (c), id) == 0)
                  choice = g_object_ref (c);
              }
            if (choice == NULL)
              choice = cuocc_gpu_choice_new (CUOCC_GPU_CHOICE_CUSTOM, id, id);
          }
        else
          {
            choice = g_list_model_get_item (G_LIST_MODEL (choices), i);
            id = cuocc_gpu_choice_get_id (choice);
            if (cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_LOAD_FILE ||
                cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_DETECTED || id == NULL ||
                is_chosen (self, id))
              continue;
          }
        title = cuocc_gpu_choice_get_title (choice);
        if (self->have_gpu && g_str_equal (title, self->gpu.name))
          continue;
        {
          CuoccGpu gpu = { 0 };
          g_autofree char *subtitle = NULL;

          gboolean found = cuocc_gpu_resolve_id (id, &gpu, NULL);

          if (found && gpu.sm_count > 0)
            /* Translators: under a GPU's name in "Compare GPUs", e.g. "Compute capability 8.9, 128 SMs" */
            subtitle = g_strdup_printf (_("Compute capability %d.%d, %d SMs"), gpu.cap.major, gpu.cap.minor,
                                        gpu.sm_count);
          else if (!found)
            subtitle = g_strdup (_("Not found: left out of the table"));
          check = check_row (title, subtitle);
        }
        gtk_check_button_set_active (GTK_CHECK_BUTTON (check), pass == 0);
        g_object_set_data_full (G_OBJECT (check), "cuocc-gpu-id", g_strdup (id), g_free);
        g_signal_connect (check, "toggled", G_CALLBACK (check_toggled_cb), self);
        gtk_list_box_append (self->gpus_list, check);
        row = gtk_widget_get_parent (check);
        g_object_set_data_full (G_OBJECT (row), "cuocc-gpu-choice", g_steal_pointer (&choice), g_object_unref);
      }
}

static void
popover_show_cb (CuoccKernelsPanel *self)
{
  fill_popover (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->gpus_search));
}

static void
clear_clicked_cb (CuoccKernelsPanel *self)
{
  cuocc_kernels_panel_set_compare_gpus (self, NULL);
  fill_popover (self);
}

static void
differ_changed_cb (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_refresh_shown (self, TRUE);
}

/* ----- shared with the panel ----- */

/* The popover of the "Compare GPUs" button and the difference filter's
 * signals; once, from the panel's init. */
void
_cuocc_kernels_panel_init_gpus (CuoccKernelsPanel *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_label_new (_("Compare GPUs"));
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *clear = gtk_button_new_with_mnemonic (_("_Compare None"));

  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (box), heading);
  self->gpus_search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  /* GTK 4.8's search entry has no placeholder call (4.10's); its property is there. */
  g_object_set (self->gpus_search, "placeholder-text", _("Search GPUs"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->gpus_search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search GPUs"), -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->gpus_search));
  self->gpus_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->gpus_list, GTK_SELECTION_NONE);
  gtk_list_box_set_filter_func (self->gpus_list, row_filter_cb, self->gpus_search, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->gpus_list), "boxed-list");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroll), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroll), 360);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), GTK_WIDGET (self->gpus_list));
  gtk_widget_set_size_request (scroll, 300, -1);
  gtk_box_append (GTK_BOX (box), scroll);
  gtk_widget_set_halign (clear, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (box), clear);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (self->gpus_button, popover);

  g_signal_connect (self->gpus_search, "search-changed", G_CALLBACK (search_changed_cb), self->gpus_list);
  g_signal_connect_swapped (popover, "show", G_CALLBACK (popover_show_cb), self);
  g_signal_connect_swapped (clear, "clicked", G_CALLBACK (clear_clicked_cb), self);
  g_signal_connect_swapped (self->differ_check, "toggled", G_CALLBACK (differ_changed_cb), self);
  g_signal_connect_swapped (self->differ_spin, "value-changed", G_CALLBACK (differ_changed_cb), self);
  g_object_bind_property (self->differ_check, "active", self->differ_spin, "sensitive", G_BINDING_SYNC_CREATE);
}

/* Works the kernels out again on the GPUs compared, in a worker (with
 * @assemble, running ptxas for what the cache lacks), or takes the
 * comparison away when fewer than two GPUs are. */
static void
compare (CuoccKernelsPanel *self,
         gboolean           assemble)
{
  g_autoptr(GTask) task = NULL;
  CuoccGpu gpus[CUOCC_COMPARE_MAX_GPUS];
  guint n_gpus = chosen_gpus (self, gpus);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  GpusJob *job;

  _cuocc_kernels_panel_gpus_stop (self);
  self->gpus_generation++;
  if (n_gpus < 2 || n == 0)
    {
      gboolean had = self->gpus != NULL;

      if (had)
        set_items (self, NULL);
      show_columns (self);
      if (had)
        _cuocc_kernels_panel_refresh_shown (self, TRUE);
      _cuocc_kernels_panel_set_busy (self);
      _cuocc_kernels_panel_ptxas_gpus_changed (self);
      return;
    }

  job = g_new0 (GpusJob, 1);
  job->n = n;
  job->entries = g_new (CuoccKernel, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      /* As read: PTX that ptxas assembled for the calculator's GPU has
       * figures for its target alone; the comparison takes each GPU's
       * from the cache (or ptxas) for that GPU's target. */
      cuocc_kernel_item_get_read_kernel (item, &job->entries[i]);
    }
  job->store = g_object_ref (self->store);
  job->gpus = g_memdup2 (gpus, sizeof gpus[0] * n_gpus);
  job->n_gpus = n_gpus;
  job->threads = self->threads;
  job->generation = self->gpus_generation;
  job->ptxas = self->ptxas != NULL ? cuocc_ptxas_ref (self->ptxas) : NULL;
  job->assemble = assemble && job->ptxas != NULL;
  job->timeout_s = self->ptxas_timeout_s;
  job->ptx_cancellable = g_cancellable_new ();
  job->progress = g_atomic_rc_box_new0 (CuoccGpusProgress);
  g_atomic_int_set (&job->progress->gpu, -1);

  self->gpus_cancellable = g_cancellable_new ();
  self->gpus_ptx_cancellable = g_object_ref (job->ptx_cancellable);
  if (job->assemble)
    {
      self->gpus_assembling = TRUE;
      self->gpus_progress = g_atomic_rc_box_acquire (job->progress);
      self->gpus_progress_source = g_timeout_add (100, progress_tick_cb, self);
    }
  _cuocc_kernels_panel_set_busy (self);
  task = g_task_new (self, self->gpus_cancellable, gpus_done_cb, NULL);
  g_task_set_source_tag (task, _cuocc_kernels_panel_compare_gpus);
  g_task_set_task_data (task, job, (GDestroyNotify) gpus_job_free);
  g_task_run_in_thread (task, gpus_thread);
  _cuocc_kernels_panel_ptxas_gpus_changed (self);
}

void
_cuocc_kernels_panel_compare_gpus (CuoccKernelsPanel *self)
{
  compare (self, FALSE);
}

/* The comparison under way, if any, stops (its ptxas runs too). */
void
_cuocc_kernels_panel_gpus_stop (CuoccKernelsPanel *self)
{
  if (self->gpus_cancellable != NULL)
    g_cancellable_cancel (self->gpus_cancellable);
  if (self->gpus_ptx_cancellable != NULL)
    g_cancellable_cancel (self->gpus_ptx_cancellable);
  g_clear_object (&self->gpus_cancellable);
  g_clear_object (&self->gpus_ptx_cancellable);
  stop_progress (self);
}

/* ptxas found, or its cache grown (an assembly of the table's ended): the
 * comparison is worked out again where PTX in it lacks figures; with
 * @assemble, ptxas runs for every GPU's target (Assemble PTX Kernels). */
void
_cuocc_kernels_panel_gpus_ptxas (CuoccKernelsPanel *self,
                                 gboolean           assemble)
{
  if (self->gpus == NULL || self->ptxas == NULL || self->gpus_assembling)
    return;
  if (cuocc_gpu_comparison_count_ptx_unknown (self->gpus) == 0)
    return;
  compare (self, assemble);
}

/* Stops the comparison's ptxas runs: what they gave is kept, and the
 * comparison comes with it. */
void
_cuocc_kernels_panel_gpus_cancel_ptxas (CuoccKernelsPanel *self)
{
  if (self->gpus_assembling && self->gpus_ptx_cancellable != NULL)
    g_cancellable_cancel (self->gpus_ptx_cancellable);
}

/* The progress of the comparison's ptxas runs, or NULL. */
char *
_cuocc_kernels_panel_gpus_progress (CuoccKernelsPanel *self,
                                    double            *fraction)
{
  int gpu, done, total;
  g_autofree char *name = NULL;

  if (!self->gpus_assembling || self->gpus_progress == NULL || self->ptxas == NULL)
    return NULL;
  gpu = g_atomic_int_get (&self->gpus_progress->gpu);
  total = g_atomic_int_get (&self->gpus_progress->total);
  done = g_atomic_int_get (&self->gpus_progress->done);
  *fraction = total > 0 ? (double) done / total : 0.0;
  if (gpu < 0 || total <= 0)
    /* Translators: the progress of Assemble PTX Kernels for the GPUs compared, before the modules are counted */
    return g_strdup_printf (_("ptxas %s for the GPUs compared…"), cuocc_ptxas_get_version (self->ptxas));
  {
    CuoccGpu gpus[CUOCC_COMPARE_MAX_GPUS];
    guint n_gpus = chosen_gpus (self, gpus);

    name = (guint) gpu < n_gpus ? cuocc_gpu_short_name (&gpus[gpu]) : g_strdup ("?");
  }
  /* Translators: the progress of Assemble PTX Kernels for a GPU compared, e.g. "ptxas 13.0 for H100 SXM5: 3 of 10 modules" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "ptxas %s for %s: %d of %d module",
                                       "ptxas %s for %s: %d of %d modules", total),
                          cuocc_ptxas_get_version (self->ptxas), name, done, total);
}

/* Whether the row passes the comparison's filters: the difference, and
 * with check_arch and "One row a kernel", whether it stands for its kernel. */
gboolean
_cuocc_kernels_panel_gpus_pass (CuoccKernelsPanel *self,
                                CuoccKernelItem   *item,
                                gboolean           check_arch)
{
  guint kernel;
  gboolean stands;
  CuoccGpuComparison *gpus = cuocc_kernel_item_get_gpus (item, &kernel, &stands);

  if (gpus == NULL)
    return TRUE;
  if (check_arch && gtk_drop_down_get_selected (self->arch_dropdown) == ARCH_LOADED && !stands)
    return FALSE;
  if (gtk_check_button_get_active (self->differ_check))
    {
      double difference = cuocc_gpu_comparison_get_difference (gpus, kernel);

      if (difference <= 0 || difference < gtk_spin_button_get_value (self->differ_spin))
        return FALSE;
    }
  return TRUE;
}

/* Whether the panel compares GPUs now (its rows carry the comparison). */
gboolean
_cuocc_kernels_panel_comparing (CuoccKernelsPanel *self)
{
  return self->gpus != NULL;
}

/* A cell of the comparison's columns: its figure for sorting, and whether
 * it is not known. */
double
_cuocc_kernels_panel_gpus_number (CuoccKernelItem *item,
                                  TableColumn      column,
                                  gboolean        *unknown)
{
  guint kernel;
  CuoccGpuComparison *gpus = cuocc_kernel_item_get_gpus (item, &kernel, NULL);
  guint g = column - TABLE_GPU_FIRST;
  double value;

  *unknown = TRUE;
  if (gpus == NULL)
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
_cuocc_kernels_panel_gpus_texts (CuoccKernelItem *item,
                                 TableColumn      column,
                                 char           **first,
                                 char           **second,
                                 char           **tooltip)
{
  guint kernel;
  CuoccGpuComparison *gpus = cuocc_kernel_item_get_gpus (item, &kernel, NULL);
  guint g = column - TABLE_GPU_FIRST;

  *second = NULL;
  if (tooltip != NULL)
    *tooltip = NULL;
  if (gpus == NULL || (column != TABLE_DIFFERENCE && g >= cuocc_gpu_comparison_get_n_gpus (gpus)))
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

/* ----- public API ----- */

/* The GPUs to compare with the calculator's, by their ids (as the GPU
 * list and the settings name them); NULL or none: no comparison. */
void
cuocc_kernels_panel_set_compare_gpus (CuoccKernelsPanel  *self,
                                      const char * const *ids)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  if (ids != NULL && ids[0] == NULL)
    ids = NULL;
  if ((ids == NULL && self->gpu_ids == NULL) ||
      (ids != NULL && self->gpu_ids != NULL && g_strv_equal (ids, (const char * const *) self->gpu_ids)))
    return;
  {
    /* ids may be the choice's own strings (the popover's toggle). */
    char **old = self->gpu_ids;

    self->gpu_ids = g_strdupv ((char **) ids);
    g_strfreev (old);
  }
  g_object_notify (G_OBJECT (self), "compare-gpus");
  _cuocc_kernels_panel_compare_gpus (self);
}

/* The GPUs compared with the calculator's, by their ids; NULL: none. */
const char * const *
cuocc_kernels_panel_get_compare_gpus (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return (const char * const *) self->gpu_ids;
}

/* ----- for the tests ----- */

/* The comparison the rows show, or NULL (while it is worked out, the last). */
CuoccGpuComparison *
cuocc_kernels_panel_get_gpu_comparison (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->gpus;
}

/* Whether the comparison asked for last is shown. */
gboolean
cuocc_kernels_panel_is_compared (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), FALSE);

  return self->gpus_cancellable == NULL;
}

GtkMenuButton *
cuocc_kernels_panel_get_gpus_button (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->gpus_button;
}

GtkListBox *
cuocc_kernels_panel_get_gpus_list (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->gpus_list;
}

GtkEditable *
cuocc_kernels_panel_get_gpus_search (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return GTK_EDITABLE (self->gpus_search);
}

GtkCheckButton *
cuocc_kernels_panel_get_differ_check (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->differ_check;
}

GtkSpinButton *
cuocc_kernels_panel_get_differ_spin (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->differ_spin;
}
