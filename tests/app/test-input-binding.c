/* test-input-binding.c — the input panel bound to the input model in the
 * real window: typing writes the model, which the calculation computes
 * from; the model's changes are the entries' text and hints, never taken
 * for typing; the advice's Apply, the suggested block size, a graph and a
 * session write the model and say so in the field's hint.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "app-test.h"
#include "cuocc-gpu-choice.h"

/* ----- helpers ----- */

/* The item of the drop-down that reads @text picked, as the user picks it;
 * fails where there is none. */
static void
choose_string (GtkDropDown *dropdown,
               const char  *text)
{
  GListModel *items = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (items, i);

      if (g_str_equal (gtk_string_object_get_string (item), text))
        {
          gtk_drop_down_set_selected (dropdown, i);
          return;
        }
    }
  g_assert_not_reached ();
}

static const char *
entry_text (CuoccWindow   *window,
            CuoccInputKey  key)
{
  return gtk_editable_get_text (app_test_input_entry (app_test_input_panel (window), key));
}

static gboolean
hint_says (CuoccWindow   *window,
           CuoccInputKey  key,
           const char    *words)
{
  return strstr (app_test_input_hint (app_test_input_panel (window), key), words) != NULL;
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* ----- tests ----- */

/* What the user types is the model's text, the user's, and the calculation
 * computes from it: compute capability 8.6, 128 threads, 40 registers. A
 * wrong text stops the calculation with the model's message. */
static void
test_typing_writes_the_model (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 8.6");
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 8.6");
  g_assert_cmpint (cuocc_input_model_get_gpu_origin (app_test_inputs (window)), ==, CUOCC_INPUT_ORIGIN_USER);

  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "40");
  g_assert_cmpstr (cuocc_input_model_get_text (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==, "128");
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_ORIGIN_USER);
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_REGS), ==, 40);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 128);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 40);
  g_assert_cmpstr (app_test_input_hint (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS), ==,
                   "Allowed: 1–1024 · set by you");

  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "12x");
  g_assert_cmpint (cuocc_input_model_get_status (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_STATUS_INVALID);
  g_assert_true (app_test_input_marked (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS));
  g_assert_false (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_cmpstr (cuocc_calculation_get_error (app_test_calculation (window)), ==,
                   "Threads per block: Enter a whole number: 1–1024 · set by you");

  /* The carveout and the SMs are typed into the model too; a wrong
   * carveout says what is allowed in its tooltip. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
  app_test_type_into (window, CUOCC_INPUT_KEY_CARVEOUT, "150");
  g_assert_true (app_test_input_marked (app_test_input_panel (window), CUOCC_INPUT_KEY_CARVEOUT));
  g_assert_cmpstr (
      gtk_widget_get_tooltip_text (app_test_window_part (window, GTK_TYPE_ENTRY, "carveout_entry")), ==,
      "Carveout preference: enter a whole number of percent from 0 to 100, or nothing for none");
  app_test_type_into (window, CUOCC_INPUT_KEY_CARVEOUT, "50");
  app_test_type_into (window, CUOCC_INPUT_KEY_SMS, "10");
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_CARVEOUT), ==, 50);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->carveout, ==, 50);
  g_assert_cmpint (cuocc_calculation_get_gpu (app_test_calculation (window))->sm_count, ==, 10);

  app_test_window_free (window);
}

/* The model's changes are the entries' text, at once and once: writing six
 * inputs in a batch recomputes once, and the entries it writes are not
 * taken for typing (their origin stays the writer's). Text being typed is
 * left as it is: "0128" stays "0128", though the model reads 128. */
static void
test_model_writes_the_entries (void)
{
  CuoccWindow *window;
  guint changed = 0;
  guint before;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 9.0");
  g_signal_connect_swapped (app_test_calculation (window), "changed", G_CALLBACK (count_cb), &changed);

  before = cuocc_calculation_get_computations (app_test_calculation (window));
  cuocc_input_model_freeze (app_test_inputs (window));
  cuocc_input_model_set_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS, 96,
                               CUOCC_INPUT_ORIGIN_KERNEL, "the kernel's");
  cuocc_input_model_set_value (app_test_inputs (window), CUOCC_INPUT_KEY_REGS, 72, CUOCC_INPUT_ORIGIN_KERNEL,
                               "the kernel's");
  cuocc_input_model_set_value (app_test_inputs (window), CUOCC_INPUT_KEY_SMEM, 2048,
                               CUOCC_INPUT_ORIGIN_KERNEL, "the kernel's");
  cuocc_input_model_set_value (app_test_inputs (window), CUOCC_INPUT_KEY_DYNAMIC_SMEM, 1024,
                               CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  cuocc_input_model_set_value (app_test_inputs (window), CUOCC_INPUT_KEY_BARRIERS, 2,
                               CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  cuocc_input_model_set_value (app_test_inputs (window), CUOCC_INPUT_KEY_CLUSTER_SIZE, 2,
                               CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  /* Nothing is shown, nothing computed, before the batch ends. */
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_THREADS), !=, "96");
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, before);
  cuocc_input_model_thaw (app_test_inputs (window));

  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, before + 1);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_THREADS), ==, "96");
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_REGS), ==, "72");
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_SMEM), ==, "2048");
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, "1024");
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_BARRIERS), ==, "2");
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_CLUSTER_SIZE), ==, "2");
  for (CuoccInputKey key = CUOCC_INPUT_KEY_THREADS; key <= CUOCC_INPUT_KEY_CLUSTER_SIZE; key++)
    if (key != CUOCC_INPUT_KEY_SMEM_CONFIG && key != CUOCC_INPUT_KEY_CARVEOUT)
      g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), key), ==,
                       CUOCC_INPUT_ORIGIN_KERNEL);
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "the kernel's"));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 96);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 3072);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->cluster_size, ==, 2);

  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "0128");
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_THREADS), ==, "0128");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 128);

  /* The unit is the model's: the size stays, its text changes. */
  choose_string (GTK_DROP_DOWN (app_test_window_part (window, GTK_TYPE_DROP_DOWN, "smem_unit_dropdown")), "KiB");
  g_assert_true (cuocc_input_model_get_smem_in_kib (app_test_inputs (window)));
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_SMEM), ==, "2");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 3072);

  /* The configuration list writes the model; the GPU's first is its default. */
  gtk_drop_down_set_selected (
      GTK_DROP_DOWN (app_test_window_part (window, GTK_TYPE_DROP_DOWN, "smem_config_dropdown")), 1);
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_SMEM_CONFIG), ==,
                   cuocc_capability_lookup (9, 0)->smem_configs[1]);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem_config, ==,
                   cuocc_capability_lookup (9, 0)->smem_configs[1]);
  cuocc_input_model_set_value (app_test_inputs (window), CUOCC_INPUT_KEY_SMEM_CONFIG,
                               cuocc_capability_lookup (9, 0)->smem_configs[2], CUOCC_INPUT_ORIGIN_USER,
                               NULL);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (
                        app_test_window_part (window, GTK_TYPE_DROP_DOWN, "smem_config_dropdown"))),
                    ==, 2);

  /* A GPU the model is given is the list's. */
  app_test_select_gpu (window, "Compute capability 7.5");
  g_assert_cmpstr (cuocc_gpu_choice_get_id (gtk_drop_down_get_selected_item (app_test_gpu_dropdown (window))),
                   ==, "Compute capability 7.5");
  g_assert_false (
      gtk_widget_get_sensitive (app_test_window_part (window, GTK_TYPE_ENTRY, "cluster_size_entry")));

  g_signal_handlers_disconnect_by_func (app_test_calculation (window), count_cb, &changed);
  app_test_window_free (window);
}

/* The advice's Apply, the suggested block size and a graph write the model
 * and are named in the hint; none is "set by you". Compute capability 7.5,
 * 512 threads, 80 registers: two blocks need 64 registers (the advice's
 * level of 2 blocks, as test-tuning works out). */
static void
test_writers_are_named (void)
{
  CuoccWindow *window;
  CuoccAdviceView *view;
  GtkListBox *list;
  GtkListBoxRow *row;
  GtkWidget *level = NULL;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 7.5");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "512");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "80");
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, "0");
  adw_view_stack_set_visible_child_name (app_test_stack (window), "tuning");
  app_test_wait_for_frame (GTK_WIDGET (window));

  view = CUOCC_ADVICE_VIEW (app_test_tuning_view (window, CUOCC_TYPE_ADVICE_VIEW, "advice_view"));
  /* The row of that level in the advice's list ("list" in
   * ui/cuocc-advice-view.ui), its Apply button clicked. */
  list = GTK_LIST_BOX (app_test_find_by_id (GTK_WIDGET (view), GTK_TYPE_LIST_BOX, "list"));
  for (guint i = 0; (row = gtk_list_box_get_row_at_index (list, i)) != NULL && level == NULL; i++)
    if (g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "2 blocks per SM"))
      level = GTK_WIDGET (row);
  g_assert_nonnull (level);
  g_signal_emit_by_name (app_test_find_descendant (level, GTK_TYPE_BUTTON, FALSE), "clicked");
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_REGS), ==, 64);
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_REGS), ==,
                   CUOCC_INPUT_ORIGIN_ADVICE);
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_REGS), ==, "64");
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "set by the advice"));
  g_assert_false (hint_says (window, CUOCC_INPUT_KEY_REGS, "set by you"));
  /* The threads the advice kept are still the user's. */
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_THREADS, "set by you"));

  /* A graph: the registers' graph, a step along its line. */
  adw_view_stack_set_visible_child_name (app_test_stack (window), "calculator");
  app_test_wait_for_frame (GTK_WIDGET (window));
  g_assert_true (app_test_press_on (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_REGS)), GDK_KEY_Right));
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_REGS), ==,
                   CUOCC_INPUT_ORIGIN_GRAPH);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==,
                   cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_REGS));
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_REGS), >, 64);
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "picked on its graph"));

  /* The results' suggested block size, applied. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "96");
  g_assert_cmpint (cuocc_calculation_get_best_block_size (app_test_calculation (window)), >, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-best-block-size", NULL));
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   cuocc_calculation_get_best_block_size (app_test_calculation (window)));
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_ORIGIN_SUGGESTION);
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_THREADS, "the suggested block size, applied"));

  app_test_window_free (window);
}

/* An opened session's values say they come from it, naming the file; a
 * value typed afterwards is the user's. */
static void
test_session_values_say_so (void)
{
  static const char data[] =
    "[Kernel]\ngpu=Compute capability 8.0\nthreads=320\nregs=48\nsmem=4096\ndynamic_smem=1024\nbarriers=2\n";
  g_autofree char *dir = g_dir_make_tmp ("cuocc-binding-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "tuned.cuocc", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  g_assert_true (g_file_set_contents (path, data, -1, NULL));
  window = app_test_window_new ();
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "99");
  g_assert_true (cuocc_window_use_file (window, "win.open", NULL, file, &error));
  g_assert_no_error (error);

  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 8.0");
  g_assert_cmpint (cuocc_input_model_get_gpu_origin (app_test_inputs (window)), ==,
                   CUOCC_INPUT_ORIGIN_SESSION);
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_THREADS), ==, "320");
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_REGS), ==, "48");
  g_assert_cmpstr (entry_text (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, "1024");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 5120);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), i), ==,
                     CUOCC_INPUT_ORIGIN_SESSION);
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_THREADS, "from the session “tuned.cuocc”"));
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "from the session “tuned.cuocc”"));
  g_assert_false (hint_says (window, CUOCC_INPUT_KEY_REGS, "set by you"));
  /* Which file, where there is room: the entry's tooltip. */
  g_assert_nonnull (strstr (
      gtk_widget_get_tooltip_text (app_test_window_part (window, GTK_TYPE_ENTRY, "threads_entry")), path));

  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "40");
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "set by you"));
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_THREADS, "from the session “tuned.cuocc”"));

  app_test_window_free (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/input-binding/typing-writes-the-model", test_typing_writes_the_model);
  g_test_add_func ("/cuocc/app/input-binding/model-writes-the-entries", test_model_writes_the_entries);
  g_test_add_func ("/cuocc/app/input-binding/writers-are-named", test_writers_are_named);
  g_test_add_func ("/cuocc/app/input-binding/session-values-say-so", test_session_values_say_so);

  return g_test_run ();
}
