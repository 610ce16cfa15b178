/* bench-gpu-compare.c — comparing three GPUs on tests/gen-library.py's
 * library in the app (issue 27 §3, "Speed"), beside the command line's
 * `cuocc --import FILE --gpu A --gpu B --gpu C --threads 256 --format csv`
 * of the same file, measured alternately in the same run.
 *
 * cuocc-gtk's application and window at 1920 × 1080, the kernels table
 * shown with FILE read (not timed); then each round runs the command line
 * (its wall time the reference), and in the app chooses the two GPUs to
 * compare with the calculator's (cuocc_kernels_panel_set_compare_gpus (),
 * as the popover does) and times until the comparison is applied, every
 * row, column, filter and sort, and the frame after it is painted, with
 * the longest main loop iteration meanwhile (the stall a user feels); then
 * takes the comparison away (not timed). It prints each round and the
 * medians, and the ratio app / command line. It has no goal: it fails only
 * when it cannot run.
 *
 * Usage: bench-gpu-compare FILE CUOCC [ROUNDS]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "bench-window.h"

#define GPU "NVIDIA A100 SXM4"
#define THREADS "256"

static const char *const compared[] = { "NVIDIA H100 SXM5", "NVIDIA GeForce RTX 4090", NULL };
static const char *path;
static const char *cli;
static guint rounds = 5;
static int status = 1;

static gboolean
settled (CuoccWindow *window)
{
  return !app_test_kernels_busy (app_test_kernels_panel (window)) &&
         app_test_kernels_evaluated (app_test_kernels_panel (window)) &&
         app_test_kernels_compared (app_test_kernels_panel (window));
}

/* Runs the main loop until the table has settled, then one frame. */
static void
wait_settled (CuoccWindow *window,
              gint64      *last,
              gint64      *longest)
{
  while (!settled (window))
    {
      g_main_context_iteration (NULL, TRUE);
      *longest = MAX (*longest, g_get_monotonic_time () - *last);
      *last = g_get_monotonic_time ();
    }
  bench_window_wait_for_paint (GTK_WIDGET (window), last, longest);
}

/* The command line's comparison of the same file, in ms. */
static double
run_cli (void)
{
  const char *argv[] = { cli, "--import", path, "--gpu", GPU, "--gpu", compared[0], "--gpu", compared[1],
                         "--threads", THREADS, "--format", "csv", NULL };
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  int wait_status;

  /* 1: some kernels not worked out on some GPU (launch bounds, no entry),
   * which the generated library has; the rows are all written. */
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     NULL, NULL, &wait_status, &error))
    g_error ("%s: %s", cli, error->message);
  if (!WIFEXITED (wait_status) || WEXITSTATUS (wait_status) > 1)
    g_error ("%s --import %s: status %d", cli, path, wait_status);
  return (g_get_monotonic_time () - start) / 1000.0;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static gboolean
bench_cb (gpointer user_data)
{
  CuoccWindow *window = user_data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree double *app_ms = g_new (double, rounds);
  g_autofree double *cli_ms = g_new (double, rounds);
  g_autofree double *stall_ms = g_new (double, rounds);
  gint64 last, longest = 0;

  bench_window_choose (window, GPU, THREADS);
  /* No ptxas: the comparison takes what the file says, as the command line
   * without one (a comparison worked out before ptxas is found is worked
   * out again once it is). */
  cuocc_kernels_panel_set_ptxas_path (app_test_kernels_panel (window), "/nonexistent/ptxas");
  cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), NULL);
  last = g_get_monotonic_time ();
  app_test_import (window, file);
  while (g_strcmp0 (app_test_kernels_page (app_test_kernels_panel (window)), "list") != 0)
    g_main_context_iteration (NULL, TRUE);
  wait_settled (window, &last, &longest);
  if (app_test_n_kernels (app_test_kernels_panel (window)) == 0)
    g_error ("no kernels read from %s", path);

  for (guint r = 0; r < rounds; r++)
    {
      gint64 start;

      cli_ms[r] = run_cli ();
      longest = 0;
      start = last = g_get_monotonic_time ();
      cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), compared);
      wait_settled (window, &last, &longest);
      app_ms[r] = (g_get_monotonic_time () - start) / 1000.0;
      stall_ms[r] = longest / 1000.0;
      {
        g_autoptr(CuoccGpuComparison) gpus = app_test_gpu_comparison (app_test_kernels_panel (window));

        if (gpus == NULL)
          g_error ("no comparison in the table");
      }
      g_print ("round %u: app %.1f ms (longest iteration %.1f ms), command line %.1f ms, ratio %.2f\n", r + 1,
               app_ms[r], stall_ms[r], cli_ms[r], app_ms[r] / cli_ms[r]);
      cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), NULL);
      wait_settled (window, &last, &longest);
    }
  {
    double app = median (app_ms, rounds), ref = median (cli_ms, rounds), stall = median (stall_ms, rounds);

    g_print ("%u kernels on 3 GPUs: app %.1f ms to the comparison applied (median of %u), longest main loop "
             "iteration %.1f ms (median); cuocc --import --gpu ×3 --format csv %.1f ms; ratio %.2f (no goal)\n",
             app_test_n_kernels (app_test_kernels_panel (window)), app, rounds, stall, ref, app / ref);
  }
  status = 0;
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "quit", NULL);
  return G_SOURCE_REMOVE;
}

int
main (int   argc,
      char *argv[])
{
  if (argc != 3 && argc != 4)
    {
      g_printerr ("usage: %s FILE CUOCC [ROUNDS]\n", argv[0]);
      return 2;
    }
  path = argv[1];
  cli = argv[2];
  if (argc == 4 && (rounds = (guint) g_ascii_strtoull (argv[3], NULL, 10)) == 0)
    {
      g_printerr ("ROUNDS: a whole number of at least 1, not “%s”\n", argv[3]);
      return 2;
    }

  bench_window_run (argv[0], bench_cb);
  return status;
}
