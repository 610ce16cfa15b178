/* test-tuning.c — drives the window's Tuning page: advice, heatmaps,
 * waves, the pinned comparison and this machine's GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cuocc-gpu-choice.h"
#include "app-test.h"



/* ----- helpers ----- */






static void
show_tuning (CuoccWindow *window)
{
  adw_view_stack_set_visible_child_name (app_test_stack (window), "tuning");
  app_test_wait_for_frame (GTK_WIDGET (window));
}

static guint
find_gpu_position (GtkDropDown        *dropdown,
                   CuoccGpuChoiceKind  kind,
                   const char         *id)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CuoccGpuChoice) choice = g_list_model_get_item (model, i);

      if (cuocc_gpu_choice_get_kind (choice) == kind &&
          (id == NULL || g_strcmp0 (cuocc_gpu_choice_get_id (choice), id) == 0))
        return i;
    }

  g_error ("no such GPU in the list: %s", id);
  return GTK_INVALID_LIST_POSITION;
}

/* A window on this GPU with these inputs. */
static CuoccWindow *
kernel_window_new (const char *gpu,
                   const char *threads,
                   const char *regs,
                   const char *smem)
{
  CuoccWindow *window = app_test_window_new ();

  app_test_choose_gpu (window, gpu);
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, threads);
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, regs);
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, smem);
  return window;
}

/* A point of the heatmap widget inside cell (i, j), found with the
 * widget's own mapping: along a row for the column, then down that column. */
static gboolean
find_cell (CuoccHeatmapView *view,
           guint             want_i,
           guint             want_j,
           double           *x,
           double           *y)
{
  int width = gtk_widget_get_width (GTK_WIDGET (view));
  int height = gtk_widget_get_height (GTK_WIDGET (view));
  guint i, j;

  *x = -1;
  for (int py = height / 2; py < height && *x < 0; py++)
    for (int px = 0; px < width && *x < 0; px++)
      if (cuocc_heatmap_view_cell_at (view, px + 0.5, py + 0.5, &i, &j) && i == want_i)
        *x = px + 0.5;

  /* A row may be less than a pixel high. */
  for (double py = 0; py < height && *x >= 0; py += 0.125)
    if (cuocc_heatmap_view_cell_at (view, *x, py, &i, &j) && j == want_j)
      {
        *y = py;
        return TRUE;
      }

  g_test_message ("no cell (%u, %u) in %d×%d", want_i, want_j, width, height);
  return FALSE;
}

static gint64
grid_index (const gint64 *values,
            guint         n,
            gint64        value)
{
  for (guint i = 0; i < n; i++)
    if (values[i] == value)
      return i;

  return -1;
}

/* The advice as the user reads it: the row @n of its list ("list" in
 * ui/cuocc-advice-view.ui), a suggestion's text its title; NULL past the
 * last. */
static AdwPreferencesRow *
advice_row (CuoccAdviceView *view,
            guint            n)
{
  GtkListBox *list = GTK_LIST_BOX (app_test_find_by_id (GTK_WIDGET (view), GTK_TYPE_LIST_BOX, "list"));
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, n);

  return row != NULL ? ADW_PREFERENCES_ROW (row) : NULL;
}

/* The first row of the advice whose text starts with @prefix, or NULL. */
static AdwPreferencesRow *
find_advice (CuoccAdviceView *view,
             const char      *prefix)
{
  AdwPreferencesRow *row;

  for (guint i = 0; (row = advice_row (view, i)) != NULL; i++)
    if (g_str_has_prefix (adw_preferences_row_get_title (row), prefix))
      return row;
  return NULL;
}

/* A cell of the comparison as the user reads it: in the row titled @row of
 * its grid ("grid" in ui/cuocc-compare-view.ui), the pinned configuration's
 * (0) or the current one's (1); NULL while nothing is pinned (the grid is
 * hidden). */
static const char *
compare_cell (CuoccCompareView *view,
              const char       *row,
              guint             column)
{
  if (!gtk_widget_get_visible (app_test_find_by_id (GTK_WIDGET (view), GTK_TYPE_GRID, "grid")))
    return NULL;
  return gtk_label_get_label (GTK_LABEL (app_test_grid_cell (GTK_WIDGET (view), "grid", row, column + 1)));
}

/* The waves view's message ("message_row" in ui/cuocc-waves-view.ui), NULL
 * while it is hidden, and whether its figures are shown. */
static const char *
waves_message (CuoccWavesView *view)
{
  GtkWidget *row = app_test_find_by_id (GTK_WIDGET (view), ADW_TYPE_PREFERENCES_ROW, "message_row");

  return gtk_widget_get_visible (row) ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) : NULL;
}

static gboolean
waves_shown (CuoccWavesView *view)
{
  return gtk_widget_get_visible (app_test_find_by_id (GTK_WIDGET (view), GTK_TYPE_WIDGET, "per_sm_row"));
}

/* ----- tests ----- */

static void
test_advice_apply (void)
{
  CuoccWindow *window;
  CuoccAdviceView *view;
  AdwPreferencesRow *level;
  AdwPreferencesRow *row;
  GtkWidget *button;
  const char *text;
  guint computations;
  gboolean warned = FALSE;

  SKIP_WITHOUT_DISPLAY ();
  window = kernel_window_new ("Compute capability 7.5", "512", "80", "0");
  show_tuning (window);
  g_assert_cmpfloat (cuocc_calculation_get_result (app_test_calculation (window))->occupancy, ==, 0.5);

  /* 7.5: 64K registers an SM; two blocks of 512 threads need at most 64
   * registers a thread (65,536 / 1,024), as the level's row says. */
  view = CUOCC_ADVICE_VIEW (app_test_tuning_view (window, CUOCC_TYPE_ADVICE_VIEW, "advice_view"));
  level = find_advice (view, "2 blocks per SM");
  g_assert_nonnull (level);
  text = adw_preferences_row_get_title (level);
  g_assert_nonnull (strstr (text, "64 registers"));
  g_assert_nonnull (strstr (text, "__launch_bounds__(512, 2)"));

  /* The row's Apply button, clicked: registers and threads, one
   * calculation. */
  button = app_test_find_descendant (GTK_WIDGET (level), GTK_TYPE_BUTTON, FALSE);
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Apply");
  computations = cuocc_calculation_get_computations (app_test_calculation (window));
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, computations + 1);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 64);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 512);
  g_assert_cmpfloat (cuocc_calculation_get_result (app_test_calculation (window))->occupancy, ==, 1.0);

  /* The advice follows: nothing reaches beyond 100 %, no row offers more
   * blocks per SM ("N blocks per SM (…)"). */
  g_assert_nonnull (advice_row (view, 0));
  for (guint i = 0; (row = advice_row (view, i)) != NULL; i++)
    g_assert_false (g_regex_match_simple ("^[0-9]+ blocks? per SM \\(", adw_preferences_row_get_title (row), 0, 0));

  /* Spills from an imported build log become a warning. */
  cuocc_calculation_set_extra (app_test_calculation (window),
                               &(CuoccAdviceExtra){ .spill_stores = 8, .spill_loads = 4 });
  for (guint i = 0; (row = advice_row (view, i)) != NULL; i++)
    if (gtk_widget_has_css_class (GTK_WIDGET (row), "advice-warning") &&
        strstr (adw_preferences_row_get_title (row), "spill") != NULL)
      warned = TRUE;
  g_assert_true (warned);

  app_test_window_free (window);
}

/* The Tuning page works out its heatmaps and advice only while it is
 * shown: changes made on the calculator page are taken up when it is. */
static void
test_hidden_page (void)
{
  CuoccWindow *window;
  CuoccHeatmapView *regs;
  CuoccAdviceView *advice;
  const CuoccGrid *grid;

  SKIP_WITHOUT_DISPLAY ();
  window = kernel_window_new ("Compute capability 8.6", "256", "40", "0");
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (app_test_stack (window)), ==, "calculator");
  app_test_wait_for_frame (GTK_WIDGET (window));

  regs = CUOCC_HEATMAP_VIEW (app_test_tuning_view (window, CUOCC_TYPE_HEATMAP_VIEW, "heatmap_regs"));
  advice = CUOCC_ADVICE_VIEW (app_test_tuning_view (window, CUOCC_TYPE_ADVICE_VIEW, "advice_view"));
  g_assert_null (cuocc_heatmap_view_get_grid (regs));
  g_assert_null (advice_row (advice, 0));

  show_tuning (window);
  grid = cuocc_heatmap_view_get_grid (regs);
  g_assert_nonnull (grid);
  g_assert_nonnull (advice_row (advice, 0));
  g_assert_cmpint (grid->x_values[grid->current_i], ==, 256);
  g_assert_cmpint (grid->y_values[grid->current_j], ==, 40);

  /* Shown, it follows every change. */
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "72");
  grid = cuocc_heatmap_view_get_grid (regs);
  g_assert_cmpint (grid->y_values[grid->current_j], ==, 72);

  /* Hidden again, it stays as it was until it is shown. */
  adw_view_stack_set_visible_child_name (app_test_stack (window), "calculator");
  app_test_wait_for_frame (GTK_WIDGET (window));
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "512");
  g_assert_true (cuocc_heatmap_view_get_grid (regs) == grid);
  g_assert_cmpint (grid->x_values[grid->current_i], ==, 256);
  show_tuning (window);
  grid = cuocc_heatmap_view_get_grid (regs);
  g_assert_cmpint (grid->x_values[grid->current_i], ==, 512);
  g_assert_cmpint (grid->y_values[grid->current_j], ==, 72);

  app_test_window_free (window);
}

static void
test_heatmap_click (void)
{
  CuoccWindow *window;
  CuoccHeatmapView *regs;
  CuoccHeatmapView *smem;
  const CuoccGrid *grid;
  gint64 want_smem;
  gint64 i, j;
  double x, y;

  SKIP_WITHOUT_DISPLAY ();
  window = kernel_window_new ("Compute capability 8.6", "256", "40", "0");
  show_tuning (window);

  regs = CUOCC_HEATMAP_VIEW (app_test_tuning_view (window, CUOCC_TYPE_HEATMAP_VIEW, "heatmap_regs"));
  grid = cuocc_heatmap_view_get_grid (regs);
  g_assert_nonnull (grid);
  g_assert_cmpint (grid->x_values[grid->current_i], ==, 256);
  g_assert_cmpint (grid->y_values[grid->current_j], ==, 40);

  /* 128 threads × 72 registers. */
  i = grid_index (grid->x_values, grid->n_x, 128);
  j = grid_index (grid->y_values, grid->n_y, 72);
  g_assert_cmpint (i, >=, 0);
  g_assert_cmpint (j, >=, 0);
  g_assert_true (find_cell (regs, i, j, &x, &y));
  g_assert_true (cuocc_heatmap_view_pick (regs, x, y));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 128);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 72);

  /* The heatmap follows, with the new cell marked. */
  grid = cuocc_heatmap_view_get_grid (regs);
  g_assert_cmpint (grid->x_values[grid->current_i], ==, 128);
  g_assert_cmpint (grid->y_values[grid->current_j], ==, 72);

  /* The shared memory heatmap sets threads and shared memory. */
  smem = CUOCC_HEATMAP_VIEW (app_test_tuning_view (window, CUOCC_TYPE_HEATMAP_VIEW, "heatmap_smem"));
  grid = cuocc_heatmap_view_get_grid (smem);
  g_assert_nonnull (grid);
  i = grid_index (grid->x_values, grid->n_x, 512);
  g_assert_cmpint (i, >=, 0);
  j = grid->n_y / 2;
  want_smem = grid->y_values[j];
  g_assert_true (find_cell (smem, i, j, &x, &y));
  g_assert_true (cuocc_heatmap_view_pick (smem, x, y));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 512);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 72);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, want_smem);

  app_test_window_free (window);
}

static void
test_waves (void)
{
  CuoccWindow *window;
  CuoccWavesView *view;
  GtkWidget *sm_row;

  SKIP_WITHOUT_DISPLAY ();
  window = kernel_window_new ("NVIDIA H100 SXM5", "128", "37", "0");
  show_tuning (window);

  /* H100 SXM5, 132 SMs; 128 threads × 37 registers (40 as allocated):
   * 5,120 registers a block, 12 blocks an SM (65,536 / 5,120 = 12.8).
   * 12 × 132 = 1,584 blocks a wave; 4,000 = 2 × 1,584 + 832: three waves,
   * two full, 832 blocks in the last (52.53 %). */
  view = cuocc_tuning_page_get_waves_view (app_test_tuning_page (window));
  cuocc_waves_view_set_grid (view, 4000);
  g_assert_true (waves_shown (view));
  g_assert_cmpstr (app_test_label_text (GTK_WIDGET (view), "per_wave_label"), ==, "1584 (12 per SM × 132 SMs)");
  g_assert_cmpstr (app_test_label_text (GTK_WIDGET (view), "waves_label"), ==, "3 (2 full)");
  g_assert_cmpstr (app_test_label_text (GTK_WIDGET (view), "tail_label"), ==, "832 of 1584 blocks (52.53 %)");
  g_assert_null (waves_message (view));

  /* A bare compute capability has no SM count: a message, then the count
   * the user enters in the field shown for it. */
  app_test_choose_gpu (window, "Compute capability 9.0");
  g_assert_false (waves_shown (view));
  g_assert_nonnull (strstr (waves_message (view), "SM"));
  sm_row = app_test_find_by_id (GTK_WIDGET (view), GTK_TYPE_WIDGET, "sm_row");
  g_assert_true (gtk_widget_get_visible (sm_row));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (app_test_find_by_id (sm_row, GTK_TYPE_SPIN_BUTTON, "sm_spin")), 132);
  g_assert_true (waves_shown (view));
  g_assert_null (waves_message (view));
  g_assert_cmpstr (app_test_label_text (GTK_WIDGET (view), "tail_label"), ==, "832 of 1584 blocks (52.53 %)");

  /* Invalid inputs: no waves. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "0");
  g_assert_false (waves_shown (view));
  g_assert_nonnull (waves_message (view));

  app_test_window_free (window);
}

static void
test_pin_compare (void)
{
  CuoccWindow *window;
  CuoccCompareView *view;

  SKIP_WITHOUT_DISPLAY ();
  window = kernel_window_new ("Compute capability 8.6", "256", "40", "0");

  view = CUOCC_COMPARE_VIEW (app_test_tuning_view (window, CUOCC_TYPE_COMPARE_VIEW, "compare_view"));
  g_assert_null (compare_cell (view, "Threads per block", 0));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.unpin", NULL) &&
                  compare_cell (view, "Threads per block", 0) != NULL);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin", NULL));
  for (guint i = 0; i < APP_TEST_N_GRAPHS; i++)
    g_assert_nonnull (cuocc_graph_get_overlay (app_test_graph (window, i)));

  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "1024");
  show_tuning (window);
  g_assert_cmpstr (compare_cell (view, "Threads per block", 0), ==, "256");
  g_assert_cmpstr (compare_cell (view, "Threads per block", 1), ==, "1024");
  g_assert_cmpstr (compare_cell (view, "Active blocks per SM", 0), ==, "6");
  g_assert_cmpstr (compare_cell (view, "Active blocks per SM", 1), ==, "1");
  g_assert_nonnull (compare_cell (view, "Limited by", 1));
  g_assert_nonnull (compare_cell (view, "Blocks by registers", 0));

  /* The overlay is the pinned configuration's line. */
  g_assert_cmpint (cuocc_graph_get_overlay (app_test_graph (window, CUOCC_SERIES_THREADS))->current_x, ==, 256);
  g_assert_cmpint (cuocc_graph_get_series (app_test_graph (window, CUOCC_SERIES_THREADS))->current_x, ==, 1024);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.unpin", NULL));
  g_assert_null (compare_cell (view, "Threads per block", 0));
  for (guint i = 0; i < APP_TEST_N_GRAPHS; i++)
    g_assert_null (cuocc_graph_get_overlay (app_test_graph (window, i)));

  app_test_window_free (window);
}

static void
test_detect_gpu (void)
{
  CuoccWindow *window;
  GtkDropDown *dropdown;
  g_autoptr(GError) error = NULL;
  CuoccGpu gpus[1];
  const char *before;
  guint position;
  int n;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 8.6");
  before = cuocc_input_model_get_gpu_id (app_test_inputs (window));

  dropdown = app_test_gpu_dropdown (window);
  position = find_gpu_position (dropdown, CUOCC_GPU_CHOICE_DETECTED, NULL);
  n = cuocc_detect_gpus (gpus, 1, &error);
  gtk_drop_down_set_selected (dropdown, position);

  if (n > 0)
    {
      g_test_message ("this machine has %s", gpus[0].name);
      g_assert_cmpstr (cuocc_calculation_get_gpu (app_test_calculation (window))->name, ==, gpus[0].name);
    }
  else
    {
      /* Where there is none, the toast says why, and the GPU stays. */
      g_assert_nonnull (app_test_last_message ());
      if (error != NULL)
        g_assert_cmpstr (app_test_last_message (), ==, error->message);
      g_test_message ("no GPU here: %s", app_test_last_message ());
      g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, before);
      g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
    }

  app_test_window_free (window);
}

static void
test_heatmap_export (void)
{
  static const char *names[] = { "heatmap-regs.png", "heatmap-regs.csv", "heatmap-smem.svg",
                                 "heatmap-smem.pdf" };
  g_autofree char *dir = g_dir_make_tmp ("cuocc-heatmap-XXXXXX", NULL);
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 8.6");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *which = g_strndup (names[i], strchr (names[i], '.') - names[i]);
      g_autofree char *data = NULL;
      gsize length = 0;

      g_assert_true (app_test_use_path (window, "win.export-graph", which, path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &data, &length, NULL));
      g_assert_cmpuint (length, >, 100);
      g_remove (path);
    }

  /* No result, no heatmap. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "0");
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *path = g_build_filename (dir, "none.png", NULL);

    g_assert_false (app_test_use_path (window, "win.export-graph", "heatmap-regs", path, &error));
    g_assert_nonnull (error);
  }

  g_rmdir (dir);
  app_test_window_free (window);
}

static void
screenshot (CuoccWindow *window,
            const char  *name)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
  int width;
  int height;

  app_test_wait_for_frame (GTK_WIDGET (window));
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (dir ? dir : g_get_tmp_dir (), name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

/* The Tuning page with a pinned configuration, light and dark, and the
 * calculator's graphs with the pinned line; also the figures for one
 * input change with the heatmaps recomputed. */
static void
test_tuning_screenshot (void)
{
  enum { N = 21 };
  gint64 compute[N];
  gint64 frame[N];
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = kernel_window_new ("NVIDIA H100 SXM5", "256", "72", "16384");
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 860);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin", NULL));
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "40");
  show_tuning (window);

  for (guint i = 0; i < N; i++)
    {
      AppTestTimes times;

      app_test_timed_change (
          window, app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS),
          i % 2 ? "256" : "288", &times);
      compute[i] = times.compute_us;
      frame[i] = times.paint_us;
    }
  g_test_message ("tuning page: compute %.2f ms, frame %.2f ms (last of %d changes)",
                  compute[N - 1] / 1000.0, frame[N - 1] / 1000.0, N);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  screenshot (window, "cuocc-tuning-light.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  screenshot (window, "cuocc-tuning-dark.png");

  /* The comparison, at the bottom of the left column. */
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (
        GTK_WIDGET (CUOCC_COMPARE_VIEW (app_test_tuning_view (window, CUOCC_TYPE_COMPARE_VIEW, "compare_view"))), GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    screenshot (window, "cuocc-compare-dark.png");
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
    screenshot (window, "cuocc-compare-light.png");
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  }
  adw_view_stack_set_visible_child_name (app_test_stack (window), "calculator");
  screenshot (window, "cuocc-pinned-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  screenshot (window, "cuocc-pinned-light.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  app_test_init ();

  g_test_add_func ("/cuocc/app/tuning/advice-apply", test_advice_apply);
  g_test_add_func ("/cuocc/app/tuning/hidden-page", test_hidden_page);
  g_test_add_func ("/cuocc/app/tuning/heatmap-click", test_heatmap_click);
  g_test_add_func ("/cuocc/app/tuning/waves", test_waves);
  g_test_add_func ("/cuocc/app/tuning/pin-compare", test_pin_compare);
  g_test_add_func ("/cuocc/app/tuning/detect-gpu", test_detect_gpu);
  g_test_add_func ("/cuocc/app/tuning/heatmap-export", test_heatmap_export);
  g_test_add_func ("/cuocc/app/tuning/screenshot", test_tuning_screenshot);

  return g_test_run ();
}
