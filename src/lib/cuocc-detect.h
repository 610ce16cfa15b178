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

/* Fills gpus (at most max_gpus) and returns how many. */
CUOCC_AVAILABLE int cuocc_detect_gpus (CuoccGpu *gpus, int max_gpus, GError **error);
/* The same, and asks the driver for the max active clusters of every
 * blocks per SM and cluster size the GPU allows (gpu->driver_clusters). */
CUOCC_AVAILABLE int cuocc_detect_gpus_with_clusters (CuoccGpu *gpus, int max_gpus, GError **error);

G_END_DECLS
