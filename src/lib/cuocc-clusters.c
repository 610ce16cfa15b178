/* cuocc-clusters.c — thread block clusters on the whole GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A launch with a cluster dimension holds at most 8 blocks per SM (measured
 * on GH100), and its clusters are placed inside GPCs whose SM counts NVIDIA
 * does not publish: how many clusters fit at once is no formula of the
 * per-SM limits. It comes from a table measured for the product, from this
 * machine's driver, or, failing both, it is only bounded from above.
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

/* ----- helpers ----- */

static gboolean
table_covers (const CuoccClusterTable *table,
              const CuoccGpu          *gpu)
{
  if (table->major != gpu->cap.major || table->minor != gpu->cap.minor || table->sm_count != gpu->sm_count)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (table->products) && table->products[i] != NULL; i++)
    if (g_ascii_strcasecmp (table->products[i], gpu->name) == 0)
      return TRUE;
  return FALSE;
}

/* The max active clusters from a table, the driver's or a measured one;
 * 0 where neither has the entry. */
static int
known_clusters (const CuoccGpu     *gpu,
                int                 blocks_per_sm,
                int                 cluster_size,
                CuoccClustersBasis *basis,
                const char        **source)
{
  const CuoccClusterTable *table;

  if (blocks_per_sm > CUOCC_CLUSTER_TABLE_BLOCKS)
    return 0;
  if (gpu->driver_clusters[blocks_per_sm - 1][cluster_size - 1] > 0)
    {
      *basis = CUOCC_CLUSTERS_DRIVER;
      *source = "cuOccupancyMaxActiveClusters of this machine's CUDA driver";
      return gpu->driver_clusters[blocks_per_sm - 1][cluster_size - 1];
    }
  table = cuocc_cluster_table_for_gpu (gpu);
  if (table != NULL && table->clusters[blocks_per_sm - 1][cluster_size - 1] > 0)
    {
      *basis = CUOCC_CLUSTERS_MEASURED;
      *source = table->source;
      return table->clusters[blocks_per_sm - 1][cluster_size - 1];
    }
  return 0;
}

/* ----- public API ----- */

/**
 * cuocc_cluster_table_for_gpu:
 * @gpu: a GPU
 *
 * Finds the measured table of max active clusters that covers @gpu: the same
 * product name, compute capability and SM count.
 *
 * Returns: (transfer none) (nullable): the table, or %NULL when none was
 *   measured for this product
 */
const CuoccClusterTable *
cuocc_cluster_table_for_gpu (const CuoccGpu *gpu)
{
  guint n;
  const CuoccClusterTable *tables = cuocc_cluster_tables (&n);

  g_return_val_if_fail (gpu != NULL, NULL);

  for (guint i = 0; i < n; i++)
    if (table_covers (&tables[i], gpu))
      return &tables[i];
  return NULL;
}

/**
 * cuocc_clusters_basis_name:
 * @basis: where a count of max active clusters comes from
 *
 * The name of a basis of max active clusters.
 *
 * Returns: (transfer none) (nullable): "per-sm", "measured", "driver" or
 *   "upper-bound", as the CSV and JSON columns write it; %NULL for a value
 *   that is no #CuoccClustersBasis
 */
const char *
cuocc_clusters_basis_name (CuoccClustersBasis basis)
{
  switch (basis)
    {
    case CUOCC_CLUSTERS_PER_SM: return "per-sm";
    case CUOCC_CLUSTERS_MEASURED: return "measured";
    case CUOCC_CLUSTERS_DRIVER: return "driver";
    case CUOCC_CLUSTERS_UPPER_BOUND: return "upper-bound";
    default: return NULL;
    }
}

/**
 * cuocc_clusters:
 * @gpu: the GPU
 * @input: the kernel's configuration, with a cluster size
 * @result: the result of cuocc_calculate() for @gpu and @input
 * @clusters: (out caller-allocates): the clusters on the whole GPU
 * @error: return location for a #GError
 *
 * Works out how a cluster launch runs: the blocks per SM under the cluster
 * cap, the max active clusters on the whole GPU (measured for the product,
 * asked of the driver, or else only bounded from above) and the blocks lost
 * against the same kernel launched without clusters.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_INVALID_INPUT when
 *   the cluster size is not 1 to the GPU's largest cluster (a GPU without
 *   clusters has none)
 */
gboolean
cuocc_clusters (const CuoccGpu     *gpu,
                const CuoccInput   *input,
                const CuoccResult  *result,
                CuoccClusters      *c,
                GError            **error)
{
  const CuoccCapability *cap;
  gint64 normal_blocks;

  g_return_val_if_fail (gpu != NULL, FALSE);
  g_return_val_if_fail (input != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (c != NULL, FALSE);

  cap = &gpu->cap;
  if (input->cluster_size < 1 || input->cluster_size > cap->max_cluster_size)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("A cluster on compute capability %d.%d has 1 to %d blocks, not %d"),
                   cap->major, cap->minor, cap->max_cluster_size, input->cluster_size);
      return FALSE;
    }

  memset (c, 0, sizeof *c);
  c->cluster_size = input->cluster_size;
  c->blocks_per_sm_cap = cap->cluster_max_blocks_per_sm;
  c->cap_assumed = cap->cluster_cap_source == NULL;
  c->blocks_per_sm = MIN (result->active_blocks, cap->cluster_max_blocks_per_sm);
  c->blocks_lost_per_sm = result->active_blocks - c->blocks_per_sm;

  if (gpu->sm_count <= 0)
    {
      c->basis = CUOCC_CLUSTERS_PER_SM;
      c->max_active_clusters = -1;
      c->blocks_lost = -1;
      c->blocks_lost_fraction = result->active_blocks > 0
                                ? (double) c->blocks_lost_per_sm / result->active_blocks : 0.0;
      return TRUE;
    }

  c->basis = CUOCC_CLUSTERS_UPPER_BOUND;
  if (c->blocks_per_sm > 0)
    c->max_active_clusters = known_clusters (gpu, c->blocks_per_sm, c->cluster_size, &c->basis, &c->source);
  if (c->basis == CUOCC_CLUSTERS_UPPER_BOUND)
    c->max_active_clusters = (gint64) gpu->sm_count * c->blocks_per_sm / c->cluster_size;

  normal_blocks = (gint64) gpu->sm_count * result->active_blocks;
  c->blocks_lost = normal_blocks - c->max_active_clusters * c->cluster_size;
  c->blocks_lost_fraction = normal_blocks > 0 ? (double) c->blocks_lost / normal_blocks : 0.0;
  return TRUE;
}

/**
 * cuocc_clusters_table_to_csv:
 * @gpu: a GPU filled by cuocc_detect_gpus_with_clusters()
 *
 * Writes the max active clusters this machine's driver answered for @gpu in
 * the format of the measured data files: comment lines naming the GPU, then
 * `blocks_per_sm,cluster_size,max_active_clusters` rows.
 *
 * Returns: (transfer full): the CSV text
 */
char *
cuocc_clusters_table_to_csv (const CuoccGpu *gpu)
{
  GString *s;

  g_return_val_if_fail (gpu != NULL, NULL);

  s = g_string_new (NULL);
  g_string_append_printf (s, "# Max active clusters on the whole GPU, as this machine's CUDA driver answered\n"
                             "# cuOccupancyMaxActiveClusters on %s (compute capability %d.%d, %d SMs),\n"
                             "# for a kernel whose blocks per SM were pinned through dynamic shared memory.\n",
                          gpu->name, gpu->cap.major, gpu->cap.minor, gpu->sm_count);
  g_string_append (s, "blocks_per_sm,cluster_size,max_active_clusters\n");
  for (int b = 1; b <= CUOCC_CLUSTER_TABLE_BLOCKS; b++)
    for (int size = 1; size <= CUOCC_MAX_CLUSTER_SIZE; size++)
      if (gpu->driver_clusters[b - 1][size - 1] > 0)
        g_string_append_printf (s, "%d,%d,%d\n", b, size, gpu->driver_clusters[b - 1][size - 1]);
  return g_string_free (s, FALSE);
}

/* Advises the cluster sizes, smaller and larger, that keep the most blocks
 * active on the GPU, where they keep more than the current one. Only known
 * answers count: an upper bound is no reason to change. */
void
_cuocc_advise_cluster_size (const CuoccGpu    *gpu,
                            const CuoccInput  *input,
                            const CuoccResult *now,
                            GPtrArray         *list)
{
  CuoccInput trial = *input;
  CuoccClusters current, c;
  int best_size[2] = { 0, 0 };     /* smaller, larger */
  gint64 best_blocks[2];

  if (!cuocc_clusters (gpu, input, now, &current, NULL) ||
      (current.basis != CUOCC_CLUSTERS_MEASURED && current.basis != CUOCC_CLUSTERS_DRIVER))
    return;
  best_blocks[0] = best_blocks[1] = current.max_active_clusters * current.cluster_size;

  /* From the current size outwards, so that ties go to the nearer size. */
  for (int step = 1; step < gpu->cap.max_cluster_size; step++)
    for (int side = 0; side < 2; side++)
      {
        int size = side == 0 ? input->cluster_size - step : input->cluster_size + step;

        if (size < 1 || size > gpu->cap.max_cluster_size)
          continue;
        trial.cluster_size = size;
        if (!cuocc_clusters (gpu, &trial, now, &c, NULL) || c.basis != current.basis)
          continue;
        if (c.max_active_clusters * size > best_blocks[side])
          {
            best_blocks[side] = c.max_active_clusters * size;
            best_size[side] = size;
          }
      }

  for (int side = 0; side < 2; side++)
    {
      g_autofree char *gpu_blocks = NULL;
      g_autofree char *now_blocks = NULL;
      CuoccAdvice *a;

      if (best_size[side] == 0)
        continue;
      gpu_blocks = g_strdup_printf ("%" G_GINT64_FORMAT, best_blocks[side]);
      now_blocks = g_strdup_printf ("%" G_GINT64_FORMAT, current.max_active_clusters * current.cluster_size);
      a = g_new0 (CuoccAdvice, 1);
      a->kind = CUOCC_ADVICE_CLUSTER_SIZE;
      a->blocks = current.blocks_per_sm;
      a->active_warps = now->active_warps;
      a->occupancy = now->occupancy;
      a->regs = -1;
      a->smem = -1;
      a->block_size = -1;
      a->cluster_size = best_size[side];
      a->gpu_blocks = best_blocks[side];
      a->text = g_strdup_printf (_("Clusters of %d blocks keep %s blocks active on the GPU at once, against %s "
                                   "with clusters of %d (%s)."),
                                 best_size[side], gpu_blocks, now_blocks, input->cluster_size,
                                 cuocc_clusters_basis_name (current.basis));
      g_ptr_array_add (list, a);
    }
}
