/* test-views.c — the views take what they show as a property, as the
 * window's .ui sets it: a view given another calculation (or input model)
 * follows the new one and no longer the old; one given none shows nothing;
 * an input change reaches each view once, and the window through one
 * handler; a chosen kernel is saved once (issue 28, §3).
 *
 * The figures are worked out by hand for compute capability 8.6 (48 warps,
 * 16 blocks and 65,536 registers a multiprocessor, registers allocated per
 * warp in units of 256), 32 registers a thread and no shared memory: a warp
 * takes 32 × 32 = 1,024 registers, so
 *   1,024 threads: 32 warps, 48 / 32 → 1 block (registers allow 2);
 *     512 threads: 16 warps, 48 / 16 → 3 blocks (registers allow 4);
 *     256 threads:  8 warps, 48 / 8  → 6 blocks (registers allow 8).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "app-test.h"

#define CC86 "Compute capability 8.6"

/* ----- helpers ----- */

/* An input model on compute capability 8.6 with threads threads a block,
 * 32 registers a thread and no shared memory. */
static CuoccInputModel *
inputs_new (gint64 threads)
{
  CuoccInputModel *inputs = cuocc_input_model_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (cuocc_input_model_set_gpu (inputs, CC86, CUOCC_INPUT_ORIGIN_USER, &error));
  g_assert_no_error (error);
  cuocc_input_model_freeze (inputs);
  cuocc_input_model_set_value (inputs, CUOCC_INPUT_KEY_THREADS, threads, CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_value (inputs, CUOCC_INPUT_KEY_REGS, 32, CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_value (inputs, CUOCC_INPUT_KEY_SMEM, 0, CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_thaw (inputs);
  return inputs;
}

/* The same on another GPU. */
static CuoccInputModel *
inputs_on (const char *gpu_id,
           gint64      threads)
{
  CuoccInputModel *inputs = inputs_new (threads);
  g_autoptr(GError) error = NULL;

  g_assert_true (cuocc_input_model_set_gpu (inputs, gpu_id, CUOCC_INPUT_ORIGIN_USER, &error));
  g_assert_no_error (error);
  return inputs;
}

static CuoccCalculation *
calculation_new (CuoccInputModel *inputs)
{
  return g_object_new (CUOCC_TYPE_CALCULATION, "inputs", inputs, NULL);
}

static void
set_threads (CuoccInputModel *inputs,
             gint64           threads)
{
  cuocc_input_model_set_value (inputs, CUOCC_INPUT_KEY_THREADS, threads, CUOCC_INPUT_ORIGIN_USER, NULL);
}

static const char *
label (GtkWidget  *view,
       const char *id)
{
  return gtk_label_get_label (GTK_LABEL (app_test_find_by_id (view, GTK_TYPE_LABEL, id)));
}

/* How many handlers of instance's signal (of instance's type) have data as
 * their data: GObject's count of the matched handlers it blocked. */
static guint
n_handlers (gpointer    instance,
            const char *signal,
            gpointer    data)
{
  guint id = g_signal_lookup (signal, G_OBJECT_TYPE (instance));
  guint n;

  g_assert_cmpuint (id, !=, 0);
  n = g_signal_handlers_block_matched (instance, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA, id, 0, NULL, NULL, data);
  g_signal_handlers_unblock_matched (instance, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA, id, 0, NULL, NULL, data);
  return n;
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* ----- tests ----- */

/* A results view given a second calculation shows the second, and a change
 * of the first no longer changes its labels; the calculation set where the
 * view was made is the one it follows. */
static void
test_results_follow_the_new_calculation (void)
{
  g_autoptr(CuoccInputModel) first_inputs = NULL;
  g_autoptr(CuoccInputModel) second_inputs = NULL;
  g_autoptr(CuoccCalculation) first = NULL;
  g_autoptr(CuoccCalculation) second = NULL;
  g_autoptr(CuoccCalculation) got = NULL;
  GtkWidget *view;

  SKIP_WITHOUT_DISPLAY ();
  first_inputs = inputs_new (1024);
  second_inputs = inputs_new (256);
  first = calculation_new (first_inputs);
  second = calculation_new (second_inputs);

  view = g_object_ref_sink (g_object_new (CUOCC_TYPE_RESULTS_VIEW, "calculation", first, NULL));
  g_assert_cmpstr (label (view, "blocks_label"), ==, "1");

  g_object_set (view, "calculation", second, NULL);
  g_object_get (view, "calculation", &got, NULL);
  g_assert_true (got == second);
  g_assert_cmpstr (label (view, "blocks_label"), ==, "6");

  /* The first's change is no longer the view's; the second's is. */
  set_threads (first_inputs, 512);
  g_assert_true (cuocc_calculation_get_have_result (first));
  g_assert_cmpint (cuocc_calculation_get_result (first)->active_blocks, ==, 3);
  g_assert_cmpstr (label (view, "blocks_label"), ==, "6");
  set_threads (second_inputs, 512);
  g_assert_cmpstr (label (view, "blocks_label"), ==, "3");

  /* Back to the first: one handler on it, none left on the second. */
  g_object_set (view, "calculation", first, NULL);
  g_assert_cmpuint (n_handlers (first, "changed", view), ==, 1);
  g_assert_cmpuint (n_handlers (second, "changed", view), ==, 0);
  set_threads (first_inputs, 1024);
  g_assert_cmpstr (label (view, "blocks_label"), ==, "1");

  g_object_run_dispose (G_OBJECT (view));
  g_assert_cmpuint (n_handlers (first, "changed", view), ==, 0);
  g_object_unref (view);
}

/* Without a calculation a view shows nothing: no figures, no message, no
 * GPU; the calculations it showed before go on without it, and it is
 * disposed of without one. */
static void
test_views_without_a_calculation (void)
{
  g_autoptr(CuoccInputModel) inputs = NULL;
  g_autoptr(CuoccCalculation) calculation = NULL;
  GType types[] = { CUOCC_TYPE_RESULTS_VIEW, CUOCC_TYPE_TUNING_PAGE, CUOCC_TYPE_GPU_DATA_PAGE,
                    CUOCC_TYPE_KERNELS_PANEL };

  SKIP_WITHOUT_DISPLAY ();
  inputs = inputs_new (256);
  calculation = calculation_new (inputs);

  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      GtkWidget *view = g_object_ref_sink (g_object_new (types[t], "calculation", NULL, NULL));
      g_autoptr(CuoccCalculation) got = NULL;

      g_object_set (view, "calculation", calculation, NULL);
      g_assert_cmpuint (n_handlers (calculation, "changed", view), ==, 1);
      g_object_set (view, "calculation", NULL, NULL);
      g_object_get (view, "calculation", &got, NULL);
      g_assert_null (got);
      g_assert_cmpuint (n_handlers (calculation, "changed", view), ==, 0);
      set_threads (inputs, 512);
      set_threads (inputs, 256);

      if (types[t] == CUOCC_TYPE_RESULTS_VIEW)
        {
          /* Dashes where the figures were, and no explanation. */
          g_assert_cmpstr (label (view, "occupancy_label"), ==, "–");
          g_assert_cmpstr (label (view, "blocks_label"), ==, "–");
          g_assert_cmpstr (label (view, "explanation_label"), ==, "");
          g_assert_false (gtk_widget_has_css_class (app_test_find_by_id (view, GTK_TYPE_LABEL, "explanation_label"),
                                                    "error"));
        }
      g_object_unref (view);
    }

  /* An input panel without a model: nothing in its entries, nothing to
   * type into; typing there writes no model. */
  {
    GtkWidget *panel = g_object_ref_sink (g_object_new (CUOCC_TYPE_INPUT_PANEL, "model", inputs, NULL));
    GtkEditable *threads = app_test_input_entry (CUOCC_INPUT_PANEL (panel), CUOCC_INPUT_KEY_THREADS);

    g_assert_cmpstr (gtk_editable_get_text (threads), ==, "256");
    g_object_set (panel, "model", NULL, NULL);
    g_assert_cmpstr (gtk_editable_get_text (threads), ==, "");
    g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (threads)));
    gtk_editable_set_text (threads, "64");
    g_assert_cmpint (cuocc_input_model_get_value (inputs, CUOCC_INPUT_KEY_THREADS), ==, 256);
    g_object_unref (panel);
  }
}

/* An input panel given a second model shows it, and writes what is typed
 * into it; the first's changes no longer reach the entries. */
static void
test_panel_follows_the_new_model (void)
{
  g_autoptr(CuoccInputModel) first = NULL;
  g_autoptr(CuoccInputModel) second = NULL;
  GtkWidget *panel;
  GtkEditable *threads;

  SKIP_WITHOUT_DISPLAY ();
  first = inputs_new (1024);
  second = inputs_new (256);
  panel = g_object_ref_sink (g_object_new (CUOCC_TYPE_INPUT_PANEL, "model", first, NULL));
  threads = app_test_input_entry (CUOCC_INPUT_PANEL (panel), CUOCC_INPUT_KEY_THREADS);
  g_assert_cmpstr (gtk_editable_get_text (threads), ==, "1024");

  g_object_set (panel, "model", second, NULL);
  g_assert_cmpstr (gtk_editable_get_text (threads), ==, "256");
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (threads)));
  set_threads (first, 512);
  g_assert_cmpstr (gtk_editable_get_text (threads), ==, "256");

  gtk_editable_set_text (threads, "128");
  g_assert_cmpint (cuocc_input_model_get_value (second, CUOCC_INPUT_KEY_THREADS), ==, 128);
  g_assert_cmpint (cuocc_input_model_get_value (first, CUOCC_INPUT_KEY_THREADS), ==, 512);

  g_object_run_dispose (G_OBJECT (panel));
  g_assert_cmpuint (n_handlers (second, "changed", panel), ==, 0);
  g_object_unref (panel);
}

/* The kernels panel works its rows out for its calculation's GPU (its
 * "gpu-name"), given as a property as the other views are: a second
 * calculation's GPU, and no longer the first's. */
static void
test_kernels_panel_follows_the_calculation (void)
{
  g_autoptr(CuoccInputModel) first_inputs = NULL;
  g_autoptr(CuoccInputModel) second_inputs = NULL;
  g_autoptr(CuoccCalculation) first = NULL;
  g_autoptr(CuoccCalculation) second = NULL;
  g_autofree char *name = NULL;
  GtkWidget *panel;

  SKIP_WITHOUT_DISPLAY ();
  first_inputs = inputs_new (256);
  second_inputs = inputs_on ("Compute capability 9.0", 256);
  first = calculation_new (first_inputs);
  second = calculation_new (second_inputs);

  panel = g_object_ref_sink (g_object_new (CUOCC_TYPE_KERNELS_PANEL, "calculation", first, NULL));
  g_object_get (panel, "gpu-name", &name, NULL);
  g_assert_cmpstr (name, ==, cuocc_input_model_get_gpu (first_inputs)->name);
  g_clear_pointer (&name, g_free);

  g_object_set (panel, "calculation", second, NULL);
  g_object_get (panel, "gpu-name", &name, NULL);
  g_assert_cmpstr (name, ==, cuocc_input_model_get_gpu (second_inputs)->name);
  g_assert_cmpstr (name, !=, cuocc_input_model_get_gpu (first_inputs)->name);
  g_clear_pointer (&name, g_free);

  /* The first's GPU is no longer the panel's; the second's is. */
  g_assert_true (cuocc_input_model_set_gpu (first_inputs, "Compute capability 8.0", CUOCC_INPUT_ORIGIN_USER, NULL));
  g_object_get (panel, "gpu-name", &name, NULL);
  g_assert_cmpstr (name, ==, cuocc_input_model_get_gpu (second_inputs)->name);
  g_clear_pointer (&name, g_free);
  g_assert_true (cuocc_input_model_set_gpu (second_inputs, "Compute capability 8.0", CUOCC_INPUT_ORIGIN_USER, NULL));
  g_object_get (panel, "gpu-name", &name, NULL);
  g_assert_cmpstr (name, ==, cuocc_input_model_get_gpu (second_inputs)->name);

  g_object_run_dispose (G_OBJECT (panel));
  g_assert_cmpuint (n_handlers (second, "changed", panel), ==, 0);
  g_object_unref (panel);
}

/* The window's views hold the window's calculation and inputs, set by its
 * .ui; an input changed is one recalculation, one "changed", heard once by
 * each view and once by the window (one handler decides what follows, in
 * order), one new occupancy shown and one state saved. */
static void
test_one_update_per_change (void)
{
  GType types[] = { CUOCC_TYPE_RESULTS_VIEW, CUOCC_TYPE_TUNING_PAGE, CUOCC_TYPE_GPU_DATA_PAGE,
                    CUOCC_TYPE_KERNELS_PANEL };
  g_autoptr(GSettings) settings = NULL;
  CuoccCalculation *calculation;
  CuoccWindow *window;
  GtkWidget *occupancy;
  guint computations;
  guint changes = 0;
  guint shown = 0;
  guint saved = 0;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  calculation = app_test_calculation (window);
  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      GtkWidget *view = app_test_view (window, types[t]);
      g_autoptr(CuoccCalculation) got = NULL;

      g_object_get (view, "calculation", &got, NULL);
      g_assert_true (got == calculation);
      g_assert_cmpuint (n_handlers (calculation, "changed", view), ==, 1);
    }
  {
    g_autoptr(CuoccInputModel) got = NULL;

    g_object_get (app_test_view (window, CUOCC_TYPE_INPUT_PANEL), "model", &got, NULL);
    g_assert_true (got == app_test_inputs (window));
  }
  g_assert_cmpuint (n_handlers (calculation, "changed", window), ==, 1);

  app_test_choose_gpu (window, CC86);
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "32");
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, "0");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");
  g_assert_cmpstr (app_test_results_text (window, "blocks_label"), ==, "6");

  settings = g_settings_new (SCHEMA_ID);
  g_signal_connect_swapped (settings, "changed::state", G_CALLBACK (count_cb), &saved);
  g_signal_connect_swapped (calculation, "changed", G_CALLBACK (count_cb), &changes);
  occupancy = app_test_find_by_id (app_test_view (window, CUOCC_TYPE_RESULTS_VIEW), GTK_TYPE_LABEL, "occupancy_label");
  g_signal_connect_swapped (occupancy, "notify::label", G_CALLBACK (count_cb), &shown);
  computations = cuocc_calculation_get_computations (calculation);

  /* As a graph's click or the advice sets it: one change (typing a whole
   * new text is two, its deletion and its insertion). */
  app_test_set_value (window, CUOCC_INPUT_KEY_THREADS, 1024);
  g_assert_cmpuint (cuocc_calculation_get_computations (calculation), ==, computations + 1);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (shown, ==, 1);
  g_assert_cmpuint (saved, ==, 1);
  g_assert_cmpstr (app_test_results_text (window, "blocks_label"), ==, "1");

  g_signal_handlers_disconnect_by_data (calculation, &changes);
  g_signal_handlers_disconnect_by_data (occupancy, &shown);
  g_signal_handlers_disconnect_by_data (settings, &saved);
  app_test_window_free (window);
}

static gboolean
kernels_read (CuoccWindow   *window,
              gconstpointer  data)
{
  CuoccKernelsPanel *panel = app_test_kernels_panel (window);

  return !app_test_kernels_busy (panel) && app_test_n_kernels (panel) == GPOINTER_TO_UINT (data);
}

static guint
position_of (CuoccWindow *window,
             const char  *name)
{
  GListModel *shown = app_test_shown (window);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);

      if (g_str_has_prefix (cuocc_kernel_item_get_kernel (item)->name, name))
        return i;
    }
  g_assert_not_reached ();
}

/* A kernel chosen is one change of the state: saved once, whether or not
 * its figures change the calculation. The profile (three kernels, sm_86)
 * launches vec_add with 256 threads and dynamic_smem with 512, so each
 * choice below changes the threads a block; so does the switch to the
 * kernel's GPU that the details offer on another GPU. The profiler's
 * figure is cuocc's while the inputs are its launch: Nsight Compute says
 * 100 % for vec_add, and the panel follows the calculation there and away. */
static void
test_one_save_per_kernel_chosen (void)
{
  const char *names[] = { "vec_add", "dynamic_smem", "vec_add" };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "ncu-details-sm86.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GSettings) settings = NULL;
  CuoccKernelsPanel *panel;
  CuoccWindow *window;
  double comparison;
  guint saved = 0;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  panel = app_test_kernels_panel (window);
  app_test_select_gpu (window, CC86);
  app_test_import (window, file);
  app_test_wait_until (window, kernels_read, GUINT_TO_POINTER (3));

  settings = g_settings_new (SCHEMA_ID);
  g_signal_connect_swapped (settings, "changed::state", G_CALLBACK (count_cb), &saved);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      guint computations = cuocc_calculation_get_computations (app_test_calculation (window));

      saved = 0;
      cuocc_kernels_panel_choose (panel, position_of (window, names[i]));
      g_assert_true (g_str_has_prefix (cuocc_kernels_panel_get_chosen (panel, NULL)->name, names[i]));
      g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, computations + 1);
      g_assert_cmpuint (saved, ==, 1);
    }
  /* The details' switch to a GPU that runs the chosen kernel: one save. */
  app_test_select_gpu (window, "Compute capability 9.0");
  saved = 0;
  g_signal_emit_by_name (panel, "switch-gpu", 8, 6);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, CC86);
  g_assert_cmpuint (saved, ==, 1);
  g_signal_handlers_disconnect_by_data (settings, &saved);

  g_object_get (panel, "comparison", &comparison, NULL);
  g_assert_cmpfloat (comparison, ==, 100.0);
  app_test_set_value (window, CUOCC_INPUT_KEY_THREADS, 64);
  g_object_get (panel, "comparison", &comparison, NULL);
  g_assert_cmpfloat (comparison, <, 0.0);
  app_test_set_value (window, CUOCC_INPUT_KEY_THREADS, 256);
  g_object_get (panel, "comparison", &comparison, NULL);
  g_assert_cmpfloat (comparison, ==, 100.0);

  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  app_test_init ();

  g_test_add_func ("/cuocc/app/views/results-follow-the-new-calculation", test_results_follow_the_new_calculation);
  g_test_add_func ("/cuocc/app/views/without-a-calculation", test_views_without_a_calculation);
  g_test_add_func ("/cuocc/app/views/panel-follows-the-new-model", test_panel_follows_the_new_model);
  g_test_add_func ("/cuocc/app/views/kernels-panel-follows-the-calculation",
                   test_kernels_panel_follows_the_calculation);
  g_test_add_func ("/cuocc/app/views/one-update-per-change", test_one_update_per_change);
  g_test_add_func ("/cuocc/app/views/one-save-per-kernel-chosen", test_one_save_per_kernel_chosen);

  return g_test_run ();
}
