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

/**
 * CUOCC_GPU_ID_DETECTED:
 *
 * The GPU id of the first GPU the driver reports, for cuocc_gpu_resolve_id().
 */
#define CUOCC_GPU_ID_DETECTED "This machine's GPU"

/**
 * CuoccAllocGranularity:
 * @CUOCC_ALLOC_BLOCK: CC 1.x: registers are allocated per block
 * @CUOCC_ALLOC_WARP: CC 2.0 on: registers are allocated per warp
 *
 * How a compute capability allocates registers.
 */
typedef enum {
  CUOCC_ALLOC_BLOCK,
  CUOCC_ALLOC_WARP,
} CuoccAllocGranularity;

/**
 * CuoccCapability:
 * @major: the major version
 * @minor: the minor version
 * @architecture: "Volta"
 * @chips: "GV100"
 * @warp_size: threads per warp
 * @max_threads_per_block: the most threads a block may have
 * @max_warps_per_sm: the most warps resident on an SM
 * @max_blocks_per_sm: the most blocks resident on an SM
 * @regs_per_sm: the registers of an SM
 * @max_regs_per_block: the most registers one block may use
 * @max_regs_per_thread: what the compiler may assign
 * @regs_per_thread_accepted: what the occupancy rules accept (cuda_occupancy.h: 256 from 7.0)
 * @reg_alloc_unit: registers are allocated in multiples of this
 * @reg_alloc_granularity: whether registers are allocated per block or per warp
 * @warp_alloc_granularity: CC 1.x/2.x: warps are rounded to this for registers
 * @sub_partitions: CC 3.0 on: register file partitions of an SM
 * @compat_sub_partitions: GP100: a block must also fit the GP10x layout; 0 elsewhere
 * @smem_per_sm: the largest configuration
 * @smem_configs: valid configurations, largest first
 * @n_smem_configs: how many of @smem_configs are used
 * @smem_config_aligns_up: 7.0 on: a too-small carveout is raised to the next configuration
 * @smem_per_block: default per-block maximum
 * @smem_per_block_optin: per-block maximum after cudaFuncSetAttribute
 * @smem_reserved_per_block: the runtime's own use of each block's shared memory
 * @smem_alloc_unit: shared memory is allocated per block in multiples of this
 * @barriers_per_block_slot: 0: barriers never limit; n: the SM has n × max blocks barriers
 * @partitioned_caching: partitioned global caching exists (5.2, 5.3, 6.1, 6.2)
 * @source: where the figures come from
 * @notes: disagreements between sources, and what we chose
 * @max_cluster_size: 0: no thread block clusters (before 9.0); 8 portable, 16 non-portable
 * @cluster_max_blocks_per_sm: the most blocks an SM holds under a cluster launch
 * @cluster_cap_source: where that cap was seen; %NULL: an assumption
 * @assumed_figures: the figures no public source gives, which cuocc assumes (the notes say from
 *   what), as bits `1 << CUOCC_FIGURE_…` of #CuoccFigure; 0: every figure is sourced
 *
 * The figures of one compute capability. Sizes are in bytes.
 */
typedef struct {
  int major;
  int minor;
  const char *architecture;
  const char *chips;
  int warp_size;
  int max_threads_per_block;
  int max_warps_per_sm;
  int max_blocks_per_sm;
  int regs_per_sm;
  int max_regs_per_block;
  int max_regs_per_thread;
  int regs_per_thread_accepted;
  int reg_alloc_unit;
  CuoccAllocGranularity reg_alloc_granularity;
  int warp_alloc_granularity;
  int sub_partitions;
  int compat_sub_partitions;
  int smem_per_sm;
  int smem_configs[CUOCC_MAX_SMEM_CONFIGS];
  int n_smem_configs;
  gboolean smem_config_aligns_up;
  int smem_per_block;
  int smem_per_block_optin;
  int smem_reserved_per_block;
  int smem_alloc_unit;
  int barriers_per_block_slot;
  gboolean partitioned_caching;
  const char *source;
  const char *notes;
  int max_cluster_size;
  int cluster_max_blocks_per_sm;
  const char *cluster_cap_source;
  guint32 assumed_figures;
} CuoccCapability;

/**
 * CuoccProduct:
 * @name: the product's name, "H100 SXM5"
 * @major: the major version of its compute capability
 * @minor: the minor version of its compute capability
 * @sm_count: its SMs
 * @source: where the SM count comes from
 * @driver_names: %NULL-terminated: the names nvidia-smi and the driver print, or %NULL
 *
 * A GPU product: its compute capability and SM count, with where they come from.
 */
typedef struct {
  const char *name;
  int major;
  int minor;
  int sm_count;
  const char *source;
  const char *const *driver_names;
} CuoccProduct;

/**
 * CuoccGpu:
 * @name: the name shown to people
 * @sm_count: 0 when unknown
 * @cap: the figures of its compute capability
 * @driver_clusters: Max active clusters this machine's driver answered, by `[blocks per SM under a
 *   cluster launch − 1][cluster size − 1]`; 0 where it was not asked.
 *
 * A GPU to calculate for: a product, a bare compute capability or a custom device.
 */
typedef struct {
  char name[128];
  int sm_count;
  CuoccCapability cap;
  int driver_clusters[CUOCC_CLUSTER_TABLE_BLOCKS][CUOCC_MAX_CLUSTER_SIZE];
} CuoccGpu;

/**
 * CuoccClusterTable:
 * @family: "GH100, 132 SMs"
 * @major: the major version of the products' compute capability
 * @minor: the minor version
 * @sm_count: the products' SMs
 * @products: the products it applies to, %NULL-terminated
 * @source: how and where the table was measured
 * @clusters: max active clusters by `[blocks per SM under a cluster launch − 1][cluster size − 1]`;
 *   0 where not measured
 *
 * Max active clusters on a whole GPU, measured for a product family (the placement inside GPCs is
 * no formula of the per-SM limits).
 */
typedef struct {
  const char *family;
  int major;
  int minor;
  int sm_count;
  const char *products[CUOCC_CLUSTER_TABLE_PRODUCTS];
  const char *source;
  int clusters[CUOCC_CLUSTER_TABLE_BLOCKS][CUOCC_MAX_CLUSTER_SIZE];
} CuoccClusterTable;

/**
 * CuoccUnit:
 * @CUOCC_UNIT_COUNT: a number of threads, warps, blocks, registers or barriers
 * @CUOCC_UNIT_BYTES: bytes
 *
 * What a figure counts.
 */
typedef enum {
  CUOCC_UNIT_COUNT,
  CUOCC_UNIT_BYTES,
} CuoccUnit;

/**
 * CuoccFigure:
 * @CUOCC_FIGURE_WARP_SIZE: threads per warp
 * @CUOCC_FIGURE_MAX_THREADS_PER_BLOCK: the most threads a block may have
 * @CUOCC_FIGURE_MAX_WARPS_PER_SM: the most warps resident on an SM
 * @CUOCC_FIGURE_MAX_THREADS_PER_SM: the most threads resident on an SM
 * @CUOCC_FIGURE_MAX_BLOCKS_PER_SM: the most blocks resident on an SM
 * @CUOCC_FIGURE_REGS_PER_SM: the registers of an SM
 * @CUOCC_FIGURE_MAX_REGS_PER_BLOCK: the most registers one block may use
 * @CUOCC_FIGURE_MAX_REGS_PER_THREAD: the most registers the compiler may assign a thread
 * @CUOCC_FIGURE_REG_ALLOC_UNIT: registers are allocated in multiples of this
 * @CUOCC_FIGURE_WARP_ALLOC_GRANULARITY: warps are rounded to this for registers
 * @CUOCC_FIGURE_SUB_PARTITIONS: the register file's partitions (0 before 3.0)
 * @CUOCC_FIGURE_SMEM_PER_SM: the largest shared memory configuration
 * @CUOCC_FIGURE_SMEM_PER_BLOCK: the default most shared memory of a block
 * @CUOCC_FIGURE_SMEM_PER_BLOCK_OPTIN: the most shared memory of a block that opts in
 * @CUOCC_FIGURE_SMEM_RESERVED_PER_BLOCK: the runtime's own shared memory in each block
 * @CUOCC_FIGURE_SMEM_ALLOC_UNIT: shared memory is allocated in multiples of this
 * @CUOCC_FIGURE_BARRIERS_PER_SM: the barriers of an SM; absent where barriers never limit
 * @CUOCC_FIGURE_MAX_CLUSTER_SIZE: the largest thread block cluster; absent before 9.0
 * @CUOCC_FIGURE_CLUSTER_BLOCKS_PER_SM: the most blocks an SM holds under a cluster launch;
 *   absent before 9.0
 * @CUOCC_N_FIGURES: the number of figures
 *
 * The figures of a compute capability that are numbers, as the GPU data tables show them.
 */
typedef enum {
  CUOCC_FIGURE_WARP_SIZE,
  CUOCC_FIGURE_MAX_THREADS_PER_BLOCK,
  CUOCC_FIGURE_MAX_WARPS_PER_SM,
  CUOCC_FIGURE_MAX_THREADS_PER_SM,
  CUOCC_FIGURE_MAX_BLOCKS_PER_SM,
  CUOCC_FIGURE_REGS_PER_SM,
  CUOCC_FIGURE_MAX_REGS_PER_BLOCK,
  CUOCC_FIGURE_MAX_REGS_PER_THREAD,
  CUOCC_FIGURE_REG_ALLOC_UNIT,
  CUOCC_FIGURE_WARP_ALLOC_GRANULARITY,
  CUOCC_FIGURE_SUB_PARTITIONS,
  CUOCC_FIGURE_SMEM_PER_SM,
  CUOCC_FIGURE_SMEM_PER_BLOCK,
  CUOCC_FIGURE_SMEM_PER_BLOCK_OPTIN,
  CUOCC_FIGURE_SMEM_RESERVED_PER_BLOCK,
  CUOCC_FIGURE_SMEM_ALLOC_UNIT,
  CUOCC_FIGURE_BARRIERS_PER_SM,
  CUOCC_FIGURE_MAX_CLUSTER_SIZE,
  CUOCC_FIGURE_CLUSTER_BLOCKS_PER_SM,
  CUOCC_N_FIGURES,
} CuoccFigure;

/**
 * CuoccFigureValue:
 * @value: the figure; 0 when absent
 * @unit: what @value counts
 * @absent: the compute capability has no such thing (no barrier limit, no clusters)
 * @assumed: no public source gives the figure; cuocc assumes it
 *
 * One figure of a compute capability, as cuocc_capability_figure() reads it.
 */
typedef struct {
  gint64 value;
  CuoccUnit unit;
  gboolean absent;
  gboolean assumed;
} CuoccFigureValue;

/**
 * CuoccFigureWording:
 * @CUOCC_FIGURE_WORDING_REPORT: the command line's `--gpu-data` table, the unit in the label
 *   ("Shared memory per SM (bytes)")
 * @CUOCC_FIGURE_WORDING_PAGE: the app's GPU Data page, which writes sizes with their unit
 *   ("Shared memory per SM")
 *
 * Which wording of a figure's label cuocc_figure_label() gives.
 */
typedef enum {
  CUOCC_FIGURE_WORDING_REPORT,
  CUOCC_FIGURE_WORDING_PAGE,
} CuoccFigureWording;

G_BEGIN_DECLS

CUOCC_AVAILABLE const char *cuocc_figure_label (CuoccFigure figure, CuoccFigureWording wording);
CUOCC_AVAILABLE const CuoccCapability *cuocc_capabilities (guint *n_capabilities);
CUOCC_AVAILABLE const CuoccProduct *cuocc_products (guint *n_products);
CUOCC_AVAILABLE const CuoccClusterTable *cuocc_cluster_tables (guint *n_tables);

CUOCC_AVAILABLE const CuoccCapability *cuocc_capability_lookup (int major, int minor);
CUOCC_AVAILABLE gboolean cuocc_capability_validate (const CuoccCapability *cap, GError **error);
CUOCC_AVAILABLE void cuocc_capability_figure (const CuoccCapability *cap, CuoccFigure figure, CuoccFigureValue *value);
CUOCC_AVAILABLE gboolean cuocc_gpu_for_cc (const char *cc, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_for_cc_numbers (int major, int minor, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_find (const char *name, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_find_with_note (const char *name, CuoccGpu *gpu, char **note, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_matches (const char *query, const char *name, int major, int minor);
CUOCC_AVAILABLE gboolean cuocc_gpu_load_file (const char *path, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_load_data (const char *data, gsize length, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_resolve_id (const char *id, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE char *cuocc_gpu_cc_id (int major, int minor);

G_END_DECLS
