/* cuocc-series.h — occupancy as one input varies (the graphs' lines) and
 * as two vary (the heatmaps' grids).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-clusters.h"

/**
 * CuoccSeriesKind:
 * @CUOCC_SERIES_THREADS: threads per block, by warps
 * @CUOCC_SERIES_REGS: registers per thread
 * @CUOCC_SERIES_SMEM: shared memory per block, by allocation units
 * @CUOCC_SERIES_BARRIERS: block barriers, 0 to %CUOCC_MAX_BARRIERS_INPUT
 * @CUOCC_SERIES_CLUSTER_SIZE: 0 (no clusters) to the largest cluster; the whole GPU, averaged per
 *   SM
 *
 * The input a #CuoccSeries varies, or a #CuoccGrid varies along y.
 */
typedef enum {
  CUOCC_SERIES_THREADS,
  CUOCC_SERIES_REGS,
  CUOCC_SERIES_SMEM,
  CUOCC_SERIES_BARRIERS,
  CUOCC_SERIES_CLUSTER_SIZE,
} CuoccSeriesKind;

/**
 * CuoccPoint:
 * @x: the varied input
 * @active_blocks: resident blocks per SM
 * @active_warps: resident warps per SM
 * @occupancy: the occupancy, 0..1
 *
 * One point of a #CuoccLine.
 */
typedef struct {
  gint64 x;
  int active_blocks;
  int active_warps;
  double occupancy;
} CuoccPoint;

/**
 * CuoccLine:
 * @smem_config: the configuration this line is for (-1: the current one)
 * @n_points: the number of points
 * @points: (array length=n_points): the points, x ascending
 *
 * One line of a #CuoccSeries.
 */
typedef struct {
  gint64 smem_config;
  guint n_points;
  CuoccPoint *points;
} CuoccLine;

/**
 * CuoccSeries:
 * @kind: the varied input
 * @current_x: the current configuration's value of the varied input
 * @current: its result
 * @max_warps: the y axis' top
 * @x_max: the x axis' end
 * @n_lines: 1, or one per shared memory configuration
 * @lines: lines[0] is the current configuration
 * @clusters_basis: %CUOCC_SERIES_CLUSTER_SIZE: where the max active clusters come from
 *
 * Occupancy as one input varies, from cuocc_series_new(); free with cuocc_series_free().
 */
typedef struct {
  CuoccSeriesKind kind;
  gint64 current_x;
  CuoccPoint current;
  int max_warps;
  gint64 x_max;
  guint n_lines;
  CuoccLine *lines;
  CuoccClustersBasis clusters_basis;
} CuoccSeries;

G_BEGIN_DECLS

CUOCC_AVAILABLE CuoccSeries *cuocc_series_new (const CuoccGpu *gpu, const CuoccInput *input, CuoccSeriesKind kind);
CUOCC_AVAILABLE void cuocc_series_free (CuoccSeries *series);
CUOCC_AVAILABLE const char *cuocc_series_kind_name (CuoccSeriesKind kind);
CUOCC_AVAILABLE gboolean cuocc_series_kind_parse (const char *text, CuoccSeriesKind *kind, GError **error);
CUOCC_AVAILABLE char *cuocc_series_to_csv (const CuoccSeries *series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccSeries, cuocc_series_free)

/**
 * CuoccGrid:
 * @y_kind: %CUOCC_SERIES_REGS or %CUOCC_SERIES_SMEM
 * @n_x: the number of block sizes
 * @n_y: the number of y values
 * @x_values: threads per block
 * @y_values: registers, or bytes of shared memory
 * @active_warps: resident warps per SM of each cell
 * @occupancy: 0..1
 * @max_warps: the most warps an SM holds
 * @current_i: the cell nearest the current configuration
 * @current_j: the row of the cell nearest the current configuration
 *
 * Occupancy over block size (every warp multiple) × registers per thread or shared memory per
 * block, for heatmaps. Row j, column i is at [j n_x + i]; both value lists ascend.
 */
typedef struct {
  CuoccSeriesKind y_kind;
  guint n_x;
  guint n_y;
  gint64 *x_values;
  gint64 *y_values;
  int *active_warps;
  double *occupancy;
  int max_warps;
  int current_i;
  int current_j;
} CuoccGrid;

CUOCC_AVAILABLE CuoccGrid *cuocc_grid_new (const CuoccGpu *gpu, const CuoccInput *input, CuoccSeriesKind y_kind);
CUOCC_AVAILABLE void cuocc_grid_free (CuoccGrid *grid);
CUOCC_AVAILABLE char *cuocc_grid_to_csv (const CuoccGrid *grid);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccGrid, cuocc_grid_free)

G_END_DECLS
