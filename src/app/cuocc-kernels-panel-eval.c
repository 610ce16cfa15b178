/* cuocc-kernels-panel-eval.c — every row of the kernels table worked out
 * for the chosen GPU and block size, in a worker thread, and the panel's
 * "busy" and "evaluated" told of as they change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A library holds 60,000 entries: working them out on the main thread
 * would stop the window each time the GPU or the block size changes. The
 * figures each entry needs are copied into a plain array, worked out in a
 * thread, and written back to the items in one pass; a newer change cancels
 * an older one, whose answer is then dropped. After a GPU change the thread
 * first marks the entries the driver loads there (cuocc_kernel_list_select ()),
 * which decides which entries run.
 *
 * An entry is worked out by the library, as `cuocc --import FILE --gpu G`
 * works it out (cuocc_import_evaluate (), through
 * cuocc_kernel_eval_compute ()). A file just read comes with its rows worked out
 * by the loader for the launch it was told; they are worked out here
 * again only when the launch changed since.
 */
#include "config.h"

#include <string.h>

#include "cuocc-kernels-panel-private.h"

/* ----- the figures a worker needs ----- */

typedef struct {
  CuoccKernelLaunch launch;
  guint n;
  /* Copies of the entries (their strings the store's, which the job keeps)
   * and of their counterparts in a compared build (before[i] NULL: none),
   * so that the thread reads no item. Marked with what loads on a GPU of
   * the launch's compute capability first when marks is set. */
  CuoccKernelList kernels;
  CuoccKernel *befores;
  gboolean *has_before;
  gboolean marks;
  CuoccKernelEval *out;
  guint generation;
  GListStore *store;
  GWeakRef panel;                  /* made and read on the main thread only */
} EvalJob;

static void
eval_job_free (EvalJob *job)
{
  for (guint i = 0; i < job->n; i++)
    g_free (job->kernels.kernels[i].ptx_problem);
  g_free (job->kernels.kernels);
  g_free (job->befores);
  g_free (job->has_before);
  g_free (job->out);
  g_clear_object (&job->store);
  g_weak_ref_clear (&job->panel);
  g_free (job);
}

static void
eval_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  EvalJob *job = task_data;
  CuoccImportLaunch launch;

  if (job->marks)
    cuocc_kernel_list_select (&job->kernels, job->launch.gpu.cap.major, job->launch.gpu.cap.minor);
  cuocc_kernel_launch_to_import (&job->launch, &launch);
  for (guint i = 0; i < job->n; i++)
    {
      /* A newer change makes this answer useless: stop early. */
      if ((i & 1023) == 0 && g_cancellable_is_cancelled (cancellable))
        break;
      cuocc_kernel_eval_compute (&job->out[i], &launch, &job->kernels.kernels[i],
                                 job->has_before != NULL && job->has_before[i] ? &job->befores[i] : NULL);
    }
  g_task_return_boolean (task, TRUE);
}

static void
eval_done_cb (GObject      *object,
              GAsyncResult *res,
              gpointer      user_data)
{
  EvalJob *job = g_task_get_task_data (G_TASK (res));
  g_autoptr(CuoccKernelsPanel) self = g_weak_ref_get (&job->panel);
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));
  CuoccImportLaunch launch;

  if (self == NULL || g_cancellable_is_cancelled (cancellable) || job->generation != self->eval_generation ||
      job->n != g_list_model_get_n_items (G_LIST_MODEL (self->store)))
    return;

  /* "evaluated" once the table, the summary and the details show it. */
  self->state_frozen++;
  g_clear_object (&self->eval_cancellable);
  cuocc_kernel_launch_to_import (&job->launch, &launch);
  for (guint i = 0; i < job->n; i++)
    {
      CuoccKernelItem *item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const CuoccKernel *now = cuocc_kernel_item_get_kernel (item);

      if (job->marks)
        cuocc_kernel_item_set_loaded (item, job->kernels.kernels[i].loaded);
      /* ptxas gave the entry figures while the job ran: worked out again
       * here, one row (a GPU change drops them, and makes a job of its own). */
      if (now->regs != job->kernels.kernels[i].regs)
        {
          const CuoccKernel *before = NULL;

          cuocc_kernel_item_get_change (item, &before);
          cuocc_kernel_eval_compute (&job->out[i], &launch, now, before);
        }
      cuocc_kernel_item_set_eval (item, &job->out[i]);
      g_object_unref (item);
    }
  if (job->marks)
    self->marks_pending = FALSE;
  _cuocc_kernels_panel_evaluated (self, job->marks);
  self->state_frozen--;
  _cuocc_kernels_panel_update_state (self);
}

/* ----- shared with the panel ----- */

/* Works out every row again for the panel's GPU and block size; the panel
 * hears of the answer through _cuocc_kernels_panel_evaluated (). */
void
_cuocc_kernels_panel_evaluate (CuoccKernelsPanel *self)
{
  g_autoptr(GTask) task = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  EvalJob *job;

  /* "evaluated" is not told of the moment between the two. */
  self->state_frozen++;
  if (self->eval_cancellable != NULL)
    g_cancellable_cancel (self->eval_cancellable);
  g_clear_object (&self->eval_cancellable);
  self->eval_generation++;
  /* The GPUs compared, in a worker of their own. */
  _cuocc_kernels_panel_compare_gpus (self);
  if (!self->have_gpu)
    {
      self->state_frozen--;
      _cuocc_kernels_panel_update_state (self);
      return;
    }

  job = g_new0 (EvalJob, 1);
  job->launch.gpu = self->gpu;
  job->launch.threads = self->threads;
  job->n = n;
  job->kernels.kernels = g_new (CuoccKernel, MAX (n, 1));
  job->kernels.n_kernels = n;
  job->out = g_new0 (CuoccKernelEval, MAX (n, 1));
  job->generation = self->eval_generation;
  job->marks = self->marks_pending;
  job->store = g_object_ref (self->store);
  for (guint i = 0; i < n; i++)
    {
      CuoccKernelItem *item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const CuoccKernel *before = NULL;

      job->kernels.kernels[i] = *cuocc_kernel_item_get_kernel (item);
      /* ptxas's answers change these on the main thread while the job
       * runs (cuocc-kernels-panel-ptxas.c): the job's own copy. */
      job->kernels.kernels[i].figures_from = NULL;
      job->kernels.kernels[i].ptx_problem = g_strdup (job->kernels.kernels[i].ptx_problem);
      job->kernels.kernels[i].ptx = NULL;
      cuocc_kernel_item_get_change (item, &before);
      if (before != NULL)
        {
          if (job->befores == NULL)
            {
              job->befores = g_new0 (CuoccKernel, MAX (n, 1));
              job->has_before = g_new0 (gboolean, MAX (n, 1));
            }
          job->befores[i] = *before;
          job->has_before[i] = TRUE;
        }
      g_object_unref (item);
    }

  /* No source object: the task's last reference may be dropped in the
   * worker, and a closed window's panel it held would be finalized there
   * (as the GPU comparison's was, cuocc-kernels-panel-gpus-job.c); the job
   * holds the panel weakly, its reference made and read here. */
  g_weak_ref_init (&job->panel, self);
  self->eval_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->eval_cancellable, eval_done_cb, NULL);
  g_task_set_source_tag (task, _cuocc_kernels_panel_evaluate);
  g_task_set_task_data (task, job, (GDestroyNotify) eval_job_free);
  g_task_run_in_thread (task, eval_thread);
  self->state_frozen--;
  _cuocc_kernels_panel_update_state (self);
}

/* The rows came worked out for the panel's GPU and block size (the loader
 * does it as it reads): an evaluation under way is dropped, and the
 * summary shows them. */
void
_cuocc_kernels_panel_take_evaluated (CuoccKernelsPanel *self)
{
  self->state_frozen++;
  if (self->eval_cancellable != NULL)
    g_cancellable_cancel (self->eval_cancellable);
  g_clear_object (&self->eval_cancellable);
  self->eval_generation++;
  _cuocc_kernels_panel_compare_gpus (self);
  self->state_frozen--;
  _cuocc_kernels_panel_update_state (self);
  _cuocc_kernels_panel_figures_changed (self);
}

/* Whether the rows are worked out for the GPU and block size last given,
 * on the GPUs compared too. */
gboolean
_cuocc_kernels_panel_is_evaluated (CuoccKernelsPanel *self)
{
  return self->eval_cancellable == NULL && self->gpus_cancellable == NULL && self->gpus_apply_id == 0;
}

/* "busy", "evaluated", "compared" and "assembling" are notified where
 * they changed: a loader's read began or ended, the rows' evaluation or the
 * GPUs' comparison began or ended, ptxas's lookup or a job of ptxas runs
 * began or ended (not while the panel ends one to begin the next:
 * state_frozen). */
void
_cuocc_kernels_panel_update_state (CuoccKernelsPanel *self)
{
  gboolean busy = _cuocc_kernels_panel_loaders_busy (self);
  gboolean is_evaluated = _cuocc_kernels_panel_is_evaluated (self);
  gboolean is_compared = _cuocc_kernels_panel_is_compared (self);
  gboolean is_assembling = _cuocc_kernels_panel_is_assembling (self);

  if (self->state_frozen > 0)
    return;
  if (self->busy != busy)
    {
      self->busy = busy;
      g_object_notify (G_OBJECT (self), "busy");
    }
  if (self->evaluated != is_evaluated)
    {
      self->evaluated = is_evaluated;
      g_object_notify (G_OBJECT (self), "evaluated");
    }
  if (self->compared != is_compared)
    {
      self->compared = is_compared;
      g_object_notify (G_OBJECT (self), "compared");
    }
  if (self->assembling != is_assembling)
    {
      self->assembling = is_assembling;
      g_object_notify (G_OBJECT (self), "assembling");
    }
}

/* The rows' figures were worked out anew: what shows them (the summary)
 * follows the panel's "figures". */
void
_cuocc_kernels_panel_figures_changed (CuoccKernelsPanel *self)
{
  self->figures++;
  g_object_notify (G_OBJECT (self), "figures");
}
