/* cuocc-kernels-panel-ptxas.c — the table's PTX entries get the figures
 * ptxas gives them (issue 27), in worker threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the entry a kernel loads on the chosen GPU is PTX, its registers are
 * known only once the driver's JIT (or the toolkit's ptxas) assembles it.
 * The library runs ptxas (cuocc_kernel_list_assemble_ptx ()): on a pool of
 * threads, each run under a time limit, in a process group a cancel kills,
 * and with what it printed cached on disk. Here that runs in a GTask's
 * thread, on copies of the entries, never on the main thread:
 *
 *   - ptxas is found (its `--version` run) in a thread once a path;
 *   - the chosen kernel is assembled alone (`ptxas --entry`) at once, the
 *     details showing a spinner until its figures come;
 *   - Assemble PTX Kernels (the window's action) assembles every PTX entry
 *     that loads, module by module, with progress and Cancel;
 *   - a file read or a GPU chosen reads the cache only (no ptxas run), so
 *     that what was assembled once costs nothing the second time.
 *
 * The worker hands each finished module's kernels to the main thread
 * through a queue; a callback puts at most ROWS_PER_ITERATION of them into
 * the rows an iteration, so that thousands of entries never stop the window.
 * The rows are sorted and filtered again once, when the assembly ends.
 * Another GPU is another target: what ptxas gave is dropped and the cache
 * read for the new one.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"
#include "cuocc-workers.h"

/* The rows an iteration of the main loop puts ptxas's figures into. */
#define ROWS_PER_ITERATION 256

typedef enum {
  JOB_CACHE,                       /* the cache only, every entry that loads */
  JOB_ENTRY,                       /* the chosen kernel alone, ptxas --entry */
  JOB_ALL                          /* every entry that loads, ptxas on what the cache lacks */
} JobKind;

typedef struct {
  guint index;                     /* in the job's list */
  CuoccKernel figures;             /* figures_from or ptx_problem, its own strings */
} JobResult;

struct _CuoccPtxJob {
  CuoccKernelsPanel *panel;        /* NULL once the panel dropped the job (main thread only) */
  JobKind kind;
  CuoccPtxas *ptxas;
  int major;
  int minor;
  guint timeout_s;
  CuoccKernelList list;            /* copies of the entries: their names the store's, their module ref'd */
  GPtrArray *items;                /* CuoccKernelItem, in the list's order */
  gboolean *reported;              /* the worker's: what it handed on */
  GCancellable *cancellable;

  GMutex lock;                     /* guards what follows */
  GArray *results;                 /* JobResult, in the order they came */
  guint head;                      /* the first not yet put into the rows */
  guint done;                      /* modules (per entry: kernels) finished */
  guint total;
  gboolean scheduled;              /* an idle callback will deliver */
  gboolean finished;               /* the thread returned */
};

/* ----- a job ----- */

static void
job_result_clear (JobResult *r)
{
  g_free (r->figures.figures_from);
  g_free (r->figures.ptx_problem);
}

static void
job_free (CuoccPtxJob *job)
{
  /* Only the module and the strings the library wrote are the job's. */
  for (guint i = 0; i < job->list.n_kernels; i++)
    {
      g_clear_pointer (&job->list.kernels[i].ptx, cuocc_ptx_module_unref);
      g_free (job->list.kernels[i].figures_from);
      g_free (job->list.kernels[i].ptx_problem);
    }
  g_free (job->list.kernels);
  g_ptr_array_unref (job->items);
  g_free (job->reported);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->ptxas, cuocc_ptxas_unref);
  for (guint i = job->head; i < job->results->len; i++)
    job_result_clear (&g_array_index (job->results, JobResult, i));
  g_array_unref (job->results);
  g_mutex_clear (&job->lock);
}

#define job_ref(job) ((CuoccPtxJob *) g_atomic_rc_box_acquire (job))

static void
job_unref (CuoccPtxJob *job)
{
  g_atomic_rc_box_release_full (job, (GDestroyNotify) job_free);
}

static gboolean deliver_cb (gpointer data);

/* In the worker: what finished since the last call goes to the queue, and
 * the main thread hears of it once. */
static void
hand_on (CuoccPtxJob *job,
         guint        done,
         guint        total,
         gboolean     finished)
{
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (JobResult));

  for (guint i = 0; i < job->list.n_kernels; i++)
    {
      CuoccKernel *k = &job->list.kernels[i];
      JobResult r = { 0 };

      if (job->reported[i] || (k->figures_from == NULL && k->ptx_problem == NULL))
        continue;
      job->reported[i] = TRUE;
      r.index = i;
      r.figures = *k;
      r.figures.name = r.figures.mangled = r.figures.arch = r.figures.file = r.figures.entry = NULL;
      r.figures.ptx = NULL;
      r.figures.figures_from = g_strdup (k->figures_from);
      r.figures.ptx_problem = g_strdup (k->ptx_problem);
      g_array_append_val (found, r);
    }
  g_mutex_lock (&job->lock);
  g_array_append_vals (job->results, found->data, found->len);
  job->done = done;
  job->total = total;
  job->finished |= finished;
  if (!job->scheduled)
    {
      job->scheduled = TRUE;
      /* G_PRIORITY_DEFAULT, as GTask's callbacks: an idle priority is
       * starved by the frame clock when a frame takes longer than the frame
       * interval while the spinner animates (on a slow machine). */
      g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, job_ref (job), (GDestroyNotify) job_unref);
    }
  g_mutex_unlock (&job->lock);
}

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  hand_on (user_data, done, total, FALSE);
}

static void
job_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  CuoccPtxJob *job = task_data;
  CuoccPtxasOptions options = { 0 };
  CuoccPtxasSummary summary = { 0 };

  options.ptxas = job->ptxas;
  options.major = job->major;
  options.minor = job->minor;
  options.assemble = job->kind != JOB_CACHE;
  options.per_entry = job->kind == JOB_ENTRY;
  options.timeout_s = job->timeout_s;
  options.progress = progress_cb;
  options.user_data = job;
  cuocc_kernel_list_assemble_ptx (&job->list, &options, job->cancellable, &summary, NULL);
  hand_on (job, summary.n_modules - summary.n_left, summary.n_modules, TRUE);
  g_task_return_boolean (task, TRUE);
}

/* ----- the panel's side ----- */

/* What changes whether ptxas runs (the panel's "assembling") holds its
 * notification until it is done, so that a job ended to begin the next, or
 * the lookup ended to read the cache, is not told of as an end. */
static void
hold_state (CuoccKernelsPanel *self)
{
  self->state_frozen++;
}

static void
release_state (CuoccKernelsPanel *self)
{
  self->state_frozen--;
  _cuocc_kernels_panel_update_state (self);
}

/* The ptxas found (taken), or NULL; whether its path (the panel's
 * "ptxas-found") changed, which the caller notifies once it is done. */
static gboolean
set_ptxas (CuoccKernelsPanel *self,
           CuoccPtxas        *ptxas)
{
  gboolean changed = g_strcmp0 (self->ptxas != NULL ? cuocc_ptxas_get_path (self->ptxas) : NULL,
                                ptxas != NULL ? cuocc_ptxas_get_path (ptxas) : NULL) != 0;

  g_clear_pointer (&self->ptxas, cuocc_ptxas_unref);
  self->ptxas = ptxas;
  return changed;
}

static CuoccPtxJob **
job_slot (CuoccKernelsPanel *self,
          JobKind            kind)
{
  return kind == JOB_ENTRY ? &self->ptx_entry_job : &self->ptx_all_job;
}

/* The job is the panel's no more: it reports nothing, and its ptxas runs
 * are stopped (what finished stays in the cache). */
static void
drop_job (CuoccKernelsPanel *self,
          CuoccPtxJob      **slot)
{
  CuoccPtxJob *job = *slot;

  if (job == NULL)
    return;
  *slot = NULL;
  job->panel = NULL;
  g_cancellable_cancel (job->cancellable);
  for (guint i = 0; i < job->items->len; i++)
    cuocc_kernel_item_set_ptx_pending (g_ptr_array_index (job->items, i), FALSE);
  job_unref (job);
}

static void
update_progress (CuoccKernelsPanel *self)
{
  CuoccPtxJob *job = self->ptx_all_job;
  gboolean shown = job != NULL && job->kind == JOB_ALL;

  if (!shown)
    {
      /* The GPUs compared, assembled after the table's GPU. */
      double fraction = 0;
      g_autofree char *text = _cuocc_kernels_panel_gpus_progress (self, &fraction);

      gtk_widget_set_visible (self->ptx_progress_box, text != NULL);
      if (text == NULL)
        return;
      gtk_label_set_label (self->ptx_progress_label, text);
      gtk_progress_bar_set_fraction (self->ptx_progress_bar, fraction);
      return;
    }
  gtk_widget_set_visible (self->ptx_progress_box, TRUE);
  {
    guint done, total;
    g_autofree char *text = NULL;

    g_mutex_lock (&job->lock);
    done = job->done;
    total = job->total;
    g_mutex_unlock (&job->lock);
    if (total == 0)
      /* Translators: the progress of Assemble PTX Kernels before the modules are counted */
      text = g_strdup_printf (_("ptxas %s for sm_%d%d…"), cuocc_ptxas_get_version (job->ptxas),
                              job->major, job->minor);
    else
      /* Translators: the progress of Assemble PTX Kernels, e.g. "ptxas 13.0 for sm_89: 12 of 400 modules" */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "ptxas %s for sm_%d%d: %u of %u module",
                                           "ptxas %s for sm_%d%d: %u of %u modules", total),
                              cuocc_ptxas_get_version (job->ptxas), job->major, job->minor, done, total);
    gtk_label_set_label (self->ptx_progress_label, text);
    gtk_progress_bar_set_fraction (self->ptx_progress_bar, total > 0 ? (double) done / total : 0.0);
  }
}

static guint
count_needing (CuoccKernelsPanel *self)
{
  guint n = 0;
  guint n_items = self->store != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->store)) : 0;

  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      n += cuocc_kernel_needs_ptxas (cuocc_kernel_item_get_kernel (item));
    }
  return n;
}

/* Whether Assemble PTX Kernels has something to do, and a ptxas to do it. */
static void
update_can_assemble (CuoccKernelsPanel *self)
{
  gboolean comparison = self->gpus != NULL && cuocc_gpu_comparison_count_ptx_unknown (self->gpus) > 0;
  gboolean can = self->ptxas != NULL && self->have_gpu && !self->gpus_assembling &&
                 (self->ptx_all_job == NULL || self->ptx_all_job->kind == JOB_CACHE) &&
                 (comparison || count_needing (self) > 0);

  if (can == self->ptx_can_assemble)
    return;
  self->ptx_can_assemble = can;
  g_signal_emit_by_name (self, "ptxas-changed");
}

static void
finish_job (CuoccKernelsPanel *self,
            CuoccPtxJob       *job)
{
  CuoccPtxJob **slot = job_slot (self, job->kind);
  gboolean all = job->kind != JOB_ENTRY;
  gboolean assembled = job->kind != JOB_CACHE && !g_cancellable_is_cancelled (job->cancellable);

  g_assert (*slot == job);
  hold_state (self);
  for (guint i = 0; i < job->items->len; i++)
    cuocc_kernel_item_set_ptx_pending (g_ptr_array_index (job->items, i), FALSE);
  *slot = NULL;
  job->panel = NULL;
  job_unref (job);
  /* The rows are sorted and filtered once, with every figure in. */
  if (all)
    {
      _cuocc_kernels_panel_refresh_shown (self, FALSE);
      _cuocc_kernels_panel_figures_changed (self);
    }
  cuocc_kernels_table_update_cells (self->table);
  _cuocc_kernels_panel_chosen_changed (self);
  /* The cache has this GPU's figures now; while GPUs are compared, after
   * Assemble PTX Kernels, theirs are assembled too. */
  if (assembled)
    _cuocc_kernels_panel_gpus_ptxas (self, job->kind == JOB_ALL && self->gpus_assemble_after);
  self->gpus_assemble_after = FALSE;
  update_progress (self);
  update_can_assemble (self);
  release_state (self);
}

/* On the main thread: at most ROWS_PER_ITERATION rows take their figures. */
static gboolean
deliver_cb (gpointer data)
{
  CuoccPtxJob *job = data;
  CuoccKernelsPanel *self = job->panel;
  g_autoptr(GArray) batch = g_array_new (FALSE, FALSE, sizeof (JobResult));
  gboolean more, finished;
  gboolean chosen_changed = FALSE;
  CuoccImportLaunch launch;
  guint n;

  g_mutex_lock (&job->lock);
  n = MIN (job->results->len - job->head, ROWS_PER_ITERATION);
  g_array_append_vals (batch, &g_array_index (job->results, JobResult, job->head), n);
  job->head += n;
  more = job->head < job->results->len;
  finished = job->finished && !more;
  if (!more)
    job->scheduled = FALSE;
  g_mutex_unlock (&job->lock);

  if (self == NULL)
    {
      for (guint i = 0; i < batch->len; i++)
        job_result_clear (&g_array_index (batch, JobResult, i));
      return more ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
    }

  if (self->have_gpu)
    {
      CuoccKernelLaunch l = { self->gpu, self->threads };

      cuocc_kernel_launch_to_import (&l, &launch);
    }
  for (guint i = 0; i < batch->len; i++)
    {
      JobResult *r = &g_array_index (batch, JobResult, i);
      CuoccKernelItem *item = g_ptr_array_index (job->items, r->index);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

      /* Figures another job gave first stay (the chosen kernel alone, then
       * its module): the same ptxas for the same target. */
      if (!(k->figures_from != NULL && r->figures.figures_from == NULL))
        {
          cuocc_kernel_item_set_ptx_result (item, &r->figures);
          if (self->have_gpu)
            {
              CuoccKernelEval eval;
              const CuoccKernel *before = NULL;

              cuocc_kernel_item_get_change (item, &before);
              cuocc_kernel_eval_compute (&eval, &launch, k, before);
              cuocc_kernel_item_set_eval (item, &eval);
            }
          chosen_changed |= item == self->chosen;
        }
      cuocc_kernel_item_set_ptx_pending (item, FALSE);
      job_result_clear (r);
    }
  self->ptx_rows_applied += batch->len;
  self->ptx_most_rows_an_iteration = MAX (self->ptx_most_rows_an_iteration, batch->len);
  if (batch->len > 0)
    cuocc_kernels_table_update_cells (self->table);
  update_progress (self);
  if (chosen_changed)
    _cuocc_kernels_panel_chosen_figures_changed (self);
  if (finished)
    finish_job (self, job);
  return more ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
job_done_cb (GObject      *object,
             GAsyncResult *res,
             gpointer      user_data)
{
  /* The results came through deliver_cb (), the last one too; the worker
   * returned, its ptxas runs and their folder gone. */
  cuocc_workers_end ();
}

/* A job for the entries that need ptxas (one when only is given), or NULL
 * when none does. */
static CuoccPtxJob *
start_job (CuoccKernelsPanel *self,
           JobKind            kind,
           CuoccKernelItem   *only)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  CuoccPtxJob *job;

  g_assert (self->ptxas != NULL && self->have_gpu);
  if (only != NULL)
    g_ptr_array_add (items, g_object_ref (only));
  else
    for (guint i = 0; i < n_items; i++)
      {
        CuoccKernelItem *item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

        if (cuocc_kernel_needs_ptxas (cuocc_kernel_item_get_kernel (item)) &&
            (kind != JOB_CACHE || cuocc_kernel_item_get_kernel (item)->ptx_problem == NULL))
          g_ptr_array_add (items, item);
        else
          g_object_unref (item);
      }
  if (items->len == 0)
    return NULL;

  job = g_atomic_rc_box_new0 (CuoccPtxJob);
  job->panel = self;
  job->kind = kind;
  job->ptxas = cuocc_ptxas_ref (self->ptxas);
  job->major = self->gpu.cap.major;
  job->minor = self->gpu.cap.minor;
  job->timeout_s = self->ptxas_timeout_s;
  job->items = g_steal_pointer (&items);
  job->list.n_kernels = job->items->len;
  job->list.kernels = g_new0 (CuoccKernel, job->items->len);
  job->reported = g_new0 (gboolean, job->items->len);
  job->cancellable = g_cancellable_new ();
  job->results = g_array_new (FALSE, FALSE, sizeof (JobResult));
  g_mutex_init (&job->lock);
  for (guint i = 0; i < job->items->len; i++)
    {
      CuoccKernelItem *item = g_ptr_array_index (job->items, i);
      CuoccKernel *copy = &job->list.kernels[i];

      /* Its names stay the store's (the job keeps the items, and with them
       * the strings); what ptxas gives is the job's own. */
      *copy = *cuocc_kernel_item_get_kernel (item);
      copy->ptx = cuocc_ptx_module_ref (copy->ptx);
      copy->figures_from = NULL;
      copy->ptx_problem = NULL;
      copy->regs = -1;
      copy->loaded = CUOCC_LOAD_YES;
      if (kind != JOB_CACHE)
        cuocc_kernel_item_set_ptx_pending (item, TRUE);
    }

  *job_slot (self, kind) = job;
  task = g_task_new (NULL, NULL, job_done_cb, NULL);
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job_ref (job), (GDestroyNotify) job_unref);
  g_task_run_in_thread (task, job_thread);
  cuocc_workers_begin ();
  return job;
}

/* The cache's figures for what loads, when there is a ptxas whose version
 * keys it. */
static void
read_cache (CuoccKernelsPanel *self)
{
  if (self->ptxas == NULL || !self->have_gpu || self->store == NULL || self->ptx_all_job != NULL)
    return;
  start_job (self, JOB_CACHE, NULL);
}

/* ----- finding ptxas ----- */

static void
find_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  CuoccPtxas *ptxas = cuocc_ptxas_new (task_data, &error);

  if (ptxas == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, ptxas, (GDestroyNotify) cuocc_ptxas_unref);
}

static void
found_cb (GObject      *object,
          GAsyncResult *res,
          gpointer      user_data)
{
  GWeakRef *panel_ref = user_data;
  g_autoptr(CuoccKernelsPanel) self = g_weak_ref_get (panel_ref);
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));
  g_autoptr(GError) error = NULL;
  CuoccPtxas *ptxas = g_task_propagate_pointer (G_TASK (res), &error);
  gboolean path_changed;

  cuocc_workers_end ();
  g_weak_ref_clear (panel_ref);
  g_free (panel_ref);
  if (self == NULL || g_cancellable_is_cancelled (cancellable))
    {
      g_clear_pointer (&ptxas, cuocc_ptxas_unref);
      return;
    }
  hold_state (self);
  g_clear_object (&self->ptxas_finding);
  g_clear_pointer (&self->ptxas_error, g_free);
  path_changed = set_ptxas (self, ptxas);
  if (ptxas == NULL)
    self->ptxas_error = g_strdup (error->message);
  self->ptxas_looked = TRUE;
  g_signal_emit_by_name (self, "ptxas-changed");
  update_can_assemble (self);
  read_cache (self);
  /* The chosen kernel waited for ptxas, and the GPUs compared for it (or its cache). */
  _cuocc_kernels_panel_ptxas_chosen (self);
  _cuocc_kernels_panel_chosen_changed (self);
  _cuocc_kernels_panel_gpus_ptxas_found (self);
  if (path_changed)
    g_object_notify (G_OBJECT (self), "ptxas-found");
  release_state (self);
}

static void
find_ptxas (CuoccKernelsPanel *self)
{
  g_autoptr(GTask) task = NULL;
  GWeakRef *panel_ref = g_new0 (GWeakRef, 1);

  if (self->ptxas_finding != NULL)
    g_cancellable_cancel (self->ptxas_finding);
  g_clear_object (&self->ptxas_finding);
  self->ptxas_finding = g_cancellable_new ();
  /* Held weakly: a window closed during `ptxas --version` lets its panel
   * go, whose dispose cancels the lookup. */
  g_weak_ref_init (panel_ref, self);
  task = g_task_new (NULL, self->ptxas_finding, found_cb, panel_ref);
  g_task_set_source_tag (task, find_ptxas);
  g_task_set_task_data (task, g_strdup (self->ptxas_path), g_free);
  g_task_run_in_thread (task, find_thread);
  cuocc_workers_begin ();
}

/* ----- shared with the panel ----- */

/* The rows were marked for a GPU and worked out (a file read, a GPU
 * chosen): the cache may hold their figures. */
void
_cuocc_kernels_panel_ptxas_rows_changed (CuoccKernelsPanel *self)
{
  hold_state (self);
  if (!self->ptxas_looked && self->ptxas_finding == NULL && count_needing (self) > 0)
    find_ptxas (self);
  read_cache (self);
  update_can_assemble (self);
  release_state (self);
}

/* Another GPU is another target, and another list other entries: what
 * ptxas gave goes, and its jobs stop. */
void
_cuocc_kernels_panel_ptxas_reset (CuoccKernelsPanel *self)
{
  guint n_items = self->store != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->store)) : 0;

  hold_state (self);
  drop_job (self, &self->ptx_entry_job);
  drop_job (self, &self->ptx_all_job);
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_clear_ptx_result (item);
    }
  update_progress (self);
  update_can_assemble (self);
  release_state (self);
}

/* The comparison came or went, or its ptxas runs started: ptxas is looked
 * for where PTX in it lacks figures, and the action and progress follow. */
void
_cuocc_kernels_panel_ptxas_gpus_changed (CuoccKernelsPanel *self)
{
  hold_state (self);
  if ((self->gpus_wait_ptxas || (self->gpus != NULL && cuocc_gpu_comparison_count_ptx_unknown (self->gpus) > 0)) &&
      !self->ptxas_looked && self->ptxas_finding == NULL)
    find_ptxas (self);
  update_progress (self);
  update_can_assemble (self);
  release_state (self);
}

/* The chosen kernel, when it is PTX that loads without figures, is
 * assembled alone at once. */
static void
assemble_chosen (CuoccKernelsPanel *self)
{
  const CuoccKernel *k;

  if (self->chosen == NULL || self->store == NULL)
    return;
  k = cuocc_kernel_item_get_kernel (self->chosen);
  if (!cuocc_kernel_needs_ptxas (k) || k->ptx_problem != NULL || cuocc_kernel_item_get_ptx_pending (self->chosen))
    return;
  if (!self->ptxas_looked)
    {
      if (self->ptxas_finding == NULL)
        find_ptxas (self);
      return;
    }
  if (self->ptxas == NULL || !self->have_gpu)
    return;
  drop_job (self, &self->ptx_entry_job);
  start_job (self, JOB_ENTRY, self->chosen);
}

void
_cuocc_kernels_panel_ptxas_chosen (CuoccKernelsPanel *self)
{
  hold_state (self);
  assemble_chosen (self);
  release_state (self);
}

/* ----- public API ----- */

/* The ptxas the user chose (NULL or "": the one found as users have it:
 * $CUDA_PATH, $CUDA_HOME, $PATH, /usr/local/cuda/bin); looked for again. */
void
cuocc_kernels_panel_set_ptxas_path (CuoccKernelsPanel *self,
                                    const char        *path)
{
  gboolean path_changed;

  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  if (path != NULL && *path == '\0')
    path = NULL;
  if (self->ptxas_looked && g_strcmp0 (path, self->ptxas_path) == 0)
    return;
  hold_state (self);
  g_free (self->ptxas_path);
  self->ptxas_path = g_strdup (path);
  path_changed = set_ptxas (self, NULL);
  g_clear_pointer (&self->ptxas_error, g_free);
  self->ptxas_looked = FALSE;
  /* Figures of another ptxas stay until the new one gives its own; a job of
   * the old one goes. */
  drop_job (self, &self->ptx_entry_job);
  drop_job (self, &self->ptx_all_job);
  if (self->ptxas_finding != NULL)
    g_cancellable_cancel (self->ptxas_finding);
  g_clear_object (&self->ptxas_finding);
  update_progress (self);
  update_can_assemble (self);
  /* Looked for when a row needs it, not at every start. */
  if (self->store != NULL && count_needing (self) > 0)
    find_ptxas (self);
  g_signal_emit_by_name (self, "ptxas-changed");
  _cuocc_kernels_panel_chosen_changed (self);
  if (path_changed)
    g_object_notify (G_OBJECT (self), "ptxas-found");
  release_state (self);
}

/* Whether Assemble PTX Kernels can run: a ptxas, and PTX entries that load
 * without figures. */
gboolean
cuocc_kernels_panel_can_assemble (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), FALSE);

  return self->ptx_can_assemble;
}

/* Every PTX entry that loads on the GPU without figures, assembled with
 * ptxas module by module (what the cache holds costs nothing), with progress
 * above the table and Cancel. */
void
cuocc_kernels_panel_assemble_all (CuoccKernelsPanel *self)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  if (self->ptxas == NULL || !self->have_gpu || self->store == NULL || self->gpus_assembling)
    return;
  hold_state (self);
  /* The cache's read is part of this. */
  drop_job (self, &self->ptx_all_job);
  self->gpus_assemble_after = FALSE;
  if (count_needing (self) > 0)
    {
      start_job (self, JOB_ALL, NULL);
      /* The GPUs compared after the table's GPU (its cache then full). */
      self->gpus_assemble_after = self->gpus != NULL;
    }
  else
    _cuocc_kernels_panel_gpus_ptxas (self, TRUE);
  update_progress (self);
  update_can_assemble (self);
  cuocc_kernels_table_update_cells (self->table);
  _cuocc_kernels_panel_chosen_changed (self);
  release_state (self);
}

/* Every worker of the panel that runs ptxas stops, as the app quits (Ctrl+Q,
 * a signal): the assemblies, the lookup and the comparison. Their runs are
 * killed and their folders removed as the workers return (the application
 * waits for that, cuocc-workers.c); what finished stays in the cache, and
 * the rows keep the figures they took. */
void
cuocc_kernels_panel_stop_work (CuoccKernelsPanel *self)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  hold_state (self);
  drop_job (self, &self->ptx_entry_job);
  drop_job (self, &self->ptx_all_job);
  if (self->ptxas_finding != NULL)
    g_cancellable_cancel (self->ptxas_finding);
  g_clear_object (&self->ptxas_finding);
  self->gpus_assemble_after = FALSE;
  _cuocc_kernels_panel_gpus_stop (self);
  update_progress (self);
  release_state (self);
}

/* Stops Assemble PTX Kernels: its ptxas runs are killed; the rows that got
 * their figures keep them, as the cache keeps what finished. */
static void
cancel_assembly (CuoccKernelsPanel *self)
{
  self->gpus_assemble_after = FALSE;
  _cuocc_kernels_panel_gpus_cancel_ptxas (self);
  if (self->ptx_all_job == NULL || self->ptx_all_job->kind != JOB_ALL)
    return;
  /* What finished is still delivered; the job ends with its thread. */
  g_cancellable_cancel (self->ptx_all_job->cancellable);
}

/* Whether ptxas runs for the panel (the "assembling" property): its
 * lookup, a job of the table's or the GPUs compared's. */
gboolean
_cuocc_kernels_panel_is_assembling (CuoccKernelsPanel *self)
{
  return self->ptx_entry_job != NULL || self->ptx_all_job != NULL || self->ptxas_finding != NULL ||
         self->gpus_assembling;
}

/* ----- for the tests ----- */

/* The rows that took ptxas's answers, and the most in one iteration of the
 * main loop. */
void
cuocc_kernels_panel_get_ptxas_counts (CuoccKernelsPanel *self,
                                      guint             *applied,
                                      guint             *most_an_iteration)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  *applied = self->ptx_rows_applied;
  *most_an_iteration = self->ptx_most_rows_an_iteration;
}

void
cuocc_kernels_panel_set_ptxas_timeout (CuoccKernelsPanel *self,
                                       guint              seconds)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  self->ptxas_timeout_s = seconds;
}

/* ----- the widgets ----- */

static void
cancel_clicked_cb (CuoccKernelsPanel *self)
{
  cancel_assembly (self);
}

/* The progress above the table: ptx_progress_box in the panel's .ui. */
void
_cuocc_kernels_panel_ptxas_init (CuoccKernelsPanel *self)
{
  self->ptxas_timeout_s = 0;
  g_signal_connect_swapped (self->ptx_cancel_button, "clicked", G_CALLBACK (cancel_clicked_cb), self);
}

void
_cuocc_kernels_panel_ptxas_dispose (CuoccKernelsPanel *self)
{
  drop_job (self, &self->ptx_entry_job);
  drop_job (self, &self->ptx_all_job);
  if (self->ptxas_finding != NULL)
    g_cancellable_cancel (self->ptxas_finding);
  g_clear_object (&self->ptxas_finding);
  g_clear_pointer (&self->ptxas, cuocc_ptxas_unref);
  g_clear_pointer (&self->ptxas_error, g_free);
  g_clear_pointer (&self->ptxas_path, g_free);
}
