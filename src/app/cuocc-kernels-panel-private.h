/* cuocc-kernels-panel-private.h — what the kernels panel's files share:
 * the panel itself (cuocc-kernels-panel.c: the widget, the loaders, the
 * chosen kernel), its filters and search (cuocc-kernels-panel-filter.c),
 * what it takes from the calculation it follows
 * (cuocc-kernels-panel-launch.c), its table's rows
 * (cuocc-kernels-panel-table.c), its ptxas runs
 * (cuocc-kernels-panel-ptxas.c) and the GPUs it compares
 * (cuocc-kernels-panel-gpus*.c). The table, the summary and the details
 * are widgets of their own, bound in its .ui.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-calculation.h"
#include "cuocc-kernel-columns.h"
#include "cuocc-kernel-details.h"
#include "cuocc-kernel-find.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernel-loader.h"
#include "cuocc-kernel-rows.h"
#include "cuocc-kernels-panel.h"
#include "cuocc-kernels-summary.h"
#include "cuocc-kernels-table.h"

#include <adwaita.h>

G_BEGIN_DECLS

struct _CuoccKernelsPanel
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *box;
  GtkLabel *source_label;
  GtkSpinner *spinner;
  GtkSearchEntry *search_entry;
  GtkDropDown *arch_dropdown;
  GtkDropDown *limiter_dropdown;
  GtkSpinButton *below_spin;
  GtkToggleButton *changed_toggle;
  GtkStack *list_stack;
  CuoccKernelsTable *table;       /* the rows shown (cuocc-kernels-table.c) */
  AdwStatusPage *loading_page;
  GtkProgressBar *loading_bar;
  AdwStatusPage *no_match_page;
  GtkWidget *show_all_button;
  GtkExpander *summary_expander;
  CuoccKernelsSummary *summary;
  int bin;                         /* the bar the table is filtered to, or -1 */
  gboolean busy;                   /* "busy", "evaluated", "compared" and "assembling" as last notified */
  gboolean evaluated;
  gboolean compared;
  gboolean assembling;
  guint state_frozen;              /* not notified while > 0 (cuocc-kernels-panel-eval.c) */
  guint figures;                   /* counts the times the rows' figures were worked out */
  GtkLabel *count_label;
  GtkWidget *count_box;
  GtkLabel *block_label;                /* the block size of kernels that declare none */
  CuoccKernelDetails *details;     /* the chosen kernel's (cuocc-kernel-details.c) */
  GtkLabel *compare_label;
  GtkButton *gone_button;          /* lists the compared build's entries this one has not */

  GListStore *store;
  GtkCustomFilter *filter;
  CuoccKernelRows *shown;          /* what the table shows, filtered and sorted */
  GtkSliceListModel *growing;      /* shown, a screenful at first after a read */
  guint grow_id;                   /* the tick that gives it the rest */
  gboolean grow_first;             /* the first tick, whose frame draws the first screenful */
  GtkSingleSelection *selection;
  guint pulse_id;                  /* the loading page's progress */
  guint top_id;                    /* brings the table to its first row after a sort */
  char **words;                    /* the search, case-folded */
  gboolean selecting;

  CuoccKernelItem *chosen;
  guint chosen_revision;           /* changes as what the chosen item carries does */
  double comparison;               /* cuocc's occupancy in percent for the profiled launch, or < 0 */
  CuoccCalculationFollow followed; /* the "calculation" property (cuocc-kernels-panel-launch.c) */

  GtkStringList *arches;           /* the dropdown's choices: all, loaded, then each architecture */
  int gpu_major;                   /* the GPU the load marks are for; 0: none */
  int gpu_minor;
  gboolean have_gpu;               /* the GPU and block size the rows are worked out for */
  CuoccGpu gpu;
  int threads;
  GCancellable *eval_cancellable;
  guint eval_generation;
  gboolean marks_pending;          /* the entries that load are marked with the figures */

  CuoccKernelLoader *loader;
  CuoccKernelLoader *compare_loader;
  GListStore *compare_store;       /* the build compared with, or NULL */
  GListStore *gone;                /* its items this build has not, or NULL */
  char *compare_name;
  gboolean changes_marked;         /* the items carry marks of a compared build */
  int sidebar_width;
  int drag_start_width;
  gboolean truncated;
  char *pending_key;               /* the kernel to choose when the log is read */

  /* the GPUs compared (cuocc-kernels-panel-gpus.c) */
  GtkMenuButton *gpus_button;
  GtkWidget *differ_box;
  GtkCheckButton *differ_check;
  GtkSpinButton *differ_spin;
  GtkSearchEntry *gpus_search;     /* the popover's */
  GtkListBox *gpus_list;
  char **gpu_ids;                  /* chosen to compare with the calculator's, or NULL */
  CuoccGpuComparison *gpus;        /* what the rows show, or NULL */
  GCancellable *gpus_cancellable;  /* the comparison being worked out */
  gboolean gpus_wait_ptxas;        /* asked for, waiting for ptxas's lookup (compare ()) */
  guint gpus_runs;                 /* for the tests: the comparisons worked out (workers started) */
  guint gpus_generation;
  GCancellable *gpus_ptx_cancellable;   /* its ptxas runs */
  gboolean gpus_assembling;        /* it runs ptxas (Assemble PTX Kernels) */
  gboolean gpus_assemble_after;    /* Assemble PTX Kernels: the GPUs compared after the table's */
  struct _CuoccGpusProgress *gpus_progress;
  CuoccGpuComparison *gpus_arriving;    /* taken by the rows a slice an iteration */
  guint gpus_apply_id;
  guint gpus_apply_next;
  GListStore *gpus_apply_store;    /* the rows it is for */
  gboolean gpus_apply_look_again;
  guint gpus_most_rows;            /* for the tests: the most rows that took one in an iteration */
  guint gpus_columns_changed;
  guint gpus_apply_iterations;
  guint gpus_progress_source;
  gboolean gpus_columns_ready;     /* the columns are the arriving comparison's */
  gboolean gpus_restoring;         /* the last comparison comes back after a Cancel */
  struct _CuoccGpusGate *gpus_gate;     /* the tests': the worker waits for the rows */
  guint gpus_hold_limit;
  guint gpus_slices;               /* for the tests: the worker's slices that came */
  guint gpus_rows_while_working;   /* the most rows that took one while its worker was at work */
  guint gpus_entries_copied;       /* by the main thread for a worker */
  GtkWidget *gpus_box;             /* the comparison's progress above the table */
  GtkLabel *gpus_label;
  GtkProgressBar *gpus_bar;
  GtkButton *gpus_cancel;

  /* ptxas (cuocc-kernels-panel-ptxas.c) */
  char *ptxas_path;                /* the user's choice; NULL: found as users have it */
  CuoccPtxas *ptxas;               /* the one found, or NULL */
  char *ptxas_error;               /* why none was */
  gboolean ptxas_looked;           /* for ptxas_path */
  GCancellable *ptxas_finding;     /* its --version run under way */
  guint ptxas_timeout_s;           /* a run's limit; 0: the library's */
  struct _CuoccPtxJob *ptx_entry_job;   /* the chosen kernel alone */
  struct _CuoccPtxJob *ptx_all_job;     /* Assemble PTX Kernels, or the cache's read */
  gboolean ptx_cache_wanted;       /* the rows' marks changed: the cache is read once they are in */
  gboolean ptx_can_assemble;
  guint ptx_rows_applied;          /* for the tests: rows that took ptxas's answers */
  guint ptx_most_rows_an_iteration;
  GtkWidget *ptx_progress_box;
  GtkLabel *ptx_progress_label;
  GtkProgressBar *ptx_progress_bar;
  GtkButton *ptx_cancel_button;
};

typedef struct _CuoccPtxJob CuoccPtxJob;

/* The sidebar's width: from what the calculator leaves at 1,060 px (the
 * narrowest where both stand side by side) to what the window leaves
 * at its narrowest, 800 px, where the sidebar lies over the calculator. */
#define SIDEBAR_MIN_WIDTH 280
#define SIDEBAR_MAX_WIDTH 760

/* The first choices of the architecture dropdown; architectures follow. */
enum {
  ARCH_ALL,
  ARCH_LOADED,
  N_ARCH_CHOICES
};

/* The limiter drop-down's first choice; the limiters follow in their order. */
#define LIMITER_ANY 0

/* cuocc-kernels-panel-launch.c */
void                _cuocc_kernels_panel_calculation_changed_cb (CuoccKernelsPanel *self);
double              _cuocc_kernels_panel_comparison     (CuoccKernelsPanel *self);

/* cuocc-kernels-panel.c */
void                _cuocc_kernels_panel_set_gpu        (CuoccKernelsPanel *self,
                                                         int                major,
                                                         int                minor);
void                _cuocc_kernels_panel_notify_comparison (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_evaluated      (CuoccKernelsPanel *self,
                                                         gboolean           marked);
void                _cuocc_kernels_panel_set_busy       (CuoccKernelsPanel *self);
gboolean            _cuocc_kernels_panel_loaders_busy   (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_figures_changed (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_set_bar        (CuoccKernelsPanel *self,
                                                         int                bar);

/* cuocc-kernels-panel-resize.c */
void                _cuocc_kernels_panel_init_resize    (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_set_sidebar_width (CuoccKernelsPanel *self,
                                                            int                width);

/* cuocc-kernels-panel-gpus.c */
void                _cuocc_kernels_panel_init_gpus      (CuoccKernelsPanel *self);
/* cuocc-kernels-panel-gpus-popover.c */
void                _cuocc_kernels_panel_init_gpus_popover (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_compare_gpus   (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_gpus_stop      (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_gpus_ptxas     (CuoccKernelsPanel *self,
                                                         gboolean           assemble);
void                _cuocc_kernels_panel_gpus_cancel_ptxas (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_gpus_ptxas_found (CuoccKernelsPanel *self);
char               *_cuocc_kernels_panel_gpus_progress  (CuoccKernelsPanel *self,
                                                         double            *fraction);
gboolean            _cuocc_kernels_panel_gpus_pass      (CuoccKernelsPanel *self,
                                                         CuoccKernelItem   *item,
                                                         gboolean           check_arch);
gboolean            _cuocc_kernels_panel_comparing      (CuoccKernelsPanel *self);
gboolean            _cuocc_kernels_panel_is_compared    (CuoccKernelsPanel *self);
guint               _cuocc_kernels_panel_gpus_chosen    (CuoccKernelsPanel *self,
                                                         CuoccGpu          *gpus);
gboolean            _cuocc_kernels_panel_gpus_columns_step (CuoccKernelsPanel  *self,
                                                            CuoccGpuComparison *gpus);
void                _cuocc_kernels_panel_gpus_columns_done (CuoccKernelsPanel  *self,
                                                            CuoccGpuComparison *gpus);
/* cuocc-kernels-panel-gpus-job.c */
void                _cuocc_kernels_panel_init_gpus_progress (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_gpus_start     (CuoccKernelsPanel *self,
                                                         const CuoccGpu    *gpus,
                                                         guint              n_gpus,
                                                         gboolean           assemble);
void                _cuocc_kernels_panel_gpus_apply     (CuoccKernelsPanel  *self,
                                                         CuoccGpuComparison *gpus,
                                                         gboolean            look_again);
void                _cuocc_kernels_panel_gpus_update_progress (CuoccKernelsPanel *self);

void                _cuocc_kernels_panel_chosen_figures_changed (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_chosen_changed (CuoccKernelsPanel *self);

/* cuocc-kernels-panel-ptxas.c */
void                _cuocc_kernels_panel_ptxas_init     (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_ptxas_dispose  (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_ptxas_rows_changed (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_ptxas_reset    (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_ptxas_chosen   (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_ptxas_gpus_changed (CuoccKernelsPanel *self);
gboolean            _cuocc_kernels_panel_is_assembling  (CuoccKernelsPanel *self);

/* cuocc-kernels-panel-filter.c */
void                _cuocc_kernels_panel_update_list_page (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_update_arches  (CuoccKernelsPanel *self);
gboolean            _cuocc_kernels_panel_filter_func    (gpointer           item,
                                                         gpointer           user_data);
void                _cuocc_kernels_panel_connect_filters (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_show_all_cb    (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_summary_bar_cb (CuoccKernelsPanel *self,
                                                         guint              bar);
void                _cuocc_kernels_panel_summary_limiter_cb (CuoccKernelsPanel *self,
                                                             guint              bit);

/* cuocc-kernels-panel-table.c */
void                _cuocc_kernels_panel_start_growing  (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_stop_growing   (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_map_cb         (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_unmap_cb       (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_select_chosen  (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_table_sort_cb  (CuoccKernelsPanel *self,
                                                         int                column,
                                                         gboolean           descending);
void                _cuocc_kernels_panel_scroll_to_top  (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_refresh_shown  (CuoccKernelsPanel *self,
                                                         gboolean           every_filter);
void                _cuocc_kernels_panel_mark_loaded    (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_mark_changes   (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_show_gone_cb   (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_summary_kernel_cb (CuoccKernelsPanel *self,
                                                        CuoccKernelItem   *item);
gboolean            _cuocc_kernels_panel_evaluated_for_launch (CuoccKernelsPanel *self,
                                                         GListModel        *store);

/* cuocc-kernels-panel-eval.c */
void                _cuocc_kernels_panel_evaluate       (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_take_evaluated (CuoccKernelsPanel *self);
gboolean            _cuocc_kernels_panel_is_evaluated   (CuoccKernelsPanel *self);
void                _cuocc_kernels_panel_update_state   (CuoccKernelsPanel *self);

G_END_DECLS
