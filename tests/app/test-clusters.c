/* test-clusters.c — cluster size and carveout in the real window: the
 * inputs, the results, the two graphs of 9.0 on, the session file and the
 * settings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "app-test.h"

static void
type_carveout (CuoccWindow *window,
               const char  *text)
{
  gtk_editable_set_text (
      app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_CARVEOUT), text);
}

static void
test_cluster_size (void)
{
  CuoccWindow *window;
  GtkWidget *entry;
  const char *text;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "32");
  app_test_type_into (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, "4");
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->cluster_size, ==, 4);

  /* 16 blocks per SM, 8 under a cluster launch; the GH100 table's row 8,
   * clusters of 4: 248 clusters, 992 of 2112 blocks. */
  text = app_test_results_text (window, "clusters_label");
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "8 blocks per SM"));
  g_assert_nonnull (strstr (text, "248 clusters"));
  g_assert_nonnull (strstr (text, "measured"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE))));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_BARRIERS))));
  g_assert_cmpint (cuocc_graph_get_series (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE))->current_x, ==, 4);
  g_assert_cmpint (cuocc_graph_get_series (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE))->clusters_basis, ==,
                   CUOCC_CLUSTERS_MEASURED);
  /* 248 × 4 blocks × 4 warps over 132 SMs: 30 warps per SM. */
  g_assert_cmpint (cuocc_graph_get_series (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE))->current.active_warps, ==, 30);

  /* Before 9.0 there are no clusters: the input waits, insensitive, and says why. */
  app_test_select_gpu (window, "NVIDIA A100 SXM4");
  entry = GTK_WIDGET (
      app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_CLUSTER_SIZE));
  g_assert_false (gtk_widget_get_sensitive (entry));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (entry), "9.0"));
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->cluster_size, ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_BARRIERS))));

  /* 12.0 allows 8; 16 is marked and explained. */
  app_test_select_gpu (window, "NVIDIA GeForce RTX 5090");
  g_assert_true (gtk_widget_get_sensitive (entry));
  app_test_type_into (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, "16");
  g_assert_true (
      app_test_input_marked (app_test_input_panel (window), CUOCC_INPUT_KEY_CLUSTER_SIZE));
  g_assert_false (cuocc_calculation_get_have_result (app_test_calculation (window)));
  app_test_type_into (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, "8");
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));

  app_test_window_free (window);
}

static void
test_graph_pick_and_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cuocc-clusters-XXXXXX", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *all_path = g_build_filename (dir, "graphs.png", NULL);
  g_autofree char *csv = NULL;
  CuoccWindow *window;
  CuoccPlotStyle style;
  int width, height;
  gint64 expected = -1;
  double y;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
  app_test_type_into (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, "4");
  app_test_wait_for_frame (GTK_WIDGET (window));

  /* A click on the cluster graph sets the cluster size. */
  width = gtk_widget_get_width (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE)));
  height = gtk_widget_get_height (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE)));
  cuocc_chart_get_style (CUOCC_CHART (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE)), &style);
  for (y = height * 0.9; y > 0; y -= 2)
    if (cuocc_plot_value_at_styled (cuocc_graph_get_series (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE)), &style, width, height,
                                    width * 0.8, y, &expected))
      break;
  g_assert_cmpfloat (y, >, 0);
  g_assert_true (cuocc_graph_pick (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE), width * 0.8, y));
  g_assert_cmpint (expected, >, 4);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->cluster_size, ==, expected);

  /* Exported like the others: the CSV lists every size with its basis. */
  app_test_type_into (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, "4");
  g_assert_true (app_test_use_path (window, "win.export-graph", "cluster-size", csv_path, NULL));
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  g_assert_true (g_str_has_prefix (csv,
                                   "cluster_size,active_blocks,active_warps,occupancy_pct,clusters_basis\n"
                                   "0,16,64,100,no-clusters\n1,8,32,50,measured\n"));
  g_assert_nonnull (strstr (csv, "\n4,7,30,46.88,measured\n"));

  /* "All" writes the barriers and cluster graphs too, where the GPU has them. */
  g_assert_true (app_test_use_path (window, "win.export-graph", "all", all_path, NULL));
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *one =
          g_build_filename (dir, i == 0 ? "graphs-barriers.png" : "graphs-cluster-size.png", NULL);

      g_assert_true (g_file_test (one, G_FILE_TEST_IS_REGULAR));
      g_unlink (one);
    }
  for (guint i = 0; i < 3; i++)
    {
      static const char *names[] = { "graphs-threads.png", "graphs-regs.png", "graphs-smem.png" };
      g_autofree char *one = g_build_filename (dir, names[i], NULL);

      g_unlink (one);
    }
  g_unlink (csv_path);
  g_rmdir (dir);

  app_test_window_free (window);
}

/* Picks @value on the cluster graph where the user would click: the first
 * point, left to right and bottom to top, that the graph reads as it. */
static void
pick_cluster_size (CuoccWindow *window,
                   gint64       value)
{
  int width = gtk_widget_get_width (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE)));
  int height = gtk_widget_get_height (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE)));
  CuoccPlotStyle style;

  cuocc_chart_get_style (CUOCC_CHART (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE)), &style);
  for (double x = 0; x < width; x += 2)
    for (double y = height * 0.95; y > 0; y -= 4)
      {
        gint64 at;

        if (cuocc_plot_value_at_styled (cuocc_graph_get_series (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE)), &style, width,
                                        height, x, y, &at))
          {
            if (at != value)
              break;
            g_assert_true (cuocc_graph_pick (app_test_graph (window, CUOCC_SERIES_CLUSTER_SIZE), x, y));
            g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->cluster_size, ==,
                             value);
            return;
          }
      }
  g_error ("no point of the cluster graph reads %" G_GINT64_FORMAT, value);
}

/* The cluster text where a click on the cluster graph used to say "At most
 * 0 clusters fit … (an upper bound: no measured table for this GPU), at
 * least 0 blocks fewer (0 %)" on an H100, which has a measured table: a
 * configuration that cannot launch (test-graph-click's picks reach one),
 * and the defaults' clusters of 1 ("Clusters of 1 blocks", "0 fewer
 * (0 %)"). */
static void
test_graph_pick_texts (void)
{
  CuoccWindow *window;
  const char *text;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_wait_for_frame (GTK_WIDGET (window));
  /* The defaults: H100 SXM5 (132 SMs), 256 threads, 32 registers, no
   * clusters: 8 blocks per SM, under the cluster launch's cap of 8. */
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->cluster_size, ==, 0);
  g_assert_null (app_test_results_text (window, "clusters_label"));

  /* Clusters of 1: the measured table's row 8, size 1 is 1056 clusters,
   * 1056 blocks; without clusters 132 × 8 = 1056: none lost. */
  pick_cluster_size (window, 1);
  text = app_test_results_text (window, "clusters_label");
  g_assert_cmpstr (
      text, ==,
      "Clusters of 1 block: 8 blocks per SM under the cluster launch, which holds at most 8 "
      "(measured on an H100 SXM and an H200, driver 580).\n"
      "1056 clusters fit on the whole GPU at once (measured): 1056 blocks, as many as without clusters.");

  /* 1024 threads of 64 registers: 64 × 32 = 2048 registers a warp, 32
   * warps, all 65536 of the SM's: 1 block per SM. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "1024");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "64");
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 1);
  text = app_test_results_text (window, "clusters_label");
  g_assert_true (
      g_str_has_prefix (text, "Clusters of 1 block: 1 block per SM under the cluster launch, which holds "
                              "at most 8 (measured on an H100 SXM and an H200, driver 580).\n"));

  /* 768 threads of 234 registers: 234 × 32 = 7488, rounded up to 7680 a
   * warp, × 24 warps = 184320, more than the SM's 65536: no block fits. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "768");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "234");
  app_test_wait_for_frame (GTK_WIDGET (window));
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 0);
  pick_cluster_size (window, 2);
  text = app_test_results_text (window, "clusters_label");
  g_assert_cmpstr (
      text, ==,
      "Clusters of 2 blocks: none fits, since not one block of this configuration fits on an SM, "
      "with clusters or without.");
  g_assert_null (strstr (text, "upper bound"));

  app_test_window_free (window);
}

/* H200, 256 threads, 40000 bytes (41088 allocated): 50 % is 116736 bytes,
 * raised to the 132 KiB configuration: 3 blocks, where 228 KiB holds 5. */
static void
test_carveout (void)
{
  CuoccWindow *window;
  GtkWidget *list;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "NVIDIA H200");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, "40000");
  type_carveout (window, "50");
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->carveout, ==, 50);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem_config, ==, -1);
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->smem_config, ==, 135168);
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 3);
  g_assert_true (cuocc_calculation_get_result (app_test_calculation (window))->warnings &
                 CUOCC_WARN_CARVEOUT_PREFERENCE);

  /* The carveout chooses the configuration: the list waits. */
  list = gtk_widget_get_prev_sibling (
      GTK_WIDGET (app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_CARVEOUT)));
  g_assert_true (GTK_IS_DROP_DOWN (list));
  g_assert_false (gtk_widget_get_sensitive (list));

  type_carveout (window, "101");
  g_assert_false (cuocc_calculation_get_have_result (app_test_calculation (window)));
  type_carveout (window, "");
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->carveout, ==,
                   CUOCC_CARVEOUT_NONE);
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 5);
  g_assert_true (gtk_widget_get_sensitive (list));

  app_test_window_free (window);
}

/* The session file and the settings keep the cluster size and the
 * carveout, and a new window gets them back. */
static void
test_session_and_settings (void)
{
  g_autoptr(GSettings) settings = NULL;
  CuoccSession session = { 0 };
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  app_test_type_into (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, "2");
  type_carveout (window, "25");
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));

  app_test_get_session (window, &session);
  data = cuocc_session_to_data (&session, NULL);
  cuocc_session_clear (&session);
  g_assert_nonnull (strstr (data, "cluster_size=2\n"));
  g_assert_nonnull (strstr (data, "carveout=25\n"));

  /* The saved state is the same session text. */
  settings = g_settings_new ("io.github.cuocc.Calculator");
  {
    g_autofree char *state = g_settings_get_string (settings, "state");

    g_assert_nonnull (strstr (state, "cluster_size=2\n"));
    g_assert_nonnull (strstr (state, "carveout=25\n"));
  }
  app_test_window_free (window);

  /* A new window on the same settings (not reset) restores both. */
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->cluster_size, ==, 2);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->carveout, ==, 25);

  /* A file restores them too, and one that gives both ways of choosing
   * the configuration is refused as a whole. */
  app_test_type_into (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, "0");
  type_carveout (window, "");
  g_assert_true (cuocc_session_load_data (&session, data, strlen (data), &error));
  g_assert_true (app_test_apply_session (window, &session, &error));
  g_assert_no_error (error);
  cuocc_session_clear (&session);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->cluster_size, ==, 2);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->carveout, ==, 25);
  {
    const char *both = "[Kernel]\ngpu=NVIDIA H100 SXM5\nsmem_config=65536\ncarveout=25\n";

    g_assert_false (cuocc_session_load_data (&session, both, strlen (both), &error));
    g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  app_test_window_free (window);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/clusters/cluster-size", test_cluster_size);
  g_test_add_func ("/cuocc/app/clusters/graph-pick-and-export", test_graph_pick_and_export);
  g_test_add_func ("/cuocc/app/clusters/carveout", test_carveout);
  g_test_add_func ("/cuocc/app/clusters/graph-pick-texts", test_graph_pick_texts);
  g_test_add_func ("/cuocc/app/clusters/session-and-settings", test_session_and_settings);

  return g_test_run ();
}
