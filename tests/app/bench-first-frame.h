/* bench-first-frame.h — what both start-up benchmark programs do: print the
 * time from main() to a window's first frame and the memory, then quit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* start is g_get_monotonic_time () at the top of main(). Prints
 * "first frame: MS ms, VmRSS: KIB KiB" after window's first frame. */
void bench_quit_after_first_frame (GtkWindow    *window,
                                   GApplication *app,
                                   gint64        start);

G_END_DECLS
