/* test-app-german.c — opens the real window with LANGUAGE=de and reads its
 * labels: they must be German, from the .mo files of the build tree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cuocc-window.h"

/* Labels of the main window, as the .ui files spell them. */
static const char *window_labels[] = {
  "_Threads per block",
  "_Registers per thread",
  "_Shared memory per block",
  "Shared memory _configuration",
  "Block _barriers",
  "Global _caching",
  "Device",

};

static gboolean have_display;

static void
frame_done_cb (GdkFrameClock *clock,
               gboolean      *done)
{
  *done = TRUE;
}

static void
wait_for_frame (GtkWidget *widget)
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

static void
collect_labels (GtkWidget  *widget,
                GHashTable *texts)
{
  if (GTK_IS_LABEL (widget))
    g_hash_table_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static char *
without_mnemonic (const char *text)
{
  GString *s = g_string_new (text);

  g_string_replace (s, "_", "", 0);
  return g_string_free (s, FALSE);
}

static void
test_catalogue (void)
{
  /* The .mo file is found and read: the strings translate. */
  for (guint i = 0; i < G_N_ELEMENTS (window_labels); i++)
    g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, window_labels[i]), !=, window_labels[i]);
}

static void
test_window_labels (void)
{
  g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GtkWidget *window;
  guint german = 0;

  if (!have_display)
    {
      g_test_skip ("No display");
      return;
    }

  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_frame (window);
  collect_labels (window, texts);

  for (guint i = 0; i < G_N_ELEMENTS (window_labels); i++)
    {
      g_autofree char *english = without_mnemonic (window_labels[i]);
      g_autofree char *translated = without_mnemonic (g_dgettext (GETTEXT_PACKAGE, window_labels[i]));

      g_test_message ("%s → %s", english, translated);
      g_assert_false (g_hash_table_contains (texts, english));
      if (g_hash_table_contains (texts, translated))
        german++;
    }
  /* The window may drop or rename a label; most of them must show, in German. */
  g_assert_cmpuint (german, >=, G_N_ELEMENTS (window_labels) / 2);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int   argc,
      char *argv[])
{
  const char *podir = g_getenv ("CUOCC_PO_BUILDDIR");

  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  g_assert_nonnull (podir);
  bindtextdomain (GETTEXT_PACKAGE, podir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* This test reads labels. With the isolated XDG folders and a text domain
   * set, GTK 4.8 warns that a symbolic icon of its own fails to load; that
   * says nothing about translations, so warnings are not fatal here (critical
   * messages still are). */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  have_display = gtk_init_check ();
  if (have_display)
    adw_init ();

  g_test_add_func ("/cuocc/data/german/catalogue", test_catalogue);
  g_test_add_func ("/cuocc/data/german/window-labels", test_window_labels);

  return g_test_run ();
}
