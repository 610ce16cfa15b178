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

typedef enum {
  CUOCC_ADVICE_LEVEL,              /* what reaches `blocks` resident blocks */
  CUOCC_ADVICE_BLOCK_SIZE,         /* the block sizes that reach the best occupancy */
  CUOCC_ADVICE_WARNING,            /* spills, partial warps, idle shared memory */
  CUOCC_ADVICE_MORE_REGISTERS,     /* for a kernel that spills: `regs` keep `blocks` resident blocks */
  CUOCC_ADVICE_CLUSTER_SIZE,       /* a cluster size that keeps more blocks active on the GPU */
} CuoccAdviceKind;

typedef struct {
  CuoccAdviceKind kind;
  int blocks;                      /* resident blocks reached (LEVEL, BLOCK_SIZE) */
  int active_warps;
  double occupancy;
  int regs;                        /* the register count to get under, or -1 */
  gint64 smem;                     /* the shared memory budget per block, or -1 */
  int block_size;                  /* the suggested block size, or -1 */
  char *launch_bounds;             /* "__launch_bounds__(256, 6)", or NULL */
  char *text;                      /* one sentence for people */
  int cluster_size;                /* the suggested cluster size, or -1 */
  gint64 gpu_blocks;               /* CLUSTER_SIZE: blocks active on the whole GPU with it */
} CuoccAdvice;

/* What the model cannot know but an imported build log can. */
typedef struct {
  int spill_stores;
  int spill_loads;
} CuoccAdviceExtra;

G_BEGIN_DECLS

CUOCC_AVAILABLE GPtrArray *cuocc_advise (const CuoccGpu *gpu, const CuoccInput *input, const CuoccAdviceExtra *extra, GError **error);
CUOCC_AVAILABLE void cuocc_advice_free (CuoccAdvice *advice);

G_END_DECLS
