/* cuocc-kernel-eval.c — one entry worked out for a GPU and a block size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An entry is worked out as `cuocc --import FILE --gpu G` does it: only the
 * entry the CUDA driver loads on the GPU, machine code only; the block size
 * is the one the kernel records or declares, else the one chosen in the
 * inputs. The kernels table (cuocc-kernels-panel-eval.c) works out every
 * row again when the GPU or the block size changes; the loader
 * (cuocc-kernel-loader.c) works out a file's rows as it reads them.
 */
#include "config.h"

#include <string.h>

#include "cuocc-kernel-eval.h"

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

/* The figures of kernel (marked with what loads on the GPU) and of before,
 * its entry in the compared build or NULL; each is worked out at its own
 * block size, as `cuocc --import OLD --diff NEW` works out each build, so
 * that a build that changed the launch bounds shows what that did. */
void
cuocc_kernel_eval_in_init (CuoccKernelEvalIn *in,
                           const CuoccKernel *k,
                           const CuoccKernel *before,
                           int                chosen_threads)
{
  memset (in, 0, sizeof *in);
  in->runs = (k->loaded == CUOCC_LOAD_YES || k->loaded == CUOCC_LOAD_UNKNOWN) && k->code != CUOCC_CODE_PTX;
  in->threads = row_threads (k, chosen_threads);
  in->regs = k->regs;
  in->smem = MAX (k->smem, 0) + MAX (k->dynamic_smem, 0);
  in->barriers = k->barriers;
  if (before != NULL && before->code != CUOCC_CODE_PTX)
    {
      in->have_before = TRUE;
      in->before_threads = row_threads (before, chosen_threads);
      in->before_regs = before->regs;
      in->before_smem = MAX (before->smem, 0) + MAX (before->dynamic_smem, 0);
      in->before_barriers = before->barriers;
    }
}

void
cuocc_kernel_eval_run (const CuoccGpu          *gpu,
                       const CuoccKernelEvalIn *in,
                       CuoccKernelEval         *ev)
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
      calculate (gpu, in->before_threads, in->before_regs, in->before_smem, in->before_barriers, &result))
    ev->before = result.occupancy;
}
