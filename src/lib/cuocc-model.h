/* cuocc-model.h — the occupancy calculation: one kernel's resources on one
 * GPU give the blocks, warps and threads resident on an SM.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-gpu.h"
#include "cuocc-result.h"

/* The bounds of a question. Beyond a GPU's limits but within these, a
 * configuration is valid and gets 0 blocks; beyond these it is an error. */
#define CUOCC_MAX_THREADS_INPUT  (1 << 20)
#define CUOCC_MAX_REGS_INPUT     G_MAXINT
#define CUOCC_MAX_SMEM_INPUT     G_MAXINT
#define CUOCC_MAX_BARRIERS_INPUT 16

/* CuoccInput.carveout when the kernel sets no carveout preference. */
#define CUOCC_CARVEOUT_NONE           (-1)

/**
 * CuoccInput:
 * @threads: threads per block, >= 1
 * @regs: registers per thread, >= 0
 * @smem: static + dynamic shared memory per block, without the runtime's reservation
 * @smem_config: shared memory configuration per SM; -1 for the largest
 * @barriers: block barriers, >= 0 (default 1)
 * @caching: global caching in L1 (compute capabilities 5.2, 5.3, 6.1 and 6.2)
 * @cluster_size: blocks per cluster; 0 for a launch without clusters
 * @carveout: preferred carveout in percent, 0..100, or %CUOCC_CARVEOUT_NONE
 *
 * A question: a kernel's configuration on one GPU. Fill it with cuocc_input_init() first.
 */
typedef struct {
  int threads;
  int regs;
  gint64 smem;
  gint64 smem_config;
  int barriers;
  CuoccCaching caching;
  int cluster_size;
  int carveout;
} CuoccInput;

/**
 * CuoccInputKind:
 * @CUOCC_INPUT_THREADS: threads per block
 * @CUOCC_INPUT_REGS: registers per thread
 * @CUOCC_INPUT_SMEM: shared memory per block, static plus dynamic, in bytes
 * @CUOCC_INPUT_BARRIERS: block barriers
 * @CUOCC_INPUT_CLUSTER_SIZE: blocks per cluster; 0 for a launch without clusters
 * @CUOCC_INPUT_CARVEOUT: carveout preference in percent
 *
 * The inputs that have a range of values.
 */
typedef enum {
  CUOCC_INPUT_THREADS,
  CUOCC_INPUT_REGS,
  CUOCC_INPUT_SMEM,
  CUOCC_INPUT_BARRIERS,
  CUOCC_INPUT_CLUSTER_SIZE,
  CUOCC_INPUT_CARVEOUT,
} CuoccInputKind;

#define CUOCC_N_INPUT_KINDS (CUOCC_INPUT_CARVEOUT + 1)

/**
 * CuoccInputRange:
 * @min: the smallest value cuocc answers for
 * @max: the largest value cuocc answers for
 * @launch_max: the largest value the GPU launches; above it the answer is 0 blocks
 *
 * What an input may be, the one statement of it that the app and the command line both give: cuocc
 * answers for min to max; the GPU launches min to launch_max. Between the two the answer is 0
 * blocks, with a warning naming the limit, so that a sweep or a batch has a row for every
 * configuration and a graph shows where the limit lies.
 */
typedef struct {
  gint64 min;
  gint64 max;
  gint64 launch_max;
} CuoccInputRange;

G_BEGIN_DECLS

/* cap NULL: the range for any GPU (launch_max is max). */
CUOCC_AVAILABLE CuoccInputRange cuocc_input_range (const CuoccCapability *cap, CuoccInputKind kind);
CUOCC_AVAILABLE void cuocc_input_init (CuoccInput *input);
CUOCC_AVAILABLE gboolean cuocc_input_validate (const CuoccGpu *gpu, const CuoccInput *input, GError **error);
CUOCC_AVAILABLE gboolean cuocc_calculate (const CuoccGpu *gpu, const CuoccInput *input, CuoccResult *result, GError **error);
CUOCC_AVAILABLE void cuocc_calculate_unchecked (const CuoccCapability *cap, const CuoccInput *input, CuoccResult *result);
CUOCC_AVAILABLE char *cuocc_warnings_to_string (const CuoccGpu *gpu, const CuoccInput *input, const CuoccResult *result);
CUOCC_AVAILABLE int cuocc_best_block_size (const CuoccGpu *gpu, const CuoccInput *input, int *min_grid_size);
CUOCC_AVAILABLE gboolean cuocc_available_dynamic_smem (const CuoccGpu *gpu, const CuoccInput *input, int n_blocks, gint64 *bytes, GError **error);

CUOCC_AVAILABLE gboolean cuocc_smem_config_valid (const CuoccCapability *cap, gint64 config);
CUOCC_AVAILABLE gint64 cuocc_carveout_config (const CuoccCapability *cap, int percent);

G_END_DECLS
