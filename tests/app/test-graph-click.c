/* test-graph-click.c — a graph clicked stays where it is: the page does not
 * jump under the pointer (issue 20, point 7: "the page jumps about 16 px
 * after clicking a graph").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the results stand above the graphs, a value picked on a graph
 * changes their height (the explanation gains or loses a line, a warning
 * appears), and the scrolled window used to keep its offset, so the graph
 * moved by as much. The real window, at 800 × 600 and at 1920 × 1080 with
 * the kernels table dragged to its widest (both put the results above the
 * graphs), light and dark, scrolled to each graph in turn; the graph is
 * clicked (what its drag gesture does on a press) and stepped with the
 * arrow keys across its width.
 */
#include "config.h"

#include "app-test.h"
#include "cuocc-compat.h"

/* The kernels table at its widest (the schema's range), as a user drags it
 * to read every column. */
#define WIDEST_TABLE 760

typedef struct {
  int width;
  int height;
  gboolean table;                  /* the kernels table shown beside the calculator */
  gboolean dark;
} Setup;

static const Setup setups[] = {
  { 800, 600, FALSE, FALSE },
  { 800, 600, FALSE, TRUE },
  { 1920, 1080, TRUE, FALSE },
  { 1920, 1080, TRUE, TRUE },
};

/* ----- helpers ----- */

static CuoccWindow *
window_for (const Setup *setup)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  CuoccWindow *window;

  app_test_reset_settings ();
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), setup->dark
                                                                            ? ADW_COLOR_SCHEME_FORCE_DARK
                                                                            : ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_settings_set_int (settings, "window-width", setup->width);
  g_settings_set_int (settings, "window-height", setup->height);
  g_settings_set_int (settings, "kernels-width", WIDEST_TABLE);
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_size (window, setup->width, setup->height);
  if (setup->table)
    {
      app_test_show_kernels (window, TRUE);
      app_test_wait_for_sidebar (window, TRUE);
      g_assert_false (cuocc_compat_sidebar_view_get_folded (app_test_kernels_view (window)));
    }
  app_test_wait_frames (window, 3);
  return window;
}

/* Where the graph's top stands in the window: what the user sees move. */
static double
graph_top (CuoccWindow *window,
           CuoccGraph  *graph)
{
  graphene_point_t point;

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (graph), GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (0, 0), &point));
  return point.y;
}

/* Scrolls the results so that the graph's top is at the top of the view,
 * or as near as the scrolled window goes. */
static void
scroll_to (CuoccWindow *window,
           CuoccGraph  *graph)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (app_test_results_scroller (window));
  graphene_point_t point;

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (graph), GTK_WIDGET (app_test_results_scroller (window)),
                                           &GRAPHENE_POINT_INIT (0, 0), &point));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + point.y);
  app_test_wait_frames (window, 2);
}

typedef struct {
  guint picks;                     /* values picked */
  guint moved_results;             /* picks that changed the results' height */
} Counts;

/* Picks a value on the graph by @pick, and checks that the next frame shows
 * the graph where it was. */
static void
pick_in_place (CuoccWindow *window,
               CuoccGraph  *graph,
               gboolean   (*pick) (CuoccGraph *graph, int k),
               int          k,
               Counts      *counts)
{
  int results_height = gtk_widget_get_height (app_test_view (window, CUOCC_TYPE_RESULTS_VIEW));
  double before = graph_top (window, graph);

  if (!pick (graph, k))
    return;
  counts->picks++;
  /* The same frame that shows the new results shows the graph in place: no
   * frame with it moved. */
  app_test_wait_frames (window, 1);
  if (gtk_widget_get_height (app_test_view (window, CUOCC_TYPE_RESULTS_VIEW)) != results_height)
    counts->moved_results++;
  g_assert_cmpfloat (graph_top (window, graph), ==, before);
}

static gboolean
click (CuoccGraph *graph,
       int         k)
{
  return cuocc_graph_pick (graph, gtk_widget_get_width (GTK_WIDGET (graph)) * k / 12.0,
                           gtk_widget_get_height (GTK_WIDGET (graph)) / 2.0);
}

static gboolean
arrow_key (CuoccGraph *graph,
           int         k)
{
  gboolean moved = FALSE;

  /* Right, or Left three times. */
  if (k % 2 == 0)
    return app_test_press_on (GTK_WIDGET (graph), GDK_KEY_Right);
  for (int i = 0; i < 3; i++)
    moved |= app_test_press_on (GTK_WIDGET (graph), GDK_KEY_Left);
  return moved;
}

/* ----- tests ----- */

static void
test_graph_stays (gconstpointer data)
{
  const Setup *setup = data;
  GtkAdjustment *adjustment;
  CuoccWindow *window;
  Counts counts = { 0 };
  guint graphs = 0;

  SKIP_WITHOUT_DISPLAY ();
  window = window_for (setup);
  adjustment = gtk_scrolled_window_get_vadjustment (app_test_results_scroller (window));

  /* The results above the graphs, and the page taller than the view. */
  {
    GtkWidget *view = app_test_view (window, CUOCC_TYPE_RESULTS_VIEW);
    graphene_point_t results, graph;

    g_assert_true (
        gtk_widget_compute_point (view, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (0, 0), &results));
    g_assert_true (gtk_widget_compute_point (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_THREADS)), GTK_WIDGET (window),
                                             &GRAPHENE_POINT_INIT (0, 0), &graph));
    g_assert_cmpfloat (graph.y, >=, results.y + gtk_widget_get_height (view));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  }

  for (guint i = 0; i < APP_TEST_N_ALL_GRAPHS; i++)
    {
      CuoccGraph *graph = app_test_graph (window, i);

      if (!gtk_widget_get_visible (GTK_WIDGET (graph)))
        continue;
      graphs++;
      scroll_to (window, graph);
      for (int k = 1; k < 12; k++)
        pick_in_place (window, graph, click, k, &counts);
      /* The arrow keys, with the focus on the graph, as a keyboard user has it. */
      gtk_widget_grab_focus (GTK_WIDGET (graph));
      scroll_to (window, graph);
      for (int k = 0; k < 6; k++)
        pick_in_place (window, graph, arrow_key, k, &counts);
      g_assert_true (gtk_widget_has_focus (GTK_WIDGET (graph)));
    }

  /* Threads, registers, shared memory, and barriers or cluster size on the
   * default H100; the picks did change the results' height above the
   * graphs, which is what used to move them. */
  g_assert_cmpuint (graphs, >=, 4);
  g_assert_cmpuint (counts.picks, >=, 40);
  g_assert_cmpuint (counts.moved_results, >=, 2);

  app_test_window_free (window);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cuocc/app/graph-click/stays/%dx%d%s-%s",
                                               setups[i].width, setups[i].height,
                                               setups[i].table ? "-table" : "",
                                               setups[i].dark ? "dark" : "light");

      g_test_add_data_func (path, &setups[i], test_graph_stays);
    }

  return g_test_run ();
}
