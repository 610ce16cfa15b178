/* bench-first-frame.c — the start-up benchmarks' clock.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "bench-first-frame.h"

static gint64 start_time;

/* ----- callbacks ----- */

static void
after_paint_cb (GdkFrameClock *clock,
                GApplication  *app)
{
  g_autofree char *status = NULL;
  const char *rss;

  g_file_get_contents ("/proc/self/status", &status, NULL, NULL);
  rss = status != NULL ? strstr (status, "VmRSS:") : NULL;
  g_print ("first frame: %.1f ms, VmRSS: %ld KiB\n",
           (g_get_monotonic_time () - start_time) / 1000.0, rss != NULL ? atol (rss + 6) : 0L);
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, app);
  g_application_quit (app);
}

static void
map_cb (GtkWidget    *window,
        GApplication *app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), app);
}

/* ----- public API ----- */

void
bench_quit_after_first_frame (GtkWindow    *window,
                              GApplication *app,
                              gint64        start)
{
  start_time = start;
  g_signal_connect (window, "map", G_CALLBACK (map_cb), app);
}
