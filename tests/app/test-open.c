/* test-open.c — one Open: every kind of file cuocc reads, through every way
 * into the real window (Open, the Open button, Import, Open Folder, the
 * command line, a drop, Open Recent), decided by content.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "app-test.h"
#include "cuocc-application.h"
#include "cuocc-kernel-item.h"

/* ----- the files ----- */

typedef struct {
  const char *name;                /* under tests/import/data, or NULL: the session below */
  const char *kernel;              /* a kernel the sidebar lists, from the fixture's source */
  guint n_kernels;                 /* how many it lists; 0: at least one */
  gboolean is_folder;
} Kind;

/* The fixtures are the real tools' output (tests/import/data/README,
 * binary/make-fixtures.sh); the kernels are those of binary/kernels.cu
 * (scale<float, 128>, scale<double, 64>, capped, named_barrier, spills). */
static const Kind kinds[] = {
  { NULL, NULL, 0, FALSE },                                       /* a session */
  /* Ten "Used N registers" lines in the log. */
  { "ptxas-sm90.log", NULL, 10, FALSE },
  { "cuobjdump-multi.txt", NULL, 0, FALSE },
  { "ncu-details-sm86.csv", NULL, 0, FALSE },
  /* kernels-sm_90a.log: ptxas compiled the five kernels for it. */
  { "binary/kernels-sm_90a.cubin", "capped", 5, FALSE },
  { "binary/kernels-default.fatbin", "capped", 0, FALSE },
  { "binary/kernels.o", "capped", 0, FALSE },
  { "binary/libkernels.so", "capped", 0, FALSE },
  { "binary/kernels-exe", "capped", 0, FALSE },
  { "triton", "add_kernel", 0, TRUE },
};

typedef enum {
  WAY_OPEN_ACTION,                 /* Ctrl+O: win.open and its chooser */
  WAY_OPEN_BUTTON,                 /* the header bar's Open button */
  WAY_IMPORT,                      /* Ctrl+I: win.import and its chooser */
  WAY_OPEN_FOLDER,                 /* Ctrl+Shift+O: win.open-folder and its folder chooser */
  WAY_COMMAND_LINE,                /* cuocc-gtk FILE: what the application's open does */
  WAY_DROP,                        /* a file dropped on the window */
  WAY_RECENT,                      /* Open Recent */
  N_WAYS
} Way;

static const char *way_names[N_WAYS] = {
  "open action", "open button", "import", "open folder", "command line", "drop", "recent",
};

static char *dir;
/* The application as cuocc-gtk starts it (its keyboard shortcuts), for the
 * tests that press keys: standalone, without a session bus. */
static CuoccApplication *app;

/* The session opened the @way way is a file of its own (session_path ()),
 * so that the window does not already show it when it is opened. */
static char *
session_path (guint way)
{
  g_autofree char *name = g_strdup_printf ("work-%u.cuocc", way);

  return g_build_filename (dir, name, NULL);
}

static char *
kind_path (const Kind *kind,
           guint       way)
{
  if (kind->name == NULL)
    return session_path (way);
  return g_test_build_filename (G_TEST_DIST, "import", "data", kind->name, NULL);
}

/* ----- helpers ----- */

static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
        return child;
      if ((found = find_action_button (child, action)) != NULL)
        return found;
    }
  return NULL;
}

static GtkDropTarget *
find_drop_target (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  return NULL;
}

static void
drop_file (CuoccWindow *window,
           GFile       *file)
{
  GtkDropTarget *target = find_drop_target (GTK_WIDGET (window));
  GSList *list = g_slist_prepend (NULL, file);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  g_assert_nonnull (target);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (list));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_assert_true (accepted);
  g_value_unset (&value);
  g_slist_free (list);
}

static gboolean
in_recent (CuoccWindow *window,
           const char  *path)
{
  GMenuModel *section = app_test_recent_section (window);

  for (int i = 0; i < g_menu_model_get_n_items (section); i++)
    {
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (section, i, G_MENU_ATTRIBUTE_TARGET,
                                                                           G_VARIANT_TYPE_STRING);

      if (target != NULL && g_str_equal (g_variant_get_string (target, NULL), path))
        return TRUE;
    }
  return FALSE;
}

static void
open_by (CuoccWindow *window,
         Way          way,
         GFile       *file)
{
  switch (way)
    {
    case WAY_OPEN_ACTION:
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL));
      app_test_answer_file_chooser (GTK_WINDOW (window), file, GTK_RESPONSE_ACCEPT);
      break;
    case WAY_OPEN_BUTTON:
      {
        GtkWidget *button = find_action_button (GTK_WIDGET (window), "win.open");

        g_assert_nonnull (button);
        g_assert_true (gtk_widget_get_mapped (button));
        g_signal_emit_by_name (button, "clicked");
        app_test_answer_file_chooser (GTK_WINDOW (window), file, GTK_RESPONSE_ACCEPT);
      }
      break;
    case WAY_IMPORT:
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.import", NULL));
      app_test_answer_file_chooser (GTK_WINDOW (window), file, GTK_RESPONSE_ACCEPT);
      break;
    case WAY_OPEN_FOLDER:
      {
        GtkWindow *chooser;

        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-folder", NULL));
        /* The real chooser, asking for a folder. */
        while ((chooser = app_test_other_toplevel (GTK_WINDOW (window))) == NULL)
          g_main_context_iteration (NULL, TRUE);
        g_assert_true (GTK_IS_FILE_CHOOSER (chooser));
        g_assert_cmpint (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)), ==,
                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
        app_test_answer_file_chooser (GTK_WINDOW (window), file, GTK_RESPONSE_ACCEPT);
      }
      break;
    case WAY_COMMAND_LINE:
      {
        g_autofree char *path = g_file_get_path (file);
        g_autoptr(GFile) arg = g_file_new_for_commandline_arg (path);

        cuocc_window_open_file (window, arg);
      }
      break;
    case WAY_DROP:
      drop_file (window, file);
      break;
    case WAY_RECENT:
      {
        g_autofree char *path = g_file_get_path (file);

        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-recent", "s", path));
      }
      break;
    case N_WAYS:
    default:
      g_assert_not_reached ();
    }
}

typedef struct {
  const Kind *kind;
  GFile *file;
} Opened;

/* The focus is in the window itself (or nowhere), not in a closed menu. */
static gboolean
focus_in_window (CuoccWindow   *window,
                 gconstpointer  data)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));

  return focus == NULL ||
         (gtk_widget_get_mapped (focus) && GTK_WIDGET (gtk_widget_get_native (focus)) == GTK_WIDGET (window));
}

static gboolean
opened_condition (CuoccWindow   *window,
                  gconstpointer  data)
{
  const Opened *o = data;
  GFile *read;

  if (app_test_last_message () != NULL)
    return TRUE;
  if (o->kind->name == NULL)
    return app_test_shows_session (window, o->file);
  read = cuocc_kernels_panel_get_file (app_test_kernels_panel (window));
  return !app_test_kernels_busy (app_test_kernels_panel (window)) && read != NULL &&
         g_file_equal (read, o->file);
}

static gboolean
lists_kernel (CuoccWindow *window,
              const char  *prefix)
{
  GListModel *shown = app_test_shown (window);

  /* Every entry, whether or not it runs on the GPU (the table's default). */
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);

      if (g_str_has_prefix (cuocc_kernel_item_get_kernel (item)->name, prefix))
        return TRUE;
    }
  return FALSE;
}

/* The block size of the session opened the @way way: each a different one. */
static int
session_threads (guint way)
{
  return 320 + 32 * (int) way;
}

/* A session of its own for each way, on another GPU than the window starts
 * with, with a block size of its own. */
static void
write_sessions (void)
{
  for (guint w = 0; w < N_WAYS; w++)
    {
      g_autofree char *path = session_path (w);
      g_autofree char *text =
          g_strdup_printf ("[Kernel]\ngpu=Compute capability 7.0\nthreads=%d\nregs=40\n", session_threads (w));

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
    }
}

/* ----- the tests ----- */

/* Each kind through each way: a session fills the inputs, everything else
 * is read into the kernels sidebar; no error; Open Recent lists it. On the
 * old main, Open read every file as a session ("The file is not text.",
 * "Key file contains line …") and a drop imported every file as a log. */
static void
test_every_way (void)
{
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  SKIP_FILE_CHOOSER_UNDER_SANITIZERS ();
  write_sessions ();
  window = app_test_window_new ();
  for (guint w = 0; w < N_WAYS; w++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        g_autofree char *path = kind_path (&kinds[k], w);
        g_autoptr(GFile) file = g_file_new_for_path (path);
        Opened o = { &kinds[k], file };

        /* GTK's file chooser opens files and only enters folders: a
         * Triton cache comes by Open Folder's chooser and the other ways,
         * which take no file. */
        if (kinds[k].is_folder && (w == WAY_OPEN_ACTION || w == WAY_OPEN_BUTTON || w == WAY_IMPORT))
          continue;
        if (!kinds[k].is_folder && w == WAY_OPEN_FOLDER)
          continue;
        g_test_message ("%s through the %s", kinds[k].name ? kinds[k].name : "a session", way_names[w]);
        /* Another GPU first: the session must set it back. */
        app_test_choose_gpu (window, "Compute capability 8.6");
        app_test_forget_message ();
        /* Each open is of another file than the one before it (a session
         * of this way's own, or another kind), so that the wait below
         * waits for this open. */
        g_assert_false (opened_condition (window, &o));
        open_by (window, w, file);
        app_test_wait_until (window, opened_condition, &o);
        g_assert_null (app_test_last_message ());
        if (kinds[k].name == NULL)
          {
            g_autofree char *gpu_id = NULL;

            g_object_get (app_test_calculation (window), "gpu-id", &gpu_id, NULL);
            g_assert_cmpstr (gpu_id, ==, "Compute capability 7.0");
            g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==,
                             session_threads (w));
            g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, 40);
          }
        else
          {
            if (kinds[k].n_kernels > 0)
              g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==,
                                kinds[k].n_kernels);
            else
              g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), >, 0);
            if (kinds[k].kernel != NULL)
              g_assert_true (lists_kernel (window, kinds[k].kernel));
          }
        g_assert_true (in_recent (window, path));
      }
  app_test_window_free (window);
}

/* What is neither a session nor anything the import reads says so, under
 * the name the user opened, and changes nothing. */
static void
test_neither (void)
{
  g_autofree char *path = g_build_filename (dir, "notes.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  g_assert_true (g_file_set_contents (path, "just some notes\nabout a kernel\n", -1, NULL));
  window = app_test_window_new ();
  before = app_test_session_data (window);
  cuocc_window_open_file (window, file);
  {
    Opened o = { &kinds[1], file };

    app_test_wait_until (window, opened_condition, &o);
  }
  g_assert_nonnull (app_test_last_message ());
  g_assert_true (g_str_has_prefix (app_test_last_message (), "Could not open “notes.txt”: "));
  after = app_test_session_data (window);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (in_recent (window, path));
  app_test_window_free (window);
  g_unlink (path);
}

/* A Triton kernel's details say the launch Triton makes, not a profile:
 * add_kernel.json has num_warps 4, blocks of 4 × 32 = 128 threads. */
static void
test_triton_details (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "triton", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GListModel *shown;
  const char *text;
  CuoccWindow *window;
  Opened o = { &kinds[G_N_ELEMENTS (kinds) - 1], file };

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  cuocc_window_open_file (window, file);
  app_test_wait_until (window, opened_condition, &o);
  g_assert_null (app_test_last_message ());
  shown = app_test_shown (window);
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);

      if (g_str_has_prefix (cuocc_kernel_item_get_kernel (item)->name, "add_kernel"))
        cuocc_kernels_panel_choose (app_test_kernels_panel (window), i);
    }
  g_assert_nonnull (cuocc_kernels_panel_get_chosen (app_test_kernels_panel (window), NULL));
  text = app_test_details_text (app_test_kernels_panel (window), "profiler_label");
  g_assert_nonnull (text);
  g_assert_null (strstr (text, "Nsight Compute"));
  g_assert_cmpstr (text, ==, "Triton launches it in blocks of 128 threads.");
  app_test_window_free (window);
}

/* A GtkButton below GTK's file chooser path bar, or NULL. */
static GtkWidget *
find_path_bar_button (GtkWidget *widget,
                      gboolean   in_path_bar)
{
  in_path_bar = in_path_bar || g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkPathBar");
  if (in_path_bar && G_OBJECT_TYPE (widget) == GTK_TYPE_BUTTON)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_path_bar_button (child, in_path_bar);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* every-way failed on loaded cores on GTK 4.8's warning "Trying to snapshot
 * GtkButton … without a current allocation": the button was one of the
 * slider buttons of the file chooser's path bar, drawn before the chooser
 * had read its folder (app-test.c). That warning, about that widget, is
 * printed but fails no test on GTK 4.8; the same warning about a button of
 * the app's, or another warning about the path bar's, still fails. */
static void
test_gtk_path_bar_warning (void)
{
  GtkWidget *chooser;
  GtkWidget *theirs;
  GtkWidget *ours;
  g_autofree char *about_ours = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  SKIP_FILE_CHOOSER_UNDER_SANITIZERS ();
  window = app_test_window_new ();
  ours = find_action_button (GTK_WIDGET (window), "win.open");
  g_assert_nonnull (ours);
  about_ours =
      g_strdup_printf ("Trying to snapshot GtkButton %p without a current allocation", (void *) ours);
  g_assert_false (app_test_is_gtk_path_bar_warning (about_ours));
  g_assert_false (app_test_is_gtk_path_bar_warning (NULL));

  chooser = g_object_ref_sink (gtk_file_chooser_widget_new (GTK_FILE_CHOOSER_ACTION_OPEN));
  theirs = find_path_bar_button (chooser, FALSE);
  if (gtk_get_minor_version () < 10)
    {
      g_autofree char *about_theirs = NULL;
      g_autofree char *other = NULL;

      /* GTK 4.8's path bar: its slider buttons are GtkButtons. */
      g_assert_nonnull (theirs);
      about_theirs =
          g_strdup_printf ("Trying to snapshot GtkButton %p without a current allocation", (void *) theirs);
      g_assert_true (app_test_is_gtk_path_bar_warning (about_theirs));
      other = g_strdup_printf ("Trying to snapshot GtkButton %p with something else wrong", (void *) theirs);
      g_assert_false (app_test_is_gtk_path_bar_warning (other));
    }
  else if (theirs != NULL)
    {
      g_autofree char *about_theirs =
          g_strdup_printf ("Trying to snapshot GtkButton %p without a current allocation", (void *) theirs);

      /* GTK 4.10 rewrote the path bar: nothing is forgiven there. */
      g_assert_false (app_test_is_gtk_path_bar_warning (about_theirs));
    }
  g_object_unref (chooser);
  app_test_window_free (window);
}

/* The labels under WIDGET, as shown (mnemonics' underscores taken out). */
static void
collect_labels (GtkWidget *widget,
                GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static GtkMenuButton *
find_menu_button (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found;

      if (GTK_IS_MENU_BUTTON (child) && gtk_widget_get_mapped (child)
          && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (child)) != NULL
          && g_menu_model_get_n_items (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (child))) > 3)
        return GTK_MENU_BUTTON (child);
      if ((found = find_menu_button (child)) != NULL)
        return found;
    }
  return NULL;
}

/* Open Recent shows a file's name as it is: "my_kernels.so" read
 * "mykernels.so" (the underscore taken for a mnemonic). Read off the main
 * menu's own labels, opened in the window. */
static void
test_recent_underscores (void)
{
  g_autofree char *path = g_build_filename (dir, "my_kernels_v2.so", NULL);
  const char *recent[] = { path, NULL };
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  GtkMenuButton *button;
  GtkPopover *popover;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  window = app_test_window_new ();
  g_settings_set_strv (app_test_settings (), "recent-files", recent);
  button = find_menu_button (GTK_WIDGET (window));
  g_assert_nonnull (button);
  gtk_menu_button_popup (button);
  popover = gtk_menu_button_get_popover (button);
  g_assert_nonnull (popover);
  while (!gtk_widget_get_mapped (GTK_WIDGET (popover)))
    g_main_context_iteration (NULL, TRUE);
  collect_labels (GTK_WIDGET (popover), texts);
  g_assert_true (g_ptr_array_find_with_equal_func (texts, "my_kernels_v2.so", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (texts, "mykernels_v2.so", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (texts, "mykernelsv2.so", g_str_equal, NULL));
  gtk_menu_button_popdown (button);
  app_test_window_free (window);
}


/* The model button of the open menu whose label is @text (its mnemonic's
 * underscores left out), or NULL. */
static GtkWidget *
find_menu_item (GtkWidget  *widget,
                const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;
      g_autofree char *label = NULL;

      if (g_str_equal (G_OBJECT_TYPE_NAME (child), "GtkModelButton") && gtk_widget_get_mapped (child))
        {
          g_auto(GStrv) pieces = NULL;
          g_autofree char *plain = NULL;

          g_object_get (child, "text", &label, NULL);
          pieces = g_strsplit (label != NULL ? label : "", "_", -1);
          plain = g_strjoinv ("", pieces);
          if (g_str_equal (plain, text))
            return child;
        }
      if ((found = find_menu_item (child, text)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
popover_mapped (CuoccWindow   *window,
                gconstpointer  popover)
{
  return gtk_widget_get_mapped (GTK_WIDGET (popover));
}

static gboolean
menu_lists (CuoccWindow   *window,
            gconstpointer  name)
{
  GtkPopover *popover = gtk_menu_button_get_popover (find_menu_button (GTK_WIDGET (window)));

  return find_menu_item (GTK_WIDGET (popover), name) != NULL;
}

/* Open Recent as a user takes it from the keyboard: F10 opens the main
 * menu, Return on "Open Recent" its submenu, Return on the file opens it
 * (the keys are real: XTest). */
static void
open_recent_by_keys (CuoccWindow *window,
                     const char  *name)
{
  GtkMenuButton *button = find_menu_button (GTK_WIDGET (window));
  GtkPopover *popover;
  GtkWidget *item;

  g_assert_nonnull (button);
  popover = gtk_menu_button_get_popover (button);
  app_test_press_keys (GTK_WINDOW (window), "F10");
  app_test_wait_until (window, popover_mapped, popover);
  item = find_menu_item (GTK_WIDGET (popover), "Open Recent");
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_grab_focus (item));
  app_test_press_keys (GTK_WINDOW (window), "Return");
  app_test_wait_until (window, menu_lists, name);
  item = find_menu_item (GTK_WIDGET (popover), name);
  g_assert_true (gtk_widget_grab_focus (item));
  app_test_press_keys (GTK_WINDOW (window), "Return");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
}

static gboolean
help_shown (CuoccWindow   *window,
            gconstpointer  data)
{
  return app_test_help_window (window) != NULL;
}

static gboolean
chooser_shown (CuoccWindow   *window,
               gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* The application's shortcuts window is a toplevel too, hidden. */
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (top) && gtk_widget_get_mapped (top))
        return TRUE;
    }
  return FALSE;
}


/* A window of the application, at the size the saved window size gives. */
static CuoccWindow *
window_of_application (int width,
                       int height)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr(GError) error = NULL;
  CuoccWindow *window;

  if (app == NULL)
    {
      app = cuocc_application_new ();
      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
      g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
      g_assert_no_error (error);
    }
  app_test_reset_settings ();
  app_test_forget_message ();
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  window = cuocc_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_size (window, width, height);
  return window;
}

/* Issue 29 §6: after a session was opened from Open Recent no key worked
 * (Ctrl+O, F1, Alt+2, Tab) until a text field was clicked: the menu,
 * closed by the item, went back to its main page and GtkStack took the
 * focus there, inside the closed menu. A file the import reads, opened the
 * same way, did not do it. Each key is pressed right after an Open Recent,
 * at 800 × 600 and 1920 × 1080. */
static void
test_recent_keys (void)
{
  static const struct { int width, height; } sizes[] = { { 800, 600 }, { 1920, 1080 } };
  static const char *keys[] = { "<Control>o", "F1", "Tab", "<Alt>2" };
  g_autofree char *session = g_build_filename (dir, "keys.cuocc", NULL);
  g_autofree char *log = g_test_build_filename (G_TEST_DIST, "import", "data", "ptxas-sm90.log", NULL);
  const char *recent[] = { session, log, NULL };

  SKIP_WITHOUT_DISPLAY ();
  SKIP_WITHOUT_KEY_EVENTS ();
  /* Not yet traced: after this test LeakSanitizer reports GIO's
   * g_content_type_guess () (gdk-pixbuf loading icons in a thread) and
   * a few blocks from other threads; the normal build runs it. */
  if (g_getenv ("CUOCC_SANITIZED") != NULL)
    {
      g_test_skip ("LeakSanitizer reports leaks of GIO and threads after it, not yet traced");
      return;
    }
  g_assert_true (
      g_file_set_contents (session, "[Kernel]\ngpu=NVIDIA A100 SXM4\nthreads=128\nregs=40\n", -1, NULL));
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      for (guint f = 0; f < 2; f++)
        {
          CuoccWindow *window = window_of_application (sizes[s].width, sizes[s].height);
          g_autoptr(GFile) file = g_file_new_for_path (recent[f]);
          g_autofree char *name = g_path_get_basename (recent[f]);
          GtkWidget *focus;
          Opened opened = { f == 0 ? &kinds[0] : &kinds[1], file };

          g_test_message ("%d × %d, %s, then %s", sizes[s].width, sizes[s].height, name, keys[k]);
          g_settings_set_strv (app_test_settings (), "recent-files", recent);
          open_recent_by_keys (window, name);
          app_test_wait_until (window, opened_condition, &opened);
          g_assert_null (app_test_last_message ());
          app_test_wait_for_frame (GTK_WIDGET (window));

          /* The focus lands in the window itself, not in the closed menu:
           * waited for (the menu closes over a frame or two on a loaded
           * machine), then the keys must work. */
          app_test_wait_until (window, focus_in_window, NULL);
          focus = gtk_window_get_focus (GTK_WINDOW (window));
          g_assert_true (focus_in_window (window, NULL));

          app_test_press_keys (GTK_WINDOW (window), keys[k]);
          if (g_str_equal (keys[k], "<Alt>2"))
            g_assert_cmpstr (adw_view_stack_get_visible_child_name (app_test_stack (window)), ==, "tuning");
          else if (g_str_equal (keys[k], "<Control>o"))
            app_test_wait_until (window, chooser_shown, NULL);
          else if (g_str_equal (keys[k], "F1"))
            app_test_wait_until (window, help_shown, NULL);
          else
            {
              /* Tab moves the focus on, to a widget of the window. */
              g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) != focus);
              focus = gtk_window_get_focus (GTK_WINDOW (window));
              g_assert_nonnull (focus);
              g_assert_true (gtk_widget_get_mapped (focus));
              g_assert_true (GTK_WIDGET (gtk_widget_get_native (focus)) == GTK_WIDGET (window));
            }
          app_test_window_free (window);
        }
  g_unlink (session);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  app_test_init ();
  dir = g_dir_make_tmp ("cuocc-open-XXXXXX", NULL);

  g_test_add_func ("/cuocc/app/open/every-way", test_every_way);
  g_test_add_func ("/cuocc/app/open/gtk-path-bar-warning", test_gtk_path_bar_warning);
  g_test_add_func ("/cuocc/app/open/neither", test_neither);
  g_test_add_func ("/cuocc/app/open/triton-details", test_triton_details);
  g_test_add_func ("/cuocc/app/open/recent-underscores", test_recent_underscores);
  g_test_add_func ("/cuocc/app/open/recent-keys", test_recent_keys);

  status = g_test_run ();
  g_clear_object (&app);
  for (guint w = 0; w < N_WAYS; w++)
    {
      g_autofree char *session = session_path (w);

      g_unlink (session);
    }
  g_rmdir (dir);
  g_free (dir);
  return status;
}
