/* cuocc-cli-table.c — answers as CSV rows or JSON objects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-cli-table.h"

static const char *const column_names[] = {
  "cc", "gpu", "threads", "regs", "smem", "smem_config", "barriers", "global_caching",
  "active_blocks", "active_warps", "active_threads", "occupancy_pct",
  "blocks_by_warps", "blocks_by_regs", "blocks_by_smem", "blocks_by_blocks", "blocks_by_barriers",
  "limiters", "regs_per_block", "smem_per_block", "best_block_size", "error",
  /* With --grid only. */
  "grid", "blocks_per_wave", "waves", "tail_blocks", "tail_fill_pct", "wave_efficiency_pct",
};

/* With a cluster size (--cluster-size, or a batch's cluster_size column)
 * only; after the wave columns when there are any. */
static const char *const cluster_column_names[] = {
  "cluster_size", "cluster_blocks_per_sm", "max_active_clusters", "clusters_basis",
  "cluster_blocks_lost", "cluster_blocks_lost_pct",
};

static const char *const input_names[CLI_N_INPUTS - CLI_N_ECHOED_INPUTS] = {
  "cluster_size", "carveout",
};

#define N_COLUMNS G_N_ELEMENTS (column_names)
#define N_WAVE_COLUMNS 6
#define N_BASE_COLUMNS (N_COLUMNS - N_WAVE_COLUMNS)
#define N_CLUSTER_COLUMNS G_N_ELEMENTS (cluster_column_names)
#define FIRST_OUTPUT_COLUMN CLI_N_ECHOED_INPUTS

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

const char *
cli_input_column_name (CliInputColumn column)
{
  g_assert (column < CLI_N_INPUTS);
  return column < CLI_N_ECHOED_INPUTS ? column_names[column] : input_names[column - CLI_N_ECHOED_INPUTS];
}

void
cli_format_cc (const CuoccCapability *cap,
               char                   buf[16])
{
  g_snprintf (buf, 16, "%d.%d", cap->major, cap->minor);
}

/* Column numbers past the wave columns name the cluster columns, whether
 * or not the wave columns are written. */
static const char *
column_name (guint column)
{
  return column < N_COLUMNS ? column_names[column] : cluster_column_names[column - N_COLUMNS];
}

/* Start the column'th field: a separator, and in JSON its key. */
static void
put_key (CliTable *table,
         guint     column)
{
  CliWriter *writer = table->writer;

  if (table->format == CLI_FORMAT_CSV)
    {
      if (column > 0)
        cli_writer_putc (writer, ',');
      return;
    }
  cli_writer_write (writer, column > 0 ? ", \"" : "{\"", column > 0 ? 3 : 2);
  cli_writer_puts (writer, column_name (column));
  cli_writer_write (writer, "\": ", 3);
}

static void
put_int (CliTable *table,
         guint     column,
         gint64    value)
{
  put_key (table, column);
  cli_writer_put_int (table->writer, value);
}

static void
put_limit (CliTable *table,
           guint     column,
           int       value)
{
  put_key (table, column);
  if (value != CUOCC_UNLIMITED)
    cli_writer_put_int (table->writer, value);
  else if (table->format == CLI_FORMAT_CSV)
    cli_writer_write (table->writer, "unlimited", 9);
  else
    cli_writer_write (table->writer, "null", 4);
}

static void
put_string (CliTable   *table,
            guint       column,
            const char *text)
{
  put_key (table, column);
  if (table->format == CLI_FORMAT_CSV)
    cli_writer_put_csv (table->writer, text);
  else
    cli_writer_put_json (table->writer, text);
}

static void
put_null (CliTable *table,
          guint     column)
{
  put_key (table, column);
  if (table->format == CLI_FORMAT_JSON)
    cli_writer_write (table->writer, "null", 4);
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
static void
put_echo (CliTable   *table,
          guint       column,
          const char *text)
{
  if (text == NULL || *text == '\0')
    {
      put_null (table, column);
      return;
    }
  if (table->format == CLI_FORMAT_JSON && column >= CLI_INPUT_THREADS &&
      column != CLI_INPUT_GLOBAL_CACHING && is_plain_integer (text))
    {
      put_key (table, column);
      cli_writer_puts (table->writer, text);
      return;
    }
  put_string (table, column, text);
}

static guint
n_columns (const CliTable *table)
{
  return table->grid > 0 ? N_COLUMNS : N_BASE_COLUMNS;
}

static void
put_percent (CliTable *table,
             guint     column,
             double    fraction)
{
  put_key (table, column);
  cli_writer_put_percent (table->writer, fraction);
}

/* The waves, or nulls where they cannot be counted (no block fits). */
static void
put_waves (CliTable         *table,
           guint             c,
           const CuoccWaves *waves)
{
  put_int (table, c++, table->grid);
  if (waves == NULL)
    {
      while (c < N_COLUMNS)
        put_null (table, c++);
      return;
    }
  put_int (table, c++, waves->blocks_per_wave);
  put_int (table, c++, waves->waves);
  put_int (table, c++, waves->tail_blocks);
  put_percent (table, c++, waves->tail_fill);
  put_percent (table, c++, waves->efficiency);
  g_assert (c == N_COLUMNS);
}

static void
put_clusters (CliTable            *table,
              const char          *cluster_size,
              const CuoccClusters *clusters)
{
  guint c = N_COLUMNS;

  if (clusters == NULL)
    {
      if (cluster_size == NULL || *cluster_size == '\0')
        put_null (table, c++);
      else if (table->format == CLI_FORMAT_JSON && is_plain_integer (cluster_size))
        {
          put_key (table, c++);
          cli_writer_puts (table->writer, cluster_size);
        }
      else
        put_string (table, c++, cluster_size);
      while (c < N_COLUMNS + N_CLUSTER_COLUMNS)
        put_null (table, c++);
      return;
    }
  put_int (table, c++, clusters->cluster_size);
  put_int (table, c++, clusters->blocks_per_sm);
  if (clusters->max_active_clusters >= 0)
    put_int (table, c++, clusters->max_active_clusters);
  else
    put_null (table, c++);
  put_string (table, c++, cuocc_clusters_basis_name (clusters->basis));
  if (clusters->blocks_lost >= 0)
    put_int (table, c++, clusters->blocks_lost);
  else
    put_null (table, c++);
  put_percent (table, c++, clusters->blocks_lost_fraction);
  g_assert (c == N_COLUMNS + N_CLUSTER_COLUMNS);
}

static void
row_begin (CliTable *table)
{
  if (table->format == CLI_FORMAT_JSON && table->array)
    cli_writer_write (table->writer, table->n_rows > 0 ? ",\n  " : "\n  ", table->n_rows > 0 ? 4 : 3);
  table->n_rows++;
}

static void
row_end (CliTable *table)
{
  if (table->format == CLI_FORMAT_JSON)
    cli_writer_putc (table->writer, '}');
  if (table->format == CLI_FORMAT_CSV || !table->array)
    cli_writer_putc (table->writer, '\n');
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

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
  if (table->format == CLI_FORMAT_CSV)
    {
      for (guint i = 0; i < n_columns (table); i++)
        {
          if (i > 0)
            cli_writer_putc (table->writer, ',');
          cli_writer_puts (table->writer, column_names[i]);
        }
      for (guint i = 0; table->clusters && i < N_CLUSTER_COLUMNS; i++)
        {
          cli_writer_putc (table->writer, ',');
          cli_writer_puts (table->writer, cluster_column_names[i]);
        }
      cli_writer_putc (table->writer, '\n');
    }
  else if (table->array)
    cli_writer_putc (table->writer, '[');
}

void
cli_table_end (CliTable *table)
{
  if (table->format == CLI_FORMAT_JSON && table->array)
    cli_writer_write (table->writer, table->n_rows > 0 ? "\n]\n" : "]\n", table->n_rows > 0 ? 3 : 2);
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
  guint c = 0;

  row_begin (table);
  put_string (table, c++, cc);
  put_string (table, c++, gpu->name);
  put_int (table, c++, input->threads);
  put_int (table, c++, input->regs);
  put_int (table, c++, input->smem);
  put_int (table, c++, result->smem_config);
  put_int (table, c++, input->barriers);
  put_string (table, c++, cuocc_caching_name (result->caching));

  put_int (table, c++, result->active_blocks);
  put_int (table, c++, result->active_warps);
  put_int (table, c++, result->active_threads);
  put_key (table, c++);
  cli_writer_put_percent (table->writer, result->occupancy);
  put_limit (table, c++, result->blocks_by_warps);
  put_limit (table, c++, result->blocks_by_regs);
  put_limit (table, c++, result->blocks_by_smem);
  put_limit (table, c++, result->blocks_by_blocks);
  put_limit (table, c++, result->blocks_by_barriers);
  put_string (table, c++, table->limiter_names[result->limiters & ((1 << CUOCC_N_LIMITS) - 1)]);
  put_int (table, c++, result->regs_per_block);
  put_int (table, c++, result->smem_per_block);
  put_int (table, c++, best_block_size);
  put_null (table, c++);
  g_assert (c == N_BASE_COLUMNS);
  if (table->grid > 0)
    put_waves (table, c, waves);
  if (table->clusters)
    {
      CuoccClusters clusters;

      if (input->cluster_size > 0 && cuocc_clusters (gpu, input, result, &clusters, NULL))
        put_clusters (table, NULL, &clusters);
      else
        put_clusters (table, NULL, NULL);
    }
  row_end (table);
}

void
cli_table_add_error (CliTable          *table,
                     const char *const  inputs[CLI_N_INPUTS],
                     const char        *message)
{
  guint c;

  row_begin (table);
  for (c = 0; c < FIRST_OUTPUT_COLUMN; c++)
    put_echo (table, c, inputs[c]);
  for (; c < N_BASE_COLUMNS - 1; c++)
    put_null (table, c);
  put_string (table, c++, message);
  if (table->grid > 0)
    put_waves (table, c, NULL);
  if (table->clusters)
    put_clusters (table, inputs[CLI_INPUT_CLUSTER_SIZE], NULL);
  row_end (table);
}
