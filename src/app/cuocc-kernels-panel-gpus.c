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
 * A comparison that comes is taken by the rows a slice an iteration of the
 * main loop, and its columns come one an iteration after them, so that the
 * window keeps drawing while a library's thousands of rows take it; the
 * rows are filtered and sorted once at the end. The popover that chooses
 * the GPUs is cuocc-kernels-panel-gpus-popover.c.
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

static void apply (CuoccKernelsPanel *self, CuoccGpuComparison *gpus, gboolean look_again);

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
  /* ptxas was found while this was worked out without it: its cache, after. */
  apply (self, job->out, job->ptxas == NULL);
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

/* The columns follow the comparison: none without one, else the
 * difference and a column a GPU, after the kernel (the architecture's
 * hidden); a column whose GPU stays keeps its place and its cells. Adding
 * a column to a table of thousands of rows binds a cell in each row GTK
 * keeps (70 to 120 ms of CPU a column on the generated library), so one
 * step adds or removes at most one column; TRUE while more are left. */
static gboolean
show_columns_step (CuoccKernelsPanel  *self,
                   CuoccGpuComparison *gpus)
{
  guint n_gpus = gpus != NULL ? cuocc_gpu_comparison_get_n_gpus (gpus) : 0;
  GtkColumnViewColumn *difference = _cuocc_kernels_panel_get_column (self->column_view, "difference");
  guint position = 2;              /* after the kernel and its architecture */

  if (n_gpus >= 2 && difference == NULL)
    {
      GtkAdjustment *h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->column_view));

      _cuocc_kernels_panel_insert_column (self->column_view, TABLE_DIFFERENCE, position);
      /* The comparison comes into view beside the kernels' names. */
      if (h != NULL)
        gtk_adjustment_set_value (h, gtk_adjustment_get_lower (h));
      return TRUE;
    }
  else if (n_gpus < 2 && difference != NULL)
    {
      gtk_column_view_remove_column (self->column_view, difference);
      return TRUE;
    }
  for (guint g = 0; g < CUOCC_COMPARE_MAX_GPUS; g++)
    {
      g_autofree char *id = g_strdup_printf ("gpu%u", g);
      GtkColumnViewColumn *column = _cuocc_kernels_panel_get_column (self->column_view, id);

      if ((g >= n_gpus || n_gpus < 2) && column != NULL)
        {
          gtk_column_view_remove_column (self->column_view, column);
          return TRUE;
        }
      if (g < n_gpus && n_gpus >= 2 && column == NULL)
        {
          _cuocc_kernels_panel_insert_column (self->column_view, TABLE_GPU_FIRST + g, position + 1 + g);
          return TRUE;
        }
    }
  return FALSE;
}

/* What goes with the columns, once they are all there: the titles, the
 * architecture's column, the difference filter, the architecture filter's
 * second choice. */
static void
show_columns_done (CuoccKernelsPanel  *self,
                   CuoccGpuComparison *gpus)
{
  guint n_gpus = gpus != NULL ? cuocc_gpu_comparison_get_n_gpus (gpus) : 0;
  GtkColumnViewColumn *arch = _cuocc_kernels_panel_get_column (self->column_view, "arch");

  for (guint g = 0; g < n_gpus && n_gpus >= 2; g++)
    {
      g_autofree char *id = g_strdup_printf ("gpu%u", g);
      GtkColumnViewColumn *column = _cuocc_kernels_panel_get_column (self->column_view, id);
      g_autofree char *title = cuocc_gpu_short_name (cuocc_gpu_comparison_get_gpu (gpus, g));

      if (column != NULL && g_strcmp0 (gtk_column_view_column_get_title (column), title) != 0)
        gtk_column_view_column_set_title (column, title);
    }
  /* Each GPU's cell says which entry runs there ("Warps · sm_90"): the
   * architecture's column gives its room to them, which at the sidebar's
   * default width (800 × 600) keeps the first GPU's beside the names. */
  if (arch != NULL && gtk_column_view_column_get_visible (arch) != (n_gpus < 2))
    gtk_column_view_column_set_visible (arch, n_gpus < 2);
  gtk_widget_set_visible (self->differ_box, n_gpus >= 2);
  {
    /* The architecture filter's second choice, as it filters now. */
    const char *loaded[] = { n_gpus >= 2 ? _("One row a kernel") : _("Loaded on this GPU"), NULL };

    if (g_strcmp0 (gtk_string_list_get_string (self->arches, ARCH_LOADED), loaded[0]) != 0)
      gtk_string_list_splice (self->arches, ARCH_LOADED, 1, loaded);
  }
}

/* ----- the comparison's arrival ----- */

/* The rows an iteration of the main loop gives the comparison that came
 * (a reference and an index each: about 1 ms). */
#define ROWS_PER_ITERATION 4096

/* One iteration: the next rows take the comparison, or, once they all
 * have, a column comes or goes; at the end the rows are filtered and
 * sorted once. The cells on screen show each slice as it comes. */
static gboolean
apply_cb (gpointer data)
{
  CuoccKernelsPanel *self = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint end = MIN (self->gpus_apply_next + ROWS_PER_ITERATION, n);
  guint rows = end - MIN (self->gpus_apply_next, end);
  gboolean look_again = self->gpus_apply_look_again;
  CuoccGpuComparison *gpus = self->gpus_arriving;

  self->gpus_apply_iterations++;
  if (gpus != NULL && self->gpus_apply_store != self->store)
    {
      /* Another file's rows: the comparison was not theirs (the next one is worked out for them). */
      self->gpus_apply_id = 0;
      g_clear_pointer (&self->gpus_arriving, cuocc_gpu_comparison_unref);
      g_clear_object (&self->gpus_apply_store);
      _cuocc_kernels_panel_set_busy (self);
      return G_SOURCE_REMOVE;
    }
  for (guint i = self->gpus_apply_next; i < end; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_set_gpus (item, gpus, i);
    }
  self->gpus_apply_next = end;
  self->gpus_most_rows = MAX (self->gpus_most_rows, rows);
  if (rows > 0)
    {
      _cuocc_kernels_panel_update_cells (self->column_view);
      return G_SOURCE_CONTINUE;
    }
  if (show_columns_step (self, gpus))
    {
      self->gpus_columns_changed++;
      return G_SOURCE_CONTINUE;
    }

  self->gpus_apply_id = 0;
  g_clear_object (&self->gpus_apply_store);
  g_clear_pointer (&self->gpus, cuocc_gpu_comparison_unref);
  self->gpus = g_steal_pointer (&self->gpus_arriving);
  show_columns_done (self, self->gpus);
  _cuocc_kernels_panel_refresh_shown (self, TRUE);
  _cuocc_kernels_panel_set_busy (self);
  /* ptxas looked for, Assemble PTX Kernels on or off, its progress gone. */
  _cuocc_kernels_panel_ptxas_gpus_changed (self);
  if (look_again)
    _cuocc_kernels_panel_gpus_ptxas (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* The rows take @gpus (NULL: none) over the next iterations of the main
 * loop, at the frame clock's priority (below it, a busy window's frames
 * would starve it), so that the window keeps drawing. */
static void
apply (CuoccKernelsPanel  *self,
       CuoccGpuComparison *gpus,
       gboolean            look_again)
{
  g_clear_handle_id (&self->gpus_apply_id, g_source_remove);
  g_clear_pointer (&self->gpus_arriving, cuocc_gpu_comparison_unref);
  self->gpus_arriving = gpus != NULL ? cuocc_gpu_comparison_ref (gpus) : NULL;
  self->gpus_apply_next = 0;
  self->gpus_apply_look_again = look_again;
  g_set_object (&self->gpus_apply_store, self->store);
  self->gpus_apply_id = g_idle_add_full (GDK_PRIORITY_REDRAW, apply_cb, self, NULL);
  _cuocc_kernels_panel_set_busy (self);
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
  _cuocc_kernels_panel_init_gpus_popover (self);
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
      /* The rows let go of it, and the columns go, as a comparison comes. */
      if (self->gpus != NULL || _cuocc_kernels_panel_get_column (self->column_view, "difference") != NULL)
        apply (self, NULL, FALSE);
      else
        show_columns_done (self, NULL);
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
  /* A comparison half taken by the rows: the next one replaces it. */
  g_clear_handle_id (&self->gpus_apply_id, g_source_remove);
  g_clear_pointer (&self->gpus_arriving, cuocc_gpu_comparison_unref);
  g_clear_object (&self->gpus_apply_store);
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

  return self->gpus_cancellable == NULL && self->gpus_apply_id == 0;
}

/* How the last comparisons came: the most rows that took one in an
 * iteration of the main loop, the columns added or removed (one an
 * iteration), and the iterations it took, all together since the panel was
 * made. */
void
cuocc_kernels_panel_get_gpus_counts (CuoccKernelsPanel *self,
                                     guint             *most_rows,
                                     guint             *columns_changed,
                                     guint             *iterations)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  *most_rows = self->gpus_most_rows;
  *columns_changed = self->gpus_columns_changed;
  *iterations = self->gpus_apply_iterations;
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
