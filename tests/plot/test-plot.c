/* test-plot.c — the drawing module: exports, the inverse mapping, the pixels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "cuocc-plot-private.h"
#include "plot-test-series.h"

/* The graphs' width in a window of 800 × 600 (399 here; test-layout checks at least this). */
#define GRAPH_WIDTH_800 390

#define W 800
#define H 500

static const CuoccSeriesKind kinds[] = { CUOCC_SERIES_THREADS, CUOCC_SERIES_REGS, CUOCC_SERIES_SMEM };

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static CuoccSeries *
test_series (CuoccSeriesKind kind)
{
  return plot_test_series_new (kind, 256, 40, 20000);
}

static CuoccSeries *
real_series (const char      *cc,
             CuoccSeriesKind  kind)
{
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput input;

  g_assert_true (cuocc_gpu_for_cc (cc, &gpu, &error));
  g_assert_no_error (error);
  cuocc_input_init (&input);
  input.threads = 256;
  input.regs = 40;
  input.smem = 12000;

  return cuocc_series_new (&gpu, &input, kind);
}

static char *
temp_path (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cuocc-plot-XXXXXX", &error);

  g_assert_no_error (error);
  return g_build_filename (dir, name, NULL);
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (dir, name, NULL);
      g_unlink (child);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (dir);
}

static cairo_surface_t *
render (const CuoccSeries    *series,
        CuoccPlotYUnit        unit,
        const CuoccPlotStyle *style,
        const CuoccPlotHover *hover,
        int                   width,
        int                   height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  cuocc_plot_draw (cr, width, height, series, unit, style, hover);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return *(const guint32 *) (const void *) (data + y * stride + 4 * x);
}

static gboolean
pixel_is (guint32               argb,
          const CuoccPlotColor *color,
          int                   tolerance)
{
  int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;

  return (argb >> 24) == 0xff
         && ABS (r - (int) (color->r * 255 + 0.5)) <= tolerance
         && ABS (g - (int) (color->g * 255 + 0.5)) <= tolerance
         && ABS (b - (int) (color->b * 255 + 0.5)) <= tolerance;
}

static guint
count_pixels_near (cairo_surface_t      *surface,
                   const CuoccPlotColor *color,
                   double                cx,
                   double                cy,
                   int                   radius)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  guint n = 0;

  for (int y = MAX (0, (int) cy - radius); y <= MIN (h - 1, (int) cy + radius); y++)
    for (int x = MAX (0, (int) cx - radius); x <= MIN (w - 1, (int) cx + radius); x++)
      if (pixel_is (pixel (surface, x, y), color, 12))
        n++;

  return n;
}

static gsize
count_distinct_pixels (cairo_surface_t *surface)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);

  for (int y = 0; y < h; y += 2)
    for (int x = 0; x < w; x += 2)
      g_hash_table_add (seen, GUINT_TO_POINTER (pixel (surface, x, y)));

  return g_hash_table_size (seen);
}

static void
expected_marker (const CuoccSeries *series,
                 int                width,
                 int                height,
                 double            *x,
                 double            *y)
{
  CuoccPlotArea area;

  g_assert_true (cuocc_plot_get_area (series, NULL, width, height, &area));
  *x = cuocc_plot_area_x_for_value (&area, series->current_x);
  *y = area.y + (1.0 - (double) series->current.active_warps / series->max_warps) * area.height;
}

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

static void
test_export_png (void)
{
  g_autofree char *path = temp_path ("graph.png");
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  CuoccSeries *series = test_series (CUOCC_SERIES_THREADS);
  cairo_surface_t *png;
  gsize length;
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = 640, .height = 360 };

  g_assert_true (cuocc_plot_export (series, NULL, &options, path, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpuint (length, >, 8);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);

  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 640);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 360);
  g_assert_cmpuint (count_distinct_pixels (png), >, 20);
  cairo_surface_destroy (png);

  plot_test_series_free (series);
  remove_temp (path);
}

/* Dashed lines mean only "pinned": the ten configurations of 9.0, more
 * than there are colours, are drawn without a dash. */
static void
test_dashes_mean_pinned (void)
{
  g_autofree char *path = temp_path ("configs.svg");
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  CuoccSeries *series;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_WARPS, .width = 800, .height = 450 };

  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  g_assert_cmpint (gpu.cap.n_smem_configs, ==, 10);
  cuocc_input_init (&in);
  in.threads = 256;
  series = cuocc_series_new (&gpu, &in, CUOCC_SERIES_SMEM);
  g_assert_true (cuocc_plot_export (series, NULL, &options, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
  g_assert_null (strstr (data, "stroke-dasharray"));

  cuocc_series_free (series);
  remove_temp (path);
}

/* Exports carry a caption: drawn under the graph, and as the SVG's
 * description, escaped. */
static void
test_export_caption (void)
{
  g_autofree char *svg = temp_path ("caption.svg");
  g_autofree char *plain_png = temp_path ("plain.png");
  g_autofree char *caption_png = temp_path ("caption.png");
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  CuoccSeries *series = test_series (CUOCC_SERIES_REGS);
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = 640, .height = 400 };
  CuoccPlotExportOptions captioned_options = options;
  cairo_surface_t *plain, *captioned;
  guint differ = 0;

  captioned_options.caption = "GPU <A&B>: 256 threads per block\nDashed, pinned: GPU C";
  g_assert_true (cuocc_plot_export (series, NULL, &captioned_options, svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "<desc>GPU &lt;A&amp;B&gt;: 256 threads per block\nDashed, pinned: GPU C</desc>"));
  g_assert_nonnull (strstr (data, "<title>Impact of varying register count per thread</title>"));

  /* The caption's lines take the bottom of the image: its rows differ. */
  g_assert_true (cuocc_plot_export (series, NULL, &options, plain_png, &error));
  g_assert_true (cuocc_plot_export (series, NULL, &captioned_options, caption_png, &error));
  g_assert_no_error (error);
  plain = cairo_image_surface_create_from_png (plain_png);
  captioned = cairo_image_surface_create_from_png (caption_png);
  for (int y = 360; y < 400; y++)
    for (int x = 0; x < 640; x++)
      differ += pixel (plain, x, y) != pixel (captioned, x, y);
  g_assert_cmpuint (differ, >, 200);

  cairo_surface_destroy (plain);
  cairo_surface_destroy (captioned);
  plot_test_series_free (series);
  remove_temp (svg);
}

/* The caption names the GPU and the inputs, and a pinned configuration on
 * a second line. */
static void
test_caption_text (void)
{
  g_autofree char *one = NULL, *two = NULL, *bare = NULL;
  CuoccGpu h100, cc;
  CuoccInput in, pinned;

  g_assert_true (cuocc_gpu_find ("H100 SXM5", &h100, NULL));
  g_assert_true (cuocc_gpu_for_cc ("8.6", &cc, NULL));
  cuocc_input_init (&in);
  in.threads = 256;
  in.regs = 40;
  in.smem = 48 * 1024;
  cuocc_input_init (&pinned);
  pinned.threads = 128;
  pinned.regs = 1;
  pinned.smem = 1000;
  pinned.smem_config = 100 * 1024;

  one = cuocc_plot_caption (&h100, &in, NULL, NULL);
  g_assert_cmpstr (one, ==, "NVIDIA H100 SXM5 (compute capability 9.0): 256 threads per block, "
                            "40 registers per thread, 48 KiB shared memory per block");
  two = cuocc_plot_caption (&h100, &in, &cc, &pinned);
  g_assert_true (g_str_has_prefix (two, one));
  g_assert_cmpstr (two + strlen (one), ==, "\nDashed, pinned: Compute capability 8.6: 128 threads per block, "
                                           "1 register per thread, 1000 bytes shared memory per block, "
                                           "100 KiB shared memory configuration");
  bare = cuocc_plot_caption (&cc, &in, NULL, NULL);
  g_assert_true (g_str_has_prefix (bare, "Compute capability 8.6: 256 threads"));
}

/* A pinned configuration's line is the export's only dashed one. */
static void
test_export_pinned (void)
{
  g_autofree char *path = temp_path ("pinned.svg");
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  CuoccSeries *series = test_series (CUOCC_SERIES_THREADS);
  CuoccSeries *pinned = plot_test_series_new (CUOCC_SERIES_THREADS, 128, 64, 0);
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = 640, .height = 400 };

  g_assert_true (cuocc_plot_export (series, pinned, &options, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "stroke-dasharray"));

  plot_test_series_free (series);
  plot_test_series_free (pinned);
  remove_temp (path);
}

/* Several graphs in one image, in rows; not as CSV. */
static void
test_export_sheet (void)
{
  g_autofree char *png = temp_path ("sheet.png");
  g_autofree char *csv = temp_path ("sheet.csv");
  g_autoptr(GError) error = NULL;
  const CuoccSeries *series[3];
  const CuoccSeries *pinned[3] = { NULL, NULL, NULL };
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .caption = "A caption",
                                     .width = 1440, .height = 500 };
  cairo_surface_t *surface, *alone;
  guint same = 0;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    series[k] = test_series (kinds[k]);
  pinned[1] = series[1];

  g_assert_true (cuocc_plot_export_sheet (series, pinned, 3, &options, png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1440);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 500);

  /* Three a row: the first graph is drawn in the first third as it is
   * drawn alone at that size, above the caption. */
  {
    int cell_h;
    CuoccPlotArea area;

    for (cell_h = 500; cell_h > 0; cell_h--)
      if (cuocc_plot_get_area (series[0], NULL, 480, cell_h, &area))
        {
          alone = render (series[0], CUOCC_PLOT_Y_PERCENT, NULL, NULL, 480, cell_h);
          same = 0;
          for (int y = (int) area.y; y < (int) (area.y + area.height); y += 3)
            for (int x = 0; x < 480; x += 3)
              same += pixel (alone, x, y) == pixel (surface, x, y);
          cairo_surface_destroy (alone);
          if (same > (area.height / 3) * 160 * 0.99)
            break;
        }
    g_assert_cmpint (cell_h, >, 400);
  }

  options.caption = NULL;
  g_assert_false (cuocc_plot_export_sheet (series, NULL, 3, &options, csv, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, ".png"));
  g_assert_false (g_file_test (csv, G_FILE_TEST_EXISTS));

  cairo_surface_destroy (surface);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    plot_test_series_free ((CuoccSeries *) series[k]);
  remove_temp (png);
  remove_temp (csv);
}

static void
test_export_svg (void)
{
  g_autofree char *path = temp_path ("graph.SVG");
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  CuoccSeries *series = test_series (CUOCC_SERIES_SMEM);
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_WARPS, .width = 640, .height = 360 };

  g_assert_true (cuocc_plot_export (series, NULL, &options, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
  g_assert_nonnull (strstr (data, "640"));

  plot_test_series_free (series);
  remove_temp (path);
}

static void
test_export_pdf (void)
{
  g_autofree char *path = temp_path ("graph.pdf");
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  CuoccSeries *series = test_series (CUOCC_SERIES_REGS);
  gsize length;
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = 640, .height = 360 };

  g_assert_true (cuocc_plot_export (series, NULL, &options, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (data, "%PDF"));

  plot_test_series_free (series);
  remove_temp (path);
}

static void
test_export_csv (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *path = temp_path ("graph.csv");
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      g_auto(GStrv) rows = NULL;
      g_autofree char *header = NULL;
      CuoccSeries *series = real_series ("8.0", kinds[k]);
      guint n_rows;
      CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = 0, .height = 0 };

      /* A CSV has no size: the export does not ask for one. */
      g_assert_true (cuocc_plot_export (series, NULL, &options, path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &data, NULL, NULL));

      rows = g_strsplit (data, "\n", -1);
      n_rows = g_strv_length (rows);
      if (n_rows > 0 && rows[n_rows - 1][0] == '\0')
        n_rows--;
      header = g_strdup_printf ("%s,active_blocks,active_warps,occupancy_pct",
                                cuocc_series_kind_name (kinds[k]));
      g_assert_true (g_str_has_prefix (rows[0], header));
      g_assert_cmpuint (n_rows, ==, series->lines[0].n_points + 1);
      if (kinds[k] == CUOCC_SERIES_SMEM)
        g_assert_nonnull (strstr (rows[0], "active_warps_cfg_"));

      cuocc_series_free (series);
      remove_temp (path);
    }
}

static void
test_export_missing_folder (void)
{
  g_autofree char *path = temp_path ("graph.png");
  g_autofree char *bad = g_build_filename (path, "no", "such", "folder", "graph.png", NULL);
  g_autoptr(GError) error = NULL;
  CuoccSeries *series = test_series (CUOCC_SERIES_THREADS);
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = 100, .height = 100 };

  g_assert_false (cuocc_plot_export (series, NULL, &options, bad, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "does not exist"));

  plot_test_series_free (series);
  remove_temp (path);
}

static void
test_export_unknown_extension (void)
{
  static const char *names[] = { "graph.jpg", "graph", "graph.png.txt", "dir.png/graph" };
  CuoccSeries *series = test_series (CUOCC_SERIES_THREADS);
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = 100, .height = 100 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = temp_path (names[i]);
      g_autoptr(GError) error = NULL;

      g_assert_false (cuocc_plot_export (series, NULL, &options, path, &error));
      g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
      g_assert_nonnull (strstr (error->message, ".png, .svg, .pdf, .csv"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      remove_temp (path);
    }

  plot_test_series_free (series);
}

/* A failed export must leave the file that was there. */
static void
test_export_invalid_size_keeps_file (void)
{
  static const struct { int width, height; } sizes[] = {
    { 0, 100 }, { 100, 0 }, { -5, 100 }, { CUOCC_PLOT_MAX_SIZE + 1, 100 }, { 100, CUOCC_PLOT_MAX_SIZE + 1 },
  };
  g_autofree char *path = temp_path ("graph.png");
  CuoccSeries *series = test_series (CUOCC_SERIES_THREADS);

  g_assert_true (g_file_set_contents (path, "precious", -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = sizes[i].width,
                                         .height = sizes[i].height };

      g_assert_false (cuocc_plot_export (series, NULL, &options, path, &error));
      g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
      g_assert_nonnull (strstr (error->message, "16384"));
      g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
      g_assert_cmpstr (data, ==, "precious");
    }

  plot_test_series_free (series);
  remove_temp (path);
}

/* The export writes a file beside the target and renames it over: where no
 * file can be created, the old one stays whole. */
static void
test_export_unwritable_folder_keeps_file (void)
{
  g_autofree char *path = temp_path ("graph.svg");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  CuoccSeries *series;
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .width = 300, .height = 200 };

  if (geteuid () == 0)
    {
      g_test_skip ("root writes into read-only folders");
      remove_temp (path);
      return;
    }

  series = test_series (CUOCC_SERIES_THREADS);
  g_assert_true (g_file_set_contents (path, "precious", -1, NULL));
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);

  g_assert_false (cuocc_plot_export (series, NULL, &options, path, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, path));

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_cmpstr (data, ==, "precious");

  plot_test_series_free (series);
  remove_temp (path);
}

static void
test_export_replaces_file (void)
{
  g_autofree char *path = temp_path ("graph.png");
  g_autoptr(GError) error = NULL;
  CuoccSeries *series = test_series (CUOCC_SERIES_REGS);
  cairo_surface_t *png;
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_WARPS, .width = 320, .height = 200 };

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (cuocc_plot_export (series, NULL, &options, path, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 320);
  cairo_surface_destroy (png);

  plot_test_series_free (series);
  remove_temp (path);
}

/* ------------------------------------------------------------------ */
/* The inverse mapping                                                  */
/* ------------------------------------------------------------------ */

static void
test_value_at_round_trip (void)
{
  static const struct { int width, height; } sizes[] = { { 800, 500 }, { 1920, 1080 }, { 360, 240 } };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        CuoccSeries *series = test_series (kinds[k]);
        const CuoccLine *line = &series->lines[0];
        CuoccPlotArea area;
        guint stride = MAX (1, line->n_points / 40);

        g_assert_true (cuocc_plot_get_area (series, NULL, sizes[s].width, sizes[s].height, &area));

        for (guint i = 0; i < line->n_points; i += stride)
          {
            gint64 v = line->points[i].x;
            gint64 got = -1;
            double x;

            /* The current value may fall between steps; the grid's points round-trip. */
            if (v == series->current_x && kinds[k] != CUOCC_SERIES_REGS)
              continue;

            x = cuocc_plot_area_x_for_value (&area, v);
            g_assert_true (cuocc_plot_value_at (series, sizes[s].width, sizes[s].height, x, area.y + area.height / 2, &got));
            g_assert_cmpint (got, ==, v);
          }

        plot_test_series_free (series);
      }
}

static void
test_value_at_snaps_and_clamps (void)
{
  CuoccSeries *series = test_series (CUOCC_SERIES_THREADS);
  CuoccPlotArea area;
  double x;
  gint64 v;

  g_assert_true (cuocc_plot_get_area (series, NULL, W, H, &area));

  /* Between 256 and 288, nearer 256: a warp multiple. */
  x = cuocc_plot_area_x_for_value (&area, 256);
  g_assert_true (cuocc_plot_value_at (series, W, H, x + area.width * 10.0 / 1024, area.y + 1, &v));
  g_assert_cmpint (v, ==, 256);

  /* The left edge is 0 threads, which is no block size: the first step. */
  g_assert_true (cuocc_plot_value_at (series, W, H, area.x, area.y + area.height, &v));
  g_assert_cmpint (v, ==, 32);
  g_assert_true (cuocc_plot_value_at (series, W, H, area.x + area.width, area.y, &v));
  g_assert_cmpint (v, ==, 1024);

  /* Outside the plot area. */
  g_assert_false (cuocc_plot_value_at (series, W, H, area.x - 2, area.y + area.height / 2, &v));
  g_assert_false (cuocc_plot_value_at (series, W, H, area.x + area.width + 2, area.y + area.height / 2, &v));
  g_assert_false (cuocc_plot_value_at (series, W, H, area.x + area.width / 2, area.y - 2, &v));
  g_assert_false (cuocc_plot_value_at (series, W, H, area.x + area.width / 2, area.y + area.height + 2, &v));
  g_assert_false (cuocc_plot_value_at (series, 4, 4, 2, 2, &v));
  plot_test_series_free (series);

  /* Shared memory snaps to its allocation unit, registers to one. */
  series = test_series (CUOCC_SERIES_SMEM);
  g_assert_true (cuocc_plot_get_area (series, NULL, W, H, &area));
  for (double f = 0.05; f < 1.0; f += 0.1)
    {
      g_assert_true (cuocc_plot_value_at (series, W, H, area.x + area.width * f, area.y + 1, &v));
      g_assert_cmpint (v % 128, ==, 0);
    }
  plot_test_series_free (series);

  series = test_series (CUOCC_SERIES_REGS);
  g_assert_true (cuocc_plot_get_area (series, NULL, W, H, &area));
  g_assert_true (cuocc_plot_value_at (series, W, H, area.x + area.width, area.y + 1, &v));
  g_assert_cmpint (v, ==, 255);
  g_assert_true (cuocc_plot_value_at (series, W, H, area.x, area.y + 1, &v));
  g_assert_cmpint (v, ==, 0);
  plot_test_series_free (series);
}

/* The real series from libcuocc map the same way, for every generation. */
static void
test_value_at_real_series (void)
{
  static const char *ccs[] = { "1.3", "2.0", "3.5", "5.2", "7.0", "8.0", "8.6", "9.0", "12.0" };

  for (guint c = 0; c < G_N_ELEMENTS (ccs); c++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        CuoccSeries *series = real_series (ccs[c], kinds[k]);
        const CuoccLine *line = &series->lines[0];
        CuoccPlotArea area;
        double x;
        gint64 v, expected_step;

        g_assert_true (cuocc_plot_get_area (series, NULL, 1200, 700, &area));
        x = cuocc_plot_area_x_for_value (&area, line->points[line->n_points - 1].x);
        g_assert_true (cuocc_plot_value_at (series, 1200, 700, x, area.y + area.height / 2, &v));
        g_assert_cmpint (v, ==, series->x_max);

        expected_step = kinds[k] == CUOCC_SERIES_THREADS ? 32 : 1;
        if (kinds[k] != CUOCC_SERIES_SMEM)
          {
            g_assert_true (cuocc_plot_value_at (series, 1200, 700, x - 37.3, area.y + area.height / 2, &v));
            g_assert_cmpint (v % expected_step, ==, 0);
          }

        cuocc_series_free (series);
      }
}

/* ------------------------------------------------------------------ */
/* Pixels                                                               */
/* ------------------------------------------------------------------ */

static void
test_draw_marks_current_point (void)
{
  CuoccPlotStyle style;

  cuocc_plot_style_init_light (&style);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (CuoccPlotYUnit unit = CUOCC_PLOT_Y_PERCENT; unit <= CUOCC_PLOT_Y_WARPS; unit++)
      {
        CuoccSeries *series = test_series (kinds[k]);
        cairo_surface_t *surface = render (series, unit, &style, NULL, W, H);
        double x, y;

        g_assert_cmpuint (count_distinct_pixels (surface), >, 20);
        g_assert_true (pixel_is (pixel (surface, 1, 1), &style.background, 0));

        expected_marker (series, W, H, &x, &y);
        g_assert_cmpuint (count_pixels_near (surface, &style.marker, x, y, 4), >=, 8);
        /* Far from it, no marker colour. */
        g_assert_cmpuint (count_pixels_near (surface, &style.marker, W - 40, 40, 20), ==, 0);

        cairo_surface_destroy (surface);
        plot_test_series_free (series);
      }
}

static void
test_draw_line_colour (void)
{
  CuoccPlotStyle style;
  CuoccSeries *series = test_series (CUOCC_SERIES_REGS);
  cairo_surface_t *surface;
  CuoccPlotArea area;
  guint found = 0;

  cuocc_plot_style_init_light (&style);
  surface = render (series, CUOCC_PLOT_Y_PERCENT, &style, NULL, W, H);
  g_assert_true (cuocc_plot_get_area (series, NULL, W, H, &area));

  /* At 0 registers the line is at 28 of 32 blocks... of the test model:
   * whatever the level, a column through the middle of the plot crosses it. */
  for (int y = (int) area.y; y < (int) (area.y + area.height); y++)
    if (pixel_is (pixel (surface, (int) (area.x + area.width * 0.7), y), &style.line, 2))
      found++;
  g_assert_cmpuint (found, >=, 2);

  cairo_surface_destroy (surface);
  plot_test_series_free (series);
}

static void
test_draw_dark (void)
{
  CuoccPlotStyle style;
  CuoccSeries *series = test_series (CUOCC_SERIES_SMEM);
  cairo_surface_t *surface;
  guint dark = 0, total = 0;

  cuocc_plot_style_init_dark (&style);
  g_assert_cmpfloat (style.background.r + style.background.g + style.background.b, <, 0.6);
  g_assert_cmpfloat (style.foreground.r + style.foreground.g + style.foreground.b, >, 2.4);

  surface = render (series, CUOCC_PLOT_Y_WARPS, &style, NULL, W, H);
  for (int y = 0; y < H; y += 7)
    for (int x = 0; x < W; x += 7)
      {
        guint32 p = pixel (surface, x, y);
        int luma = (((p >> 16) & 0xff) * 2 + ((p >> 8) & 0xff) * 7 + (p & 0xff)) / 10;

        total++;
        if (luma < 64)
          dark++;
      }
  g_assert_cmpuint (dark, >, total * 3 / 4);
  g_assert_true (pixel_is (pixel (surface, 0, 0), &style.background, 0));

  cairo_surface_destroy (surface);
  plot_test_series_free (series);
}

static void
test_draw_transparent_background (void)
{
  CuoccPlotStyle style;
  CuoccSeries *series = test_series (CUOCC_SERIES_THREADS);
  cairo_surface_t *surface;

  cuocc_plot_style_init_light (&style);
  style.background.a = 0;
  surface = render (series, CUOCC_PLOT_Y_PERCENT, &style, NULL, W, H);
  g_assert_cmphex (pixel (surface, 0, 0), ==, 0);
  g_assert_cmphex (pixel (surface, W - 1, H / 2), ==, 0);
  g_assert_cmpuint (count_distinct_pixels (surface), >, 20);

  cairo_surface_destroy (surface);
  plot_test_series_free (series);
}

static gsize
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a);
  int h = cairo_image_surface_get_height (a);
  gsize n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (pixel (a, x, y) != pixel (b, x, y))
        n++;

  return n;
}

static void
test_draw_hover (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      CuoccSeries *series = test_series (kinds[k]);
      cairo_surface_t *plain = render (series, CUOCC_PLOT_Y_PERCENT, NULL, NULL, W, H);
      cairo_surface_t *hovered, *outside, *none;
      CuoccPlotArea area;
      CuoccPlotHover in, out = { 3, 3 }, off = { -1, -1 };

      g_assert_true (cuocc_plot_get_area (series, NULL, W, H, &area));
      in = (CuoccPlotHover) { area.x + area.width * 0.6, area.y + area.height * 0.5 };

      hovered = render (series, CUOCC_PLOT_Y_PERCENT, NULL, &in, W, H);
      outside = render (series, CUOCC_PLOT_Y_PERCENT, NULL, &out, W, H);
      none = render (series, CUOCC_PLOT_Y_PERCENT, NULL, &off, W, H);

      /* A guide and a read-out box: hundreds of pixels. */
      g_assert_cmpuint (count_differences (plain, hovered), >, 500);
      g_assert_cmpuint (count_differences (plain, outside), ==, 0);
      g_assert_cmpuint (count_differences (plain, none), ==, 0);

      cairo_surface_destroy (plain);
      cairo_surface_destroy (hovered);
      cairo_surface_destroy (outside);
      cairo_surface_destroy (none);
      plot_test_series_free (series);
    }
}

/* The plot area does not move when the unit is toggled: the line's pixels
 * are the same in both; only the labels and the grid differ. */
static void
test_draw_unit_keeps_area (void)
{
  CuoccPlotStyle style;
  CuoccSeries *series = test_series (CUOCC_SERIES_THREADS);
  cairo_surface_t *percent, *warps;
  guint line_pixels = 0;

  cuocc_plot_style_init_light (&style);
  percent = render (series, CUOCC_PLOT_Y_PERCENT, &style, NULL, W, H);
  warps = render (series, CUOCC_PLOT_Y_WARPS, &style, NULL, W, H);

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        gboolean a = pixel_is (pixel (percent, x, y), &style.line, 0);

        g_assert_cmpint (a, ==, pixel_is (pixel (warps, x, y), &style.line, 0));
        line_pixels += a;
      }
  g_assert_cmpuint (line_pixels, >, 1000);

  cairo_surface_destroy (percent);
  cairo_surface_destroy (warps);
  plot_test_series_free (series);
}

static void
test_draw_tiny_and_huge_sizes (void)
{
  static const struct { int width, height; } sizes[] = {
    { 1, 1 }, { 10, 10 }, { 60, 40 }, { 120, 80 }, { 4000, 120 }, { 120, 3000 },
  };
  CuoccSeries *series = test_series (CUOCC_SERIES_SMEM);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      CuoccPlotHover hover = { sizes[i].width / 2.0, sizes[i].height / 2.0 };
      cairo_surface_t *surface = render (series, CUOCC_PLOT_Y_PERCENT, NULL, &hover,
                                         sizes[i].width, sizes[i].height);

      cairo_surface_destroy (surface);
    }

  plot_test_series_free (series);
}

/* Real series from each generation draw, and their marker is where the
 * current configuration is. */
static void
test_draw_real_series (void)
{
  static const char *ccs[] = { "1.0", "2.1", "3.0", "5.3", "6.1", "7.5", "8.6", "9.0", "10.0", "12.1" };
  CuoccPlotStyle style;

  cuocc_plot_style_init_dark (&style);
  for (guint c = 0; c < G_N_ELEMENTS (ccs); c++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        CuoccSeries *series = real_series (ccs[c], kinds[k]);
        cairo_surface_t *surface = render (series, CUOCC_PLOT_Y_WARPS, &style, NULL, 900, 520);
        double x, y;

        expected_marker (series, 900, 520, &x, &y);
        g_assert_cmpuint (count_pixels_near (surface, &style.marker, x, y, 4), >=, 8);

        cairo_surface_destroy (surface);
        cuocc_series_free (series);
      }
}

/* ------------------------------------------------------------------ */
/* Ticks and words                                                      */
/* ------------------------------------------------------------------ */

static void
test_ticks (void)
{
  static const struct { int width; } widths[] = { { 300 }, { 800 }, { 1920 } };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
      {
        CuoccSeries *series = test_series (kinds[k]);
        PlotLayout layout;

        g_assert_true (_cuocc_plot_layout_compute (&layout, series, NULL, widths[w].width, 400));
        g_assert_cmpuint (layout.n_x_ticks, >=, 2);

        for (guint i = 0; i < layout.n_x_ticks; i++)
          {
            const char *label = layout.x_ticks[i].label;
            gint64 value = (gint64) (layout.x_ticks[i].pos * series->x_max + 0.5);

            if (kinds[k] == CUOCC_SERIES_THREADS)
              g_assert_cmpint (value % 32, ==, 0);
            if (kinds[k] == CUOCC_SERIES_SMEM && i > 0)
              g_assert_true (g_str_has_suffix (label, "K"));
            /* Neighbouring labels leave room between them. */
            if (i > 0)
              {
                double spacing = (layout.x_ticks[i].pos - layout.x_ticks[i - 1].pos) * layout.frame.area.width;
                g_assert_cmpfloat (spacing, >, (layout.x_ticks[i].width + layout.x_ticks[i - 1].width) / 2);
              }
          }

        /* The y axis is labelled at its top in either unit. */
        g_assert_cmpstr (layout.y_ticks[CUOCC_PLOT_Y_PERCENT][layout.n_y_ticks[CUOCC_PLOT_Y_PERCENT] - 1].label, ==, "100");
        g_assert_cmpstr (layout.y_ticks[CUOCC_PLOT_Y_WARPS][layout.n_y_ticks[CUOCC_PLOT_Y_WARPS] - 1].label, ==, "64");

        plot_test_series_free (series);
      }
}

static gboolean
boxes_intersect (const PlotRect *a,
                 const PlotRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width
         && a->y < b->y + b->height && b->y < a->y + a->height;
}

/* Every text box lies inside the width × height surface and overlaps no other. */
static void
assert_boxes_apart (const char     *what,
                    int             width,
                    int             height,
                    const PlotRect *boxes,
                    guint           n)
{
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpfloat (boxes[i].width, >, 0);
      g_assert_cmpfloat (boxes[i].x, >=, 0);
      g_assert_cmpfloat (boxes[i].y, >=, 0);
      g_assert_cmpfloat (boxes[i].x + boxes[i].width, <=, width);
      g_assert_cmpfloat (boxes[i].y + boxes[i].height, <=, height);
      for (guint j = i + 1; j < n; j++)
        if (boxes_intersect (&boxes[i], &boxes[j]))
          g_error ("%s at %d × %d: text boxes %u (%g, %g, %g × %g) and %u (%g, %g, %g × %g) overlap",
                   what, width, height, i, boxes[i].x, boxes[i].y, boxes[i].width, boxes[i].height,
                   j, boxes[j].x, boxes[j].y, boxes[j].width, boxes[j].height);
    }
}

/* A row of labels drops those closer than the gap to the last one shown or
 * off the surface; a column, stacked bottom up, those that would run into
 * the one below or off the right edge. Worked by hand: labels 8 wide, one
 * line 10 high, a 100 wide surface. */
static void
test_labels_place (void)
{
  PlotFrame frame = { .line_height = 10, .width = 100, .x_label_y = 50 };
  PlotTick row[] = {
    { .center = 2, .width = 8 },   /* -2..6: off the left edge */
    { .center = 10, .width = 8 },  /* 6..14 */
    { .center = 17, .width = 8 },  /* 13..21: closer than 2 to 14 */
    { .center = 20, .width = 8 },  /* 16..24: 2 from 14 */
    { .center = 98, .width = 8 },  /* 94..102: off the right edge */
  };
  PlotTick column[] = {
    { .center = 80, .x = 10, .width = 8 },  /* 75..85 */
    { .center = 72, .x = 10, .width = 8 },  /* 67..77: runs into 75 */
    { .center = 70, .x = 10, .width = 8 },  /* 65..75 */
    { .center = 50, .x = 95, .width = 8 },  /* ends at 103: off the right edge */
    { .center = 40, .x = 10, .width = 8 },  /* 35..45 */
  };
  static const gboolean row_shown[] = { FALSE, TRUE, FALSE, TRUE, FALSE };
  static const double row_x[] = { -2, 6, 13, 16, 94 };
  static const gboolean column_shown[] = { TRUE, FALSE, TRUE, FALSE, TRUE };
  static const double column_y[] = { 75, 67, 65, 45, 35 };

  _cuocc_plot_frame_place_row (&frame, row, G_N_ELEMENTS (row), 2);
  _cuocc_plot_frame_place_column (&frame, column, G_N_ELEMENTS (column), 0);
  for (guint i = 0; i < G_N_ELEMENTS (row); i++)
    {
      g_assert_cmpint (row[i].shown, ==, row_shown[i]);
      g_assert_cmpfloat (row[i].x, ==, row_x[i]);
      g_assert_cmpfloat (row[i].y, ==, 50);
      g_assert_cmpint (column[i].shown, ==, column_shown[i]);
      g_assert_cmpfloat (column[i].y, ==, column_y[i]);
    }

  /* With a gap of 3, 65..75 comes too close to 75 as well. */
  _cuocc_plot_frame_place_column (&frame, column, G_N_ELEMENTS (column), 3);
  g_assert_false (column[2].shown);
  g_assert_true (column[4].shown);
}

/* Graph text never overlaps at any size a graph gets in a window of
 * 800 × 600 and up (a graph asks for 240 × 160 at least): the title, the
 * axis titles, the tick labels shown and the legend each keep their own
 * rectangle, inside the surface. Long titles are shortened and labels that
 * do not fit are dropped, so at the smallest sizes some are missing; the
 * title and the axis titles never are. */
static void
test_text_never_overlaps (void)
{
  static const struct { int width, height; } sizes[] = {
    { 240, 160 }, { 260, 170 }, { 300, 190 }, { 340, 220 }, { 380, 250 }, { 420, 260 },
    { 480, 300 }, { 560, 320 }, { 640, 360 }, { 800, 450 }, { 1200, 500 },
  };
  static const CuoccSeriesKind all_kinds[] = {
    CUOCC_SERIES_THREADS, CUOCC_SERIES_REGS, CUOCC_SERIES_SMEM, CUOCC_SERIES_BARRIERS, CUOCC_SERIES_CLUSTER_SIZE,
  };
  static const char *ccs[] = { "9.0", "8.6", "7.0" };

  for (guint c = 0; c < G_N_ELEMENTS (ccs); c++)
    for (guint k = 0; k < G_N_ELEMENTS (all_kinds); k++)
      {
        CuoccGpu gpu;
        CuoccInput in;
        CuoccSeries *series;

        g_assert_true (cuocc_gpu_for_cc (ccs[c], &gpu, NULL));
        if (all_kinds[k] == CUOCC_SERIES_CLUSTER_SIZE && gpu.cap.max_cluster_size == 0)
          continue;
        cuocc_input_init (&in);
        in.threads = 256;
        in.regs = 40;
        in.smem = 12000;
        series = cuocc_series_new (&gpu, &in, all_kinds[k]);
        g_assert_nonnull (series);

        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          for (CuoccPlotYUnit unit = CUOCC_PLOT_Y_PERCENT; unit <= CUOCC_PLOT_Y_WARPS; unit++)
            {
              PlotLayout layout;
              PlotRect boxes[2 * PLOT_MAX_TICKS + PLOT_MAX_LEGEND + 3];
              g_autofree char *what = NULL;
              guint n;

              g_assert_true (_cuocc_plot_layout_compute (&layout, series, NULL, sizes[s].width, sizes[s].height));
              n = _cuocc_plot_layout_text_boxes (&layout, series, NULL, unit, boxes, G_N_ELEMENTS (boxes));
              /* The title, both axis titles and at least two labels a axis. */
              g_assert_cmpuint (n, >=, 7);
              what = g_strdup_printf ("%s %s", ccs[c], cuocc_series_kind_name (all_kinds[k]));
              assert_boxes_apart (what, sizes[s].width, sizes[s].height, boxes, n);
            }

        cuocc_series_free (series);
      }
}

/* The y axis' title is whole in a graph as short as the window gives five
 * of them at 1920 × 1080 (about 720 × 175; it read "Occup…" in four of
 * five): its column takes the graph's height beside the plot area, not the
 * plot area's. Its whole length is what the same title takes in a graph
 * tall enough for anything. */
static void
test_y_title_whole_in_short_graphs (void)
{
  static const struct { int width, height; } sizes[] = { { 720, 175 }, { 560, 170 }, { 1200, 180 } };
  static const CuoccSeriesKind all_kinds[] = {
    CUOCC_SERIES_THREADS, CUOCC_SERIES_REGS, CUOCC_SERIES_SMEM, CUOCC_SERIES_BARRIERS, CUOCC_SERIES_CLUSTER_SIZE,
  };
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 256;
  in.regs = 40;
  in.smem = 12000;
  for (guint k = 0; k < G_N_ELEMENTS (all_kinds); k++)
    {
      CuoccSeries *series = cuocc_series_new (&gpu, &in, all_kinds[k]);

      for (CuoccPlotYUnit unit = CUOCC_PLOT_Y_PERCENT; unit <= CUOCC_PLOT_Y_WARPS; unit++)
        {
          PlotLayout layout;
          PlotRect tall[2 * PLOT_MAX_TICKS + PLOT_MAX_LEGEND + 3];

          g_assert_true (_cuocc_plot_layout_compute (&layout, series, NULL, 800, 800));
          g_assert_cmpuint (_cuocc_plot_layout_text_boxes (&layout, series, NULL, unit, tall, G_N_ELEMENTS (tall)), >=, 3);
          for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
            {
              PlotRect boxes[2 * PLOT_MAX_TICKS + PLOT_MAX_LEGEND + 3];
              guint n;

              g_test_message ("%s at %d × %d", cuocc_series_kind_name (all_kinds[k]), sizes[s].width, sizes[s].height);
              g_assert_true (_cuocc_plot_layout_compute (&layout, series, NULL, sizes[s].width, sizes[s].height));
              n = _cuocc_plot_layout_text_boxes (&layout, series, NULL, unit, boxes, G_N_ELEMENTS (boxes));
              /* boxes[2] is the y axis' title, as tall as its text is long. */
              g_assert_cmpfloat (boxes[2].height, ==, tall[2].height);
              g_assert_cmpfloat (boxes[2].height, >, layout.frame.area.height);
              assert_boxes_apart (cuocc_series_kind_name (all_kinds[k]), sizes[s].width, sizes[s].height, boxes, n);
            }
        }
      cuocc_series_free (series);
    }
}

/* A title's translation, as po/LANG.po gives it (one line), or NULL. */
static char *
po_translation (const char *lang,
                const char *msgid)
{
  g_autofree char *path = g_build_filename (g_getenv ("CUOCC_SOURCE_ROOT"), "po", NULL);
  g_autofree char *file = g_strdup_printf ("%s/%s.po", path, lang);
  g_autofree char *text = NULL;
  g_autofree char *key = g_strdup_printf ("\nmsgid \"%s\"\nmsgstr \"", msgid);
  const char *found;
  const char *end;

  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  found = strstr (text, key);
  if (found == NULL)
    return NULL;
  found += strlen (key);
  end = strstr (found, "\"\n");
  g_assert_nonnull (end);
  return g_strndup (found, end - found);
}

/* The graphs' titles where the graphs are narrowest: at 800 × 600 they are
 * GRAPH_WIDTH_800 pixels wide (test-layout's small-window test checks
 * that), where one line cut "Impact of varying register count per thread"
 * to "Impact of varying register count per th…". A title that does not fit
 * on one line takes two, whole, in English, German and Chinese; the plot
 * area starts below it, and no text overlaps another. */
static void
test_titles_whole_at_800 (void)
{
  static const CuoccSeriesKind all_kinds[] = {
    CUOCC_SERIES_THREADS, CUOCC_SERIES_REGS, CUOCC_SERIES_SMEM, CUOCC_SERIES_BARRIERS, CUOCC_SERIES_CLUSTER_SIZE,
  };
  static const char *langs[] = { NULL, "de", "zh_CN" };
  static const int widths[] = { GRAPH_WIDTH_800, 800 };
  CuoccPlotStyle style;
  CuoccGpu gpu;
  CuoccInput in;
  guint wrapped = 0;

  cuocc_plot_style_init_light (&style);
  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 256;
  in.regs = 40;
  in.smem = 12000;
  for (guint k = 0; k < G_N_ELEMENTS (all_kinds); k++)
    for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        {
          const char *english = _cuocc_plot_title (all_kinds[k]);
          g_autofree char *translated = langs[l] != NULL ? po_translation (langs[l], english) : NULL;
          const char *title = translated != NULL ? translated : english;
          PangoLayout *measure = _cuocc_plot_measure_layout ();
          g_autoptr(PangoLayout) drawn = NULL;
          PlotFrame frame;
          double one_width, one_height;

          g_test_message ("“%s” at %d pixels", title, widths[w]);
          g_assert_true (langs[l] == NULL || translated != NULL);
          _cuocc_plot_frame_measure (&frame, measure, &style, title, _cuocc_plot_x_title (all_kinds[k]), widths[w]);
          _cuocc_plot_measure_set_font (measure, &style, PLOT_TITLE_FONT_SCALE, TRUE);
          _cuocc_plot_measure (measure, title, &one_width, &one_height);
          g_assert_cmpfloat (frame.title_width, <=, frame.title_max_width);
          if (one_width <= frame.title_max_width)
            {
              g_assert_false (frame.title_wrapped);
              g_assert_cmpfloat (frame.title_height, ==, one_height);
              continue;
            }

          /* As _cuocc_plot_text_show_title () draws it: two lines, whole. */
          wrapped++;
          g_assert_true (frame.title_wrapped);
          drawn = pango_layout_copy (measure);
          pango_layout_set_text (drawn, title, -1);
          _cuocc_plot_title_wrap (drawn, MIN (frame.title_max_width, frame.title_width + 1));
          g_assert_cmpint (pango_layout_get_line_count (drawn), ==, 2);
          g_assert_false (pango_layout_is_ellipsized (drawn));
          g_assert_cmpfloat (frame.title_height, >=, 2 * one_height - 1);
        }
  /* The long English titles and their German do wrap there. */
  g_assert_cmpuint (wrapped, >=, 4);

  /* In the drawing's layout: the plot area below the two lines, and the
   * title apart from the axis titles and the labels. */
  for (guint k = 0; k < G_N_ELEMENTS (all_kinds); k++)
    {
      CuoccSeries *series = cuocc_series_new (&gpu, &in, all_kinds[k]);
      PlotLayout layout;
      PlotRect boxes[2 * PLOT_MAX_TICKS + PLOT_MAX_LEGEND + 3];
      guint n;

      g_assert_true (_cuocc_plot_layout_compute (&layout, series, &style, GRAPH_WIDTH_800, 260));
      g_assert_cmpfloat (layout.frame.area.y, >=, layout.frame.title_y + layout.frame.title_height);
      n = _cuocc_plot_layout_text_boxes (&layout, series, &style, CUOCC_PLOT_Y_PERCENT, boxes, G_N_ELEMENTS (boxes));
      g_assert_cmpfloat (boxes[0].height, ==, layout.frame.title_height);
      assert_boxes_apart (cuocc_series_kind_name (all_kinds[k]), GRAPH_WIDTH_800, 260, boxes, n);
      cuocc_series_free (series);
    }
}

/* The same for the heatmaps, from the least a heatmap view asks for
 * (280 × 200) up: titles, axis labels and the colour scale's labels. */
static void
test_heatmap_text_never_overlaps (void)
{
  static const struct { int width, height; } sizes[] = {
    { 280, 200 }, { 320, 220 }, { 400, 260 }, { 520, 320 }, { 800, 500 }, { 1200, 600 },
  };
  static const char *ccs[] = { "9.0", "7.0" };
  static const CuoccSeriesKind y_kinds[] = { CUOCC_SERIES_REGS, CUOCC_SERIES_SMEM };

  for (guint c = 0; c < G_N_ELEMENTS (ccs); c++)
    for (guint k = 0; k < G_N_ELEMENTS (y_kinds); k++)
      {
        CuoccGpu gpu;
        CuoccInput in;
        CuoccGrid *grid;

        g_assert_true (cuocc_gpu_for_cc (ccs[c], &gpu, NULL));
        cuocc_input_init (&in);
        in.threads = 256;
        in.regs = 40;
        in.smem = 12000;
        grid = cuocc_grid_new (&gpu, &in, y_kinds[k]);
        g_assert_nonnull (grid);

        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          {
            PlotRect boxes[3 * PLOT_MAX_TICKS + 3];
            guint n = _cuocc_plot_heatmap_text_boxes (grid, NULL, sizes[s].width, sizes[s].height,
                                                      boxes, G_N_ELEMENTS (boxes));
            g_autofree char *what = g_strdup_printf ("%s heatmap-%s", ccs[c], cuocc_series_kind_name (y_kinds[k]));

            /* The titles, a label on each axis and two on the scale at least. */
            g_assert_cmpuint (n, >=, 7);
            assert_boxes_apart (what, sizes[s].width, sizes[s].height, boxes, n);
          }

        cuocc_grid_free (grid);
      }
}

static void
test_formats (void)
{
  static const struct { gint64 bytes; const char *tick; const char *size; const char *config; } cases[] = {
    { 0, "0", "0 bytes", "0 KiB config" },
    { 512, "0.5K", "0.5 KiB", "0.5 KiB config" },
    { 1024, "1K", "1 KiB", "1 KiB config" },
    { 49152, "48K", "48 KiB", "48 KiB config" },
    { 102400, "100K", "100 KiB", "100 KiB config" },
    { 1000, "0.977K", "1000 bytes", "0.977 KiB config" },
  };
  static const struct { double fraction; const char *text; } percents[] = {
    { 0.75, "75 %" }, { 0.625, "62.5 %" }, { 1.0 / 3, "33.33 %" }, { 0, "0 %" }, { 1, "100 %" },
  };
  char buf[64];

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      _cuocc_plot_format_x_tick (CUOCC_SERIES_SMEM, cases[i].bytes, buf, sizeof buf);
      g_assert_cmpstr (buf, ==, cases[i].tick);
      _cuocc_plot_format_size (cases[i].bytes, buf, sizeof buf);
      g_assert_cmpstr (buf, ==, cases[i].size);
      _cuocc_plot_format_config (cases[i].bytes, buf, sizeof buf);
      g_assert_cmpstr (buf, ==, cases[i].config);
    }

  for (guint i = 0; i < G_N_ELEMENTS (percents); i++)
    {
      _cuocc_plot_format_percent (percents[i].fraction, buf, sizeof buf);
      g_assert_cmpstr (buf, ==, percents[i].text);
    }

  _cuocc_plot_format_x_tick (CUOCC_SERIES_THREADS, 1024, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "1024");
}

/* Shared memory reads in KiB in the legend, in its long form ("228 KiB
 * config") and in the short one a narrow graph falls back to ("228 KiB"). */
static void
test_legend_kib (void)
{
  static const double widths[] = { 360, 500, 800, 1600 };
  gboolean short_seen = FALSE, long_seen = FALSE;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccSeries *series;

  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 256;
  series = cuocc_series_new (&gpu, &in, CUOCC_SERIES_SMEM);

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      PlotLayout layout;

      if (!_cuocc_plot_layout_compute (&layout, series, NULL, widths[w], 600))
        continue;
      g_assert_cmpuint (layout.n_legend, ==, 10);
      for (guint i = 0; i < layout.n_legend; i++)
        {
          const char *label = layout.legend[i].label;

          g_assert_null (strstr (label, "KB"));
          g_assert_true (g_str_has_suffix (label, " KiB") || g_str_has_suffix (label, " KiB config"));
          short_seen |= g_str_has_suffix (label, " KiB");
          long_seen |= g_str_has_suffix (label, " KiB config");
        }
      /* The current configuration, 228 KiB on 9.0, comes first. */
      g_assert_true (g_str_has_prefix (layout.legend[0].label, "228 KiB"));
    }
  g_assert_true (short_seen);
  g_assert_true (long_seen);

  cuocc_series_free (series);
}

/* Whether an opaque pixel is color laid over white with a coverage of at
 * least a half: a thin line's pixels are partly covered. */
static gboolean
pixel_mixes_white (guint32               argb,
                   const CuoccPlotColor *color)
{
  int p[3] = { (argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff };
  double c[3] = { color->r * 255, color->g * 255, color->b * 255 };
  guint far = 0;
  double coverage;

  /* The coverage from the channel farthest from white, then every channel
   * must agree with it. */
  for (guint i = 1; i < 3; i++)
    if (c[i] < c[far])
      far = i;
  coverage = (255 - p[far]) / (255 - c[far]);
  if ((argb >> 24) != 0xff || coverage < 0.5 || coverage > 1.05)
    return FALSE;

  for (guint i = 0; i < 3; i++)
    if (ABS (p[i] - (255 - coverage * (255 - c[i]))) > 10)
      return FALSE;

  return TRUE;
}

/* The pixels of a configuration's swatch in the legend in its colour. */
static guint
count_swatch_pixels (cairo_surface_t      *surface,
                     const PlotLayout     *layout,
                     guint                 entry,
                     const CuoccPlotColor *color)
{
  const PlotLegendEntry *e = &layout->legend[entry];
  double swatch = e->text_x - layout->frame.gap - e->x;
  guint n = 0;

  for (int y = (int) e->y; y < (int) (e->y + layout->frame.line_height); y++)
    for (int x = (int) e->x + 1; x < (int) (e->x + swatch) - 1; x++)
      n += pixel_mixes_white (pixel (surface, x, y), color);

  return n;
}

static int
legend_entry_for (const CuoccSeries *series,
                  const PlotLayout  *layout,
                  gint64             config)
{
  for (guint i = 0; i < layout->n_legend; i++)
    if (series->lines[layout->legend[i].line].smem_config == config)
      return (int) i;
  return -1;
}

/* A configuration keeps its colour when another one becomes the current
 * one: on 9.0 the configurations are 228, 196, 164, 132, 100, 64, 32, 16, 8
 * and 0 KiB, so 132 KiB is the fourth, the third of the other colours,
 * whether 228 KiB or 100 KiB is current (by the line's index, it was the
 * third colour, then the fourth). */
static void
test_config_keeps_colour (void)
{
  static const gint64 currents[] = { -1, 100 * 1024, 16 * 1024 };
  CuoccPlotStyle style;
  CuoccGpu gpu;

  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  cuocc_plot_style_init_light (&style);

  for (guint c = 0; c < G_N_ELEMENTS (currents); c++)
    {
      CuoccInput in;
      CuoccSeries *series;
      cairo_surface_t *surface;
      PlotLayout layout;
      int e132, e228;

      cuocc_input_init (&in);
      in.threads = 256;
      in.smem_config = currents[c];
      series = cuocc_series_new (&gpu, &in, CUOCC_SERIES_SMEM);
      surface = render (series, CUOCC_PLOT_Y_PERCENT, &style, NULL, 1600, 700);
      g_assert_true (_cuocc_plot_layout_compute (&layout, series, &style, 1600, 700));

      e132 = legend_entry_for (series, &layout, 132 * 1024);
      e228 = legend_entry_for (series, &layout, 228 * 1024);
      g_assert_cmpint (e132, >=, 0);
      g_assert_cmpint (e228, >=, 0);
      g_assert_cmpuint (count_swatch_pixels (surface, &layout, e132, &style.other_lines[2]), >=, 10);
      g_assert_cmpuint (count_swatch_pixels (surface, &layout, e132, &style.other_lines[3]), ==, 0);
      /* The largest keeps the first colour, current or not. */
      g_assert_cmpuint (count_swatch_pixels (surface, &layout, e228, &style.line), >=, 10);

      cairo_surface_destroy (surface);
      cuocc_series_free (series);
    }
}

static void
test_styles (void)
{
  CuoccPlotStyle light, dark;

  cuocc_plot_style_init_light (&light);
  cuocc_plot_style_init_dark (&dark);
  g_assert_cmpfloat (light.background.a, ==, 1.0);
  g_assert_cmpfloat (light.font_size, >, 0);
  g_assert_cmpfloat (light.line_width, >, 0);
  g_assert_cmpfloat (dark.font_size, ==, light.font_size);
  /* The marker stands out from the line in both. */
  g_assert_cmpfloat (ABS (light.marker.r - light.line.r) + ABS (light.marker.b - light.line.b), >, 0.8);
  g_assert_cmpfloat (ABS (dark.marker.r - dark.line.r) + ABS (dark.marker.b - dark.line.b), >, 0.6);
}

/* ------------------------------------------------------------------ */
/* The heatmap                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
  gint64 x[32];
  gint64 y[256];
  double occupancy[32 * 256];
  CuoccGrid map;
} TestHeatmap;

static void
test_heatmap_init (TestHeatmap *h)
{
  for (guint i = 0; i < G_N_ELEMENTS (h->x); i++)
    h->x[i] = 32 * (i + 1);
  for (guint j = 0; j < G_N_ELEMENTS (h->y); j++)
    h->y[j] = j;
  for (guint j = 0; j < G_N_ELEMENTS (h->y); j++)
    for (guint i = 0; i < G_N_ELEMENTS (h->x); i++)
      h->occupancy[j * G_N_ELEMENTS (h->x) + i] = (double) ((i + j) % 17) / 16;

  h->map = (CuoccGrid) {
    .y_kind = CUOCC_SERIES_REGS, .n_x = G_N_ELEMENTS (h->x), .n_y = G_N_ELEMENTS (h->y),
    .x_values = h->x, .y_values = h->y, .occupancy = h->occupancy,
    .max_warps = 64, .current_i = 7, .current_j = 40,
  };
}

static void
test_heatmap_cells (void)
{
  TestHeatmap *h = g_new0 (TestHeatmap, 1);
  CuoccPlotStyle style;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  guint marker = 0;

  test_heatmap_init (h);
  cuocc_plot_style_init_light (&style);
  cuocc_plot_draw_heatmap (cr, W, H, &h->map, &style, NULL);
  cairo_surface_flush (surface);
  g_assert_cmpuint (count_distinct_pixels (surface), >, 17);

  /* Every cell maps back to itself: one scan along each axis finds where
   * each column and row starts, and they come in order with no gaps. */
  {
    int column_start[32], row_start[256];
    guint ci, cj, next = 0;

    for (int px = 0; px < W; px++)
      if (cuocc_plot_heatmap_cell_at (&h->map, &style, W, H, &(CuoccPlotHover) { px, H / 2 }, &ci, NULL) && ci == next)
        column_start[next++] = px;
    g_assert_cmpuint (next, ==, h->map.n_x);

    next = 0;
    for (int py = H - 1; py >= 0; py--)
      if (cuocc_plot_heatmap_cell_at (&h->map, &style, W, H, &(CuoccPlotHover) { W / 2, py }, NULL, &cj) && cj == next)
        row_start[next++] = py;
    g_assert_cmpuint (next, ==, h->map.n_y);

    for (guint j = 0; j < h->map.n_y; j += 37)
      for (guint i = 0; i < h->map.n_x; i += 5)
        {
          g_assert_true (cuocc_plot_heatmap_cell_at (&h->map, &style, W, H, &(CuoccPlotHover) { column_start[i], row_start[j] }, &ci, &cj));
          g_assert_cmpuint (ci, ==, i);
          g_assert_cmpuint (cj, ==, j);
        }
  }

  g_assert_false (cuocc_plot_heatmap_cell_at (&h->map, &style, W, H, &(CuoccPlotHover) { 1, 1 }, NULL, NULL));

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      marker += pixel_is (pixel (surface, x, y), &style.marker, 12);
  g_assert_cmpuint (marker, >, 20);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_free (h);
}

static void
test_heatmap_hover_and_sizes (void)
{
  static const struct { int width, height; } sizes[] = { { 1, 1 }, { 40, 30 }, { 300, 200 }, { 1920, 1080 } };
  TestHeatmap *h = g_new0 (TestHeatmap, 1);

  test_heatmap_init (h);
  h->map.y_kind = CUOCC_SERIES_SMEM;
  for (guint j = 0; j < h->map.n_y; j++)
    h->y[j] = 512 * j;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      CuoccPlotHover hover = { sizes[s].width / 2.0, sizes[s].height / 2.0 };
      cairo_surface_t *plain = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, sizes[s].width, sizes[s].height);
      cairo_surface_t *hovered = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, sizes[s].width, sizes[s].height);
      cairo_t *cr;

      cr = cairo_create (plain);
      cuocc_plot_draw_heatmap (cr, sizes[s].width, sizes[s].height, &h->map, NULL, NULL);
      cairo_destroy (cr);
      cr = cairo_create (hovered);
      cuocc_plot_draw_heatmap (cr, sizes[s].width, sizes[s].height, &h->map, NULL, &hover);
      cairo_destroy (cr);

      if (sizes[s].width >= 300)
        g_assert_cmpuint (count_differences (plain, hovered), >, 200);

      cairo_surface_destroy (plain);
      cairo_surface_destroy (hovered);
    }

  g_free (h);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/plot/export-png", test_export_png);
  g_test_add_func ("/cuocc/plot/y-title-whole-in-short-graphs", test_y_title_whole_in_short_graphs);
  g_test_add_func ("/cuocc/plot/export-svg", test_export_svg);
  g_test_add_func ("/cuocc/plot/export-caption", test_export_caption);
  g_test_add_func ("/cuocc/plot/caption-text", test_caption_text);
  g_test_add_func ("/cuocc/plot/export-pinned", test_export_pinned);
  g_test_add_func ("/cuocc/plot/export-sheet", test_export_sheet);
  g_test_add_func ("/cuocc/plot/dashes-mean-pinned", test_dashes_mean_pinned);
  g_test_add_func ("/cuocc/plot/export-pdf", test_export_pdf);
  g_test_add_func ("/cuocc/plot/export-csv", test_export_csv);
  g_test_add_func ("/cuocc/plot/export-missing-folder", test_export_missing_folder);
  g_test_add_func ("/cuocc/plot/export-unknown-extension", test_export_unknown_extension);
  g_test_add_func ("/cuocc/plot/export-invalid-size-keeps-file", test_export_invalid_size_keeps_file);
  g_test_add_func ("/cuocc/plot/export-unwritable-folder-keeps-file", test_export_unwritable_folder_keeps_file);
  g_test_add_func ("/cuocc/plot/export-replaces-file", test_export_replaces_file);
  g_test_add_func ("/cuocc/plot/value-at-round-trip", test_value_at_round_trip);
  g_test_add_func ("/cuocc/plot/value-at-snaps-and-clamps", test_value_at_snaps_and_clamps);
  g_test_add_func ("/cuocc/plot/value-at-real-series", test_value_at_real_series);
  g_test_add_func ("/cuocc/plot/draw-marks-current-point", test_draw_marks_current_point);
  g_test_add_func ("/cuocc/plot/draw-line-colour", test_draw_line_colour);
  g_test_add_func ("/cuocc/plot/draw-dark", test_draw_dark);
  g_test_add_func ("/cuocc/plot/draw-transparent-background", test_draw_transparent_background);
  g_test_add_func ("/cuocc/plot/draw-hover", test_draw_hover);
  g_test_add_func ("/cuocc/plot/draw-unit-keeps-area", test_draw_unit_keeps_area);
  g_test_add_func ("/cuocc/plot/draw-tiny-and-huge-sizes", test_draw_tiny_and_huge_sizes);
  g_test_add_func ("/cuocc/plot/draw-real-series", test_draw_real_series);
  g_test_add_func ("/cuocc/plot/ticks", test_ticks);
  g_test_add_func ("/cuocc/plot/labels-place", test_labels_place);
  g_test_add_func ("/cuocc/plot/text-never-overlaps", test_text_never_overlaps);
  g_test_add_func ("/cuocc/plot/heatmap-text-never-overlaps", test_heatmap_text_never_overlaps);
  g_test_add_func ("/cuocc/plot/formats", test_formats);
  g_test_add_func ("/cuocc/plot/styles", test_styles);
  g_test_add_func ("/cuocc/plot/legend-kib", test_legend_kib);
  g_test_add_func ("/cuocc/plot/config-keeps-colour", test_config_keeps_colour);
  g_test_add_func ("/cuocc/plot/heatmap-cells", test_heatmap_cells);
  g_test_add_func ("/cuocc/plot/titles-whole-at-800", test_titles_whole_at_800);
  g_test_add_func ("/cuocc/plot/heatmap-hover-and-sizes", test_heatmap_hover_and_sizes);

  return g_test_run ();
}
