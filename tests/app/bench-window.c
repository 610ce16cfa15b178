/* bench-window.c — what the window benchmarks share (bench-window.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "bench-window.h"
#include "cuocc-application.h"

static GSourceFunc bench_cb;

static void
painted_cb (GdkFrameClock *clock,
            gboolean      *painted)
{
  *painted = TRUE;
}

void
bench_window_wait_for_paint (GtkWidget *window,
                             gint64    *last,
                             gint64    *longest)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gboolean painted = FALSE;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (painted_cb), &painted);

  gtk_widget_queue_draw (window);
  while (!painted)
    {
      g_main_context_iteration (NULL, TRUE);
      *longest = MAX (*longest, g_get_monotonic_time () - *last);
      *last = g_get_monotonic_time ();
    }
  g_signal_handler_disconnect (clock, id);
}

void
bench_window_choose (CuoccWindow *window,
                     const char  *gpu,
                     const char  *threads)
{
  g_autoptr(GError) error = NULL;

  if (!cuocc_input_model_set_gpu (app_test_inputs (window), gpu, CUOCC_INPUT_ORIGIN_USER, &error))
    g_error ("%s", error->message);
  gtk_editable_set_text (app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS),
                         threads);
  app_test_show_kernels (window, TRUE);
}

static void
first_paint_cb (GdkFrameClock *clock,
                CuoccWindow   *window)
{
  g_signal_handlers_disconnect_by_func (clock, first_paint_cb, window);
  g_idle_add (bench_cb, window);
}

static void
map_cb (GtkWidget *window)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (first_paint_cb), window);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  g_signal_connect (window, "map", G_CALLBACK (map_cb), NULL);
}

int
bench_window_run (const char  *argv0,
                  GSourceFunc  bench)
{
  g_autoptr(CuoccApplication) app = NULL;
  g_autoptr(GSettings) settings = NULL;
  char *app_argv[] = { (char *) argv0, NULL };

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  settings = g_settings_new (SCHEMA_ID);
  g_settings_set_int (settings, "window-width", 1920);
  g_settings_set_int (settings, "window-height", 1080);
  g_settings_set_strv (settings, "compare-gpus", NULL);

  bench_cb = bench;
  app = cuocc_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  return g_application_run (G_APPLICATION (app), 1, app_argv);
}
