/* bench-empty-window.c — the reference for the app's start-up benchmark:
 * an AdwApplicationWindow with a header bar and a label, timed to its first
 * frame like cuocc-gtk (CUOCC_EXIT_AFTER_FIRST_FRAME), in the same run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <stdio.h>

static gint64 start;

static void
after_paint (GdkFrameClock *clock,
             gpointer       app)
{
  g_autofree char *status = NULL;
  const char *rss;

  g_file_get_contents ("/proc/self/status", &status, NULL, NULL);
  rss = status != NULL ? strstr (status, "VmRSS:") : NULL;
  g_print ("first frame: %.1f ms, VmRSS: %ld KiB\n",
           (g_get_monotonic_time () - start) / 1000.0, rss != NULL ? atol (rss + 6) : 0L);
  g_signal_handlers_disconnect_by_func (clock, after_paint, app);
  g_application_quit (app);
}

static void
mapped (GtkWidget *window,
        gpointer   app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint), app);
}

static void
activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), gtk_label_new ("CUDA Occupancy Calculator"));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_signal_connect (window, "map", G_CALLBACK (mapped), app);
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
