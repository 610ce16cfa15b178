/* cuocc-import-table.h — the rows of `cuocc --import`: each kernel entry
 * worked out for a launch, and written as the command line's CSV or JSON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command line's --import and the app's kernels table export write
 * their rows through these functions, so that a file exported from the app
 * and the output of `cuocc --import FILE --gpu G --threads N --format csv`
 * compare equal row for row. The columns are the library's columns of an
 * answer (cuocc-table.h) and the import's own; their order is a contract.
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-table.h"
#include "cuocc-import.h"

G_BEGIN_DECLS

/**
 * CuoccImportColumn:
 * @CUOCC_IMPORT_COLUMN_KERNEL: `kernel`
 * @CUOCC_IMPORT_COLUMN_MANGLED: `mangled`
 * @CUOCC_IMPORT_COLUMN_ARCH: `arch`
 * @CUOCC_IMPORT_COLUMN_REGS: `regs`
 * @CUOCC_IMPORT_COLUMN_SMEM: `smem`
 * @CUOCC_IMPORT_COLUMN_BARRIERS: `barriers`
 * @CUOCC_IMPORT_COLUMN_STACK: `stack`
 * @CUOCC_IMPORT_COLUMN_SPILL_STORES: `spill_stores`
 * @CUOCC_IMPORT_COLUMN_SPILL_LOADS: `spill_loads`
 * @CUOCC_IMPORT_COLUMN_CC: the first occupancy column, `cc`
 * @CUOCC_IMPORT_COLUMN_GPU: `gpu`
 * @CUOCC_IMPORT_COLUMN_THREADS: `threads`
 * @CUOCC_IMPORT_COLUMN_SMEM_CONFIG: `smem_config`
 * @CUOCC_IMPORT_COLUMN_CACHING: `global_caching`
 * @CUOCC_IMPORT_COLUMN_ACTIVE_BLOCKS: `active_blocks`
 * @CUOCC_IMPORT_COLUMN_ACTIVE_WARPS: `active_warps`
 * @CUOCC_IMPORT_COLUMN_ACTIVE_THREADS: `active_threads`
 * @CUOCC_IMPORT_COLUMN_OCCUPANCY: `occupancy_pct`
 * @CUOCC_IMPORT_COLUMN_BY_WARPS: `blocks_by_warps`
 * @CUOCC_IMPORT_COLUMN_BY_REGS: `blocks_by_regs`
 * @CUOCC_IMPORT_COLUMN_BY_SMEM: `blocks_by_smem`
 * @CUOCC_IMPORT_COLUMN_BY_BLOCKS: `blocks_by_blocks`
 * @CUOCC_IMPORT_COLUMN_BY_BARRIERS: `blocks_by_barriers`
 * @CUOCC_IMPORT_COLUMN_LIMITERS: `limiters`
 * @CUOCC_IMPORT_COLUMN_REGS_PER_BLOCK: `regs_per_block`
 * @CUOCC_IMPORT_COLUMN_SMEM_PER_BLOCK: `smem_per_block`
 * @CUOCC_IMPORT_COLUMN_BEST: `best_block_size`
 * @CUOCC_IMPORT_COLUMN_ERROR: `error`
 * @CUOCC_IMPORT_COLUMN_DYNAMIC_SMEM: the first profiler column, `dynamic_smem`
 * @CUOCC_IMPORT_COLUMN_PROFILED_THREADS: `profiled_threads`
 * @CUOCC_IMPORT_COLUMN_PROFILER_OCCUPANCY: `profiler_occupancy_pct`
 * @CUOCC_IMPORT_COLUMN_ACHIEVED: `achieved_occupancy_pct`
 * @CUOCC_IMPORT_COLUMN_AGREES: `occupancy_agrees`
 * @CUOCC_IMPORT_COLUMN_FILE: the first column of binaries, `file`
 * @CUOCC_IMPORT_COLUMN_MAX_THREADS: `max_threads`
 * @CUOCC_IMPORT_COLUMN_MIN_BLOCKS: `min_blocks`
 * @CUOCC_IMPORT_COLUMN_MAX_REGS: `max_regs`
 * @CUOCC_IMPORT_COLUMN_CLUSTER_DIMS: `cluster_dims`
 * @CUOCC_IMPORT_COLUMN_LAUNCH_DYNAMIC_SMEM: `dynamic_smem`, when the profiler's columns are not shown
 * @CUOCC_IMPORT_COLUMN_LAUNCH_THREADS: `threads`, when the occupancy columns are not shown
 * @CUOCC_IMPORT_COLUMN_LOADED: `loaded_on_gpu`
 * @CUOCC_IMPORT_COLUMN_CLUSTER_SIZE: the first cluster column, `cluster_size`
 * @CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_PER_SM: `cluster_blocks_per_sm`
 * @CUOCC_IMPORT_COLUMN_MAX_ACTIVE_CLUSTERS: `max_active_clusters`
 * @CUOCC_IMPORT_COLUMN_CLUSTERS_BASIS: `clusters_basis`
 * @CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_LOST: `cluster_blocks_lost`
 * @CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_LOST_PCT: `cluster_blocks_lost_pct`
 * @CUOCC_IMPORT_COLUMN_FIGURES_FROM: `figures_from`, where some entry is PTX: "binary", the input's
 *   format, or "ptxas 13.0 for sm_89"
 * @CUOCC_N_IMPORT_COLUMNS: the number of columns
 *
 * The columns of an import row, in their order.
 */
typedef enum {
  CUOCC_IMPORT_COLUMN_KERNEL, CUOCC_IMPORT_COLUMN_MANGLED, CUOCC_IMPORT_COLUMN_ARCH, CUOCC_IMPORT_COLUMN_REGS,
  CUOCC_IMPORT_COLUMN_SMEM, CUOCC_IMPORT_COLUMN_BARRIERS, CUOCC_IMPORT_COLUMN_STACK,
  CUOCC_IMPORT_COLUMN_SPILL_STORES, CUOCC_IMPORT_COLUMN_SPILL_LOADS,
  CUOCC_IMPORT_COLUMN_CC, CUOCC_IMPORT_COLUMN_GPU, CUOCC_IMPORT_COLUMN_THREADS, CUOCC_IMPORT_COLUMN_SMEM_CONFIG,
  CUOCC_IMPORT_COLUMN_CACHING, CUOCC_IMPORT_COLUMN_ACTIVE_BLOCKS, CUOCC_IMPORT_COLUMN_ACTIVE_WARPS,
  CUOCC_IMPORT_COLUMN_ACTIVE_THREADS, CUOCC_IMPORT_COLUMN_OCCUPANCY, CUOCC_IMPORT_COLUMN_BY_WARPS,
  CUOCC_IMPORT_COLUMN_BY_REGS, CUOCC_IMPORT_COLUMN_BY_SMEM, CUOCC_IMPORT_COLUMN_BY_BLOCKS,
  CUOCC_IMPORT_COLUMN_BY_BARRIERS, CUOCC_IMPORT_COLUMN_LIMITERS, CUOCC_IMPORT_COLUMN_REGS_PER_BLOCK,
  CUOCC_IMPORT_COLUMN_SMEM_PER_BLOCK, CUOCC_IMPORT_COLUMN_BEST, CUOCC_IMPORT_COLUMN_ERROR,
  CUOCC_IMPORT_COLUMN_DYNAMIC_SMEM, CUOCC_IMPORT_COLUMN_PROFILED_THREADS, CUOCC_IMPORT_COLUMN_PROFILER_OCCUPANCY,
  CUOCC_IMPORT_COLUMN_ACHIEVED, CUOCC_IMPORT_COLUMN_AGREES,
  CUOCC_IMPORT_COLUMN_FILE, CUOCC_IMPORT_COLUMN_MAX_THREADS, CUOCC_IMPORT_COLUMN_MIN_BLOCKS,
  CUOCC_IMPORT_COLUMN_MAX_REGS, CUOCC_IMPORT_COLUMN_CLUSTER_DIMS, CUOCC_IMPORT_COLUMN_LAUNCH_DYNAMIC_SMEM,
  CUOCC_IMPORT_COLUMN_LAUNCH_THREADS, CUOCC_IMPORT_COLUMN_LOADED,
  CUOCC_IMPORT_COLUMN_CLUSTER_SIZE, CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_PER_SM,
  CUOCC_IMPORT_COLUMN_MAX_ACTIVE_CLUSTERS, CUOCC_IMPORT_COLUMN_CLUSTERS_BASIS,
  CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_LOST, CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_LOST_PCT,
  CUOCC_IMPORT_COLUMN_FIGURES_FROM,
  CUOCC_N_IMPORT_COLUMNS,
} CuoccImportColumn;

/**
 * CuoccImportLaunch:
 * @have_gpu: one GPU was named for every kernel (--gpu, --cc)
 * @gpu: that GPU
 * @threads: the block size, or 0: what each kernel declares; a kernel whose
 *   launch bounds (`__launch_bounds__`, a required block size) are below it
 *   is not worked out (%CUOCC_IMPORT_WHY_LAUNCH_BOUNDS): its launch fails
 * @dynamic_smem: the dynamic shared memory a block, or -1: what each kernel records
 * @loaded_arch: kernel key → the architecture of the entry the driver loads;
 *   %NULL: the reason of an entry not loaded does not name it (the app's
 *   table, which marks the entries itself)
 * @default_threads: where @threads is 0, the block size of a kernel that
 *   declares none, or 0: none (the app's table; the CLI leaves it 0)
 *
 * The launch an import is worked out for. Fill the first four (and
 * @default_threads), then call cuocc_import_launch_init() with the kernels.
 * With @threads 0 and @default_threads N, a row is what
 * `cuocc --import FILE --gpu G` writes for a kernel that declares its
 * block size, and what `--threads N` writes for one that does not.
 */
typedef struct {
  gboolean have_gpu;
  CuoccGpu gpu;
  int threads;
  gint64 dynamic_smem;
  GHashTable *loaded_arch;
  int default_threads;
} CuoccImportLaunch;

/**
 * CuoccImportWhy:
 * @CUOCC_IMPORT_WHY_NONE: worked out, or nothing was asked
 * @CUOCC_IMPORT_WHY_NOT_LOADED: another entry of the kernel loads on the GPU
 * @CUOCC_IMPORT_WHY_NO_ENTRY: no entry of the kernel runs on the GPU
 * @CUOCC_IMPORT_WHY_PTX: PTX, whose registers are known only after JIT or once ptxas
 *   assembles it (cuocc_kernel_list_assemble_ptx())
 * @CUOCC_IMPORT_WHY_NO_BLOCK_SIZE: the kernel declares no block size
 * @CUOCC_IMPORT_WHY_NO_ARCH: the input names no architecture
 * @CUOCC_IMPORT_WHY_MODEL: the model refused the launch
 * @CUOCC_IMPORT_WHY_LAUNCH_BOUNDS: the block size asked for (--threads)
 *   passes the kernel's launch bounds: the CUDA runtime refuses the launch
 * @CUOCC_IMPORT_N_WHYS: the number of reasons
 *
 * Why an entry has no occupancy.
 */
typedef enum {
  CUOCC_IMPORT_WHY_NONE,
  CUOCC_IMPORT_WHY_NOT_LOADED,
  CUOCC_IMPORT_WHY_NO_ENTRY,
  CUOCC_IMPORT_WHY_PTX,
  CUOCC_IMPORT_WHY_NO_BLOCK_SIZE,
  CUOCC_IMPORT_WHY_NO_ARCH,
  CUOCC_IMPORT_WHY_MODEL,
  CUOCC_IMPORT_WHY_LAUNCH_BOUNDS,
  CUOCC_IMPORT_N_WHYS,
} CuoccImportWhy;

/**
 * CuoccImportEvaluation:
 * @ok: the occupancy was worked out
 * @why: when not @ok, why not; %NULL when nothing was asked
 * @reason: when not @ok, the reason
 * @failed: a failure, not only "another entry loads"
 * @gpu: the GPU it was worked out for
 * @input: the launch it was worked out for
 * @result: the answer
 * @limiters: cuocc_limiters_to_string() of the answer's limiters
 * @have_clusters: the kernel declares its cluster: @clusters holds the launch
 * @clusters: the cluster answer
 * @lost: what the limiter that costs most takes, as a fraction: the
 *   occupancy without it (the fewest blocks the other factors allow) less
 *   the occupancy; 0 when two factors limit alike
 * @lost_to: that limiter (a #CuoccLimit), or 0
 *
 * One entry worked out; clear with cuocc_import_evaluation_clear().
 */
typedef struct {
  gboolean ok;
  char *why;
  CuoccImportWhy reason;
  gboolean failed;
  CuoccGpu gpu;
  CuoccInput input;
  CuoccResult result;
  char *limiters;
  gboolean have_clusters;
  CuoccClusters clusters;
  double lost;
  guint lost_to;
} CuoccImportEvaluation;

/**
 * CuoccImportTable:
 * @occupancy: the occupancy columns are shown
 * @profiler: the profiler's columns are shown
 * @clusters: the cluster columns are shown
 * @ptx: some entry is PTX: the `figures_from` column is shown
 *
 * Which columns an import's rows have; cuocc_import_table_init() decides
 * it for a list of kernels as `cuocc --import` does.
 */
typedef struct {
  gboolean occupancy;
  gboolean profiler;
  gboolean clusters;
  gboolean ptx;
} CuoccImportTable;

/**
 * CuoccImportLaunchable:
 * @CUOCC_IMPORT_LAUNCHES: worked out, and at least one block fits on an SM
 * @CUOCC_IMPORT_LAUNCH_UNKNOWN: not known: PTX before JIT, no block size, a
 *   model error (the evaluation's `why` says which)
 * @CUOCC_IMPORT_NO_ENTRY_RUNS: no entry of the kernel runs on the GPU
 * @CUOCC_IMPORT_OVER_LAUNCH_BOUNDS: the block asked for passes the kernel's
 *   launch bounds
 * @CUOCC_IMPORT_OVER_SMEM_PER_BLOCK: the block needs more shared memory than
 *   a block may have on the GPU (after the opt-in)
 * @CUOCC_IMPORT_OVER_THREADS_PER_BLOCK: the block has more threads than a
 *   block may have on the GPU
 * @CUOCC_IMPORT_NO_BLOCK_FITS: no block fits on an SM for another reason
 *   (registers a block, barriers): the evaluation's limiters say which
 *
 * Whether a kernel launches on a GPU (cuocc_import_evaluation_launchable()).
 */
typedef enum {
  CUOCC_IMPORT_LAUNCHES,
  CUOCC_IMPORT_LAUNCH_UNKNOWN,
  CUOCC_IMPORT_NO_ENTRY_RUNS,
  CUOCC_IMPORT_OVER_LAUNCH_BOUNDS,
  CUOCC_IMPORT_OVER_SMEM_PER_BLOCK,
  CUOCC_IMPORT_OVER_THREADS_PER_BLOCK,
  CUOCC_IMPORT_NO_BLOCK_FITS,
} CuoccImportLaunchable;

/**
 * CuoccImportComparison:
 *
 * The kernels of a list on several GPUs (cuocc_import_comparison_new()): for
 * each kernel and GPU, the entry the driver loads there.
 */
typedef struct _CuoccImportComparison CuoccImportComparison;

CUOCC_AVAILABLE void     cuocc_import_launch_init      (CuoccImportLaunch *launch, CuoccKernelList *list);
CUOCC_AVAILABLE void     cuocc_import_launch_clear     (CuoccImportLaunch *launch);
CUOCC_AVAILABLE gboolean cuocc_import_entry_runs       (const CuoccImportLaunch *launch, const CuoccKernel *k);
CUOCC_AVAILABLE void     cuocc_import_evaluate         (const CuoccImportLaunch *launch, const CuoccKernel *k,
                                                        CuoccImportEvaluation *ev);
CUOCC_AVAILABLE void     cuocc_import_evaluation_clear (CuoccImportEvaluation *ev);
CUOCC_AVAILABLE char    *cuocc_import_kernel_key       (const CuoccKernel *k);
CUOCC_AVAILABLE char    *cuocc_import_file_label       (const CuoccKernel *k);

CUOCC_AVAILABLE void     cuocc_import_table_init       (CuoccImportTable *table, const CuoccImportLaunch *launch,
                                                        const CuoccKernelList *list, gboolean checked);
CUOCC_AVAILABLE const char *cuocc_import_table_column_name (CuoccImportColumn column);
CUOCC_AVAILABLE gboolean cuocc_import_table_column_shown (const CuoccImportTable *table, CuoccImportColumn column);
CUOCC_AVAILABLE void     cuocc_import_table_cells      (const CuoccImportTable *table, const CuoccKernel *k,
                                                        const CuoccImportEvaluation *ev, char *scratch[3],
                                                        CuoccCell cells[CUOCC_N_IMPORT_COLUMNS]);
CUOCC_AVAILABLE void     cuocc_import_table_append_header (const CuoccImportTable *table, CuoccTableFormat format,
                                                           GString *out);
CUOCC_AVAILABLE void     cuocc_import_table_append_row (const CuoccImportTable *table, CuoccTableFormat format,
                                                        const CuoccCell cells[CUOCC_N_IMPORT_COLUMNS],
                                                        guint64 index, GString *out);
CUOCC_AVAILABLE void     cuocc_import_table_append_end (const CuoccImportTable *table, CuoccTableFormat format,
                                                        guint64 n_rows, GString *out);
CUOCC_AVAILABLE char    *cuocc_import_table_write      (const CuoccImportTable *table, const CuoccImportLaunch *launch,
                                                        const CuoccKernel *const *kernels, guint n_kernels,
                                                        CuoccTableFormat format);

CUOCC_AVAILABLE CuoccImportComparison *cuocc_import_comparison_new (CuoccKernelList *list,
                                                                   const CuoccImportLaunch *launches, guint n_gpus);
CUOCC_AVAILABLE void     cuocc_import_comparison_free  (CuoccImportComparison *c);
CUOCC_AVAILABLE guint    cuocc_import_comparison_n_kernels (const CuoccImportComparison *c);
CUOCC_AVAILABLE guint    cuocc_import_comparison_kernel_of (const CuoccImportComparison *c, guint entry);
CUOCC_AVAILABLE guint    cuocc_import_comparison_entry_index (const CuoccImportComparison *c, guint kernel, guint gpu);
CUOCC_AVAILABLE const CuoccImportLaunch *cuocc_import_comparison_launch (const CuoccImportComparison *c, guint gpu);
CUOCC_AVAILABLE gboolean cuocc_import_comparison_entry (const CuoccImportComparison *c, guint kernel, guint gpu,
                                                        CuoccKernel *entry);
CUOCC_AVAILABLE gboolean cuocc_import_comparison_evaluate (const CuoccImportComparison *c, guint kernel, guint gpu,
                                                           CuoccKernel *entry, CuoccImportEvaluation *ev);
CUOCC_AVAILABLE CuoccImportLaunchable cuocc_import_evaluation_launchable (const CuoccImportEvaluation *ev);
CUOCC_AVAILABLE double   cuocc_import_evaluation_occupancy_pct (const CuoccImportEvaluation *ev);
CUOCC_AVAILABLE double   cuocc_import_occupancy_difference (const double *values, guint n_values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccImportComparison, cuocc_import_comparison_free)

G_END_DECLS
