/* test-window.c — drives the real window: inputs, GPUs, graphs, exports,
 * sessions and screenshots.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cuocc-format.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-session.h"
#include "app-test.h"


/* ----- helpers ----- */






static void
collect_widgets (GtkWidget *widget,
                 GType      type,
                 GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, type, found);
}

/* The index'th widget of a type under root, in tree order. */
static gpointer
find_widget (gpointer root,
             GType    type,
             guint    index)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_widgets (root, type, found);
  g_assert_cmpuint (index, <, found->len);

  return found->pdata[index];
}

/* Whether a label under root reads text. */
static gboolean
has_label (gpointer    root,
           const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), text) == 0)
      return TRUE;
  return FALSE;
}

enum {
  DROPDOWN_GPU,
  DROPDOWN_SMEM_CONFIG,
  DROPDOWN_CACHING,
  DROPDOWN_SMEM_UNIT,
};

static double
texture_luminance (GdkTexture *texture,
                   int         x,
                   int         y)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  const guchar *p;

  gdk_texture_download (texture, data, width * 4);
  p = data + ((gsize) y * width + x) * 4;   /* B, G, R, A */

  return (0.0722 * p[0] + 0.7152 * p[1] + 0.2126 * p[2]) / 255.0;
}

static char *
run_cli (const char * const *args)
{
  const char *cli = g_getenv ("CUOCC_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  return out;
}

static gboolean
have_cli (void)
{
  const char *cli = g_getenv ("CUOCC_CLI");

  return cli != NULL && g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, NULL, &error);
  g_assert_no_error (error);

  return data;
}


/* ----- tests ----- */

/* One change, one calculation: the start with its restored state, a field,
 * a GPU, a whole session opened. */
static void
test_computations (void)
{
  CuoccSession session = { 0 };
  g_autofree char *gpu_id = NULL;
  CuoccWindow *window;
  guint n;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, 1);

  /* A digit typed before the 32 registers: 132. */
  {
    GtkEditable *regs = app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_REGS);
    int position = 0;

    g_assert_cmpstr (gtk_editable_get_text (regs), ==, "32");
    gtk_editable_insert_text (regs, "1", 1, &position);
    g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 132);
  }
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, 2);
  app_test_choose_gpu (window, "Compute capability 7.0");
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, 3);
  /* A value set for the user (a graph clicked, advice applied) replaces
   * the text: one change. */
  app_test_set_value (window, CUOCC_INPUT_KEY_THREADS, 320);
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, 4);
  app_test_set_value (window, CUOCC_INPUT_KEY_REGS, 32);
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, 5);

  /* A session: the GPU and every input at once. */
  app_test_get_session (window, &session);
  app_test_choose_gpu (window, "Compute capability 8.6");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "80");
  n = cuocc_calculation_get_computations (app_test_calculation (window));
  g_assert_true (app_test_apply_session (window, &session, NULL));
  g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==, n + 1);
  g_object_get (app_test_calculation (window), "gpu-id", &gpu_id, NULL);
  g_assert_cmpstr (gpu_id, ==, "Compute capability 7.0");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 320);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 32);

  cuocc_session_clear (&session);
  app_test_window_free (window);
}

/* The actions that ask for a file open a chooser titled for what they do;
 * a button bound to one opens the same chooser. */
static void
test_file_actions (void)
{
  static const struct {
    const char *action;
    const char *button;            /* the template id of a button clicked instead, or NULL */
    const char *title;
  } cases[] = {
    { "win.open", NULL, "Open" },
    { "win.save-as", NULL, "Save the Session" },
    { "win.save", NULL, "Save the Session" },            /* no file yet: Save As */
    { "win.export-results", NULL, "Export the Results" },
    { "win.export-histogram", NULL, "Export the Histogram" },
    { "win.export-histogram", "export_button", "Export the Histogram" },   /* the kernels summary's */
    { "win.load-custom-device", NULL, "Load a Custom Device" },
  };
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  SKIP_FILE_CHOOSER_UNDER_SANITIZERS ();
  window = app_test_window_new ();
  /* As a user opens it: a collapsed expander holds no child in the tree. */
  gtk_expander_set_expanded (GTK_EXPANDER (app_test_find_by_id (GTK_WIDGET (window), GTK_TYPE_EXPANDER,
                                                                "summary_expander")),
                             TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();
      guint before = g_list_model_get_n_items (toplevels);
      gboolean found = FALSE;

      if (cases[i].button != NULL)
        {
          GtkWidget *button = app_test_find_by_id (GTK_WIDGET (window), GTK_TYPE_BUTTON, cases[i].button);

          g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, cases[i].action);
          g_signal_emit_by_name (button, "clicked");
        }
      else
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), cases[i].action, NULL));
      for (int spin = 0; spin < 50 && g_list_model_get_n_items (toplevels) == before; spin++)
        g_main_context_iteration (NULL, FALSE);
      for (guint w = 0; w < g_list_model_get_n_items (toplevels); w++)
        {
          g_autoptr(GtkWindow) top = g_list_model_get_item (toplevels, w);

          if (top != GTK_WINDOW (window) && g_strcmp0 (gtk_window_get_title (top), cases[i].title) == 0)
            {
              found = TRUE;
              gtk_window_destroy (top);
            }
        }
      g_test_message ("%s: %s", cases[i].action, found ? "found" : "not found");
      g_assert_true (found);
    }
  app_test_window_free (window);
}

/* Closes the dialogs over the window (and whatever an earlier test left). */
static void
close_other_windows (CuoccWindow *window)
{
  GtkWindow *top;

  while ((top = app_test_other_toplevel (GTK_WINDOW (window))) != NULL)
    gtk_window_destroy (top);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

typedef struct {
  const char *action;
  const char *parameter;           /* the action's string parameter, or NULL */
  const char *name;                /* the file picked */
  const char *contents;            /* the file's, written before; NULL: the action writes it */
  const char *message;             /* how the app's last message starts; NULL: none */
  const char *gpu;                 /* the GPU's name after, or NULL */
} FileChosen;

/* The action has done what it does with the file (the one without a
 * message or a GPU saves the session). */
static gboolean
file_chosen_done (CuoccWindow   *window,
                  gconstpointer  data)
{
  const FileChosen *c = data;

  if (c->message != NULL)
    return app_test_last_message () != NULL;
  if (c->gpu != NULL)
    return g_strcmp0 (cuocc_calculation_get_gpu (app_test_calculation (window))->name, c->gpu) == 0;
  return !app_test_shows_session (window, NULL);
}

/* A file picked in an action's chooser goes where the action says; one that
 * fails is named in the heading of an error dialog. */
static void
test_file_chosen (void)
{
  static const FileChosen cases[] = {
    { "win.save-as", NULL, "saved.cuocc", NULL, NULL, NULL },
    { "win.open", NULL, "bad.cuocc", "not a session\n", "Could not open “bad.cuocc”: ", NULL },
    { "win.export-results", NULL, "results.csv", NULL, "Exported “results.csv”", NULL },
    { "win.export-results", NULL, "results.gif", NULL, "Could not export “results.gif”: ", NULL },
    { "win.export-graph", "threads", "graph.png", NULL, "Exported “graph.png”", NULL },
    { "win.export-graph", "threads", "graph.gif", NULL, "Could not export “graph.gif”: ", NULL },
    { "win.export-histogram", NULL, "histogram.png", NULL, "Exported “histogram.png”", NULL },
    { "win.export-histogram", NULL, "histogram.gif", NULL, "Could not export “histogram.gif”: ", NULL },
    { "win.load-custom-device", NULL, "broken.gpu", "[Device]\nname=x\n",
      "Could not load “broken.gpu”: ", NULL },
    { "win.load-custom-device", NULL, "shrunk.gpu",
      "[Device]\nname=Shrunk GPU\ncompute-capability=9.0\nmax-threads-per-block=512\n", NULL, "Shrunk GPU" },
  };
  g_autofree char *dir = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  SKIP_FILE_CHOOSER_UNDER_SANITIZERS ();
  dir = g_dir_make_tmp ("cuocc-chosen-XXXXXX", NULL);
  window = app_test_window_new ();
  close_other_windows (window);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      g_test_message ("%s %s", cases[i].action, cases[i].name);
      if (cases[i].contents != NULL)
        g_assert_true (g_file_set_contents (path, cases[i].contents, -1, NULL));
      app_test_forget_message ();
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), cases[i].action,
                                                 cases[i].parameter ? "s" : NULL, cases[i].parameter));
      app_test_answer_file_chooser (GTK_WINDOW (window), file, GTK_RESPONSE_ACCEPT);
      app_test_wait_until (window, file_chosen_done, &cases[i]);
      close_other_windows (window);
      if (cases[i].message != NULL)
        {
          g_test_message ("%s", app_test_last_message ());
          g_assert_true (g_str_has_prefix (app_test_last_message (), cases[i].message));
        }
      else
        g_assert_null (app_test_last_message ());
      if (cases[i].contents == NULL && g_str_has_suffix (cases[i].name, ".png"))
        {
          g_autofree char *bytes = NULL;
          gsize length = 0;

          g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
          g_assert_cmpuint (length, >, 8);
          g_assert_cmpmem (bytes, 8, "\x89PNG\r\n\x1a\n", 8);
        }
      else if (cases[i].contents == NULL && !g_str_has_suffix (cases[i].name, ".gif"))
        g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
      else if (cases[i].contents == NULL)
        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      g_unlink (path);
    }
  /* The session saved above is the window's now: Save writes it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  {
    g_autofree char *path = g_build_filename (dir, "saved.cuocc", NULL);

    g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
    g_unlink (path);
  }
  app_test_window_free (window);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_inputs (void)
{
  static const struct {
    const char *threads;
    const char *regs;
    const char *occupancy;
    CuoccLimit limiter;
  } cases[] = {
    /* The seed examples: CC 7.0, 128 threads × 37 registers, then 320 threads. */
    { "128", "37", "75 %", CUOCC_LIMIT_REGISTERS },
    { "320", "37", "62.5 %", CUOCC_LIMIT_REGISTERS },
    { "256", "0", "100 %", CUOCC_LIMIT_WARPS },
  };
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 7.0");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, cases[i].threads);
      app_test_type_into (window, CUOCC_INPUT_KEY_REGS, cases[i].regs);
      g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
      g_assert_cmpstr (app_test_results_text (window, "occupancy_label"), ==, cases[i].occupancy);
      g_assert_true (app_test_results_limiting (window, cases[i].limiter));
    }

  /* The explanation names the limit in numbers. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "37");
  g_assert_nonnull (strstr (app_test_results_text (window, "explanation_label"), "Limited by registers"));
  g_assert_nonnull (strstr (app_test_results_text (window, "explanation_label"), "12 blocks fit"));
  g_assert_false (app_test_results_limiting (window, CUOCC_LIMIT_SHARED_MEMORY));

  /* Text that is no number is marked where it is typed and not calculated. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "12x");
  g_assert_true (app_test_input_marked (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS));
  g_assert_false (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_nonnull (strstr (app_test_results_text (window, "explanation_label"), "1–1024"));

  /* More than the GPU allows is marked, never clamped, and cannot launch. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "2000");
  g_assert_true (app_test_input_marked (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS));
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 2000);
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (app_test_input_entry (app_test_input_panel (window),
                                                                          CUOCC_INPUT_KEY_THREADS)),
                   ==, "2000");

  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");
  g_assert_false (app_test_input_marked (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS));

  /* Shared memory in KiB. */
  gtk_drop_down_set_selected (
      find_widget (app_test_input_panel (window), GTK_TYPE_DROP_DOWN, DROPDOWN_SMEM_UNIT), 1);
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, "48");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 48 * 1024);
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, "1.5");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem, ==, 1536);

  /* The suggested block size is applied with one click. */
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, "0");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "96");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-best-block-size", NULL));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==,
                   cuocc_calculation_get_best_block_size (app_test_calculation (window)));

  app_test_window_free (window);
}

/* The app and the command line state the same ranges, the library's
 * (cuocc_input_range). On 7.0 a block launches 1 to 1024 threads and up to
 * 255 registers per thread; more is answered (0 blocks), marked in the app
 * and noted in the CLI's report, up to 1048576 threads; beyond that both
 * refuse it, naming that bound. */
static void
test_same_ranges_as_cli (void)
{
  static const char *const args[] = { "--cc", "7.0", "--threads", "2000", "--regs", "300", NULL };
  CuoccInputRange threads_range, regs_range;
  g_autofree char *report = NULL;
  CuoccWindow *window;
  GtkWidget *threads, *regs;

  SKIP_WITHOUT_DISPLAY ();
  if (!have_cli ())
    {
      g_test_skip ("the cuocc command line was not built");
      return;
    }
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 7.0");
  threads_range =
      cuocc_input_range (&cuocc_input_model_get_gpu (app_test_inputs (window))->cap, CUOCC_INPUT_THREADS);
  regs_range =
      cuocc_input_range (&cuocc_input_model_get_gpu (app_test_inputs (window))->cap, CUOCC_INPUT_REGS);
  g_assert_cmpint (threads_range.launch_max, ==, 1024);
  g_assert_cmpint (threads_range.max, ==, 1048576);
  g_assert_cmpint (regs_range.launch_max, ==, 255);

  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "300");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "2000");
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 0);
  threads =
      GTK_WIDGET (app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS));
  regs = GTK_WIDGET (app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_REGS));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (threads), "more than this GPU allows: 1–1024"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (regs), "more than this GPU allows: 0–255"));
  report = run_cli (args);
  g_assert_nonnull (strstr (report, "launches 1 to 1024 threads per block, up to 255 registers per thread"));
  g_assert_nonnull (strstr (report, "answers for 1 to 1048576 threads per block"));

  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "1048577");
  g_assert_false (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_true (app_test_input_marked (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (threads), "more than cuocc answers for: 1–1048576"));

  app_test_window_free (window);
}

static void
test_gpu_changes_smem_configs (void)
{
  static const struct { const char *id; int major; int minor; } gpus[] = {
    { "Compute capability 7.0", 7, 0 },
    { "Compute capability 7.5", 7, 5 },
    { "Compute capability 8.6", 8, 6 },
    { "Compute capability 5.2", 5, 2 },
  };
  CuoccWindow *window;
  GtkDropDown *configs;
  GtkDropDown *caching;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  configs = find_widget (app_test_input_panel (window), GTK_TYPE_DROP_DOWN, DROPDOWN_SMEM_CONFIG);
  caching = find_widget (app_test_input_panel (window), GTK_TYPE_DROP_DOWN, DROPDOWN_CACHING);

  for (guint i = 0; i < G_N_ELEMENTS (gpus); i++)
    {
      const CuoccCapability *cap = cuocc_capability_lookup (gpus[i].major, gpus[i].minor);
      GListModel *model;
      g_autofree char *largest = NULL;

      g_assert_nonnull (cap);
      app_test_choose_gpu (window, gpus[i].id);
      model = gtk_drop_down_get_model (configs);

      g_assert_cmpuint (g_list_model_get_n_items (model), ==, MAX (cap->n_smem_configs, 1));
      largest = cuocc_format_bytes (cap->n_smem_configs > 0 ? cap->smem_configs[0] : cap->smem_per_sm);
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), ==, largest);
      g_assert_cmpuint (gtk_drop_down_get_selected (configs), ==, 0);
      g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->smem_config, ==,
                       cap->n_smem_configs > 0 ? cap->smem_configs[0] : cap->smem_per_sm);
      g_assert_cmpint (gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (caching))), ==,
                       cap->partitioned_caching);
    }

  /* Another configuration is used at once. */
  app_test_choose_gpu (window, "Compute capability 7.0");
  gtk_drop_down_set_selected (configs, 1);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->smem_config, ==,
                   cuocc_capability_lookup (7, 0)->smem_configs[1]);

  app_test_window_free (window);
}

static void
test_graph_click (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 8.0");

  for (guint i = 0; i < APP_TEST_N_GRAPHS; i++)
    {
      CuoccGraph *graph = app_test_graph (window, i);
      int width = gtk_widget_get_width (GTK_WIDGET (graph));
      int height = gtk_widget_get_height (GTK_WIDGET (graph));
      gint64 expected = -1;
      gint64 now[APP_TEST_N_GRAPHS];
      CuoccPlotStyle style;
      double y = height * 0.9;

      g_assert_cmpint (width, >, 100);
      g_assert_cmpint (height, >, 100);

      /* The plot area is wherever the legend and the axes leave room, laid
       * out in the font the graph is drawn with. */
      cuocc_chart_get_style (CUOCC_CHART (graph), &style);
      while (y > 0 && !cuocc_plot_value_at_styled (cuocc_graph_get_series (graph), &style, width, height,
                                                   width * 0.6, y, &expected))
        y -= 2;
      g_assert_cmpfloat (y, >, 0);
      g_assert_true (cuocc_graph_pick (graph, width * 0.6, y));

      now[CUOCC_SERIES_THREADS] = cuocc_calculation_get_input (app_test_calculation (window))->threads;
      now[CUOCC_SERIES_REGS] = cuocc_calculation_get_input (app_test_calculation (window))->regs;
      now[CUOCC_SERIES_SMEM] = cuocc_calculation_get_input (app_test_calculation (window))->smem;
      g_assert_cmpint (now[i], ==, expected);
      g_assert_cmpint (cuocc_graph_get_series (graph)->current_x, ==, expected);
    }

  /* The arrow keys step along the line. */
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "32");
  g_assert_true (app_test_press_on (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_REGS)), GDK_KEY_Right));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 33);
  g_assert_true (app_test_press_on (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_REGS)), GDK_KEY_Left));
  g_assert_true (app_test_press_on (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_REGS)), GDK_KEY_Down));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 31);
  g_assert_true (app_test_press_on (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_THREADS)), GDK_KEY_End));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 1024);
  /* At the end, the key changes nothing and is left to the window. */
  g_assert_false (app_test_press_on (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_THREADS)), GDK_KEY_Up));

  /* Outside the plot area nothing changes. */
  g_assert_false (cuocc_graph_pick (app_test_graph (window, CUOCC_SERIES_THREADS), -10, -10));

  app_test_window_free (window);
}

static void
test_export (void)
{
  static const char *graph_names[APP_TEST_N_GRAPHS][2] = {
    { "threads", "threads" }, { "regs", "registers" }, { "smem", "smem" },
  };
  g_autofree char *dir = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  dir = g_dir_make_tmp ("cuocc-export-XXXXXX", NULL);
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 7.0");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "37");
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, "2048");

  for (guint i = 0; i < APP_TEST_N_GRAPHS; i++)
    {
      g_autofree char *png = g_strdup_printf ("%s/%s.png", dir, graph_names[i][0]);
      g_autofree char *csv = g_strdup_printf ("%s/%s.csv", dir, graph_names[i][0]);
      g_autofree char *cli_csv = g_strdup_printf ("%s/cli-%s.csv", dir, graph_names[i][0]);
      g_autofree char *png_data = NULL;
      gsize length = 0;

      g_assert_true (app_test_use_path (window, "win.export-graph", graph_names[i][0], png, NULL));
      g_assert_true (g_file_get_contents (png, &png_data, &length, NULL));
      g_assert_cmpuint (length, >, 1000);
      g_assert_cmpmem (png_data, 8, "\x89PNG\r\n\x1a\n", 8);

      g_assert_true (app_test_use_path (window, "win.export-graph", graph_names[i][0], csv, NULL));

      if (have_cli ())
        {
          const char *args[] = { "--cc", "7.0", "--threads", "128", "--regs", "37", "--smem", "2048",
                                 "--plot", graph_names[i][1], "--output", cli_csv, NULL };
          g_autofree char *out = run_cli (args);
          g_autofree char *ours = read_file (csv);
          g_autofree char *theirs = read_file (cli_csv);

          g_assert_cmpstr (out, ==, "");
          g_assert_cmpstr (ours, ==, theirs);
        }
    }

  /* All three at once, beside the chosen name. */
  {
    g_autofree char *all = g_strdup_printf ("%s/all.svg", dir);
    g_autofree char *threads = g_strdup_printf ("%s/all-threads.svg", dir);
    g_autofree char *smem = g_strdup_printf ("%s/all-smem.svg", dir);
    g_autoptr(GError) error = NULL;

    g_autofree char *regs = g_strdup_printf ("%s/all-regs.svg", dir);
    g_autofree char *svg = NULL;
    g_autofree char *sheet = g_strdup_printf ("%s/sheet.png", dir);
    g_autofree char *sheet_data = NULL;
    gsize length = 0;

    app_test_forget_message ();
    g_assert_true (app_test_use_path (window, "win.export-graph", "all", all, NULL));
    g_assert_true (g_file_test (threads, G_FILE_TEST_IS_REGULAR));
    g_assert_true (g_file_test (regs, G_FILE_TEST_IS_REGULAR));
    g_assert_true (g_file_test (smem, G_FILE_TEST_IS_REGULAR));
    g_assert_false (g_file_test (all, G_FILE_TEST_EXISTS));
    /* The toast names the files written, not the name chosen (7.0 has no
     * barriers or cluster graphs). */
    g_assert_cmpstr (app_test_last_message (), ==,
                     "Exported “all-threads.svg”, “all-regs.svg”, “all-smem.svg”");

    /* Each carries a caption with the GPU and the inputs (the window's
     * shared memory configuration is 7.0's largest, 96 KiB). */
    g_assert_true (g_file_get_contents (regs, &svg, NULL, NULL));
    g_assert_nonnull (strstr (svg,
                              "<desc>Compute capability 7.0: 128 threads per block, 37 registers per thread, "
                              "2 KiB shared memory per block, 96 KiB shared memory configuration</desc>"));

    /* All graphs in one image; the toast names it. */
    g_assert_true (app_test_use_path (window, "win.export-graph", "sheet", sheet, NULL));
    g_assert_true (g_file_get_contents (sheet, &sheet_data, &length, NULL));
    g_assert_cmpmem (sheet_data, 8, "\x89PNG\r\n\x1a\n", 8);
    g_assert_cmpstr (app_test_last_message (), ==, "Exported “sheet.png”");

    g_assert_false (app_test_use_path (window, "win.export-graph", "all", "/nonexistent/dir/x.gif", &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
  }

  /* The results, as the command line writes them. */
  {
    g_autofree char *csv = g_strdup_printf ("%s/results.csv", dir);
    g_autofree char *json = g_strdup_printf ("%s/results.json", dir);

    g_assert_true (app_test_use_path (window, "win.export-results", NULL, csv, NULL));
    g_assert_true (app_test_use_path (window, "win.export-results", NULL, json, NULL));

    if (have_cli ())
      {
        const char *csv_args[] = { "--cc", "7.0", "--threads", "128", "--regs", "37", "--smem", "2048",
                                   "--format", "csv", NULL };
        const char *json_args[] = { "--cc", "7.0", "--threads", "128", "--regs", "37", "--smem", "2048",
                                    "--format", "json", NULL };
        g_autofree char *cli_csv = run_cli (csv_args);
        g_autofree char *cli_json = run_cli (json_args);
        g_autofree char *ours_csv = read_file (csv);
        g_autofree char *ours_json = read_file (json);

        g_assert_cmpstr (ours_csv, ==, cli_csv);
        g_assert_cmpstr (ours_json, ==, cli_json);
      }

    /* A name accepted in any case is written in the format it names. */
    {
      g_autofree char *mixed = g_strdup_printf ("%s/results.Json", dir);
      g_autofree char *ours_mixed = NULL;
      g_autofree char *ours_json = read_file (json);

      g_assert_true (app_test_use_path (window, "win.export-results", NULL, mixed, NULL));
      ours_mixed = read_file (mixed);
      g_assert_cmpstr (ours_mixed, ==, ours_json);
    }
  }

  /* Copy the Results puts one line per column on the clipboard. */
  {
    g_autofree char *text = NULL;

    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "nothing yet");
    app_test_forget_message ();
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-results", NULL));
    g_assert_cmpstr (app_test_last_message (), ==, "Results copied");
    text = app_test_read_clipboard (window);
    g_assert_true (g_str_has_prefix (text, "cc\t7.0\n"));
    g_assert_nonnull (strstr (text, "\nthreads\t128\nregs\t37\n"));
    g_assert_nonnull (strstr (text, "\noccupancy_pct\t75\n"));
  }

  app_test_window_free (window);
  if (!g_test_failed ())
    {
      g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
      const char *name;

      while ((name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);

          g_unlink (path);
        }
      g_rmdir (dir);
    }
}

static gboolean
have_message (CuoccWindow   *window,
              gconstpointer  data)
{
  return app_test_last_message () != NULL;
}

static void
test_corrupt_session (void)
{
  static const char *files[] = {
    "\x01\x02 this is no key file\n[[[",
    "[Kernel]\ngpu=Compute capability 7.0\nthreads=lots\n",
    "[Kernel]\ngpu=NVIDIA GeForce RTX 9999 Imaginary\nthreads=64\n",
    "[Kernel]\ngpu=Compute capability 7.0\nsmem_config=12345\n",
    "[Kernel]\ngpu=Compute capability 7.0\ncaching=on\n",
  };
  g_autofree char *dir = g_dir_make_tmp ("cuocc-session-XXXXXX", NULL);
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 8.6");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "192");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "48");

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/bad-%u.cuocc", dir, i);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *before = app_test_session_data (window);
      g_autofree char *occupancy = g_strdup (app_test_results_text (window, "occupancy_label"));
      g_autofree char *after = NULL;

      g_assert_true (g_file_set_contents (path, files[i], -1, NULL));
      app_test_forget_message ();

      cuocc_window_open_file (window, file);

      /* A session is read at once; what is no session goes to the import,
       * which reads in the background, and says so when it has read. */
      app_test_wait_until (window, have_message, NULL);
      g_assert_nonnull (strstr (app_test_last_message (), "bad-"));
      after = app_test_session_data (window);
      g_assert_cmpstr (after, ==, before);
      g_assert_cmpstr (app_test_results_text (window, "occupancy_label"), ==, occupancy);
      g_assert_true (app_test_shows_session (window, NULL));
      g_unlink (path);
    }

  /* A file that is not there at all. */
  {
    g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/missing.cuocc");

    app_test_forget_message ();
    cuocc_window_open_file (window, missing);
    g_assert_nonnull (app_test_last_message ());
  }

  app_test_window_free (window);
  g_rmdir (dir);
}

static void
test_session_roundtrip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cuocc-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "kernel.cuocc", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GSettings) settings = NULL;
  g_auto(GStrv) recent = NULL;
  g_autofree char *saved_state = NULL;
  g_auto(CuoccSession) kept = { 0 };
  g_autoptr(GError) error = NULL;
  CuoccWindow *window;
  GtkDropDown *configs;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  configs = find_widget (app_test_input_panel (window), GTK_TYPE_DROP_DOWN, DROPDOWN_SMEM_CONFIG);
  app_test_choose_gpu (window, "Compute capability 8.6");
  gtk_drop_down_set_selected (configs, 1);
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "96");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "40");

  g_assert_true (cuocc_window_use_file (window, "win.save-as", NULL, file, &error));
  g_assert_no_error (error);

  app_test_choose_gpu (window, "Compute capability 7.5");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "512");

  g_assert_true (cuocc_window_use_file (window, "win.open", NULL, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 8.6");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 96);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 40);
  g_assert_cmpuint (gtk_drop_down_get_selected (configs), ==, 1);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "kernel.cuocc"));

  settings = g_settings_new (SCHEMA_ID);
  recent = g_settings_get_strv (settings, "recent-files");
  g_assert_cmpstr (recent[0], ==, path);

  /* The state is kept for the next start. */
  saved_state = g_settings_get_string (settings, "state");
  g_assert_true (cuocc_session_load_data (&kept, saved_state, strlen (saved_state), NULL));
  g_assert_cmpstr (kept.gpu, ==, "Compute capability 8.6");
  g_assert_cmpint (kept.inputs.values[CUOCC_INPUT_KEY_THREADS], ==, 96);

  app_test_window_free (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* What the app accepts it saves, and what it saves it opens: 70,000
 * registers a thread is beyond every GPU (0 blocks, the field marked) but
 * within what cuocc answers for, and a session keeping it opens again (the
 * session reader once refused anything above 65,536). */
static void
test_session_keeps_what_was_accepted (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cuocc-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "regs.cuocc", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 8.6");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "70000");
  g_assert_nonnull (cuocc_calculation_get_result (app_test_calculation (window)));
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 70000);
  g_assert_cmpint (cuocc_calculation_get_result (app_test_calculation (window))->active_blocks, ==, 0);
  g_assert_true (app_test_input_marked (app_test_input_panel (window), CUOCC_INPUT_KEY_REGS));

  g_assert_true (cuocc_window_use_file (window, "win.save-as", NULL, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\nregs=70000\n"));

  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "40");
  g_assert_true (cuocc_window_use_file (window, "win.open", NULL, file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 70000);

  app_test_window_free (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* The SMs a launch may use: the calculation's GPU has that many (its
 * waves, minimum grid and clusters count them), a session keeps them, and
 * the field empty is the GPU's own 132. */
static void
test_sms_a_launch_may_use (void)
{
  g_auto(CuoccSession) session = { 0 };
  g_auto(CuoccSession) kept = { 0 };
  g_autofree char *data = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  g_assert_cmpint (cuocc_calculation_get_gpu (app_test_calculation (window))->sm_count, ==, 132);

  app_test_get_session (window, &session);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_SMS, 66);
  g_assert_true (app_test_apply_session (window, &session, NULL));
  g_assert_cmpint (cuocc_calculation_get_gpu (app_test_calculation (window))->sm_count, ==, 66);

  app_test_get_session (window, &kept);
  g_assert_cmpint (kept.inputs.values[CUOCC_INPUT_KEY_SMS], ==, 66);
  data = cuocc_session_to_data (&kept, NULL);
  g_assert_nonnull (strstr (data, "\nsms=66\n"));

  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_SMS, 0);
  g_assert_true (app_test_apply_session (window, &session, NULL));
  g_assert_cmpint (cuocc_calculation_get_gpu (app_test_calculation (window))->sm_count, ==, 132);

  app_test_window_free (window);
}

static void
test_restore_state (void)
{
  g_autoptr(GSettings) settings = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  app_test_reset_settings ();
  settings = g_settings_new (SCHEMA_ID);
  g_settings_set_string (settings, "gpu", "Compute capability 6.1");
  g_settings_set_int (settings, "threads", 320);
  g_settings_set_int (settings, "registers", 64);

  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "Compute capability 6.1");
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 320);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 64);
  gtk_window_destroy (GTK_WINDOW (window));

  /* A GPU that is gone falls back to the first, with a message; the state
   * is kept as a session file's text from the first start on. */
  g_settings_set_string (settings, "state", "[Kernel]\ngpu=/nonexistent/custom.gpu\nthreads=320\n");
  app_test_forget_message ();
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_nonnull (app_test_last_message ());
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 320);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Invalid inputs leave no stale figures: the Physical Limits table is the
 * GPU's now chosen (it once kept 9.0's beside 8.0's error). */
static void
test_no_stale_limits (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 9.0");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_true (g_str_has_prefix (app_test_results_figure (window, "Compute capability"), "9.0"));

  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "12x");
  g_assert_false (cuocc_calculation_get_have_result (app_test_calculation (window)));
  app_test_choose_gpu (window, "Compute capability 8.0");
  g_assert_false (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_true (g_str_has_prefix (app_test_results_figure (window, "Compute capability"), "8.0"));
  g_assert_cmpstr (app_test_results_text (window, "occupancy_label"), ==, "–");

  app_test_window_free (window);
}

/* Saved state that can no longer be applied never stops the window: a
 * device file that no longer validates, a GPU id of 100 KB. The window opens
 * quickly, on the first GPU, with a short message. */
static void
test_restore_hostile (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cuocc-restore-XXXXXX", NULL);
  g_autofree char *device = g_build_filename (dir, "shrunk.ini", NULL);
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GString) huge = g_string_new (NULL);
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  app_test_reset_settings ();
  settings = g_settings_new (SCHEMA_ID);
  g_settings_set_int (settings, "threads", 320);

  /* Valid once; now its block limit is below the warp size. */
  g_assert_true (
      g_file_set_contents (device, "[Device]\ncompute-capability=9.0\nmax-threads-per-block=16\n", -1, NULL));
  g_settings_set_string (settings, "gpu", device);
  app_test_forget_message ();
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_nonnull (app_test_last_message ());
  g_assert_nonnull (strstr (app_test_last_message (), "max-threads-per-block"));
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), !=, device);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 320);
  gtk_window_destroy (GTK_WINDOW (window));

  /* The state, as a session file's text, naming a GPU of 100 KB. */
  g_string_append (huge, "[Kernel]\ngpu=");
  for (int i = 0; i < 100 * 1024; i++)
    g_string_append_c (huge, 'A' + i % 26);
  g_string_append (huge, "\nthreads=320\n");
  g_settings_set_string (settings, "state", huge->str);
  app_test_forget_message ();
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_frame (GTK_WIDGET (window));
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));
  g_assert_nonnull (app_test_last_message ());
  /* It once hung in Pango for minutes, laying out the 100 KB name: the
   * work is bounded by the text given to Pango, the message cut short and
   * no label, entry or tooltip of the window holding the name (a clock
   * would measure the machine; a hang meets meson's timeout). */
  g_assert_cmpint (g_utf8_strlen (app_test_last_message (), -1), <=, CUOCC_TOAST_MAX_CHARS);
  g_test_message ("the longest text in the window: %zu bytes", app_test_longest_text (GTK_WIDGET (window)));
  g_assert_cmpuint (app_test_longest_text (GTK_WIDGET (window)), <, 4096);
  gtk_window_destroy (GTK_WINDOW (window));

  g_unlink (device);
  g_rmdir (dir);
}

static void
test_gpu_data_page (void)
{
  CuoccWindow *window;
  guint n_caps = 0;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  g_assert_cmpuint (app_test_gpu_data_n_columns (window), ==, 0);
  adw_view_stack_set_visible_child_name (app_test_stack (window), "gpu-data");
  app_test_wait_for_frame (GTK_WIDGET (window));
  cuocc_capabilities (&n_caps);
  g_assert_cmpuint (app_test_gpu_data_n_columns (window), ==, n_caps);
  /* One term for the SM's four (two on GP100) parts, NVIDIA's in Nsight
     Compute, as the command line prints it. */
  g_assert_true (has_label (app_test_gpu_data_page (window), "SM sub-partitions"));
  g_assert_false (has_label (app_test_gpu_data_page (window), "Register file partitions"));
  app_test_window_free (window);
}

static void
test_custom_device (void)
{
  static const char device[] =
    "[Device]\n"
    "name=Future GPU\n"
    "compute-capability=13.0\n"
    "sm-count=200\n"
    "shared-memory-per-sm=256K\n"
    "shared-memory-configs=256K;128K;64K;0\n"
    "shared-memory-per-block-optin=255K\n";
  g_autofree char *dir = g_dir_make_tmp ("cuocc-device-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "future.gpu", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.gpu", NULL);
  g_autoptr(GError) error = NULL;
  GtkDropDown *gpus;
  GtkDropDown *configs;
  CuoccGpuChoice *choice;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  g_assert_true (g_file_set_contents (path, device, -1, NULL));
  g_assert_true (g_file_set_contents (broken, "[Device]\nname=x\n", -1, NULL));

  window = app_test_window_new ();
  gpus = find_widget (app_test_input_panel (window), GTK_TYPE_DROP_DOWN, DROPDOWN_GPU);
  configs = find_widget (app_test_input_panel (window), GTK_TYPE_DROP_DOWN, DROPDOWN_SMEM_CONFIG);

  g_assert_true (cuocc_input_model_set_gpu (app_test_inputs (window), path, CUOCC_INPUT_ORIGIN_USER, &error));
  g_assert_no_error (error);
  choice = gtk_drop_down_get_selected_item (gpus);
  g_assert_cmpstr (cuocc_gpu_choice_get_title (choice), ==, "Custom: Future GPU");
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, path);
  g_assert_cmpstr (cuocc_calculation_get_gpu (app_test_calculation (window))->name, ==, "Future GPU");
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (configs)), ==, 4);
  g_assert_true (cuocc_calculation_get_have_result (app_test_calculation (window)));

  /* A file that describes no GPU changes nothing. */
  g_assert_false (
      cuocc_input_model_set_gpu (app_test_inputs (window), broken, CUOCC_INPUT_ORIGIN_USER, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, path);
  g_assert_cmpstr (cuocc_calculation_get_gpu (app_test_calculation (window))->name, ==, "Future GPU");

  /* The custom device comes back at the next start. */
  gtk_window_destroy (GTK_WINDOW (window));
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, path);
  g_assert_cmpstr (cuocc_calculation_get_gpu (app_test_calculation (window))->name, ==, "Future GPU");
  gtk_window_destroy (GTK_WINDOW (window));

  g_unlink (path);
  g_unlink (broken);
  g_rmdir (dir);
}

static void
screenshot (CuoccWindow     *window,
            AdwColorScheme   scheme,
            const char      *name,
            gboolean         dark)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
  graphene_rect_t results;
  double luminance;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
  app_test_wait_for_frame (GTK_WIDGET (window));

  texture = app_test_render_widget (GTK_WIDGET (window));
  path = g_build_filename (dir ? dir : g_get_tmp_dir (), name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);

  /* The results pane's background follows the scheme: a point inside its
   * margin, wherever the layout puts the pane. */
  g_assert_true (gtk_widget_compute_bounds (app_test_view (window, CUOCC_TYPE_RESULTS_VIEW),
                                            GTK_WIDGET (window), &results));
  luminance = texture_luminance (texture, (int) results.origin.x + 4, (int) results.origin.y + 4);
  if (dark)
    g_assert_cmpfloat (luminance, <, 0.35);
  else
    g_assert_cmpfloat (luminance, >, 0.65);

  /* A field marked as wrong, and the GPU Data page. */
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "12x");
  gtk_expander_set_expanded (find_widget (app_test_input_panel (window), GTK_TYPE_EXPANDER, 0), TRUE);
  app_test_wait_for_frame (GTK_WIDGET (window));
  g_clear_object (&texture);
  g_free (path);
  texture = app_test_render_widget (GTK_WIDGET (window));
  path = g_strdup_printf ("%s/invalid-%s", dir ? dir : g_get_tmp_dir (), name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");

  adw_view_stack_set_visible_child_name (app_test_stack (window), "gpu-data");
  app_test_wait_for_frame (GTK_WIDGET (window));
  g_clear_object (&texture);
  g_free (path);
  texture = app_test_render_widget (GTK_WIDGET (window));
  path = g_strdup_printf ("%s/gpu-data-%s", dir ? dir : g_get_tmp_dir (), name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  adw_view_stack_set_visible_child_name (app_test_stack (window), "calculator");
}

static void
test_screenshot (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 8.6");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");
  app_test_type_into (window, CUOCC_INPUT_KEY_REGS, "40");
  app_test_type_into (window, CUOCC_INPUT_KEY_SMEM, "4096");

  screenshot (window, ADW_COLOR_SCHEME_FORCE_LIGHT, "cuocc-window-light.png", FALSE);
  screenshot (window, ADW_COLOR_SCHEME_FORCE_DARK, "cuocc-window-dark.png", TRUE);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  app_test_window_free (window);
}

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* An input change: the model, the three series and the results view, then
 * the frame that lays out and paints the window with the three graphs. */
static void
test_redraw_time (void)
{
  enum { N = 41 };
  gint64 times[N];
  gint64 latency[N];
  gint64 compute[N];
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 9.0");

  for (guint i = 0; i < N; i++)
    {
      AppTestTimes change;
      guint computations = cuocc_calculation_get_computations (app_test_calculation (window));

      app_test_timed_change (
          window, app_test_input_entry (app_test_input_panel (window), CUOCC_INPUT_KEY_THREADS),
          i % 2 ? "256" : "288", &change);
      g_assert_cmpint (change.redraw_us, >, 0);
      /* The work: gtk_editable_set_text () is a deletion (an empty field,
       * no result) and an insertion, one calculation each, the second the
       * whole one (the model, the series, the best block size); then the
       * frame that paints it. */
      g_assert_cmpuint (cuocc_calculation_get_computations (app_test_calculation (window)), ==,
                        computations + 2);
      g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==,
                       i % 2 ? 256 : 288);
      times[i] = change.compute_us + change.paint_us;
      compute[i] = change.compute_us;
      latency[i] = change.redraw_us;
    }

  qsort (times, N, sizeof times[0], compare_int64);
  qsort (latency, N, sizeof latency[0], compare_int64);
  qsort (compute, N, sizeof compute[0], compare_int64);
  g_test_message (
      "input change to frame painted: compute + frame median %.2f ms (max %.2f ms; compute alone %.2f ms), "
      "change to painted median %.2f ms, graphs %dx%d",
      times[N / 2] / 1000.0, times[N - 1] / 1000.0, compute[N / 2] / 1000.0, latency[N / 2] / 1000.0,
      gtk_widget_get_width (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_THREADS))),
      gtk_widget_get_height (GTK_WIDGET (app_test_graph (window, CUOCC_SERIES_THREADS))));
  /* The times are shown, not checked: they measure the machine as much as
   * the app. How long the graphs take to draw is the plot-full-update
   * benchmark's (meson test --benchmark, HACKING.md). */

  app_test_window_free (window);
}

static void
test_window_finalizes (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_choose_gpu (window, "Compute capability 8.0");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "64");
  app_test_wait_for_frame (GTK_WIDGET (window));

  app_test_window_finalize (window);
}

static const char *
action_icon (GtkWidget  *widget,
             const char *action)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *found;

      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
        return gtk_button_get_icon_name (GTK_BUTTON (child));
      if ((found = action_icon (child, action)) != NULL)
        return found;
    }
  return NULL;
}

/* Open, Import and Save each have an icon of their own that the theme has
 * (Adwaita, here and in the Flatpak runtime): Open and Import shared the
 * folder, and Save had document-save-symbolic, which Adwaita draws as a
 * download arrow. */
static void
test_file_icons (void)
{
  static const char *actions[] = { "win.open", "win.import", "win.save" };
  GtkIconTheme *theme;
  CuoccWindow *window;
  const char *icons[G_N_ELEMENTS (actions)];

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      icons[i] = action_icon (GTK_WIDGET (window), actions[i]);
      g_test_message ("%s: %s", actions[i], icons[i]);
      g_assert_nonnull (icons[i]);
      g_assert_true (gtk_icon_theme_has_icon (theme, icons[i]));
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (icons[i], !=, icons[j]);
    }
  g_assert_cmpstr (icons[2], !=, "document-save-symbolic");
  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  app_test_init ();

  g_test_add_func ("/cuocc/app/computations", test_computations);
  g_test_add_func ("/cuocc/app/file-actions", test_file_actions);
  g_test_add_func ("/cuocc/app/file-icons", test_file_icons);
  g_test_add_func ("/cuocc/app/file-chosen", test_file_chosen);
  g_test_add_func ("/cuocc/app/inputs", test_inputs);
  g_test_add_func ("/cuocc/app/same-ranges-as-cli", test_same_ranges_as_cli);
  g_test_add_func ("/cuocc/app/gpu-changes-smem-configs", test_gpu_changes_smem_configs);
  g_test_add_func ("/cuocc/app/graph-click", test_graph_click);
  g_test_add_func ("/cuocc/app/export", test_export);
  g_test_add_func ("/cuocc/app/corrupt-session", test_corrupt_session);
  g_test_add_func ("/cuocc/app/session-roundtrip", test_session_roundtrip);
  g_test_add_func ("/cuocc/app/session-keeps-what-was-accepted", test_session_keeps_what_was_accepted);
  g_test_add_func ("/cuocc/app/sms-a-launch-may-use", test_sms_a_launch_may_use);
  g_test_add_func ("/cuocc/app/restore-state", test_restore_state);
  g_test_add_func ("/cuocc/app/restore-hostile", test_restore_hostile);
  g_test_add_func ("/cuocc/app/no-stale-limits", test_no_stale_limits);
  g_test_add_func ("/cuocc/app/gpu-data-page", test_gpu_data_page);
  g_test_add_func ("/cuocc/app/custom-device", test_custom_device);
  g_test_add_func ("/cuocc/app/screenshot", test_screenshot);
  g_test_add_func ("/cuocc/app/redraw-time", test_redraw_time);
  g_test_add_func ("/cuocc/app/window-finalizes", test_window_finalizes);

  return g_test_run ();
}
