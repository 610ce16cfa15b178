/* app-test.c — what the widget tests share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "app-test.h"

static gboolean have_display;

void
app_test_init (void)
{
  g_autoptr(GtkCssProvider) provider = NULL;

  have_display = gtk_init_check ();
  if (!have_display)
    return;

  adw_init ();
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/cuocc/Calculator/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    "/io/github/cuocc/Calculator/icons");
}

gboolean
app_test_have_display (void)
{
  return have_display;
}

void
app_test_reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
}

static void
frame_done_cb (GdkFrameClock *clock,
               gboolean      *done)
{
  *done = TRUE;
}

void
app_test_wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock;
  gboolean done = FALSE;
  gulong id;

  while (!gtk_widget_get_mapped (widget))
    g_main_context_iteration (NULL, TRUE);

  clock = gtk_widget_get_frame_clock (widget);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_done_cb), &done);
  gtk_widget_queue_draw (widget);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

CuoccWindow *
app_test_window_new (void)
{
  CuoccWindow *window;

  app_test_reset_settings ();
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_frame (GTK_WIDGET (window));
  return window;
}

void
app_test_window_free (CuoccWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (top);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
