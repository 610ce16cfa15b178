/* cuocc-kernel-columns.h — the kernels table's columns: their ids and
 * titles, what a cell shows of an entry and how a column sorts. Shared by
 * the row model (cuocc-kernel-rows.c), the table (cuocc-kernels-table.c)
 * and the panel that compares GPUs (cuocc-kernels-panel-gpus.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-kernel-item.h"

G_BEGIN_DECLS

/* The most GPUs compared, the calculator's among them. */
#define CUOCC_COMPARE_MAX_GPUS 8

/* The table's columns, in their order. */
typedef enum {
  TABLE_KERNEL,
  TABLE_ARCH,
  TABLE_REGS,
  TABLE_SMEM,
  TABLE_STACK,
  TABLE_THREADS,
  TABLE_BLOCKS,
  TABLE_OCCUPANCY,
  TABLE_LIMITER,
  TABLE_LOADED,
  TABLE_CHANGED,
  TABLE_DIFFERENCE,                /* these while GPUs are compared */
  TABLE_GPU_FIRST,
  N_TABLE_COLUMNS = TABLE_GPU_FIRST + CUOCC_COMPARE_MAX_GPUS
} CuoccKernelColumn;

/* What a row sorts by in a column: rows without the figure ("–") last
 * either way, then the number, then the text. */
typedef struct {
  gboolean unknown;
  double number;
  const char *text;                /* the item's, or NULL */
} CuoccRowKey;

const char         *cuocc_kernel_column_id              (CuoccKernelColumn  column);
const char         *cuocc_kernel_column_title           (CuoccKernelColumn  column);
gboolean            cuocc_kernel_column_is_numeric      (CuoccKernelColumn  column);
char               *cuocc_kernel_column_text            (CuoccKernelItem   *item,
                                                         CuoccKernelColumn  column);
void                cuocc_kernel_column_gpu_texts       (CuoccKernelItem   *item,
                                                         CuoccKernelColumn  column,
                                                         char             **first,
                                                         char             **second,
                                                         char             **tooltip);
void                cuocc_kernel_column_key             (CuoccKernelItem   *item,
                                                         CuoccKernelColumn  column,
                                                         CuoccRowKey       *key);
int                 cuocc_kernel_column_compare_keys    (const CuoccRowKey *a,
                                                         const CuoccRowKey *b);
int                 cuocc_kernel_column_compare         (CuoccKernelItem   *a,
                                                         CuoccKernelItem   *b,
                                                         CuoccKernelColumn  column);

G_END_DECLS
