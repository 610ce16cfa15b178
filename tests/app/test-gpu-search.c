/* test-gpu-search.c — finding a GPU in the app's list: words anywhere
 * (product, compute capability, architecture), the first match highlighted,
 * Down and Up through the matches in order, Enter choosing the highlighted
 * one (real keys), the search entry has the focus when the list opens.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "app-test.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-gpu-search.h"

/* What GTK's own list in the popover shows. */
static guint
n_shown (GtkDropDown *dropdown)
{
  GtkWidget *list = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_LIST_VIEW, FALSE);
  GtkSelectionModel *model;

  g_assert_nonnull (list);
  model = gtk_list_view_get_model (GTK_LIST_VIEW (list));
  return g_list_model_get_n_items (G_LIST_MODEL (model));
}

/* The search entry GtkDropDown puts in its popover (enable-search). */
static GtkEditable *
search_entry (GtkDropDown *dropdown)
{
  GtkWidget *entry = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_SEARCH_ENTRY, FALSE);

  g_assert_nonnull (entry);
  return GTK_EDITABLE (entry);
}

/* How many of the list's GPUs the entry's words match, by the search's
 * rule (cuocc_gpu_choice_matches ()): what the list must come to show. The
 * tests below check what it shows word by word. */
static guint
n_matching (GtkDropDown *dropdown)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);
  const char *text = gtk_editable_get_text (search_entry (dropdown));
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      n += cuocc_gpu_choice_matches (CUOCC_GPU_CHOICE (item), text);
    }
  return n;
}

static char *
shown_title (GtkDropDown *dropdown,
             guint        position)
{
  GtkWidget *list = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_LIST_VIEW, FALSE);
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))),
                                                   position);

  return g_strdup (cuocc_gpu_choice_get_title (CUOCC_GPU_CHOICE (item)));
}

static gboolean
list_shows_matches (CuoccWindow   *window,
                    gconstpointer  data)
{
  GtkDropDown *dropdown = app_test_gpu_dropdown (window);

  return n_shown (dropdown) == n_matching (dropdown);
}

/* Types the text and waits for the list to show what the words match. */
static void
search (CuoccWindow *window,
        const char  *text)
{
  GtkDropDown *dropdown = app_test_gpu_dropdown (window);

  gtk_editable_set_text (search_entry (dropdown), text);
  app_test_wait_until (window, list_shows_matches, NULL);
  /* The search entry's delay, once more, for a list that was already right. */
  for (int i = 0; i < 30; i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (10000);
  g_assert_cmpuint (n_shown (dropdown), ==, n_matching (dropdown));
}

static void
assert_all_shown_contain (GtkDropDown *dropdown,
                          const char  *text)
{
  for (guint i = 0; i < n_shown (dropdown); i++)
    {
      g_autofree char *title = shown_title (dropdown, i);

      g_assert_nonnull (strstr (title, text));
    }
}

static void
test_words_anywhere (void)
{
  CuoccWindow *window;
  GtkDropDown *dropdown;
  GtkWidget *popover;
  g_autofree char *first = NULL;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  dropdown = app_test_gpu_dropdown (window);
  g_assert_nonnull (search_entry (dropdown));

  /* Opening the list puts the focus in its search entry. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dropdown), "menu.popup", NULL) ||
                 gtk_widget_activate (GTK_WIDGET (dropdown)));
  popover = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_POPOVER, FALSE);
  while (!gtk_widget_get_mapped (popover))
    g_main_context_iteration (NULL, TRUE);
  for (int i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)),
                                         GTK_WIDGET (search_entry (dropdown))) ||
                 gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (search_entry (dropdown)));

  /* A number inside a name, not at its start. */
  search (window, "4090");
  g_assert_cmpuint (n_shown (dropdown), ==, 1);
  first = shown_title (dropdown, 0);
  g_assert_cmpstr (first, ==, "NVIDIA GeForce RTX 4090");

  search (window, "V100");
  g_assert_cmpuint (n_shown (dropdown), ==, 2);
  assert_all_shown_contain (dropdown, "V100");

  /* The compute capability and the architecture find products too:
   * the V100 SXM2 and PCIe, the TITAN V, and "Compute capability 7.0". */
  search (window, "7.0");
  g_assert_cmpuint (n_shown (dropdown), ==, 4);
  search (window, "Volta");
  g_assert_cmpuint (n_shown (dropdown), >=, 4);
  search (window, "orin");
  g_assert_cmpuint (n_shown (dropdown), >=, 4);
  assert_all_shown_contain (dropdown, "Orin");
  /* Words in any order. */
  search (window, "ti 4070");
  g_assert_cmpuint (n_shown (dropdown), ==, 2);
  search (window, "no such gpu");
  g_assert_cmpuint (n_shown (dropdown), ==, 0);

  /* Enter picks the only match ("T4" alone also finds the Jetson T4000),
   * and the first of several (keys: test_keys ()). */
  search (window, "Tesla T4");
  g_assert_cmpuint (n_shown (dropdown), ==, 1);
  g_signal_emit_by_name (search_entry (dropdown), "activate");
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, "NVIDIA Tesla T4");

  app_test_window_free (window);
}

/* What `cuocc --gpu NAME` calls the GPU, from its CSV (column "gpu"). */
static char *
cli_gpu_name (const char *name)
{
  const char *argv[] = { g_getenv ("CUOCC_CLI"), "--gpu", name, "--threads", "256", "--regs", "32",
                         "--format", "csv", NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) cells = NULL;
  int status;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                               &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "cc,gpu,"));
  cells = g_strsplit (lines[1], ",", -1);
  return g_strdup (cells[1]);
}

/* The names the command line takes, as nvidia-smi and spec sheets write
 * them, find the same one GPU in the app's list (they found none). */
static void
test_cli_names (void)
{
  static const char *names[] = {
    "NVIDIA H100 80GB HBM3", "Tesla V100-SXM2-16GB", "A100-SXM4-80GB", "rtx4090",
  };
  CuoccWindow *window;
  GtkDropDown *dropdown;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  dropdown = app_test_gpu_dropdown (window);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *expected = cli_gpu_name (names[i]);
      g_autofree char *title = NULL;

      g_test_message ("%s: %s", names[i], expected);
      search (window, names[i]);
      g_assert_cmpuint (n_shown (dropdown), ==, 1);
      title = shown_title (dropdown, 0);
      g_assert_cmpstr (title, ==, expected);
      g_signal_emit_by_name (search_entry (dropdown), "activate");
      g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, expected);
    }
  app_test_window_free (window);
}

/* The list opens where the chosen GPU is, far down the list, not at the
 * first entry ("GeForce 8800 GTX"). */
static void
test_opens_at_current (void)
{
  CuoccWindow *window;
  GtkDropDown *dropdown;
  GtkWidget *popover;
  GtkWidget *list;
  GtkAdjustment *adjustment;
  guint position;
  guint n;
  double row_top, row_bottom;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  dropdown = app_test_gpu_dropdown (window);
  position = gtk_drop_down_get_selected (dropdown);
  n = g_list_model_get_n_items (gtk_drop_down_get_model (dropdown));
  g_assert_cmpuint (position, >, n / 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dropdown), "menu.popup", NULL) ||
                 gtk_widget_activate (GTK_WIDGET (dropdown)));
  popover = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_POPOVER, FALSE);
  while (!gtk_widget_get_mapped (popover))
    g_main_context_iteration (NULL, TRUE);
  for (int i = 0; i < 60; i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (10000);
  for (int i = 0; i < 3; i++)
    app_test_wait_for_frame (popover);
  list = app_test_find_descendant (popover, GTK_TYPE_LIST_VIEW, FALSE);
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));
  g_assert_cmpuint (n_shown (dropdown), ==, n);
  /* Rows are of one height: the chosen one lies within the page shown. */
  row_top = gtk_adjustment_get_upper (adjustment) * position / n;
  row_bottom = gtk_adjustment_get_upper (adjustment) * (position + 1) / n;
  g_test_message ("rows %g..%g, shown %g..%g", row_top, row_bottom, gtk_adjustment_get_value (adjustment),
                  gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
  g_assert_cmpfloat (row_top, >=, gtk_adjustment_get_value (adjustment) - 1);
  g_assert_cmpfloat (row_bottom, <=, gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) + 1);
  app_test_window_free (window);
}


/* The products whose title matches @text, in the list's order: what the
 * search must show, worked out from the GPU list itself. */
static GPtrArray *
matching_titles (GtkDropDown *dropdown,
                 const char  *text)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CuoccGpuChoice) choice = g_list_model_get_item (model, i);

      if (cuocc_gpu_choice_matches (choice, text))
        g_ptr_array_add (titles, g_strdup (cuocc_gpu_choice_get_title (choice)));
    }
  return titles;
}

/* The row the list highlights (its selection), as its title; NULL for none. */
static char *
highlighted (GtkDropDown *dropdown)
{
  GtkWidget *list = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_LIST_VIEW, FALSE);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  gpointer item = gtk_single_selection_get_selected_item (selection);

  return item != NULL ? g_strdup (cuocc_gpu_choice_get_title (item)) : NULL;
}

/* The highlighted row lies within the part of the list shown. */
static void
assert_highlight_in_view (GtkDropDown *dropdown)
{
  GtkWidget *list = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_LIST_VIEW, FALSE);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (selection));
  guint position = gtk_single_selection_get_selected (selection);
  double top, bottom;

  for (int i = 0; i < 3; i++)
    app_test_wait_for_frame (list);
  /* Rows are of one height. */
  top = gtk_adjustment_get_upper (adjustment) * position / n;
  bottom = gtk_adjustment_get_upper (adjustment) * (position + 1) / n;
  g_assert_cmpfloat (top, >=, gtk_adjustment_get_value (adjustment) - 1);
  g_assert_cmpfloat (bottom, <=, gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) + 1);
}

static gboolean
popover_mapped (CuoccWindow   *window,
                gconstpointer  popover)
{
  return gtk_widget_get_mapped (GTK_WIDGET (popover));
}

/* Opens the list from the keyboard (the focus on the GPU button, Space)
 * and types @text into its search, key by key. */
static void
open_and_type (CuoccWindow *window,
               const char  *text)
{
  GtkDropDown *dropdown = app_test_gpu_dropdown (window);
  GtkWidget *popover = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_POPOVER, FALSE);

  g_test_message ("open, type %s", text);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (dropdown)));
  app_test_press_keys (GTK_WINDOW (window), "space");
  app_test_wait_until (window, popover_mapped, popover);
  app_test_type_keys (GTK_WINDOW (window), text);
  g_assert_cmpstr (gtk_editable_get_text (search_entry (dropdown)), ==, text);
  app_test_wait_until (window, list_shows_matches, NULL);
  for (int i = 0; i < 30; i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (10000);
}

/* Issue 29 §6: with several matches Enter did nothing; Down jumped to a
 * row anywhere; with "A100 SXM4" highlighted, Enter chose "A100 PCIe".
 * Now the first match is highlighted, Down and Up move through the matches
 * in the list's order (and keep the row in view), and Enter chooses the
 * highlighted one; real keys, at 800 × 600 and 1920 × 1080. */
static void
test_keys (void)
{
  static const struct { int width, height; } sizes[] = { { 800, 600 }, { 1920, 1080 } };

  SKIP_WITHOUT_DISPLAY ();
  SKIP_WITHOUT_KEY_EVENTS ();
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      CuoccWindow *window = app_test_window_at_size (sizes[s].width, sizes[s].height, NULL);
      GtkDropDown *dropdown = app_test_gpu_dropdown (window);
      g_autoptr(GPtrArray) a100 = matching_titles (dropdown, "A100");
      g_autoptr(GPtrArray) rtx = matching_titles (dropdown, "RTX");
      char *title;

      g_test_message ("%d × %d", sizes[s].width, sizes[s].height);
      app_test_select_gpu (window, "NVIDIA H100 SXM5");
      g_assert_cmpuint (a100->len, >=, 2);
      g_assert_cmpuint (rtx->len, >=, 30);

      /* Several match: Enter chooses the first, highlighted. */
      open_and_type (window, "A100");
      g_assert_cmpuint (n_shown (dropdown), ==, a100->len);
      title = highlighted (dropdown);
      g_assert_cmpstr (title, ==, a100->pdata[0]);
      g_free (title);
      app_test_press_keys (GTK_WINDOW (window), "Return");
      g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, a100->pdata[0]);

      /* Down, then Up, Down: the second, the first, the second; Enter
       * chooses it, not another. Then Down, Up: the first. */
      app_test_select_gpu (window, "NVIDIA H100 SXM5");
      open_and_type (window, "A100");
      app_test_press_keys (GTK_WINDOW (window), "Down");
      title = highlighted (dropdown);
      g_assert_cmpstr (title, ==, a100->pdata[1]);
      g_free (title);
      app_test_press_keys (GTK_WINDOW (window), "Up");
      title = highlighted (dropdown);
      g_assert_cmpstr (title, ==, a100->pdata[0]);
      g_free (title);
      app_test_press_keys (GTK_WINDOW (window), "Down");
      title = highlighted (dropdown);
      g_assert_cmpstr (title, ==, a100->pdata[1]);
      g_free (title);
      app_test_press_keys (GTK_WINDOW (window), "Return");
      g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, a100->pdata[1]);
      app_test_select_gpu (window, "NVIDIA H100 SXM5");
      open_and_type (window, "A100");
      app_test_press_keys (GTK_WINDOW (window), "Down Up Return");
      g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, a100->pdata[0]);

      /* Thirty Downs through the RTX cards, each the next in order and in
       * view; Enter chooses the thirty-first. */
      open_and_type (window, "RTX");
      for (guint i = 1; i <= 30; i++)
        {
          app_test_press_keys (GTK_WINDOW (window), "Down");
          title = highlighted (dropdown);
          g_assert_cmpstr (title, ==, rtx->pdata[i]);
          g_free (title);
        }
      assert_highlight_in_view (dropdown);
      app_test_press_keys (GTK_WINDOW (window), "Return");
      g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, rtx->pdata[30]);
      app_test_window_free (window);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/gpu-search/words-anywhere", test_words_anywhere);
  g_test_add_func ("/cuocc/app/gpu-search/cli-names", test_cli_names);
  g_test_add_func ("/cuocc/app/gpu-search/opens-at-current", test_opens_at_current);
  g_test_add_func ("/cuocc/app/gpu-search/keys", test_keys);

  return g_test_run ();
}
