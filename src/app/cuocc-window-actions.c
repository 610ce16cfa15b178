/* cuocc-window-actions.c — the window's actions: the file dialogs of Open,
 * Save, the exports and custom devices (what each does with the file
 * chosen: cuocc-window-files.c), the clipboard, the pages, help and the
 * suggested block size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compat.h"
#include "cuocc-format.h"
#include "cuocc-window-private.h"

/* Open takes whatever cuocc reads, decided by content; executables have no
 * extension, so "All files" comes first. */
static const CuoccFileFilter open_filters[] = {
  { N_("All files"), { "*", NULL } },
  { N_("Occupancy sessions"), { "*.cuocc", NULL } },
  { N_("CUDA binaries and Triton caches"), { "*.cubin", "*.fatbin", "*.so*", "*.o", "*.a", NULL } },
  { N_("Compiler and profiler logs"), { "*.log", "*.txt", "*.csv", "*.out", NULL } },
};

/* Import names what it is for: the binaries first. */
static const CuoccFileFilter import_filters[] = {
  { N_("All files"), { "*", NULL } },
  { N_("CUDA binaries and Triton caches"), { "*.cubin", "*.fatbin", "*.so*", "*.o", "*.a", NULL } },
  { N_("Compiler and profiler logs"), { "*.log", "*.txt", "*.csv", "*.out", NULL } },
};

static const CuoccFileFilter session_filters[] = {
  { N_("Occupancy sessions"), { "*.cuocc", NULL } },
  { N_("All files"), { "*", NULL } },
};

static const CuoccFileFilter device_filters[] = {
  { N_("Device descriptions"), { "*.ini", "*.conf", "*.device", "*.txt", NULL } },
  { N_("All files"), { "*", NULL } },
};

static const CuoccFileFilter graph_filters[] = {
  { N_("Images, documents and tables"), { "*.png", "*.svg", "*.pdf", "*.csv", NULL } },
  { N_("PNG images"), { "*.png", NULL } },
  { N_("SVG drawings"), { "*.svg", NULL } },
  { N_("PDF documents"), { "*.pdf", NULL } },
  { N_("CSV tables"), { "*.csv", NULL } },
};

static const CuoccFileFilter results_filters[] = {
  { N_("CSV or JSON"), { "*.csv", "*.json", NULL } },
};

static const CuoccFileFilter histogram_filters[] = {
  { N_("PNG image"), { "*.png", NULL } },
  { N_("SVG image"), { "*.svg", NULL } },
  { N_("PDF document"), { "*.pdf", NULL } },
  { N_("CSV table"), { "*.csv", NULL } },
};

/* ----- the file actions ----- */

/* What an action asks for; cuocc-window-files.c does what it does with the
 * file chosen (cuocc_window_use_file ()). */
typedef struct {
  const char *action;
  const char *parameter_type;      /* "s" for the graph to export, or NULL */
  CuoccFileDialogMode mode;
  const char *title;               /* N_() */
  const char *initial_name;        /* N_(), or NULL */
  const CuoccFileFilter *filters;
  guint n_filters;
} FileAction;

/* The actions that ask for a file, then hand it on. */
static const FileAction file_actions[] = {
  { "win.open", NULL, CUOCC_FILE_DIALOG_OPEN, N_("Open"), NULL, open_filters, G_N_ELEMENTS (open_filters) },
  /* GTK's file chooser opens files and only enters folders: a Triton cache
   * folder is chosen here, as GNOME's editors open a folder. */
  { "win.open-folder", NULL, CUOCC_FILE_DIALOG_FOLDER, N_("Open a Folder"), NULL, NULL, 0 },
  { "win.import", NULL, CUOCC_FILE_DIALOG_OPEN, N_("Import Kernels"), NULL,
    import_filters, G_N_ELEMENTS (import_filters) },
  { "win.save-as", NULL, CUOCC_FILE_DIALOG_SAVE, N_("Save the Session"), N_("kernel.cuocc"),
    session_filters, G_N_ELEMENTS (session_filters) },
  { "win.export-results", NULL, CUOCC_FILE_DIALOG_SAVE, N_("Export the Results"), N_("occupancy.csv"),
    results_filters, G_N_ELEMENTS (results_filters) },
  { "win.export-kernels", NULL, CUOCC_FILE_DIALOG_SAVE, N_("Export the Kernels Shown"), N_("kernels.csv"),
    results_filters, G_N_ELEMENTS (results_filters) },
  /* The kernels summary's Export the Histogram… */
  { "win.export-histogram", NULL, CUOCC_FILE_DIALOG_SAVE, N_("Export the Histogram"), N_("kernels-by-occupancy.png"),
    histogram_filters, G_N_ELEMENTS (histogram_filters) },
  { "win.export-graph", "s", CUOCC_FILE_DIALOG_SAVE, N_("Export the Graph"), NULL,
    graph_filters, G_N_ELEMENTS (graph_filters) },
  { "win.load-custom-device", NULL, CUOCC_FILE_DIALOG_OPEN, N_("Load a Custom Device"), NULL,
    device_filters, G_N_ELEMENTS (device_filters) },
};

/* A file chooser's request: the action, and the graph it exports. */
typedef struct {
  const FileAction *action;
  char *which;
} Chosen;

/* ----- helpers ----- */

static const FileAction *
find_file_action (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (file_actions); i++)
    if (g_str_equal (file_actions[i].action, name))
      return &file_actions[i];
  g_assert_not_reached ();
}

static void
chosen_free (gpointer data)
{
  Chosen *chosen = data;

  g_free (chosen->which);
  g_free (chosen);
}

/* ----- callbacks ----- */

static void
file_chosen_cb (GObject  *owner,
                GFile    *file,
                gpointer  user_data)
{
  Chosen *chosen = user_data;

  cuocc_window_use_file (CUOCC_WINDOW (owner), chosen->action->action, chosen->which, file, NULL);
}

static void
file_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);
  const FileAction *action = find_file_action (action_name);
  const char *which = parameter != NULL ? g_variant_get_string (parameter, NULL) : NULL;
  CuoccFileDialogSpec spec = {
    action->mode, _(action->title), NULL, action->filters, action->n_filters,
  };
  g_autofree char *name = NULL;
  Chosen *chosen;

  if (which != NULL)
    {
      /* Translators: the suggested file name of an exported graph; "%s" is "threads", "regs", "smem" or "all" */
      name = g_strdup_printf (_("occupancy-%s.png"), which);
      if (g_str_equal (which, "all"))
        spec.title = _("Export All Graphs");
      else if (g_str_equal (which, "sheet"))
        spec.title = _("Export All Graphs as One Image");
    }
  /* A session saved again under another name starts from its own. */
  else if (g_str_equal (action->action, "win.save-as") && self->session_file != NULL)
    name = g_file_get_basename (self->session_file);
  else if (action->initial_name != NULL)
    name = g_strdup (_(action->initial_name));

  spec.initial_name = name;
  chosen = g_new0 (Chosen, 1);
  chosen->action = action;
  chosen->which = g_strdup (which);
  cuocc_compat_file_dialog_run (GTK_WINDOW (self), &spec, file_chosen_cb, chosen, chosen_free);
}

static void
save_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  if (self->session_file == NULL)
    {
      file_action_cb (widget, "win.save-as", NULL);
      return;
    }

  cuocc_window_use_file (self, "win.save-as", NULL, self->session_file, NULL);
}

static void
open_recent_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  cuocc_window_open_file (CUOCC_WINDOW (widget), file);
}

/* Alt+1, Alt+2, Alt+3: the page named. */
static void
show_page_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  if (adw_view_stack_get_child_by_name (self->stack, name) != NULL)
    adw_view_stack_set_visible_child_name (self->stack, name);
}

/* F1: what each part of the window does, beside it; one at a time. */
static void
help_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);
  g_autoptr(GtkBuilder) builder = NULL;

  if (self->help_window == NULL)
    {
      builder = gtk_builder_new_from_resource ("/io/github/cuocc/Calculator/ui/cuocc-help-window.ui");
      self->help_window = GTK_WIDGET (gtk_builder_get_object (builder, "help_window"));
      g_object_add_weak_pointer (G_OBJECT (self->help_window), (gpointer *) &self->help_window);
      gtk_window_set_transient_for (GTK_WINDOW (self->help_window), GTK_WINDOW (self));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self->help_window), TRUE);
    }
  gtk_window_present (GTK_WINDOW (self->help_window));
}

static void
copy_results_action_cb (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);
  g_autofree char *text = _cuocc_window_results_to_text (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Results copied")));
}

static void
apply_best_block_size_action_cb (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  cuocc_input_model_set_value (self->inputs, CUOCC_INPUT_KEY_THREADS,
                               cuocc_calculation_get_best_block_size (self->calculation), CUOCC_INPUT_ORIGIN_SUGGESTION,
                               NULL);
}

/* ----- shared with the window's other files ----- */

void
_cuocc_window_class_init_actions (GtkWidgetClass *widget_class)
{
  for (guint i = 0; i < G_N_ELEMENTS (file_actions); i++)
    gtk_widget_class_install_action (widget_class, file_actions[i].action, file_actions[i].parameter_type,
                                     file_action_cb);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action_cb);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action_cb);
  gtk_widget_class_install_action (widget_class, "win.copy-results", NULL, copy_results_action_cb);
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action_cb);
  gtk_widget_class_install_action (widget_class, "win.help", NULL, help_action_cb);
  gtk_widget_class_install_action (widget_class, "win.apply-best-block-size", NULL, apply_best_block_size_action_cb);
}

/* Every action's enabled state, in one place. */
void
_cuocc_window_update_actions (CuoccWindow *self)
{
  gboolean have = cuocc_calculation_get_have_result (self->calculation);
  int best = cuocc_calculation_get_best_block_size (self->calculation);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-graph", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-results", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-results", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.apply-best-block-size",
                                 have && best > 0 && best != cuocc_calculation_get_input (self->calculation)->threads);
}

void
_cuocc_window_update_recent (CuoccWindow *self)
{
  g_auto(GStrv) recent = g_settings_get_strv (self->settings, "recent-files");

  g_menu_remove_all (self->recent_section);
  if (recent[0] == NULL)
    {
      /* An item without an action is shown insensitive. */
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Files"), "win.no-recent");

      g_menu_append_item (self->recent_section, item);
    }
  for (guint i = 0; recent[i] != NULL; i++)
    {
      g_autofree char *name = g_filename_display_basename (recent[i]);
      g_autofree char *capped = cuocc_format_capped (name, CUOCC_NAME_MAX_CHARS);
      /* A menu's labels take "_" for a mnemonic: "my_kernels.so" read
       * "mykernels.so". "__" shows one. */
      g_auto(GStrv) pieces = g_strsplit (capped, "_", -1);
      g_autofree char *label = g_strjoinv ("__", pieces);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent", g_variant_new_string (recent[i]));
      g_menu_append_item (self->recent_section, item);
    }
}

void
_cuocc_window_request_custom_device (CuoccWindow *self)
{
  file_action_cb (GTK_WIDGET (self), "win.load-custom-device", NULL);
}

/* ----- public API ----- */

void
cuocc_window_open_file (CuoccWindow *self,
                        GFile       *file)
{
  g_return_if_fail (CUOCC_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  cuocc_window_use_file (self, "win.open", NULL, file, NULL);
}
