/* cuocc-gpu-comparison.h — the kernels table's kernels on several GPUs:
 * the library's comparison (cuocc_import_comparison_new ()), worked out
 * once and kept as the table's columns show it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <cuocc.h>

G_BEGIN_DECLS

/* One kernel on one GPU, as its cell shows it. */
typedef struct {
  double occupancy;                /* percent; 0 where it cannot launch; < 0: not known */
  int blocks;                      /* active blocks per SM */
  guint limiters;                  /* CuoccLimit flags */
  CuoccImportLaunchable launchable;
  CuoccImportWhy reason;           /* the evaluation's, where it has no occupancy */
  gboolean runs;                   /* an entry of the kernel runs on the GPU */
  CuoccCodeKind code;              /* the entry's */
  const char *arch;                /* the entry's architecture (the store's string), or NULL */
  int threads;                     /* the block size it was worked out for, or 0 */
  int max_threads;                 /* the kernel's launch bounds, or 0 */
  char *why;                       /* the evaluation's why, or NULL */
  char *figures_from;              /* PTX: "ptxas 13.0 for sm_90" where ptxas gave its figures, or NULL */
  gboolean ptx_failed;             /* PTX: ptxas gave it no figures for this GPU (why says why) */
} CuoccGpuCell;

/* What the comparison does with the PTX entries that run on a GPU without
 * figures: reads what ptxas printed for that GPU's target from the cache,
 * or with @assemble runs @ptxas on what the cache lacks (the library's
 * cuocc_import_comparison_assemble_ptx (), each GPU after the other);
 * @cancellable stops ptxas alone, the comparison then worked out with the
 * figures that came; @progress is called in the worker after each module,
 * with the GPU's index. */
typedef struct {
  CuoccPtxas *ptxas;
  gboolean assemble;
  guint timeout_s;
  GCancellable *cancellable;
  void (*progress) (guint gpu, guint done, guint total, gpointer user_data);
  gpointer user_data;
} CuoccGpuComparisonPtx;

typedef struct _CuoccGpuComparison CuoccGpuComparison;

/* A boxed type (copied by a reference), for the kernels panel's
 * "gpu-comparison" property. */
#define CUOCC_TYPE_GPU_COMPARISON (cuocc_gpu_comparison_get_type ())
GType               cuocc_gpu_comparison_get_type  (void) G_GNUC_CONST;

/* Called in the worker each time the next @slice entries (or the last ones)
 * are ready: the entries before @ready have their cells and difference,
 * which another thread may read from then on (see
 * cuocc_gpu_comparison_get_n_ready ()). */
typedef void (*CuoccGpuComparisonSlice) (CuoccGpuComparison *self,
                                         guint               ready,
                                         gpointer            user_data);

/* Works out every kernel of @entries (the kernels table's entries, their
 * strings kept alive by @owner, which the comparison keeps) on each GPU,
 * each as the table works it out (the kernel's own block size, else
 * @threads), in the entries' order, telling @slice_cb of each @slice
 * entries ready; stops early, returning NULL, when @cancellable is
 * cancelled. Runs in any thread. */
CuoccGpuComparison *cuocc_gpu_comparison_compute   (const CuoccKernel  *entries,
                                                    guint               n_entries,
                                                    GObject            *owner,
                                                    const CuoccGpu     *gpus,
                                                    guint               n_gpus,
                                                    int                 threads,
                                                    const CuoccGpuComparisonPtx *ptx,
                                                    guint               slice,
                                                    CuoccGpuComparisonSlice slice_cb,
                                                    gpointer            user_data,
                                                    GCancellable       *cancellable);
/* The entries, from the first, whose kernels are worked out (any thread). */
guint               cuocc_gpu_comparison_get_n_ready (CuoccGpuComparison *self);
/* The main thread's mark of a comparison being replaced: its cells show nothing. */
void                cuocc_gpu_comparison_set_stale (CuoccGpuComparison *self,
                                                    gboolean            stale);
gboolean            cuocc_gpu_comparison_is_stale  (CuoccGpuComparison *self);
CuoccGpuComparison *cuocc_gpu_comparison_ref       (CuoccGpuComparison *self);
void                cuocc_gpu_comparison_unref     (CuoccGpuComparison *self);
guint               cuocc_gpu_comparison_get_n_gpus (CuoccGpuComparison *self);
const CuoccGpu     *cuocc_gpu_comparison_get_gpu   (CuoccGpuComparison *self,
                                                    guint               gpu);
/* The kernel an entry (by its place in the entries given) is an entry of,
 * and whether it is the entry that stands for its kernel on the first GPU:
 * the one that runs there, or the kernel's first where none does. */
guint               cuocc_gpu_comparison_kernel_of (CuoccGpuComparison *self,
                                                    guint               entry,
                                                    gboolean           *stands_for);
/* The largest difference of occupancy between the GPUs, in points; < 0
 * where fewer than two are known. */
double              cuocc_gpu_comparison_get_difference (CuoccGpuComparison *self,
                                                         guint               kernel);
const CuoccGpuCell *cuocc_gpu_comparison_get_cell  (CuoccGpuComparison *self,
                                                    guint               kernel,
                                                    guint               gpu);
/* The cells whose PTX runs without figures (none from the cache, or
 * ptxas failed), all GPUs together. */
guint               cuocc_gpu_comparison_count_ptx_unknown (CuoccGpuComparison *self);
/* What a cell shows: its first line (the occupancy, "Cannot launch" or
 * "–"), its second (the limiter or why, and the entry that runs), and a
 * tooltip saying it in full. */
void                cuocc_gpu_cell_texts           (const CuoccGpuCell *cell,
                                                    const CuoccGpu     *gpu,
                                                    char              **first,
                                                    char              **second,
                                                    char              **tooltip);
/* A GPU's name as a column's title: "RTX 4090", "H100 SXM5". */
char               *cuocc_gpu_short_name           (const CuoccGpu     *gpu);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccGpuComparison, cuocc_gpu_comparison_unref)

G_END_DECLS
