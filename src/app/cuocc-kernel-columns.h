/* cuocc-kernel-columns.h — the kernels table's columns, one table of them
 * (cuocc-kernel-columns.c) in the order shown: their ids and titles, the
 * widgets of their cells, what a cell shows of an entry and how a column
 * sorts. A column is its index in that table. Shared by the row model
 * (cuocc-kernel-rows.c), the table (cuocc-kernels-table.c) and the panel
 * that compares GPUs (cuocc-kernels-panel-gpus.c), which name a column by
 * its id.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-kernel-item.h"

G_BEGIN_DECLS

/* The most GPUs compared, the calculator's among them. */
#define CUOCC_COMPARE_MAX_GPUS 8

/* NUMERIC: figures, right-aligned, in tabular digits; BUILD: shown only
 * while a build is compared (the table's "show-changed"); GPUS: in the
 * table only while GPUs are compared (cuocc-kernels-panel-gpus.c). */
typedef enum {
  CUOCC_KERNEL_COLUMN_NUMERIC = 1 << 0,
  CUOCC_KERNEL_COLUMN_BUILD = 1 << 1,
  CUOCC_KERNEL_COLUMN_GPUS = 1 << 2,
} CuoccKernelColumnFlags;

/* The widgets of a column's cells (cuocc-kernels-table.c): a line of
 * text; a kernel's name over a few lines, whole in its tooltip, in the
 * column that widens; a word a line; a GPU's two lines
 * (cuocc_kernel_column_gpu_texts ()). */
typedef enum {
  CUOCC_KERNEL_CELL_LABEL,
  CUOCC_KERNEL_CELL_NAME,
  CUOCC_KERNEL_CELL_WORDS,
  CUOCC_KERNEL_CELL_GPU,
} CuoccKernelCellKind;

/* What a row sorts by in a column: rows without the figure ("–") last
 * either way, then the number, then the text. */
typedef struct {
  gboolean unknown;
  double number;
  const char *text;                /* the item's, or NULL */
} CuoccRowKey;

guint               cuocc_kernel_columns_get_n          (void);
int                 cuocc_kernel_column_find            (const char        *id);
const char         *cuocc_kernel_column_id              (guint              column);
const char         *cuocc_kernel_column_title           (guint              column);
CuoccKernelColumnFlags    cuocc_kernel_column_get_flags       (guint              column);
CuoccKernelCellKind       cuocc_kernel_column_get_cell        (guint              column);
char               *cuocc_kernel_column_text            (CuoccKernelItem   *item,
                                                         guint              column);
const char         *cuocc_kernel_column_style           (CuoccKernelItem   *item,
                                                         guint              column,
                                                         const char       **tooltip);
const char         *cuocc_kernel_column_gpu_texts       (CuoccKernelItem   *item,
                                                         guint              column,
                                                         char             **first,
                                                         char             **second,
                                                         char             **tooltip);
void                cuocc_kernel_column_key             (CuoccKernelItem   *item,
                                                         guint              column,
                                                         CuoccRowKey       *key);
int                 cuocc_kernel_column_compare_keys    (const CuoccRowKey *a,
                                                         const CuoccRowKey *b);
int                 cuocc_kernel_column_compare         (CuoccKernelItem   *a,
                                                         CuoccKernelItem   *b,
                                                         guint              column);

G_END_DECLS
