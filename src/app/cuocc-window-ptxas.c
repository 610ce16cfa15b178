/* cuocc-window-ptxas.c — the window's side of ptxas (issue 27): Assemble
 * PTX Kernels, and the ptxas to run, a setting of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The kernels panel does the work (cuocc-kernels-panel-ptxas.c); the window
 * holds the actions its menu and shortcuts name, enabled while they can do
 * something, and the `ptxas-path` key: empty, ptxas is found as users have
 * it ($CUDA_PATH/bin, $CUDA_HOME/bin, $PATH, /usr/local/cuda/bin); else the
 * program the user chose, kept for the next start.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compat.h"
#include "cuocc-window-private.h"

/* ----- helpers ----- */

static void
update_ptxas_actions (CuoccWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "ptxas-path");

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.assemble-ptx",
                                 cuocc_kernels_panel_can_assemble (self->kernels_panel));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find-ptxas", *path != '\0');
}

/* ----- callbacks ----- */

static void
apply_ptxas_path (CuoccWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "ptxas-path");

  cuocc_kernels_panel_set_ptxas_path (self->kernels_panel, path);
  update_ptxas_actions (self);
}

static void
ptxas_path_changed_cb (CuoccWindow *self)
{
  apply_ptxas_path (self);
}

static void
ptxas_changed_cb (CuoccWindow *self)
{
  update_ptxas_actions (self);
}

static void
assemble_ptx_action_cb (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  cuocc_kernels_panel_assemble_all (self->kernels_panel);
}

static void
ptxas_chosen_cb (GObject *owner,
                 GFile   *file,
                 gpointer user_data)
{
  CuoccWindow *self = CUOCC_WINDOW (owner);
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    {
      _cuocc_window_show_toast (self, _("ptxas must be a program on this computer"));
      return;
    }
  g_settings_set_string (self->settings, "ptxas-path", path);
}

static void
choose_ptxas_action_cb (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  static const CuoccFileFilter filters[] = {
    { N_("ptxas"), { "ptxas", "ptxas*", NULL } },
    { N_("All Files"), { "*", NULL } },
  };
  CuoccFileDialogSpec spec = { CUOCC_FILE_DIALOG_OPEN, _("Choose ptxas"), NULL, filters, G_N_ELEMENTS (filters) };

  cuocc_compat_file_dialog_run (GTK_WINDOW (widget), &spec, ptxas_chosen_cb, NULL, NULL);
}

static void
find_ptxas_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  g_settings_reset (self->settings, "ptxas-path");
}

/* ----- shared with the window ----- */

void
_cuocc_window_class_init_ptxas (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.assemble-ptx", NULL, assemble_ptx_action_cb);
  gtk_widget_class_install_action (widget_class, "win.choose-ptxas", NULL, choose_ptxas_action_cb);
  gtk_widget_class_install_action (widget_class, "win.find-ptxas", NULL, find_ptxas_action_cb);
}

void
_cuocc_window_init_ptxas (CuoccWindow *self)
{
  g_signal_connect_swapped (self->settings, "changed::ptxas-path", G_CALLBACK (ptxas_path_changed_cb), self);
  g_signal_connect_swapped (self->kernels_panel, "ptxas-changed", G_CALLBACK (ptxas_changed_cb), self);
  apply_ptxas_path (self);
}

/* ----- public API ----- */

/* The app quits: the ptxas runs the window started stop (cuocc-workers.c). */
void
cuocc_window_stop_work (CuoccWindow *self)
{
  g_return_if_fail (CUOCC_IS_WINDOW (self));

  cuocc_kernels_panel_stop_work (self->kernels_panel);
}
