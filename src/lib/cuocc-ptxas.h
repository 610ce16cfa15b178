/* cuocc-ptxas.h — PTX kernels assembled by the CUDA toolkit's ptxas
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CUDA driver compiles a kernel's PTX when it loads it on a GPU for
 * which the program carries no machine code (JIT); the toolkit's ptxas does
 * the same work, and `ptxas -v` says the registers, stack, spills, shared
 * memory and barriers it gave each kernel. cuocc runs the ptxas the user
 * has (it never downloads one), each module once, on all processors, each
 * run under a time limit, and keeps what ptxas printed in a cache on disk
 * (XDG cache folder, cuocc/ptxas), keyed by the module as stored, the
 * target and the ptxas version, so that a second import costs no ptxas run.
 * The driver's JIT compiler may differ from the installed ptxas; each row
 * says which ptxas its figures came from (CuoccKernel.figures_from).
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include <gio/gio.h>

#include "cuocc-import.h"
#include "cuocc-import-table.h"

G_BEGIN_DECLS

/* A ptxas run that takes longer is stopped (seconds). */
#define CUOCC_PTXAS_DEFAULT_TIMEOUT 300
/* A ptxas run that prints more is stopped (bytes). */
#define CUOCC_PTXAS_MAX_OUTPUT ((gsize) 64 << 20)

/**
 * CuoccPtxas:
 *
 * One ptxas program and the version it says it is; see cuocc_ptxas_new().
 */
typedef struct _CuoccPtxas CuoccPtxas;

/**
 * CuoccPtxasProgress:
 * @done: the modules (or, per entry, the kernels) finished
 * @total: all of them
 * @user_data: the options' user data
 *
 * Called in the thread that assembles, after each finished module's figures
 * are in the list.
 */
typedef void (*CuoccPtxasProgress) (guint done, guint total, gpointer user_data);

/**
 * CuoccPtxasOptions:
 * @ptxas: the ptxas to run, and whose version keys the cache
 * @major: the GPU's compute capability
 * @minor: its minor version
 * @assemble: run ptxas for what the cache lacks; %FALSE: the cache only
 * @per_entry: assemble each kernel alone (`ptxas --entry`), not its whole module
 * @timeout_s: a run's time limit; 0: %CUOCC_PTXAS_DEFAULT_TIMEOUT
 * @max_jobs: ptxas runs at once; 0: the number of processors
 * @cache_dir: (nullable): the cache; %NULL: g_get_user_cache_dir()/cuocc/ptxas
 * @progress: (nullable): called after each module
 * @user_data: for @progress
 *
 * What cuocc_kernel_list_assemble_ptx() does.
 */
typedef struct {
  CuoccPtxas *ptxas;
  int major;
  int minor;
  gboolean assemble;
  gboolean per_entry;
  guint timeout_s;
  guint max_jobs;
  const char *cache_dir;
  CuoccPtxasProgress progress;
  gpointer user_data;
} CuoccPtxasOptions;

/**
 * CuoccPtxasSummary:
 * @n_kernels: PTX entries that load on the GPU and lacked figures
 * @n_modules: their modules (per entry: their kernels)
 * @n_cached: modules whose figures came from the cache
 * @n_runs: ptxas runs that were started
 * @n_figures: kernels that got figures
 * @n_problems: kernels that ptxas gave no figures (CuoccKernel.ptx_problem says why)
 * @n_left: modules neither in the cache nor assembled (@assemble %FALSE, or cancelled)
 * @n_left_kernels: their kernels
 * @left_bytes: their PTX text's size
 *
 * What cuocc_kernel_list_assemble_ptx() did.
 */
typedef struct {
  guint n_kernels;
  guint n_modules;
  guint n_cached;
  guint n_runs;
  guint n_figures;
  guint n_problems;
  guint n_left;
  guint n_left_kernels;
  guint64 left_bytes;
} CuoccPtxasSummary;

CUOCC_AVAILABLE CuoccPtxas *cuocc_ptxas_new         (const char *path, GError **error);
CUOCC_AVAILABLE char       *cuocc_ptxas_find_path   (void);
CUOCC_AVAILABLE CuoccPtxas *cuocc_ptxas_ref         (CuoccPtxas *ptxas);
CUOCC_AVAILABLE void        cuocc_ptxas_unref       (CuoccPtxas *ptxas);
CUOCC_AVAILABLE const char *cuocc_ptxas_get_path    (const CuoccPtxas *ptxas);
CUOCC_AVAILABLE const char *cuocc_ptxas_get_version (const CuoccPtxas *ptxas);
CUOCC_AVAILABLE char       *cuocc_ptxas_target      (const CuoccPtxModule *module, int major, int minor);

CUOCC_AVAILABLE CuoccPtxModule *cuocc_ptx_module_ref      (CuoccPtxModule *module);
CUOCC_AVAILABLE void            cuocc_ptx_module_unref    (CuoccPtxModule *module);
CUOCC_AVAILABLE const char     *cuocc_ptx_module_get_arch (const CuoccPtxModule *module);
CUOCC_AVAILABLE gsize           cuocc_ptx_module_get_size (const CuoccPtxModule *module);
CUOCC_AVAILABLE GBytes         *cuocc_ptx_module_get_text (const CuoccPtxModule *module, GError **error);

CUOCC_AVAILABLE gboolean cuocc_kernel_needs_ptxas       (const CuoccKernel *k);
CUOCC_AVAILABLE gboolean cuocc_kernel_list_assemble_ptx (CuoccKernelList *list, const CuoccPtxasOptions *options,
                                                         GCancellable *cancellable, CuoccPtxasSummary *summary,
                                                         GError **error);

CUOCC_AVAILABLE guint    cuocc_import_comparison_count_ptx    (const CuoccImportComparison *c, guint gpu);
CUOCC_AVAILABLE gboolean cuocc_import_comparison_assemble_ptx (CuoccImportComparison *c, guint gpu,
                                                               const CuoccPtxasOptions *options,
                                                               GCancellable *cancellable, CuoccPtxasSummary *summary,
                                                               GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccPtxas, cuocc_ptxas_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccPtxModule, cuocc_ptx_module_unref)

G_END_DECLS
