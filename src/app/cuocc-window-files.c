/* cuocc-window-files.c — what each of the window's file actions does with
 * the file the user chose: open or import it, save the session, export,
 * load a device description. cuocc-window-actions.c asks for the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-session.h"
#include "cuocc-window-private.h"

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
  gboolean has_target;             /* the graph to export */
  FileUse use;
  const char *failed;              /* N_(): the error dialog's heading, "%s" the file's name */
  const char *done;                /* N_(): a notification, "%s" the file's name; or NULL */
} FileAction;

/* The actions that ask for a file (cuocc-window-actions.c), and what they
 * do with it. */
static const FileAction file_actions[] = {
  /* Translators: a dialog heading, e.g. "Could not open “kernel.cuocc”" */
  { "win.open", FALSE, USE_OPEN, N_("Could not open “%s”"), NULL },
  { "win.open-folder", FALSE, USE_OPEN, N_("Could not open “%s”"), NULL },
  /* Translators: a dialog heading, e.g. "Could not import “build.log”" */
  { "win.import", FALSE, USE_IMPORT, N_("Could not import “%s”"), NULL },
  /* Translators: a dialog heading, e.g. "Could not save “kernel.cuocc”" */
  { "win.save-as", FALSE, USE_SAVE_SESSION, N_("Could not save “%s”"), NULL },
  { "win.export-results", FALSE, USE_EXPORT_RESULTS,
    /* Translators: a dialog heading, e.g. "Could not export “graph.png”" */
    N_("Could not export “%s”"),
    /* Translators: a notification, e.g. "Exported “graph.png”" */
    N_("Exported “%s”") },
  /* its own notification says how many kernels it wrote */
  { "win.export-kernels", FALSE, USE_EXPORT_KERNELS, N_("Could not export “%s”"), NULL },
  { "win.export-histogram", FALSE, USE_EXPORT_HISTOGRAM, N_("Could not export “%s”"), N_("Exported “%s”") },
  /* its own notification names every file it wrote */
  { "win.export-graph", TRUE, USE_EXPORT_GRAPH, N_("Could not export “%s”"), NULL },
  /* Translators: a dialog heading, e.g. "Could not load “next-gpu.ini”" */
  { "win.load-custom-device", FALSE, USE_LOAD_DEVICE, N_("Could not load “%s”"), NULL },
};

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

/* ----- public API ----- */

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
  g_return_val_if_fail ((which != NULL) == file_action->has_target, FALSE);

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
