/* test-application.c — the application object: its keyboard shortcuts, and
 * quitting with a library imported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "app-test.h"
#include "cuocc-application.h"

static gboolean
kernels_read (CuoccWindow   *window,
              gconstpointer  data)
{
  return !app_test_kernels_busy (app_test_kernels_panel (window)) &&
         app_test_n_kernels (app_test_kernels_panel (window)) > 0;
}

/* The application as cuocc-gtk starts it, without a session bus: it runs
 * as a standalone instance, with its startup (actions, shortcuts) done. */
static CuoccApplication *
start_application (void)
{
  CuoccApplication *app = cuocc_application_new ();
  g_autoptr(GError) error = NULL;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

static void
finalize_tracker (gpointer  data,
                  GObject  *where_the_object_was)
{
  *(gboolean *) data = TRUE;
}

/* Ctrl+Q hides the windows at once and quits without destroying them:
 * destroying a window frees every imported kernel one by one, which took
 * seconds after a library of 60,000 (the memory goes back to the system as
 * the process exits anyway). The window's state was saved as it changed. */
static void
test_quit_destroys_nothing (void)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "import", "data", "binary", "libkernels.so", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CuoccApplication) app = NULL;
  CuoccWindow *window;
  gboolean finalized = FALSE;

  SKIP_WITHOUT_DISPLAY ();
  app_test_reset_settings ();
  app = start_application ();
  window = cuocc_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_frame (GTK_WIDGET (window));
  cuocc_window_open_file (window, file);
  app_test_wait_until (window, kernels_read, NULL);
  g_object_weak_ref (G_OBJECT (app_test_kernels_panel (window)), finalize_tracker, &finalized);

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_false (finalized);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), >, 0);

  /* The test's own clean-up: what the process exit does for the app. */
  g_object_weak_unref (G_OBJECT (app_test_kernels_panel (window)), finalize_tracker, &finalized);
  app_test_window_free (window);
}

/* The keys a GNOME app has: Alt+1/2/3 for the pages, F1 for the help and
 * Ctrl+? for the shortcuts, each doing what the shortcuts window says. */
static void
test_shortcuts (void)
{
  static const struct { const char *action; const char *accel; } keys[] = {
    { "win.show-page::calculator", "<Alt>1" },
    { "win.show-page::tuning", "<Alt>2" },
    { "win.show-page::gpu-data", "<Alt>3" },
    { "win.help", "F1" },
    { "win.show-help-overlay", "<Control>question" },
    { "win.open", "<Control>o" },
    { "win.import", "<Control>i" },
    { "win.assemble-ptx", "<Shift><Control>a" },
    { "app.quit", "<Control>q" },
  };
  static const char *pages[] = { "tuning", "gpu-data", "calculator" };
  g_autoptr(CuoccApplication) app = NULL;
  g_autoptr(GtkBuilder) overlay = NULL;
  g_autoptr(GString) listed = g_string_new (NULL);
  GSList *objects;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  app_test_reset_settings ();
  app = start_application ();
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), keys[i].action);

      g_test_message ("%s", keys[i].action);
      g_assert_nonnull (accels[0]);
      g_assert_cmpstr (accels[0], ==, keys[i].accel);
    }

  window = cuocc_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_frame (GTK_WIDGET (window));
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", pages[i]));
      g_assert_cmpstr (adw_view_stack_get_visible_child_name (app_test_stack (window)), ==, pages[i]);
    }

  /* The shortcuts window lists the new keys. */
  overlay = gtk_builder_new_from_resource ("/io/github/cuocc/Calculator/gtk/help-overlay.ui");
  objects = gtk_builder_get_objects (overlay);
  for (GSList *l = objects; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
      {
        g_autofree char *accel = NULL;
        g_autofree char *action = NULL;

        g_object_get (l->data, "accelerator", &accel, "action-name", &action, NULL);
        g_string_append_printf (listed, "%s %s\n", accel ? accel : "", action ? action : "");
      }
  g_slist_free (objects);
  g_test_message ("%s", listed->str);
  g_assert_nonnull (strstr (listed->str, "<Alt>1 "));
  g_assert_nonnull (strstr (listed->str, "<Alt>2 "));
  g_assert_nonnull (strstr (listed->str, "<Alt>3 "));
  g_assert_nonnull (strstr (listed->str, " win.help\n"));
  g_assert_nonnull (strstr (listed->str, " win.assemble-ptx\n"));
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (overlay, "help_overlay")));

  app_test_window_free (window);
}

static void
collect_labels (GtkWidget *widget,
                GString   *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child))
        g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (child)));
      collect_labels (child, text);
    }
}

/* The help's name for each of the kernels table's columns, by the title
 * the table gives it. */
static const char *
help_column_name (const char *title)
{
  static const struct {
    const char *title;
    const char *name;
  } names[] = {
    { "Kernel", "kernel" }, { "Arch", "arch" }, { "Occupancy", "occupancy" }, { "Limiter", "limiter" },
    { "Blocks/SM", "blocks per SM" }, { "Block", "block size" }, { "Regs", "registers" },
    { "Shared", "shared memory" }, { "Stack", "stack" }, { "Loaded", "loaded" }, { "Changed", "changed" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (title, names[i].title) == 0)
      return names[i].name;
  return NULL;
}

/* The help names every column of the kernels table in the order the table
 * shows them. */
static void
assert_help_columns (CuoccWindow *window,
                     const char  *help)
{
  GListModel *columns =
      gtk_column_view_get_columns (app_test_column_view (app_test_kernels_panel (window)));
  const char *at = strstr (help, "in this order: ");

  g_assert_nonnull (at);
  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, 11);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      const char *name = help_column_name (gtk_column_view_column_get_title (column));

      g_test_message ("column %u: %s", i, gtk_column_view_column_get_title (column));
      g_assert_nonnull (name);
      at = strstr (at, name);
      g_assert_nonnull (at);
      at += strlen (name);
    }
}

/* F1 opens the help beside the window, once however often it is pressed;
 * it describes the inputs, the results, the graphs, Open and Import, and
 * the kernels table with its columns, filters and summary. */
static void
test_help (void)
{
  static const char *must_say[] = {
    "The Inputs",
    "The Results",
    "The Graphs",
    "Open and Import",
    "The Kernels Table",
    /* The table's columns (their order: assert_help_columns ()), what the
     * loaded and changed columns say, sorting and choosing. */
    "kernel",
    "arch, changed",
    "shown only while there is one",
    "“loads”",
    "“another entry”",
    "“cannot run”",
    "“new”",
    "again to reverse the order",
    "shows its figures under the table",
    /* Its filters and summary. */
    "text (Ctrl+F)",
    "run on the chosen GPU (on by default)",
    "“Loaded on this GPU”",
    "one architecture",
    "one limiter",
    "occupancy below a value",
    "at 100 every row passes",
    "changed since the compared build",
    "The count under the table",
    "“Summary on this GPU”",
    "histogram",
    "how many each resource limits",
    "lose most to one limiter",
    "clicking a bar or a limiter filters the table",
    "clicking it again shows them all",
    "Export the Histogram…",
    "Export the Rows Shown",
    /* Open, by content. */
    "Open (Ctrl+O)",
    "Triton cache folder",
    "Import (Ctrl+I)",
    "Open Recent",
  };
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWindow *help;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL));
  help = app_test_other_toplevel (GTK_WINDOW (window));
  g_assert_nonnull (help);
  g_assert_true (gtk_window_get_transient_for (help) == GTK_WINDOW (window));
  g_assert_cmpstr (gtk_window_get_title (help), ==, "Help");
  app_test_wait_for_frame (GTK_WIDGET (help));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (help)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, 2);

  collect_labels (GTK_WIDGET (help), text);
  for (guint i = 0; i < G_N_ELEMENTS (must_say); i++)
    {
      g_test_message ("%s", must_say[i]);
      g_assert_nonnull (strstr (text->str, must_say[i]));
    }
  assert_help_columns (window, text->str);
  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/application/quit-destroys-nothing", test_quit_destroys_nothing);
  g_test_add_func ("/cuocc/app/application/shortcuts", test_shortcuts);
  g_test_add_func ("/cuocc/app/application/help", test_help);

  return g_test_run ();
}
