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
#include "cuocc-format.h"
#include "cuocc-plot-private.h"

/* The smallest window the app must work in (issue 12, point 4). */
#define SMALL_WIDTH 800
#define SMALL_HEIGHT 600

static const char *const pages[] = { "calculator", "tuning", "gpu-data" };

/* ----- helpers ----- */

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
  app_test_wait_for_size (window, width, height);
  return window;
}

static void
assert_size (CuoccWindow *window,
             int          width,
             int          height)
{
  app_test_wait_frames (window, 2);
  g_assert_cmpint (app_test_window_width (window), ==, width);
  g_assert_cmpint (app_test_window_height (window), ==, height);
}

static void
import_log (CuoccWindow *window,
            const char  *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  app_test_import (window, file);
  while (app_test_kernels_busy (app_test_kernels_panel (window)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), >, 0);
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
  GListModel *shown = app_test_shown (window);

  /* Every entry, whether or not it runs on the GPU. */
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      cuocc_kernels_panel_choose (app_test_kernels_panel (window), i);
      if (g_str_has_prefix (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL)->name,
                            prefix))
        return i;
    }
  g_assert_not_reached ();
}

/* Whether the results stand beside the graphs (or above them). */
static gboolean
results_beside_graphs (CuoccWindow *window)
{
  graphene_rect_t results, graph;

  g_assert_true (gtk_widget_compute_bounds (app_test_view (window, CUOCC_TYPE_RESULTS_VIEW),
                                            GTK_WIDGET (window), &results));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_THREADS)), GTK_WIDGET (window),
                                            &graph));
  if (graph.origin.y >= results.origin.y + results.size.height)
    return FALSE;
  g_assert_cmpfloat (graph.origin.x, >=, results.origin.x + results.size.width);
  return TRUE;
}

/* Every visible graph lies within the window's width: the reader reaches
 * it by scrolling down, never sideways. */
/* Each graph's title whole as the graph draws it at its size (the
 * drawing's own layout): on one line where it fits, else on two, never
 * ellipsized. At 800 × 600 one line cut "Impact of varying register count
 * per thread" to "… per th…". */
static void
assert_titles_whole (CuoccWindow *window)
{
  guint shown = 0;

  for (guint i = 0; i < APP_TEST_N_ALL_GRAPHS; i++)
    {
      CuoccGraph *graph = app_test_graph (window, i);
      const CuoccSeries *series = cuocc_graph_get_series (graph);
      int width = gtk_widget_get_width (GTK_WIDGET (graph));
      int height = gtk_widget_get_height (GTK_WIDGET (graph));
      g_autoptr(PangoLayout) drawn = NULL;
      CuoccPlotStyle style;
      PlotLayout layout;
      PangoRectangle logical;

      if (!gtk_widget_get_visible (GTK_WIDGET (graph)) || series == NULL)
        continue;
      shown++;
      cuocc_chart_get_style (CUOCC_CHART (graph), &style);
      g_assert_true (_cuocc_plot_layout_compute (&layout, series, &style, width, height));
      drawn = pango_layout_copy (_cuocc_plot_measure_layout ());
      _cuocc_plot_measure_set_font (drawn, &style, PLOT_TITLE_FONT_SCALE, TRUE);
      pango_layout_set_text (drawn, _cuocc_plot_title (series->kind), -1);
      if (layout.frame.title_wrapped)
        {
          _cuocc_plot_title_wrap (drawn, MIN (layout.frame.title_max_width, layout.frame.title_width + 1));
          g_assert_cmpint (pango_layout_get_line_count (drawn), ==, 2);
          g_assert_false (pango_layout_is_ellipsized (drawn));
        }
      pango_layout_get_extents (drawn, NULL, &logical);
      g_assert_cmpfloat ((double) logical.width / PANGO_SCALE, <=, layout.frame.title_max_width);
      /* The plot area below the title. */
      g_assert_cmpfloat (layout.frame.area.y, >=, layout.frame.title_y + layout.frame.title_height);
    }
  g_assert_cmpuint (shown, >=, 3);
}

static void
assert_graphs_within (CuoccWindow *window)
{
  int width = gtk_widget_get_width (GTK_WIDGET (window));

  g_assert_cmpint (width, <=, app_test_window_width (window));
  for (guint i = 0; i < APP_TEST_N_ALL_GRAPHS; i++)
    {
      GtkWidget *graph = GTK_WIDGET (app_test_graph (window, i));
      graphene_rect_t bounds;

      if (!gtk_widget_get_visible (graph))
        continue;
      g_assert_true (gtk_widget_compute_bounds (graph, GTK_WIDGET (window), &bounds));
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
      g_assert_cmpfloat (bounds.size.width, >=, 240);
    }
}

/* Whether any label below @widget has text selected. */
static gboolean
has_selection (GtkWidget *widget)
{
  int start, end;

  if (GTK_IS_LABEL (widget) && gtk_label_get_selection_bounds (GTK_LABEL (widget), &start, &end))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_selection (child))
      return TRUE;
  return FALSE;
}

/* The column of a compute capability in the GPU Data table: the order of
 * the library's table. */
static int
column_of_cc (int major,
              int minor)
{
  guint n_caps = 0;
  const CuoccCapability *caps = cuocc_capabilities (&n_caps);

  for (guint c = 0; c < n_caps; c++)
    if (caps[c].major == major && caps[c].minor == minor)
      return c;
  g_assert_not_reached ();
}

/* The label that shows the chosen GPU on the picker's button: all of it,
 * or (@whole FALSE) what fits, ellipsized. Either way inside the button. */
static void
assert_gpu_label (CuoccWindow *window,
                  const char  *title,
                  gboolean     whole)
{
  GtkWidget *picker =
      app_test_find_descendant (GTK_WIDGET (app_test_input_panel (window)), GTK_TYPE_DROP_DOWN, FALSE);
  GtkWidget *label;
  graphene_rect_t bounds;

  app_test_wait_frames (window, 2);
  label = app_test_find_descendant (picker, GTK_TYPE_LABEL, TRUE);
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, title);
  g_assert_cmpint (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))), ==, !whole);
  g_assert_true (gtk_widget_compute_bounds (label, picker, &bounds));
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (picker));
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
      g_assert_cmpint (app_test_kernels_shown (window), ==, shown);

      for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
        {
          int min_width, min_height;

          adw_view_stack_set_visible_child_name (app_test_stack (window), pages[i]);
          app_test_wait_frames (window, 2);
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
  assert_titles_whole (window);
  /* As wide as test-plot's titles-whole-at-800 takes them. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_REGS))), >=, 390);
  g_test_message ("graphs %d pixels wide at 800 × 600",
                  gtk_widget_get_width (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_REGS))));

  app_test_show_kernels (window, TRUE);
  app_test_wait_for_sidebar (window, TRUE);
  g_assert_true (cuocc_compat_sidebar_view_get_folded (app_test_kernels_view (window)));
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);
  app_test_show_kernels (window, FALSE);
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);

  /* A long template name, as real builds have. */
  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  g_assert_true (app_test_kernels_shown (window));
  app_test_wait_for_sidebar (window, TRUE);
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);
  cuocc_kernels_panel_choose (app_test_kernels_panel (window), kernel_index (window, "void by_struct"));
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      adw_view_stack_set_visible_child_name (app_test_stack (window), pages[i]);
      assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);
    }

  app_test_window_free (window);
}

/* Where both fit, the sidebar stands beside the calculator; without it the
 * results stand beside the graphs. Hiding the sidebar leaves the size
 * alone too. */
static void
test_large_window (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = window_at (1400, 900);

  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  app_test_wait_for_sidebar (window, TRUE);
  g_assert_false (cuocc_compat_sidebar_view_get_folded (app_test_kernels_view (window)));
  assert_size (window, 1400, 900);
  /* Beside, not over: the calculator starts where the sidebar ends. */
  {
    graphene_rect_t sidebar, inputs;

    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (app_test_kernels_panel (window)),
                                              GTK_WIDGET (window), &sidebar));
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (app_test_input_panel (window)), GTK_WIDGET (window),
                                              &inputs));
    g_assert_cmpfloat (inputs.origin.x, >=, sidebar.origin.x + sidebar.size.width);
  }
  /* Beside the sidebar the graphs would be narrower than they need to be:
   * they go below the results. */
  g_assert_false (results_beside_graphs (window));
  assert_graphs_within (window);
  assert_titles_whole (window);

  app_test_show_kernels (window, FALSE);
  app_test_wait_for_sidebar (window, FALSE);
  assert_size (window, 1400, 900);
  g_assert_true (results_beside_graphs (window));
  assert_titles_whole (window);
  assert_graphs_within (window);

  /* Narrowing the window folds the sidebar and hides it. */
  app_test_show_kernels (window, TRUE);
  app_test_wait_for_sidebar (window, TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), SMALL_WIDTH, SMALL_HEIGHT);
  app_test_wait_for_size (window, SMALL_WIDTH, SMALL_HEIGHT);
  g_assert_true (cuocc_compat_sidebar_view_get_folded (app_test_kernels_view (window)));
  g_assert_false (app_test_kernels_shown (window));

  app_test_window_free (window);
}

/* The GPU Data page opens on the current GPU's compute capability (an
 * H100's 9.0, far to the right of 1.0), with nothing selected, and its row
 * names stay in view while the columns scroll. */
static void
test_gpu_data_page (void)
{
  int column = column_of_cc (9, 0);
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;
  GtkWidget *grid, *names, *header, *name, *cell;
  graphene_rect_t header_bounds;
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  graphene_point_t name_before, name_after, cell_at;
  GtkEditable *threads;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = window_at (SMALL_WIDTH, SMALL_HEIGHT);
  g_assert_cmpstr (cuocc_input_model_get_gpu (app_test_inputs (window))->name, ==, "NVIDIA H100 SXM5");
  g_assert_cmpint (column, >, 10);

  /* The focus in an input, as after typing; then the page. */
  threads = app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS);
  gtk_widget_grab_focus (GTK_WIDGET (threads));
  adw_view_stack_set_visible_child_name (app_test_stack (window), "gpu-data");
  app_test_wait_frames (window, 4);
  /* The stack moved the focus into the page: onto the scrolled table, not
   * into the selectable sources, which would select their whole text. */
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)),
                                         GTK_WIDGET (app_test_gpu_data_page (window))));
  g_assert_false (GTK_IS_LABEL (gtk_window_get_focus (GTK_WINDOW (window))));
  g_assert_false (has_selection (GTK_WIDGET (app_test_gpu_data_page (window))));

  g_assert_cmpint (app_test_gpu_data_marked (window), ==, column);
  scroller = GTK_SCROLLED_WINDOW (app_test_find_by_id (app_test_view (window, CUOCC_TYPE_GPU_DATA_PAGE),
                                                       GTK_TYPE_SCROLLED_WINDOW, "columns_scroller"));
  adjustment = gtk_scrolled_window_get_hadjustment (scroller);
  grid = gtk_widget_get_first_child (gtk_scrolled_window_get_child (scroller));
  g_assert_true (GTK_IS_GRID (grid));
  names = gtk_widget_get_prev_sibling (GTK_WIDGET (scroller));
  g_assert_true (GTK_IS_GRID (names));

  /* 9.0's header lies wholly inside the scrolled view. */
  header = gtk_grid_get_child_at (GTK_GRID (grid), column, 0);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (header)), ==, "9.0");
  g_assert_true (gtk_widget_has_css_class (header, "accent"));
  g_assert_false (gtk_widget_has_css_class (gtk_grid_get_child_at (GTK_GRID (grid), 0, 0), "accent"));
  g_assert_true (gtk_widget_compute_bounds (header, GTK_WIDGET (scroller), &header_bounds));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
  g_assert_cmpfloat (header_bounds.origin.x, >=, 0);
  g_assert_cmpfloat (header_bounds.origin.x + header_bounds.size.width, <=,
                     gtk_widget_get_width (GTK_WIDGET (scroller)));

  /* A row's name and its cells stand level, below a list that takes
   * several lines ("Chips" is the third row). */
  name = gtk_grid_get_child_at (GTK_GRID (names), 0, 4);
  cell = gtk_grid_get_child_at (GTK_GRID (grid), column, 4);
  g_assert_true (gtk_widget_compute_point (name, GTK_WIDGET (window), &origin, &name_before));
  g_assert_true (gtk_widget_compute_point (cell, GTK_WIDGET (window), &origin, &cell_at));
  g_assert_cmpfloat_with_epsilon (name_before.y, cell_at.y, 0.5);

  /* Scrolled all the way right: the names have not moved. */
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  app_test_wait_frames (window, 2);
  g_assert_true (gtk_widget_compute_point (name, GTK_WIDGET (window), &origin, &name_after));
  g_assert_cmpfloat (name_after.x, ==, name_before.x);
  g_assert_cmpfloat (name_after.x, >=, 0);
  g_assert_cmpfloat (name_after.x + gtk_widget_get_width (name), <=,
                     gtk_widget_get_width (GTK_WIDGET (window)));

  app_test_window_free (window);
}

/* Text from outside at its longest, at 800 × 600: the GPU picker shows
 * every product's whole name and cuts a device file's longest name (the
 * library keeps 127 bytes) to fit; error messages and file names are
 * capped; nothing widens the window (issue 11, point 3; issue 12, point 7). */
static void
test_outside_text (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cuocc-layout-XXXXXX", NULL);
  g_autofree char *device = g_build_filename (dir, "long.gpu", NULL);
  g_autofree char *long_name = g_strnfill (240, 'n');
  g_autofree char *log_path = NULL;
  g_autofree char *device_text = NULL;
  g_autofree char *device_name = g_strnfill (127, 'd');
  g_autofree char *title = NULL;
  g_autoptr(GString) huge = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = window_at (SMALL_WIDTH, SMALL_HEIGHT);

  /* Every product of the table, by its whole name. */
  {
    guint n_products = 0;
    const CuoccProduct *products = cuocc_products (&n_products);

    for (guint i = 0; i < n_products; i++)
      {
        g_assert_true (cuocc_input_model_set_gpu (app_test_inputs (window), products[i].name,
                                                  CUOCC_INPUT_ORIGIN_USER, &error));
        g_assert_no_error (error);
        assert_gpu_label (window, products[i].name, TRUE);
      }
  }
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);

  /* A device file's name as long as the library keeps is cut to fit. */
  device_text = g_strdup_printf ("[Device]\nname=%s\ncompute-capability=9.0\nsm-count=100\n", device_name);
  g_assert_true (g_file_set_contents (device, device_text, -1, NULL));
  g_assert_true (
      cuocc_input_model_set_gpu (app_test_inputs (window), device, CUOCC_INPUT_ORIGIN_USER, &error));
  g_assert_no_error (error);
  title = g_strdup_printf ("Custom: %s", device_name);
  assert_gpu_label (window, title, FALSE);
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);

  /* A file with a long name opened, whose error quotes its path of 20 KB
   * without a space: folders that are not there, 200 letters each. */
  g_string_append (huge, dir);
  while (huge->len < 20 * 1024)
    {
      g_string_append_c (huge, G_DIR_SEPARATOR);
      for (guint i = 0; i < 200; i++)
        g_string_append_c (huge, 'a' + i % 26);
    }
  g_string_append_printf (huge, "%c%s", G_DIR_SEPARATOR, long_name);
  app_test_forget_message ();
  {
    g_autoptr(GFile) gone = g_file_new_for_path (huge->str);

    g_assert_false (cuocc_window_use_file (window, "win.open", NULL, gone, &error));
  }
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FILENAME_TOO_LONG);
  g_assert_cmpuint (strlen (error->message), >, 20 * 1024);
  g_assert_nonnull (app_test_last_message ());
  g_test_message ("%.200s…", app_test_last_message ());
  g_assert_true (g_str_has_prefix (app_test_last_message (), "Could not open “nnnn"));
  g_assert_cmpint (g_utf8_strlen (app_test_last_message (), -1), <=,
                   CUOCC_NAME_MAX_CHARS + strlen (": ") + CUOCC_MESSAGE_MAX_CHARS);
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);
  g_clear_error (&error);

  /* A log whose file name has 240 characters and no space. */
  log_path = g_build_filename (dir, long_name, NULL);
  g_assert_true (g_file_set_contents (log_path, "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
                                                "ptxas info    : Used 16 registers\n", -1, NULL));
  import_log (window, log_path);
  app_test_wait_for_sidebar (window, TRUE);
  assert_size (window, SMALL_WIDTH, SMALL_HEIGHT);

  app_test_window_free (window);
  g_assert_cmpint (g_unlink (log_path), ==, 0);
  g_assert_cmpint (g_unlink (device), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The GPU Data page scrolled to the current GPU's column begins with a
 * whole column: none is cut by the view's left edge. At 1024 × 700 the
 * first column shown read "A102" for GA102 (issue 29). */
static void
test_gpu_data_first_column (gconstpointer data)
{
  const int *size = data;
  GtkScrolledWindow *scroller;
  GtkWidget *grid;
  guint n_columns, n_left = 0;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = window_at (size[0], size[1]);
  adw_view_stack_set_visible_child_name (app_test_stack (window), "gpu-data");
  app_test_wait_frames (window, 4);
  scroller = GTK_SCROLLED_WINDOW (app_test_find_by_id (app_test_view (window, CUOCC_TYPE_GPU_DATA_PAGE),
                                                       GTK_TYPE_SCROLLED_WINDOW, "columns_scroller"));
  grid = gtk_widget_get_first_child (gtk_scrolled_window_get_child (scroller));
  g_assert_true (GTK_IS_GRID (grid));
  n_columns = app_test_gpu_data_n_columns (window);
  g_assert_cmpuint (n_columns, >, 10);
  for (guint c = 0; c < n_columns; c++)
    {
      GtkWidget *header = gtk_grid_get_child_at (GTK_GRID (grid), (int) c, 0);
      graphene_rect_t bounds;

      g_assert_true (gtk_widget_compute_bounds (header, GTK_WIDGET (scroller), &bounds));
      g_test_message ("%dx%d: column %u (%s) at %.1f, %.1f wide", size[0], size[1], c,
                      gtk_label_get_label (GTK_LABEL (header)), bounds.origin.x, bounds.size.width);
      /* Wholly left of the view, or from its left edge on. */
      if (bounds.origin.x < -0.5)
        {
          g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, 0.5);
          n_left++;
        }
    }
  /* Scrolled at all: 9.0 is far to the right of 1.0. */
  g_assert_cmpuint (n_left, >, 0);
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
  g_test_add_func ("/cuocc/app/layout/gpu-data-page", test_gpu_data_page);
  {
    static const int sizes[][2] = { { 800, 600 }, { 1024, 700 }, { 1400, 900 } };

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autofree char *path =
            g_strdup_printf ("/cuocc/app/layout/gpu-data-first-column/%dx%d", sizes[i][0], sizes[i][1]);

        g_test_add_data_func (path, sizes[i], test_gpu_data_first_column);
      }
  }
  g_test_add_func ("/cuocc/app/layout/outside-text", test_outside_text);

  return g_test_run ();
}
