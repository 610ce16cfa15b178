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

#include "cuocc-advice-view.h"
#include "cuocc-compare-view.h"
#include "cuocc-compat.h"
#include "cuocc-graph.h"
#include "cuocc-heatmap-view.h"
#include "cuocc-histogram-view.h"
#include "cuocc-input-panel.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernels-panel.h"
#include "cuocc-kernels-table.h"
#include "cuocc-waves-view.h"

G_BEGIN_DECLS

/* cuocc-advice-view.c */
GPtrArray       *cuocc_advice_view_get_advice (CuoccAdviceView        *self);

/* cuocc-compare-view.c */
const char *cuocc_compare_view_get_cell (CuoccCompareView  *self,
                                         const char        *row,
                                         guint              column);

/* cuocc-graph.c: a click at a point of the drawn graph, and a key's step:
 * the graph draws its points itself, with no widget or accessible object a
 * test could find at a point. */
gboolean           cuocc_graph_pick (CuoccGraph     *self,
                                     double          x,
                                     double          y);
gboolean           cuocc_graph_step (CuoccGraph     *self,
                                     int             step);

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

/* cuocc-input-panel.c: what the user sees and types into: the entry of an
 * input typed as text (not the configuration and caching choices), its
 * hint, and whether it is marked. */
GtkEditable *cuocc_input_panel_get_editable    (CuoccInputPanel *self,
                                                CuoccInputKey    key);
const char  *cuocc_input_panel_get_hint        (CuoccInputPanel *self,
                                                CuoccInputKey    key);
gboolean     cuocc_input_panel_field_is_marked (CuoccInputPanel *self,
                                                CuoccInputKey    key);

/* cuocc-kernel-item.c */
CuoccKernelItem   *cuocc_kernel_item_new   (const CuoccKernel  *kernel,
                                            guint               occurrence);
char              *cuocc_kernel_short_name (const char         *name);
char              *cuocc_kernel_unqualified (const char        *name);

/* cuocc-kernels-table.c */
GtkWidget         *cuocc_kernels_table_get_name_tooltip (CuoccKernelsTable *self,
                                                         gpointer           item);

/* cuocc-kernels-panel-gpus.c */
const char * const *cuocc_kernels_panel_get_compare_gpus  (CuoccKernelsPanel *self);
CuoccGpuComparison *cuocc_kernels_panel_get_gpu_comparison (CuoccKernelsPanel *self);
gboolean           cuocc_kernels_panel_is_compared          (CuoccKernelsPanel *self);
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
GListModel        *cuocc_kernels_panel_get_store            (CuoccKernelsPanel *self);
const char        *cuocc_kernels_panel_get_compare_progress (CuoccKernelsPanel *self);
GtkButton         *cuocc_kernels_panel_get_compare_cancel   (CuoccKernelsPanel *self);
GtkMenuButton     *cuocc_kernels_panel_get_gpus_button      (CuoccKernelsPanel *self);
GtkListBox        *cuocc_kernels_panel_get_gpus_list        (CuoccKernelsPanel *self);
GtkEditable       *cuocc_kernels_panel_get_gpus_search      (CuoccKernelsPanel *self);
GtkCheckButton    *cuocc_kernels_panel_get_differ_check     (CuoccKernelsPanel *self);
GtkSpinButton     *cuocc_kernels_panel_get_differ_spin      (CuoccKernelsPanel *self);

/* cuocc-kernels-panel-ptxas.c */
gboolean           cuocc_kernels_panel_is_assembling       (CuoccKernelsPanel *self);
CuoccPtxas        *cuocc_kernels_panel_get_ptxas           (CuoccKernelsPanel *self,
                                                            const char       **error);
void               cuocc_kernels_panel_get_ptxas_counts    (CuoccKernelsPanel *self,
                                                            guint             *applied,
                                                            guint             *most_an_iteration);
void               cuocc_kernels_panel_set_ptxas_timeout   (CuoccKernelsPanel *self,
                                                            guint              seconds);
const char        *cuocc_kernels_panel_get_assembly_progress (CuoccKernelsPanel *self);
GtkButton         *cuocc_kernels_panel_get_assembly_cancel (CuoccKernelsPanel *self);

/* cuocc-waves-view.c: the waves it draws (drawn, not a widget); the SM
 * count and message are not yet read through a public way. */
void        cuocc_waves_view_set_sm_count (CuoccWavesView   *self,
                                           int               sm_count);
gboolean    cuocc_waves_view_get_waves    (CuoccWavesView    *self,
                                           CuoccWaves        *waves);
const char *cuocc_waves_view_get_message  (CuoccWavesView    *self);

G_END_DECLS
