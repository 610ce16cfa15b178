/* test-series.c — occupancy as one input varies (graph lines) and as two
 * vary (heatmap grids), against values worked out by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <cuocc.h>

static const CuoccPoint *
point_at (const CuoccLine *line,
          gint64           x)
{
  for (guint i = 0; i < line->n_points; i++)
    if (line->points[i].x == x)
      return &line->points[i];
  g_assert_not_reached ();
}

/* 7.0, 128 threads (4 warps), registers varied; a quarter SM has 16384
 * registers. 0 registers: warps bind, 64 / 4 = 16 blocks, 100 %. 32: 1024
 * a warp, 16 a quarter, 64 warps, 16 blocks. 37: 1184 → 1280 a warp, 12 a
 * quarter, 48 warps, 12 blocks, 75 % (the seed example). 64: 2048 a warp,
 * 8 a quarter, 32 warps, 8 blocks, 50 %. */
static void
test_series_registers (void)
{
  g_autoptr(CuoccSeries) series = NULL;
  g_autofree char *csv = NULL;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_for_cc ("7.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  in.regs = 37;
  series = cuocc_series_new (&gpu, &in, CUOCC_SERIES_REGS);
  g_assert_nonnull (series);
  g_assert_cmpuint (series->n_lines, ==, 1);
  g_assert_cmpint (series->max_warps, ==, 64);
  g_assert_cmpint (series->current_x, ==, 37);
  g_assert_cmpint (series->current.active_warps, ==, 48);

  g_assert_cmpint (point_at (&series->lines[0], 0)->active_blocks, ==, 16);
  g_assert_cmpint (point_at (&series->lines[0], 32)->active_warps, ==, 64);
  g_assert_cmpint (point_at (&series->lines[0], 37)->active_blocks, ==, 12);
  g_assert_cmpfloat_with_epsilon (point_at (&series->lines[0], 37)->occupancy, 0.75, 1e-12);
  g_assert_cmpint (point_at (&series->lines[0], 64)->active_blocks, ==, 8);
  g_assert_cmpfloat_with_epsilon (point_at (&series->lines[0], 64)->occupancy, 0.5, 1e-12);

  csv = cuocc_series_to_csv (series);
  g_assert_true (g_str_has_prefix (csv, "regs,active_blocks,active_warps,occupancy_pct\n0,16,64,100\n"));
  g_assert_nonnull (strstr (csv, "\n37,12,48,75\n"));
  g_assert_nonnull (strstr (csv, "\n64,8,32,50\n"));
}

/* Shared memory on 7.0 gets one line per configuration the GPU offers (the
 * Programming Guide's 0, 8, 16, 32, 64 and 96 KB), the current one first;
 * with no configuration asked for, the current one is the largest. */
static void
test_series_smem_lines (void)
{
  g_autoptr(CuoccSeries) series = NULL;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_for_cc ("7.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  series = cuocc_series_new (&gpu, &in, CUOCC_SERIES_SMEM);
  g_assert_cmpuint (series->n_lines, ==, 6);
  g_assert_cmpint (series->lines[0].smem_config, ==, 96 * 1024);
  for (guint l = 1; l < series->n_lines; l++)
    g_assert_cmpint (series->lines[l].smem_config, !=, 96 * 1024);
}

/* The words a graph may be named by, and the message for one it may not. */
static void
test_series_kind_names (void)
{
  static const struct { const char *text; CuoccSeriesKind kind; } names[] = {
    { "threads", CUOCC_SERIES_THREADS }, { "registers", CUOCC_SERIES_REGS }, { "Regs", CUOCC_SERIES_REGS },
    { "smem", CUOCC_SERIES_SMEM }, { "shared-memory", CUOCC_SERIES_SMEM },
    { "barriers", CUOCC_SERIES_BARRIERS }, { "cluster-size", CUOCC_SERIES_CLUSTER_SIZE },
  };
  g_autoptr(GError) error = NULL;
  CuoccSeriesKind kind;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (cuocc_series_kind_parse (names[i].text, &kind, NULL));
      g_assert_cmpint (kind, ==, names[i].kind);
    }
  g_assert_cmpstr (cuocc_series_kind_name (CUOCC_SERIES_REGS), ==, "regs");
  g_assert_cmpstr (cuocc_series_kind_name (CUOCC_SERIES_CLUSTER_SIZE), ==, "cluster_size");
  g_assert_false (cuocc_series_kind_parse ("warps", &kind, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "“warps”"));
  g_assert_nonnull (strstr (error->message, "threads, registers, smem, barriers, cluster-size"));
}

/* The heatmap over block size × registers on 7.0: 32 block sizes, 0..255
 * registers; the cell for 128 threads × 37 registers holds the seed
 * example's 48 warps (75 %), and the current cell is that one. */
static void
test_grid (void)
{
  g_autoptr(CuoccGrid) grid = NULL;
  g_autoptr(CuoccGrid) smem = NULL;
  g_autofree char *csv = NULL;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_for_cc ("7.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  in.regs = 37;
  grid = cuocc_grid_new (&gpu, &in, CUOCC_SERIES_REGS);
  g_assert_cmpuint (grid->n_x, ==, 32);
  g_assert_cmpuint (grid->n_y, ==, 256);
  g_assert_cmpint (grid->x_values[grid->current_i], ==, 128);
  g_assert_cmpint (grid->y_values[grid->current_j], ==, 37);
  g_assert_cmpint (grid->active_warps[37 * grid->n_x + 3], ==, 48);
  g_assert_cmpfloat_with_epsilon (grid->occupancy[37 * grid->n_x + 3], 0.75, 1e-12);
  /* 1024 threads × 255 registers cannot launch. */
  g_assert_cmpint (grid->active_warps[255 * grid->n_x + 31], ==, 0);

  csv = cuocc_grid_to_csv (grid);
  g_assert_true (g_str_has_prefix (csv, "threads,regs,active_warps,occupancy_pct\n32,0,"));
  g_assert_nonnull (strstr (csv, "\n128,37,48,75\n"));

  /* Shared memory rows: 96 KB opt-in in at most 128 rows of whole 256-byte
   * units: 768-byte steps, 0..98304, 129 rows. */
  smem = cuocc_grid_new (&gpu, &in, CUOCC_SERIES_SMEM);
  g_assert_cmpint (smem->y_values[1], ==, 768);
  g_assert_cmpuint (smem->n_y, ==, 129);
  g_assert_cmpint (smem->y_values[smem->n_y - 1], ==, 98304);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/series/registers", test_series_registers);
  g_test_add_func ("/cuocc/series/smem-lines", test_series_smem_lines);
  g_test_add_func ("/cuocc/series/kind-names", test_series_kind_names);
  g_test_add_func ("/cuocc/grid/registers", test_grid);

  return g_test_run ();
}
