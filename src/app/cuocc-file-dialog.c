/* cuocc-file-dialog.c — the file chooser, on every GTK the app builds with:
 * GtkFileDialog from GTK 4.10, GtkFileChooserNative before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-file-dialog.h"

typedef struct {
  GObject *owner;
  CuoccFileDialogFunc func;
  gpointer user_data;
  GDestroyNotify destroy;
} Request;

/* ----- helpers ----- */

static void
request_free (Request *request)
{
  if (request->destroy != NULL)
    request->destroy (request->user_data);
  g_object_unref (request->owner);
  g_free (request);
}

static void
request_finish (Request *request,
                GFile   *file)
{
  if (file != NULL)
    request->func (request->owner, file, request->user_data);
  request_free (request);
}

static GtkFileFilter *
filter_new (const CuoccFileFilter *spec)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, spec->name);
  for (guint i = 0; i < G_N_ELEMENTS (spec->patterns) && spec->patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, spec->patterns[i]);

  return filter;
}

/* ----- callbacks ----- */

#if GTK_CHECK_VERSION (4, 10, 0)
static void
dialog_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GtkFileDialog *dialog = GTK_FILE_DIALOG (source);
  g_autoptr(GFile) file = NULL;

  if (g_object_get_data (source, "cuocc-save") != NULL)
    file = gtk_file_dialog_save_finish (dialog, result, NULL);
  else
    file = gtk_file_dialog_open_finish (dialog, result, NULL);

  request_finish (user_data, file);
}
#else
static void
native_response_cb (GtkNativeDialog *native,
                    int              response,
                    gpointer         user_data)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  request_finish (user_data, file);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}
#endif

/* ----- public API ----- */

void
cuocc_file_dialog_run (GtkWindow              *parent,
                       CuoccFileDialogMode     mode,
                       const char             *title,
                       const char             *initial_name,
                       const CuoccFileFilter  *filters,
                       guint                   n_filters,
                       CuoccFileDialogFunc     func,
                       gpointer                user_data,
                       GDestroyNotify          destroy)
{
  Request *request = g_new0 (Request, 1);

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (func != NULL);

  request->owner = g_object_ref (G_OBJECT (parent));
  request->func = func;
  request->user_data = user_data;
  request->destroy = destroy;

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
    g_autoptr(GListStore) store = g_list_store_new (GTK_TYPE_FILE_FILTER);

    gtk_file_dialog_set_title (dialog, title);
    gtk_file_dialog_set_modal (dialog, TRUE);
    for (guint i = 0; i < n_filters; i++)
      {
        g_autoptr(GtkFileFilter) filter = filter_new (&filters[i]);

        g_list_store_append (store, filter);
      }
    if (n_filters > 0)
      gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (store));

    if (mode == CUOCC_FILE_DIALOG_SAVE)
      {
        g_object_set_data (G_OBJECT (dialog), "cuocc-save", GINT_TO_POINTER (1));
        if (initial_name != NULL)
          gtk_file_dialog_set_initial_name (dialog, initial_name);
        gtk_file_dialog_save (dialog, parent, NULL, dialog_done_cb, request);
      }
    else
      gtk_file_dialog_open (dialog, parent, NULL, dialog_done_cb, request);
  }
#else
  {
    GtkFileChooserNative *native;
    gboolean save = mode == CUOCC_FILE_DIALOG_SAVE;

    native = gtk_file_chooser_native_new (title, parent,
                                          save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                          save ? _("_Save") : _("_Open"),
                                          _("_Cancel"));
    gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
    for (guint i = 0; i < n_filters; i++)
      {
        g_autoptr(GtkFileFilter) filter = filter_new (&filters[i]);

        gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
      }
    if (save && initial_name != NULL)
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);

    g_signal_connect (native, "response", G_CALLBACK (native_response_cb), request);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  }
#endif
}
