/* test-gpu-compare-stream.c — a comparison of GPUs filling the kernels
 * table as its worker goes (issue 27 §3, "Speed"), on tests/gen-library.py's
 * 57,600 entries in the real window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The worker tells the main loop each time 4,096 more entries are worked
 * out; the rows take them at most 4,096 an iteration while it works on. To
 * count what arrives in parts whatever the machine's speed, the worker is
 * held after each slice until the rows show it
 * (cuocc_kernels_panel_hold_gpus_slices ()): the test then counts slices
 * and rows, never time. test-gpu-compare.c checks every cell of the
 * comparison against the command line; this one checks how it arrives:
 * in slices, with the progress above the table saying how far, the rows
 * not yet reached showing nothing (never the last comparison's figures
 * under the new one's columns), and Cancel bringing the last comparison
 * back whole. Starting it copies no entry on the main thread.
 */
#include "config.h"

#include <string.h>

#include "app-test.h"
#include "cuocc-format.h"
#include "cuocc-gpu-comparison.h"
#include "cuocc-kernel-item.h"

#define SLICE 4096

static const char *const two[] = { "NVIDIA H100 SXM5", NULL };
static const char *const three[] = { "NVIDIA H100 SXM5", "NVIDIA GeForce RTX 4090", NULL };

static gboolean
compared (CuoccWindow   *window,
          gconstpointer  data)
{
  return app_test_kernels_idle (window, NULL) && app_test_kernels_compared (app_test_kernels_panel (window));
}

/* How many times the panel told of "compared" and of "gpu-comparison":
 * each only where its value changed. */
typedef struct {
  guint compared;
  guint gpu_comparison;
} Told;

static void
told_cb (GObject    *panel,
         GParamSpec *pspec,
         Told       *told)
{
  if (g_str_equal (pspec->name, "compared"))
    told->compared++;
  else
    told->gpu_comparison++;
}

static void
listen (CuoccWindow *window,
        Told        *told)
{
  g_signal_connect (app_test_kernels_panel (window), "notify::compared", G_CALLBACK (told_cb), told);
  g_signal_connect (app_test_kernels_panel (window), "notify::gpu-comparison", G_CALLBACK (told_cb), told);
}

static void
stop_listening (CuoccWindow *window,
                Told        *told)
{
  g_signal_handlers_disconnect_by_data (app_test_kernels_panel (window), told);
}

/* The narrowest the sidebar is: its "sidebar-width"'s minimum. */
static int
narrowest_sidebar (CuoccWindow *window)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (app_test_kernels_panel (window)),
                                                    "sidebar-width");

  return G_PARAM_SPEC_INT (pspec)->minimum;
}

/* Whether the rows show @gpus (the panel's "gpu-comparison"). */
static gboolean
shows_comparison (CuoccWindow        *window,
                  CuoccGpuComparison *gpus)
{
  g_autoptr(CuoccGpuComparison) shown = app_test_gpu_comparison (app_test_kernels_panel (window));

  return shown == gpus;
}

/* The progress above the table says @data rows have the comparison. */
static gboolean
progress_at (CuoccWindow   *window,
             gconstpointer  data)
{
  const char *text = app_test_shown_text (GTK_WIDGET (app_test_kernels_panel (window)), "gpus_label");

  return text != NULL && strstr (text, data) != NULL;
}

static CuoccGpuComparison *
row_comparison (CuoccWindow *window,
                guint        i)
{
  g_autoptr(GListModel) store = NULL;
  g_autoptr(CuoccKernelItem) item = NULL;

  /* The rows in the file's order, which the comparison's are. */
  g_object_get (app_test_kernels_panel (window), "kernels", &store, NULL);
  item = g_list_model_get_item (store, i);

  return cuocc_kernel_item_get_gpus (item, NULL, NULL);
}

static char *
row_cell (CuoccWindow *window,
          guint        i,
          const char  *column)
{
  g_autoptr(GListModel) store = NULL;
  g_autoptr(CuoccKernelItem) item = NULL;

  /* The rows in the file's order, which the comparison's are. */
  g_object_get (app_test_kernels_panel (window), "kernels", &store, NULL);
  item = g_list_model_get_item (store, i);

  return app_test_cell (window, item, column);
}

/* The window as drawn, into the build folder, to be looked at. */
static void
save_screenshot (CuoccWindow *window,
                 const char  *what)
{
  const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *name = g_strdup_printf ("cuocc-gpu-compare-%s-%dx%d.png", what, gdk_surface_get_width (surface),
                                           gdk_surface_get_height (surface));
  g_autofree char *file = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  if (dir == NULL)
    return;
  file = g_build_filename (dir, name, NULL);
  app_test_wait_for_frame (GTK_WIDGET (window));
  texture = app_test_render_widget (GTK_WIDGET (window));
  g_assert_true (gdk_texture_save_to_png (texture, file));
  g_test_message ("screenshot: %s", file);
}

/* The progress above the table reads @text whole, at the window's size:
 * the label cut nowhere (no ellipsis, and the lines it takes at its width
 * within its height), and Cancel whole, inside the sidebar. At 1920 × 1080
 * the text was ellipsized at the sidebar's width, beside the bar and Cancel. */
static void
assert_progress_readable (CuoccWindow *window,
                          const char  *text)
{
  GtkWidget *panel = GTK_WIDGET (app_test_kernels_panel (window));
  GtkWidget *cancel = app_test_find_by_id (panel, GTK_TYPE_BUTTON, "gpus_cancel");
  /* The progress's text: above the row of the bar and Cancel. */
  GtkLabel *label = GTK_LABEL (app_test_find_by_id (panel, GTK_TYPE_LABEL, "gpus_label"));
  int width, height, min, nat, lines_height;
  graphene_rect_t bounds;

  app_test_wait_for_frame (GTK_WIDGET (window));
  width = gtk_widget_get_width (GTK_WIDGET (label));
  height = gtk_widget_get_height (GTK_WIDGET (label));
  g_test_message ("the progress, %d × %d px in a sidebar of %d px: %s", width, height, gtk_widget_get_width (panel),
                  gtk_label_get_text (label));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));
  g_assert_cmpstr (gtk_label_get_text (label), ==, text);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_assert_cmpint (min, <=, width);
  gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_VERTICAL, width, &lines_height, NULL, NULL, NULL);
  g_assert_cmpint (lines_height, <=, height);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (label), panel, &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (panel));

  g_assert_true (gtk_widget_get_mapped (cancel));
  /* Its label at its natural width (a widget's width leaves out its CSS
   * padding and border, which measuring it counts). */
  gtk_widget_measure (gtk_button_get_child (GTK_BUTTON (cancel)), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL,
                      NULL);
  g_assert_cmpint (gtk_widget_get_width (gtk_button_get_child (GTK_BUTTON (cancel))), >=, nat);
  g_assert_true (gtk_widget_compute_bounds (cancel, panel, &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (panel));
}

/* The generated library: 57,600 rows; under the sanitizers, where those
 * take minutes a time, the small one (three slices). */
static char *
library (guint *rows)
{
  if (g_getenv ("CUOCC_SANITIZED") != NULL)
    return app_test_generated_library_small (rows);
  return app_test_generated_library (rows);
}

static CuoccWindow *
library_window (const char *path,
                int         width,
                int         height)
{
  CuoccWindow *window = app_test_window_at_size (width, height, NULL);

  /* No ptxas: a comparison worked out without one is worked out again
   * once one is found, which would count twice. */
  cuocc_kernels_panel_set_ptxas_path (app_test_kernels_panel (window), "/nonexistent/ptxas");
  app_test_select_gpu (window, "NVIDIA A100 SXM4");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");
  app_test_import_library (window, path);
  return window;
}

/* Three GPUs, the worker held after each slice until the rows show it,
 * and after two until the test has looked: the rows fill in a slice at a
 * time, the progress says how far, the rows not reached show nothing. */
static void
test_slices (void)
{
  g_autofree char *path = NULL;
  CuoccWindow *window;
  CuoccGpuComparison *gpus;
  guint rows, slices, while_working, copied, most_rows, columns, iterations;
  Told told = { 0 };
  guint n_slices;
  g_autofree char *total = NULL;
  g_autofree char *done = NULL;
  g_autofree char *at = NULL;

  SKIP_WITHOUT_DISPLAY ();
  if ((path = library (&rows)) == NULL)
    {
      g_test_skip ("no generated library in the build folder");
      return;
    }
  n_slices = (rows + SLICE - 1) / SLICE;
  window = library_window (path, 1920, 1080);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, rows);

  cuocc_kernels_panel_hold_gpus_slices (app_test_kernels_panel (window), 2 * SLICE);
  listen (window, &told);
  cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), three);
  /* Two slices in: their rows have it, the rest show nothing yet; the
   * columns are the three GPUs' already. */
  total = cuocc_format_count (rows);
  done = cuocc_format_count (2 * SLICE);
  at = g_strdup_printf ("Comparing 3 GPUs: %s of %s rows", done, total);
  app_test_wait_until (window, progress_at, at);
  g_assert_false (app_test_kernels_compared (app_test_kernels_panel (window)));
  gpus = row_comparison (window, 0);
  g_assert_nonnull (gpus);
  g_assert_cmpuint (cuocc_gpu_comparison_get_n_gpus (gpus), ==, 3);
  g_assert_false (cuocc_gpu_comparison_is_stale (gpus));
  g_assert_true (row_comparison (window, 2 * SLICE - 1) == gpus);
  g_assert_null (row_comparison (window, 2 * SLICE));
  g_assert_null (row_comparison (window, rows - 1));
  {
    g_autofree char *reached = row_cell (window, 0, "gpu2");
    g_autofree char *not_reached = row_cell (window, 2 * SLICE, "gpu2");

    g_assert_cmpstr (not_reached, ==, "…");
    g_assert_cmpstr (reached, !=, "…");
  }
  /* The worker, held, has made two slices ready and no more. */
  g_assert_cmpuint (cuocc_gpu_comparison_get_n_ready (gpus), ==, 2 * SLICE);
  app_test_wait_for_sidebar (window, TRUE);
  save_screenshot (window, "streaming");
  assert_progress_readable (window, at);

  cuocc_kernels_panel_hold_gpus_slices (app_test_kernels_panel (window), G_MAXUINT);
  app_test_wait_until (window, compared, NULL);
  stop_listening (window, &told);
  /* "compared" went as it was asked for and came back as the rows had it
   * all; the comparison shown changed once, when they had it all (not a
   * slice at a time). */
  g_assert_cmpuint (told.compared, ==, 2);
  g_assert_cmpuint (told.gpu_comparison, ==, 1);
  cuocc_kernels_panel_get_gpus_slices (app_test_kernels_panel (window), &slices, &while_working, &copied);
  cuocc_kernels_panel_get_gpus_counts (app_test_kernels_panel (window), &most_rows, &columns, &iterations);
  g_test_message ("%u rows: %u slices, %u rows shown while the worker worked, %u entries copied on the main thread; "
                  "at most %u rows an iteration, %u columns", rows, slices, while_working, copied, most_rows, columns);
  /* One slice a 4,096 rows, the last one short; every row but the last
   * slice's shown before the worker ended; no entry copied here. */
  g_assert_cmpuint (slices, ==, n_slices);
  g_assert_cmpuint (while_working, ==, (n_slices - 1) * SLICE);
  g_assert_cmpuint (copied, ==, 0);
  g_assert_cmpuint (most_rows, <=, SLICE);
  /* The difference and three GPUs' columns, one an iteration. */
  g_assert_cmpuint (columns, ==, 4);
  g_assert_null (app_test_shown_text (GTK_WIDGET (app_test_kernels_panel (window)), "gpus_label"));
  g_assert_true (shows_comparison (window, gpus));
  g_assert_cmpuint (cuocc_gpu_comparison_get_n_ready (gpus), ==, rows);
  for (guint i = 0; i < rows; i++)
    g_assert_true (row_comparison (window, i) == gpus);
  app_test_window_free (window);
}

/* Cancel half-way: the last comparison comes back, whole; meanwhile no
 * row shows the last one's figures under the new one's columns. */
static void
test_cancel (void)
{
  g_autofree char *path = NULL;
  CuoccWindow *window;
  CuoccGpuComparison *old, *partial;
  guint rows, slices, while_working, copied;
  gboolean old_shown_before_columns = FALSE;
  Told told = { 0 };
  g_autofree char *done = cuocc_format_count (2 * SLICE);
  g_autofree char *at = g_strdup_printf ("Comparing 3 GPUs: %s of", done);

  SKIP_WITHOUT_DISPLAY ();
  if ((path = library (&rows)) == NULL)
    {
      g_test_skip ("no generated library in the build folder");
      return;
    }
  /* At 800 × 600: the progress and Cancel above the table fit there too. */
  window = library_window (path, 800, 600);
  app_test_wait_for_sidebar (window, TRUE);
  cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), two);
  app_test_wait_until (window, compared, NULL);
  old = app_test_gpu_comparison (app_test_kernels_panel (window));
  g_assert_nonnull (old);
  g_assert_cmpuint (cuocc_gpu_comparison_get_n_gpus (old), ==, 2);

  cuocc_kernels_panel_hold_gpus_slices (app_test_kernels_panel (window), 2 * SLICE);
  listen (window, &told);
  cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), three);
  app_test_wait_until (window, progress_at, at);
  /* Held here: once the rows have the last one back, nothing else holds it. */
  partial = cuocc_gpu_comparison_ref (row_comparison (window, 0));
  g_assert_true (partial != old);
  /* The last comparison's rows show nothing while the new one arrives. */
  g_assert_true (cuocc_gpu_comparison_is_stale (old));
  g_assert_true (row_comparison (window, rows - 1) == old);
  {
    g_autofree char *text = row_cell (window, rows - 1, "gpu1");

    g_assert_cmpstr (text, ==, "…");
  }

  save_screenshot (window, "streaming");
  {
    g_autofree char *total = cuocc_format_count (rows);
    g_autofree char *whole = g_strdup_printf ("%s %s rows", at, total);

    assert_progress_readable (window, whole);
    /* The narrowest sidebar: the text wraps, still whole. */
    g_object_set (app_test_kernels_panel (window), "sidebar-width", narrowest_sidebar (window), NULL);
    assert_progress_readable (window, whole);
    save_screenshot (window, "streaming-narrow");
  }
  g_signal_emit_by_name (app_test_find_by_id (GTK_WIDGET (app_test_kernels_panel (window)), GTK_TYPE_BUTTON, "gpus_cancel"), "clicked");
  g_assert_null (app_test_shown_text (GTK_WIDGET (app_test_kernels_panel (window)), "gpus_label"));
  /* Until it is back: the new comparison shows nothing, and the last one
   * shows only where the columns are its own again (no third GPU's). */
  while (!compared (window, NULL))
    {
      GtkColumnView *view = app_test_column_view (app_test_kernels_panel (window));
      GListModel *columns = gtk_column_view_get_columns (view);
      gboolean third = FALSE;

      g_assert_true (cuocc_gpu_comparison_is_stale (partial));
      for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
        {
          g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

          third |= g_strcmp0 (g_object_get_data (G_OBJECT (column), "cuocc-column-id"), "gpu2") == 0;
        }
      if (!cuocc_gpu_comparison_is_stale (old))
        {
          g_assert_false (third);
          old_shown_before_columns = TRUE;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  stop_listening (window, &told);
  /* "compared" went, and came back once the last comparison was back
   * (not as Cancel stopped the worker); the comparison shown was the last
   * one throughout: never told of. */
  g_assert_cmpuint (told.compared, ==, 2);
  g_assert_cmpuint (told.gpu_comparison, ==, 0);
  g_test_message ("the last comparison showed again while rows were still taking it back: %s",
                  old_shown_before_columns ? "yes" : "no");
  g_assert_true (shows_comparison (window, old));
  g_assert_false (cuocc_gpu_comparison_is_stale (old));
  for (guint i = 0; i < rows; i++)
    g_assert_true (row_comparison (window, i) == old);
  {
    g_autofree char *text = row_cell (window, 0, "gpu1");

    g_assert_cmpstr (text, !=, "…");
  }
  cuocc_kernels_panel_get_gpus_slices (app_test_kernels_panel (window), &slices, &while_working, &copied);
  g_assert_cmpuint (copied, ==, 0);
  /* The choice stays the user's: the next change works the three out. */
  {
    g_auto(GStrv) chosen = NULL;

    g_object_get (app_test_kernels_panel (window), "compare-gpus", &chosen, NULL);
    g_assert_true (g_strv_equal ((const char * const *) chosen, three));
  }
  cuocc_gpu_comparison_unref (partial);
  cuocc_gpu_comparison_unref (old);
  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/gpu-compare-stream/slices", test_slices);
  g_test_add_func ("/cuocc/app/gpu-compare-stream/cancel", test_cancel);

  return g_test_run ();
}
