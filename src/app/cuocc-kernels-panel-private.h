/* cuocc-kernels-panel-private.h — what the kernels panel's files share:
 * the panel itself (cuocc-kernels-panel.c: the list, the search, the
 * loaders), its details (cuocc-kernels-panel-details.c) and its rows
 * (cuocc-kernels-panel-rows.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-kernel-item.h"
#include "cuocc-kernel-loader.h"
#include "cuocc-kernels-panel.h"

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
  GtkStack *list_stack;
  GtkListView *list_view;
  GtkLabel *count_label;
  GtkWidget *details_separator;
  GtkWidget *details_box;
  GtkLabel *name_label;
  GtkLabel *figures_label;
  GtkWidget *spill_box;
  GtkLabel *spill_label;
  GtkLabel *profiler_label;
  GtkWidget *load_box;
  GtkLabel *load_label;
  GtkButton *load_button;
  GtkLabel *change_label;
  GtkLabel *compare_label;

  GListStore *store;
  GtkCustomFilter *filter;
  GtkFilterListModel *shown;
  GtkSingleSelection *selection;
  char **words;                    /* the search, case-folded */
  gboolean selecting;

  CuoccKernelItem *chosen;
  double comparison;               /* cuocc's occupancy in percent for the profiled launch, or < 0 */

  GtkStringList *arches;           /* the dropdown's choices: all, loaded, then each architecture */
  int gpu_major;                   /* the GPU the load marks are for; 0: none */
  int gpu_minor;

  CuoccKernelLoader *loader;
  CuoccKernelLoader *compare_loader;
  GListStore *compare_store;       /* the build compared with, or NULL */
  char *compare_name;
  gboolean truncated;
  char *pending_key;               /* the kernel to choose when the log is read */
};

/* The first choices of the architecture dropdown; architectures follow. */
enum {
  ARCH_ALL,
  ARCH_LOADED,
  N_ARCH_CHOICES
};

/* cuocc-kernels-panel-details.c */
void                cuocc_kernels_panel_update_details  (CuoccKernelsPanel *self);
CuoccKernelItem    *cuocc_kernels_panel_loaded_sibling  (CuoccKernelsPanel *self,
                                                         const CuoccKernel *k);

/* cuocc-kernels-panel-rows.c */
GtkListItemFactory *cuocc_kernels_panel_row_factory_new (void);

G_END_DECLS
