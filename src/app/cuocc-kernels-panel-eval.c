/* cuocc-kernels-panel-eval.c — every row of the kernels table worked out
 * for the chosen GPU and block size, in a worker thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A library holds 60,000 entries: working them out on the main thread
 * would stop the window each time the GPU or the block size changes. The
 * figures each entry needs are copied into a plain array, worked out in a
 * thread, and written back to the items in one pass; a newer change cancels
 * an older one, whose answer is then dropped.
 *
 * An entry is worked out as `cuocc --import FILE --gpu G` does it: only the
 * entry the CUDA driver loads on the GPU, machine code only; the block size
 * is the one the kernel records or declares, else the one chosen in the
 * inputs.
 */
#include "config.h"

#include <string.h>

#include "cuocc-kernels-panel-private.h"

/* ----- the figures a worker needs ----- */

typedef struct {
  gboolean runs;                   /* the entry the driver loads, machine code */
  int threads;
  int regs;
  gint64 smem;
  int barriers;
  gboolean have_before;            /* the compared build's entry */
  int before_regs;
  gint64 before_smem;
  int before_barriers;
} EvalIn;

typedef struct {
  CuoccGpu gpu;
  guint n;
  EvalIn *in;
  CuoccKernelEval *out;
  guint generation;
} EvalJob;

static void
eval_job_free (EvalJob *job)
{
  g_free (job->in);
  g_free (job->out);
  g_free (job);
}

/* The block size the kernel runs with: what a profile or a Triton cache
 * recorded, else its launch bounds, else the one chosen. */
static int
row_threads (const CuoccKernel *k,
             int                chosen)
{
  if (k->block_size > 0)
    return k->block_size;
  if (k->max_threads > 0)
    return k->max_threads;
  return chosen;
}

static gboolean
calculate (const CuoccGpu *gpu,
           int             threads,
           int             regs,
           gint64          smem,
           int             barriers,
           CuoccResult    *result)
{
  CuoccInput input;

  cuocc_input_init (&input);
  input.threads = threads;
  input.regs = MAX (regs, 0);
  input.smem = MAX (smem, 0);
  if (barriers >= 0)
    input.barriers = barriers;
  return cuocc_calculate (gpu, &input, result, NULL);
}

/* What the worst single limiter costs: the occupancy without it (the
 * fewest blocks the other factors allow) less the occupancy. Two factors
 * that limit alike cost nothing alone. */
static void
worst_limiter (const CuoccGpu    *gpu,
               const CuoccResult *r,
               CuoccKernelEval   *ev)
{
  const int by[CUOCC_N_LIMITS] = {
    r->blocks_by_warps, r->blocks_by_regs, r->blocks_by_smem, r->blocks_by_blocks, r->blocks_by_barriers,
  };

  ev->lost = 0;
  ev->lost_to = 0;
  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    {
      int others = G_MAXINT;
      double without;

      if (!(r->limiters & (1u << bit)))
        continue;
      for (int o = 0; o < CUOCC_N_LIMITS; o++)
        if (o != bit && by[o] >= 0)
          others = MIN (others, by[o]);
      if (others == G_MAXINT || gpu->cap.max_warps_per_sm <= 0)
        continue;
      without = MIN (1.0, (double) others * r->warps_per_block / gpu->cap.max_warps_per_sm);
      if (without - r->occupancy > ev->lost)
        {
          ev->lost = without - r->occupancy;
          ev->lost_to = 1u << bit;
        }
    }
}

static void
evaluate_one (const CuoccGpu  *gpu,
              const EvalIn    *in,
              CuoccKernelEval *ev)
{
  CuoccResult result;

  memset (ev, 0, sizeof *ev);
  ev->occupancy = -1;
  ev->before = -1;
  ev->blocks = -1;
  if (!in->runs || in->threads <= 0)
    return;
  ev->threads = in->threads;
  if (calculate (gpu, in->threads, in->regs, in->smem, in->barriers, &result))
    {
      ev->blocks = result.active_blocks;
      ev->occupancy = result.occupancy;
      ev->limiters = result.limiters;
      worst_limiter (gpu, &result, ev);
    }
  if (in->have_before &&
      calculate (gpu, in->threads, in->before_regs, in->before_smem, in->before_barriers, &result))
    ev->before = result.occupancy;
}

static void
eval_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  EvalJob *job = task_data;

  for (guint i = 0; i < job->n; i++)
    {
      /* A newer change makes this answer useless: stop early. */
      if ((i & 1023) == 0 && g_cancellable_is_cancelled (cancellable))
        break;
      evaluate_one (&job->gpu, &job->in[i], &job->out[i]);
    }
  g_task_return_boolean (task, TRUE);
}

static void
eval_done_cb (GObject      *object,
              GAsyncResult *res,
              gpointer      user_data)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);
  EvalJob *job = g_task_get_task_data (G_TASK (res));
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));

  if (g_cancellable_is_cancelled (cancellable) || job->generation != self->eval_generation ||
      job->n != g_list_model_get_n_items (G_LIST_MODEL (self->store)))
    return;

  g_clear_object (&self->eval_cancellable);
  for (guint i = 0; i < job->n; i++)
    {
      CuoccKernelItem *item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_set_eval (item, &job->out[i]);
      g_object_unref (item);
    }
  _cuocc_kernels_panel_evaluated (self);
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

  if (self->eval_cancellable != NULL)
    g_cancellable_cancel (self->eval_cancellable);
  g_clear_object (&self->eval_cancellable);
  self->eval_generation++;
  if (!self->have_gpu)
    return;

  job = g_new0 (EvalJob, 1);
  job->gpu = self->gpu;
  job->n = n;
  job->in = g_new0 (EvalIn, MAX (n, 1));
  job->out = g_new0 (CuoccKernelEval, MAX (n, 1));
  job->generation = self->eval_generation;
  for (guint i = 0; i < n; i++)
    {
      CuoccKernelItem *item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      const CuoccKernel *before = NULL;
      EvalIn *in = &job->in[i];

      cuocc_kernel_item_get_change (item, &before);
      in->runs = (k->loaded == CUOCC_LOAD_YES || k->loaded == CUOCC_LOAD_UNKNOWN) && k->code != CUOCC_CODE_PTX;
      in->threads = row_threads (k, self->threads);
      in->regs = k->regs;
      in->smem = MAX (k->smem, 0) + MAX (k->dynamic_smem, 0);
      in->barriers = k->barriers;
      if (before != NULL && before->code != CUOCC_CODE_PTX)
        {
          in->have_before = TRUE;
          in->before_regs = before->regs;
          in->before_smem = MAX (before->smem, 0) + MAX (before->dynamic_smem, 0);
          in->before_barriers = before->barriers;
        }
      g_object_unref (item);
    }

  self->eval_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->eval_cancellable, eval_done_cb, NULL);
  g_task_set_source_tag (task, _cuocc_kernels_panel_evaluate);
  g_task_set_task_data (task, job, (GDestroyNotify) eval_job_free);
  g_task_run_in_thread (task, eval_thread);
}
