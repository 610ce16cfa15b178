/* cuocc-kernels-table.h — the kernels table: a column view of the rows
 * given as its model, a column a line of cuocc-kernel-columns.c's table,
 * sortable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cuocc-kernel-columns.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_KERNELS_TABLE (cuocc_kernels_table_get_type ())

G_DECLARE_FINAL_TYPE (CuoccKernelsTable, cuocc_kernels_table, CUOCC, KERNELS_TABLE, GtkWidget)

void                 cuocc_kernels_table_update_cells   (CuoccKernelsTable   *self);
GtkColumnViewColumn *cuocc_kernels_table_get_column     (CuoccKernelsTable   *self,
                                                         const char          *id);
GtkColumnViewColumn *cuocc_kernels_table_insert_column  (CuoccKernelsTable   *self,
                                                         const char          *id,
                                                         guint                position);
void                 cuocc_kernels_table_remove_column  (CuoccKernelsTable   *self,
                                                         GtkColumnViewColumn *column);
void                 cuocc_kernels_table_scroll_to_start (CuoccKernelsTable  *self);
void                 cuocc_kernels_table_scroll_to_top  (CuoccKernelsTable   *self);

G_END_DECLS
