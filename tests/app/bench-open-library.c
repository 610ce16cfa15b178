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

#include <glib/gi18n.h>
#include <locale.h>

#include "cuocc-application.h"
#include "cuocc-compat.h"
#include "cuocc-testing.h"
#include "cuocc-window-private.h"

static const char *path;
static const char *gpu_id;
static const char *threads;

/* ----- helpers ----- */

/* The window's parts by the ids its .ui template gives them, as the tests
 * find them (app-test.h), without the tests' library. */
static GtkWidget *
window_part (CuoccWindow *window,
             const char  *id)
{
  GObject *part = gtk_widget_get_template_child (GTK_WIDGET (window), CUOCC_TYPE_WINDOW, id);

  g_assert_nonnull (part);
  return GTK_WIDGET (part);
}

static CuoccKernelsPanel *
kernels_panel (CuoccWindow *window)
{
  return CUOCC_KERNELS_PANEL (window_part (window, "kernels_panel"));
}

/* The kernels panel's state, as its properties tell it ("busy",
 * "evaluated"), the entries read (its "kernels"), and the page the table's
 * place shows (its template's "list_stack"). */
static gboolean
panel_flag (CuoccWindow *window,
            const char  *name)
{
  gboolean value;

  g_object_get (kernels_panel (window), name, &value, NULL);
  return value;
}

static guint
n_kernels (CuoccWindow *window)
{
  g_autoptr(GListModel) kernels = NULL;

  g_object_get (kernels_panel (window), "kernels", &kernels, NULL);
  return g_list_model_get_n_items (kernels);
}

static const char *
kernels_page (CuoccWindow *window)
{
  GObject *stack = gtk_widget_get_template_child (GTK_WIDGET (kernels_panel (window)), CUOCC_TYPE_KERNELS_PANEL,
                                                  "list_stack");

  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

static CuoccInputModel *
window_inputs (CuoccWindow *window)
{
  g_autoptr(CuoccInputModel) inputs = NULL;

  g_object_get (window, "inputs", &inputs, NULL);
  return inputs;                   /* the window keeps it */
}

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

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
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

/* Runs the main loop until the window paints a frame; the longest
 * iteration so far is kept in *longest. */
static void
wait_for_paint (GtkWidget *window,
                gint64    *last,
                gint64    *longest)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gboolean painted = FALSE;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);

  gtk_widget_queue_draw (window);
  while (!painted)
    {
      g_main_context_iteration (NULL, TRUE);
      *longest = MAX (*longest, g_get_monotonic_time () - *last);
      *last = g_get_monotonic_time ();
    }
  g_signal_handler_disconnect (clock, id);
}

static gboolean
bench_cb (gpointer user_data)
{
  CuoccWindow *window = user_data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  gint64 start, last, longest = 0, rows_us, done_us, quit_at, cpu_start, rows_cpu_us;
  long before_kib;

  if (!cuocc_input_model_set_gpu (window_inputs (window), gpu_id, CUOCC_INPUT_ORIGIN_USER, &error))
    g_error ("%s", error->message);
  gtk_editable_set_text (cuocc_input_panel_get_editable (CUOCC_INPUT_PANEL (window_part (window, "input_panel")), CUOCC_INPUT_KEY_THREADS), threads);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (window_part (window, "kernels_button")), TRUE);
  last = g_get_monotonic_time ();
  wait_for_paint (GTK_WIDGET (window), &last, &longest);
  wait_for_paint (GTK_WIDGET (window), &last, &longest);
  if (!gtk_widget_get_mapped (GTK_WIDGET (kernels_panel (window))))
    g_error ("the kernels table is not on screen");
  before_kib = status_kib ("VmHWM:");

  /* As a file chosen in the Open dialog. */
  longest = 0;
  cpu_start = cpu_us ();
  start = last = g_get_monotonic_time ();
  _cuocc_window_import_file (window, file);
  while (g_strcmp0 (kernels_page (window), "list") != 0)
    {
      g_main_context_iteration (NULL, TRUE);
      longest = MAX (longest, g_get_monotonic_time () - last);
      last = g_get_monotonic_time ();
    }
  wait_for_paint (GTK_WIDGET (window), &last, &longest);
  rows_us = g_get_monotonic_time () - start;
  rows_cpu_us = cpu_us () - cpu_start;
  while (panel_flag (window, "busy") ||
         !panel_flag (window, "evaluated"))
    {
      g_main_context_iteration (NULL, TRUE);
      longest = MAX (longest, g_get_monotonic_time () - last);
      last = g_get_monotonic_time ();
    }
  wait_for_paint (GTK_WIDGET (window), &last, &longest);
  done_us = g_get_monotonic_time () - start;
  if (n_kernels (window) == 0)
    g_error ("no kernels read from %s", path);

  quit_at = g_get_monotonic_time ();
  g_print ("rows: %.1f ms, worked out: %.1f ms, longest iteration: %.1f ms, peak: %ld KiB, before: %ld KiB, "
           "kernels: %u, rows cpu: %.1f ms, resident: %ld KiB, quit at: %" G_GINT64_FORMAT ", renderer: %s\n",
           rows_us / 1000.0, done_us / 1000.0, longest / 1000.0, status_kib ("VmHWM:"), before_kib,
           n_kernels (window), rows_cpu_us / 1000.0, status_kib ("VmRSS:"),
           quit_at, G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "quit", NULL);
  return G_SOURCE_REMOVE;
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

/* ----- main ----- */

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CuoccApplication) app = NULL;
  g_autoptr(GSettings) settings = NULL;
  char *app_argv[] = { argv[0], NULL };

  if (argc != 4)
    {
      g_printerr ("usage: %s FILE GPU THREADS\n", argv[0]);
      return 2;
    }
  path = argv[1];
  gpu_id = argv[2];
  threads = argv[3];

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The window as a user's large screen opens it: the table beside the
   * calculator. */
  settings = g_settings_new (SCHEMA_ID);
  g_settings_set_int (settings, "window-width", 1920);
  g_settings_set_int (settings, "window-height", 1080);

  app = cuocc_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  return g_application_run (G_APPLICATION (app), 1, app_argv);
}
