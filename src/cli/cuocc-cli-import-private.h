/* cuocc-cli-import-private.h — what cuocc --import, --check and --diff share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

#include "cuocc-cli-table.h"
#include "cuocc-cli-writer.h"

G_BEGIN_DECLS

/* The launch, why an entry has no occupancy, and an entry worked out are
 * the library's (cuocc-import-table.h), which the app's export shares. */
typedef CuoccImportLaunch ImportLaunch;
typedef CuoccImportWhy ImportWhy;
typedef CuoccImportEvaluation ImportEvaluation;

#define IMPORT_WHY_NONE          CUOCC_IMPORT_WHY_NONE
#define IMPORT_WHY_NOT_LOADED    CUOCC_IMPORT_WHY_NOT_LOADED
#define IMPORT_WHY_NO_ENTRY      CUOCC_IMPORT_WHY_NO_ENTRY
#define IMPORT_WHY_PTX           CUOCC_IMPORT_WHY_PTX
#define IMPORT_WHY_NO_BLOCK_SIZE CUOCC_IMPORT_WHY_NO_BLOCK_SIZE
#define IMPORT_WHY_NO_ARCH       CUOCC_IMPORT_WHY_NO_ARCH
#define IMPORT_WHY_MODEL         CUOCC_IMPORT_WHY_MODEL
#define IMPORT_WHY_LAUNCH_BOUNDS CUOCC_IMPORT_WHY_LAUNCH_BOUNDS
#define IMPORT_N_WHYS            CUOCC_IMPORT_N_WHYS

#define IMPORT_WHY_IS_UNKNOWN(w) ((w) == IMPORT_WHY_PTX || (w) == IMPORT_WHY_NO_BLOCK_SIZE || (w) == IMPORT_WHY_NO_ARCH)

/* Shared memory a block may use without opting in. */
#define IMPORT_SMEM_WITHOUT_OPT_IN (48 * 1024)

/* The shared memory note for one kernel; NULL when none is due. */
char    *_cli_import_smem_note (const CuoccKernel *k, const ImportEvaluation *ev);
/* Adds the kernel to a set of kernel keys (g_str_hash, owning them). */
void     _cli_import_kernel_set_add (GHashTable *set, const CuoccKernel *k);

/* --check EXPR */
typedef struct _ImportCheck ImportCheck;

ImportCheck *_cli_import_check_parse (const char *expr, gboolean strict, GError **error);
void         _cli_import_check_free  (ImportCheck *check);
/* Adds a line to failures for each term the entry does not meet; a term
 * whose figure the entry lacks is counted apart, unless the check is strict. */
void         _cli_import_check_entry (ImportCheck *check, const CuoccKernel *k, const ImportEvaluation *ev,
                                      GPtrArray *failures);
/* Says on standard error, once per term and reason, how many kernels were
 * not checked for lack of a figure, and what to give instead. */
void         _cli_import_check_print_unknown (const ImportCheck *check);
/* How many entries that run were seen, how many kernels were checked
 * against at least one term, and how many of them failed. */
guint        _cli_import_check_n_seen (const ImportCheck *check);
guint        _cli_import_check_n_kernels        (const ImportCheck *check);
guint        _cli_import_check_n_failed_kernels (const ImportCheck *check);

/* --diff NEW: the launch's GPU, threads and dynamic shared memory apply to
 * both builds. Returns the exit status. */
int          _cli_import_diff_report (const ImportLaunch *launch, CuoccKernelList *before, CuoccKernelList *after,
                                      CliFormat format, CliWriter *writer);

/* The most GPUs one import compares: each adds a column group to the text
 * and a row per kernel to CSV and JSON, and the text keeps its cells. */
#define IMPORT_MAX_GPUS 16

/* --ptxas PATH, --assemble-ptx, --no-ptxas, --ptxas-timeout */
typedef struct {
  const char *path;
  gboolean assemble;
  gboolean never;
  guint timeout_s;
} ImportPtxOptions;

/* Figures for the PTX entries that load on the launch's GPU: from the
 * cache, or from ptxas when asked; says on standard error what is left.
 * Returns the exit status: CLI_EXIT_OK, CLI_EXIT_USAGE (--ptxas names no
 * ptxas) or CLI_EXIT_SIGNALLED + the signal that stopped it (SIGINT,
 * SIGTERM, SIGHUP). */
int          _cli_import_assemble_ptx (const ImportPtxOptions *options, const ImportLaunch *launch,
                                       CuoccKernelList *list);

/* The same for each GPU of a comparison whose loaded entries are PTX: the
 * figures are kept for that GPU in @comparison. */
int          _cli_import_assemble_ptx_gpus (const ImportPtxOptions *options, CuoccImportComparison *comparison,
                                            guint n_gpus);

/* --gpu A --gpu B … (or --cc): each kernel on each GPU, the file read once.
 * Returns the exit status. */
int          _cli_import_multi_report (CuoccKernelList *list, const CuoccGpu *gpus, guint n_gpus, int threads,
                                       gint64 dynamic_smem, const ImportPtxOptions *ptx, CliFormat format,
                                       CliWriter *writer);


G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImportCheck, _cli_import_check_free)

G_END_DECLS
