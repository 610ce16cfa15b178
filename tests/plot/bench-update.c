/* bench-update.c — what one input change costs the app: every graph series
 * recomputed and the three graphs drawn at 1920 × 1080.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The surfaces are made once, as a window keeps its buffers; each update
 * paints them whole. The reference, timed in the same run, is one plain
 * cairo_paint () of a 1920 × 1080 surface: what filling one frame costs.
 * Exits 1 when the median misses the 4 ms target.
 *
 * Wall time is what the target is about; the thread's CPU time is printed
 * beside it, with the load average, because on a shared machine other
 * processes stretch the wall time of work that itself did not grow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cuocc-plot.h"

#define WIDTH 1920
#define HEIGHT 1080
#define WARMUP 10
#define RUNS 200
#define TARGET_MS 4.0

static const CuoccSeriesKind kinds[] = { CUOCC_SERIES_THREADS, CUOCC_SERIES_REGS, CUOCC_SERIES_SMEM };

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
percentile (double *values,
            guint   n,
            double  p)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return values[MIN (n - 1, (guint) (p * n))];
}

int
main (int   argc,
      char *argv[])
{
  const char *cc = argc > 1 ? argv[1] : "9.0";
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surfaces[G_N_ELEMENTS (kinds)];
  cairo_t *crs[G_N_ELEMENTS (kinds)];
  cairo_surface_t *ref_surface;
  cairo_t *ref_cr;
  static double total[RUNS], cpu[RUNS], series_only[RUNS], reference[RUNS];
  CuoccPlotStyle style;
  CuoccGpu gpu;
  CuoccInput input;
  g_autofree char *loadavg = NULL;
  double median, ref_median;
  guint n_points = 0;

  if (!cuocc_gpu_for_cc (cc, &gpu, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  cuocc_input_init (&input);
  input.threads = 256;
  input.regs = 40;
  input.smem = 20000;
  cuocc_plot_style_init_light (&style);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      surfaces[k] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
      crs[k] = cairo_create (surfaces[k]);
    }
  ref_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  ref_cr = cairo_create (ref_surface);

  for (int run = -WARMUP; run < RUNS; run++)
    {
      CuoccSeries *series[G_N_ELEMENTS (kinds)];
      gint64 start, computed, drawn;
      double cpu_start;

      /* Each update changes an input, as a drag along the block size does. */
      input.threads = 64 + 32 * ((run + WARMUP) % 30);

      cpu_start = cpu_ms ();
      start = g_get_monotonic_time ();
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        series[k] = cuocc_series_new (&gpu, &input, kinds[k]);
      computed = g_get_monotonic_time ();
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          cuocc_plot_draw (crs[k], WIDTH, HEIGHT, series[k], CUOCC_PLOT_Y_PERCENT, &style, NULL);
          cairo_surface_flush (surfaces[k]);
        }
      drawn = g_get_monotonic_time ();
      if (run >= 0)
        cpu[run] = cpu_ms () - cpu_start;

      if (run == 0)
        for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
          for (guint l = 0; l < series[k]->n_lines; l++)
            n_points += series[k]->lines[l].n_points;

      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        cuocc_series_free (series[k]);

      if (run >= 0)
        {
          gint64 ref_start;

          total[run] = (drawn - start) / 1000.0;
          series_only[run] = (computed - start) / 1000.0;

          ref_start = g_get_monotonic_time ();
          cairo_set_source_rgb (ref_cr, 1, 1, 1);
          cairo_paint (ref_cr);
          cairo_surface_flush (ref_surface);
          reference[run] = (g_get_monotonic_time () - ref_start) / 1000.0;
        }
    }

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      if (cairo_status (crs[k]) != CAIRO_STATUS_SUCCESS)
        {
          fprintf (stderr, "drawing failed: %s\n", cairo_status_to_string (cairo_status (crs[k])));
          return 2;
        }
      cairo_destroy (crs[k]);
      cairo_surface_destroy (surfaces[k]);
    }
  cairo_destroy (ref_cr);
  cairo_surface_destroy (ref_surface);

  median = percentile (total, RUNS, 0.5);
  ref_median = percentile (reference, RUNS, 0.5);

  printf ("full update on CC %s (3 series, %u points; 3 graphs at %d x %d), %d runs:\n",
          cc, n_points, WIDTH, HEIGHT, RUNS);
  printf ("  median %.3f ms, p90 %.3f ms (series alone: median %.3f ms)\n",
          median, percentile (total, RUNS, 0.9), percentile (series_only, RUNS, 0.5));
  printf ("  CPU time of the update: median %.3f ms\n", percentile (cpu, RUNS, 0.5));
  printf ("  reference, one cairo_paint of %d x %d: median %.3f ms\n", WIDTH, HEIGHT, ref_median);
  printf ("  ratio: %.1f x the reference\n", median / ref_median);
  printf ("  target, median under %.0f ms: %s\n", TARGET_MS, median < TARGET_MS ? "met" : "MISSED");
  if (g_file_get_contents ("/proc/loadavg", &loadavg, NULL, NULL))
    printf ("  load average while measured: %s", loadavg);

  return median < TARGET_MS ? 0 : 1;
}
