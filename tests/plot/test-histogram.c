/* test-histogram.c — the histogram of kernels by occupancy: its bars, its
 * CSV, the bar under a point, and its export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "cuocc-plot.h"

/* A bar is a tenth: [i/10, (i+1)/10), 100 % in the last. Occupancies come
 * in warps over the SM's warps: 6 of 64 is 9.375 % (bar 0), 32 of 64 is
 * 50 % (bar 5), 48 of 48 is 100 % (bar 9). */
static void
test_bins (void)
{
  CuoccHistogram h = { { 0 } };
  g_autofree char *csv = NULL;

  g_assert_cmpuint (cuocc_histogram_bin (6.0 / 64), ==, 0);
  g_assert_cmpuint (cuocc_histogram_bin (0.1), ==, 1);
  g_assert_cmpuint (cuocc_histogram_bin (32.0 / 64), ==, 5);
  g_assert_cmpuint (cuocc_histogram_bin (0.7), ==, 7);
  g_assert_cmpuint (cuocc_histogram_bin (47.0 / 48), ==, 9);
  g_assert_cmpuint (cuocc_histogram_bin (1.0), ==, 9);
  g_assert_cmpuint (cuocc_histogram_bin (0.0), ==, 0);

  cuocc_histogram_add (&h, 1.0);
  cuocc_histogram_add (&h, 1.0);
  cuocc_histogram_add (&h, 0.5);
  cuocc_histogram_add (&h, 6.0 / 64);
  g_assert_cmpuint (h.n_kernels, ==, 4);
  csv = cuocc_histogram_to_csv (&h);
  g_assert_cmpstr (csv, ==,
                   "occupancy_from_pct,occupancy_to_pct,kernels\n"
                   "0,10,1\n10,20,0\n20,30,0\n30,40,0\n40,50,0\n50,60,1\n60,70,0\n70,80,0\n80,90,0\n90,100,2\n");
}

/* Across the width, the bars come in order: left of the middle is below
 * 50 %, right of it 50 % and more; outside the area there is none. */
static void
test_bin_at (void)
{
  CuoccHistogram h = { { 3, 0, 0, 1, 0, 7, 0, 0, 0, 12 }, 23, NULL };
  guint bin, last = 0;
  gboolean seen = FALSE;

  for (double x = 0; x < 600; x += 1)
    if (cuocc_plot_histogram_bin_at (&h, NULL, 600, 300, x, 150, &bin))
      {
        g_assert_cmpuint (bin, >=, last);
        g_assert_cmpuint (bin, <=, last + 1);
        if (!seen)
          g_assert_cmpuint (bin, ==, 0);
        seen = TRUE;
        last = bin;
      }
  g_assert_true (seen);
  g_assert_cmpuint (last, ==, CUOCC_HISTOGRAM_BINS - 1);
  g_assert_false (cuocc_plot_histogram_bin_at (&h, NULL, 600, 300, 1, 1, NULL));
  /* Too small to draw: no bars to hit. */
  g_assert_false (cuocc_plot_histogram_bin_at (&h, NULL, 20, 20, 10, 10, NULL));
}

/* The tallest bar reaches up; the painting leaves the empty bars empty:
 * in a 600 × 300 PNG the column through bar 9 has more of the line colour
 * than the column through bar 1 (no kernels). */
static void
test_export (void)
{
  CuoccHistogram h = { { 3, 0, 0, 1, 0, 7, 0, 0, 0, 12 }, 23, NULL };
  g_autofree char *dir = g_dir_make_tmp ("cuocc-histogram-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "h.png", NULL);
  g_autofree char *csv = g_build_filename (dir, "h.csv", NULL);
  g_autofree char *bad = g_build_filename (dir, "h.gif", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  CuoccPlotExportOptions options = { .width = 600, .height = 300 };
  cairo_surface_t *surface;
  int coloured[CUOCC_HISTOGRAM_BINS] = { 0 };

  g_assert_true (cuocc_plot_export_histogram (&h, &options, png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 600);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 300);
  for (guint b = 0; b < CUOCC_HISTOGRAM_BINS; b++)
    {
      const guint8 *data = cairo_image_surface_get_data (surface);
      int stride = cairo_image_surface_get_stride (surface);
      double first = -1, last = -1;
      int x;

      /* The middle of the bar's tenth of the width. */
      for (double px = 0; px < 600; px++)
        {
          guint bin;

          if (cuocc_plot_histogram_bin_at (&h, NULL, 600, 300, px, 150, &bin) && bin == b)
            {
              if (first < 0)
                first = px;
              last = px;
            }
        }
      g_assert_cmpfloat (first, >=, 0);
      x = (int) ((first + last) / 2);
      for (int y = 0; y < 300; y++)
        {
          guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);
          guint8 r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, bl = pixel & 0xff;

          /* The light style's line is a blue: far more blue than red. */
          coloured[b] += bl > r + 60 && bl > g;
        }
    }
  cairo_surface_destroy (surface);
  g_assert_cmpint (coloured[1], ==, 0);
  g_assert_cmpint (coloured[9], >, coloured[5]);
  g_assert_cmpint (coloured[5], >, coloured[0]);
  g_assert_cmpint (coloured[0], >, coloured[3]);
  g_assert_cmpint (coloured[3], >, 0);

  g_assert_true (cuocc_plot_export_histogram (&h, &options, csv, &error));
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  g_assert_true (g_str_has_suffix (text, "90,100,12\n"));

  g_assert_false (cuocc_plot_export_histogram (&h, &options, bad, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);

  g_unlink (png);
  g_unlink (csv);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/plot/histogram/bins", test_bins);
  g_test_add_func ("/cuocc/plot/histogram/bin-at", test_bin_at);
  g_test_add_func ("/cuocc/plot/histogram/export", test_export);

  return g_test_run ();
}
