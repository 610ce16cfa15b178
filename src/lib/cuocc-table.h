/* cuocc-table.h — the results format: the columns of an answer, its cells,
 * and how a cell is written in CSV or JSON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command line's --format csv|json, its batch mode, its --import rows
 * and the app's results export all write answers through these functions,
 * so that a file from one compares equal to a file from another. The
 * columns and their order are a contract that scripts rely on: new columns
 * only ever go after the last one.
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-waves.h"

G_BEGIN_DECLS

/**
 * CuoccTableFormat:
 * @CUOCC_TABLE_CSV: RFC 4180; an empty field for nothing
 * @CUOCC_TABLE_JSON: one object per row; null for nothing
 *
 * How cells are written.
 */
typedef enum {
  CUOCC_TABLE_CSV,
  CUOCC_TABLE_JSON,
} CuoccTableFormat;

/**
 * CuoccColumn:
 * @CUOCC_COLUMN_CC: the column `cc`
 * @CUOCC_COLUMN_GPU: the column `gpu`
 * @CUOCC_COLUMN_THREADS: the column `threads`
 * @CUOCC_COLUMN_REGS: the column `regs`
 * @CUOCC_COLUMN_SMEM: the column `smem`
 * @CUOCC_COLUMN_SMEM_CONFIG: the column `smem_config`
 * @CUOCC_COLUMN_BARRIERS: the column `barriers`
 * @CUOCC_COLUMN_GLOBAL_CACHING: the column `global_caching`
 * @CUOCC_COLUMN_ACTIVE_BLOCKS: the column `active_blocks`
 * @CUOCC_COLUMN_ACTIVE_WARPS: the column `active_warps`
 * @CUOCC_COLUMN_ACTIVE_THREADS: the column `active_threads`
 * @CUOCC_COLUMN_OCCUPANCY_PCT: the column `occupancy_pct`
 * @CUOCC_COLUMN_BLOCKS_BY_WARPS: the column `blocks_by_warps`
 * @CUOCC_COLUMN_BLOCKS_BY_REGS: the column `blocks_by_regs`
 * @CUOCC_COLUMN_BLOCKS_BY_SMEM: the column `blocks_by_smem`
 * @CUOCC_COLUMN_BLOCKS_BY_BLOCKS: the column `blocks_by_blocks`
 * @CUOCC_COLUMN_BLOCKS_BY_BARRIERS: the column `blocks_by_barriers`
 * @CUOCC_COLUMN_LIMITERS: the column `limiters`
 * @CUOCC_COLUMN_REGS_PER_BLOCK: the column `regs_per_block`
 * @CUOCC_COLUMN_SMEM_PER_BLOCK: the column `smem_per_block`
 * @CUOCC_COLUMN_BEST_BLOCK_SIZE: the column `best_block_size`
 * @CUOCC_COLUMN_ERROR: the column `error`
 * @CUOCC_N_RESULT_COLUMNS: the number of columns of an answer without waves and clusters
 * @CUOCC_COLUMN_GRID: the column `grid`
 * @CUOCC_COLUMN_BLOCKS_PER_WAVE: the column `blocks_per_wave`
 * @CUOCC_COLUMN_WAVES: the column `waves`
 * @CUOCC_COLUMN_TAIL_BLOCKS: the column `tail_blocks`
 * @CUOCC_COLUMN_TAIL_FILL_PCT: the column `tail_fill_pct`
 * @CUOCC_COLUMN_WAVE_EFFICIENCY_PCT: the column `wave_efficiency_pct`
 * @CUOCC_COLUMN_CLUSTER_SIZE: the column `cluster_size`
 * @CUOCC_COLUMN_CLUSTER_BLOCKS_PER_SM: the column `cluster_blocks_per_sm`
 * @CUOCC_COLUMN_MAX_ACTIVE_CLUSTERS: the column `max_active_clusters`
 * @CUOCC_COLUMN_CLUSTERS_BASIS: the column `clusters_basis`
 * @CUOCC_COLUMN_CLUSTER_BLOCKS_LOST: the column `cluster_blocks_lost`
 * @CUOCC_COLUMN_CLUSTER_BLOCKS_LOST_PCT: the column `cluster_blocks_lost_pct`
 * @CUOCC_N_COLUMNS: the number of columns
 *
 * The columns of an answer, in their order. The wave columns follow the error column when a grid is
 * given, the cluster columns come last when a cluster size is given.
 */
typedef enum {
  CUOCC_COLUMN_CC,
  CUOCC_COLUMN_GPU,
  CUOCC_COLUMN_THREADS,
  CUOCC_COLUMN_REGS,
  CUOCC_COLUMN_SMEM,
  CUOCC_COLUMN_SMEM_CONFIG,
  CUOCC_COLUMN_BARRIERS,
  CUOCC_COLUMN_GLOBAL_CACHING,
  CUOCC_COLUMN_ACTIVE_BLOCKS,
  CUOCC_COLUMN_ACTIVE_WARPS,
  CUOCC_COLUMN_ACTIVE_THREADS,
  CUOCC_COLUMN_OCCUPANCY_PCT,
  CUOCC_COLUMN_BLOCKS_BY_WARPS,
  CUOCC_COLUMN_BLOCKS_BY_REGS,
  CUOCC_COLUMN_BLOCKS_BY_SMEM,
  CUOCC_COLUMN_BLOCKS_BY_BLOCKS,
  CUOCC_COLUMN_BLOCKS_BY_BARRIERS,
  CUOCC_COLUMN_LIMITERS,
  CUOCC_COLUMN_REGS_PER_BLOCK,
  CUOCC_COLUMN_SMEM_PER_BLOCK,
  CUOCC_COLUMN_BEST_BLOCK_SIZE,
  CUOCC_COLUMN_ERROR,
  CUOCC_N_RESULT_COLUMNS,

  CUOCC_COLUMN_GRID = CUOCC_N_RESULT_COLUMNS,
  CUOCC_COLUMN_BLOCKS_PER_WAVE,
  CUOCC_COLUMN_WAVES,
  CUOCC_COLUMN_TAIL_BLOCKS,
  CUOCC_COLUMN_TAIL_FILL_PCT,
  CUOCC_COLUMN_WAVE_EFFICIENCY_PCT,

  CUOCC_COLUMN_CLUSTER_SIZE,
  CUOCC_COLUMN_CLUSTER_BLOCKS_PER_SM,
  CUOCC_COLUMN_MAX_ACTIVE_CLUSTERS,
  CUOCC_COLUMN_CLUSTERS_BASIS,
  CUOCC_COLUMN_CLUSTER_BLOCKS_LOST,
  CUOCC_COLUMN_CLUSTER_BLOCKS_LOST_PCT,
  CUOCC_N_COLUMNS,
} CuoccColumn;

#define CUOCC_N_WAVE_COLUMNS    (CUOCC_COLUMN_CLUSTER_SIZE - CUOCC_COLUMN_GRID)
#define CUOCC_N_CLUSTER_COLUMNS (CUOCC_N_COLUMNS - CUOCC_COLUMN_CLUSTER_SIZE)

/**
 * CuoccCellKind:
 * @CUOCC_CELL_NULL: CSV: empty; JSON: null
 * @CUOCC_CELL_STRING: quoted as each format wants; %NULL text is %CUOCC_CELL_NULL
 * @CUOCC_CELL_INT: a whole number, in @value
 * @CUOCC_CELL_LIMIT: an int; %CUOCC_UNLIMITED is "unlimited" in CSV, null in JSON
 * @CUOCC_CELL_PERCENT: a fraction, written as a percentage by cuocc_table_format_percent()
 * @CUOCC_CELL_BOOL: true or false
 * @CUOCC_CELL_NUMBER: text that is a plain number, written as it is
 *
 * What a #CuoccCell holds.
 */
typedef enum {
  CUOCC_CELL_NULL,
  CUOCC_CELL_STRING,
  CUOCC_CELL_INT,
  CUOCC_CELL_LIMIT,
  CUOCC_CELL_PERCENT,
  CUOCC_CELL_BOOL,
  CUOCC_CELL_NUMBER,
} CuoccCellKind;

/**
 * CuoccCell:
 * @kind: what the cell holds
 * @value: INT, LIMIT, BOOL
 * @fraction: PERCENT
 * @text: STRING, NUMBER
 *
 * One field of a row. Text is not copied: it must live until the row is written.
 */
typedef struct {
  CuoccCellKind kind;
  gint64 value;
  double fraction;
  const char *text;
} CuoccCell;

/**
 * CuoccResourceRow:
 * @limit: the resource, as the limiting factor it is
 * @name: its name, translated, as cuocc_limit_title() gives it
 * @unit: what @per_block and @per_sm count
 * @per_block: what one block takes of it
 * @per_sm: what an SM has of it; %CUOCC_UNLIMITED where the SM sets no limit (barriers before
 *   9.0)
 * @blocks: the blocks per SM it allows; %CUOCC_UNLIMITED when it does not bind
 * @limiting: whether it limits the occupancy
 *
 * One row of an answer's allocated resources, as the report and the app show them.
 */
typedef struct {
  CuoccLimit limit;
  const char *name;
  CuoccUnit unit;
  gint64 per_block;
  gint64 per_sm;
  int blocks;
  gboolean limiting;
} CuoccResourceRow;

/* The longest percentage cuocc_table_format_percent writes, with its nul. */
#define CUOCC_TABLE_PERCENT_SIZE 32

/* Percentage points within which cuocc's theoretical occupancy and a
 * profiler's agree: Nsight Compute prints two decimals. */
#define CUOCC_TABLE_AGREEMENT_TOLERANCE 0.01

CUOCC_AVAILABLE const char *cuocc_table_column_name (CuoccColumn column);

CUOCC_AVAILABLE void cuocc_table_result_cells   (const CuoccGpu    *gpu,
                                                 const CuoccInput  *input,
                                                 const CuoccResult *result,
                                                 int                best_block_size,
                                                 const char        *cc,
                                                 const char        *limiters,
                                                 CuoccCell          cells[CUOCC_N_RESULT_COLUMNS]);
CUOCC_AVAILABLE void cuocc_table_waves_cells    (gint64             grid,
                                                 const CuoccWaves  *waves,
                                                 CuoccCell          cells[CUOCC_N_WAVE_COLUMNS]);
CUOCC_AVAILABLE void cuocc_table_clusters_cells (const CuoccClusters *clusters,
                                                 CuoccCell            cells[CUOCC_N_CLUSTER_COLUMNS]);

CUOCC_AVAILABLE void cuocc_table_resource_rows  (const CuoccGpu    *gpu,
                                                 const CuoccInput  *input,
                                                 const CuoccResult *result,
                                                 CuoccResourceRow   rows[CUOCC_N_LIMITS]);

CUOCC_AVAILABLE gsize cuocc_table_format_percent (double fraction,
                                                  char   buffer[CUOCC_TABLE_PERCENT_SIZE]);
CUOCC_AVAILABLE gboolean cuocc_table_occupancy_agrees (double percent,
                                                       double profiler_percent);

CUOCC_AVAILABLE void cuocc_table_append_int     (GString          *out,
                                                 gint64            value);
CUOCC_AVAILABLE void cuocc_table_append_percent (GString          *out,
                                                 double            fraction);
CUOCC_AVAILABLE void cuocc_table_append_csv     (GString          *out,
                                                 const char       *text);
CUOCC_AVAILABLE void cuocc_table_append_json    (GString          *out,
                                                 const char       *text);
CUOCC_AVAILABLE void cuocc_table_append_cell    (GString          *out,
                                                 CuoccTableFormat  format,
                                                 const CuoccCell  *cell);
CUOCC_AVAILABLE void cuocc_table_append_header  (GString           *out,
                                                 const char *const *names,
                                                 guint              n_columns);
CUOCC_AVAILABLE void cuocc_table_append_row     (GString           *out,
                                                 CuoccTableFormat   format,
                                                 const char *const *names,
                                                 const CuoccCell   *cells,
                                                 guint              n_columns);

/* Inline constructors for C; g-ir-scanner cannot read compound literals. */
#ifndef __GI_SCANNER__
static inline CuoccCell
cuocc_cell_null (void)
{
  return (CuoccCell) { .kind = CUOCC_CELL_NULL };
}

static inline CuoccCell
cuocc_cell_int (gint64 value)
{
  return (CuoccCell) { .kind = CUOCC_CELL_INT, .value = value };
}

static inline CuoccCell
cuocc_cell_limit (int value)
{
  return (CuoccCell) { .kind = CUOCC_CELL_LIMIT, .value = value };
}

static inline CuoccCell
cuocc_cell_percent (double fraction)
{
  return (CuoccCell) { .kind = CUOCC_CELL_PERCENT, .fraction = fraction };
}

static inline CuoccCell
cuocc_cell_bool (gboolean value)
{
  return (CuoccCell) { .kind = CUOCC_CELL_BOOL, .value = value != FALSE };
}

static inline CuoccCell
cuocc_cell_string (const char *text)
{
  return (CuoccCell) { .kind = text != NULL ? CUOCC_CELL_STRING : CUOCC_CELL_NULL, .text = text };
}

static inline CuoccCell
cuocc_cell_number (const char *text)
{
  return (CuoccCell) { .kind = text != NULL ? CUOCC_CELL_NUMBER : CUOCC_CELL_NULL, .text = text };
}

#endif /* __GI_SCANNER__ */

G_END_DECLS
