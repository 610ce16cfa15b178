/* cuocc-file-dialog.h — the file chooser, on every GTK the app builds with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  CUOCC_FILE_DIALOG_OPEN,
  CUOCC_FILE_DIALOG_SAVE,
} CuoccFileDialogMode;

typedef struct {
  const char *name;                /* translated */
  const char *patterns[6];         /* NULL-terminated */
} CuoccFileFilter;

/* Called only when the user picks a file. */
typedef void (*CuoccFileDialogFunc) (GObject *owner,
                                     GFile   *file,
                                     gpointer user_data);

void cuocc_file_dialog_run (GtkWindow              *parent,
                            CuoccFileDialogMode     mode,
                            const char             *title,
                            const char             *initial_name,
                            const CuoccFileFilter  *filters,
                            guint                   n_filters,
                            CuoccFileDialogFunc     func,
                            gpointer                user_data,
                            GDestroyNotify          destroy);

G_END_DECLS
