/* cuocc-application.c — the application object: app-wide actions, the
 * About window and the shortcuts, and how the app ends.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * SIGTERM (a `kill`, the session ending), SIGINT (Ctrl+C in the terminal
 * that started it) and SIGHUP (that terminal closed) end the app as Ctrl+Q
 * does, where they would otherwise end it at once: the ptxas runs its
 * windows started (each in a process group of its own, which the signal
 * does not reach) would run on, their input left in a folder of TMPDIR,
 * and settings not yet on disk would be lost. The app exits with 128 + the
 * signal's number, as a shell says a program a signal ended (and as
 * `cuocc --import` does when a signal stops its assembly).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>

#include "cuocc-application.h"
#include "cuocc-compat.h"
#include "cuocc-window.h"
#include "cuocc-workers.h"

/* The signals that end the app as Ctrl+Q does. */
static const int stop_signals[] = { SIGTERM, SIGINT, SIGHUP };

/* ----- struct ----- */

struct _CuoccApplication
{
  AdwApplication parent_instance;

  guint signal_sources[G_N_ELEMENTS (stop_signals)];
  int stop_signal;                 /* the first of stop_signals that came; 0: none */
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

/* Each window has saved its state as it changed (the settings reach the
 * disk as g_application_run () returns), so quitting destroys nothing:
 * freeing a library's 60,000 imported kernels one by one took seconds
 * after Ctrl+Q (malloc's free and consolidation, measured with perf) for
 * memory the process gives back at once as it exits. The windows are
 * hidden first, so that they are gone when the user asks, and their ptxas
 * runs stopped, which the shutdown waits for (cuocc-workers.c). */
static void
quit (CuoccApplication *self)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  for (GList *l = windows; l != NULL; l = l->next)
    {
      gtk_widget_set_visible (l->data, FALSE);
      if (CUOCC_IS_WINDOW (l->data))
        cuocc_window_stop_work (l->data);
    }

  g_application_quit (G_APPLICATION (self));
}

static void
stopped_by (CuoccApplication *self,
            int               signum)
{
  /* A second signal changes nothing: the first one's quit is under way. */
  if (self->stop_signal != 0)
    return;
  self->stop_signal = signum;
  quit (self);
}

/* ----- callbacks ----- */

static void
quit_activated_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  quit (user_data);
}

static gboolean
sigterm_cb (gpointer user_data)
{
  stopped_by (user_data, SIGTERM);
  return G_SOURCE_CONTINUE;
}

static gboolean
sigint_cb (gpointer user_data)
{
  stopped_by (user_data, SIGINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
sighup_cb (gpointer user_data)
{
  stopped_by (user_data, SIGHUP);
  return G_SOURCE_CONTINUE;
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

  static const GSourceFunc signal_cbs[G_N_ELEMENTS (stop_signals)] = { sigterm_cb, sigint_cb, sighup_cb };
  CuoccApplication *self = CUOCC_APPLICATION (app);

  G_APPLICATION_CLASS (cuocc_application_parent_class)->startup (app);

  /* Watched by the instance that runs (startup is the primary's alone)
   * until it has shut down, so that a second signal during the shutdown
   * finds the watch, not the default action that would end it at once. */
  for (guint i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    self->signal_sources[i] = g_unix_signal_add (stop_signals[i], signal_cbs[i], self);

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
}

static void
cuocc_application_shutdown (GApplication *app)
{
  CuoccApplication *self = CUOCC_APPLICATION (app);

  /* The windows cancelled their workers (closed, or quit ()): the last
   * ones kill their ptxas runs and remove their folders as they return. */
  cuocc_workers_wait ();
  for (guint i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    g_clear_handle_id (&self->signal_sources[i], g_source_remove);

  G_APPLICATION_CLASS (cuocc_application_parent_class)->shutdown (app);
}

/* ----- class_init / init ----- */

static void
cuocc_application_class_init (CuoccApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = cuocc_application_activate;
  app_class->open = cuocc_application_open;
  app_class->startup = cuocc_application_startup;
  app_class->shutdown = cuocc_application_shutdown;
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

/* The signal that ended the app (SIGTERM, SIGINT or SIGHUP), or 0. */
int
cuocc_application_get_stop_signal (CuoccApplication *self)
{
  g_return_val_if_fail (CUOCC_IS_APPLICATION (self), 0);

  return self->stop_signal;
}
