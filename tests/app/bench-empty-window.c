/* bench-empty-window.c — the reference for the app's start-up benchmark:
 * an AdwApplicationWindow with a header bar and a label, timed to its first
 * frame like cuocc-gtk (bench-startup-app.c), in the same run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>

#include "bench-first-frame.h"

static gint64 start;

static void
activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), gtk_label_new ("CUDA Occupancy Calculator"));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  bench_quit_after_first_frame (GTK_WINDOW (window), G_APPLICATION (app), start);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(AdwApplication) app = NULL;

  start = g_get_monotonic_time ();
  app = adw_application_new ("io.github.cuocc.BenchEmpty", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
