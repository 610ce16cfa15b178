/* cuocc-waves.h — how a grid of blocks, or of clusters, runs on the whole GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-clusters.h"

/**
 * CuoccWaves:
 * @grid: the blocks (or clusters) of the launch
 * @sm_count: the GPU's SMs
 * @blocks_per_sm: resident blocks per SM
 * @blocks_per_wave: the blocks (or clusters) that run at once on the whole GPU
 * @full_waves: the waves that fill the GPU
 * @tail_blocks: blocks in the last, partial wave (0: none)
 * @waves: full waves plus the partial one
 * @tail_fill: how full the last wave is, 0..1
 * @efficiency: grid / (waves × blocks per wave)
 *
 * How a grid runs on the whole GPU, from cuocc_waves() or cuocc_cluster_waves().
 */
typedef struct {
  gint64 grid;
  int sm_count;
  int blocks_per_sm;
  gint64 blocks_per_wave;
  gint64 full_waves;
  gint64 tail_blocks;
  gint64 waves;
  double tail_fill;
  double efficiency;
} CuoccWaves;

G_BEGIN_DECLS

CUOCC_AVAILABLE gboolean cuocc_waves (const CuoccGpu *gpu, const CuoccResult *result, gint64 grid, CuoccWaves *waves, GError **error);
CUOCC_AVAILABLE gboolean cuocc_cluster_waves (const CuoccGpu *gpu, const CuoccClusters *clusters, gint64 grid, CuoccWaves *waves, GError **error);

G_END_DECLS
