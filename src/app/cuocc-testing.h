/* cuocc-testing.h — what the app's widget tests and benchmarks call and the
 * app itself does not: the texts a view shows, the widgets a test clicks,
 * hit tests at a point, state a test waits for. Included only by the tests
 * and by the files that define these functions, so that the app's other
 * headers show what the app uses. tests/data/check-private.py fails when a
 * function only the tests call is declared anywhere else.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-compat.h"
#include "cuocc-graph.h"
#include "cuocc-heatmap-view.h"
#include "cuocc-histogram-view.h"
#include "cuocc-kernels-panel.h"
#include "cuocc-kernels-table.h"

G_BEGIN_DECLS

/* cuocc-graph.c: a click at a point of the drawn graph: the graph draws
 * its points itself, with no widget or accessible object a test could find
 * at a point. */
gboolean           cuocc_graph_pick (CuoccGraph     *self,
                                     double          x,
                                     double          y);

/* cuocc-heatmap-view.c: the grid it draws and the cell at a point (the
 * drawing has no child widgets or accessibles for its cells). */
const CuoccGrid *cuocc_heatmap_view_get_grid (CuoccHeatmapView *self);
gboolean         cuocc_heatmap_view_cell_at  (CuoccHeatmapView *self,
                                              double            x,
                                              double            y,
                                              guint            *i,
                                              guint            *j);
gboolean         cuocc_heatmap_view_pick     (CuoccHeatmapView *self,
                                              double            x,
                                              double            y);

/* cuocc-histogram-view.c: the bars it draws (the drawing has no child
 * widgets or accessibles for its bars). */
const CuoccHistogram *cuocc_histogram_view_get_histogram (CuoccHistogramView *self);

/* cuocc-kernels-table.c */
GtkWidget         *cuocc_kernels_table_get_name_tooltip (CuoccKernelsTable *self,
                                                         gpointer           item);

/* cuocc-kernels-panel-gpus.c */
guint              cuocc_kernels_panel_get_gpus_runs        (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_get_gpus_counts      (CuoccKernelsPanel *self,
                                                             guint             *most_rows,
                                                             guint             *columns_changed,
                                                             guint             *iterations);
void               cuocc_kernels_panel_get_gpus_slices      (CuoccKernelsPanel *self,
                                                             guint             *slices,
                                                             guint             *rows_while_working,
                                                             guint             *entries_copied);
void               cuocc_kernels_panel_hold_gpus_slices     (CuoccKernelsPanel *self,
                                                             guint              limit);

/* cuocc-kernels-panel-ptxas.c */
void               cuocc_kernels_panel_get_ptxas_counts    (CuoccKernelsPanel *self,
                                                            guint             *applied,
                                                            guint             *most_an_iteration);
void               cuocc_kernels_panel_set_ptxas_timeout   (CuoccKernelsPanel *self,
                                                            guint              seconds);

G_END_DECLS
