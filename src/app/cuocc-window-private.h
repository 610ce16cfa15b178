/* cuocc-window-private.h — what the window's files share. The tests use
 * the window as users and other widgets do (cuocc-window.h, its actions and
 * its template children), never this header.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

#include "cuocc-calculation.h"
#include "cuocc-gpu-data-page.h"
#include "cuocc-graph.h"
#include "cuocc-input-panel.h"
#include "cuocc-kernels-panel.h"
#include "cuocc-results-view.h"
#include "cuocc-tuning-page.h"
#include "cuocc-window.h"

G_BEGIN_DECLS

/* Threads, registers and shared memory: on every GPU. Barriers and cluster
 * size follow, shown where they apply (9.0 on). */
#define CUOCC_N_GRAPHS 3
#define CUOCC_N_ALL_GRAPHS 5

struct _CuoccWindow
{
  AdwApplicationWindow parent_instance;

  GSettings *settings;
  GSettings *state;                /* the same, delayed: the inputs are written as one */

  /* template */
  AdwToastOverlay *toast_overlay;
  AdwViewStack *stack;
  CuoccInputPanel *input_panel;
  CuoccResultsView *results_view;
  GtkScrolledWindow *results_scroller;
  CuoccGraph *graph_threads;
  CuoccGraph *graph_regs;
  CuoccGraph *graph_smem;
  CuoccGraph *graph_barriers;
  CuoccGraph *graph_clusters;
  CuoccGpuDataPage *gpu_data_page;
  GMenu *recent_section;
  CuoccKernelsPanel *kernels_panel;
  AdwBin *calculator_page;
  GtkWidget *calculator_content;
  GtkToggleButton *kernels_button;
  CuoccTuningPage *tuning_page;

  GtkWidget *kernels_view;         /* the kernels panel beside or over calculator_content */
  gboolean reveal_kernels;         /* a file was opened since the last frame: the sidebar stays
                                    * shown when the window folds it (its first frame, at 800 px) */

  /* the graphs by CuoccSeriesKind */
  CuoccGraph *graphs[CUOCC_N_ALL_GRAPHS];

  /* what the user entered, and what every view shows */
  CuoccInputModel *inputs;
  CuoccCalculation *calculation;

  GFile *session_file;
  GFile *opening;                  /* opened by the user and being read: Open Recent lists it once read */
  gboolean opening_is_import;      /* by Import (or _cuocc_window_import_file), not Open */
  GtkWidget *help_window;          /* F1's, while it is open */
  /* The graph last clicked, held where it stood in results_scroller until
   * the change it made is laid out (cuocc-window.c, hold_in_place ()). */
  GtkWidget *held_graph;
  double held_y;
  GdkFrameClock *held_clock;
  gulong held_layout_id;
  gboolean restoring;
  /* While a change of several steps is made (a chosen kernel), the saves
   * its steps would make wait for the one at its end. */
  guint saves_held;
};

/* cuocc-window.c */
void      _cuocc_window_show_error          (CuoccWindow        *self,
                                             const char         *heading,
                                             const GError       *error);
void      _cuocc_window_show_toast          (CuoccWindow        *self,
                                             const char         *message);
gboolean  _cuocc_window_load_session        (CuoccWindow        *self,
                                             GFile              *file,
                                             GError            **error);
gboolean  _cuocc_window_save_session        (CuoccWindow        *self,
                                             GFile              *file,
                                             GError            **error);
void      _cuocc_window_save_state          (CuoccWindow        *self);
void      _cuocc_window_add_recent          (CuoccWindow        *self,
                                             GFile              *file);

/* cuocc-window-actions.c */
void      _cuocc_window_class_init_actions  (GtkWidgetClass     *widget_class);
void      _cuocc_window_update_actions      (CuoccWindow        *self);
void      _cuocc_window_update_recent       (CuoccWindow        *self);
void      _cuocc_window_request_custom_device (CuoccWindow       *self);

/* cuocc-window-export.c */
gboolean  _cuocc_window_export_graph        (CuoccWindow        *self,
                                             const char         *which,
                                             const char         *path,
                                             GError            **error);
gboolean  _cuocc_window_export_kernels      (CuoccWindow        *self,
                                             const char         *path,
                                             GError            **error);
gboolean  _cuocc_window_export_results      (CuoccWindow        *self,
                                             const char         *path,
                                             GError            **error);
char     *_cuocc_window_results_to_text     (CuoccWindow        *self);

/* cuocc-window-import.c */
void      _cuocc_window_class_init_import   (GtkWidgetClass     *widget_class);
void      _cuocc_window_init_import         (CuoccWindow        *self);
void      _cuocc_window_class_init_ptxas    (GtkWidgetClass     *widget_class);
void      _cuocc_window_init_ptxas          (CuoccWindow        *self);
void      _cuocc_window_import_file         (CuoccWindow        *self,
                                             GFile              *file);
void      _cuocc_window_import_file_choosing (CuoccWindow        *self,
                                              GFile              *file,
                                              const char         *kernel_key);

/* cuocc-window-tuning.c */
void      _cuocc_window_class_init_tuning   (GtkWidgetClass     *widget_class);
void      _cuocc_window_init_tuning         (CuoccWindow        *self);
void      _cuocc_window_update_tuning_actions (CuoccWindow      *self);
gboolean  _cuocc_window_export_heatmap      (CuoccWindow        *self,
                                             const char         *which,
                                             const char         *caption,
                                             const char         *path,
                                             GError            **error);

G_END_DECLS
