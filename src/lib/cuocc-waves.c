/* cuocc-waves.c — how a grid of blocks, or of clusters, runs on the whole GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GPU runs blocks_per_wave blocks (or clusters) at once; a grid runs in
 * full waves and a last, partial one whose idle slots waste the machine.
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

static void
waves_fill (CuoccWaves *waves,
            gint64      grid,
            gint64      per_wave)
{
  waves->grid = grid;
  waves->blocks_per_wave = per_wave;
  waves->full_waves = grid / waves->blocks_per_wave;
  waves->tail_blocks = grid % waves->blocks_per_wave;
  waves->waves = waves->full_waves + (waves->tail_blocks > 0);
  waves->tail_fill = waves->tail_blocks > 0 ? (double) waves->tail_blocks / waves->blocks_per_wave : 1.0;
  /* How much of the machine's block slots the whole run keeps busy. */
  waves->efficiency = (double) grid / ((double) waves->waves * waves->blocks_per_wave);
}

/**
 * cuocc_waves:
 * @gpu: a GPU with an SM count
 * @result: the result of cuocc_calculate() on @gpu
 * @grid: the blocks of the launch, at least 1
 * @waves: (out caller-allocates): the waves
 * @error: return location for a #GError
 *
 * Works out how a grid of blocks runs on the whole GPU: full waves of
 * @result's blocks per SM on every SM, then a last, partial one.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_INVALID_INPUT when the
 *   grid is empty, @gpu has no SM count or no block fits
 */
gboolean
cuocc_waves (const CuoccGpu     *gpu,
             const CuoccResult  *result,
             gint64              grid,
             CuoccWaves         *waves,
             GError            **error)
{
  g_return_val_if_fail (gpu != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (waves != NULL, FALSE);

  if (grid < 1)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("The grid must have at least 1 block, not %lld"), (long long) grid);
      return FALSE;
    }
  if (gpu->sm_count <= 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("%s has no known SM count; name a GPU product to count waves"), gpu->name);
      return FALSE;
    }
  if (result->active_blocks <= 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("No block of this kernel fits on an SM, so it runs in no waves at all"));
      return FALSE;
    }

  memset (waves, 0, sizeof *waves);
  waves->sm_count = gpu->sm_count;
  waves->blocks_per_sm = result->active_blocks;
  waves_fill (waves, grid, (gint64) result->active_blocks * gpu->sm_count);
  return TRUE;
}

/**
 * cuocc_cluster_waves:
 * @gpu: the GPU
 * @clusters: the result of cuocc_clusters() on @gpu
 * @grid: the clusters of the launch, at least 1
 * @waves: (out caller-allocates): the waves; its blocks_per_wave and
 *   tail_blocks count clusters
 * @error: return location for a #GError
 *
 * Like cuocc_waves() for a grid of clusters, a wave being the max active
 * clusters on the whole GPU.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_INVALID_INPUT when the
 *   grid is empty, the GPU has no SM count or no cluster fits
 */
gboolean
cuocc_cluster_waves (const CuoccGpu       *gpu,
                     const CuoccClusters  *clusters,
                     gint64                grid,
                     CuoccWaves           *waves,
                     GError              **error)
{
  g_return_val_if_fail (gpu != NULL, FALSE);
  g_return_val_if_fail (clusters != NULL, FALSE);
  g_return_val_if_fail (waves != NULL, FALSE);

  if (grid < 1)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("The grid must have at least 1 cluster, not %lld"), (long long) grid);
      return FALSE;
    }
  if (clusters->max_active_clusters < 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("%s has no known SM count; name a GPU product to count waves of clusters"), gpu->name);
      return FALSE;
    }
  if (clusters->max_active_clusters == 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("No cluster of this kernel fits on the GPU, so it runs in no waves at all"));
      return FALSE;
    }

  memset (waves, 0, sizeof *waves);
  waves->sm_count = gpu->sm_count;
  waves->blocks_per_sm = clusters->blocks_per_sm;
  waves_fill (waves, grid, clusters->max_active_clusters);
  return TRUE;
}
