/* plot-test-series.c — occupancy series built by hand for the drawing tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "plot-test-series.h"

#define MAX_WARPS 64
#define MAX_BLOCKS 32
#define MAX_THREADS 1024
#define REGS_PER_SM 65536
#define MAX_REGS 255
#define SMEM_UNIT 128
#define SMEM_RESERVED 1024
#define SMEM_MAX_BLOCK (163 * 1024)

static const gint64 configs[] = { 164 * 1024, 132 * 1024, 100 * 1024, 64 * 1024, 32 * 1024, 16 * 1024, 8 * 1024, 0 };

static CuoccPoint
evaluate (int    threads,
          int    regs,
          gint64 smem,
          gint64 config)
{
  int warps = (threads + 31) / 32;
  int blocks = MIN (MAX_BLOCKS, MAX_WARPS / warps);
  CuoccPoint p = { 0, 0, 0, 0 };

  if (regs > MAX_REGS || threads > MAX_THREADS)
    blocks = 0;
  else if (regs > 0)
    {
      int per_warp = ((regs * 32 + 255) / 256) * 256;
      int warps_fit = (REGS_PER_SM / 4 / per_warp) * 4;
      blocks = MIN (blocks, warps_fit / warps);
    }

  if (smem > SMEM_MAX_BLOCK)
    blocks = 0;
  else
    {
      gint64 per_block = ((smem + SMEM_RESERVED + SMEM_UNIT - 1) / SMEM_UNIT) * SMEM_UNIT;
      blocks = MIN (blocks, (int) (config / per_block));
    }

  p.active_blocks = blocks;
  p.active_warps = blocks * warps;
  p.occupancy = (double) p.active_warps / MAX_WARPS;
  return p;
}

static void
add_point (GArray *points,
           gint64  x,
           CuoccPoint p)
{
  p.x = x;
  g_array_append_val (points, p);
}

static CuoccLine
make_line (CuoccSeriesKind kind,
           int             threads,
           int             regs,
           gint64          smem,
           gint64          config,
           gint64          current)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (CuoccPoint));
  CuoccLine line = { config, 0, NULL };
  gboolean current_added = FALSE;

  switch (kind)
    {
    case CUOCC_SERIES_THREADS:
      for (int t = 32; t <= MAX_THREADS; t += 32)
        {
          if (!current_added && current < t)
            {
              add_point (points, current, evaluate (current, regs, smem, config));
              current_added = TRUE;
            }
          if (t == current)
            current_added = TRUE;
          add_point (points, t, evaluate (t, regs, smem, config));
        }
      break;
    case CUOCC_SERIES_REGS:
      for (int r = 0; r <= MAX_REGS; r++)
        add_point (points, r, evaluate (threads, r, smem, config));
      break;
    case CUOCC_SERIES_SMEM:
    default:
      for (gint64 s = 0; s <= SMEM_MAX_BLOCK; s += SMEM_UNIT)
        {
          if (!current_added && current < s)
            {
              add_point (points, current, evaluate (threads, regs, current, config));
              current_added = TRUE;
            }
          if (s == current)
            current_added = TRUE;
          add_point (points, s, evaluate (threads, regs, s, config));
        }
      break;
    }

  line.n_points = points->len;
  line.points = (CuoccPoint *) (void *) g_array_free (points, FALSE);
  return line;
}

CuoccSeries *
plot_test_series_new (CuoccSeriesKind kind,
                      int             threads,
                      int             regs,
                      gint64          smem)
{
  CuoccSeries *series = g_new0 (CuoccSeries, 1);
  gint64 current = kind == CUOCC_SERIES_THREADS ? threads : kind == CUOCC_SERIES_REGS ? regs : smem;

  series->kind = kind;
  series->current_x = current;
  series->current = evaluate (threads, regs, smem, configs[0]);
  series->current.x = current;
  series->max_warps = MAX_WARPS;
  series->x_max = kind == CUOCC_SERIES_THREADS ? MAX_THREADS : kind == CUOCC_SERIES_REGS ? MAX_REGS : SMEM_MAX_BLOCK;
  series->n_lines = kind == CUOCC_SERIES_SMEM ? G_N_ELEMENTS (configs) : 1;
  series->lines = g_new0 (CuoccLine, series->n_lines);
  for (guint i = 0; i < series->n_lines; i++)
    series->lines[i] = make_line (kind, threads, regs, smem, configs[i], current);

  return series;
}

void
plot_test_series_free (CuoccSeries *series)
{
  for (guint i = 0; i < series->n_lines; i++)
    g_free (series->lines[i].points);
  g_free (series->lines);
  g_free (series);
}
