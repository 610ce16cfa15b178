/* cuocc-window-actions.c — the window's actions: sessions, exports, the
 * clipboard, the suggested block size and custom devices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compat.h"
#include "cuocc-format.h"
#include "cuocc-window-private.h"

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

/* ----- helpers ----- */

/* user_data is freed once the dialog is gone. */
static void
ask_for_file (CuoccWindow               *self,
              const CuoccFileDialogSpec *spec,
              CuoccFileDialogFunc        func,
              char                      *user_data)
{
  cuocc_compat_file_dialog_run (GTK_WINDOW (self), spec, func, user_data, g_free);
}

/* A macro, so that the compiler checks each translated format. */
#define show_file_error(self, format, file, error) \
  G_STMT_START { \
    g_autofree char *name_ = g_file_get_basename (file); \
    g_autofree char *heading_ = g_strdup_printf (format, name_); \
    cuocc_window_show_error (self, heading_, error); \
  } G_STMT_END

/* ----- callbacks ----- */

static void
open_chosen_cb (GObject  *owner,
                GFile    *file,
                gpointer  user_data)
{
  cuocc_window_open_file (CUOCC_WINDOW (owner), file);
}

static void
save_chosen_cb (GObject  *owner,
                GFile    *file,
                gpointer  user_data)
{
  CuoccWindow *self = CUOCC_WINDOW (owner);
  g_autoptr(GError) error = NULL;

  if (!cuocc_window_save_session (self, file, &error))
    /* Translators: a dialog heading, e.g. "Could not save “kernel.cuocc”" */
    show_file_error (self, _("Could not save “%s”"), file, error);
}

static void
export_done (CuoccWindow  *self,
             GFile        *file,
             gboolean      ok,
             const GError *error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *message = NULL;

  if (!ok)
    {
      /* Translators: a dialog heading, e.g. "Could not export “graph.png”" */
      show_file_error (self, _("Could not export “%s”"), file, error);
      return;
    }

  /* Translators: a notification, e.g. "Exported “graph.png”" */
  message = g_strdup_printf (_("Exported “%s”"), name);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

static void
export_graph_chosen_cb (GObject  *owner,
                        GFile    *file,
                        gpointer  user_data)
{
  CuoccWindow *self = CUOCC_WINDOW (owner);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);

  /* On success, the export's toast names the files it wrote. */
  if (!cuocc_window_export_graph (self, user_data, path, &error))
    /* Translators: a dialog heading, e.g. "Could not export “graph.png”" */
    show_file_error (self, _("Could not export “%s”"), file, error);
}

static void
export_results_chosen_cb (GObject  *owner,
                          GFile    *file,
                          gpointer  user_data)
{
  CuoccWindow *self = CUOCC_WINDOW (owner);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  gboolean ok;

  ok = cuocc_window_export_results (self, path, &error);
  export_done (self, file, ok, error);
}

static void
device_chosen_cb (GObject  *owner,
                  GFile    *file,
                  gpointer  user_data)
{
  CuoccWindow *self = CUOCC_WINDOW (owner);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened."));

  if (path == NULL || !cuocc_input_panel_select_gpu (self->input_panel, path, &error))
    /* Translators: a dialog heading, e.g. "Could not load “next-gpu.ini”" */
    show_file_error (self, _("Could not load “%s”"), file, error);
}

/* The actions that ask for a file, then hand it on. */
static const struct {
  const char *action;
  CuoccFileDialogMode mode;
  const char *title;               /* N_() */
  const char *initial_name;        /* N_(), or NULL */
  const CuoccFileFilter *filters;
  guint n_filters;
  CuoccFileDialogFunc chosen;
} file_actions[] = {
  { "win.open", CUOCC_FILE_DIALOG_OPEN, N_("Open a Session"), NULL,
    session_filters, G_N_ELEMENTS (session_filters), open_chosen_cb },
  { "win.save-as", CUOCC_FILE_DIALOG_SAVE, N_("Save the Session"), N_("kernel.cuocc"),
    session_filters, G_N_ELEMENTS (session_filters), save_chosen_cb },
  { "win.export-results", CUOCC_FILE_DIALOG_SAVE, N_("Export the Results"), N_("occupancy.csv"),
    results_filters, G_N_ELEMENTS (results_filters), export_results_chosen_cb },
  { "win.load-custom-device", CUOCC_FILE_DIALOG_OPEN, N_("Load a Custom Device"), NULL,
    device_filters, G_N_ELEMENTS (device_filters), device_chosen_cb },
};

static void
file_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  for (guint i = 0; i < G_N_ELEMENTS (file_actions); i++)
    if (g_str_equal (file_actions[i].action, action_name))
      {
        /* A session saved again under another name starts from its own. */
        g_autofree char *name = g_str_equal (action_name, "win.save-as") && self->session_file != NULL
                                ? g_file_get_basename (self->session_file)
                                : g_strdup (file_actions[i].initial_name ? _(file_actions[i].initial_name) : NULL);
        CuoccFileDialogSpec spec = {
          file_actions[i].mode, _(file_actions[i].title), name, file_actions[i].filters, file_actions[i].n_filters,
        };

        ask_for_file (self, &spec, file_actions[i].chosen, NULL);
        return;
      }
  g_assert_not_reached ();
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  if (self->session_file == NULL)
    {
      file_action (widget, "win.save-as", NULL);
      return;
    }

  save_chosen_cb (G_OBJECT (self), self->session_file, NULL);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  cuocc_window_open_file (CUOCC_WINDOW (widget), file);
}

static void
export_graph_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  const char *which = g_variant_get_string (parameter, NULL);
  /* Translators: the suggested file name of an exported graph; "%s" is "threads", "regs", "smem" or "all" */
  g_autofree char *name = g_strdup_printf (_("occupancy-%s.png"), which);
  const char *title = g_str_equal (which, "all") ? _("Export All Graphs")
                      : g_str_equal (which, "sheet") ? _("Export All Graphs as One Image") : _("Export the Graph");

  ask_for_file (CUOCC_WINDOW (widget),
                &(CuoccFileDialogSpec) { CUOCC_FILE_DIALOG_SAVE, title, name,
                                         graph_filters, G_N_ELEMENTS (graph_filters) },
                export_graph_chosen_cb, g_strdup (which));
}

static void
copy_results_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);
  g_autofree char *text = cuocc_window_results_to_text (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Results copied")));
}

static void
apply_best_block_size_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  cuocc_input_panel_set_value (self->input_panel, CUOCC_FIELD_THREADS,
                               cuocc_calculation_get_best_block_size (self->calculation));
}

/* ----- shared with the window's other files ----- */

void
cuocc_window_class_add_actions (GtkWidgetClass *widget_class)
{
  for (guint i = 0; i < G_N_ELEMENTS (file_actions); i++)
    gtk_widget_class_install_action (widget_class, file_actions[i].action, NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.export-graph", "s", export_graph_action);
  gtk_widget_class_install_action (widget_class, "win.copy-results", NULL, copy_results_action);
  gtk_widget_class_install_action (widget_class, "win.apply-best-block-size", NULL, apply_best_block_size_action);
}

/* Every action's enabled state, in one place. */
void
cuocc_window_update_actions (CuoccWindow *self)
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
cuocc_window_update_recent (CuoccWindow *self)
{
  g_auto(GStrv) recent = g_settings_get_strv (self->settings, "recent-files");

  g_menu_remove_all (self->recent_section);
  if (recent[0] == NULL)
    {
      /* An item without an action is shown insensitive. */
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Sessions"), "win.no-recent");

      g_menu_append_item (self->recent_section, item);
    }
  for (guint i = 0; recent[i] != NULL; i++)
    {
      g_autofree char *name = g_filename_display_basename (recent[i]);
      g_autofree char *label = cuocc_format_capped (name, CUOCC_NAME_MAX_CHARS);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent", g_variant_new_string (recent[i]));
      g_menu_append_item (self->recent_section, item);
    }
}

void
cuocc_window_request_custom_device (CuoccWindow *self)
{
  file_action (GTK_WIDGET (self), "win.load-custom-device", NULL);
}
