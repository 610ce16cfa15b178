/* cuocc-heatmap-view.h — occupancy over block size × registers or shared
 * memory, drawn by the plot module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-chart.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_HEATMAP_VIEW (cuocc_heatmap_view_get_type ())

G_DECLARE_FINAL_TYPE (CuoccHeatmapView, cuocc_heatmap_view, CUOCC, HEATMAP_VIEW, CuoccChart)

void             cuocc_heatmap_view_set_grid  (CuoccHeatmapView *self,
                                               CuoccGrid        *grid);

G_END_DECLS
