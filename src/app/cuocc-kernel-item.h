/* cuocc-kernel-item.h — one imported kernel, as an item of a list model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <cuocc.h>

#include "cuocc-gpu-comparison.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_KERNEL_ITEM (cuocc_kernel_item_get_type ())

G_DECLARE_FINAL_TYPE (CuoccKernelItem, cuocc_kernel_item, CUOCC, KERNEL_ITEM, GObject)

/* What the table shows of an entry on the chosen GPU: the block size it was
 * worked out for and the answer, or nothing (threads 0) where it does not
 * run there, is PTX or declares no block size and none is chosen. */
typedef struct {
  int threads;
  int blocks;                      /* active blocks per SM */
  double occupancy;                /* a fraction; < 0: not worked out */
  guint limiters;                  /* CuoccLimit flags */
  double lost;                     /* what the worst limiter costs, as a fraction */
  guint lost_to;                   /* that limiter */
  double before;                   /* the compared build's entry's occupancy, or < 0 */
} CuoccKernelEval;

/* What the rows are worked out for: a GPU and the block size of the
 * kernels that declare none (the user's own, never a kernel's); threads
 * < 0: nothing. */
typedef struct {
  CuoccGpu gpu;
  int threads;
} CuoccKernelLaunch;

/* The library's launch for it: what `cuocc --import FILE --gpu G` works out
 * for a kernel that declares its block size, what `--threads N` does for
 * one that does not. */
void               cuocc_kernel_launch_to_import   (const CuoccKernelLaunch *launch,
                                                    CuoccImportLaunch  *import);
/* One entry (marked with what loads on the GPU) worked out by the library
 * (cuocc_import_evaluate ()), kept as the table shows it; before: its entry
 * in a compared build, or NULL, worked out at its own block size. */
void               cuocc_kernel_eval_compute       (CuoccKernelEval    *eval,
                                                    const CuoccImportLaunch *launch,
                                                    const CuoccKernel  *kernel,
                                                    const CuoccKernel  *before);

const CuoccKernel *cuocc_kernel_item_get_kernel    (CuoccKernelItem    *self);
const char        *cuocc_kernel_item_get_key       (CuoccKernelItem    *self);
const char        *cuocc_kernel_item_get_short_name (CuoccKernelItem   *self);
const CuoccKernelEval *cuocc_kernel_item_get_eval  (CuoccKernelItem    *self);
void               cuocc_kernel_item_set_eval      (CuoccKernelItem    *self,
                                                    const CuoccKernelEval *eval);
gboolean           cuocc_kernel_item_matches       (CuoccKernelItem    *self,
                                                    const char * const *words);
gboolean           cuocc_kernel_item_same_figures  (CuoccKernelItem    *self,
                                                    CuoccKernelItem    *other);
gboolean           cuocc_kernel_item_has_spills    (CuoccKernelItem    *self);
void               cuocc_kernel_item_get_read_kernel (CuoccKernelItem  *self,
                                                    CuoccKernel        *out);
void               cuocc_kernel_item_set_gpus      (CuoccKernelItem    *self,
                                                    CuoccGpuComparison *gpus,
                                                    guint               entry);
CuoccGpuComparison *cuocc_kernel_item_get_gpus     (CuoccKernelItem    *self,
                                                    guint              *kernel,
                                                    gboolean           *stands_for);

GListStore        *cuocc_kernel_item_list_new      (CuoccKernelList    *list);
void               cuocc_kernel_item_set_loaded    (CuoccKernelItem    *self,
                                                    CuoccLoad           loaded);
void               cuocc_kernel_item_set_change    (CuoccKernelItem    *self,
                                                    CuoccKernelChange   change,
                                                    const CuoccKernel  *before);
CuoccKernelChange  cuocc_kernel_item_get_change    (CuoccKernelItem    *self,
                                                    const CuoccKernel **before);

void               cuocc_kernel_item_set_ptx_result  (CuoccKernelItem   *self,
                                                      const CuoccKernel *from);
gboolean           cuocc_kernel_item_clear_ptx_result (CuoccKernelItem  *self);
void               cuocc_kernel_item_set_ptx_pending (CuoccKernelItem   *self,
                                                      gboolean           pending);
gboolean           cuocc_kernel_item_get_ptx_pending (CuoccKernelItem   *self);

G_END_DECLS
