/* cuocc.h — the public interface of libcuocc, the CUDA occupancy model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libcuocc knows nothing of GTK. It holds the GPU database, the occupancy
 * calculation, the graph series and the tuning helpers. Every figure it
 * returns is in bytes, registers, threads, warps or blocks, never in
 * kibibytes.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#if defined(CUOCC_COMPILATION)
# define CUOCC_AVAILABLE __attribute__ ((visibility ("default"))) extern
#else
# define CUOCC_AVAILABLE extern
#endif

/* A limit that does not bind because the kernel uses none of that resource. */
#define CUOCC_UNLIMITED G_MAXINT

#define CUOCC_MAX_SMEM_CONFIGS 12

/* The bounds of a question. Beyond a GPU's limits but within these, a
 * configuration is valid and gets 0 blocks; beyond these it is an error. */
#define CUOCC_MAX_THREADS_INPUT  (1 << 20)
#define CUOCC_MAX_REGS_INPUT     G_MAXINT
#define CUOCC_MAX_SMEM_INPUT     G_MAXINT
#define CUOCC_MAX_BARRIERS_INPUT 16

/* Thread block clusters: the largest cluster any GPU allows (non-portable
 * sizes above 8 on 9.0 and 10.x), and the rows of a table of max active
 * clusters (blocks per SM under a cluster launch, 1 to 8). */
#define CUOCC_MAX_CLUSTER_SIZE        16
#define CUOCC_CLUSTER_TABLE_BLOCKS    8
#define CUOCC_CLUSTER_TABLE_PRODUCTS  8
/* CuoccInput.carveout when the kernel sets no carveout preference. */
#define CUOCC_CARVEOUT_NONE           (-1)

#define CUOCC_ERROR (cuocc_error_quark ())

typedef enum {
  CUOCC_ERROR_INVALID_INPUT,       /* a value that is no question at all */
  CUOCC_ERROR_UNKNOWN_GPU,
  CUOCC_ERROR_AMBIGUOUS_GPU,
  CUOCC_ERROR_UNKNOWN_CC,
  CUOCC_ERROR_INVALID_SMEM_CONFIG,
  CUOCC_ERROR_UNSUPPORTED,         /* e.g. global caching on a GPU without it */
  CUOCC_ERROR_PARSE,               /* a malformed file */
} CuoccError;

typedef enum {
  CUOCC_CACHING_OFF,
  CUOCC_CACHING_ON,
  CUOCC_CACHING_STRICT,
} CuoccCaching;

typedef enum {
  CUOCC_ALLOC_BLOCK,               /* CC 1.x: registers are allocated per block */
  CUOCC_ALLOC_WARP,                /* CC 2.0 on: registers are allocated per warp */
} CuoccAllocGranularity;

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

typedef struct {
  int threads;                     /* threads per block, >= 1 */
  int regs;                        /* registers per thread, >= 0 */
  gint64 smem;                     /* static + dynamic shared memory per block, without the runtime's reservation */
  gint64 smem_config;              /* shared memory configuration per SM; -1 for the largest */
  int barriers;                    /* block barriers, >= 0 (default 1) */
  CuoccCaching caching;
  int cluster_size;                /* blocks per cluster; 0 for a launch without clusters */
  int carveout;                    /* preferred carveout in percent, 0..100, or CUOCC_CARVEOUT_NONE */
} CuoccInput;

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

CUOCC_AVAILABLE GQuark cuocc_error_quark (void);
CUOCC_AVAILABLE const char *cuocc_version (void);

/* The database. */
CUOCC_AVAILABLE const CuoccCapability *cuocc_capabilities (guint *n_capabilities);
CUOCC_AVAILABLE const CuoccCapability *cuocc_capability_lookup (int major, int minor);
CUOCC_AVAILABLE const CuoccProduct *cuocc_products (guint *n_products);
/* 8.6, 86, sm_86, sm_90a, sm_100f, compute_90, 120; sm_101 (CUDA 12's Jetson
 * Thor) is 11.0, and cuocc_cc_note () then says so. */
CUOCC_AVAILABLE gboolean cuocc_parse_cc (const char *text, int *major, int *minor, GError **error);
/* The remark a spelling of a compute capability needs ("sm_101 … is read as 11.0"), or NULL. */
CUOCC_AVAILABLE const char *cuocc_cc_note (const char *text);
CUOCC_AVAILABLE gboolean cuocc_gpu_for_cc (const char *cc, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_for_cc_numbers (int major, int minor, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_find (const char *name, CuoccGpu *gpu, GError **error);
/* The same; a name that fits several products of one compute capability
 * gives that capability without an SM count, and a note naming them. */
CUOCC_AVAILABLE gboolean cuocc_gpu_find_with_note (const char *name, CuoccGpu *gpu, char **note, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_load_file (const char *path, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_gpu_load_data (const char *data, gsize length, CuoccGpu *gpu, GError **error);
CUOCC_AVAILABLE gboolean cuocc_capability_validate (const CuoccCapability *cap, GError **error);
CUOCC_AVAILABLE int cuocc_smem_config_default (const CuoccCapability *cap);
CUOCC_AVAILABLE gboolean cuocc_smem_config_valid (const CuoccCapability *cap, gint64 config);
/* The configuration a carveout preference in percent asks for, as the runtime
 * maps it: that share of the largest configuration, raised to the next one
 * the GPU has. -1 before 7.0, where there is no carveout preference. */
CUOCC_AVAILABLE gint64 cuocc_carveout_config (const CuoccCapability *cap, int percent);
CUOCC_AVAILABLE const CuoccClusterTable *cuocc_cluster_tables (guint *n_tables);
/* The measured table for a product (by its name, compute capability and SM
 * count), or NULL. */
CUOCC_AVAILABLE const CuoccClusterTable *cuocc_cluster_table_for_gpu (const CuoccGpu *gpu);

/* The calculation. */
CUOCC_AVAILABLE void cuocc_input_init (CuoccInput *input);
CUOCC_AVAILABLE gboolean cuocc_input_validate (const CuoccGpu *gpu, const CuoccInput *input, GError **error);
CUOCC_AVAILABLE gboolean cuocc_calculate (const CuoccGpu *gpu, const CuoccInput *input, CuoccResult *result, GError **error);
/* No validation: the caller has validated the input once. For sweeps; the
 * carveout warning (CUOCC_WARN_CARVEOUT_PREFERENCE) comes from cuocc_calculate only. */
CUOCC_AVAILABLE void cuocc_calculate_unchecked (const CuoccCapability *cap, const CuoccInput *input, CuoccResult *result);
CUOCC_AVAILABLE int cuocc_best_block_size (const CuoccGpu *gpu, const CuoccInput *input, int *min_grid_size);
/* occupancy_pct with at most two decimals, e.g. "62.5", "66.67", "100". */
CUOCC_AVAILABLE void cuocc_format_occupancy_pct (int active_warps, int max_warps, char *buf, gsize size);
CUOCC_AVAILABLE gboolean cuocc_available_dynamic_smem (const CuoccGpu *gpu, const CuoccInput *input, int n_blocks, gint64 *bytes, GError **error);
CUOCC_AVAILABLE const char *cuocc_limit_name (CuoccLimit limit);       /* "warps", "registers", … */
CUOCC_AVAILABLE char *cuocc_limiters_to_string (guint limiters);       /* "registers|shared_memory" */
CUOCC_AVAILABLE char *cuocc_warnings_to_string (const CuoccGpu *gpu, const CuoccInput *input, const CuoccResult *result);
CUOCC_AVAILABLE const char *cuocc_caching_name (CuoccCaching caching); /* "off", "on", "strict" */
CUOCC_AVAILABLE gboolean cuocc_caching_parse (const char *text, CuoccCaching *caching, GError **error);
CUOCC_AVAILABLE gboolean cuocc_parse_size (const char *text, gint64 *bytes, GError **error);
CUOCC_AVAILABLE gboolean cuocc_parse_int (const char *text, const char *what, int min, int max, int *value, GError **error);

/* Thread block clusters. */
typedef enum {
  CUOCC_CLUSTERS_PER_SM,           /* no SM count: per-SM figures only */
  CUOCC_CLUSTERS_MEASURED,         /* a measured table for this product */
  CUOCC_CLUSTERS_DRIVER,           /* asked of this machine's driver */
  CUOCC_CLUSTERS_UPPER_BOUND,      /* ⌊SMs × blocks per SM ÷ cluster size⌋: an upper bound, not the answer */
} CuoccClustersBasis;

typedef struct {
  int cluster_size;
  int blocks_per_sm;               /* under a cluster launch: the normal launch's, capped */
  int blocks_per_sm_cap;           /* the cap (8) */
  gboolean cap_assumed;            /* the cap was not seen on this compute capability */
  gint64 max_active_clusters;      /* on the whole GPU; -1 without an SM count */
  CuoccClustersBasis basis;
  const char *source;              /* the measured table's source, or NULL */
  int blocks_lost_per_sm;          /* to the cap, against the same kernel without clusters */
  gint64 blocks_lost;              /* on the whole GPU, cap and placement; -1 without an SM count */
  double blocks_lost_fraction;     /* of the blocks the same kernel runs without clusters, 0..1 */
} CuoccClusters;

/* Fails when the input has no cluster size. result is the input's own. */
CUOCC_AVAILABLE gboolean cuocc_clusters (const CuoccGpu *gpu, const CuoccInput *input, const CuoccResult *result,
                                         CuoccClusters *clusters, GError **error);
CUOCC_AVAILABLE const char *cuocc_clusters_basis_name (CuoccClustersBasis basis); /* "measured", "driver", "upper-bound", "per-sm" */

/* The graph series. */
typedef enum {
  CUOCC_SERIES_THREADS,
  CUOCC_SERIES_REGS,
  CUOCC_SERIES_SMEM,
  CUOCC_SERIES_BARRIERS,           /* block barriers, 0 to CUOCC_MAX_BARRIERS_INPUT */
  CUOCC_SERIES_CLUSTER_SIZE,       /* 0 (no clusters) to the largest cluster; the whole GPU, averaged per SM */
} CuoccSeriesKind;

typedef struct {
  gint64 x;                        /* the varied input */
  int active_blocks;
  int active_warps;
  double occupancy;
} CuoccPoint;

typedef struct {
  gint64 smem_config;              /* the configuration this line is for (-1: the current one) */
  guint n_points;
  CuoccPoint *points;
} CuoccLine;

typedef struct {
  CuoccSeriesKind kind;
  gint64 current_x;                /* the current configuration's value of the varied input */
  CuoccPoint current;              /* its result */
  int max_warps;                   /* the y axis' top */
  gint64 x_max;
  guint n_lines;                   /* 1, or one per shared memory configuration */
  CuoccLine *lines;                /* lines[0] is the current configuration */
  CuoccClustersBasis clusters_basis; /* CUOCC_SERIES_CLUSTER_SIZE: where the max active clusters come from */
} CuoccSeries;

CUOCC_AVAILABLE CuoccSeries *cuocc_series_new (const CuoccGpu *gpu, const CuoccInput *input, CuoccSeriesKind kind);
CUOCC_AVAILABLE void cuocc_series_free (CuoccSeries *series);
CUOCC_AVAILABLE const char *cuocc_series_kind_name (CuoccSeriesKind kind); /* "threads", "regs", "smem" */
CUOCC_AVAILABLE gboolean cuocc_series_kind_parse (const char *text, CuoccSeriesKind *kind, GError **error);
CUOCC_AVAILABLE char *cuocc_series_to_csv (const CuoccSeries *series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccSeries, cuocc_series_free)

/* Occupancy over block size (every warp multiple) × registers per thread or
 * shared memory per block, for heatmaps. Row j, column i is at
 * [j * n_x + i]; both value lists ascend. */
typedef struct {
  CuoccSeriesKind y_kind;          /* CUOCC_SERIES_REGS or CUOCC_SERIES_SMEM */
  guint n_x;
  guint n_y;
  gint64 *x_values;                /* threads per block */
  gint64 *y_values;                /* registers, or bytes of shared memory */
  int *active_warps;
  double *occupancy;               /* 0..1 */
  int max_warps;
  int current_i;                   /* the cell nearest the current configuration */
  int current_j;
} CuoccGrid;

CUOCC_AVAILABLE CuoccGrid *cuocc_grid_new (const CuoccGpu *gpu, const CuoccInput *input, CuoccSeriesKind y_kind);
CUOCC_AVAILABLE void cuocc_grid_free (CuoccGrid *grid);
CUOCC_AVAILABLE char *cuocc_grid_to_csv (const CuoccGrid *grid);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccGrid, cuocc_grid_free)

/* Tuning advice. */
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

/* Every suggestion has been checked by the model. A GPtrArray of CuoccAdvice. */
CUOCC_AVAILABLE GPtrArray *cuocc_advise (const CuoccGpu *gpu, const CuoccInput *input, const CuoccAdviceExtra *extra, GError **error);
CUOCC_AVAILABLE void cuocc_advice_free (CuoccAdvice *advice);

/* Waves: how a grid of blocks runs on the whole GPU. */
typedef struct {
  gint64 grid;
  int sm_count;
  int blocks_per_sm;
  gint64 blocks_per_wave;
  gint64 full_waves;
  gint64 tail_blocks;              /* blocks in the last, partial wave (0: none) */
  gint64 waves;                    /* full waves plus the partial one */
  double tail_fill;                /* how full the last wave is, 0..1 */
  double efficiency;               /* grid / (waves × blocks per wave) */
} CuoccWaves;

CUOCC_AVAILABLE gboolean cuocc_waves (const CuoccGpu *gpu, const CuoccResult *result, gint64 grid, CuoccWaves *waves, GError **error);
/* Waves of a grid of `grid` clusters: blocks_per_wave and tail_blocks count
 * clusters. Needs the max active clusters on the whole GPU. */
CUOCC_AVAILABLE gboolean cuocc_cluster_waves (const CuoccGpu *gpu, const CuoccClusters *clusters, gint64 grid, CuoccWaves *waves, GError **error);

/* This machine's GPUs, read through libcuda.so.1 at run time (no build
 * dependency). Fills gpus (at most max_gpus) and returns how many. */
CUOCC_AVAILABLE int cuocc_detect_gpus (CuoccGpu *gpus, int max_gpus, GError **error);
/* The same, and asks the driver for the max active clusters of every
 * blocks per SM and cluster size the GPU allows (gpu->driver_clusters). */
CUOCC_AVAILABLE int cuocc_detect_gpus_with_clusters (CuoccGpu *gpus, int max_gpus, GError **error);
/* A table in the format of the measured data files. */
CUOCC_AVAILABLE char *cuocc_clusters_table_to_csv (const CuoccGpu *gpu);

/* Files. Every file cuocc writes goes through cuocc_file_write: a temporary
 * file renamed over the target, which keeps an existing file's mode and
 * owner, follows a symbolic link to write its target and refuses a file the
 * user may not write (one with no write permission at all, even as root).
 * cuocc_file_read refuses a file longer than max_length bytes. */
CUOCC_AVAILABLE gboolean cuocc_file_write (const char *path, const char *data, gssize length, GError **error);
CUOCC_AVAILABLE gboolean cuocc_file_read (const char *path, gsize max_length, char **contents, gsize *length, GError **error);

G_END_DECLS

#include "cuocc-import.h"
