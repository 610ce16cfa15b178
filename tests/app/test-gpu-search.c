/* test-gpu-search.c — finding a GPU in the app's list: words anywhere
 * (product, compute capability, architecture), Enter picks the only match,
 * the search entry has the focus when the list opens.
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

  return n_shown (dropdown) == cuocc_gpu_search_count_shown (dropdown);
}

/* Types the text and waits for the list to show what the words match. */
static void
search (CuoccWindow *window,
        const char  *text)
{
  GtkDropDown *dropdown = app_test_gpu_dropdown (window);

  gtk_editable_set_text (cuocc_gpu_search_get_entry (dropdown), text);
  app_test_wait_until (window, list_shows_matches, NULL);
  /* The search entry's delay, once more, for a list that was already right. */
  for (int i = 0; i < 30; i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (10000);
  g_assert_cmpuint (n_shown (dropdown), ==, cuocc_gpu_search_count_shown (dropdown));
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
  g_assert_nonnull (cuocc_gpu_search_get_entry (dropdown));

  /* Opening the list puts the focus in its search entry. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dropdown), "menu.popup", NULL) ||
                 gtk_widget_activate (GTK_WIDGET (dropdown)));
  popover = app_test_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_POPOVER, FALSE);
  while (!gtk_widget_get_mapped (popover))
    g_main_context_iteration (NULL, TRUE);
  for (int i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)),
                                         GTK_WIDGET (cuocc_gpu_search_get_entry (dropdown))) ||
                 gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (cuocc_gpu_search_get_entry (dropdown)));

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

  /* Enter picks the only match; with several it picks nothing. */
  search (window, "T4");
  g_assert_cmpuint (n_shown (dropdown), ==, 1);
  g_signal_emit_by_name (cuocc_gpu_search_get_entry (dropdown), "activate");
  g_assert_cmpstr (cuocc_input_panel_get_gpu_id (window->input_panel), ==, "NVIDIA Tesla T4");
  search (window, "V100");
  g_signal_emit_by_name (cuocc_gpu_search_get_entry (dropdown), "activate");
  g_assert_cmpstr (cuocc_input_panel_get_gpu_id (window->input_panel), ==, "NVIDIA Tesla T4");

  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/gpu-search/words-anywhere", test_words_anywhere);

  return g_test_run ();
}
