/* cuocc-cli-table.c — answers as CSV rows or JSON objects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-cli-table.h"

static const char *const input_names[CLI_N_INPUTS - CLI_N_ECHOED_INPUTS] = {
  "cluster_size", "carveout",
};

/* The input each echoed column shows (from CLI_INPUT_THREADS on). */
static const CuoccInputKey column_keys[CLI_N_INPUTS] = {
  [CLI_INPUT_THREADS] = CUOCC_INPUT_KEY_THREADS,
  [CLI_INPUT_REGS] = CUOCC_INPUT_KEY_REGS,
  [CLI_INPUT_SMEM] = CUOCC_INPUT_KEY_SMEM,
  [CLI_INPUT_SMEM_CONFIG] = CUOCC_INPUT_KEY_SMEM_CONFIG,
  [CLI_INPUT_BARRIERS] = CUOCC_INPUT_KEY_BARRIERS,
  [CLI_INPUT_GLOBAL_CACHING] = CUOCC_INPUT_KEY_CACHING,
  [CLI_INPUT_CLUSTER_SIZE] = CUOCC_INPUT_KEY_CLUSTER_SIZE,
  [CLI_INPUT_CARVEOUT] = CUOCC_INPUT_KEY_CARVEOUT,
};

/* ----- helpers ----- */

CuoccInputKey
cli_input_column_key (CliInputColumn column)
{
  g_assert (column >= CLI_INPUT_THREADS && column < CLI_N_INPUTS);
  return column_keys[column];
}

const char *
cli_input_column_name (CliInputColumn column)
{
  g_assert (column < CLI_N_INPUTS);
  return column < CLI_N_ECHOED_INPUTS ? cuocc_table_column_name ((CuoccColumn) column)
                                      : input_names[column - CLI_N_ECHOED_INPUTS];
}

void
cli_format_cc (const CuoccCapability *cap,
               char                   buf[16])
{
  g_snprintf (buf, 16, "%d.%d", cap->major, cap->minor);
}

/* --format: text (not for a batch), csv or json; the default is text, or
 * csv for a batch. */
gboolean
cli_parse_format (const char *text,
                  gboolean    batch,
                  CliFormat  *format)
{
  if (text == NULL)
    *format = batch ? CLI_FORMAT_CSV : CLI_FORMAT_TEXT;
  else if (strcmp (text, "text") == 0 && !batch)
    *format = CLI_FORMAT_TEXT;
  else if (strcmp (text, "csv") == 0)
    *format = CLI_FORMAT_CSV;
  else if (strcmp (text, "json") == 0)
    *format = CLI_FORMAT_JSON;
  else
    return FALSE;
  return TRUE;
}

char *
cli_percent_text (double fraction)
{
  char buffer[CUOCC_TABLE_PERCENT_SIZE];

  cuocc_table_format_percent (fraction, buffer);
  return g_strdup (buffer);
}

static gboolean
is_plain_integer (const char *text)
{
  const char *p = text;

  if (*p == '-')
    p++;
  if (*p == '\0' || strlen (p) > 18)
    return FALSE;
  for (; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

/* An error row echoes its inputs as given: in JSON a plain integer stays a
 * number, anything else a string, an empty field null. */
static CuoccCell
echo_cell (const CliTable *table,
           guint           column,
           const char     *text)
{
  if (text == NULL || *text == '\0')
    return cuocc_cell_null ();
  if (table->format == CLI_FORMAT_JSON && column >= CLI_INPUT_THREADS &&
      column != CLI_INPUT_GLOBAL_CACHING && is_plain_integer (text))
    return cuocc_cell_number (text);
  return cuocc_cell_string (text);
}

/* The cluster columns of a row without clusters: the cluster size echoed
 * (an error row's input), the rest null. */
static void
no_clusters_cells (const CliTable *table,
                   const char     *cluster_size,
                   CuoccCell      *cells)
{
  cuocc_table_clusters_cells (NULL, cells);
  if (cluster_size != NULL)
    cells[0] = echo_cell (table, CLI_INPUT_CLUSTER_SIZE, cluster_size);
}

static void
put_row (CliTable        *table,
         const CuoccCell *cells)
{
  if (table->format == CLI_FORMAT_JSON && table->array)
    cli_writer_puts (table->writer, table->n_rows > 0 ? ",\n  " : "\n  ");
  table->n_rows++;
  cuocc_table_append_row (table->writer->buf, cli_table_format (table->format), table->names, cells,
                          table->n_columns);
  cli_writer_commit (table->writer);
  if (table->format == CLI_FORMAT_CSV || !table->array)
    cli_writer_putc (table->writer, '\n');
}

/* ----- public API ----- */

void
cli_table_init (CliTable  *table,
                CliWriter *writer,
                CliFormat  format,
                gboolean   array)
{
  g_assert (format == CLI_FORMAT_CSV || format == CLI_FORMAT_JSON);

  table->writer = writer;
  table->format = format;
  table->array = array;
  table->n_rows = 0;
  table->grid = 0;
  table->clusters = FALSE;
  /* Each row names its limiters; there are only 32 combinations. */
  for (guint i = 0; i < G_N_ELEMENTS (table->limiter_names); i++)
    table->limiter_names[i] = cuocc_limiters_to_string (i);
}

void
cli_table_clear (CliTable *table)
{
  for (guint i = 0; i < G_N_ELEMENTS (table->limiter_names); i++)
    g_clear_pointer (&table->limiter_names[i], g_free);
}

void
cli_table_begin (CliTable *table)
{
  /* The names of the columns this table writes, in their order. */
  table->n_columns = 0;
  for (guint c = 0; c < CUOCC_N_COLUMNS; c++)
    if (c < CUOCC_N_RESULT_COLUMNS || (c < CUOCC_COLUMN_CLUSTER_SIZE ? table->grid > 0 : table->clusters))
      table->names[table->n_columns++] = cuocc_table_column_name (c);

  if (table->format == CLI_FORMAT_CSV)
    cli_writer_put_header (table->writer, table->names, table->n_columns);
  else if (table->array)
    cli_writer_putc (table->writer, '[');
}

void
cli_table_end (CliTable *table)
{
  if (table->format == CLI_FORMAT_JSON && table->array)
    cli_writer_puts (table->writer, table->n_rows > 0 ? "\n]\n" : "]\n");
}

void
cli_table_add_result (CliTable          *table,
                      const char        *cc,
                      const CuoccGpu    *gpu,
                      const CuoccInput  *input,
                      const CuoccResult *result,
                      int                best_block_size,
                      const CuoccWaves  *waves)
{
  CuoccCell cells[CUOCC_N_COLUMNS];
  CuoccCell *next = cells + CUOCC_N_RESULT_COLUMNS;

  cuocc_table_result_cells (gpu, input, result, best_block_size, cc,
                            table->limiter_names[result->limiters & ((1 << CUOCC_N_LIMITS) - 1)], cells);
  if (table->grid > 0)
    {
      cuocc_table_waves_cells (table->grid, waves, next);
      next += CUOCC_N_WAVE_COLUMNS;
    }
  if (table->clusters)
    {
      CuoccClusters clusters;

      if (input->cluster_size > 0 && cuocc_clusters (gpu, input, result, &clusters, NULL))
        cuocc_table_clusters_cells (&clusters, next);
      else
        no_clusters_cells (table, NULL, next);
      next += CUOCC_N_CLUSTER_COLUMNS;
    }
  g_assert (next - cells == table->n_columns);
  put_row (table, cells);
}

void
cli_table_add_error (CliTable          *table,
                     const char *const  inputs[CLI_N_INPUTS],
                     const char        *message)
{
  CuoccCell cells[CUOCC_N_COLUMNS];
  CuoccCell *next = cells + CUOCC_N_RESULT_COLUMNS;
  guint c;

  for (c = 0; c < CLI_N_ECHOED_INPUTS; c++)
    cells[c] = echo_cell (table, c, inputs[c]);
  for (; c < CUOCC_COLUMN_ERROR; c++)
    cells[c] = cuocc_cell_null ();
  cells[CUOCC_COLUMN_ERROR] = cuocc_cell_string (message);
  if (table->grid > 0)
    {
      cuocc_table_waves_cells (table->grid, NULL, next);
      next += CUOCC_N_WAVE_COLUMNS;
    }
  if (table->clusters)
    {
      no_clusters_cells (table, inputs[CLI_INPUT_CLUSTER_SIZE], next);
      next += CUOCC_N_CLUSTER_COLUMNS;
    }
  g_assert (next - cells == table->n_columns);
  put_row (table, cells);
}
