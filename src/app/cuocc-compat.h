/* cuocc-compat.h — what differs between the GTK and libadwaita versions the
 * app builds with (GTK 4.8 / libadwaita 1.2 on Debian 12, newer in the GNOME
 * runtime), behind functions the rest of the app calls unconditionally.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* ----- file chooser ----- */

typedef enum {
  CUOCC_FILE_DIALOG_OPEN,
  CUOCC_FILE_DIALOG_SAVE,
  CUOCC_FILE_DIALOG_FOLDER,        /* choose a folder (filters are not used) */
} CuoccFileDialogMode;

typedef struct {
  const char *name;                /* untranslated, N_(): the chooser translates it */
  const char *patterns[6];         /* NULL-terminated */
} CuoccFileFilter;

typedef struct {
  CuoccFileDialogMode    mode;
  const char            *title;          /* translated */
  const char            *initial_name;   /* for CUOCC_FILE_DIALOG_SAVE, or NULL */
  const CuoccFileFilter *filters;
  guint                  n_filters;
} CuoccFileDialogSpec;

/* Called only when the user picks a file (or a folder). */
typedef void (*CuoccFileDialogFunc) (GObject *owner,
                                     GFile   *file,
                                     gpointer user_data);

/* GtkFileDialog from GTK 4.10, GtkFileChooserNative before. @destroy frees
 * @user_data once the dialog is gone, whether a file was picked or not. */
void       cuocc_compat_file_dialog_run   (GtkWindow                 *parent,
                                           const CuoccFileDialogSpec *spec,
                                           CuoccFileDialogFunc        func,
                                           gpointer                   user_data,
                                           GDestroyNotify             destroy);

/* ----- dialogs ----- */

/* An AdwAboutDialog from libadwaita 1.5, an AdwAboutWindow before; both
 * have the same properties, set them with g_object_set(). */
GtkWidget *cuocc_compat_about_new         (void);
void       cuocc_compat_about_add_acknowledgement_section (GtkWidget   *about,
                                                           const char  *name,
                                                           const char **people);
/* An AdwAlertDialog from libadwaita 1.6, an AdwMessageDialog before, with
 * one Close button. */
GtkWidget *cuocc_compat_alert_new         (const char             *heading,
                                           const char             *body);
/* Shows a dialog made above over @parent: an AdwDialog inside it, a
 * window transient for it. */
void       cuocc_compat_dialog_present    (GtkWidget              *dialog,
                                           GtkWidget              *parent);

/* ----- sidebar ----- */

/* @sidebar (as wide as its width-request) beside @content while both fit,
 * over it (closing when the user clicks elsewhere) when they do not: an
 * AdwOverlaySplitView from libadwaita 1.4, collapsed by a breakpoint of
 * @window below @fold_width pixels, an AdwFlap before, which folds by
 * itself when the minimum widths no longer fit. Folding hides the sidebar;
 * otherwise only the user (or cuocc_compat_sidebar_view_set_shown()) shows
 * and hides it. */
GtkWidget  *cuocc_compat_sidebar_view_new            (AdwApplicationWindow *window,
                                                      GtkWidget            *sidebar,
                                                      GtkWidget            *content,
                                                      int                   fold_width);
/* The boolean property that shows the sidebar, for bindings. */
const char *cuocc_compat_sidebar_view_shown_property (void);
void        cuocc_compat_sidebar_view_set_shown      (GtkWidget            *view,
                                                      gboolean              shown);
gboolean    cuocc_compat_sidebar_view_get_folded     (GtkWidget            *view);
const char *cuocc_compat_sidebar_view_folded_property (void);

/* ----- lists ----- */

/* Scrolls the column view to its first row: gtk_column_view_scroll_to()
 * from GTK 4.12, the inner list view's "list.scroll-to-item" action before. */
void       cuocc_compat_column_view_scroll_to_first (GtkColumnView *view);

/* ----- style ----- */

/* The widget's foreground colour: gtk_widget_get_color() from GTK 4.10,
 * the style context before. */
void       cuocc_compat_widget_get_color  (GtkWidget              *widget,
                                           GdkRGBA                *color);
/* One of libadwaita's named colours ("accent_color") as the widget's theme
 * defines it; FALSE where the theme has none of that name. */
gboolean   cuocc_compat_lookup_color      (GtkWidget              *widget,
                                           const char             *name,
                                           GdkRGBA                *color);

G_END_DECLS
