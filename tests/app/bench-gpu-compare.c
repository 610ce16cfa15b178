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

#include <glib/gi18n.h>
#include <locale.h>

#include "cuocc-application.h"
#include "cuocc-compat.h"
#include "cuocc-testing.h"
#include "cuocc-window-private.h"

#define GPU "NVIDIA A100 SXM4"
#define THREADS "256"

static const char *const compared[] = { "NVIDIA H100 SXM5", "NVIDIA GeForce RTX 4090", NULL };
static const char *path;
static const char *cli;
static guint rounds = 5;
static int status = 1;

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

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
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
settled (CuoccWindow *window)
{
  return !panel_flag (window, "busy") &&
         panel_flag (window, "evaluated") &&
         cuocc_kernels_panel_is_compared (kernels_panel (window));
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
  wait_for_paint (GTK_WIDGET (window), last, longest);
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
  g_autoptr(GError) error = NULL;
  g_autofree double *app_ms = g_new (double, rounds);
  g_autofree double *cli_ms = g_new (double, rounds);
  g_autofree double *stall_ms = g_new (double, rounds);
  gint64 last, longest = 0;

  if (!cuocc_input_model_set_gpu (window_inputs (window), GPU, CUOCC_INPUT_ORIGIN_USER, &error))
    g_error ("%s", error->message);
  gtk_editable_set_text (cuocc_input_panel_get_editable (CUOCC_INPUT_PANEL (window_part (window, "input_panel")), CUOCC_INPUT_KEY_THREADS), THREADS);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (window_part (window, "kernels_button")), TRUE);
  /* No ptxas: the comparison takes what the file says, as the command line
   * without one (a comparison worked out before ptxas is found is worked
   * out again once it is). */
  cuocc_kernels_panel_set_ptxas_path (kernels_panel (window), "/nonexistent/ptxas");
  cuocc_kernels_panel_set_compare_gpus (kernels_panel (window), NULL);
  last = g_get_monotonic_time ();
  _cuocc_window_import_file (window, file);
  while (g_strcmp0 (kernels_page (window), "list") != 0)
    g_main_context_iteration (NULL, TRUE);
  wait_settled (window, &last, &longest);
  if (n_kernels (window) == 0)
    g_error ("no kernels read from %s", path);

  for (guint r = 0; r < rounds; r++)
    {
      gint64 start;

      cli_ms[r] = run_cli ();
      longest = 0;
      start = last = g_get_monotonic_time ();
      cuocc_kernels_panel_set_compare_gpus (kernels_panel (window), compared);
      wait_settled (window, &last, &longest);
      app_ms[r] = (g_get_monotonic_time () - start) / 1000.0;
      stall_ms[r] = longest / 1000.0;
      if (cuocc_kernels_panel_get_gpu_comparison (kernels_panel (window)) == NULL)
        g_error ("no comparison in the table");
      g_print ("round %u: app %.1f ms (longest iteration %.1f ms), command line %.1f ms, ratio %.2f\n", r + 1,
               app_ms[r], stall_ms[r], cli_ms[r], app_ms[r] / cli_ms[r]);
      cuocc_kernels_panel_set_compare_gpus (kernels_panel (window), NULL);
      wait_settled (window, &last, &longest);
    }
  {
    double app = median (app_ms, rounds), ref = median (cli_ms, rounds), stall = median (stall_ms, rounds);

    g_print ("%u kernels on 3 GPUs: app %.1f ms to the comparison applied (median of %u), longest main loop "
             "iteration %.1f ms (median); cuocc --import --gpu ×3 --format csv %.1f ms; ratio %.2f (no goal)\n",
             n_kernels (window), app, rounds, stall, ref, app / ref);
  }
  status = 0;
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

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CuoccApplication) app = NULL;
  g_autoptr(GSettings) settings = NULL;
  char *app_argv[] = { argv[0], NULL };

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

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The window as a user's large screen opens it: the table beside the
   * calculator. */
  settings = g_settings_new (SCHEMA_ID);
  g_settings_set_int (settings, "window-width", 1920);
  g_settings_set_int (settings, "window-height", 1080);
  g_settings_set_strv (settings, "compare-gpus", NULL);

  app = cuocc_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_application_run (G_APPLICATION (app), 1, app_argv);
  return status;
}
