/* bench-open-library.c — the app side of the open-library benchmark
 * (bench-open-library.py): cuocc-gtk's application and window at
 * 1920 × 1080 with the kernels table shown, a GPU and a block size chosen;
 * then FILE is opened as a chosen file is, and timed to the first frame
 * that draws the table's rows, and to the rows all worked out; then Ctrl+Q's
 * action quits. The timing lives here, in the benchmark, not in the app.
 *
 * Usage: bench-open-library FILE GPU THREADS. Prints one line:
 *   rows: MS ms, worked out: MS ms, longest iteration: MS ms, peak: KIB KiB,
 *   before: KIB KiB, kernels: N, rows cpu: MS ms, resident: KIB KiB, quit at: US, renderer: TYPE
 * (rows cpu: the process's CPU time, all threads, from the open to the
 * rows' first frame; resident: VmRSS once all rows are worked out)
 * (quit at: g_get_monotonic_time () as app.quit is activated, for the
 * caller to time the process's end against the same clock; renderer: the
 * GskRenderer type the window draws with, GskGLRenderer or GskCairoRenderer,
 * which GSK_RENDERER chooses and GTK falls back from).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench-window.h"

static const char *path;
static const char *gpu_id;
static const char *threads;

/* ----- helpers ----- */

static long
status_kib (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, field)) == NULL)
    return -1;
  return atol (line + strlen (field));
}

/* The process's CPU time so far (every thread's, user and system), in µs. */
static gint64
cpu_us (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return -1;
  return (gint64) (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * G_USEC_PER_SEC +
         usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
}

static gboolean
bench_cb (gpointer user_data)
{
  CuoccWindow *window = user_data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 start, last, longest = 0, rows_us, done_us, quit_at, cpu_start, rows_cpu_us;
  long before_kib;

  bench_window_choose (window, gpu_id, threads);
  last = g_get_monotonic_time ();
  bench_window_wait_for_paint (GTK_WIDGET (window), &last, &longest);
  bench_window_wait_for_paint (GTK_WIDGET (window), &last, &longest);
  if (!gtk_widget_get_mapped (GTK_WIDGET (app_test_kernels_panel (window))))
    g_error ("the kernels table is not on screen");
  before_kib = status_kib ("VmHWM:");

  /* As a file chosen in the Open dialog. */
  longest = 0;
  cpu_start = cpu_us ();
  start = last = g_get_monotonic_time ();
  app_test_import (window, file);
  while (g_strcmp0 (app_test_kernels_page (app_test_kernels_panel (window)), "list") != 0)
    {
      g_main_context_iteration (NULL, TRUE);
      longest = MAX (longest, g_get_monotonic_time () - last);
      last = g_get_monotonic_time ();
    }
  bench_window_wait_for_paint (GTK_WIDGET (window), &last, &longest);
  rows_us = g_get_monotonic_time () - start;
  rows_cpu_us = cpu_us () - cpu_start;
  while (app_test_kernels_busy (app_test_kernels_panel (window)) ||
         !app_test_kernels_evaluated (app_test_kernels_panel (window)))
    {
      g_main_context_iteration (NULL, TRUE);
      longest = MAX (longest, g_get_monotonic_time () - last);
      last = g_get_monotonic_time ();
    }
  bench_window_wait_for_paint (GTK_WIDGET (window), &last, &longest);
  done_us = g_get_monotonic_time () - start;
  if (app_test_n_kernels (app_test_kernels_panel (window)) == 0)
    g_error ("no kernels read from %s", path);

  quit_at = g_get_monotonic_time ();
  g_print ("rows: %.1f ms, worked out: %.1f ms, longest iteration: %.1f ms, peak: %ld KiB, before: %ld KiB, "
           "kernels: %u, rows cpu: %.1f ms, resident: %ld KiB, quit at: %" G_GINT64_FORMAT ", renderer: %s\n",
           rows_us / 1000.0, done_us / 1000.0, longest / 1000.0, status_kib ("VmHWM:"), before_kib,
           app_test_n_kernels (app_test_kernels_panel (window)), rows_cpu_us / 1000.0, status_kib ("VmRSS:"),
           quit_at, G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "quit", NULL);
  return G_SOURCE_REMOVE;
}

/* ----- main ----- */

int
main (int   argc,
      char *argv[])
{
  if (argc != 4)
    {
      g_printerr ("usage: %s FILE GPU THREADS\n", argv[0]);
      return 2;
    }
  path = argv[1];
  gpu_id = argv[2];
  threads = argv[3];

  return bench_window_run (argv[0], bench_cb);
}
