/* cuocc-gpu-choice.h — one entry of the GPU list: a product, a compute
 * capability, a custom device file, or the entry that loads one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <cuocc.h>

G_BEGIN_DECLS

typedef enum {
  CUOCC_GPU_CHOICE_PRODUCT,
  CUOCC_GPU_CHOICE_CC,
  CUOCC_GPU_CHOICE_CUSTOM,
  CUOCC_GPU_CHOICE_LOAD_FILE,
  CUOCC_GPU_CHOICE_DETECTED,
} CuoccGpuChoiceKind;

#define CUOCC_TYPE_GPU_CHOICE (cuocc_gpu_choice_get_type ())

G_DECLARE_FINAL_TYPE (CuoccGpuChoice, cuocc_gpu_choice, CUOCC, GPU_CHOICE, GObject)

CuoccGpuChoice     *cuocc_gpu_choice_new        (CuoccGpuChoiceKind  kind,
                                                 const char         *title,
                                                 const char         *id);
gboolean            cuocc_gpu_choice_matches    (CuoccGpuChoice     *self,
                                                 const char         *query);
CuoccGpuChoiceKind  cuocc_gpu_choice_get_kind   (CuoccGpuChoice     *self);
const char         *cuocc_gpu_choice_get_title  (CuoccGpuChoice     *self);
const char         *cuocc_gpu_choice_get_id     (CuoccGpuChoice     *self);

GListStore         *cuocc_gpu_choice_list_new   (void);
G_END_DECLS
