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

typedef enum {
  CUOCC_SERIES_THREADS,
  CUOCC_SERIES_REGS,
  CUOCC_SERIES_SMEM,
  CUOCC_SERIES_BARRIERS,           /* block barriers, 0 to CUOCC_MAX_BARRIERS_INPUT */
  CUOCC_SERIES_CLUSTER_SIZE,       /* 0 (no clusters) to the largest cluster; the whole GPU, averaged per SM */
} CuoccSeriesKind;

typedef struct {
  gint64 x;                        /* the varied input */
  int active_blocks;
  int active_warps;
  double occupancy;
} CuoccPoint;

typedef struct {
  gint64 smem_config;              /* the configuration this line is for (-1: the current one) */
  guint n_points;
  CuoccPoint *points;
} CuoccLine;

typedef struct {
  CuoccSeriesKind kind;
  gint64 current_x;                /* the current configuration's value of the varied input */
  CuoccPoint current;              /* its result */
  int max_warps;                   /* the y axis' top */
  gint64 x_max;
  guint n_lines;                   /* 1, or one per shared memory configuration */
  CuoccLine *lines;                /* lines[0] is the current configuration */
  CuoccClustersBasis clusters_basis; /* CUOCC_SERIES_CLUSTER_SIZE: where the max active clusters come from */
} CuoccSeries;

G_BEGIN_DECLS

CUOCC_AVAILABLE CuoccSeries *cuocc_series_new (const CuoccGpu *gpu, const CuoccInput *input, CuoccSeriesKind kind);
CUOCC_AVAILABLE void cuocc_series_free (CuoccSeries *series);
CUOCC_AVAILABLE const char *cuocc_series_kind_name (CuoccSeriesKind kind);
CUOCC_AVAILABLE gboolean cuocc_series_kind_parse (const char *text, CuoccSeriesKind *kind, GError **error);
CUOCC_AVAILABLE char *cuocc_series_to_csv (const CuoccSeries *series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccSeries, cuocc_series_free)

/* Occupancy over block size (every warp multiple) × registers per thread or
 * shared memory per block, for heatmaps. Row j, column i is at
 * [j * n_x + i]; both value lists ascend. */
typedef struct {
  CuoccSeriesKind y_kind;          /* CUOCC_SERIES_REGS or CUOCC_SERIES_SMEM */
  guint n_x;
  guint n_y;
  gint64 *x_values;                /* threads per block */
  gint64 *y_values;                /* registers, or bytes of shared memory */
  int *active_warps;
  double *occupancy;               /* 0..1 */
  int max_warps;
  int current_i;                   /* the cell nearest the current configuration */
  int current_j;
} CuoccGrid;

CUOCC_AVAILABLE CuoccGrid *cuocc_grid_new (const CuoccGpu *gpu, const CuoccInput *input, CuoccSeriesKind y_kind);
CUOCC_AVAILABLE void cuocc_grid_free (CuoccGrid *grid);
CUOCC_AVAILABLE char *cuocc_grid_to_csv (const CuoccGrid *grid);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccGrid, cuocc_grid_free)

G_END_DECLS
