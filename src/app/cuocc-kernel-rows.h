/* cuocc-kernel-rows.h — the kernels table's rows: the entries the filter
 * passes, sorted by one column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_KERNEL_ROWS (cuocc_kernel_rows_get_type ())

G_DECLARE_FINAL_TYPE (CuoccKernelRows, cuocc_kernel_rows, CUOCC, KERNEL_ROWS, GObject)

CuoccKernelRows *cuocc_kernel_rows_new       (GtkFilter       *filter);
void             cuocc_kernel_rows_set_model (CuoccKernelRows *self,
                                              GListModel      *source);
void             cuocc_kernel_rows_set_sort  (CuoccKernelRows *self,
                                              int              column,
                                              gboolean         descending);
void             cuocc_kernel_rows_freeze    (CuoccKernelRows *self);
void             cuocc_kernel_rows_thaw      (CuoccKernelRows *self,
                                              gboolean         resort);

G_END_DECLS
