/* cuocc-clusters.h — thread block clusters on the whole GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-model.h"

/**
 * CuoccClustersBasis:
 * @CUOCC_CLUSTERS_PER_SM: no SM count: per-SM figures only
 * @CUOCC_CLUSTERS_MEASURED: a measured table for this product
 * @CUOCC_CLUSTERS_DRIVER: asked of this machine's driver
 * @CUOCC_CLUSTERS_UPPER_BOUND: ⌊SMs × blocks per SM ÷ cluster size⌋: an upper bound, not the answer
 *
 * Where a count of max active clusters on the whole GPU comes from.
 */
typedef enum {
  CUOCC_CLUSTERS_PER_SM,
  CUOCC_CLUSTERS_MEASURED,
  CUOCC_CLUSTERS_DRIVER,
  CUOCC_CLUSTERS_UPPER_BOUND,
} CuoccClustersBasis;

/**
 * CuoccClusters:
 * @cluster_size: blocks per cluster
 * @blocks_per_sm: under a cluster launch: the normal launch's, capped
 * @blocks_per_sm_cap: the cap (8)
 * @cap_assumed: the cap was not seen on this compute capability
 * @max_active_clusters: on the whole GPU; -1 without an SM count
 * @basis: where @max_active_clusters comes from
 * @source: the measured table's source, or %NULL
 * @blocks_lost_per_sm: to the cap, against the same kernel without clusters
 * @blocks_lost: on the whole GPU, cap and placement; -1 without an SM count
 * @blocks_lost_fraction: of the blocks the same kernel runs without clusters, 0..1
 *
 * A cluster launch on the whole GPU, from cuocc_clusters().
 */
typedef struct {
  int cluster_size;
  int blocks_per_sm;
  int blocks_per_sm_cap;
  gboolean cap_assumed;
  gint64 max_active_clusters;
  CuoccClustersBasis basis;
  const char *source;
  int blocks_lost_per_sm;
  gint64 blocks_lost;
  double blocks_lost_fraction;
} CuoccClusters;

G_BEGIN_DECLS

CUOCC_AVAILABLE gboolean cuocc_clusters (const CuoccGpu *gpu, const CuoccInput *input, const CuoccResult *result,
                                         CuoccClusters *clusters, GError **error);
CUOCC_AVAILABLE const char *cuocc_clusters_basis_name (CuoccClustersBasis basis);
CUOCC_AVAILABLE const CuoccClusterTable *cuocc_cluster_table_for_gpu (const CuoccGpu *gpu);
CUOCC_AVAILABLE char *cuocc_clusters_table_to_csv (const CuoccGpu *gpu);

G_END_DECLS
