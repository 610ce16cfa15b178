/* cuocc-series.c — occupancy as one input varies, for the graphs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

/* A series or a grid varies the inputs of a configuration the model answers. */
static gboolean
sweep_input_valid (const CuoccGpu   *gpu,
                   const CuoccInput *input)
{
  return gpu != NULL && input != NULL && cuocc_input_validate (gpu, input, NULL);
}

static void
set_x (CuoccInput      *input,
       CuoccSeriesKind  kind,
       gint64           x)
{
  switch (kind)
    {
    case CUOCC_SERIES_THREADS: input->threads = (int) x; break;
    case CUOCC_SERIES_REGS: input->regs = (int) x; break;
    case CUOCC_SERIES_SMEM: input->smem = x; break;
    case CUOCC_SERIES_BARRIERS: input->barriers = (int) x; break;
    case CUOCC_SERIES_CLUSTER_SIZE: input->cluster_size = (int) x; break;
    default: g_assert_not_reached ();
    }
}

static gint64
get_x (const CuoccInput *input,
       CuoccSeriesKind   kind)
{
  switch (kind)
    {
    case CUOCC_SERIES_THREADS: return input->threads;
    case CUOCC_SERIES_REGS: return input->regs;
    case CUOCC_SERIES_SMEM: return input->smem;
    case CUOCC_SERIES_BARRIERS: return input->barriers;
    case CUOCC_SERIES_CLUSTER_SIZE: return input->cluster_size;
    default: g_assert_not_reached ();
    }
}

static void
evaluate (const CuoccCapability *cap,
          CuoccInput            *input,
          CuoccSeriesKind        kind,
          gint64                 x,
          CuoccPoint            *point)
{
  CuoccResult r;

  set_x (input, kind, x);
  cuocc_calculate_unchecked (cap, input, &r);
  point->x = x;
  point->active_blocks = r.active_blocks;
  point->active_warps = r.active_warps;
  point->occupancy = r.occupancy;
}

/* The values an input takes on a graph's axis: from first to last by step,
 * before the step is widened to bound the points. */
static void
axis_range (const CuoccCapability *cap,
            CuoccSeriesKind        kind,
            gint64                *first,
            gint64                *step,
            gint64                *last)
{
  switch (kind)
    {
    case CUOCC_SERIES_THREADS:
      *first = *step = cap->warp_size;
      *last = cap->max_threads_per_block;
      break;
    case CUOCC_SERIES_REGS:
      *first = 0;
      *step = 1;
      *last = cap->max_regs_per_thread;
      break;
    case CUOCC_SERIES_SMEM:
      *first = 0;
      *step = cap->smem_alloc_unit;
      *last = cap->smem_per_block_optin;
      break;
    case CUOCC_SERIES_BARRIERS:
      *first = 0;
      *step = 1;
      *last = CUOCC_MAX_BARRIERS_INPUT;
      break;
    case CUOCC_SERIES_CLUSTER_SIZE:
      *first = 0;
      *step = 1;
      *last = cap->max_cluster_size;
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The x values: the graph's steps, with the current value slotted in. */
static gint64 *
x_values (const CuoccCapability *cap,
          CuoccSeriesKind        kind,
          gint64                 current,
          guint                 *n_values,
          gint64                *x_max)
{
  gint64 first, step, last;
  GArray *xs;

  axis_range (cap, kind, &first, &step, &last);
  *x_max = last;
  step = _cuocc_bounded_step (first, last, step, CUOCC_MAX_POINTS);
  xs = g_array_sized_new (FALSE, FALSE, sizeof (gint64), (guint) ((last - first) / step + 2));
  for (gint64 x = first; x <= last; x += step)
    {
      if (current < x && (xs->len == 0 || g_array_index (xs, gint64, xs->len - 1) < current))
        g_array_append_val (xs, current);
      g_array_append_val (xs, x);
    }
  if (xs->len == 0 || current > g_array_index (xs, gint64, xs->len - 1))
    g_array_append_val (xs, current);

  *n_values = xs->len;
  return (gint64 *) (void *) g_array_free (xs, FALSE);
}

/* A cluster launch of `size` blocks (0: none), as the warps it keeps active
 * on the whole GPU averaged per SM; per SM alone without an SM count. */
static void
evaluate_clusters (const CuoccGpu     *gpu,
                   const CuoccInput   *input,
                   const CuoccResult  *normal,
                   gint64              size,
                   CuoccPoint         *point,
                   CuoccClustersBasis *basis)
{
  const CuoccCapability *cap = &gpu->cap;
  CuoccInput trial = *input;
  CuoccClusters c;

  point->x = size;
  point->active_blocks = normal->active_blocks;
  point->active_warps = normal->active_warps;
  trial.cluster_size = (int) size;
  if (size > 0 && cuocc_clusters (gpu, &trial, normal, &c, NULL))
    {
      *basis = c.basis;
      if (c.max_active_clusters < 0)
        point->active_blocks = c.blocks_per_sm;
      else
        point->active_blocks = (int) MIN (c.max_active_clusters * size / gpu->sm_count, G_MAXINT);
      if (c.max_active_clusters < 0)
        point->active_warps = c.blocks_per_sm * normal->warps_per_block;
      else
        point->active_warps = (int) (c.max_active_clusters * size * normal->warps_per_block / gpu->sm_count);
    }
  point->occupancy = (double) point->active_warps / cap->max_warps_per_sm;
}

static CuoccSeries *
cluster_series_new (const CuoccGpu   *gpu,
                    const CuoccInput *input)
{
  CuoccSeries *series = g_new0 (CuoccSeries, 1);
  CuoccLine *line;
  CuoccResult normal;
  CuoccInput plain = *input;

  plain.cluster_size = 0;
  cuocc_calculate_unchecked (&gpu->cap, &plain, &normal);
  series->kind = CUOCC_SERIES_CLUSTER_SIZE;
  series->current_x = input->cluster_size;
  series->max_warps = gpu->cap.max_warps_per_sm;
  series->x_max = gpu->cap.max_cluster_size;
  series->n_lines = 1;
  series->lines = line = g_new0 (CuoccLine, 1);
  line->smem_config = normal.smem_config;
  line->n_points = (guint) series->x_max + 1;
  line->points = g_new (CuoccPoint, line->n_points);
  for (guint i = 0; i < line->n_points; i++)
    evaluate_clusters (gpu, input, &normal, i, &line->points[i], &series->clusters_basis);
  series->current = line->points[series->current_x];
  if (series->current_x > 0)
    evaluate_clusters (gpu, input, &normal, series->current_x, &series->current, &series->clusters_basis);
  return series;
}

/**
 * cuocc_series_new: (skip)
 * @gpu: the GPU
 * @input: a configuration that cuocc_input_validate() accepts
 * @kind: the input to vary
 *
 * Works out the occupancy as one input varies from its smallest to its
 * largest value, every other input as in @input; for shared memory, one line
 * for each configuration the GPU offers, the current one first. At most 4096
 * points a line: beyond that the natural step is multiplied.
 *
 * Returns: (transfer full): the series; free with cuocc_series_free()
 */
CuoccSeries *
cuocc_series_new (const CuoccGpu   *gpu,
                  const CuoccInput *input,
                  CuoccSeriesKind   kind)
{
  const CuoccCapability *cap;
  CuoccSeries *series;
  CuoccInput trial;
  g_autofree gint64 *xs = NULL;
  guint n_xs;
  gint64 current_config;

  g_return_val_if_fail (sweep_input_valid (gpu, input), NULL);

  cap = &gpu->cap;
  if (kind == CUOCC_SERIES_CLUSTER_SIZE)
    {
      g_return_val_if_fail (cap->max_cluster_size > 0, NULL);
      return cluster_series_new (gpu, input);
    }
  current_config = _cuocc_smem_config_effective (cap, input);

  series = g_new0 (CuoccSeries, 1);
  series->kind = kind;
  series->current_x = get_x (input, kind);
  series->max_warps = cap->max_warps_per_sm;

  trial = *input;
  evaluate (cap, &trial, kind, series->current_x, &series->current);

  xs = x_values (cap, kind, series->current_x, &n_xs, &series->x_max);

  /* One line for the current configuration and, for shared memory, one for
   * each other configuration the GPU offers. */
  series->n_lines = kind == CUOCC_SERIES_SMEM ? (guint) cap->n_smem_configs : 1;
  series->lines = g_new0 (CuoccLine, series->n_lines);
  series->lines[0].smem_config = current_config;
  for (guint l = 1, c = 0; l < series->n_lines; c++)
    if (cap->smem_configs[c] != current_config)
      series->lines[l++].smem_config = cap->smem_configs[c];

  for (guint l = 0; l < series->n_lines; l++)
    {
      CuoccLine *line = &series->lines[l];

      trial = *input;
      trial.smem_config = line->smem_config;
      line->n_points = n_xs;
      line->points = g_new (CuoccPoint, n_xs);
      for (guint i = 0; i < n_xs; i++)
        evaluate (cap, &trial, kind, xs[i], &line->points[i]);
    }

  return series;
}

/**
 * cuocc_series_free:
 * @series: (nullable) (transfer full): a series
 *
 * Frees @series and its lines.
 */
void
cuocc_series_free (CuoccSeries *series)
{
  if (series == NULL)
    return;
  for (guint l = 0; l < series->n_lines; l++)
    g_free (series->lines[l].points);
  g_free (series->lines);
  g_free (series);
}

/**
 * cuocc_series_kind_name:
 * @kind: a kind of series
 *
 * The name of a kind of series.
 *
 * Returns: (transfer none) (nullable): "threads", "regs", "smem",
 *   "barriers" or "cluster_size", as the CSV's first column is named; %NULL
 *   for a value that is no #CuoccSeriesKind
 */
const char *
cuocc_series_kind_name (CuoccSeriesKind kind)
{
  switch (kind)
    {
    case CUOCC_SERIES_THREADS: return "threads";
    case CUOCC_SERIES_REGS: return "regs";
    case CUOCC_SERIES_SMEM: return "smem";
    case CUOCC_SERIES_BARRIERS: return "barriers";
    case CUOCC_SERIES_CLUSTER_SIZE: return "cluster_size";
    default: return NULL;
    }
}

/**
 * cuocc_series_kind_parse:
 * @text: "threads", "registers" (or "regs"), "smem" (or "shared-memory"),
 *   "barriers" or "cluster-size", in any case
 * @kind: (out): the kind
 * @error: return location for a #GError
 *
 * Reads the name of a kind of series, as the command line takes it.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_INVALID_INPUT listing
 *   the names allowed
 */
gboolean
cuocc_series_kind_parse (const char       *text,
                         CuoccSeriesKind  *kind,
                         GError          **error)
{
  g_return_val_if_fail (text != NULL, FALSE);

  if (g_ascii_strcasecmp (text, "threads") == 0)
    *kind = CUOCC_SERIES_THREADS;
  else if (g_ascii_strcasecmp (text, "registers") == 0 || g_ascii_strcasecmp (text, "regs") == 0)
    *kind = CUOCC_SERIES_REGS;
  else if (g_ascii_strcasecmp (text, "smem") == 0 || g_ascii_strcasecmp (text, "shared-memory") == 0)
    *kind = CUOCC_SERIES_SMEM;
  else if (g_ascii_strcasecmp (text, "barriers") == 0)
    *kind = CUOCC_SERIES_BARRIERS;
  else if (g_ascii_strcasecmp (text, "cluster-size") == 0 || g_ascii_strcasecmp (text, "cluster_size") == 0)
    *kind = CUOCC_SERIES_CLUSTER_SIZE;
  else
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("“%s” is not a graph; allowed: threads, registers, smem, barriers, cluster-size"), text);
      return FALSE;
    }
  return TRUE;
}

/**
 * cuocc_series_to_csv:
 * @series: a series
 *
 * Writes @series as CSV: the varied input, then `active_blocks`,
 * `active_warps` and `occupancy_pct` of each line, the other configurations'
 * columns suffixed `_cfg_BYTES`.
 *
 * Returns: (transfer full): the CSV text
 */
char *
cuocc_series_to_csv (const CuoccSeries *series)
{
  GString *csv;

  g_return_val_if_fail (series != NULL, NULL);

  csv = g_string_new (cuocc_series_kind_name (series->kind));
  g_string_append (csv, ",active_blocks,active_warps,occupancy_pct");
  if (series->kind == CUOCC_SERIES_CLUSTER_SIZE)
    g_string_append (csv, ",clusters_basis");
  for (guint l = 1; l < series->n_lines; l++)
    {
      gint64 c = series->lines[l].smem_config;

      g_string_append_printf (csv, ",active_blocks_cfg_%" G_GINT64_FORMAT
                                   ",active_warps_cfg_%" G_GINT64_FORMAT
                                   ",occupancy_pct_cfg_%" G_GINT64_FORMAT, c, c, c);
    }
  g_string_append_c (csv, '\n');

  for (guint i = 0; i < series->lines[0].n_points; i++)
    {
      g_string_append_printf (csv, "%" G_GINT64_FORMAT, series->lines[0].points[i].x);
      for (guint l = 0; l < series->n_lines; l++)
        {
          const CuoccPoint *p = &series->lines[l].points[i];
          char pct[CUOCC_TABLE_PERCENT_SIZE];

          cuocc_table_format_percent (p->occupancy, pct);
          g_string_append_printf (csv, ",%d,%d,%s", p->active_blocks, p->active_warps, pct);
        }
      if (series->kind == CUOCC_SERIES_CLUSTER_SIZE)
        g_string_append_printf (csv, ",%s", series->lines[0].points[i].x == 0
                                            ? "no-clusters" : cuocc_clusters_basis_name (series->clusters_basis));
      g_string_append_c (csv, '\n');
    }

  return g_string_free (csv, FALSE);
}

/* ----- heatmaps ----- */

#define GRID_MAX_ROWS 128
/* Every real GPU's axes fit: 32 block sizes, 256 register counts. */
#define GRID_MAX_COLUMNS 256
#define GRID_MAX_REG_ROWS 256

static guint
nearest_index (const gint64 *values,
               guint         n,
               gint64        v)
{
  guint best = 0;

  for (guint i = 1; i < n; i++)
    if (ABS (values[i] - v) < ABS (values[best] - v))
      best = i;
  return best;
}

/**
 * cuocc_grid_new: (skip)
 * @gpu: the GPU
 * @input: a configuration that cuocc_input_validate() accepts
 * @y_kind: %CUOCC_SERIES_REGS or %CUOCC_SERIES_SMEM
 *
 * Works out the occupancy over every block size that is a multiple of the
 * warp size and every register count (or shared memory size, in at most 128
 * rows), for heatmaps.
 *
 * Returns: (transfer full): the grid; free with cuocc_grid_free()
 */
CuoccGrid *
cuocc_grid_new (const CuoccGpu   *gpu,
                const CuoccInput *input,
                CuoccSeriesKind   y_kind)
{
  const CuoccCapability *cap;
  CuoccGrid *grid;
  CuoccInput trial;
  gint64 x_first, x_step, x_last, y_first, y_step, y_last;

  g_return_val_if_fail (y_kind == CUOCC_SERIES_REGS || y_kind == CUOCC_SERIES_SMEM, NULL);
  g_return_val_if_fail (sweep_input_valid (gpu, input), NULL);

  cap = &gpu->cap;
  grid = g_new0 (CuoccGrid, 1);
  grid->y_kind = y_kind;
  grid->max_warps = cap->max_warps_per_sm;

  axis_range (cap, CUOCC_SERIES_THREADS, &x_first, &x_step, &x_last);
  x_step = _cuocc_bounded_step (x_first, x_last, x_step, GRID_MAX_COLUMNS);
  grid->n_x = (guint) MAX (1, x_last / x_step);
  grid->x_values = g_new (gint64, grid->n_x);
  for (guint i = 0; i < grid->n_x; i++)
    grid->x_values[i] = MIN ((gint64) (i + 1) * x_step, x_last);

  axis_range (cap, y_kind, &y_first, &y_step, &y_last);
  if (y_kind == CUOCC_SERIES_REGS)
    y_step = _cuocc_bounded_step (y_first, y_last, y_step, GRID_MAX_REG_ROWS);
  else
    /* At most GRID_MAX_ROWS rows, each a whole number of allocation units. */
    y_step = _cuocc_round_up (_cuocc_div_round_up (y_last, GRID_MAX_ROWS), y_step);
  grid->n_y = (guint) (y_last / y_step + 1);
  grid->y_values = g_new (gint64, grid->n_y);
  for (guint j = 0; j < grid->n_y; j++)
    grid->y_values[j] = (gint64) j * y_step;

  grid->active_warps = g_new (int, (gsize) grid->n_x * grid->n_y);
  grid->occupancy = g_new (double, (gsize) grid->n_x * grid->n_y);
  trial = *input;
  for (guint j = 0; j < grid->n_y; j++)
    {
      set_x (&trial, y_kind, grid->y_values[j]);
      for (guint i = 0; i < grid->n_x; i++)
        {
          CuoccPoint cell;

          evaluate (cap, &trial, CUOCC_SERIES_THREADS, grid->x_values[i], &cell);
          grid->active_warps[j * grid->n_x + i] = cell.active_warps;
          grid->occupancy[j * grid->n_x + i] = cell.occupancy;
        }
    }

  grid->current_i = (int) nearest_index (grid->x_values, grid->n_x, input->threads);
  grid->current_j = (int) nearest_index (grid->y_values, grid->n_y, get_x (input, y_kind));
  return grid;
}

/**
 * cuocc_grid_free:
 * @grid: (nullable) (transfer full): a grid
 *
 * Frees @grid and its values.
 */
void
cuocc_grid_free (CuoccGrid *grid)
{
  if (grid == NULL)
    return;
  g_free (grid->x_values);
  g_free (grid->y_values);
  g_free (grid->active_warps);
  g_free (grid->occupancy);
  g_free (grid);
}

/**
 * cuocc_grid_to_csv:
 * @grid: a grid
 *
 * Writes @grid as CSV, one row a cell: threads, the y input (`regs` or
 * `smem`), `active_warps` and `occupancy_pct`.
 *
 * Returns: (transfer full): the CSV text
 */
char *
cuocc_grid_to_csv (const CuoccGrid *grid)
{
  GString *csv;

  g_return_val_if_fail (grid != NULL, NULL);

  csv = g_string_new ("threads,");
  g_string_append (csv, grid->y_kind == CUOCC_SERIES_REGS ? "regs" : "smem");
  g_string_append (csv, ",active_warps,occupancy_pct\n");
  for (guint j = 0; j < grid->n_y; j++)
    for (guint i = 0; i < grid->n_x; i++)
      {
        char pct[CUOCC_TABLE_PERCENT_SIZE];
        guint cell = j * grid->n_x + i;

        cuocc_table_format_percent (grid->occupancy[cell], pct);
        g_string_append_printf (csv, "%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%d,%s\n",
                                grid->x_values[i], grid->y_values[j], grid->active_warps[cell], pct);
      }
  return g_string_free (csv, FALSE);
}
