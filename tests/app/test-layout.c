/* test-layout.c — the real window at real sizes: it works from 800 × 600
 * (half of a 1600-pixel screen) up, never resizes itself, and the kernels
 * sidebar lies over the calculator where it does not fit beside it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "app-test.h"
#include "cuocc-compat.h"

/* The smallest window the app must work in (issue 12, point 4). */
#define SMALL_WIDTH 800
#define SMALL_HEIGHT 600

static const char *const pages[] = { "calculator", "tuning", "gpu-data" };

/* ----- helpers ----- */

/* The window's size on the screen, its frame included (the widget's own
 * allocation leaves out the client-side frame). */
static int
window_width (CuoccWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  return surface != NULL ? gdk_surface_get_width (surface) : 0;
}

static int
window_height (CuoccWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  return surface != NULL ? gdk_surface_get_height (surface) : 0;
}

static void
wait_frames (CuoccWindow *window,
             guint        n)
{
  for (guint i = 0; i < n; i++)
    app_test_wait_for_frame (GTK_WIDGET (window));
}

/* Waits until the window has the size, and fails after a few seconds. */
static void
wait_for_size (CuoccWindow *window,
               int          width,
               int          height)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (window_width (window) != width || window_height (window) != height)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("window %d × %d, not %d × %d", window_width (window), window_height (window), width, height);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  wait_frames (window, 2);
}

/* A window opened at the size, as the saved window size opens it. */
static CuoccWindow *
window_at (int width,
           int height)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  CuoccWindow *window;

  app_test_reset_settings ();
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_size (window, width, height);
  return window;
}

static void
assert_size (CuoccWindow *window,
             int          width,
             int          height)
{
  wait_frames (window, 2);
  g_assert_cmpint (window_width (window), ==, width);
  g_assert_cmpint (window_height (window), ==, height);
}

static void
import_log (CuoccWindow *window,
            const char  *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  cuocc_window_import_file (window, file);
  while (cuocc_kernels_panel_is_busy (window->kernels_panel))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (cuocc_kernels_panel_get_n_kernels (window->kernels_panel), >, 0);
}

static void
import_fixture (CuoccWindow *window,
                const char  *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", name, NULL);

  import_log (window, path);
}

/* The index in the shown list of the kernel whose name starts so. */
static guint
kernel_index (CuoccWindow *window,
              const char  *prefix)
{
  GListModel *shown = cuocc_kernels_panel_get_shown (window->kernels_panel);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      cuocc_kernels_panel_choose (window->kernels_panel, i);
      if (g_str_has_prefix (cuocc_kernels_panel_get_chosen (window->kernels_panel)->name, prefix))
        return i;
    }
  g_assert_not_reached ();
}

/* Whether the results stand beside the graphs (or above them). */
static gboolean
results_beside_graphs (CuoccWindow *window)
{
  graphene_rect_t results, graph;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->results_view), GTK_WIDGET (window), &results));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->graph_threads), GTK_WIDGET (window), &graph));
  if (graph.origin.y >= results.origin.y + results.size.height)
    return FALSE;
  g_assert_cmpfloat (graph.origin.x, >=, results.origin.x + results.size.width);
  return TRUE;
}

/* Every visible graph lies within the window's width: the reader reaches
 * it by scrolling down, never sideways. */
static void
assert_graphs_within (CuoccWindow *window)
{
  int width = gtk_widget_get_width (GTK_WIDGET (window));

  g_assert_cmpint (width, <=, window_width (window));
  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    {
      GtkWidget *graph = GTK_WIDGET (window->graphs[i]);
      graphene_rect_t bounds;

      if (!gtk_widget_get_visible (graph))
        continue;
      g_assert_true (gtk_widget_compute_bounds (graph, GTK_WIDGET (window), &bounds));
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
      g_assert_cmpfloat (bounds.size.width, >=, 240);
    }
}

/* ----- tests ----- */

/* The window's minimum size on each page, with the kernels sidebar hidden
 * and shown, is at most 800 × 600. */
static void
test_minimum_size (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();

  for (guint shown = 0; shown < 2; shown++)
    {
      if (shown)
        import_fixture (window, "ptxas-maxrreg32-sm80.log");
      g_assert_cmpint (cuocc_compat_sidebar_view_get_shown (window->kernels_view), ==, shown);

      for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
        {
          int min_width, min_height;

          adw_view_stack_set_visible_child_name (window->stack, pages[i]);
          wait_frames (window, 2);
          gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1,
                              &min_width, NULL, NULL, NULL);
          gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, SMALL_WIDTH,
                              &min_height, NULL, NULL, NULL);
          g_test_message ("%s page, sidebar %s: at least %d × %d", pages[i], shown ? "shown" : "hidden",
                          min_width, min_height);
          g_assert_cmpint (min_width, <=, SMALL_WIDTH);
          g_assert_cmpint (min_height, <=, SMALL_HEIGHT);
        }
    }

  app_test_window_free (window);
}

/* At 800 × 600 the sidebar lies over the calculator; opening it, importing,
 * choosing a kernel with a long name and going through the pages never
 * change the window's size. */
static void
test_small_window (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = window_at (SMALL_WIDTH, SMALL_HEIGHT);

  /* Results above the graphs, each graph as wide as the window allows. */
  g_assert_false (results_beside_graphs (window));
  assert_graphs_within (window);

  gtk_toggle_button_set_active (window->kernels_button, TRUE);
  app_test_wait_for_kernels (window);
  g_assert_true (cuocc_compat_sidebar_view_get_folded (window->kernels_view));
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);
  gtk_toggle_button_set_active (window->kernels_button, FALSE);
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);

  /* A long template name, as real builds have. */
  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  g_assert_true (cuocc_compat_sidebar_view_get_shown (window->kernels_view));
  app_test_wait_for_kernels (window);
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);
  cuocc_kernels_panel_choose (window->kernels_panel, kernel_index (window, "void by_struct"));
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      adw_view_stack_set_visible_child_name (window->stack, pages[i]);
      assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);
    }

  app_test_window_free (window);
}

/* Where both fit, the sidebar stands beside the calculator, and the results
 * beside the graphs; hiding the sidebar leaves the size alone too. */
static void
test_large_window (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = window_at (1400, 900);

  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  app_test_wait_for_kernels (window);
  g_assert_false (cuocc_compat_sidebar_view_get_folded (window->kernels_view));
  assert_size (window, 1400, 900);
  /* Beside, not over: the calculator starts where the sidebar ends. */
  {
    graphene_rect_t sidebar, inputs;

    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->kernels_panel), GTK_WIDGET (window), &sidebar));
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->input_panel), GTK_WIDGET (window), &inputs));
    g_assert_cmpfloat (inputs.origin.x, >=, sidebar.origin.x + sidebar.size.width);
  }
  g_assert_true (results_beside_graphs (window));
  assert_graphs_within (window);

  gtk_toggle_button_set_active (window->kernels_button, FALSE);
  assert_size (window, 1400, 900);
  g_assert_true (results_beside_graphs (window));
  assert_graphs_within (window);

  /* Narrowing the window folds the sidebar and hides it. */
  gtk_toggle_button_set_active (window->kernels_button, TRUE);
  app_test_wait_for_kernels (window);
  gtk_window_set_default_size (GTK_WINDOW (window), SMALL_WIDTH, SMALL_HEIGHT);
  wait_for_size (window, SMALL_WIDTH, SMALL_HEIGHT);
  g_assert_true (cuocc_compat_sidebar_view_get_folded (window->kernels_view));
  g_assert_false (cuocc_compat_sidebar_view_get_shown (window->kernels_view));

  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/layout/minimum-size", test_minimum_size);
  g_test_add_func ("/cuocc/app/layout/small-window", test_small_window);
  g_test_add_func ("/cuocc/app/layout/large-window", test_large_window);

  return g_test_run ();
}
