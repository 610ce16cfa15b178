/* cuocc-import-table.c — the rows of `cuocc --import`, shared by the
 * command line and the app's kernels table export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

/**
 * cuocc_import_kernel_key:
 * @k: an entry
 *
 * What tells a kernel from others, whatever its entries: its file and name.
 *
 * Returns: (transfer full): the key
 */
char *
cuocc_import_kernel_key (const CuoccKernel *k)
{
  const char *name = k->mangled != NULL && k->mangled[0] != '\0' ? k->mangled : k->name;

  return g_strconcat (k->file != NULL ? k->file : "", "\n", name != NULL ? name : "", NULL);
}


/**
 * cuocc_import_launch_init:
 * @launch: a launch whose GPU, threads and dynamic shared memory are set
 * @list: the kernels
 *
 * With a GPU, marks in @list the entry the driver loads of each kernel
 * (cuocc_kernel_list_select()) and remembers its architecture.
 */
void
cuocc_import_launch_init (CuoccImportLaunch   *launch,
                    CuoccKernelList *list)
{
  launch->loaded_arch = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!launch->have_gpu)
    return;
  cuocc_kernel_list_select (list, launch->gpu.cap.major, launch->gpu.cap.minor);
  for (guint i = 0; i < list->n_kernels; i++)
    if (list->kernels[i].loaded == CUOCC_LOAD_YES)
      g_hash_table_replace (launch->loaded_arch, cuocc_import_kernel_key (&list->kernels[i]), g_strdup (list->kernels[i].arch));
}

/**
 * cuocc_import_launch_clear:
 * @launch: a launch
 *
 * Frees what cuocc_import_launch_init() made.
 */
void
cuocc_import_launch_clear (CuoccImportLaunch *launch)
{
  g_clear_pointer (&launch->loaded_arch, g_hash_table_unref);
}

/**
 * cuocc_import_entry_runs:
 * @launch: the launch
 * @k: an entry
 *
 * Whether the entry runs: the one the driver loads on the GPU, or without
 * a GPU every machine code entry.
 *
 * Returns: whether it runs
 */
gboolean
cuocc_import_entry_runs (const CuoccImportLaunch *launch,
                   const CuoccKernel  *k)
{
  /* Without a GPU each machine code entry runs on its own architecture;
   * PTX runs only where it is the entry the driver loads. */
  if (!launch->have_gpu)
    return k->code == CUOCC_CODE_SASS;
  return k->loaded == CUOCC_LOAD_YES || k->loaded == CUOCC_LOAD_UNKNOWN;
}

/**
 * cuocc_import_file_label:
 * @k: an entry
 *
 * The `file` column: "file (entry)".
 *
 * Returns: (transfer full) (nullable): the label, or %NULL without a file
 */
char *
cuocc_import_file_label (const CuoccKernel *k)
{
  if (k->file == NULL)
    return NULL;
  if (k->entry == NULL)
    return g_strdup (k->file);
  return g_strdup_printf ("%s (%s)", k->file, k->entry);
}

static int
declared_threads (const CuoccKernel *k)
{
  if (k->block_size > 0)
    return k->block_size;
  return k->max_threads > 0 ? k->max_threads : 0;
}

/* Blocks per cluster of the kernel's declared cluster dimensions, or 0. */
static int
declared_cluster_size (const CuoccKernel *k)
{
  gint64 size = 1;

  if (k->cluster_dims[0] <= 0)
    return 0;
  /* Each dimension is capped so that a hostile file's product cannot
   * overflow; the model refuses anything past the GPU's largest cluster. */
  for (guint d = 0; d < 3; d++)
    size *= CLAMP (k->cluster_dims[d], 1, 1024);
  return (int) size;
}

/* Why the entry is not worked out on the chosen GPU; NULL when it is. */
static char *
not_loaded_reason (const CuoccImportLaunch *launch,
                   const CuoccKernel  *k,
                   CuoccImportEvaluation   *ev)
{
  const CuoccCapability *cap = &launch->gpu.cap;

  ev->failed = FALSE;
  if (k->loaded == CUOCC_LOAD_OTHER)
    {
      g_autofree char *key = launch->loaded_arch != NULL ? cuocc_import_kernel_key (k) : NULL;
      const char *arch = key != NULL ? g_hash_table_lookup (launch->loaded_arch, key) : NULL;

      ev->reason = CUOCC_IMPORT_WHY_NOT_LOADED;
      return g_strdup_printf (_("not loaded: the driver loads this kernel's %s entry on compute capability %d.%d"),
                              arch != NULL ? arch : "?", cap->major, cap->minor);
    }
  if (k->loaded == CUOCC_LOAD_NONE)
    {
      ev->failed = TRUE;
      ev->reason = CUOCC_IMPORT_WHY_NO_ENTRY;
      return g_strdup_printf (_("cannot run on compute capability %d.%d: no entry of this kernel is built for it"),
                              cap->major, cap->minor);
    }
  return NULL;
}

/* What the worst single limiter costs: the occupancy without it (the
 * fewest blocks the other factors allow) less the occupancy. Two factors
 * that limit alike cost nothing alone. */
static void
worst_limiter (CuoccImportEvaluation *ev)
{
  const CuoccResult *r = &ev->result;
  const int by[CUOCC_N_LIMITS] = {
    r->blocks_by_warps, r->blocks_by_regs, r->blocks_by_smem, r->blocks_by_blocks, r->blocks_by_barriers,
  };

  ev->lost = 0;
  ev->lost_to = 0;
  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    {
      int others = G_MAXINT;
      double without;

      if (!(r->limiters & (1u << bit)))
        continue;
      for (int o = 0; o < CUOCC_N_LIMITS; o++)
        if (o != bit && by[o] >= 0)
          others = MIN (others, by[o]);
      if (others == G_MAXINT || ev->gpu.cap.max_warps_per_sm <= 0)
        continue;
      without = MIN (1.0, (double) others * r->warps_per_block / ev->gpu.cap.max_warps_per_sm);
      if (without - r->occupancy > ev->lost)
        {
          ev->lost = without - r->occupancy;
          ev->lost_to = 1u << bit;
        }
    }
}

/**
 * cuocc_import_evaluate:
 * @launch: the launch
 * @k: an entry
 * @ev: (out caller-allocates): the answer, or why there is none
 *
 * Works out the entry's occupancy for the launch, or says why not: the
 * one evaluation of a kernel that `cuocc --import`, its export and the
 * app's kernels table (its rows, summary, comparison and export) share.
 * The block size is the launch's, else the one the kernel records or
 * declares (a profile's, its launch bounds), else the launch's default;
 * a block above the kernel's launch bounds is refused; the dynamic shared
 * memory is the launch's, else the one the kernel records; a kernel that
 * declares its cluster is worked out with it; and the limiter that costs
 * most is named (@ev's lost and lost_to).
 */
void
cuocc_import_evaluate (const CuoccImportLaunch *launch,
                 const CuoccKernel  *k,
                 CuoccImportEvaluation   *ev)
{
  g_autoptr (GError) error = NULL;
  int threads = launch->threads > 0 ? launch->threads : declared_threads (k);
  gint64 dynamic = launch->dynamic_smem >= 0 ? launch->dynamic_smem : MAX (k->dynamic_smem, 0);

  if (threads <= 0)
    threads = launch->default_threads;

  memset (ev, 0, sizeof *ev);
  if (launch->have_gpu && (ev->why = not_loaded_reason (launch, k, ev)) != NULL)
    return;
  ev->failed = TRUE;
  if (k->code == CUOCC_CODE_PTX && k->regs < 0)
    {
      ev->reason = CUOCC_IMPORT_WHY_PTX;
      ev->why = k->ptx_problem != NULL ? g_strdup_printf (_("PTX: no figures: %s"), k->ptx_problem)
                                       : g_strdup (_("PTX: registers are known only after JIT"));
      return;
    }
  if (threads <= 0)
    {
      ev->reason = CUOCC_IMPORT_WHY_NO_BLOCK_SIZE;
      ev->why = g_strdup (_("the kernel declares no block size: give one with --threads"));
      return;
    }
  /* A block larger than the kernel's launch bounds (its __launch_bounds__
   * maximum, .maxntid, or the block size it requires, .reqntid) cannot be
   * launched: the CUDA Programming Guide says such a launch fails.
   * cuda_occupancy.h's cudaOccMaxActiveBlocksPerMultiprocessor () does not
   * look at the function's maxThreadsPerBlock (only its block size search,
   * cudaOccMaxPotentialOccupancyBlockSize (), stays under it), so a figure
   * for that block would be a launch that never runs. The chosen block size
   * is not swapped for the declared one either: the row answers the launch
   * asked for, and says why there is no figure. */
  if (launch->threads > 0 && k->max_threads > 0 && launch->threads > k->max_threads)
    {
      ev->reason = CUOCC_IMPORT_WHY_LAUNCH_BOUNDS;
      ev->why = g_strdup_printf (_("%d threads a block pass the kernel's launch bounds of %d threads: the launch "
                                   "fails; give --threads %d or less"), threads, k->max_threads, k->max_threads);
      return;
    }
  ev->reason = CUOCC_IMPORT_WHY_MODEL;
  if (launch->have_gpu)
    ev->gpu = launch->gpu;
  else if (k->cc_major <= 0)
    {
      ev->reason = CUOCC_IMPORT_WHY_NO_ARCH;
      ev->why = g_strdup (_("the input names no architecture: choose the GPU with --gpu or --cc"));
      return;
    }
  else if (!cuocc_gpu_for_cc_numbers (k->cc_major, k->cc_minor, &ev->gpu, &error))
    {
      ev->why = g_strdup (error->message);
      return;
    }

  cuocc_input_init (&ev->input);
  ev->input.threads = threads;
  ev->input.regs = MAX (k->regs, 0);
  ev->input.smem = MAX (k->smem, 0) + dynamic;
  if (k->barriers >= 0)
    ev->input.barriers = k->barriers;
  /* A kernel that declares its cluster (__cluster_dims__, Triton's num_ctas)
   * can only be launched with it: work it out as --cluster-size would. */
  ev->input.cluster_size = declared_cluster_size (k);
  if (!cuocc_calculate (&ev->gpu, &ev->input, &ev->result, &error) ||
      (ev->input.cluster_size > 0 && !cuocc_clusters (&ev->gpu, &ev->input, &ev->result, &ev->clusters, &error)))
    {
      ev->why = g_strdup (error->message);
      return;
    }
  ev->have_clusters = ev->input.cluster_size > 0;
  ev->limiters = cuocc_limiters_to_string (ev->result.limiters);
  worst_limiter (ev);
  ev->ok = TRUE;
  ev->failed = FALSE;
  ev->reason = CUOCC_IMPORT_WHY_NONE;
}

/**
 * cuocc_import_evaluation_clear:
 * @ev: an evaluation
 *
 * Frees what cuocc_import_evaluate() put in @ev.
 */
void
cuocc_import_evaluation_clear (CuoccImportEvaluation *ev)
{
  g_clear_pointer (&ev->why, g_free);
  g_clear_pointer (&ev->limiters, g_free);
}


/* ----- the table ----- */

#define ANSWER(c) NULL, (c) + 1

/* The import's columns: the library's columns of an answer (cuocc-table.h),
 * named by cuocc_table_column_name(), and the import's own, named here. */
static const struct {
  const char *name;                /* NULL: the library's column `answer - 1` */
  int answer;                      /* the CuoccColumn + 1 the column is; 0: the import's own */
} import_columns[CUOCC_N_IMPORT_COLUMNS] = {
  [CUOCC_IMPORT_COLUMN_KERNEL] = { "kernel", 0 },
  [CUOCC_IMPORT_COLUMN_MANGLED] = { "mangled", 0 },
  [CUOCC_IMPORT_COLUMN_ARCH] = { "arch", 0 },
  [CUOCC_IMPORT_COLUMN_REGS] = { ANSWER (CUOCC_COLUMN_REGS) },
  [CUOCC_IMPORT_COLUMN_SMEM] = { ANSWER (CUOCC_COLUMN_SMEM) },
  [CUOCC_IMPORT_COLUMN_BARRIERS] = { ANSWER (CUOCC_COLUMN_BARRIERS) },
  [CUOCC_IMPORT_COLUMN_STACK] = { "stack", 0 },
  [CUOCC_IMPORT_COLUMN_SPILL_STORES] = { "spill_stores", 0 },
  [CUOCC_IMPORT_COLUMN_SPILL_LOADS] = { "spill_loads", 0 },
  [CUOCC_IMPORT_COLUMN_CC] = { ANSWER (CUOCC_COLUMN_CC) },
  [CUOCC_IMPORT_COLUMN_GPU] = { ANSWER (CUOCC_COLUMN_GPU) },
  [CUOCC_IMPORT_COLUMN_THREADS] = { ANSWER (CUOCC_COLUMN_THREADS) },
  [CUOCC_IMPORT_COLUMN_SMEM_CONFIG] = { ANSWER (CUOCC_COLUMN_SMEM_CONFIG) },
  [CUOCC_IMPORT_COLUMN_CACHING] = { ANSWER (CUOCC_COLUMN_GLOBAL_CACHING) },
  [CUOCC_IMPORT_COLUMN_ACTIVE_BLOCKS] = { ANSWER (CUOCC_COLUMN_ACTIVE_BLOCKS) },
  [CUOCC_IMPORT_COLUMN_ACTIVE_WARPS] = { ANSWER (CUOCC_COLUMN_ACTIVE_WARPS) },
  [CUOCC_IMPORT_COLUMN_ACTIVE_THREADS] = { ANSWER (CUOCC_COLUMN_ACTIVE_THREADS) },
  [CUOCC_IMPORT_COLUMN_OCCUPANCY] = { ANSWER (CUOCC_COLUMN_OCCUPANCY_PCT) },
  [CUOCC_IMPORT_COLUMN_BY_WARPS] = { ANSWER (CUOCC_COLUMN_BLOCKS_BY_WARPS) },
  [CUOCC_IMPORT_COLUMN_BY_REGS] = { ANSWER (CUOCC_COLUMN_BLOCKS_BY_REGS) },
  [CUOCC_IMPORT_COLUMN_BY_SMEM] = { ANSWER (CUOCC_COLUMN_BLOCKS_BY_SMEM) },
  [CUOCC_IMPORT_COLUMN_BY_BLOCKS] = { ANSWER (CUOCC_COLUMN_BLOCKS_BY_BLOCKS) },
  [CUOCC_IMPORT_COLUMN_BY_BARRIERS] = { ANSWER (CUOCC_COLUMN_BLOCKS_BY_BARRIERS) },
  [CUOCC_IMPORT_COLUMN_LIMITERS] = { ANSWER (CUOCC_COLUMN_LIMITERS) },
  [CUOCC_IMPORT_COLUMN_REGS_PER_BLOCK] = { ANSWER (CUOCC_COLUMN_REGS_PER_BLOCK) },
  [CUOCC_IMPORT_COLUMN_SMEM_PER_BLOCK] = { ANSWER (CUOCC_COLUMN_SMEM_PER_BLOCK) },
  [CUOCC_IMPORT_COLUMN_BEST] = { ANSWER (CUOCC_COLUMN_BEST_BLOCK_SIZE) },
  [CUOCC_IMPORT_COLUMN_ERROR] = { ANSWER (CUOCC_COLUMN_ERROR) },
  [CUOCC_IMPORT_COLUMN_DYNAMIC_SMEM] = { "dynamic_smem", 0 },
  [CUOCC_IMPORT_COLUMN_PROFILED_THREADS] = { "profiled_threads", 0 },
  [CUOCC_IMPORT_COLUMN_PROFILER_OCCUPANCY] = { "profiler_occupancy_pct", 0 },
  [CUOCC_IMPORT_COLUMN_ACHIEVED] = { "achieved_occupancy_pct", 0 },
  [CUOCC_IMPORT_COLUMN_AGREES] = { "occupancy_agrees", 0 },
  [CUOCC_IMPORT_COLUMN_FILE] = { "file", 0 },
  [CUOCC_IMPORT_COLUMN_MAX_THREADS] = { "max_threads", 0 },
  [CUOCC_IMPORT_COLUMN_MIN_BLOCKS] = { "min_blocks", 0 },
  [CUOCC_IMPORT_COLUMN_MAX_REGS] = { "max_regs", 0 },
  [CUOCC_IMPORT_COLUMN_CLUSTER_DIMS] = { "cluster_dims", 0 },
  [CUOCC_IMPORT_COLUMN_LAUNCH_DYNAMIC_SMEM] = { "dynamic_smem", 0 },
  [CUOCC_IMPORT_COLUMN_LAUNCH_THREADS] = { ANSWER (CUOCC_COLUMN_THREADS) },
  [CUOCC_IMPORT_COLUMN_LOADED] = { "loaded_on_gpu", 0 },
  [CUOCC_IMPORT_COLUMN_CLUSTER_SIZE] = { ANSWER (CUOCC_COLUMN_CLUSTER_SIZE) },
  [CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_PER_SM] = { ANSWER (CUOCC_COLUMN_CLUSTER_BLOCKS_PER_SM) },
  [CUOCC_IMPORT_COLUMN_MAX_ACTIVE_CLUSTERS] = { ANSWER (CUOCC_COLUMN_MAX_ACTIVE_CLUSTERS) },
  [CUOCC_IMPORT_COLUMN_CLUSTERS_BASIS] = { ANSWER (CUOCC_COLUMN_CLUSTERS_BASIS) },
  [CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_LOST] = { ANSWER (CUOCC_COLUMN_CLUSTER_BLOCKS_LOST) },
  [CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_LOST_PCT] = { ANSWER (CUOCC_COLUMN_CLUSTER_BLOCKS_LOST_PCT) },
  [CUOCC_IMPORT_COLUMN_FIGURES_FROM] = { "figures_from", 0 },
};

G_STATIC_ASSERT (CUOCC_IMPORT_COLUMN_FIGURES_FROM - CUOCC_IMPORT_COLUMN_CLUSTER_SIZE == CUOCC_N_CLUSTER_COLUMNS);

/**
 * cuocc_import_table_init:
 * @table: (out caller-allocates): the columns
 * @launch: the launch, after cuocc_import_launch_init()
 * @list: the kernels
 * @checked: a check (`--check`) asks for the occupancy of kernels that declare their block size
 *
 * Decides which columns the rows have, as `cuocc --import` does: the
 * occupancy columns with a block size, for a profiler export, or with a
 * GPU (or @checked) when some kernel declares its block size; the
 * profiler's for a profiler export; the cluster columns when some kernel
 * declares its cluster.
 */
void
cuocc_import_table_init (CuoccImportTable        *table,
                         const CuoccImportLaunch *launch,
                         const CuoccKernelList   *list,
                         gboolean                 checked)
{
  gboolean declares_threads = FALSE, declares_clusters = FALSE;

  memset (table, 0, sizeof *table);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];

      table->profiler |= k->format == CUOCC_IMPORT_FORMAT_NCU_CSV || k->format == CUOCC_IMPORT_FORMAT_NCU_RAW;
      declares_threads |= k->block_size > 0 || k->max_threads > 0;
      declares_clusters |= k->cluster_dims[0] > 0;
      table->ptx |= k->code == CUOCC_CODE_PTX;
    }
  table->occupancy = launch->threads > 0 || launch->default_threads > 0 || table->profiler ||
                     ((launch->have_gpu || checked) && declares_threads);
  table->clusters = table->occupancy && declares_clusters;
}

/**
 * cuocc_import_table_column_name:
 * @column: a column
 *
 * The column's name in the CSV header and the JSON keys.
 *
 * Returns: (transfer none): "kernel", "mangled", … "cluster_blocks_lost_pct"
 */
const char *
cuocc_import_table_column_name (CuoccImportColumn column)
{
  g_return_val_if_fail (column < CUOCC_N_IMPORT_COLUMNS, NULL);
  if (import_columns[column].answer > 0)
    return cuocc_table_column_name (import_columns[column].answer - 1);
  return import_columns[column].name;
}

/**
 * cuocc_import_table_column_shown:
 * @table: the columns
 * @column: a column
 *
 * Whether the rows have the column.
 *
 * Returns: whether it is shown
 */
gboolean
cuocc_import_table_column_shown (const CuoccImportTable *table,
                                 CuoccImportColumn       column)
{
  /* A name appears once: the profiler's dynamic_smem and the occupancy
   * columns' threads are the same figures when they are shown. */
  if (column == CUOCC_IMPORT_COLUMN_LAUNCH_DYNAMIC_SMEM)
    return !table->profiler;
  if (column == CUOCC_IMPORT_COLUMN_LAUNCH_THREADS)
    return !table->occupancy;
  if (column == CUOCC_IMPORT_COLUMN_FIGURES_FROM)
    return table->ptx;
  if (column >= CUOCC_IMPORT_COLUMN_CLUSTER_SIZE)
    return table->clusters;
  if (column >= CUOCC_IMPORT_COLUMN_FILE)
    return TRUE;
  if (column >= CUOCC_IMPORT_COLUMN_DYNAMIC_SMEM)
    return table->profiler;
  if (column >= CUOCC_IMPORT_COLUMN_CC)
    return table->occupancy;
  return TRUE;
}

/* The kernel's figures are -1 where the input does not say. */
static CuoccCell
cell_known (gint64 value)
{
  return value < 0 ? cuocc_cell_null () : cuocc_cell_int (value);
}

static CuoccCell
cell_known_percent (double fraction)
{
  return fraction < 0 ? cuocc_cell_null () : cuocc_cell_percent (fraction);
}

/* Where the row's figures come from; NULL for PTX that has none. */
static const char *
figures_from (const CuoccKernel *k)
{
  if (k->figures_from != NULL)
    return k->figures_from;
  if (k->code == CUOCC_CODE_PTX)
    return NULL;
  if (k->format == CUOCC_IMPORT_FORMAT_CUBIN || k->format == CUOCC_IMPORT_FORMAT_FATBIN ||
      k->format == CUOCC_IMPORT_FORMAT_TRITON)
    return "binary";
  return cuocc_import_format_name (k->format);
}

/**
 * cuocc_import_table_cells:
 * @table: the columns
 * @k: an entry
 * @ev: cuocc_import_evaluate() of @k
 * @scratch: (array fixed-size=3): texts the cells point to; set to %NULL
 *   before, freed with g_free() after the row is written
 * @cells: (out caller-allocates) (array fixed-size=48): the row's cells
 *
 * The cells of the entry's row; those of a column not shown are filled too.
 */
void
cuocc_import_table_cells (const CuoccImportTable      *table,
                          const CuoccKernel           *k,
                          const CuoccImportEvaluation *ev,
                          char                        *scratch[3],
                          CuoccCell                    cells[CUOCC_N_IMPORT_COLUMNS])
{
  memset (cells, 0, sizeof (CuoccCell) * CUOCC_N_IMPORT_COLUMNS);
  scratch[0] = cuocc_import_file_label (k);
  cells[CUOCC_IMPORT_COLUMN_KERNEL] = cuocc_cell_string (k->name);
  cells[CUOCC_IMPORT_COLUMN_MANGLED] = cuocc_cell_string (k->mangled != NULL && k->mangled[0] != '\0' ? k->mangled : NULL);
  cells[CUOCC_IMPORT_COLUMN_ARCH] = cuocc_cell_string (k->arch);
  cells[CUOCC_IMPORT_COLUMN_REGS] = cell_known (k->regs);
  cells[CUOCC_IMPORT_COLUMN_SMEM] = cell_known (k->smem);
  cells[CUOCC_IMPORT_COLUMN_BARRIERS] = cell_known (k->barriers);
  cells[CUOCC_IMPORT_COLUMN_STACK] = cell_known (k->stack);
  cells[CUOCC_IMPORT_COLUMN_SPILL_STORES] = cell_known (k->spill_stores);
  cells[CUOCC_IMPORT_COLUMN_SPILL_LOADS] = cell_known (k->spill_loads);
  cells[CUOCC_IMPORT_COLUMN_DYNAMIC_SMEM] = cell_known (k->dynamic_smem);
  cells[CUOCC_IMPORT_COLUMN_PROFILED_THREADS] = cell_known (k->block_size);
  cells[CUOCC_IMPORT_COLUMN_PROFILER_OCCUPANCY] = cell_known_percent (k->theoretical_occupancy / 100.0);
  cells[CUOCC_IMPORT_COLUMN_ACHIEVED] = cell_known_percent (k->achieved_occupancy / 100.0);
  cells[CUOCC_IMPORT_COLUMN_FILE] = cuocc_cell_string (scratch[0]);
  cells[CUOCC_IMPORT_COLUMN_MAX_THREADS] = cell_known (k->max_threads);
  cells[CUOCC_IMPORT_COLUMN_MIN_BLOCKS] = cell_known (k->min_blocks);
  cells[CUOCC_IMPORT_COLUMN_MAX_REGS] = cell_known (k->max_regs);
  if (k->cluster_dims[0] > 0)
    scratch[1] = g_strdup_printf ("%dx%dx%d", k->cluster_dims[0], MAX (k->cluster_dims[1], 1),
                                  MAX (k->cluster_dims[2], 1));
  cells[CUOCC_IMPORT_COLUMN_CLUSTER_DIMS] = cuocc_cell_string (scratch[1]);
  cells[CUOCC_IMPORT_COLUMN_LAUNCH_DYNAMIC_SMEM] = cell_known (k->dynamic_smem);
  cells[CUOCC_IMPORT_COLUMN_LAUNCH_THREADS] = cell_known (k->block_size);
  if (k->loaded != CUOCC_LOAD_UNKNOWN)
    cells[CUOCC_IMPORT_COLUMN_LOADED] = cuocc_cell_bool (k->loaded == CUOCC_LOAD_YES);
  cells[CUOCC_IMPORT_COLUMN_FIGURES_FROM] = cuocc_cell_string (figures_from (k));

  if (!table->occupancy)
    return;
  if (ev->ok)
    {
      CuoccCell answer[CUOCC_N_RESULT_COLUMNS];

      scratch[2] = g_strdup_printf ("%d.%d", ev->gpu.cap.major, ev->gpu.cap.minor);
      cuocc_table_result_cells (&ev->gpu, &ev->input, &ev->result, cuocc_best_block_size (&ev->gpu, &ev->input, NULL),
                                scratch[2], ev->limiters, answer);
      for (guint c = CUOCC_IMPORT_COLUMN_CC; c < CUOCC_IMPORT_COLUMN_DYNAMIC_SMEM; c++)
        cells[c] = answer[import_columns[c].answer - 1];
      /* The profiler answered for the launch it saw: compare only that. */
      if (k->theoretical_occupancy >= 0 && ev->input.threads == k->block_size)
        cells[CUOCC_IMPORT_COLUMN_AGREES] =
          cuocc_cell_bool (cuocc_table_occupancy_agrees (ev->result.occupancy * 100.0, k->theoretical_occupancy));
    }
  else
    cells[CUOCC_IMPORT_COLUMN_ERROR] = cuocc_cell_string (ev->why);
  cuocc_table_clusters_cells (ev->ok && ev->have_clusters ? &ev->clusters : NULL,
                              &cells[CUOCC_IMPORT_COLUMN_CLUSTER_SIZE]);
}

/**
 * cuocc_import_table_append_header:
 * @table: the columns
 * @format: CSV or JSON
 * @out: where to write
 *
 * What comes before the rows: the CSV header line, or JSON's `[`.
 */
void
cuocc_import_table_append_header (const CuoccImportTable *table,
                                  CuoccTableFormat        format,
                                  GString                *out)
{
  gboolean first = TRUE;

  if (format == CUOCC_TABLE_JSON)
    {
      g_string_append_c (out, '[');
      return;
    }
  for (guint c = 0; c < CUOCC_N_IMPORT_COLUMNS; c++)
    if (cuocc_import_table_column_shown (table, c))
      {
        if (!first)
          g_string_append_c (out, ',');
        g_string_append (out, cuocc_import_table_column_name (c));
        first = FALSE;
      }
  g_string_append_c (out, '\n');
}

/**
 * cuocc_import_table_append_row:
 * @table: the columns
 * @format: CSV or JSON
 * @cells: (array fixed-size=48): the row's cells, of cuocc_import_table_cells()
 * @index: how many rows came before it
 * @out: where to write
 *
 * One row: a CSV line, or a JSON object with what separates it from the
 * one before.
 */
void
cuocc_import_table_append_row (const CuoccImportTable *table,
                               CuoccTableFormat        format,
                               const CuoccCell         cells[CUOCC_N_IMPORT_COLUMNS],
                               guint64                 index,
                               GString                *out)
{
  const char *names[CUOCC_N_IMPORT_COLUMNS];
  CuoccCell shown[CUOCC_N_IMPORT_COLUMNS];
  guint n = 0;

  for (guint c = 0; c < CUOCC_N_IMPORT_COLUMNS; c++)
    if (cuocc_import_table_column_shown (table, c))
      {
        names[n] = cuocc_import_table_column_name (c);
        shown[n++] = cells[c];
      }
  if (format == CUOCC_TABLE_JSON)
    g_string_append (out, index > 0 ? ",\n  " : "\n  ");
  cuocc_table_append_row (out, format, names, shown, n);
  if (format == CUOCC_TABLE_CSV)
    g_string_append_c (out, '\n');
}

/**
 * cuocc_import_table_append_end:
 * @table: the columns
 * @format: CSV or JSON
 * @n_rows: how many rows were written
 * @out: where to write
 *
 * What comes after the rows: JSON's `]`; nothing for CSV.
 */
void
cuocc_import_table_append_end (const CuoccImportTable *table,
                               CuoccTableFormat        format,
                               guint64                 n_rows,
                               GString                *out)
{
  (void) table;
  if (format == CUOCC_TABLE_JSON)
    g_string_append (out, n_rows > 0 ? "\n]\n" : "]\n");
}

/**
 * cuocc_import_table_write:
 * @table: the columns, of cuocc_import_table_init()
 * @launch: the launch, after cuocc_import_launch_init()
 * @kernels: (array length=n_kernels): the entries to write, in their order
 * @n_kernels: how many
 * @format: CSV or JSON
 *
 * The rows of @kernels as `cuocc --import --format csv|json` writes them.
 *
 * Returns: (transfer full): the text
 */
char *
cuocc_import_table_write (const CuoccImportTable  *table,
                          const CuoccImportLaunch *launch,
                          const CuoccKernel *const *kernels,
                          guint                    n_kernels,
                          CuoccTableFormat         format)
{
  GString *out = g_string_new (NULL);

  cuocc_import_table_append_header (table, format, out);
  for (guint i = 0; i < n_kernels; i++)
    {
      CuoccImportEvaluation ev;
      CuoccCell cells[CUOCC_N_IMPORT_COLUMNS];
      char *scratch[3] = { NULL, NULL, NULL };

      cuocc_import_evaluate (launch, kernels[i], &ev);
      cuocc_import_table_cells (table, kernels[i], &ev, scratch, cells);
      cuocc_import_table_append_row (table, format, cells, i, out);
      for (guint s = 0; s < G_N_ELEMENTS (scratch); s++)
        g_free (scratch[s]);
      cuocc_import_evaluation_clear (&ev);
    }
  cuocc_import_table_append_end (table, format, n_kernels, out);
  return g_string_free (out, FALSE);
}
