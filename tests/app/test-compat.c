/* test-compat.c — the compat unit: the GTK 4.8 / libadwaita 1.2 calls the
 * app is pinned to (meson.build's *_VERSION_MAX_ALLOWED), whatever GTK and
 * libadwaita it runs on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "app-test.h"
#include "cuocc-compat.h"

/* ----- helpers ----- */

static GtkWindow *
window_new (GtkWidget *child)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, 300, 200);
  if (child != NULL)
    gtk_window_set_child (window, child);
  gtk_window_present (window);
  app_test_wait_for_frame (GTK_WIDGET (window));
  return window;
}

static void
destroy_all_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (top);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A dialog presented over @parent is either inside it (AdwDialog) or a
 * window of its own, transient for it. */
static void
assert_presented_over (GtkWidget *dialog,
                       GtkWindow *parent)
{
  GtkRoot *root;

  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (gtk_widget_get_visible (dialog));
  root = gtk_widget_get_root (dialog);
  g_assert_nonnull (root);
  if (GTK_WINDOW (root) != parent)
    g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (root)) == parent);
}

typedef struct {
  int    n_calls;
  int    n_destroyed;
  GFile *file;
} Chosen;

static void
chosen_cb (GObject  *owner,
           GFile    *file,
           gpointer  user_data)
{
  Chosen *chosen = user_data;

  chosen->n_calls++;
  g_set_object (&chosen->file, file);
}

static void
chosen_destroy (gpointer user_data)
{
  Chosen *chosen = user_data;

  chosen->n_destroyed++;
}

/* ----- tests ----- */

static void
test_widget_color (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  GtkWidget *label = gtk_label_new ("text");
  GtkWindow *window;
  GdkRGBA color;

  SKIP_WITHOUT_DISPLAY ();

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_css_provider_load_from_data (provider, "label { color: rgba(255, 0, 0, 0.5); }", -1);
  gtk_style_context_add_provider (gtk_widget_get_style_context (label), GTK_STYLE_PROVIDER (provider),
                                  GTK_STYLE_PROVIDER_PRIORITY_USER);
  G_GNUC_END_IGNORE_DEPRECATIONS
  window = window_new (label);

  cuocc_compat_widget_get_color (label, &color);
  g_assert_cmpfloat_with_epsilon (color.red, 1.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (color.green, 0.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (color.blue, 0.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (color.alpha, 0.5, 1e-6);

  gtk_window_destroy (window);
  destroy_all_windows ();
}

static void
test_lookup_color (void)
{
  GtkWidget *label = gtk_label_new ("text");
  GtkWindow *window = NULL;
  GdkRGBA color;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new (label);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);

  /* libadwaita's light style defines destructive_bg_color as its red_3,
   * #e01b24, from 1.2 on. */
  g_assert_true (cuocc_compat_lookup_color (label, "destructive_bg_color", &color));
  g_assert_cmpint ((int) (color.red * 255 + 0.5), ==, 0xe0);
  g_assert_cmpint ((int) (color.green * 255 + 0.5), ==, 0x1b);
  g_assert_cmpint ((int) (color.blue * 255 + 0.5), ==, 0x24);
  g_assert_false (cuocc_compat_lookup_color (label, "no_such_colour_in_any_theme", &color));

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (window);
  destroy_all_windows ();
}

static void
test_alert (void)
{
  GtkWindow *parent;
  GtkWidget *alert;

  SKIP_WITHOUT_DISPLAY ();

  parent = window_new (NULL);
  alert = cuocc_compat_alert_new ("Heading", "What went wrong.");
  g_assert_nonnull (alert);
  cuocc_compat_dialog_present (alert, GTK_WIDGET (parent));
  assert_presented_over (alert, parent);

  destroy_all_windows ();
}

static void
test_about (void)
{
  const char *people[] = { "Someone", NULL };
  GtkWindow *parent;
  GtkWidget *about;
  g_autofree char *name = NULL;

  SKIP_WITHOUT_DISPLAY ();

  parent = window_new (NULL);
  about = cuocc_compat_about_new ();
  g_object_set (about, "application-name", "cuocc test", "version", "1.2.3", NULL);
  cuocc_compat_about_add_acknowledgement_section (about, "Sources", people);
  cuocc_compat_dialog_present (about, GTK_WIDGET (parent));
  assert_presented_over (about, parent);
  g_object_get (about, "application-name", &name, NULL);
  g_assert_cmpstr (name, ==, "cuocc test");

  destroy_all_windows ();
}

static void
test_file_dialog (void)
{
  static const CuoccFileFilter filters[] = {
    { "Sessions", { "*.cuocc", NULL } },
    { "All files", { "*", NULL } },
  };
  const CuoccFileDialogSpec open_spec = {
    CUOCC_FILE_DIALOG_OPEN, "Open", NULL, filters, G_N_ELEMENTS (filters)
  };
  const CuoccFileDialogSpec save_spec = {
    CUOCC_FILE_DIALOG_SAVE, "Save", "new.cuocc", filters, G_N_ELEMENTS (filters)
  };
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  Chosen chosen = { 0 };
  GtkWindow *parent;

  SKIP_WITHOUT_DISPLAY ();
  SKIP_FILE_CHOOSER_UNDER_SANITIZERS ();

  dir = g_dir_make_tmp ("cuocc-compat-XXXXXX", NULL);
  path = g_build_filename (dir, "picked.cuocc", NULL);
  g_assert_true (g_file_set_contents (path, "[session]\n", -1, NULL));
  file = g_file_new_for_path (path);
  parent = window_new (NULL);

  /* Picking a file calls back once with it, then frees the user data. */
  cuocc_compat_file_dialog_run (parent, &open_spec, chosen_cb, &chosen, chosen_destroy);
  app_test_answer_file_chooser (parent, file, GTK_RESPONSE_ACCEPT);
  while (chosen.n_destroyed == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (chosen.n_calls, ==, 1);
  g_assert_nonnull (chosen.file);
  g_assert_true (g_file_equal (chosen.file, file));
  while (app_test_other_toplevel (parent) != NULL)
    g_main_context_iteration (NULL, TRUE);

  /* Cancelling never calls back, and still frees the user data. */
  g_clear_object (&chosen.file);
  cuocc_compat_file_dialog_run (parent, &save_spec, chosen_cb, &chosen, chosen_destroy);
  app_test_answer_file_chooser (parent, NULL, GTK_RESPONSE_CANCEL);
  while (chosen.n_destroyed == 1)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (chosen.n_calls, ==, 1);
  g_assert_null (chosen.file);

  destroy_all_windows ();
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/compat/widget-color", test_widget_color);
  g_test_add_func ("/cuocc/compat/lookup-color", test_lookup_color);
  g_test_add_func ("/cuocc/compat/alert", test_alert);
  g_test_add_func ("/cuocc/compat/about", test_about);
  g_test_add_func ("/cuocc/compat/file-dialog", test_file_dialog);

  return g_test_run ();
}
