/* cuocc-kernels-panel.h — the kernels read from a build log or a profile:
 * a searchable list, the chosen kernel's figures and spills.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <cuocc.h>
#include <cuocc-plot.h>

#include "cuocc-histogram-view.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_KERNELS_PANEL (cuocc_kernels_panel_get_type ())

G_DECLARE_FINAL_TYPE (CuoccKernelsPanel, cuocc_kernels_panel, CUOCC, KERNELS_PANEL, GtkWidget)

void               cuocc_kernels_panel_load_file       (CuoccKernelsPanel *self,
                                                        GFile             *file,
                                                        const char        *key);
void               cuocc_kernels_panel_load_text       (CuoccKernelsPanel *self,
                                                        const char        *text);
gboolean           cuocc_kernels_panel_is_busy         (CuoccKernelsPanel *self);
GFile             *cuocc_kernels_panel_get_file        (CuoccKernelsPanel *self);
guint              cuocc_kernels_panel_get_n_kernels   (CuoccKernelsPanel *self);
GListModel        *cuocc_kernels_panel_get_shown       (CuoccKernelsPanel *self);
GtkEditable       *cuocc_kernels_panel_get_search      (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_choose          (CuoccKernelsPanel *self,
                                                        guint              position);
const CuoccKernel *cuocc_kernels_panel_get_chosen      (CuoccKernelsPanel  *self,
                                                        const char        **key);
void               cuocc_kernels_panel_set_comparison  (CuoccKernelsPanel *self,
                                                        double             occupancy);
const char        *cuocc_kernels_panel_get_profiler_text (CuoccKernelsPanel *self);
const char        *cuocc_kernels_panel_get_spill_text  (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_set_gpu         (CuoccKernelsPanel *self,
                                                        int                major,
                                                        int                minor);
void               cuocc_kernels_panel_compare_file    (CuoccKernelsPanel *self,
                                                        GFile             *file);
const char        *cuocc_kernels_panel_get_load_text   (CuoccKernelsPanel *self);
GtkButton         *cuocc_kernels_panel_get_load_button (CuoccKernelsPanel *self);
const char        *cuocc_kernels_panel_get_change_text (CuoccKernelsPanel *self);
GtkDropDown       *cuocc_kernels_panel_get_arch_dropdown (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_set_launch      (CuoccKernelsPanel *self,
                                                        const CuoccGpu    *gpu,
                                                        int                threads);
gboolean           cuocc_kernels_panel_is_evaluated    (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_focus_search    (CuoccKernelsPanel *self);
GtkColumnView     *cuocc_kernels_panel_get_column_view (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_sort_by         (CuoccKernelsPanel *self,
                                                        const char        *column_id,
                                                        GtkSortType        order);
GtkDropDown       *cuocc_kernels_panel_get_limiter_dropdown (CuoccKernelsPanel *self);
GtkSpinButton     *cuocc_kernels_panel_get_below_spin  (CuoccKernelsPanel *self);
GtkToggleButton   *cuocc_kernels_panel_get_changed_toggle (CuoccKernelsPanel *self);
const char        *cuocc_kernels_panel_get_compare_text (CuoccKernelsPanel *self);
const char        *cuocc_kernels_panel_get_page        (CuoccKernelsPanel *self);
char              *cuocc_kernels_panel_export_table    (CuoccKernelsPanel  *self,
                                                        CuoccTableFormat    format,
                                                        GError            **error);
const char        *cuocc_kernels_panel_get_count_text  (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_set_sidebar_width (CuoccKernelsPanel *self,
                                                          int                width);
int                cuocc_kernels_panel_get_sidebar_width (CuoccKernelsPanel *self);
gboolean           cuocc_kernels_panel_export_histogram (CuoccKernelsPanel  *self,
                                                         const char         *path,
                                                         GError            **error);
const CuoccHistogram *cuocc_kernels_panel_get_histogram (CuoccKernelsPanel *self);
CuoccHistogramView *cuocc_kernels_panel_get_histogram_view (CuoccKernelsPanel *self);
GtkWidget         *cuocc_kernels_panel_get_summary     (CuoccKernelsPanel *self);
int                cuocc_kernels_panel_get_bin         (CuoccKernelsPanel *self);
const char        *cuocc_kernels_panel_get_no_match_text (CuoccKernelsPanel *self);
GtkButton         *cuocc_kernels_panel_get_show_all_button (CuoccKernelsPanel *self);
const char        *cuocc_kernels_panel_get_loser_text  (CuoccKernelsPanel *self,
                                                        guint              n);
GtkLabel          *cuocc_kernels_panel_get_name_label  (CuoccKernelsPanel *self);
char              *cuocc_kernels_panel_get_cell_text   (CuoccKernelsPanel *self,
                                                        gpointer           item,
                                                        guint              column);

G_END_DECLS
