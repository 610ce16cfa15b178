/* test-persist.c — what the app keeps between runs, in a real keyfile
 * settings backend, across a restart: each step runs in a process of its
 * own, as the app would.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "app-test.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-kernel-item.h"
#include "cuocc-session.h"

static char *state_dir;

/* ----- helpers ----- */

static char *
state_path (const char *name)
{
  return g_build_filename (state_dir, name, NULL);
}

static gboolean
kernels_read (CuoccWindow   *window,
              gconstpointer  data)
{
  return !app_test_kernels_busy (app_test_kernels_panel (window)) &&
         app_test_n_kernels (app_test_kernels_panel (window)) > 0;
}

/* A window on the settings as they are: no reset, as at a start. */
static CuoccWindow *
start_window (void)
{
  CuoccWindow *window = g_object_new (CUOCC_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_frame (GTK_WIDGET (window));
  return window;
}

static void
quit_window (CuoccWindow *window)
{
  app_test_window_free (window);
  g_settings_sync ();
}

static void
choose_kernel (CuoccWindow *window,
               const char  *prefix)
{
  GListModel *shown = app_test_shown (window);

  /* Every entry, whether or not it runs on the GPU. */
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);

      if (g_str_has_prefix (cuocc_kernel_item_get_kernel (item)->name, prefix))
        {
          cuocc_kernels_panel_choose (app_test_kernels_panel (window), i);
          return;
        }
    }
  g_assert_not_reached ();
}

static gboolean
cubin_read (CuoccWindow   *window,
            gconstpointer  data)
{
  GFile *file = cuocc_kernels_panel_get_file (app_test_kernels_panel (window));

  return !app_test_kernels_busy (app_test_kernels_panel (window)) && file != NULL &&
         g_file_equal (file, (GFile *) data);
}

static int
recent_count (CuoccWindow *window)
{
  GMenuModel *section = app_test_recent_section (window);
  int n = g_menu_model_get_n_items (section);
  g_autofree char *action = NULL;

  /* "No Recent Sessions" is an item too, of its own action. */
  if (n == 1 && g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
      g_str_equal (action, "win.no-recent"))
    return 0;
  return n;
}

static CuoccInput
current_input (CuoccWindow *window)
{
  CuoccInput input;
  CuoccGpu launch;

  g_assert_true (cuocc_input_model_get_input (app_test_inputs (window), &launch, &input, NULL));
  return input;
}

static void
assert_the_work (CuoccWindow *window,
                 const char  *log)
{
  g_autofree char *y_unit = g_settings_get_string (app_test_settings (), "y-unit");
  CuoccInput input = current_input (window);
  GFile *file;

  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 8.0");
  g_assert_cmpint (input.threads, ==, 512);
  g_assert_cmpint (input.regs, ==, 32);
  g_assert_cmpstr (y_unit, ==, "warps");
  g_assert_cmpint (cuocc_waves_view_get_grid (cuocc_tuning_page_get_waves_view (app_test_tuning_page (window))), ==,
                   12345);

  g_assert_nonnull (cuocc_calculation_get_pinned (app_test_calculation (window)));
  g_assert_cmpstr (cuocc_calculation_get_pinned_gpu_id (app_test_calculation (window)), ==,
                   "Compute capability 8.0");
  g_assert_cmpint (cuocc_calculation_get_pinned (app_test_calculation (window))->input.threads, ==, 128);
  g_assert_cmpint (cuocc_calculation_get_pinned (app_test_calculation (window))->input.regs, ==, 32);
  /* The pinned result is calculated again: 128 threads (4 warps) × 32
   * registers on 8.0 — 64 warps allow 16 blocks, and so do the registers,
   * 65536 / (4 × 1024). */
  g_assert_cmpint (cuocc_calculation_get_pinned (app_test_calculation (window))->result.active_blocks, ==,
                   16);

  app_test_wait_until (window, kernels_read, NULL);
  file = cuocc_kernels_panel_get_file (app_test_kernels_panel (window));
  g_assert_nonnull (file);
  {
    g_autofree char *path = g_file_get_path (file);

    g_assert_cmpstr (path, ==, log);
  }
  g_assert_nonnull (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL));
  g_assert_true (g_str_has_prefix (
      cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL)->name, "heavy"));
  /* The kernel's spills reach the advice, without its inputs replacing the
   * ones that were changed after it was chosen. */
  g_assert_cmpint (cuocc_calculation_get_extra (app_test_calculation (window))->spill_stores, >, 0);
  g_assert_cmpint (current_input (window).threads, ==, 512);
}

/* ----- the steps, each in a process of its own ----- */

/* Imports a log, chooses a kernel, pins, changes the inputs, the grid and
 * the unit, saves a session and quits without changing anything more. */
static void
step_work_and_save (void)
{
  g_autofree char *log =
      g_test_build_filename (G_TEST_DIST, "import", "data", "ptxas-maxrreg32-sm80.log", NULL);
  g_autofree char *copy = state_path ("build.log");
  g_autofree char *session_path = state_path ("work.cuocc");
  g_autofree char *contents = NULL;
  g_autoptr(GFile) session_file = g_file_new_for_path (session_path);
  g_autoptr(GFile) log_file = g_file_new_for_path (copy);
  g_autoptr(GError) error = NULL;
  gsize length;
  CuoccWindow *window;

  g_assert_true (g_file_get_contents (log, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, length, NULL));

  window = start_window ();
  g_assert_cmpint (recent_count (window), ==, 0);
  app_test_import (window, log_file);
  app_test_wait_until (window, kernels_read, NULL);
  choose_kernel (window, "heavy");
  /* sm_80 code cannot run on the H100 the window starts with: the user
   * switches to its compute capability. */
  g_signal_emit_by_name (app_test_details_widget (app_test_kernels_panel (window), "load_button"), "clicked");
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 8.0");
  app_test_set_value (window, CUOCC_INPUT_KEY_THREADS, 128);
  app_test_set_value (window, CUOCC_INPUT_KEY_REGS, 32);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin", NULL));
  app_test_set_value (window, CUOCC_INPUT_KEY_THREADS, 512);
  cuocc_waves_view_set_grid (cuocc_tuning_page_get_waves_view (app_test_tuning_page (window)), 12345);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.y-unit", "s", "warps"));

  g_assert_true (cuocc_window_use_file (window, "win.save-as", NULL, session_file, &error));
  g_assert_no_error (error);
  /* The imported log and the session. */
  g_assert_cmpint (recent_count (window), ==, 2);
  quit_window (window);
}

/* The next start: Open Recent has the session, and the work is as it was. */
static void
step_restart (void)
{
  g_autofree char *log = state_path ("build.log");
  CuoccWindow *window = start_window ();

  g_assert_cmpint (recent_count (window), ==, 2);
  assert_the_work (window, log);
  /* Each input says again where its value came from: the threads the user
   * set, the barriers heavy()'s (its own note, and which kernel). */
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_ORIGIN_USER);
  g_assert_nonnull (strstr (
      app_test_input_hint (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS), "set by you"));
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_BARRIERS), ==,
                   CUOCC_INPUT_ORIGIN_KERNEL);
  g_assert_cmpstr (cuocc_input_model_get_note (app_test_inputs (window), CUOCC_INPUT_KEY_BARRIERS), ==,
                   "the kernel's");
  g_assert_nonnull (strstr (
      app_test_input_hint (app_test_input_panel (window), CUOCC_INPUT_KEY_BARRIERS), "the kernel's"));
  g_assert_true (g_str_has_prefix (
      cuocc_input_model_get_source (app_test_inputs (window), CUOCC_INPUT_KEY_BARRIERS), "heavy"));
  g_assert_cmpstr (cuocc_input_model_get_note (app_test_inputs (window), CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==,
                   "none: the file records no launch");
  quit_window (window);
}

/* From the defaults, opening the session brings the same work back; quit
 * at once, and Open Recent still has it at the next start. */
static void
step_open_session (void)
{
  g_autofree char *log = state_path ("build.log");
  g_autofree char *session_path = state_path ("work.cuocc");
  g_autoptr(GFile) session_file = g_file_new_for_path (session_path);
  g_autoptr(GError) error = NULL;
  CuoccWindow *window;

  app_test_reset_settings ();
  g_settings_sync ();
  window = start_window ();
  g_assert_cmpint (recent_count (window), ==, 0);
  g_assert_null (cuocc_calculation_get_pinned (app_test_calculation (window)));
  g_assert_true (cuocc_window_use_file (window, "win.open", NULL, session_file, &error));
  g_assert_no_error (error);
  assert_the_work (window, log);
  g_assert_cmpint (recent_count (window), ==, 1);
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_ORIGIN_SESSION);
  g_assert_nonnull (
      strstr (app_test_input_hint (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS),
              "from the session “work.cuocc”"));
  g_assert_cmpstr (cuocc_input_model_get_source (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   session_path);
  quit_window (window);
}

/* The session's values still say so after a restart. */
static void
step_recent_after_open (void)
{
  g_autofree char *session_path = state_path ("work.cuocc");
  CuoccWindow *window = start_window ();

  g_assert_cmpint (recent_count (window), ==, 1);
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_ORIGIN_SESSION);
  g_assert_nonnull (
      strstr (app_test_input_hint (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS),
              "from the session “work.cuocc”"));
  g_assert_cmpstr (cuocc_input_model_get_source (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   session_path);
  quit_window (window);
}

/* Pins a launch with clusters and a carveout preference on an H100, then
 * changes both and quits. */
static void
step_pin_launch (void)
{
  CuoccWindow *window;

  app_test_reset_settings ();
  g_settings_sync ();
  window = start_window ();
  g_assert_true (cuocc_input_model_set_gpu (app_test_inputs (window), "NVIDIA H100 SXM5",
                                            CUOCC_INPUT_ORIGIN_USER, NULL));
  app_test_set_value (window, CUOCC_INPUT_KEY_THREADS, 128);
  app_test_set_value (window, CUOCC_INPUT_KEY_REGS, 32);
  app_test_set_value (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, 2);
  gtk_editable_set_text (
      app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_CARVEOUT), "25");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin", NULL));
  g_assert_cmpint (cuocc_calculation_get_pinned (app_test_calculation (window))->input.cluster_size, ==, 2);
  g_assert_cmpint (cuocc_calculation_get_pinned (app_test_calculation (window))->input.carveout, ==, 25);

  app_test_set_value (window, CUOCC_INPUT_KEY_CLUSTER_SIZE, 4);
  gtk_editable_set_text (
      app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_CARVEOUT), "");
  quit_window (window);
}

/* The next start pins the same launch: its cluster size and its carveout
 * preference too (they were lost: only the session file kept them). */
static void
step_pinned_launch_restored (void)
{
  CuoccWindow *window = start_window ();
  const CuoccConfig *pinned = cuocc_calculation_get_pinned (app_test_calculation (window));
  CuoccInput input = current_input (window);

  g_assert_nonnull (pinned);
  g_assert_cmpstr (cuocc_calculation_get_pinned_gpu_id (app_test_calculation (window)), ==,
                   "NVIDIA H100 SXM5");
  g_assert_cmpint (pinned->input.threads, ==, 128);
  g_assert_cmpint (pinned->input.regs, ==, 32);
  g_assert_cmpint (pinned->input.cluster_size, ==, 2);
  g_assert_cmpint (pinned->input.carveout, ==, 25);
  g_assert_cmpint (pinned->input.smem_config, ==, -1);
  /* 25 % of 9.0's 228 KiB is 57 KiB; the driver takes the next
   * configuration up, 64 KiB. */
  g_assert_cmpint (pinned->result.smem_config, ==, 64 * 1024);
  /* And the current launch is the changed one. */
  g_assert_cmpint (input.cluster_size, ==, 4);
  g_assert_cmpint (input.carveout, ==, CUOCC_CARVEOUT_NONE);
  quit_window (window);
}

/* Opens a log and chooses a kernel in it (which saves the state), then opens
 * a cubin, chooses nothing, and quits. */
static void
step_open_two (void)
{
  g_autofree char *log =
      g_test_build_filename (G_TEST_DIST, "import", "data", "ptxas-maxrreg32-sm80.log", NULL);
  g_autofree char *cubin =
      g_test_build_filename (G_TEST_DIST, "import", "data", "binary", "kernels-sm_90a.cubin", NULL);
  g_autoptr(GFile) log_file = g_file_new_for_path (log);
  g_autoptr(GFile) cubin_file = g_file_new_for_path (cubin);
  CuoccWindow *window;

  app_test_reset_settings ();
  g_settings_sync ();
  window = start_window ();
  cuocc_window_open_file (window, log_file);
  app_test_wait_until (window, kernels_read, NULL);
  choose_kernel (window, "heavy");
  cuocc_window_open_file (window, cubin_file);
  app_test_wait_until (window, cubin_read, cubin_file);
  quit_window (window);
}

/* The next start reads the cubin again, the file last opened (the old main
 * read the log, the last file a kernel was chosen in), and Open Recent
 * lists both, the cubin first. */
static void
step_last_opened (void)
{
  g_autofree char *log =
      g_test_build_filename (G_TEST_DIST, "import", "data", "ptxas-maxrreg32-sm80.log", NULL);
  g_autofree char *cubin =
      g_test_build_filename (G_TEST_DIST, "import", "data", "binary", "kernels-sm_90a.cubin", NULL);
  g_autoptr(GFile) cubin_file = g_file_new_for_path (cubin);
  CuoccWindow *window = start_window ();
  g_autofree char *first = NULL;

  app_test_wait_until (window, kernels_read, NULL);
  g_assert_true (g_file_equal (cuocc_kernels_panel_get_file (app_test_kernels_panel (window)), cubin_file));
  /* kernels-sm_90a.log: ptxas compiled binary/kernels.cu's five kernels. */
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 5);
  g_assert_null (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL));
  g_assert_cmpint (recent_count (window), ==, 2);
  g_assert_true (g_menu_model_get_item_attribute (app_test_recent_section (window), 0,
                                                  G_MENU_ATTRIBUTE_TARGET, "s", &first));
  g_assert_cmpstr (first, ==, cubin);
  {
    g_autofree char *second = NULL;

    g_assert_true (g_menu_model_get_item_attribute (app_test_recent_section (window), 1,
                                                    G_MENU_ATTRIBUTE_TARGET, "s", &second));
    g_assert_cmpstr (second, ==, log);
  }
  quit_window (window);
}

/* The settings as the cuocc before the "state" key left them: one key an
 * input, written into the keyfile as GSettings' keyfile backend writes it. */
static void
step_write_legacy_keys (void)
{
  static const char legacy[] =
    "[io/github/cuocc/Calculator]\n"
    "gpu='Compute capability 8.0'\n"
    "threads=384\n"
    "registers=40\n"
    "shared-memory=int64 6144\n"
    "barriers=2\n"
    "carveout=50\n"
    "grid=int64 777\n"
    "pinned-gpu='Compute capability 8.6'\n"
    "pinned-inputs=(96, 48, int64 1024, int64 -1, 1, 'off')\n";
  g_autofree char *dir = g_build_filename (state_dir, "config", "glib-2.0", "settings", NULL);
  g_autofree char *keyfile = g_build_filename (dir, "keyfile", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (keyfile, legacy, -1, NULL));
}

/* The keys of before are read, and the state is kept from then on in the
 * "state" key, as a session file holds it. */
static void
assert_legacy_work (CuoccWindow *window)
{
  CuoccInput input = current_input (window);

  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 8.0");
  g_assert_cmpint (input.threads, ==, 384);
  g_assert_cmpint (input.regs, ==, 40);
  g_assert_cmpint (input.smem, ==, 6144);
  g_assert_cmpint (input.barriers, ==, 2);
  g_assert_cmpint (input.carveout, ==, 50);
  g_assert_cmpint (input.smem_config, ==, -1);
  g_assert_cmpint (cuocc_waves_view_get_grid (cuocc_tuning_page_get_waves_view (app_test_tuning_page (window))), ==,
                   777);
  g_assert_nonnull (cuocc_calculation_get_pinned (app_test_calculation (window)));
  g_assert_cmpstr (cuocc_calculation_get_pinned_gpu_id (app_test_calculation (window)), ==,
                   "Compute capability 8.6");
  g_assert_cmpint (cuocc_calculation_get_pinned (app_test_calculation (window))->input.threads, ==, 96);
  g_assert_cmpint (cuocc_calculation_get_pinned (app_test_calculation (window))->input.regs, ==, 48);
  g_assert_cmpint (cuocc_calculation_get_pinned (app_test_calculation (window))->input.smem, ==, 1024);
}

static void
step_read_legacy_keys (void)
{
  CuoccWindow *window = start_window ();

  assert_legacy_work (window);
  /* 70,000 registers: accepted (0 blocks), so kept for the next start; the
   * old registers key could hold no more than 256. */
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "70000");
  quit_window (window);
}

static void
step_read_state (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autofree char *state = g_settings_get_string (settings, "state");
  g_auto(CuoccSession) kept = { 0 };
  CuoccWindow *window;

  /* The state is a session file's text. */
  g_assert_true (cuocc_session_load_data (&kept, state, strlen (state), NULL));
  g_assert_cmpint (kept.inputs.values[CUOCC_INPUT_KEY_REGS], ==, 70000);
  g_assert_cmpint (kept.pinned.threads, ==, 96);

  window = start_window ();
  g_assert_cmpint (current_input (window).regs, ==, 70000);
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "40");
  assert_legacy_work (window);
  quit_window (window);
}

/* ----- the test ----- */

/* The user widens the kernels table to 600 px and quits. */
static void
step_widen_sidebar (void)
{
  CuoccWindow *window;

  app_test_reset_settings ();
  g_settings_sync ();
  window = start_window ();
  /* The default leaves the table room for its columns. */
  g_assert_cmpint (cuocc_kernels_panel_get_sidebar_width (app_test_kernels_panel (window)), ==, 440);
  g_object_set (app_test_kernels_panel (window), "sidebar-width", 600, NULL);
  quit_window (window);
}

/* The next start has it 600 px wide, drawn so; a width past what an
 * 800 px window leaves is held at 760. */
static void
step_sidebar_width_restored (void)
{
  CuoccWindow *window = start_window ();

  g_assert_cmpint (cuocc_kernels_panel_get_sidebar_width (app_test_kernels_panel (window)), ==, 600);
  app_test_show_kernels (window, TRUE);
  app_test_wait_for_sidebar (window, TRUE);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (app_test_kernels_panel (window))), >=, 600);
  g_object_set (app_test_kernels_panel (window), "sidebar-width", 5000, NULL);
  g_assert_cmpint (cuocc_kernels_panel_get_sidebar_width (app_test_kernels_panel (window)), ==, 760);
  quit_window (window);
}

/* A device file the user once loaded, gone since. */
#define GONE_DEVICE "/nonexistent/cuocc-gone-device.json"

static gboolean
gpus_compared (CuoccWindow   *window,
               gconstpointer  data)
{
  g_autoptr(CuoccGpuComparison) gpus = app_test_gpu_comparison (app_test_kernels_panel (window));

  return kernels_read (window, NULL) && app_test_kernels_evaluated (app_test_kernels_panel (window)) && gpus != NULL;
}

/* On an A100 the user compares a fat binary's kernels with an H100 and a
 * custom device whose file is gone since, and quits. */
static void
step_choose_compare_gpus (void)
{
  static const char *const ids[] = { "NVIDIA H100 SXM5", GONE_DEVICE, NULL };
  g_autofree char *fatbin = g_test_build_filename (G_TEST_DIST, "import", "data", "binary",
                                                   "multi-gpu-sm_80-ptx.fatbin", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (fatbin);
  CuoccWindow *window;

  app_test_reset_settings ();
  g_settings_sync ();
  window = start_window ();
  app_test_select_gpu (window, "NVIDIA A100 SXM4");
  app_test_import (window, file);
  app_test_wait_until (window, kernels_read, NULL);
  {
    g_auto(GStrv) chosen = NULL;

    g_object_get (app_test_kernels_panel (window), "compare-gpus", &chosen, NULL);
    g_assert_null (chosen);
  }
  cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), ids);
  app_test_wait_until (window, gpus_compared, NULL);
  quit_window (window);
}

/* The next start compares them again: the two GPUs as chosen, in the
 * settings and the panel; the columns those that can be found, the
 * calculator's first; nothing of the choice dropped or added. */
static void
step_compare_gpus_restored (void)
{
  static const char *const ids[] = { "NVIDIA H100 SXM5", GONE_DEVICE, NULL };
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_auto(GStrv) kept = g_settings_get_strv (settings, "compare-gpus");
  g_auto(GStrv) chosen = NULL;
  CuoccWindow *window;
  g_autoptr(CuoccGpuComparison) gpus = NULL;

  g_assert_true (g_strv_equal ((const char * const *) kept, ids));
  window = start_window ();
  app_test_wait_until (window, gpus_compared, NULL);
  g_object_get (app_test_kernels_panel (window), "compare-gpus", &chosen, NULL);
  g_assert_true (g_strv_equal ((const char * const *) chosen, ids));
  gpus = app_test_gpu_comparison (app_test_kernels_panel (window));
  g_assert_cmpuint (cuocc_gpu_comparison_get_n_gpus (gpus), ==, 2);
  g_assert_cmpstr (cuocc_gpu_comparison_get_gpu (gpus, 0)->name, ==, "NVIDIA A100 SXM4");
  g_assert_cmpstr (cuocc_gpu_comparison_get_gpu (gpus, 1)->name, ==, "NVIDIA H100 SXM5");
  quit_window (window);
  g_strfreev (kept);
  kept = g_settings_get_strv (settings, "compare-gpus");
  g_assert_true (g_strv_equal ((const char * const *) kept, ids));
}

/* ----- the ptxas chosen (issue 27) ----- */

static void run_step (const char *path);

static gboolean
ptxas_looked_for (CuoccWindow   *window,
                  gconstpointer  data)
{
  return kernels_read (window, NULL) && !app_test_kernels_assembling (app_test_kernels_panel (window));
}

/* The PTX of kernels-compute80.ptx on an RTX 4090, where it loads: the
 * window looks for ptxas; which one it found (its path, and its version
 * in *version), or NULL. */
static char *
found_ptxas (CuoccWindow  *window,
             char        **version)
{
  g_autofree char *ptx = g_test_build_filename (G_TEST_DIST, "import", "data", "kernels-compute80.ptx", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (ptx);

  app_test_select_gpu (window, "NVIDIA GeForce RTX 4090");
  app_test_import (window, file);
  app_test_wait_until (window, ptxas_looked_for, NULL);
  return app_test_ptxas_found (app_test_kernels_panel (window), version, NULL);
}

/* A ptxas of the state folder's own that says it is release 12.4 (the
 * toolkit's here says 13.0): chosen with Choose ptxas… in its file chooser. */
static void
step_choose_ptxas (void)
{
  g_autofree char *fake = state_path ("ptxas-12.4");
  g_autoptr(GFile) file = g_file_new_for_path (fake);
  CuoccWindow *window;
  g_autofree char *ptxas = NULL;
  g_autofree char *version = NULL;

  SKIP_FILE_CHOOSER_UNDER_SANITIZERS ();
  g_assert_true (g_file_set_contents (
      fake, "#!/bin/sh\necho 'Cuda compilation tools, release 12.4, V12.4.131'\n", -1, NULL));
  g_assert_cmpint (g_chmod (fake, 0755), ==, 0);
  app_test_reset_settings ();
  g_settings_sync ();
  window = start_window ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.choose-ptxas", NULL));
  app_test_answer_file_chooser (GTK_WINDOW (window), file, GTK_RESPONSE_ACCEPT);
  while (app_test_other_toplevel (GTK_WINDOW (window)) != NULL)
    g_main_context_iteration (NULL, TRUE);
  ptxas = found_ptxas (window, &version);
  g_assert_cmpstr (ptxas, ==, fake);
  g_assert_cmpstr (version, ==, "12.4");
  quit_window (window);
}

/* The next start runs the ptxas chosen, from the keyfile. */
static void
step_chosen_ptxas_restored (void)
{
  g_autofree char *fake = state_path ("ptxas-12.4");
  g_autofree char *keyfile = g_build_filename (state_dir, "config", "glib-2.0", "settings", "keyfile", NULL);
  g_autofree char *text = NULL;
  CuoccWindow *window;
  g_autofree char *ptxas = NULL;
  g_autofree char *version = NULL;

  SKIP_FILE_CHOOSER_UNDER_SANITIZERS ();
  g_assert_true (g_file_get_contents (keyfile, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "ptxas-path='"));
  g_assert_nonnull (strstr (text, fake));
  window = start_window ();
  ptxas = found_ptxas (window, &version);
  g_assert_cmpstr (ptxas, ==, fake);
  g_assert_cmpstr (version, ==, "12.4");
  /* Find ptxas Automatically forgets it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find-ptxas", NULL));
  app_test_wait_until (window, ptxas_looked_for, NULL);
  g_free (ptxas);
  ptxas = app_test_ptxas_found (app_test_kernels_panel (window), NULL, NULL);
  g_assert_cmpstr (ptxas, !=, fake);
  quit_window (window);
  g_unlink (fake);
}

static void
test_ptxas_path (void)
{
  SKIP_WITHOUT_DISPLAY ();
  /* Its first step chooses ptxas in the file chooser, which skips there
   * (exit status 77): say so here rather than fail on the child's status. */
  SKIP_FILE_CHOOSER_UNDER_SANITIZERS ();

  run_step ("/cuocc/app/persist/ptxas-path/subprocess/choose");
  run_step ("/cuocc/app/persist/ptxas-path/subprocess/restart");
}

/* The entry of a kernel for an architecture, of every entry shown. */
static void
choose_entry (CuoccWindow *window,
              const char  *prefix,
              const char  *arch)
{
  GListModel *shown = app_test_shown (window);

  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

      if (g_str_has_prefix (k->name, prefix) && g_strcmp0 (k->arch, arch) == 0)
        {
          cuocc_kernels_panel_choose (app_test_kernels_panel (window), i);
          return;
        }
    }
  g_assert_not_reached ();
}

/* On an RTX 4090 the user types 96 threads, then chooses scale<float, 128>
 * of libkernels.so, which declares __launch_bounds__(256, 2): 256 threads,
 * the kernel's. Quits so. */
static void
step_choose_declaring_kernel (void)
{
  g_autofree char *lib =
      g_test_build_filename (G_TEST_DIST, "import", "data", "binary", "libkernels.so", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (lib);
  CuoccWindow *window;

  app_test_reset_settings ();
  g_settings_sync ();
  window = start_window ();
  app_test_select_gpu (window, "NVIDIA GeForce RTX 4090");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "96");
  app_test_import (window, file);
  app_test_wait_until (window, kernels_read, NULL);
  choose_entry (window, "void cuocc::test::scale<float", "sm_80");
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==, 256);
  quit_window (window);
}

/* The next start: 256 threads, the kernel's; a kernel that declares none
 * goes back to the user's 96, not to scale's 256. */
static void
step_own_block_size_restored (void)
{
  CuoccWindow *window = start_window ();

  app_test_wait_until (window, kernels_read, NULL);
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==, 256);
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_ORIGIN_KERNEL);
  choose_entry (window, "spills", "sm_80");
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==, 96);
  g_assert_cmpstr (cuocc_input_model_get_note (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   "kept: the kernel declares none");
  quit_window (window);
}

/* The session's 384 threads on the A100 SXM4, listed as the product: no "Custom: …". */
static void
assert_a100_listed (CuoccWindow *window)
{
  GtkDropDown *dropdown = app_test_gpu_dropdown (window);
  GListModel *list = gtk_drop_down_get_model (dropdown);
  CuoccGpuChoice *selected = gtk_drop_down_get_selected_item (dropdown);

  g_assert_cmpint (current_input (window).threads, ==, 384);
  g_assert_nonnull (selected);
  g_assert_cmpint (cuocc_gpu_choice_get_kind (selected), ==, CUOCC_GPU_CHOICE_PRODUCT);
  g_assert_cmpstr (cuocc_gpu_choice_get_title (selected), ==, "NVIDIA A100 SXM4");
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(CuoccGpuChoice) choice = g_list_model_get_item (list, i);

      g_assert_cmpint (cuocc_gpu_choice_get_kind (choice), !=, CUOCC_GPU_CHOICE_CUSTOM);
    }
}

/* A session naming its GPU otherwise than the GPU list ("NVIDIA A100 SXM4 40GB"),
 * opened: the list shows that product (it once showed "Custom: NVIDIA A100 SXM4"). */
static void
step_open_product_session (void)
{
  g_autofree char *path = state_path ("a100.cuocc");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CuoccWindow *window;

  g_assert_true (g_file_set_contents (path,
                                      "[Kernel]\n"
                                      "gpu=NVIDIA A100 SXM4 40GB\n"
                                      "threads=384\n"
                                      "regs=40\n"
                                      "smem=4096\n"
                                      "dynamic_smem=0\n"
                                      "smem_config=-1\n"
                                      "barriers=1\n"
                                      "caching=off\n", -1, NULL));
  app_test_reset_settings ();
  g_settings_sync ();
  window = start_window ();
  cuocc_window_open_file (window, file);
  assert_a100_listed (window);
  quit_window (window);
}

/* ... and so it does after a restart, from the saved state. */
static void
step_product_session_restored (void)
{
  CuoccWindow *window = start_window ();

  assert_a100_listed (window);
  quit_window (window);
}

static void
run_step (const char *path)
{
  /* A guard against a hang, not a time budget: a step opens a window
   * (and a file chooser) under AddressSanitizer on loaded cores. */
  g_test_trap_subprocess (path, 900 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_restart (void)
{
  g_autofree char *keyfile = NULL;

  SKIP_WITHOUT_DISPLAY ();

  run_step ("/cuocc/app/persist/restart/subprocess/work-and-save");
  keyfile = g_build_filename (state_dir, "config", "glib-2.0", "settings", "keyfile", NULL);
  g_assert_true (g_file_test (keyfile, G_FILE_TEST_EXISTS));
  run_step ("/cuocc/app/persist/restart/subprocess/restart");
  run_step ("/cuocc/app/persist/restart/subprocess/open-session");
  run_step ("/cuocc/app/persist/restart/subprocess/recent-after-open");
}

static void
test_product_session (void)
{
  SKIP_WITHOUT_DISPLAY ();

  run_step ("/cuocc/app/persist/product-session/subprocess/open");
  run_step ("/cuocc/app/persist/product-session/subprocess/restart");
}

/* A kernel's declared block size does not become the user's across a
 * restart (cuocc_input_model_keep_own, the state's threads_own). */
static void
test_own_block_size (void)
{
  SKIP_WITHOUT_DISPLAY ();

  run_step ("/cuocc/app/persist/own-block-size/subprocess/choose");
  run_step ("/cuocc/app/persist/own-block-size/subprocess/restart");
}

static void
test_sidebar_width (void)
{
  SKIP_WITHOUT_DISPLAY ();

  run_step ("/cuocc/app/persist/sidebar-width/subprocess/widen");
  run_step ("/cuocc/app/persist/sidebar-width/subprocess/restart");
}

static void
test_compare_gpus (void)
{
  SKIP_WITHOUT_DISPLAY ();

  run_step ("/cuocc/app/persist/compare-gpus/subprocess/choose");
  run_step ("/cuocc/app/persist/compare-gpus/subprocess/restart");
}

static void
test_legacy_keys (void)
{
  SKIP_WITHOUT_DISPLAY ();

  run_step ("/cuocc/app/persist/legacy-keys/subprocess/write");
  run_step ("/cuocc/app/persist/legacy-keys/subprocess/read");
  run_step ("/cuocc/app/persist/legacy-keys/subprocess/state");
}

static void
test_last_opened (void)
{
  SKIP_WITHOUT_DISPLAY ();

  run_step ("/cuocc/app/persist/last-opened/subprocess/open-two");
  run_step ("/cuocc/app/persist/last-opened/subprocess/restart");
}

static void
test_pinned_launch (void)
{
  SKIP_WITHOUT_DISPLAY ();

  run_step ("/cuocc/app/persist/pinned-launch/subprocess/pin");
  run_step ("/cuocc/app/persist/pinned-launch/subprocess/restart");
}

int
main (int   argc,
      char *argv[])
{
  int status;
  gboolean own_dir = FALSE;

  /* Before GIO chooses a backend: the keyfile one, in a folder of the
   * test's own that the steps share. */
  state_dir = g_strdup (g_getenv ("CUOCC_TEST_STATE_DIR"));
  if (state_dir == NULL)
    {
      g_autofree char *config = NULL;

      state_dir = g_dir_make_tmp ("cuocc-persist-XXXXXX", NULL);
      g_assert (state_dir != NULL);
      g_setenv ("CUOCC_TEST_STATE_DIR", state_dir, TRUE);
      config = g_build_filename (state_dir, "config", NULL);
      g_setenv ("XDG_CONFIG_HOME", config, TRUE);
      own_dir = TRUE;
    }
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);

  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/persist/restart", test_restart);
  g_test_add_func ("/cuocc/app/persist/restart/subprocess/work-and-save", step_work_and_save);
  g_test_add_func ("/cuocc/app/persist/restart/subprocess/restart", step_restart);
  g_test_add_func ("/cuocc/app/persist/restart/subprocess/open-session", step_open_session);
  g_test_add_func ("/cuocc/app/persist/restart/subprocess/recent-after-open", step_recent_after_open);
  g_test_add_func ("/cuocc/app/persist/product-session", test_product_session);
  g_test_add_func ("/cuocc/app/persist/product-session/subprocess/open", step_open_product_session);
  g_test_add_func ("/cuocc/app/persist/product-session/subprocess/restart", step_product_session_restored);
  g_test_add_func ("/cuocc/app/persist/own-block-size", test_own_block_size);
  g_test_add_func ("/cuocc/app/persist/own-block-size/subprocess/choose", step_choose_declaring_kernel);
  g_test_add_func ("/cuocc/app/persist/own-block-size/subprocess/restart", step_own_block_size_restored);
  g_test_add_func ("/cuocc/app/persist/sidebar-width", test_sidebar_width);
  g_test_add_func ("/cuocc/app/persist/sidebar-width/subprocess/widen", step_widen_sidebar);
  g_test_add_func ("/cuocc/app/persist/sidebar-width/subprocess/restart", step_sidebar_width_restored);
  g_test_add_func ("/cuocc/app/persist/compare-gpus", test_compare_gpus);
  g_test_add_func ("/cuocc/app/persist/compare-gpus/subprocess/choose", step_choose_compare_gpus);
  g_test_add_func ("/cuocc/app/persist/compare-gpus/subprocess/restart", step_compare_gpus_restored);
  g_test_add_func ("/cuocc/app/persist/legacy-keys", test_legacy_keys);
  g_test_add_func ("/cuocc/app/persist/legacy-keys/subprocess/write", step_write_legacy_keys);
  g_test_add_func ("/cuocc/app/persist/legacy-keys/subprocess/read", step_read_legacy_keys);
  g_test_add_func ("/cuocc/app/persist/legacy-keys/subprocess/state", step_read_state);
  g_test_add_func ("/cuocc/app/persist/last-opened", test_last_opened);
  g_test_add_func ("/cuocc/app/persist/last-opened/subprocess/open-two", step_open_two);
  g_test_add_func ("/cuocc/app/persist/last-opened/subprocess/restart", step_last_opened);
  g_test_add_func ("/cuocc/app/persist/ptxas-path", test_ptxas_path);
  g_test_add_func ("/cuocc/app/persist/ptxas-path/subprocess/choose", step_choose_ptxas);
  g_test_add_func ("/cuocc/app/persist/ptxas-path/subprocess/restart", step_chosen_ptxas_restored);
  g_test_add_func ("/cuocc/app/persist/pinned-launch", test_pinned_launch);
  g_test_add_func ("/cuocc/app/persist/pinned-launch/subprocess/pin", step_pin_launch);
  g_test_add_func ("/cuocc/app/persist/pinned-launch/subprocess/restart", step_pinned_launch_restored);

  status = g_test_run ();
  if (own_dir)
    {
      g_autofree char *command = g_strdup_printf ("rm -rf '%s'", state_dir);

      /* The folder holds only what the steps wrote. */
      g_assert (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
    }
  g_free (state_dir);
  return status;
}
