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

typedef enum {
  CUOCC_CACHING_OFF,
  CUOCC_CACHING_ON,
  CUOCC_CACHING_STRICT,
} CuoccCaching;

typedef enum {
  CUOCC_LIMIT_WARPS         = 1 << 0,
  CUOCC_LIMIT_REGISTERS     = 1 << 1,
  CUOCC_LIMIT_SHARED_MEMORY = 1 << 2,
  CUOCC_LIMIT_BLOCKS        = 1 << 3,
  CUOCC_LIMIT_BARRIERS      = 1 << 4,
} CuoccLimit;

#define CUOCC_N_LIMITS 5

/* Why a configuration cannot launch, or deserves a second look. */
typedef enum {
  CUOCC_WARN_THREADS_EXCEED_BLOCK   = 1 << 0, /* more threads per block than the GPU allows */
  CUOCC_WARN_REGS_EXCEED_THREAD     = 1 << 1, /* more registers per thread than the GPU allows */
  CUOCC_WARN_REGS_EXCEED_BLOCK      = 1 << 2, /* a block needs more registers than one block may have */
  CUOCC_WARN_SMEM_EXCEED_BLOCK      = 1 << 3, /* more shared memory per block than the GPU allows */
  CUOCC_WARN_SMEM_CONFIG_RAISED     = 1 << 4, /* the driver raises the shared memory configuration */
  CUOCC_WARN_CACHING_DISABLED       = 1 << 5, /* partitioned caching was asked for but cannot be used */
  CUOCC_WARN_REGS_ABOVE_HARDWARE    = 1 << 6, /* the header accepts it, the compiler never emits it */
  CUOCC_WARN_PARTIAL_WARP           = 1 << 7, /* threads per block is not a multiple of the warp size */
  CUOCC_WARN_CARVEOUT_PREFERENCE    = 1 << 8, /* the carveout preference limits occupancy; the driver may grant more */
} CuoccWarning;

typedef struct {
  int active_blocks;
  int active_warps;
  int active_threads;
  double occupancy;                /* active warps / max warps per SM, 0..1 */
  int warps_per_block;
  int blocks_by_warps;
  int blocks_by_regs;              /* CUOCC_UNLIMITED when no registers are used */
  int blocks_by_smem;              /* CUOCC_UNLIMITED when no shared memory is allocated */
  int blocks_by_blocks;
  int blocks_by_barriers;          /* CUOCC_UNLIMITED when barriers do not limit */
  guint limiters;                  /* CuoccLimit flags of the factors whose limit equals the result */
  int regs_per_block;              /* registers allocated per block */
  gint64 smem_per_block;           /* shared memory allocated per block, reservation included */
  gint64 smem_config;              /* the shared memory configuration in effect */
  CuoccCaching caching;            /* the caching mode in effect */
  guint warnings;                  /* CuoccWarning flags */
} CuoccResult;

G_BEGIN_DECLS

CUOCC_AVAILABLE const char *cuocc_limit_name (CuoccLimit limit);
CUOCC_AVAILABLE char *cuocc_limiters_to_string (guint limiters);
CUOCC_AVAILABLE const char *cuocc_caching_name (CuoccCaching caching);
CUOCC_AVAILABLE gboolean cuocc_caching_parse (const char *text, CuoccCaching *caching, GError **error);

G_END_DECLS
