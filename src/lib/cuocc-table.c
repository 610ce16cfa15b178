/* cuocc-table.c — the results format: columns, cells, CSV and JSON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cuocc-private.h"

static const char *const column_names[CUOCC_N_COLUMNS] = {
  "cc", "gpu", "threads", "regs", "smem", "smem_config", "barriers", "global_caching",
  "active_blocks", "active_warps", "active_threads", "occupancy_pct",
  "blocks_by_warps", "blocks_by_regs", "blocks_by_smem", "blocks_by_blocks", "blocks_by_barriers",
  "limiters", "regs_per_block", "smem_per_block", "best_block_size", "error",
  "grid", "blocks_per_wave", "waves", "tail_blocks", "tail_fill_pct", "wave_efficiency_pct",
  "cluster_size", "cluster_blocks_per_sm", "max_active_clusters", "clusters_basis",
  "cluster_blocks_lost", "cluster_blocks_lost_pct",
};

/* Beyond this many hundredths a percentage is no occupancy (a hostile
 * profiler export), and llround could not hold it. */
#define MAX_HUNDREDTHS 1e15

/* ----- columns and cells ----- */

/* Batch mode fills a row's cells hundreds of thousands of times a second:
 * each setter writes only the fields its kind reads, where a compound
 * literal would build the whole cell on the stack and copy it. */
static inline void
set_null (CuoccCell *cell)
{
  cell->kind = CUOCC_CELL_NULL;
}

static inline void
set_int (CuoccCell *cell,
         gint64     value)
{
  cell->kind = CUOCC_CELL_INT;
  cell->value = value;
}

static inline void
set_limit (CuoccCell *cell,
           int        value)
{
  cell->kind = CUOCC_CELL_LIMIT;
  cell->value = value;
}

static inline void
set_percent (CuoccCell *cell,
             double     fraction)
{
  cell->kind = CUOCC_CELL_PERCENT;
  cell->fraction = fraction;
}

static inline void
set_string (CuoccCell  *cell,
            const char *text)
{
  cell->kind = text != NULL ? CUOCC_CELL_STRING : CUOCC_CELL_NULL;
  cell->text = text;
}

/**
 * cuocc_table_column_name:
 * @column: a column of an answer
 *
 * The name of a column as the CSV header and the JSON keys write it.
 *
 * Returns: (transfer none): "cc", "gpu", … "cluster_blocks_lost_pct"
 */
const char *
cuocc_table_column_name (CuoccColumn column)
{
  g_return_val_if_fail (column < CUOCC_N_COLUMNS, NULL);

  return column_names[column];
}

/**
 * cuocc_table_result_cells:
 * @gpu: the GPU the answer is for
 * @input: the question
 * @result: the answer of cuocc_calculate() to @input on @gpu
 * @best_block_size: the block size cuocc_best_block_size() suggests
 * @cc: (nullable): the compute capability as text, e.g. "8.6"
 * @limiters: (nullable): cuocc_limiters_to_string() of the result's limiters
 * @cells: (out caller-allocates) (array fixed-size=22): the cells of
 *   %CUOCC_COLUMN_CC to %CUOCC_COLUMN_ERROR, the error cell null
 *
 * The cells of one answer. They point to @cc, @limiters and the GPU's name,
 * which must outlive them.
 */
void
cuocc_table_result_cells (const CuoccGpu    *gpu,
                          const CuoccInput  *input,
                          const CuoccResult *result,
                          int                best_block_size,
                          const char        *cc,
                          const char        *limiters,
                          CuoccCell          cells[CUOCC_N_RESULT_COLUMNS])
{
  g_return_if_fail (gpu != NULL && input != NULL && result != NULL && cells != NULL);

  set_string (&cells[CUOCC_COLUMN_CC], cc);
  set_string (&cells[CUOCC_COLUMN_GPU], gpu->name);
  set_int (&cells[CUOCC_COLUMN_THREADS], input->threads);
  set_int (&cells[CUOCC_COLUMN_REGS], input->regs);
  set_int (&cells[CUOCC_COLUMN_SMEM], input->smem);
  set_int (&cells[CUOCC_COLUMN_SMEM_CONFIG], result->smem_config);
  set_int (&cells[CUOCC_COLUMN_BARRIERS], input->barriers);
  set_string (&cells[CUOCC_COLUMN_GLOBAL_CACHING], cuocc_caching_name (result->caching));
  set_int (&cells[CUOCC_COLUMN_ACTIVE_BLOCKS], result->active_blocks);
  set_int (&cells[CUOCC_COLUMN_ACTIVE_WARPS], result->active_warps);
  set_int (&cells[CUOCC_COLUMN_ACTIVE_THREADS], result->active_threads);
  set_percent (&cells[CUOCC_COLUMN_OCCUPANCY_PCT], result->occupancy);
  set_limit (&cells[CUOCC_COLUMN_BLOCKS_BY_WARPS], result->blocks_by_warps);
  set_limit (&cells[CUOCC_COLUMN_BLOCKS_BY_REGS], result->blocks_by_regs);
  set_limit (&cells[CUOCC_COLUMN_BLOCKS_BY_SMEM], result->blocks_by_smem);
  set_limit (&cells[CUOCC_COLUMN_BLOCKS_BY_BLOCKS], result->blocks_by_blocks);
  set_limit (&cells[CUOCC_COLUMN_BLOCKS_BY_BARRIERS], result->blocks_by_barriers);
  set_string (&cells[CUOCC_COLUMN_LIMITERS], limiters);
  set_int (&cells[CUOCC_COLUMN_REGS_PER_BLOCK], result->regs_per_block);
  set_int (&cells[CUOCC_COLUMN_SMEM_PER_BLOCK], result->smem_per_block);
  set_int (&cells[CUOCC_COLUMN_BEST_BLOCK_SIZE], best_block_size);
  set_null (&cells[CUOCC_COLUMN_ERROR]);
}

/**
 * cuocc_table_waves_cells:
 * @grid: the blocks (or clusters) of the launch
 * @waves: (nullable): the waves of cuocc_waves(), or %NULL where no block
 *   fits
 * @cells: (out caller-allocates) (array fixed-size=6): the cells of
 *   %CUOCC_COLUMN_GRID to %CUOCC_COLUMN_WAVE_EFFICIENCY_PCT
 *
 * The wave columns of a launch; all but the grid null without @waves.
 */
void
cuocc_table_waves_cells (gint64            grid,
                         const CuoccWaves *waves,
                         CuoccCell         cells[CUOCC_N_WAVE_COLUMNS])
{
  guint c = 0;

  g_return_if_fail (cells != NULL);

  cells[c++] = cuocc_cell_int (grid);
  if (waves == NULL)
    {
      while (c < CUOCC_N_WAVE_COLUMNS)
        cells[c++] = cuocc_cell_null ();
      return;
    }
  cells[c++] = cuocc_cell_int (waves->blocks_per_wave);
  cells[c++] = cuocc_cell_int (waves->waves);
  cells[c++] = cuocc_cell_int (waves->tail_blocks);
  cells[c++] = cuocc_cell_percent (waves->tail_fill);
  cells[c++] = cuocc_cell_percent (waves->efficiency);
  g_assert (c == CUOCC_N_WAVE_COLUMNS);
}

/**
 * cuocc_table_clusters_cells:
 * @clusters: (nullable): the result of cuocc_clusters(), or %NULL where
 *   there is none
 * @cells: (out caller-allocates) (array fixed-size=6): the cells of
 *   %CUOCC_COLUMN_CLUSTER_SIZE to %CUOCC_COLUMN_CLUSTER_BLOCKS_LOST_PCT
 *
 * The cluster columns of an answer; all null without @clusters.
 */
void
cuocc_table_clusters_cells (const CuoccClusters *clusters,
                            CuoccCell            cells[CUOCC_N_CLUSTER_COLUMNS])
{
  guint c = 0;

  g_return_if_fail (cells != NULL);

  if (clusters == NULL)
    {
      while (c < CUOCC_N_CLUSTER_COLUMNS)
        cells[c++] = cuocc_cell_null ();
      return;
    }
  cells[c++] = cuocc_cell_int (clusters->cluster_size);
  cells[c++] = cuocc_cell_int (clusters->blocks_per_sm);
  cells[c++] = clusters->max_active_clusters >= 0 ? cuocc_cell_int (clusters->max_active_clusters) : cuocc_cell_null ();
  cells[c++] = cuocc_cell_string (cuocc_clusters_basis_name (clusters->basis));
  cells[c++] = clusters->blocks_lost >= 0 ? cuocc_cell_int (clusters->blocks_lost) : cuocc_cell_null ();
  cells[c++] = cuocc_cell_percent (clusters->blocks_lost_fraction);
  g_assert (c == CUOCC_N_CLUSTER_COLUMNS);
}

/* ----- allocated resources ----- */

static void
set_resource (CuoccResourceRow  *row,
              const CuoccResult *result,
              CuoccLimit         limit,
              CuoccUnit          unit,
              gint64             per_block,
              gint64             per_sm,
              int                blocks)
{
  *row = (CuoccResourceRow) {
    .limit = limit, .name = cuocc_limit_title (limit), .unit = unit, .per_block = per_block, .per_sm = per_sm,
    .blocks = blocks, .limiting = (result->limiters & limit) != 0,
  };
}

/* An SM's share of a resource, by its figure in the GPU data. */
static gint64
per_sm (const CuoccCapability *cap,
        CuoccFigure            figure)
{
  CuoccFigureValue value;

  cuocc_capability_figure (cap, figure, &value);
  return value.absent ? CUOCC_UNLIMITED : value.value;
}

/**
 * cuocc_table_resource_rows:
 * @gpu: the GPU
 * @input: the configuration
 * @result: its answer from cuocc_calculate()
 * @rows: (out caller-allocates) (array fixed-size=5): the rows, in the order of #CuoccLimit
 *
 * Lists the resources an SM allocates to the blocks of @input: what a block
 * takes, what the SM has, and how many blocks that allows.
 */
void
cuocc_table_resource_rows (const CuoccGpu    *gpu,
                           const CuoccInput  *input,
                           const CuoccResult *result,
                           CuoccResourceRow   rows[CUOCC_N_LIMITS])
{
  const CuoccCapability *cap;

  g_return_if_fail (gpu != NULL && input != NULL && result != NULL && rows != NULL);

  cap = &gpu->cap;
  set_resource (&rows[0], result, CUOCC_LIMIT_WARPS, CUOCC_UNIT_COUNT,
                result->warps_per_block, per_sm (cap, CUOCC_FIGURE_MAX_WARPS_PER_SM), result->blocks_by_warps);
  set_resource (&rows[1], result, CUOCC_LIMIT_REGISTERS, CUOCC_UNIT_COUNT,
                result->regs_per_block, per_sm (cap, CUOCC_FIGURE_REGS_PER_SM), result->blocks_by_regs);
  set_resource (&rows[2], result, CUOCC_LIMIT_SHARED_MEMORY, CUOCC_UNIT_BYTES,
                result->smem_per_block, result->smem_config, result->blocks_by_smem);
  set_resource (&rows[3], result, CUOCC_LIMIT_BLOCKS, CUOCC_UNIT_COUNT,
                1, per_sm (cap, CUOCC_FIGURE_MAX_BLOCKS_PER_SM), result->blocks_by_blocks);
  set_resource (&rows[4], result, CUOCC_LIMIT_BARRIERS, CUOCC_UNIT_COUNT,
                input->barriers, per_sm (cap, CUOCC_FIGURE_BARRIERS_PER_SM), result->blocks_by_barriers);
}

/* ----- numbers ----- */

/* g_string_append_len() without its checks for overlapping text, inline:
 * GLib before 2.76 makes it a call to g_string_insert_len(). */
static inline void
append_bytes (GString    *out,
              const char *bytes,
              gsize       len)
{
  if (G_LIKELY (out->len + len < out->allocated_len))
    {
      memcpy (out->str + out->len, bytes, len);
      out->len += len;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, bytes, len);
}

static inline void
append_text (GString    *out,
             const char *text)
{
  append_bytes (out, text, strlen (text));
}

/* The digits of value, written backwards from end; returns the first. */
static char *
int_digits (gint64  value,
            char   *end)
{
  static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";
  char *p = end;
  guint64 magnitude = value < 0 ? -(guint64) value : (guint64) value;

  /* Two digits at a time: batch output is mostly numbers. */
  while (magnitude >= 100)
    {
      guint i = (guint) (magnitude % 100) * 2;

      magnitude /= 100;
      *--p = pairs[i + 1];
      *--p = pairs[i];
    }
  if (magnitude >= 10)
    {
      *--p = pairs[magnitude * 2 + 1];
      *--p = pairs[magnitude * 2];
    }
  else
    *--p = (char) ('0' + magnitude);
  if (value < 0)
    *--p = '-';
  return p;
}

/**
 * cuocc_table_append_int:
 * @out: the text to append to
 * @value: any integer
 *
 * Appends @value in decimal, without grouping, whatever the locale.
 */
void
cuocc_table_append_int (GString *out,
                        gint64   value)
{
  char digits[24];
  char *first = int_digits (value, digits + sizeof digits);

  append_bytes (out, first, digits + sizeof digits - first);
}

/* Rounding the hundredths to the nearest whole number, halves away from
 * zero, makes 1/32 "3.13" and -1/32 "-3.13". Formatting with "%.2f"
 * instead, as three of the four formatters this replaced did, gives "3.12"
 * for the same occupancy where its binary value is an exact half (printf
 * rounds halves to even), so the --import text table and the batch CSV
 * disagreed on a kernel's occupancy. */
/**
 * cuocc_table_format_percent:
 * @fraction: a fraction, 1 being 100 %
 * @buffer: (out caller-allocates) (array fixed-size=32): where the text goes
 *
 * Writes a fraction as a percentage with at most two decimals and a point
 * whatever the locale: 0.625 is "62.5", 2/3 "66.67", 1 "100". Halves round
 * away from zero. This is the only place cuocc gives a percentage its
 * digits; the app only swaps in the locale's decimal point.
 *
 * Returns: the length of the text in @buffer
 */
gsize
cuocc_table_format_percent (double fraction,
                            char   buffer[CUOCC_TABLE_PERCENT_SIZE])
{
  double scaled = fraction * 10000.0;
  gint64 hundredths;
  guint64 magnitude;
  char digits[24];
  char *first;
  gsize len;
  guint decimals;

  g_return_val_if_fail (buffer != NULL, 0);

  if (!(fabs (scaled) < MAX_HUNDREDTHS))
    {
      g_ascii_formatd (buffer, CUOCC_TABLE_PERCENT_SIZE, "%.6g", fraction * 100.0);
      return strlen (buffer);
    }

  hundredths = (gint64) llround (scaled);
  magnitude = hundredths < 0 ? -(guint64) hundredths : (guint64) hundredths;
  first = int_digits ((gint64) (magnitude / 100), digits + sizeof digits);
  len = 0;
  if (hundredths < 0)
    buffer[len++] = '-';
  memcpy (buffer + len, first, digits + sizeof digits - first);
  len += digits + sizeof digits - first;
  decimals = (guint) (magnitude % 100);
  if (decimals != 0)
    {
      buffer[len++] = '.';
      buffer[len++] = (char) ('0' + decimals / 10);
      if (decimals % 10 != 0)
        buffer[len++] = (char) ('0' + decimals % 10);
    }
  buffer[len] = '\0';
  return len;
}

/**
 * cuocc_table_append_percent:
 * @out: the text to append to
 * @fraction: a fraction, 1 being 100 %
 *
 * Appends cuocc_table_format_percent() of @fraction.
 */
void
cuocc_table_append_percent (GString *out,
                            double   fraction)
{
  char buffer[CUOCC_TABLE_PERCENT_SIZE];
  gsize len = cuocc_table_format_percent (fraction, buffer);

  append_bytes (out, buffer, len);
}

/* The slack beyond the tolerance absorbs the binary error of the
 * subtraction. */
/**
 * cuocc_table_occupancy_agrees:
 * @percent: cuocc's theoretical occupancy in percent
 * @profiler_percent: a profiler's, in percent with two decimals
 *
 * Whether cuocc and a profiler agree on a launch's theoretical occupancy:
 * both rounded to two decimals, as Nsight Compute prints it, they differ
 * by at most %CUOCC_TABLE_AGREEMENT_TOLERANCE.
 *
 * Returns: %TRUE when they agree
 */
gboolean
cuocc_table_occupancy_agrees (double percent,
                              double profiler_percent)
{
  double ours = round (percent * 100.0) / 100.0;

  return fabs (ours - profiler_percent) <= CUOCC_TABLE_AGREEMENT_TOLERANCE + 1e-9;
}

/* ----- text ----- */

/**
 * cuocc_table_append_csv:
 * @out: the text to append to
 * @text: (nullable): a field's text; %NULL appends nothing
 *
 * Appends a CSV field as RFC 4180 wants it: quoted when it holds a comma,
 * a quote or a line break, its quotes doubled.
 */
void
cuocc_table_append_csv (GString    *out,
                        const char *text)
{
  if (text == NULL)
    return;
  if (text[strcspn (text, ",\"\r\n")] == '\0')
    {
      append_text (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* json-glib, which libcuocc links for the Triton reader, escapes a string
 * only inside json_generator_to_data(): a node and a generator per field
 * would cost batch mode most of its speed, and it leaves DEL (0x7f) bare
 * where cuocc has always written \u007f. So the escaping is done here. */
static void
append_json_valid (GString    *out,
                   const char *text)
{
  static const char hex[] = "0123456789abcdef";

  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) text; *p != '\0'; p++)
    {
      const unsigned char *run = p;

      /* Most text needs no escape: copy it a run at a time. */
      while (*p >= 0x20 && *p != 0x7f && *p != '"' && *p != '\\')
        p++;
      append_bytes (out, (const char *) run, p - run);
      if (*p == '\0')
        break;
      switch (*p)
        {
        case '"':
          append_bytes (out, "\\\"", 2);
          break;
        case '\\':
          append_bytes (out, "\\\\", 2);
          break;
        case '\n':
          append_bytes (out, "\\n", 2);
          break;
        case '\r':
          append_bytes (out, "\\r", 2);
          break;
        case '\t':
          append_bytes (out, "\\t", 2);
          break;
        default:
          /* The run stopped here: another control character or DEL. */
          append_bytes (out, "\\u00", 4);
          g_string_append_c (out, hex[*p >> 4]);
          g_string_append_c (out, hex[*p & 0xf]);
        }
    }
  g_string_append_c (out, '"');
}

/**
 * cuocc_table_append_json:
 * @out: the text to append to
 * @text: (nullable): a string; %NULL appends null
 *
 * Appends a JSON string, escaped. Text that is not UTF-8 (a batch file in
 * another encoding) has its bad bytes replaced, so that the output stays
 * valid JSON.
 */
void
cuocc_table_append_json (GString    *out,
                         const char *text)
{
  g_autofree char *valid = NULL;

  if (text == NULL)
    {
      append_bytes (out, "null", 4);
      return;
    }
  if (G_LIKELY (g_utf8_validate (text, -1, NULL)))
    {
      append_json_valid (out, text);
      return;
    }
  valid = g_utf8_make_valid (text, -1);
  append_json_valid (out, valid);
}

/* ----- rows ----- */

/**
 * cuocc_table_append_cell:
 * @out: the text to append to
 * @format: CSV or JSON
 * @cell: the cell
 *
 * Appends one cell as @format writes it (see #CuoccCellKind).
 */
void
cuocc_table_append_cell (GString          *out,
                         CuoccTableFormat  format,
                         const CuoccCell  *cell)
{
  gboolean json = format == CUOCC_TABLE_JSON;

  g_return_if_fail (out != NULL && cell != NULL);

  switch (cell->kind)
    {
    case CUOCC_CELL_STRING:
      if (json)
        cuocc_table_append_json (out, cell->text);
      else
        cuocc_table_append_csv (out, cell->text);
      break;
    case CUOCC_CELL_INT:
      cuocc_table_append_int (out, cell->value);
      break;
    case CUOCC_CELL_LIMIT:
      if (cell->value != CUOCC_UNLIMITED)
        cuocc_table_append_int (out, cell->value);
      else if (json)
        append_bytes (out, "null", 4);
      else
        append_bytes (out, "unlimited", 9);
      break;
    case CUOCC_CELL_PERCENT:
      if (isfinite (cell->fraction))
        cuocc_table_append_percent (out, cell->fraction);
      else if (json)
        append_bytes (out, "null", 4);
      break;
    case CUOCC_CELL_BOOL:
      append_text (out, cell->value ? "true" : "false");
      break;
    case CUOCC_CELL_NUMBER:
      append_text (out, cell->text);
      break;
    case CUOCC_CELL_NULL:
    default:
      if (json)
        append_bytes (out, "null", 4);
    }
}

/**
 * cuocc_table_append_header:
 * @out: the text to append to
 * @names: (array length=n_columns): the columns' names
 * @n_columns: how many
 *
 * Appends a CSV header line's names, comma-separated, without a line end.
 */
void
cuocc_table_append_header (GString           *out,
                           const char *const *names,
                           guint              n_columns)
{
  g_return_if_fail (out != NULL && (names != NULL || n_columns == 0));

  for (guint c = 0; c < n_columns; c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      append_text (out, names[c]);
    }
}

/**
 * cuocc_table_append_row:
 * @out: the text to append to
 * @format: CSV or JSON
 * @names: (array length=n_columns): the columns' names (JSON's keys)
 * @cells: (array length=n_columns): the row's cells
 * @n_columns: how many
 *
 * Appends one row without a line end: the CSV fields, or a JSON object
 * `{"name": value, …}`.
 */
void
cuocc_table_append_row (GString           *out,
                        CuoccTableFormat   format,
                        const char *const *names,
                        const CuoccCell   *cells,
                        guint              n_columns)
{
  g_return_if_fail (out != NULL && (cells != NULL || n_columns == 0));
  g_return_if_fail (format == CUOCC_TABLE_CSV || names != NULL);

  if (format == CUOCC_TABLE_JSON)
    g_string_append_c (out, '{');
  for (guint c = 0; c < n_columns; c++)
    {
      if (format == CUOCC_TABLE_JSON)
        {
          append_text (out, c > 0 ? ", \"" : "\"");
          append_text (out, names[c]);
          append_bytes (out, "\": ", 3);
        }
      else if (c > 0)
        g_string_append_c (out, ',');
      cuocc_table_append_cell (out, format, &cells[c]);
    }
  if (format == CUOCC_TABLE_JSON)
    g_string_append_c (out, '}');
}
