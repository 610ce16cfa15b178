/* cuocc-graph.h — one occupancy graph, drawn by the plot module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-chart.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_GRAPH_Y_UNIT (cuocc_graph_y_unit_get_type ())
#define CUOCC_TYPE_GRAPH (cuocc_graph_get_type ())

GType cuocc_graph_y_unit_get_type (void) G_GNUC_CONST;

G_DECLARE_FINAL_TYPE (CuoccGraph, cuocc_graph, CUOCC, GRAPH, CuoccChart)

void               cuocc_graph_set_series (CuoccGraph     *self,
                                           CuoccSeries    *series);
const CuoccSeries *cuocc_graph_get_series (CuoccGraph     *self);
void               cuocc_graph_set_overlay (CuoccGraph    *self,
                                            CuoccSeries   *overlay);
const CuoccSeries *cuocc_graph_get_overlay (CuoccGraph    *self);
CuoccPlotYUnit     cuocc_graph_get_y_unit (CuoccGraph     *self);

G_END_DECLS
