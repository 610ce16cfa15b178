/* cuocc-advice.h — what to change to reach a higher occupancy, every
 * suggestion checked by the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-model.h"

/**
 * CuoccAdviceKind:
 * @CUOCC_ADVICE_LEVEL: what reaches `blocks` resident blocks
 * @CUOCC_ADVICE_BLOCK_SIZE: the block sizes that reach the best occupancy
 * @CUOCC_ADVICE_WARNING: spills, partial warps, idle shared memory
 * @CUOCC_ADVICE_MORE_REGISTERS: for a kernel that spills: `regs` keep `blocks` resident blocks
 * @CUOCC_ADVICE_CLUSTER_SIZE: a cluster size that keeps more blocks active on the GPU
 *
 * What a piece of #CuoccAdvice suggests.
 */
typedef enum {
  CUOCC_ADVICE_LEVEL,
  CUOCC_ADVICE_BLOCK_SIZE,
  CUOCC_ADVICE_WARNING,
  CUOCC_ADVICE_MORE_REGISTERS,
  CUOCC_ADVICE_CLUSTER_SIZE,
} CuoccAdviceKind;

/**
 * CuoccAdvice:
 * @kind: what the advice suggests
 * @blocks: resident blocks reached (LEVEL, BLOCK_SIZE)
 * @active_warps: the active warps per SM with the change
 * @occupancy: the occupancy with the change, 0..1
 * @regs: the register count to get under, or -1
 * @smem: the shared memory budget per block, or -1
 * @block_size: the suggested block size, or -1
 * @launch_bounds: "`__launch_bounds__(256, 6)`", or %NULL
 * @text: one sentence for people
 * @cluster_size: the suggested cluster size, or -1
 * @gpu_blocks: for %CUOCC_ADVICE_CLUSTER_SIZE, the blocks active on the whole GPU with it
 *
 * One suggestion of cuocc_advise(), checked by the model; free with cuocc_advice_free().
 */
typedef struct {
  CuoccAdviceKind kind;
  int blocks;
  int active_warps;
  double occupancy;
  int regs;
  gint64 smem;
  int block_size;
  char *launch_bounds;
  char *text;
  int cluster_size;
  gint64 gpu_blocks;
} CuoccAdvice;

/**
 * CuoccAdviceExtra:
 * @spill_stores: bytes of spill stores per thread, from the build log
 * @spill_loads: bytes of spill loads per thread, from the build log
 *
 * What the model cannot know but an imported build log can.
 */
typedef struct {
  int spill_stores;
  int spill_loads;
} CuoccAdviceExtra;

G_BEGIN_DECLS

CUOCC_AVAILABLE GPtrArray *cuocc_advise (const CuoccGpu *gpu, const CuoccInput *input, const CuoccAdviceExtra *extra, GError **error);
CUOCC_AVAILABLE void cuocc_advice_free (CuoccAdvice *advice);

G_END_DECLS
