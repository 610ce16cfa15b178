/* cuocc-result.h — the vocabulary of an occupancy result: caching modes,
 * limiting factors, warnings, and their names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-version.h"

/* A limit that does not bind because the kernel uses none of that resource. */
#define CUOCC_UNLIMITED G_MAXINT

/**
 * CuoccCaching:
 * @CUOCC_CACHING_OFF: no global caching in L1
 * @CUOCC_CACHING_ON: caching, with a block confined to half an SM; turned off when no block fits
 *   there
 * @CUOCC_CACHING_STRICT: caching kept on even when no block fits in half an SM
 *
 * Partitioned global caching in L1, on compute capabilities that have it.
 */
typedef enum {
  CUOCC_CACHING_OFF,
  CUOCC_CACHING_ON,
  CUOCC_CACHING_STRICT,
} CuoccCaching;

/**
 * CuoccLimit:
 * @CUOCC_LIMIT_WARPS: the warps an SM holds
 * @CUOCC_LIMIT_REGISTERS: the register file
 * @CUOCC_LIMIT_SHARED_MEMORY: shared memory
 * @CUOCC_LIMIT_BLOCKS: the blocks an SM holds
 * @CUOCC_LIMIT_BARRIERS: block barriers
 *
 * The resources that limit the resident blocks of an SM.
 */
typedef enum {
  CUOCC_LIMIT_WARPS         = 1 << 0,
  CUOCC_LIMIT_REGISTERS     = 1 << 1,
  CUOCC_LIMIT_SHARED_MEMORY = 1 << 2,
  CUOCC_LIMIT_BLOCKS        = 1 << 3,
  CUOCC_LIMIT_BARRIERS      = 1 << 4,
} CuoccLimit;

#define CUOCC_N_LIMITS 5

/**
 * CuoccWarning:
 * @CUOCC_WARN_THREADS_EXCEED_BLOCK: more threads per block than the GPU allows
 * @CUOCC_WARN_REGS_EXCEED_THREAD: more registers per thread than the GPU allows
 * @CUOCC_WARN_REGS_EXCEED_BLOCK: a block needs more registers than one block may have
 * @CUOCC_WARN_SMEM_EXCEED_BLOCK: more shared memory per block than the GPU allows
 * @CUOCC_WARN_SMEM_CONFIG_RAISED: the driver raises the shared memory configuration
 * @CUOCC_WARN_CACHING_DISABLED: partitioned caching was asked for but cannot be used
 * @CUOCC_WARN_REGS_ABOVE_HARDWARE: the header accepts it, the compiler never emits it
 * @CUOCC_WARN_PARTIAL_WARP: threads per block is not a multiple of the warp size
 * @CUOCC_WARN_CARVEOUT_PREFERENCE: the carveout preference limits occupancy; the driver may grant
 *   more
 *
 * Why a configuration cannot launch, or deserves a second look.
 */
typedef enum {
  CUOCC_WARN_THREADS_EXCEED_BLOCK   = 1 << 0,
  CUOCC_WARN_REGS_EXCEED_THREAD     = 1 << 1,
  CUOCC_WARN_REGS_EXCEED_BLOCK      = 1 << 2,
  CUOCC_WARN_SMEM_EXCEED_BLOCK      = 1 << 3,
  CUOCC_WARN_SMEM_CONFIG_RAISED     = 1 << 4,
  CUOCC_WARN_CACHING_DISABLED       = 1 << 5,
  CUOCC_WARN_REGS_ABOVE_HARDWARE    = 1 << 6,
  CUOCC_WARN_PARTIAL_WARP           = 1 << 7,
  CUOCC_WARN_CARVEOUT_PREFERENCE    = 1 << 8,
} CuoccWarning;

/**
 * CuoccResult:
 * @active_blocks: resident blocks per SM
 * @active_warps: resident warps per SM
 * @active_threads: resident threads per SM
 * @occupancy: active warps / max warps per SM, 0..1
 * @warps_per_block: the warps of one block
 * @blocks_by_warps: the blocks the warp limit allows
 * @blocks_by_regs: %CUOCC_UNLIMITED when no registers are used
 * @blocks_by_smem: %CUOCC_UNLIMITED when no shared memory is allocated
 * @blocks_by_blocks: the blocks the block limit allows
 * @blocks_by_barriers: %CUOCC_UNLIMITED when barriers do not limit
 * @limiters: CuoccLimit flags of the factors whose limit equals the result
 * @regs_per_block: registers allocated per block
 * @smem_per_block: shared memory allocated per block, reservation included
 * @smem_config: the shared memory configuration in effect
 * @caching: the caching mode in effect
 * @warnings: CuoccWarning flags
 *
 * The answer of cuocc_calculate() for one SM.
 */
typedef struct {
  int active_blocks;
  int active_warps;
  int active_threads;
  double occupancy;
  int warps_per_block;
  int blocks_by_warps;
  int blocks_by_regs;
  int blocks_by_smem;
  int blocks_by_blocks;
  int blocks_by_barriers;
  guint limiters;
  int regs_per_block;
  gint64 smem_per_block;
  gint64 smem_config;
  CuoccCaching caching;
  guint warnings;
} CuoccResult;

G_BEGIN_DECLS

CUOCC_AVAILABLE const char *cuocc_limit_name (CuoccLimit limit);
CUOCC_AVAILABLE const char *cuocc_limit_title (CuoccLimit limit);
CUOCC_AVAILABLE char *cuocc_limiters_to_string (guint limiters);
CUOCC_AVAILABLE const char *cuocc_caching_name (CuoccCaching caching);
CUOCC_AVAILABLE gboolean cuocc_caching_parse (const char *text, CuoccCaching *caching, GError **error);

G_END_DECLS
