/* cuocc-kernel-eval.h — one entry worked out for a GPU and a block size,
 * as `cuocc --import FILE --gpu G` works it out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-kernel-item.h"

G_BEGIN_DECLS

/* What the rows are worked out for: a GPU and the block size chosen for
 * kernels that declare none; threads < 0: nothing. */
typedef struct {
  CuoccGpu gpu;
  int threads;
} CuoccKernelLaunch;

/* The figures an evaluation needs, copied from an entry (and its
 * counterpart in a compared build), so that a worker thread reads no item. */
typedef struct {
  gboolean runs;                   /* the entry the driver loads, machine code */
  int threads;
  int regs;
  gint64 smem;
  int barriers;
  gboolean have_before;            /* the compared build's entry */
  int before_threads;              /* its own block size: launch bounds change between builds */
  int before_regs;
  gint64 before_smem;
  int before_barriers;
} CuoccKernelEvalIn;

void cuocc_kernel_eval_in_init (CuoccKernelEvalIn *in,
                                const CuoccKernel *kernel,
                                const CuoccKernel *before,
                                int                chosen_threads);
void cuocc_kernel_eval_run     (const CuoccGpu          *gpu,
                                const CuoccKernelEvalIn *in,
                                CuoccKernelEval         *eval);

G_END_DECLS
