/* cuocc-compat.c — the calls the app makes where GTK 4.10+ and libadwaita
 * 1.4+ offer newer ones (GtkFileDialog, AdwOverlaySplitView, AdwDialog…).
 *
 * The app is built against GTK 4.8 and libadwaita 1.2, and pinned there
 * (GDK_VERSION_MAX_ALLOWED, ADW_VERSION_MAX_ALLOWED in meson.build): every
 * configuration we build and test, the Flatpak CI's too, has those. The
 * branches for newer versions were never compiled by any of them, so they
 * are gone (issue 28 §5): one file chooser, one about window, one sidebar,
 * the same on every runtime. Moving the pin up is the day to use the newer
 * calls, in one step, with a build that tests them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compat.h"
#include "cuocc-testing.h"

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

  gtk_file_filter_set_name (filter, _(spec->name));
  for (guint i = 0; i < G_N_ELEMENTS (spec->patterns) && spec->patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, spec->patterns[i]);

  return filter;
}

/* ----- callbacks ----- */

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

/* ----- file chooser ----- */

void
cuocc_compat_file_dialog_run (GtkWindow                 *parent,
                              const CuoccFileDialogSpec *spec,
                              CuoccFileDialogFunc        func,
                              gpointer                   user_data,
                              GDestroyNotify             destroy)
{
  Request *request = g_new0 (Request, 1);

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (spec != NULL);
  g_return_if_fail (func != NULL);

  request->owner = g_object_ref (G_OBJECT (parent));
  request->func = func;
  request->user_data = user_data;
  request->destroy = destroy;

  {
    GtkFileChooserNative *native;
    gboolean save = spec->mode == CUOCC_FILE_DIALOG_SAVE;
    gboolean folder = spec->mode == CUOCC_FILE_DIALOG_FOLDER;

    native = gtk_file_chooser_native_new (spec->title, parent,
                                          save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                          : folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
                                          : GTK_FILE_CHOOSER_ACTION_OPEN,
                                          save ? _("_Save") : _("_Open"),
                                          _("_Cancel"));
    gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
    for (guint i = 0; i < spec->n_filters && !folder; i++)
      {
        g_autoptr(GtkFileFilter) filter = filter_new (&spec->filters[i]);

        gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
      }
    if (save && spec->initial_name != NULL)
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), spec->initial_name);

    g_signal_connect (native, "response", G_CALLBACK (native_response_cb), request);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  }
}

/* ----- dialogs ----- */

GtkWidget *
cuocc_compat_about_new (void)
{
  return adw_about_window_new ();
}

void
cuocc_compat_about_add_acknowledgement_section (GtkWidget   *about,
                                                const char  *name,
                                                const char **people)
{
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about), name, people);
}

GtkWidget *
cuocc_compat_alert_new (const char *heading,
                        const char *body)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (NULL, heading, body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));

  return dialog;
}

void
cuocc_compat_dialog_present (GtkWidget *dialog,
                             GtkWidget *parent)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));


  g_return_if_fail (GTK_IS_WINDOW (dialog));

  if (parent != NULL && GTK_IS_WINDOW (gtk_widget_get_root (parent)))
    gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (gtk_widget_get_root (parent)));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ----- sidebar ----- */

#define SIDEBAR_SHOWN "reveal-flap"
#define SIDEBAR_FOLDED "folded"

static void
sidebar_folded_cb (GObject    *view,
                   GParamSpec *pspec,
                   gpointer    user_data)
{
  if (cuocc_compat_sidebar_view_get_folded (GTK_WIDGET (view)))
    cuocc_compat_sidebar_view_set_shown (GTK_WIDGET (view), FALSE);
}

GtkWidget *
cuocc_compat_sidebar_view_new (AdwApplicationWindow *window,
                               GtkWidget            *sidebar,
                               GtkWidget            *content,
                               int                   fold_width)
{
  GtkWidget *view;

  g_return_val_if_fail (ADW_IS_APPLICATION_WINDOW (window), NULL);
  g_return_val_if_fail (GTK_IS_WIDGET (sidebar), NULL);
  g_return_val_if_fail (GTK_IS_WIDGET (content), NULL);
  g_return_val_if_fail (fold_width > 0, NULL);

  view = adw_flap_new ();
  adw_flap_set_flap (ADW_FLAP (view), sidebar);
  adw_flap_set_content (ADW_FLAP (view), content);
  adw_flap_set_separator (ADW_FLAP (view), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  adw_flap_set_locked (ADW_FLAP (view), TRUE);
  adw_flap_set_reveal_flap (ADW_FLAP (view), FALSE);
  adw_flap_set_fold_threshold_policy (ADW_FLAP (view), ADW_FOLD_THRESHOLD_POLICY_MINIMUM);
  adw_flap_set_swipe_to_open (ADW_FLAP (view), FALSE);
  gtk_widget_add_css_class (sidebar, "background");

  g_signal_connect (view, "notify::" SIDEBAR_FOLDED, G_CALLBACK (sidebar_folded_cb), NULL);

  return view;
}

const char *
cuocc_compat_sidebar_view_shown_property (void)
{
  return SIDEBAR_SHOWN;
}

void
cuocc_compat_sidebar_view_set_shown (GtkWidget *view,
                                     gboolean   shown)
{
  g_return_if_fail (GTK_IS_WIDGET (view));

  g_object_set (view, SIDEBAR_SHOWN, shown, NULL);
}

static gboolean
get_boolean (GtkWidget  *view,
             const char *property)
{
  gboolean value = FALSE;

  g_return_val_if_fail (GTK_IS_WIDGET (view), FALSE);

  g_object_get (view, property, &value, NULL);
  return value;
}

gboolean
cuocc_compat_sidebar_view_get_folded (GtkWidget *view)
{
  return get_boolean (view, SIDEBAR_FOLDED);
}

const char *
cuocc_compat_sidebar_view_folded_property (void)
{
  return SIDEBAR_FOLDED;
}

/* ----- style ----- */

/* ----- lists ----- */

void
cuocc_compat_column_view_scroll_to_first (GtkColumnView *view)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  if (gtk_column_view_get_model (view) == NULL ||
      g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view))) == 0)
    return;
  /* Setting the adjustment to 0 instead warns "failed to scroll to given
   * position" when the rows were just reordered and not yet laid out. The
   * action is GtkListBase's, on the column view's inner list view. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      {
        gtk_widget_activate_action (child, "list.scroll-to-item", "u", 0);
        return;
      }
}

void
cuocc_compat_widget_get_color (GtkWidget *widget,
                               GdkRGBA   *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
}

/* libadwaita's named colours: there is no other way to read them that works
 * from libadwaita 1.2 on, so this one stays on the deprecated call. */
gboolean
cuocc_compat_lookup_color (GtkWidget  *widget,
                           const char *name,
                           GdkRGBA    *color)
{
  gboolean found;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  found = gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, color);
  G_GNUC_END_IGNORE_DEPRECATIONS

  return found;
}
