/* cuocc-application.c — the application object: app-wide actions, the
 * About window and the shortcuts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-application.h"
#include "cuocc-compat.h"
#include "cuocc-window.h"

/* ----- struct ----- */

struct _CuoccApplication
{
  AdwApplication parent_instance;
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccApplication, cuocc_application, ADW_TYPE_APPLICATION)

/* ----- helpers ----- */

static CuoccWindow *
get_window (CuoccApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (cuocc_window_new (self));

  return CUOCC_WINDOW (window);
}

/* ----- callbacks ----- */

static void
quit_activated_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CuoccApplication *self = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  /* Each window has saved its state as it changed (the settings reach the
   * disk as g_application_run () returns), so quitting destroys nothing:
   * freeing a library's 60,000 imported kernels one by one took seconds
   * after Ctrl+Q (malloc's free and consolidation, measured with perf)
   * for memory the process gives back at once as it exits. The windows
   * are hidden first, so that they are gone when the user asks. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_widget_set_visible (l->data, FALSE);

  g_application_quit (G_APPLICATION (self));
}

static void
about_activated_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CuoccApplication *self = user_data;
  static const char *developers[] = { "The cuocc authors", NULL };
  const char *sources[] = {
    _("NVIDIA CUDA C++ Programming Guide, compute capability tables"),
    _("NVIDIA CUDA Occupancy Calculator spreadsheet (versions 2.4 and 11.1)"),
    _("NVIDIA cuda_occupancy.h, for the occupancy rules"),
    _("deviceQuery logs, for the products’ SM counts"),
    NULL
  };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWidget *about = cuocc_compat_about_new ();

  g_object_set (about,
                "application-name", _("CUDA Occupancy Calculator"),
                "application-icon", APP_ID,
                "version", PACKAGE_VERSION,
                "developer-name", _("The cuocc authors"),
                "developers", developers,
                "comments", _("How many warps of a CUDA kernel an SM keeps resident, and what limits them."),
                "website", "https://github.com/cuocc/cuocc",
                "issue-url", "https://github.com/cuocc/cuocc/issues",
                "license-type", GTK_LICENSE_GPL_3_0,
                "translator-credits", _("translator-credits"),
                NULL);
  cuocc_compat_about_add_acknowledgement_section (about, _("Data Sources"), sources);
  cuocc_compat_dialog_present (about, GTK_WIDGET (parent));
}

/* ----- vfuncs ----- */

static void
cuocc_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (CUOCC_APPLICATION (app))));
}

static void
cuocc_application_open (GApplication  *app,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  CuoccWindow *window = get_window (CUOCC_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  if (n_files > 0)
    cuocc_window_open_file (window, files[0]);
}

static void
cuocc_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "quit", quit_activated_cb },
    { "about", about_activated_cb },
  };
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.open-folder", { "<Control><Shift>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.import", { "<Control>i", NULL } },
    { "win.paste-log", { "<Control><Shift>v", NULL } },
    { "win.assemble-ptx", { "<Control><Shift>a", NULL } },
    { "win.export-graph::all", { "<Control>e", NULL } },
    { "win.export-results", { "<Control><Shift>e", NULL } },
    { "win.copy-results", { "<Control><Shift>c", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.help", { "F1", NULL } },
    { "win.show-page::calculator", { "<Alt>1", NULL } },
    { "win.show-page::tuning", { "<Alt>2", NULL } },
    { "win.show-page::gpu-data", { "<Alt>3", NULL } },
    { "window.close", { "<Control>w", NULL } },
  };

  G_APPLICATION_CLASS (cuocc_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
}

/* ----- class_init / init ----- */

static void
cuocc_application_class_init (CuoccApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = cuocc_application_activate;
  app_class->open = cuocc_application_open;
  app_class->startup = cuocc_application_startup;
}

static void
cuocc_application_init (CuoccApplication *self)
{
}

/* ----- public API ----- */

CuoccApplication *
cuocc_application_new (void)
{
  return g_object_new (CUOCC_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/cuocc/Calculator",
                       NULL);
}
