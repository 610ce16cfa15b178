/* cuocc-cli-table.h — answers as CSV rows or JSON objects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The columns and their order are a stable contract that scripts rely on;
 * new columns only ever go after the last one.
 */
#pragma once

#include <cuocc.h>

#include "cuocc-cli-writer.h"

G_BEGIN_DECLS

typedef enum {
  CLI_FORMAT_TEXT,
  CLI_FORMAT_CSV,
  CLI_FORMAT_JSON,
} CliFormat;

/* The input columns, in the order of a batch file's recognised header
 * names; the first CLI_N_ECHOED_INPUTS are the output's first columns
 * (CUOCC_COLUMN_CC to CUOCC_COLUMN_GLOBAL_CACHING). */
typedef enum {
  CLI_INPUT_CC,
  CLI_INPUT_GPU,
  CLI_INPUT_THREADS,
  CLI_INPUT_REGS,
  CLI_INPUT_SMEM,
  CLI_INPUT_SMEM_CONFIG,
  CLI_INPUT_BARRIERS,
  CLI_INPUT_GLOBAL_CACHING,
  CLI_N_ECHOED_INPUTS,
  CLI_INPUT_CLUSTER_SIZE = CLI_N_ECHOED_INPUTS, /* echoed in the cluster columns */
  CLI_INPUT_CARVEOUT,              /* shows as the smem_config it selects */
  CLI_N_INPUTS,
} CliInputColumn;

typedef struct {
  CliWriter *writer;
  CliFormat format;
  gboolean array;                  /* JSON: an array of objects, not one object */
  guint64 n_rows;
  gint64 grid;                     /* > 0: the wave columns follow error (set after init) */
  gboolean clusters;               /* the cluster columns come last (set after init) */
  char *limiter_names[1 << CUOCC_N_LIMITS];
  const char *names[CUOCC_N_COLUMNS];  /* the columns written, from cli_table_begin() */
  guint n_columns;
} CliTable;

/* The library's results format for the structured output formats. */
static inline CuoccTableFormat
cli_table_format (CliFormat format)
{
  return format == CLI_FORMAT_JSON ? CUOCC_TABLE_JSON : CUOCC_TABLE_CSV;
}

const char *cli_input_column_name (CliInputColumn column);
/* The input an echoed column (CLI_INPUT_THREADS on) shows. */
CuoccInputKey cli_input_column_key (CliInputColumn column);
gboolean    cli_parse_format      (const char    *text,
                                   gboolean       batch,
                                   CliFormat     *format);

void cli_table_init        (CliTable          *table,
                            CliWriter         *writer,
                            CliFormat          format,
                            gboolean           array);
void cli_table_clear       (CliTable          *table);
void cli_table_begin       (CliTable          *table);
void cli_table_end         (CliTable          *table);
void cli_table_add_result  (CliTable          *table,
                            const char        *cc,
                            const CuoccGpu    *gpu,
                            const CuoccInput  *input,
                            const CuoccResult *result,
                            int                best_block_size,
                            const CuoccWaves  *waves);
void cli_table_add_error   (CliTable          *table,
                            const char *const  inputs[CLI_N_INPUTS],
                            const char        *message);

void cli_format_cc         (const CuoccCapability *cap,
                            char                   buf[16]);
/* A fraction as the results format writes a percentage, newly allocated. */
char *cli_percent_text     (double                 fraction);

G_END_DECLS
