/* cuocc-gpu.h — the GPU database: compute capabilities, products, device
 * files and measured cluster tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every figure is in bytes, registers, threads, warps or blocks, never in
 * kibibytes.
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-version.h"

#define CUOCC_MAX_SMEM_CONFIGS 12

/* Thread block clusters: the largest cluster any GPU allows (non-portable
 * sizes above 8 on 9.0 and 10.x), and the rows of a table of max active
 * clusters (blocks per SM under a cluster launch, 1 to 8). */
#define CUOCC_MAX_CLUSTER_SIZE        16
#define CUOCC_CLUSTER_TABLE_BLOCKS    8
#define CUOCC_CLUSTER_TABLE_PRODUCTS  8

typedef enum {
  CUOCC_ALLOC_BLOCK,               /* CC 1.x: registers are allocated per block */
  CUOCC_ALLOC_WARP,                /* CC 2.0 on: registers are allocated per warp */
} CuoccAllocGranularity;

/* The figures of one compute capability. Sizes are in bytes. */
typedef struct {
  int major;
  int minor;
  const char *architecture;        /* "Volta" */
  const char *chips;               /* "GV100" */
  int warp_size;
  int max_threads_per_block;
  int max_warps_per_sm;
  int max_blocks_per_sm;
  int regs_per_sm;
  int max_regs_per_block;
  int max_regs_per_thread;         /* what the compiler may assign */
  int regs_per_thread_accepted;    /* what the occupancy rules accept (cuda_occupancy.h: 256 from 7.0) */
  int reg_alloc_unit;
  CuoccAllocGranularity reg_alloc_granularity;
  int warp_alloc_granularity;      /* CC 1.x/2.x: warps are rounded to this for registers */
  int sub_partitions;              /* CC 3.0 on: register file partitions of an SM */
  int compat_sub_partitions;       /* GP100: a block must also fit the GP10x layout; 0 elsewhere */
  int smem_per_sm;                 /* the largest configuration */
  int smem_configs[CUOCC_MAX_SMEM_CONFIGS]; /* valid configurations, largest first */
  int n_smem_configs;
  gboolean smem_config_aligns_up;  /* 7.0 on: a too-small carveout is raised to the next configuration */
  int smem_per_block;              /* default per-block maximum */
  int smem_per_block_optin;        /* per-block maximum after cudaFuncSetAttribute */
  int smem_reserved_per_block;     /* the runtime's own use of each block's shared memory */
  int smem_alloc_unit;
  int barriers_per_block_slot;     /* 0: barriers never limit; n: the SM has n × max blocks barriers */
  gboolean partitioned_caching;    /* partitioned global caching exists (5.2, 5.3, 6.1, 6.2) */
  const char *source;              /* where the figures come from */
  const char *notes;               /* disagreements between sources, and what we chose */
  int max_cluster_size;            /* 0: no thread block clusters (before 9.0); 8 portable, 16 non-portable */
  int cluster_max_blocks_per_sm;   /* the most blocks an SM holds under a cluster launch */
  const char *cluster_cap_source;  /* where that cap was seen; NULL: an assumption */
} CuoccCapability;

typedef struct {
  const char *name;
  int major;
  int minor;
  int sm_count;
  const char *source;
  const char *const *driver_names; /* NULL-terminated: the names nvidia-smi and the driver print, or NULL */
} CuoccProduct;

/* A GPU to calculate for: a product, a bare compute capability or a custom device. */
typedef struct {
  char name[128];
  int sm_count;                    /* 0 when unknown */
  CuoccCapability cap;
  /* Max active clusters this machine's driver answered, by [blocks per SM
   * under a cluster launch − 1][cluster size − 1]; 0 where it was not asked. */
  int driver_clusters[CUOCC_CLUSTER_TABLE_BLOCKS][CUOCC_MAX_CLUSTER_SIZE];
} CuoccGpu;

/* Max active clusters on a whole GPU, measured for a product family (the
 * placement inside GPCs is no formula of the per-SM limits). */
typedef struct {
  const char *family;              /* "GH100, 132 SMs" */
  int major;
  int minor;
  int sm_count;
  const char *products[CUOCC_CLUSTER_TABLE_PRODUCTS]; /* the products it applies to, NULL-terminated */
  const char *source;
  int clusters[CUOCC_CLUSTER_TABLE_BLOCKS][CUOCC_MAX_CLUSTER_SIZE];
} CuoccClusterTable;

G_BEGIN_DECLS

CUOCC_AVAILABLE const CuoccCapability *cuocc_capabilities (guint *n_capabilities);
CUOCC_AVAILABLE const CuoccProduct *cuocc_products (guint *n_products);
CUOCC_AVAILABLE const CuoccClusterTable *cuocc_cluster_tables (guint *n_tables);

CUOCC_AVAILABLE const CuoccCapability *cuocc_capability_lookup (int major, int minor);
CUOCC_AVAILABLE gboolean cuocc_capability_validate (const CuoccCapability *cap, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_for_cc (const char *cc, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_for_cc_numbers (int major, int minor, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_find (const char *name, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_find_with_note (const char *name, CuoccGpu *gpu, char **note, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_load_file (const char *path, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_load_data (const char *data, gsize length, CuoccGpu *gpu, GError **error);

G_END_DECLS
