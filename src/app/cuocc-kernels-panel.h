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
GFile             *cuocc_kernels_panel_get_file        (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_choose          (CuoccKernelsPanel *self,
                                                        guint              position);
const CuoccKernel *cuocc_kernels_panel_get_chosen      (CuoccKernelsPanel  *self,
                                                        const char        **key);
void               cuocc_kernels_panel_compare_file    (CuoccKernelsPanel *self,
                                                        GFile             *file);
void               cuocc_kernels_panel_focus_search    (CuoccKernelsPanel *self);
char              *cuocc_kernels_panel_export_table    (CuoccKernelsPanel  *self,
                                                        CuoccTableFormat    format,
                                                        guint              *n_rows,
                                                        guint              *n_kernels,
                                                        GError            **error);
int                cuocc_kernels_panel_get_sidebar_width (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_set_compare_gpus (CuoccKernelsPanel  *self,
                                                         const char * const *ids);

/* cuocc-kernels-panel-filter.c: the summary's histogram, as win.export-histogram writes it */
gboolean           cuocc_kernels_panel_export_histogram (CuoccKernelsPanel  *self,
                                                         const char         *path,
                                                         GError            **error);

/* cuocc-kernels-panel-ptxas.c */
void               cuocc_kernels_panel_set_ptxas_path  (CuoccKernelsPanel *self,
                                                        const char        *path);
gboolean           cuocc_kernels_panel_can_assemble    (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_assemble_all    (CuoccKernelsPanel *self);
void               cuocc_kernels_panel_stop_work       (CuoccKernelsPanel *self);

G_END_DECLS
