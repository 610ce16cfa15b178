/* test-import.c — kernels imported into the real window from build logs and
 * profiles: the list, its search, a chosen kernel filling the inputs, bad
 * files, the clipboard, and a log rewritten on disk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cuocc-gpu-choice.h"
#include "cuocc-kernel-item.h"
#include "cuocc-session.h"
#include "app-test.h"
#include "cuocc-compat.h"

/* ----- helpers ----- */

static gboolean
idle_condition (CuoccWindow   *window,
                gconstpointer  data)
{
  return !app_test_kernels_busy (app_test_kernels_panel (window));
}

static gboolean
n_kernels_condition (CuoccWindow   *window,
                     gconstpointer  data)
{
  return app_test_n_kernels (app_test_kernels_panel (window)) == GPOINTER_TO_UINT (data);
}

static gboolean
regs_condition (CuoccWindow   *window,
                gconstpointer  data)
{
  return cuocc_calculation_get_have_result (app_test_calculation (window)) &&
         cuocc_calculation_get_input (app_test_calculation (window))->regs == GPOINTER_TO_INT (data);
}

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "import", "data", name, NULL);
}

static void
told_cb (guint *told)
{
  (*told)++;
}

/* Imports as the user does; the table then shows what runs on the GPU.
 * The panel's "busy" is told of as the read begins and as it ends, once
 * each. */
static void
import_path_as_is (CuoccWindow *window,
                   const char  *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CuoccKernelsPanel *panel = app_test_kernels_panel (window);
  gboolean was_busy = app_test_kernels_busy (panel);
  guint told = 0;
  gulong id = g_signal_connect_swapped (panel, "notify::busy", G_CALLBACK (told_cb), &told);

  app_test_import (window, file);
  g_assert_true (app_test_kernels_busy (panel));
  g_assert_cmpuint (told, ==, was_busy ? 0 : 1);
  app_test_wait_until (window, idle_condition, NULL);
  g_assert_cmpuint (told, ==, was_busy ? 1 : 2);
  g_signal_handler_disconnect (panel, id);
}

/* Imports and shows every architecture: the tests of choosing an entry
 * choose entries that do not run on the GPU too. */
static void
import_path (CuoccWindow *window,
             const char  *path)
{
  import_path_as_is (window, path);
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);
}

static void
import_fixture (CuoccWindow *window,
                const char  *name)
{
  g_autofree char *path = fixture (name);

  import_path (window, path);
}

typedef struct {
  const char *text;
  guint expected;
} Search;

/* Whether the kernel is one a user searching for the words expects, worked
 * out here rather than by the table's own filter: every word, ignoring
 * case, is in its name, its mangled name or its architecture, the texts a
 * user sees in the table and the details. Checked with the filter's own
 * predicate (cuocc_kernel_item_matches ()) this could not fail. */
static gboolean
expected_match (const CuoccKernel  *k,
                const char * const *words)
{
  g_autofree char *name = g_utf8_casefold (k->name != NULL ? k->name : "", -1);
  g_autofree char *mangled = g_utf8_casefold (k->mangled != NULL ? k->mangled : "", -1);
  g_autofree char *arch = g_utf8_casefold (k->arch != NULL ? k->arch : "", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (name, words[i]) == NULL && strstr (mangled, words[i]) == NULL &&
        strstr (arch, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* The search entry waits a moment before it searches: done when the list
 * shows as many kernels as expected (counted by hand from the fixture),
 * each of which matches. */
static gboolean
search_condition (CuoccWindow   *window,
                  gconstpointer  data)
{
  const Search *s = data;
  GListModel *shown = app_test_shown (window);
  g_autofree char *folded = g_utf8_casefold (s->text, -1);
  g_auto(GStrv) words = g_strsplit (folded, " ", -1);
  guint n = g_list_model_get_n_items (shown);

  if (s->expected != G_MAXUINT && n != s->expected)
    return FALSE;
  if (s->expected == G_MAXUINT &&
      (n == 0 || n == app_test_n_kernels (app_test_kernels_panel (window))))
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);

      if (!expected_match (cuocc_kernel_item_get_kernel (item), (const char * const *) words))
        return FALSE;
    }

  return TRUE;
}

static void
search (CuoccWindow *window,
        const char  *text,
        guint        expected)
{
  Search s = { text, expected };

  gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)), text);
  app_test_wait_until (window, search_condition, &s);
}

/* Chooses the first kernel the search shows for the text. */
static const CuoccKernel *
choose (CuoccWindow *window,
        const char  *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  const CuoccKernel *k;

  search (window, text, G_MAXUINT);
  cuocc_kernels_panel_choose (app_test_kernels_panel (window), 0);
  k = cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL);
  g_assert_nonnull (k);
  g_assert_nonnull (strstr (k->name, words[0]));

  return k;
}

static gint64
field_value (CuoccWindow *window,
             CuoccInputKey   field)
{
  const char *text =
      gtk_editable_get_text (app_test_input_entry (app_test_input_panel (window), field));

  return g_ascii_strtoll (text, NULL, 10);
}

/* A product, not a compute capability, of the given one. */
static char *
product_of_cc (int major,
               int minor)
{
  g_autoptr(GListStore) choices = cuocc_gpu_choice_list_new ();

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (choices)); i++)
    {
      g_autoptr(CuoccGpuChoice) choice = g_list_model_get_item (G_LIST_MODEL (choices), i);
      CuoccGpu gpu;

      if (cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_PRODUCT &&
          cuocc_gpu_resolve_id (cuocc_gpu_choice_get_id (choice), &gpu, NULL) &&
          gpu.cap.major == major && gpu.cap.minor == minor)
        return g_strdup (cuocc_gpu_choice_get_id (choice));
    }

  g_error ("no product of compute capability %d.%d", major, minor);
}

/* What the model says for the inputs the window shows. */
static void
assert_result_is_models (CuoccWindow *window,
                         int          major,
                         int          minor)
{
  g_autoptr(GError) error = NULL;
  CuoccResult expected;
  CuoccGpu gpu;

  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_true (cuocc_gpu_for_cc_numbers (major, minor, &gpu, &error));
  g_assert_no_error (error);
  g_assert_true (
      cuocc_calculate (&gpu, cuocc_calculation_get_input (app_test_calculation (window)), &expected, &error));
  g_assert_no_error (error);
  g_assert_cmpint (cuocc_calculation_get_gpu (app_test_calculation (window))->cap.major, ==, major);
  g_assert_cmpint (cuocc_calculation_get_gpu (app_test_calculation (window))->cap.minor, ==, minor);
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_warps, ==,
                   expected.active_warps);
  g_assert_cmpfloat (cuocc_calculation_get_result (app_test_calculation (window))->occupancy, ==,
                     expected.occupancy);
}

/* ----- tests ----- */

static void
test_ptxas_log (void)
{
  g_autofree char *a100 = product_of_cc (8, 0);
  const CuoccKernel *k;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "Compute capability 8.6");
  g_assert_false (app_test_kernels_shown (window));

  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  g_assert_true (app_test_kernels_shown (window));
  /* The search has the focus, to be typed in. */
  g_assert_true (
      gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)),
                              GTK_WIDGET (app_test_kernels_search (app_test_kernels_panel (window)))));
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 10);
  g_assert_null (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL));

  /* Demangled names are searched, and so are the mangled ones and the
   * architecture. */
  search (window, "scale", 2);
  search (window, "SCALE float", 1);
  search (window, "_Z5heavy", 1);
  search (window, "sm_80", 10);
  search (window, "no such kernel", 0);
  search (window, "", 10);

  /* A kernel that spills. sm_80 code runs on 8.6: the GPU stays as the
   * user chose it, and the entry is the one that loads there. */
  k = choose (window, "heavy");
  g_assert_cmpstr (k->name, ==, "heavy(float const*, float*)");
  g_assert_cmpint (k->loaded, ==, CUOCC_LOAD_YES);
  g_assert_null (app_test_details_text (app_test_kernels_panel (window), "load_label"));
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 32);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_SMEM), ==, 0);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_BARRIERS), ==, 0);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 8.6");
  assert_result_is_models (window, 8, 6);
  g_assert_nonnull (app_test_details_text (app_test_kernels_panel (window), "spill_label"));
  g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window), "spill_label"),
                            "2076 bytes"));
  g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window), "spill_label"),
                            "2344 bytes"));
  g_assert_null (app_test_details_text (app_test_kernels_panel (window), "profiler_label"));
  g_assert_cmpint (cuocc_calculation_get_extra (app_test_calculation (window))->spill_stores, ==, 2076);
  g_assert_cmpint (cuocc_calculation_get_extra (app_test_calculation (window))->spill_loads, ==, 2344);

  /* A product of the same compute capability stays chosen. */
  app_test_select_gpu (window, a100);
  k = choose (window, "bounded");
  g_assert_cmpint (k->regs, ==, 24);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 24);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_SMEM), ==, 9216);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_BARRIERS), ==, 1);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, a100);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 9216);
  assert_result_is_models (window, 8, 0);
  g_assert_null (app_test_details_text (app_test_kernels_panel (window), "spill_label"));
  g_assert_cmpint (cuocc_calculation_get_extra (app_test_calculation (window))->spill_stores, ==, 0);
  g_assert_cmpint (cuocc_calculation_get_extra (app_test_calculation (window))->spill_loads, ==, 0);

  /* A search that hides the chosen kernel does not unchoose it. */
  search (window, "scale", 2);
  k = cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL);
  g_assert_cmpstr (k->name, ==, "bounded(float*, float const*)");

  /* Enter in the search chooses the first kernel it shows, even before
   * the entry's delayed search. */
  gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)), "calls_help");
  g_signal_emit_by_name (app_test_kernels_search (app_test_kernels_panel (window)), "activate");
  k = cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL);
  g_assert_cmpstr (k->name, ==, "calls_helper(int*)");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 11);

  app_test_window_free (window);
}

/* The GPU is the user's: an entry is worked out on it when it runs there,
 * the one that loads is pointed to, and an entry that cannot run there
 * leaves the inputs be and offers the switch. */
static void
count_cb (guint *count)
{
  (*count)++;
}

/* Choosing a kernel sets its spills, its dynamic shared memory and the
 * inputs at once: the calculation runs once for it, and that once already
 * has the kernel's figures (it ran two and three times). */
static void
test_choose_computes_once (void)
{
  CuoccWindow *window;
  guint changed = 0;
  guint before;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "Compute capability 8.0");
  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  g_signal_connect_swapped (app_test_calculation (window), "changed", G_CALLBACK (count_cb), &changed);

  search (window, "heavy", G_MAXUINT);
  before = cuocc_calculation_get_computations (app_test_calculation (window));
  cuocc_kernels_panel_choose (app_test_kernels_panel (window), 0);
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, before + 1);
  g_assert_cmpuint (changed, ==, 1);
  /* The fixture: 32 registers, no shared memory, 2076 bytes of spill stores. */
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 32);
  g_assert_cmpint (cuocc_calculation_get_extra (app_test_calculation (window))->spill_stores, ==, 2076);
  assert_result_is_models (window, 8, 0);

  /* Registers, shared memory, barriers and the spills all change. */
  search (window, "bounded", G_MAXUINT);
  before = cuocc_calculation_get_computations (app_test_calculation (window));
  cuocc_kernels_panel_choose (app_test_kernels_panel (window), 0);
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, before + 1);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 24);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 9216);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->barriers, ==, 1);
  g_assert_cmpint (cuocc_calculation_get_extra (app_test_calculation (window))->spill_stores, ==, 0);
  assert_result_is_models (window, 8, 0);

  g_signal_handlers_disconnect_by_func (app_test_calculation (window), count_cb, &changed);
  app_test_window_free (window);
}

static void
test_several_architectures (void)
{
  g_autofree char *ada = product_of_cc (8, 9);
  GtkDropDown *arches;
  const CuoccKernel *k;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, ada);
  import_fixture (window, "resource-usage-multi.log");
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 70);

  /* Grouped by architecture: all, the entries that load, then the seven. */
  arches = app_test_arch_dropdown (app_test_kernels_panel (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (arches)));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (arches)), ==, 2 + 7);
  gtk_drop_down_set_selected (arches, 1);
  g_assert_cmpuint (
      g_list_model_get_n_items (app_test_shown (window)), ==, 10);
  for (guint i = 0; i < 10; i++)
    {
      g_autoptr(CuoccKernelItem) item =
          g_list_model_get_item (app_test_shown (window), i);

      g_assert_cmpstr (cuocc_kernel_item_get_kernel (item)->arch, ==, "sm_89");
    }
  gtk_drop_down_set_selected (arches, 2);
  g_assert_cmpuint (
      g_list_model_get_n_items (app_test_shown (window)), ==, 10);
  gtk_drop_down_set_selected (arches, 0);
  g_assert_cmpuint (
      g_list_model_get_n_items (app_test_shown (window)), ==, 70);

  /* The entry that loads on 8.9. */
  k = choose (window, "heavy sm_89");
  g_assert_cmpint (k->loaded, ==, CUOCC_LOAD_YES);
  g_assert_null (app_test_details_text (app_test_kernels_panel (window), "load_label"));
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, ada);
  g_assert_null (
      strstr (gtk_label_get_label (GTK_LABEL (app_test_window_part (window, GTK_TYPE_LABEL, "cc_label"))),
              "chosen for the kernel"));
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 72);
  assert_result_is_models (window, 8, 9);

  /* An sm_86 entry runs on 8.9, though the driver loads the sm_89 one. */
  k = choose (window, "bounded sm_86");
  g_assert_cmpint (k->loaded, ==, CUOCC_LOAD_OTHER);
  g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window), "load_label"),
                            "On compute capability 8.9 the CUDA driver loads this kernel's sm_89 entry"));
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 24);
  assert_result_is_models (window, 8, 9);

  /* sm_90 code cannot run on 8.9: the inputs stay, the sm_89 entry is
   * pointed to. */
  app_test_set_value (window, CUOCC_INPUT_KEY_REGS, 40);
  k = choose (window, "bounded sm_90");
  g_assert_cmpint (k->loaded, ==, CUOCC_LOAD_OTHER);
  g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window), "load_label"),
                            "sm_90 code cannot run on compute capability 8.9: the CUDA driver loads this kernel's "
                            "sm_89 entry"));
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 40);
  g_assert_cmpstr (gtk_button_get_label (
                     GTK_BUTTON (app_test_details_widget (app_test_kernels_panel (window), "load_button"))),
                   ==, "Show sm_89");
  g_signal_emit_by_name (app_test_details_widget (app_test_kernels_panel (window), "load_button"), "clicked");
  k = cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL);
  g_assert_cmpstr (k->arch, ==, "sm_89");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 24);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, ada);

  /* A GPU where nothing of the log runs: the inputs stay, the GPU stays,
   * and the switch is offered. */
  app_test_select_gpu (window, "Compute capability 6.1");
  app_test_set_value (window, CUOCC_INPUT_KEY_REGS, 40);
  k = choose (window, "heavy sm_90");
  g_assert_cmpint (k->loaded, ==, CUOCC_LOAD_NONE);
  g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window), "load_label"),
                            "sm_90 code cannot run on compute capability 6.1"));
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 6.1");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 40);
  g_assert_cmpstr (gtk_button_get_label (
                     GTK_BUTTON (app_test_details_widget (app_test_kernels_panel (window), "load_button"))),
                   ==, "Use Compute Capability 9.0");
  g_signal_emit_by_name (app_test_details_widget (app_test_kernels_panel (window), "load_button"), "clicked");
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 9.0");
  /* The GPU says the kernel chose it. */
  g_assert_cmpint (cuocc_input_model_get_gpu_origin (app_test_inputs (window)), ==,
                   CUOCC_INPUT_ORIGIN_KERNEL);
  g_assert_true (g_str_has_suffix (
      gtk_label_get_label (GTK_LABEL (app_test_window_part (window, GTK_TYPE_LABEL, "cc_label"))),
      " · chosen for the kernel"));
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, k->regs);
  g_assert_cmpint (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL)->loaded, ==,
                   CUOCC_LOAD_YES);
  g_assert_null (app_test_details_text (app_test_kernels_panel (window), "load_label"));
  assert_result_is_models (window, 9, 0);

  /* The user picks another GPU: the kernel's entry that loads there is
   * chosen, on that GPU. */
  app_test_select_gpu (window, ada);
  k = cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL);
  g_assert_cmpstr (k->name, ==, "heavy(float const*, float*)");
  g_assert_cmpstr (k->arch, ==, "sm_89");
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, ada);
  g_assert_null (
      strstr (gtk_label_get_label (GTK_LABEL (app_test_window_part (window, GTK_TYPE_LABEL, "cc_label"))),
              "chosen for the kernel"));
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 72);
  assert_result_is_models (window, 8, 9);

  app_test_window_free (window);
}

/* A shared library's fat binary (tests/import/data/binary/make-fixtures.sh):
 * sm_80 and sm_120 SASS and compute_120 PTX. On an RTX 4090 (8.9) the sm_80
 * entries load; the block size is the one the kernel declares. */
static CuoccWindow *
libkernels_on_ada (const char *threads)
{
  g_autofree char *ada = product_of_cc (8, 9);
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "import", "data", "binary", "libkernels.so", NULL);
  CuoccWindow *window = app_test_window_new ();

  app_test_select_gpu (window, ada);
  if (threads != NULL)
    app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, threads);
  import_path (window, path);
  return window;
}

static void
test_shared_library (void)
{
  g_autofree char *ada = product_of_cc (8, 9);
  const CuoccKernel *k;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = libkernels_on_ada (NULL);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 15);

  /* scale<float, 128>: __launch_bounds__(256, 2), 10 registers, 512 bytes. */
  k = choose (window, "scale<float sm_80");
  g_assert_cmpint (k->loaded, ==, CUOCC_LOAD_YES);
  g_assert_cmpint (k->max_threads, ==, 256);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 256);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 10);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_SMEM), ==, 512);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, ada);
  assert_result_is_models (window, 8, 9);

  /* The PTX is JIT-compiled only where no SASS runs; here it does not load. */
  k = choose (window, "spills compute_120");
  g_assert_cmpint (k->code, ==, CUOCC_CODE_PTX);
  g_assert_cmpint (k->loaded, ==, CUOCC_LOAD_OTHER);
  g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window), "load_label"),
                            "sm_80 entry"));

  app_test_window_free (window);
}

/* Dynamic shared memory has its own input, added to the static shared
 * memory. CC 9.0, 256 threads: 8 KiB + 48 KiB = 57344 bytes, + 1024
 * reserved = 58368 a block; 233472 / 58368 = 4 blocks, 32 of 64 warps. */
static void
test_dynamic_smem (void)
{
  CuoccWindow *window;
  GtkLabel *opt_in;
  const char *note;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "Compute capability 9.0");
  app_test_set_value (window, CUOCC_INPUT_KEY_THREADS, 256);
  app_test_set_value (window, CUOCC_INPUT_KEY_REGS, 32);
  app_test_set_value (window, CUOCC_INPUT_KEY_SMEM, 8192);
  app_test_set_value (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 49152);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 57344);
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 4);
  g_assert_cmpfloat (cuocc_calculation_get_result (app_test_calculation (window))->occupancy, ==, 0.5);
  opt_in = GTK_LABEL (app_test_find_by_id (GTK_WIDGET (window), GTK_TYPE_LABEL, "opt_in_label"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (opt_in)));
  note = gtk_label_get_label (opt_in);
  g_assert_nonnull (strstr (note, "57344 bytes"));
  g_assert_nonnull (strstr (note, "cudaFuncAttributeMaxDynamicSharedMemorySize, 49152)"));

  /* 8 KiB + 40 KiB is 48 KiB: no opt-in. */
  app_test_set_value (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 40960);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 49152);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (opt_in)));

  /* A total asked for elsewhere (a graph, the advice) keeps the dynamic part. */
  app_test_set_value (window, CUOCC_INPUT_KEY_SMEM, 65536);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_SMEM), ==, 24576);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, 40960);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 65536);

  app_test_window_free (window);
}

/* A kernel's dynamic shared memory is its own, never the last kernel's:
 * the profiled launch of dynamic_smem recorded some; heavy() of a ptxas log
 * records none, so it gets none (it once kept the profiled kernel's, and
 * showed that kernel's shared memory limit). */
static void
test_dynamic_smem_not_carried_over (void)
{
  const CuoccKernel *k;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "Compute capability 8.6");
  import_fixture (window, "ncu-details-sm86.csv");
  k = choose (window, "dynamic_smem");
  g_assert_cmpint (k->dynamic_smem, >, 0);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, k->dynamic_smem);

  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  k = choose (window, "heavy");
  g_assert_cmpint (k->dynamic_smem, <, 0);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, 0);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, k->smem);

  app_test_window_free (window);
}

static gboolean
hint_says (CuoccWindow *window,
           CuoccInputKey   field,
           const char  *words)
{
  return strstr (app_test_input_hint (app_test_input_panel (window), field), words) != NULL;
}

/* One kernel's declared block size never leaks into the next: on an RTX
 * 4090 (8.9) with 96 threads typed, scale<float, 128> of libkernels.so
 * declares __launch_bounds__(256, 2) and gets 256; spills declares none
 * and gets the user's 96 again, not scale's 256 (it kept 256 before).
 * By hand, spills at 96 threads: 3 warps and 32 × 32 × 3 = 3072 registers
 * a block; warps 48 / 3 = 16 blocks, registers 65536 / 3072 = 21, blocks
 * 24: 16 blocks (at 256 threads it would be 48 / 8 = 6). */
static void
test_block_size_not_carried_over (void)
{
  const CuoccKernel *k;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = libkernels_on_ada ("96");

  k = choose (window, "scale<float sm_80");
  g_assert_cmpint (k->max_threads, ==, 256);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 256);

  k = choose (window, "spills sm_80");
  g_assert_cmpint (k->max_threads, <=, 0);
  g_assert_cmpint (k->block_size, <=, 0);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 96);
  g_assert_true (hint_says (window, CUOCC_INPUT_KEY_THREADS, "kept: the kernel declares none"));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 96);
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 16);

  /* Typed while a kernel is chosen: that value is the user's from then on. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
  k = choose (window, "scale<double sm_80");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 256);
  k = choose (window, "named_barrier sm_80");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 128);

  app_test_window_free (window);
}

/* Choosing a kernel sets every launch input from it and says where each
 * came from, in a window at 800 × 600 and at 1920 × 1080: a Triton kernel
 * with 16 KiB of dynamic shared memory (matmul_kernel: 4 warps, "shared":
 * 16384), then a binary kernel, which gets its own figures only (heavy():
 * 30 registers, no shared memory, no launch recorded, no block size
 * declared). A value the user typed is marked as theirs; the block size the
 * binary does not declare is kept, and says so. */
static void
test_launch_settings_say_their_origin (void)
{
  static const int sizes[][2] = { { 800, 600 }, { 1920, 1080 } };

  SKIP_WITHOUT_DISPLAY ();
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *triton = fixture ("triton");
      const CuoccKernel *k;
      CuoccWindow *window = app_test_window_new ();

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      app_test_wait_for_frame (GTK_WIDGET (window));
      app_test_select_gpu (window, "NVIDIA H100 SXM5");

      import_path (window, triton);
      k = choose (window, "matmul");
      g_assert_cmpint (k->dynamic_smem, ==, 16384);
      g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 128);
      g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, 16384);
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_THREADS, "the launch the file records"));
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM, "the launch the file records"));
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "the kernel's"));
      g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_REGS), ==,
                       CUOCC_INPUT_ORIGIN_KERNEL);

      app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");
      g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                       CUOCC_INPUT_ORIGIN_USER);
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_THREADS, "set by you"));

      /* The cubin holds heavy() alone. */
      import_fixture (window, "binary/heavy-sm_90.cubin");
      g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 1);
      cuocc_kernels_panel_choose (app_test_kernels_panel (window), 0);
      k = cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL);
      g_assert_nonnull (strstr (k->name, "heavy"));
      g_assert_cmpint (k->regs, ==, 30);
      g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 30);
      g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, 0);
      g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, k->smem);
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_DYNAMIC_SMEM, "none: the file records no launch"));
      g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 256);
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_THREADS, "kept: the kernel declares none"));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (app_test_input_panel (window))));

      /* To look at: the inputs saying their origins, light and dark. */
      for (guint dark = 0; dark <= 1; dark++)
        {
          const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
          g_autofree char *name = g_strdup_printf ("cuocc-origins-%dx%d-%s.png", sizes[i][0], sizes[i][1],
                                                   dark ? "dark" : "light");
          g_autofree char *path = g_build_filename (dir ? dir : g_get_tmp_dir (), name, NULL);
          g_autoptr(GdkTexture) texture = NULL;

          adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                              dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                   : ADW_COLOR_SCHEME_FORCE_LIGHT);
          app_test_wait_for_frame (GTK_WIDGET (window));
          texture = app_test_render_widget (GTK_WIDGET (window));
          g_assert_true (gdk_texture_save_to_png (texture, path));
        }
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

      app_test_window_free (window);
    }
}


/* Issue 29 §6: a file opened after a kernel of another was chosen, none of
 * its own chosen: the inputs kept the kernel's figures but still said "the
 * kernel's", as if of a kernel of the new file. They keep the values and
 * the kernel's name (the tooltip), and say that it was the previous
 * file's; choosing a kernel of the new file makes them its own again. At
 * 800 × 600 and 1920 × 1080. */
static void
test_previous_files_kernel (void)
{
  static const int sizes[][2] = { { 800, 600 }, { 1920, 1080 } };
  static const CuoccInputKey kernels_keys[] = {
    CUOCC_INPUT_KEY_THREADS, CUOCC_INPUT_KEY_REGS, CUOCC_INPUT_KEY_SMEM, CUOCC_INPUT_KEY_DYNAMIC_SMEM,
    CUOCC_INPUT_KEY_BARRIERS, CUOCC_INPUT_KEY_CLUSTER_SIZE,
  };

  SKIP_WITHOUT_DISPLAY ();
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *triton = fixture ("triton");
      CuoccWindow *window = app_test_window_new ();
      const CuoccKernel *k;
      gint64 regs;

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      app_test_wait_for_frame (GTK_WIDGET (window));
      app_test_select_gpu (window, "NVIDIA H100 SXM5");
      import_path (window, triton);
      k = choose (window, "matmul");
      regs = field_value (window, CUOCC_INPUT_KEY_REGS);
      g_assert_cmpint (regs, ==, k->regs);
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "the kernel's"));

      import_fixture (window, "binary/heavy-sm_90.cubin");
      g_assert_null (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL));
      for (guint j = 0; j < G_N_ELEMENTS (kernels_keys); j++)
        {
          CuoccInputKey key = kernels_keys[j];

          g_test_message ("%u: %s", key, app_test_input_hint (app_test_input_panel (window), key));
          g_assert_false (hint_says (window, key, "the kernel's"));
          g_assert_false (hint_says (window, key, "the launch the file records"));
          g_assert_false (hint_says (window, key, "declared by the kernel"));
        }
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "from a kernel of the previous file"));
      g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, regs);
      g_assert_nonnull (
          strstr (cuocc_input_model_get_source (app_test_inputs (window), CUOCC_INPUT_KEY_REGS), "matmul"));

      /* The cubin's kernel, heavy(): 30 registers, its own. */
      cuocc_kernels_panel_choose (app_test_kernels_panel (window), 0);
      g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 30);
      g_assert_true (hint_says (window, CUOCC_INPUT_KEY_REGS, "the kernel's"));
      app_test_window_free (window);
    }
}

static void
count_model_cb (guint *count)
{
  (*count)++;
}

/* A chosen kernel writes the input model, never the entries: one change of
 * the model a kernel, each launch input the kernel's with its note, and the
 * entries show the model. The Triton matmul_kernel: 4 warps (128 threads),
 * 16 KiB of dynamic shared memory; then heavy() of a cubin, which records
 * no launch and declares no block size: the 256 threads the user typed are
 * kept and say so, its dynamic shared memory is 0, not matmul's. */
static void
test_kernel_writes_the_model (void)
{
  const CuoccInputKey launch[] = {
    CUOCC_INPUT_KEY_THREADS, CUOCC_INPUT_KEY_REGS, CUOCC_INPUT_KEY_SMEM,
    CUOCC_INPUT_KEY_DYNAMIC_SMEM, CUOCC_INPUT_KEY_BARRIERS, CUOCC_INPUT_KEY_CLUSTER_SIZE,
  };
  g_autofree char *triton = fixture ("triton");
  CuoccWindow *window;
  guint changes = 0;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  import_path (window, triton);
  g_signal_connect_swapped (app_test_inputs (window), "changed", G_CALLBACK (count_model_cb), &changes);

  choose (window, "matmul");
  g_assert_cmpuint (changes, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (launch); i++)
    {
      g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), launch[i]), ==,
                       CUOCC_INPUT_ORIGIN_KERNEL);
      g_assert_nonnull (cuocc_input_model_get_note (app_test_inputs (window), launch[i]));
      g_assert_cmpstr (
          gtk_editable_get_text (app_test_input_entry (app_test_input_panel (window), launch[i])),
          ==, cuocc_input_model_get_text (app_test_inputs (window), launch[i]));
    }
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==, 128);
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==,
                   16384);
  g_assert_cmpstr (cuocc_input_model_get_note (app_test_inputs (window), CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==,
                   "the launch the file records");
  /* The GPU stays the user's. */
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "NVIDIA H100 SXM5");
  g_assert_cmpint (cuocc_input_model_get_gpu_origin (app_test_inputs (window)), ==, CUOCC_INPUT_ORIGIN_USER);

  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_ORIGIN_USER);

  import_fixture (window, "binary/heavy-sm_90.cubin");
  changes = 0;
  cuocc_kernels_panel_choose (app_test_kernels_panel (window), 0);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==, 256);
  g_assert_cmpint (cuocc_input_model_get_origin (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   CUOCC_INPUT_ORIGIN_KERNEL);
  g_assert_cmpstr (cuocc_input_model_get_note (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==,
                   "kept: the kernel declares none");
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_REGS), ==, 30);
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==,
                   0);
  g_assert_cmpstr (gtk_editable_get_text (app_test_input_entry (app_test_input_panel (window),
                                                                          CUOCC_INPUT_KEY_DYNAMIC_SMEM)),
                   ==, "0");
  g_assert_cmpstr (cuocc_input_model_get_note (app_test_inputs (window), CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==,
                   "none: the file records no launch");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem,
                   ==, cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_SMEM));

  g_signal_handlers_disconnect_by_func (app_test_inputs (window), count_model_cb, &changes);
  app_test_window_free (window);
}

/* A second build compared: what changed is marked, with before and after. */
static void
test_compare_builds (void)
{
  g_autofree char *older = fixture ("ptxas-maxrreg32-sm80.log");
  g_autoptr(GFile) file = g_file_new_for_path (older);
  const CuoccKernel *k;
  CuoccWindow *window;
  const char *text;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "Compute capability 8.0");
  import_fixture (window, "resource-usage-multi.log");
  cuocc_kernels_panel_compare_file (app_test_kernels_panel (window), file);
  app_test_wait_until (window, idle_condition, NULL);

  /* The -maxrregcount=32 build of heavy() had 32 registers, 992 bytes of
   * stack and 2076 + 2344 bytes of spills; the rest of its sm_80 entries are
   * the same, and the other six architectures are new. */
  k = choose (window, "heavy sm_80");
  text = app_test_details_text (app_test_kernels_panel (window), "change_label");
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "registers 32 → 72"));
  g_assert_nonnull (strstr (text, "stack 992 → 0 bytes"));
  g_assert_nonnull (strstr (text, "spills 4420 → 0 bytes"));
  g_assert_cmpint (k->regs, ==, 72);
  choose (window, "bounded sm_80");
  g_assert_null (app_test_details_text (app_test_kernels_panel (window), "change_label"));
  choose (window, "bounded sm_86");
  g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window), "change_label"),
                            "New in this build"));

  app_test_window_free (window);
}

static void
test_nsight_compute (void)
{
  const CuoccKernel *k;
  const char *text;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  /* The profile names sm_86: on the H100 the window starts with, it would
   * only offer the switch. */
  app_test_select_gpu (window, "Compute capability 8.6");
  import_fixture (window, "ncu-details-sm86.csv");
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 3);

  /* The block size the profiler saw becomes the threads per block. */
  k = choose (window, "dynamic_smem");
  g_assert_cmpint (k->block_size, ==, 512);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 512);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==,
                   k->smem + k->dynamic_smem);
  assert_result_is_models (window, 8, 6);
  text = app_test_details_text (app_test_kernels_panel (window), "profiler_label");
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "512 threads"));
  g_assert_nonnull (strstr (text, "disagree"));

  k = choose (window, "vec_add");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_THREADS), ==, 256);
  text = app_test_details_text (app_test_kernels_panel (window), "profiler_label");
  g_assert_nonnull (strstr (text, "Nsight Compute 100 %, cuocc 100 %"));
  g_assert_null (strstr (text, "disagree"));

  /* Other inputs are another launch: no verdict. */
  gtk_editable_set_text (app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS), "64");
  text = app_test_details_text (app_test_kernels_panel (window), "profiler_label");
  g_assert_nonnull (strstr (text, "another launch"));
  gtk_editable_set_text (app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS), "256");
  text = app_test_details_text (app_test_kernels_panel (window), "profiler_label");
  g_assert_nonnull (strstr (text, "cuocc 100 %"));

  app_test_window_free (window);
}

static void
test_bad_files (void)
{
  static const struct { const char *name; const char *data; gssize len; } files[] = {
    { "garbage.log", "this is no compiler output\nnor a profile\n", -1 },
    { "binary.log", "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0\xbe\0\xff\xfe", 22 },
    { "empty.log", "", 0 },
  };
  g_autofree char *dir = g_dir_make_tmp ("cuocc-import-XXXXXX", NULL);
  g_autofree char *before = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  choose (window, "heavy");
  search (window, "", 10);
  before = app_test_session_data (window);

  for (guint i = 0; i < G_N_ELEMENTS (files) + 2; i++)
    {
      g_autofree char *path = NULL;
      g_autofree char *after = NULL;

      if (i < G_N_ELEMENTS (files))
        {
          path = g_build_filename (dir, files[i].name, NULL);
          g_assert_true (g_file_set_contents (path, files[i].data, files[i].len, NULL));
        }
      else if (i == G_N_ELEMENTS (files))
        path = g_build_filename (dir, "missing.log", NULL);
      else
        path = g_strdup (dir);   /* a directory */

      app_test_forget_message ();
      if (i == G_N_ELEMENTS (files))
        {
          /* A file that is gone fails at once, as Import shows it. */
          g_autoptr(GFile) missing = g_file_new_for_path (path);
          g_autoptr(GError) error = NULL;

          g_assert_false (cuocc_window_use_file (window, "win.import", NULL, missing, &error));
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
        }
      else
        import_path (window, path);

      g_test_message ("%s", app_test_last_message ());
      g_assert_nonnull (app_test_last_message ());
      g_assert_nonnull (strstr (app_test_last_message (), "Could not import"));
      after = app_test_session_data (window);
      g_assert_cmpstr (after, ==, before);
      g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 10);
      g_assert_cmpstr (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL)->name, ==,
                       "heavy(float const*, float*)");
      g_unlink (path);
    }

  app_test_window_free (window);
  g_rmdir (dir);
}

static void
test_paste (void)
{
  g_autofree char *path = fixture ("ptxas-sm90.log");
  g_autofree char *log = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  g_assert_true (g_file_get_contents (path, &log, NULL, NULL));
  window = app_test_window_new ();

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), log);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste-log", NULL));
  app_test_wait_until (window, n_kernels_condition, GUINT_TO_POINTER (10));
  g_assert_null (cuocc_kernels_panel_get_file (app_test_kernels_panel (window)));
  choose (window, "named_barriers");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_BARRIERS), ==, 3);
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_SMEM), ==, 256);
  g_assert_cmpint (cuocc_input_model_get_gpu (app_test_inputs (window))->cap.major, ==, 9);

  /* Text that is no log. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "hello");
  app_test_forget_message ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste-log", NULL));
  while (app_test_last_message () == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 10);

  app_test_window_free (window);
}

/* A file dropped on the window, as a file manager drops it. */
static void
test_drop (void)
{
  g_autofree char *path = fixture ("cuobjdump-multi.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GListModel) controllers = NULL;
  g_auto(GValue) value = G_VALUE_INIT;
  GtkDropTarget *target = NULL;
  gboolean accepted = FALSE;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_array (&file, 1));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_assert_true (accepted);
  app_test_wait_until (window, idle_condition, NULL);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), >, 0);
  g_assert_true (g_file_equal (cuocc_kernels_panel_get_file (app_test_kernels_panel (window)), file));

  app_test_window_free (window);
}

/* A big build log is read in a worker thread: the main loop keeps
 * running while it is read, and every kernel arrives. */
static void
test_large_log (void)
{
  enum { N = 50000 };
  g_autofree char *dir = g_dir_make_tmp ("cuocc-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.log", NULL);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 start, longest = 0, last;
  guint iterations = 0;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  for (guint i = 0; i < N; i++)
    {
      g_autofree char *name = g_strdup_printf ("kernel%u", i);
      g_autofree char *mangled = g_strdup_printf ("_Z%zu%sPfi", strlen (name), name);

      g_string_append_printf (
          log,
          "ptxas info    : Compiling entry function '%s' for 'sm_86'\n"
          "ptxas info    : Function properties for %s\n"
          "    %u bytes stack frame, %u bytes spill stores, %u bytes spill loads\n"
          "ptxas info    : Used %u registers, used 1 barriers, %u bytes smem, 380 bytes cmem[0]\n",
          mangled, mangled, i % 7 ? 0 : 16, i % 7 ? 0 : 8, i % 7 ? 0 : 8, 16 + i % 200, (i % 48) * 1024);
    }
  g_assert_true (g_file_set_contents (path, log->str, log->len, NULL));

  window = app_test_window_new ();
  app_test_select_gpu (window, "Compute capability 8.6");
  start = last = g_get_monotonic_time ();
  app_test_import (window, file);
  while (app_test_kernels_busy (app_test_kernels_panel (window)))
    {
      gint64 now;

      g_main_context_iteration (NULL, TRUE);
      now = g_get_monotonic_time ();
      longest = MAX (longest, now - last);
      last = now;
      iterations++;
    }
  g_test_message ("%u kernels (%.1f MB) read in %.0f ms; the longest main loop iteration took %.1f ms of %u",
                  N, log->len / 1e6, (g_get_monotonic_time () - start) / 1000.0, longest / 1000.0,
                  iterations);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, N);

  search (window, "kernel4999 ", 11);
  choose (window, "kernel49999(");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 16 + 49999 % 200);

  app_test_window_free (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* Kernel names without a space, of 5 and 20 KB, and a real-sized 1.6 KB
 * template name: choosing one takes no visible time (it once froze the
 * window for 4 s and 41 s), and neither the sidebar nor the window widens. */
static void
test_long_names (void)
{
  static const guint lengths[] = { 1600, 5 * 1024, 20 * 1024 };
  g_autofree char *dir = g_dir_make_tmp ("cuocc-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "long.log", NULL);
  g_autoptr(GString) log = g_string_new (NULL);
  GtkWidget *sidebar;
  CuoccWindow *window;
  int width_before, window_width;

  SKIP_WITHOUT_DISPLAY ();
  g_string_append (log, "ptxas info    : Compiling entry function 'short' for 'sm_86'\n"
                        "ptxas info    : Used 16 registers, 380 bytes cmem[0]\n");
  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autoptr(GString) name = g_string_new (NULL);

      g_string_append_printf (name, "long%u_", lengths[i]);
      while (name->len < lengths[i])
        g_string_append_c (name, 'a' + name->len % 26);
      g_string_append_printf (log, "ptxas info    : Compiling entry function '%s' for 'sm_86'\n"
                                   "ptxas info    : Used %u registers, 380 bytes cmem[0]\n",
                              name->str, 20 + i);
    }
  g_assert_true (g_file_set_contents (path, log->str, log->len, NULL));

  window = app_test_window_new ();
  import_path (window, path);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 4);
  sidebar = GTK_WIDGET (app_test_kernels_panel (window));
  choose (window, "short");
  app_test_wait_for_frame (GTK_WIDGET (window));
  width_before = gtk_widget_get_width (sidebar);
  window_width = gtk_widget_get_width (GTK_WIDGET (window));

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autofree char *prefix = g_strdup_printf ("long%u_", lengths[i]);
      const CuoccKernel *k = choose (window, prefix);
      gsize longest;

      app_test_wait_for_frame (GTK_WIDGET (window));
      longest = app_test_longest_text (GTK_WIDGET (window));
      g_test_message ("a %u-byte name chosen and drawn; the longest text in the window %zu bytes", lengths[i],
                      longest);
      g_assert_cmpint (k->regs, ==, 20 + i);
      g_assert_cmpuint (strlen (k->name), ==, lengths[i]);
      /* The freeze was Pango laying the whole name out in labels, which
       * measure it several times over, wrapping by words it has none of:
       * the labels' text is bounded (the list's and the tooltip's caps),
       * not by a clock, which would measure the machine. */
      g_assert_cmpuint (longest, <, 1024);
      /* The details show the whole name in a text view, laid out once for
       * its width, between any two characters: a name without a space
       * wraps in time linear in its length (word wrapping lays a word
       * longer than its line out again for each line). */
      {
        g_autofree char *shown = app_test_details_name (app_test_kernels_panel (window));
        GtkWidget *view = app_test_details_widget (app_test_kernels_panel (window), "name_view");

        g_assert_cmpstr (shown, ==, k->name);
        g_assert_cmpint (gtk_text_view_get_wrap_mode (GTK_TEXT_VIEW (view)), ==, GTK_WRAP_CHAR);
      }
      g_assert_cmpint (gtk_widget_get_width (sidebar), <=, width_before);
      /* The window never grows to show a name. */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, window_width);
    }

  app_test_window_free (window);
  g_unlink (path);
  g_rmdir (dir);
}

static char *
replace (const char *text,
         const char *old,
         const char *new)
{
  g_auto(GStrv) parts = g_strsplit (text, old, -1);

  return g_strjoinv (new, parts);
}

/* The log a rebuild writes again: the chosen kernel stays chosen and its
 * new figures reach the inputs. */
static void
test_reread (void)
{
  g_autofree char *fixture_path = fixture ("ptxas-maxrreg32-sm80.log");
  g_autofree char *dir = g_dir_make_tmp ("cuocc-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "build.log", NULL);
  g_autofree char *log = NULL;
  g_autofree char *rebuilt = NULL;
  const char *cut;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  g_assert_true (g_file_get_contents (fixture_path, &log, NULL, NULL));
  g_assert_true (g_file_set_contents (path, log, -1, NULL));

  window = app_test_window_new ();
  app_test_select_gpu (window, "Compute capability 8.0");
  import_path (window, path);
  choose (window, "bounded");
  search (window, "", 10);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 24);

  /* Rewritten in place, as a shell redirection does. */
  rebuilt = replace (log, "Used 24 registers", "Used 40 registers");
  {
    FILE *f = fopen (path, "w");

    g_assert_nonnull (f);
    fputs (rebuilt, f);
    fclose (f);
  }
  app_test_wait_until (window, regs_condition, GINT_TO_POINTER (40));
  g_assert_cmpstr (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL)->name, ==,
                   "bounded(float*, float const*)");
  g_assert_cmpint (field_value (window, CUOCC_INPUT_KEY_REGS), ==, 40);

  /* Replaced by a shorter log (a new file renamed over the old one):
   * the list follows, and the kernel that is still there stays chosen. */
  cut = strstr (rebuilt, "ptxas info    : Compiling entry function '_Z5heavyPKfPf'");
  g_assert_nonnull (cut);
  g_assert_true (g_file_set_contents (path, cut, -1, NULL));
  app_test_wait_until (window, n_kernels_condition, GUINT_TO_POINTER (4));
  g_assert_cmpstr (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL)->name, ==,
                   "bounded(float*, float const*)");

  /* A half-written log: a note, and the list stays. */
  app_test_forget_message ();
  g_assert_true (g_file_set_contents (path, "ptxas info    : Comp", -1, NULL));
  while (app_test_last_message () == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (strstr (app_test_last_message (), "build.log"));
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 4);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 40);

  app_test_window_free (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_screenshot (void)
{
  static const struct { AdwColorScheme scheme; const char *name; } schemes[] = {
    { ADW_COLOR_SCHEME_FORCE_LIGHT, "cuocc-kernels-light.png" },
    { ADW_COLOR_SCHEME_FORCE_DARK, "cuocc-kernels-dark.png" },
  };
  const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  g_autofree char *ada = product_of_cc (8, 9);
  g_autofree char *library =
      g_test_build_filename (G_TEST_DIST, "import", "data", "binary", "libkernels.so", NULL);

  window = app_test_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 860);
  /* A shared library's kernels on an 8.9 GPU: the entries that load, and
   * an entry that another one replaces on this GPU. */
  app_test_select_gpu (window, ada);
  import_path (window, library);
  choose (window, "scale<float sm_120");
  search (window, "scale", 6);

  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *path = g_build_filename (dir ? dir : g_get_tmp_dir (), schemes[i].name, NULL);

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), schemes[i].scheme);
      app_test_wait_for_frame (GTK_WIDGET (window));
      app_test_wait_for_sidebar (window, TRUE);
      app_test_wait_for_frame (GTK_WIDGET (window));
      texture = app_test_render_widget (GTK_WIDGET (window));
      g_assert_true (gdk_texture_save_to_png (texture, path));
      g_test_message ("screenshot: %s", path);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  app_test_window_free (window);
}

static void
test_window_finalizes (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  import_fixture (window, "ptxas-maxrreg32-sm80.log");
  choose (window, "heavy");
  /* A read still under way when the window goes. */
  import_fixture (window, "resource-usage-multi.log");
  cuocc_kernels_panel_load_file (app_test_kernels_panel (window),
                                 cuocc_kernels_panel_get_file (app_test_kernels_panel (window)), NULL);
  app_test_wait_for_frame (GTK_WIDGET (window));

  app_test_window_finalize (window);
}

/* The items of one read share the search text and short name of a name
 * (a library has each in five or six entries); an entry whose key name is
 * another's but whose name is not (no mangled name beside one that has it)
 * keeps texts of its own, and the occurrences still count per architecture. */
static void
test_items_share_name_texts (void)
{
  static const struct {
    const char *name, *mangled, *arch;
  } entries[] = {
    { "void ns::scale<float, 128>(float*, float)", "_ZN2ns5scaleIfLi128EEEvPT_S1_", "sm_80" },
    { "void ns::scale<float, 128>(float*, float)", "_ZN2ns5scaleIfLi128EEEvPT_S1_", "sm_90" },
    { "void ns::scale<float, 128>(float*, float)", "_ZN2ns5scaleIfLi128EEEvPT_S1_", "sm_80" },
    { "_ZN2ns5scaleIfLi128EEEvPT_S1_", NULL, "sm_80" },
    { "void ns::scale<double, 64>(double*, double)", "_ZN2ns5scaleIdLi64EEEvPT_S1_", "sm_80" },
  };
  static const struct {
    const char *short_name;
    guint occurrence;
    const char *word;              /* in the search text */
    const char *not_word;          /* not in it */
  } expected[] = {
    { "scale<float, 128>", 0, "scale<float", "double" },
    { "scale<float, 128>", 0, "scale<float", "double" },
    { "scale<float, 128>", 1, "scale<float", "double" },
    { "_ZN2ns5scaleIfLi128EEEvPT_S1_", 2, "_zn2ns5scaleifli128eeevpt_s1_", "scale<float" },
    { "scale<double, 64>", 0, "scale<double", "float" },
  };
  CuoccKernelList *list = g_new0 (CuoccKernelList, 1);
  g_autoptr(GListStore) store = NULL;

  list->n_kernels = G_N_ELEMENTS (entries);
  list->kernels = g_new0 (CuoccKernel, list->n_kernels);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      list->kernels[i].name = entries[i].name != NULL ? g_ref_string_new_intern (entries[i].name) : NULL;
      list->kernels[i].mangled =
          entries[i].mangled != NULL ? g_ref_string_new_intern (entries[i].mangled) : NULL;
      list->kernels[i].arch = entries[i].arch != NULL ? g_ref_string_new_intern (entries[i].arch) : NULL;
    }
  store = cuocc_kernel_item_list_new (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (store)), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (store), i);
      const char *word[] = { expected[i].word, NULL };
      const char *not_word[] = { expected[i].not_word, NULL };
      g_autofree char *key =
          g_strdup_printf ("%s\n%s\n%u", entries[i].mangled ? entries[i].mangled : entries[i].name,
                           entries[i].arch, expected[i].occurrence);

      g_assert_cmpstr (cuocc_kernel_item_get_short_name (item), ==, expected[i].short_name);
      g_assert_cmpstr (cuocc_kernel_item_get_key (item), ==, key);
      g_assert_true (cuocc_kernel_item_matches (item, word));
      g_assert_false (cuocc_kernel_item_matches (item, not_word));
    }
}

/* The search looks in ASCII names without a case-folded copy of them
 * (issue 29 §6: 82 MB on a library of real names): it must find what
 * strstr () finds in the name and the mangled name, case-folded and joined
 * by a space, as it did with the copy, or in the architecture; names that
 * are not ASCII keep the copy. Every word against every entry, the oracle
 * worked out here with g_utf8_casefold (). */
static void
test_search_without_folded_copy (void)
{
  static const struct {
    const char *name;
    const char *mangled;
    const char *arch;
  } entries[] = {
    { "void ns::Scale<float, 128>(float*, int)", "_ZN2ns5ScaleIfLi128EEvPfi", "sm_90a" },
    { "GEMM_Kernel<HALF>", "", "SM_80" },
    { "kernel_Straße<Ä>", "_Z13kernel_Straße", "sm_86" },
    { "ABCabc", "xyzXYZ", NULL },
    { "", "_Z3fooAAv", "compute_90" },
    { NULL, NULL, NULL },
  };
  static const char *const words[] = {
    "scale<float", "SCALE<FLOAT", "ns::scale<float, 128>", "int) _zn2", ", int) _zn2ns5", "128eevpfi",
    "gemm_kernel<half>", "half> ", "> ", " ", "kernel_strasse", "straße", "strasse<ä>", "ä", "Ä",
    "abcabc xyz", "abc xyz", "c x", "cabc xyzxyz", "xyzxyz", "zz", " _z3foo", "fooaav", "sm_90", "sm_8",
    "compute", "90a", "abcabc xyzxyz ", "a", "q", "é",
  };
  CuoccKernelList *list = g_new0 (CuoccKernelList, 1);
  g_autoptr(GListStore) store = NULL;
  guint n_found = 0;

  list->n_kernels = G_N_ELEMENTS (entries);
  list->kernels = g_new0 (CuoccKernel, list->n_kernels);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      list->kernels[i].name = entries[i].name != NULL ? g_ref_string_new_intern (entries[i].name) : NULL;
      list->kernels[i].mangled =
          entries[i].mangled != NULL ? g_ref_string_new_intern (entries[i].mangled) : NULL;
      list->kernels[i].arch = entries[i].arch != NULL ? g_ref_string_new_intern (entries[i].arch) : NULL;
    }
  store = cuocc_kernel_item_list_new (list);
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (store), i);
      g_autofree char *joined = g_strjoin (" ", entries[i].name ? entries[i].name : "",
                                           entries[i].mangled ? entries[i].mangled : "", NULL);
      g_autofree char *text = g_utf8_casefold (joined, -1);
      g_autofree char *arch = entries[i].arch != NULL ? g_utf8_casefold (entries[i].arch, -1) : NULL;

      for (guint w = 0; w < G_N_ELEMENTS (words); w++)
        {
          g_autofree char *word = g_utf8_casefold (words[w], -1);
          const char *one[] = { word, NULL };
          gboolean expected = strstr (text, word) != NULL || (arch != NULL && strstr (arch, word) != NULL);

          if (cuocc_kernel_item_matches (item, one) != expected)
            g_error ("entry %u (%s), word \"%s\": expected %s", i, joined, word,
                     expected ? "found" : "not found");
          n_found += expected;
        }
    }
  /* the words do find, and do not find */
  g_assert_cmpuint (n_found, >, 30);
  g_assert_cmpuint (n_found, <, G_N_ELEMENTS (entries) * G_N_ELEMENTS (words) - 30);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  app_test_init ();

  g_test_add_func ("/cuocc/app/import/ptxas-log", test_ptxas_log);
  g_test_add_func ("/cuocc/app/import/choose-computes-once", test_choose_computes_once);
  g_test_add_func ("/cuocc/app/import/several-architectures", test_several_architectures);
  g_test_add_func ("/cuocc/app/import/compare-builds", test_compare_builds);
  g_test_add_func ("/cuocc/app/import/dynamic-smem", test_dynamic_smem);
  g_test_add_func ("/cuocc/app/import/dynamic-smem-not-carried-over", test_dynamic_smem_not_carried_over);
  g_test_add_func ("/cuocc/app/import/block-size-not-carried-over", test_block_size_not_carried_over);
  g_test_add_func ("/cuocc/app/import/launch-settings-say-their-origin",
                   test_launch_settings_say_their_origin);
  g_test_add_func ("/cuocc/app/import/kernel-writes-the-model", test_kernel_writes_the_model);
  g_test_add_func ("/cuocc/app/import/shared-library", test_shared_library);
  g_test_add_func ("/cuocc/app/import/nsight-compute", test_nsight_compute);
  g_test_add_func ("/cuocc/app/import/bad-files", test_bad_files);
  g_test_add_func ("/cuocc/app/import/paste", test_paste);
  g_test_add_func ("/cuocc/app/import/long-names", test_long_names);
  g_test_add_func ("/cuocc/app/import/drop", test_drop);
  g_test_add_func ("/cuocc/app/import/large-log", test_large_log);
  g_test_add_func ("/cuocc/app/import/reread", test_reread);
  g_test_add_func ("/cuocc/app/import/screenshot", test_screenshot);
  g_test_add_func ("/cuocc/app/import/window-finalizes", test_window_finalizes);
  g_test_add_func ("/cuocc/app/import/items-share-name-texts", test_items_share_name_texts);
  g_test_add_func ("/cuocc/app/import/search-without-folded-copy", test_search_without_folded_copy);
  g_test_add_func ("/cuocc/app/import/previous-files-kernel", test_previous_files_kernel);

  return g_test_run ();
}
