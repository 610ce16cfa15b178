/* cuocc-cli-import-private.h — what cuocc --import, --check and --diff share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

#include "cuocc-cli-table.h"
#include "cuocc-cli-writer.h"

G_BEGIN_DECLS

/* The launch cuocc works out occupancy for: the GPU named on the command
 * line (or each entry's own architecture), the block size and the dynamic
 * shared memory. */
typedef struct {
  gboolean have_gpu;               /* --gpu or --cc named one GPU for every kernel */
  CuoccGpu gpu;
  int threads;                     /* --threads, or 0: what each kernel declares */
  gint64 dynamic_smem;             /* --dynamic-smem, or -1: what each kernel records */
  GHashTable *loaded_arch;         /* kernel key → the architecture of the entry that loads */
} ImportLaunch;

/* Why an entry has no occupancy. The figures an input does not hold (no
 * block size, PTX before JIT, no architecture) are unknown rather than
 * wrong: --check counts them apart, and the exit message groups by reason. */
typedef enum {
  IMPORT_WHY_NONE,                 /* worked out, or nothing was asked */
  IMPORT_WHY_NOT_LOADED,           /* another entry of the kernel loads on the GPU */
  IMPORT_WHY_NO_ENTRY,             /* no entry of the kernel runs on the GPU */
  IMPORT_WHY_PTX,                  /* PTX: registers are known only after JIT */
  IMPORT_WHY_NO_BLOCK_SIZE,        /* the kernel declares no block size */
  IMPORT_WHY_NO_ARCH,              /* the input names no architecture */
  IMPORT_WHY_MODEL,                /* the model refused the launch */
  IMPORT_N_WHYS,
} ImportWhy;

#define IMPORT_WHY_IS_UNKNOWN(w) ((w) == IMPORT_WHY_PTX || (w) == IMPORT_WHY_NO_BLOCK_SIZE || (w) == IMPORT_WHY_NO_ARCH)

/* One entry worked out: the occupancy, or why there is none. */
typedef struct {
  gboolean ok;
  char *why;                       /* when !ok; NULL when nothing was asked */
  ImportWhy reason;                /* when !ok */
  gboolean failed;                 /* a failure (exit status 1), not only "another entry loads" */
  CuoccGpu gpu;
  CuoccInput input;
  CuoccResult result;
  char *limiters;
  gboolean have_clusters;          /* the kernel declares its cluster: clusters holds the launch */
  CuoccClusters clusters;
} ImportEvaluation;

/* Shared memory a block may use without opting in. */
#define IMPORT_SMEM_WITHOUT_OPT_IN (48 * 1024)

void     import_launch_init        (ImportLaunch *launch, CuoccKernelList *list);
void     import_launch_clear       (ImportLaunch *launch);
/* Works out the entry's occupancy on the launch's GPU, or says why not. */
void     import_evaluate           (const ImportLaunch *launch, const CuoccKernel *k, ImportEvaluation *ev);
void     import_evaluation_clear   (ImportEvaluation *ev);
/* The shared memory note for one kernel; NULL when none is due. */
char    *import_smem_note          (const CuoccKernel *k, const ImportEvaluation *ev);
/* Whether --check checks the entry: the one the driver loads on the GPU, or
 * without a GPU every machine code entry. */
gboolean import_entry_runs         (const ImportLaunch *launch, const CuoccKernel *k);
/* What tells a kernel from others (its file and name), whatever its entries. */
char    *import_kernel_key         (const CuoccKernel *k);
/* Adds the kernel to a set of kernel keys (g_str_hash, owning them). */
void     import_kernel_set_add     (GHashTable *set, const CuoccKernel *k);
/* "file (entry)", or NULL */
char    *import_file_label         (const CuoccKernel *k);

/* --check EXPR */
typedef struct _ImportCheck ImportCheck;

ImportCheck *import_check_parse    (const char *expr, gboolean strict, GError **error);
void         import_check_free     (ImportCheck *check);
/* Adds a line to failures for each term the entry does not meet; a term
 * whose figure the entry lacks is counted apart, unless the check is strict. */
void         import_check_entry    (ImportCheck *check, const CuoccKernel *k, const ImportEvaluation *ev,
                                    GPtrArray *failures);
/* Says on standard error, once per term and reason, how many kernels were
 * not checked for lack of a figure, and what to give instead. */
void         import_check_print_unknown (const ImportCheck *check);
/* How many kernels were checked, and how many of them failed. */
guint        import_check_n_kernels (const ImportCheck *check);
guint        import_check_n_failed_kernels (const ImportCheck *check);

/* --diff NEW: the launch's GPU, threads and dynamic shared memory apply to
 * both builds. Returns the exit status. */
int          import_diff_report    (const ImportLaunch *launch, CuoccKernelList *before, CuoccKernelList *after,
                                    CliFormat format, CliWriter *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImportCheck, import_check_free)

G_END_DECLS
