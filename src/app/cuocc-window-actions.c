/* cuocc-window-actions.c — the window's actions: sessions, exports, the
 * clipboard, the suggested block size and custom devices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compat.h"
#include "cuocc-format.h"
#include "cuocc-session.h"
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

/* What an action does with the file the user picked. */
typedef enum {
  USE_OPEN,
  USE_IMPORT,
  USE_SAVE_SESSION,
  USE_EXPORT_RESULTS,
  USE_EXPORT_GRAPH,
  USE_EXPORT_KERNELS,
  USE_EXPORT_HISTOGRAM,
  USE_LOAD_DEVICE,
} FileUse;

typedef struct {
  const char *action;
  const char *parameter_type;      /* "s" for the graph to export, or NULL */
  CuoccFileDialogMode mode;
  const char *title;               /* N_() */
  const char *initial_name;        /* N_(), or NULL */
  const CuoccFileFilter *filters;
  guint n_filters;
  FileUse use;
  const char *failed;              /* N_(): the error dialog's heading, "%s" the file's name */
  const char *done;                /* N_(): a notification, "%s" the file's name; or NULL */
} FileAction;

/* The actions that ask for a file, then hand it on. */
static const FileAction file_actions[] = {
  { "win.open", NULL, CUOCC_FILE_DIALOG_OPEN, N_("Open"), NULL,
    open_filters, G_N_ELEMENTS (open_filters), USE_OPEN,
    /* Translators: a dialog heading, e.g. "Could not open “kernel.cuocc”" */
    N_("Could not open “%s”"), NULL },
  /* GTK's file chooser opens files and only enters folders: a Triton cache
   * folder is chosen here, as GNOME's editors open a folder. */
  { "win.open-folder", NULL, CUOCC_FILE_DIALOG_FOLDER, N_("Open a Folder"), NULL,
    NULL, 0, USE_OPEN,
    N_("Could not open “%s”"), NULL },
  { "win.import", NULL, CUOCC_FILE_DIALOG_OPEN, N_("Import Kernels"), NULL,
    import_filters, G_N_ELEMENTS (import_filters), USE_IMPORT,
    /* Translators: a dialog heading, e.g. "Could not import “build.log”" */
    N_("Could not import “%s”"), NULL },
  { "win.save-as", NULL, CUOCC_FILE_DIALOG_SAVE, N_("Save the Session"), N_("kernel.cuocc"),
    session_filters, G_N_ELEMENTS (session_filters), USE_SAVE_SESSION,
    /* Translators: a dialog heading, e.g. "Could not save “kernel.cuocc”" */
    N_("Could not save “%s”"), NULL },
  { "win.export-results", NULL, CUOCC_FILE_DIALOG_SAVE, N_("Export the Results"), N_("occupancy.csv"),
    results_filters, G_N_ELEMENTS (results_filters), USE_EXPORT_RESULTS,
    /* Translators: a dialog heading, e.g. "Could not export “graph.png”" */
    N_("Could not export “%s”"),
    /* Translators: a notification, e.g. "Exported “graph.png”" */
    N_("Exported “%s”") },
  { "win.export-kernels", NULL, CUOCC_FILE_DIALOG_SAVE, N_("Export the Kernels Shown"), N_("kernels.csv"),
    results_filters, G_N_ELEMENTS (results_filters), USE_EXPORT_KERNELS,
    /* its own notification says how many kernels it wrote */
    N_("Could not export “%s”"), NULL },
  /* The kernels summary's Export the Histogram… */
  { "win.export-histogram", NULL, CUOCC_FILE_DIALOG_SAVE, N_("Export the Histogram"), N_("kernels-by-occupancy.png"),
    histogram_filters, G_N_ELEMENTS (histogram_filters), USE_EXPORT_HISTOGRAM,
    N_("Could not export “%s”"), N_("Exported “%s”") },
  { "win.export-graph", "s", CUOCC_FILE_DIALOG_SAVE, N_("Export the Graph"), NULL,
    graph_filters, G_N_ELEMENTS (graph_filters), USE_EXPORT_GRAPH,
    N_("Could not export “%s”"), NULL },
  { "win.load-custom-device", NULL, CUOCC_FILE_DIALOG_OPEN, N_("Load a Custom Device"), NULL,
    device_filters, G_N_ELEMENTS (device_filters), USE_LOAD_DEVICE,
    /* Translators: a dialog heading, e.g. "Could not load “next-gpu.ini”" */
    N_("Could not load “%s”"), NULL },
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
  return NULL;
}

/* The exports and a device description go by path: a local file's. */
static gboolean
is_local (const char  *path,
          const char  *message,
          GError     **error)
{
  if (path == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, message);
  return path != NULL;
}

static void
chosen_free (gpointer data)
{
  Chosen *chosen = data;

  g_free (chosen->which);
  g_free (chosen);
}

/* The table's formats take the file's name for their one "%s". Held in a
 * table, they escape the compiler's check of a literal format against its
 * arguments; msgfmt --check (tests/data/check-translations.sh) still checks
 * each translation against its msgid, and test-window's
 * /cuocc/app/file-chosen checks the messages. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static char *
format_with_name (const char *format,
                  GFile      *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return g_strdup_printf (format, name);
}
#pragma GCC diagnostic pop

/* Every way in (Open, Import, the command line, a drop, Open Recent) ends
 * here: the file's first bytes, never its name, say what it is. What the
 * import reads goes to the kernels sidebar, read in the background; a
 * session is small and read at once. A folder is a Triton cache. */
static gboolean
open_by_content (CuoccWindow  *self,
                 GFile        *file,
                 gboolean      as_import,
                 GError      **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *head = NULL;
  gsize n = 0;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return FALSE;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_DIRECTORY)
    {
      stream = g_file_read (file, NULL, error);
      if (stream == NULL)
        return FALSE;
      head = g_malloc (CUOCC_IMPORT_DETECT_BYTES);
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), head, CUOCC_IMPORT_DETECT_BYTES, &n, NULL, error))
        return FALSE;
      /* A log whose first kernels come later than its first bytes is
       * still the import's: only a session's own start makes it a session. */
      if (cuocc_import_detect (head, n) == CUOCC_IMPORT_FORMAT_UNKNOWN && cuocc_session_sniff (head, n))
        return _cuocc_window_load_session (self, file, error);
    }
  _cuocc_window_import_file (self, file);
  /* A failure is named as the user asked: "Could not open", "Could not import". */
  self->opening_is_import = as_import;
  return TRUE;
}

static gboolean
use_file (CuoccWindow       *self,
          const FileAction  *action,
          GFile             *file,
          const char        *which,
          GError           **error)
{
  g_autofree char *path = g_file_get_path (file);

  switch (action->use)
    {
    case USE_OPEN:
    case USE_IMPORT:
      return open_by_content (self, file, action->use == USE_IMPORT, error);
    case USE_SAVE_SESSION:
      return _cuocc_window_save_session (self, file, error);
    case USE_EXPORT_RESULTS:
      return is_local (path, _("Only local files can be written."), error) &&
             _cuocc_window_export_results (self, path, error);
    case USE_EXPORT_GRAPH:
      /* On success, its own notification names every file it wrote. */
      return is_local (path, _("Only local files can be written."), error) &&
             _cuocc_window_export_graph (self, which, path, error);
    case USE_EXPORT_KERNELS:
      return is_local (path, _("Only local files can be written."), error) &&
             _cuocc_window_export_kernels (self, path, error);
    case USE_EXPORT_HISTOGRAM:
      return is_local (path, _("Only local files can be written."), error) &&
             cuocc_kernels_panel_export_histogram (self->kernels_panel, path, error);
    case USE_LOAD_DEVICE:
      return is_local (path, _("Only local files can be opened."), error) &&
             cuocc_input_model_set_gpu (self->inputs, path, CUOCC_INPUT_ORIGIN_USER, error);
    }
  g_assert_not_reached ();
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

  g_assert (action != NULL);
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
  else if (action->use == USE_SAVE_SESSION && self->session_file != NULL)
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

/**
 * cuocc_window_use_file:
 * @self: the window
 * @action: the window's action that asks for a file: "win.open",
 *   "win.open-folder", "win.import", "win.save-as", "win.export-results",
 *   "win.export-kernels", "win.export-histogram", "win.export-graph" or
 *   "win.load-custom-device"; any other is a programmer's error
 * @which: the action's target where it takes one (the graph that
 *   "win.export-graph" exports: "threads", "regs", "smem", "barriers",
 *   "cluster-size", a heatmap's name, "sheet" or "all"), else %NULL
 * @file: the file chosen
 * @error: where a failure is told, or %NULL
 *
 * What the action does with the file the user chose in its file dialog;
 * the dialog hands its choice on here, and Save, Open Recent and the
 * command line go through here too. A failure is shown as the user sees it,
 * in an error dialog naming the file, and told in @error; a success shows
 * the notification the action gives. A file to import (Open and Import
 * read binaries, logs and Triton caches) is read in the background: %TRUE
 * says the reading began, and where it fails the window says so later; a
 * file that cannot be found or read fails at once. A session is read, and
 * every export written, before it returns.
 *
 * Returns: whether the action did its part
 */
gboolean
cuocc_window_use_file (CuoccWindow  *self,
                       const char   *action,
                       const char   *which,
                       GFile        *file,
                       GError      **error)
{
  const FileAction *file_action;
  g_autoptr(GError) failure = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  file_action = find_file_action (action);
  g_return_val_if_fail (file_action != NULL, FALSE);
  g_return_val_if_fail ((which != NULL) == (file_action->parameter_type != NULL), FALSE);

  if (!use_file (self, file_action, file, which, &failure))
    {
      text = format_with_name (_(file_action->failed), file);
      _cuocc_window_show_error (self, text, failure);
      g_propagate_error (error, g_steal_pointer (&failure));
      return FALSE;
    }
  if (file_action->done != NULL)
    {
      text = format_with_name (_(file_action->done), file);
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
    }
  return TRUE;
}
