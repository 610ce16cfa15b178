/* cuocc-detect.h — this machine's GPUs, read through libcuda.so.1 at run
 * time (no build dependency).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-gpu.h"

G_BEGIN_DECLS

CUOCC_AVAILABLE int cuocc_detect_gpus (CuoccGpu *gpus, int max_gpus, GError **error);
CUOCC_AVAILABLE int cuocc_detect_gpus_with_clusters (CuoccGpu *gpus, int max_gpus, GError **error);

G_END_DECLS
