/* bench-window.h — what the benchmarks that drive cuocc-gtk's window
 * (bench-open-library.c, bench-gpu-compare.c, bench-table.c) share. They
 * find the window's parts as the tests do (app-test.h, linked in).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "app-test.h"

G_BEGIN_DECLS

/* Runs cuocc-gtk's application with its window as a user's large screen
 * opens it (1920 × 1080: the table beside the calculator; no GPUs to
 * compare), and @bench (its data: the CuoccWindow) in an idle once the
 * window has painted its first frame. Returns g_application_run ()'s
 * status. */
int  bench_window_run            (const char  *argv0,
                                  GSourceFunc  bench);
/* Chooses @gpu and the block size @threads as a user does (the GPU model,
 * the block size field) and shows the kernels table (its toggle). */
void bench_window_choose         (CuoccWindow *window,
                                  const char  *gpu,
                                  const char  *threads);
/* Runs the main loop until @window paints a frame; the longest iteration
 * so far is kept in *longest (*last: when the last one ended). */
void bench_window_wait_for_paint (GtkWidget   *window,
                                  gint64      *last,
                                  gint64      *longest);

G_END_DECLS
