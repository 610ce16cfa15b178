/* test-rest.c — a window at rest takes no CPU: once a large library has
 * loaded and nothing is touched, the main loop sleeps (issue 29, point 5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What is counted is wake-ups, not time: the main loop's iterations and
 * the frame clock's updates while a single guard timeout of the test's own
 * is pending. A window at rest wakes up for nothing but that guard, however
 * slow or loaded the machine; one that keeps a tick callback, an animation
 * or an idle source wakes up on every frame (60 a second) or at once.
 *
 * Issue 29 saw 2 % of a core for good after opening cuFFT. The cause: the
 * loading page's GtkProgressBar, pulsed while a file is read, stays in
 * activity mode until a fraction is set, and keeps a tick callback in the
 * frame clock as long as it is realized, on a stack page nobody sees; the
 * frame clock ran at frame rate for as long as the window was open (180
 * frames a watch here, every watch). What else runs after a load ends by
 * itself: the rows' growth (a screenful a frame, some 20 frames) and the
 * search entry's cursor, which has the focus once the rows are in and
 * blinks (a tick callback of GtkText's) for gtk-cursor-blink-timeout
 * seconds, 10 by default; the test sets 1 second, so that the window rests
 * after the first watch rather than the fourth.
 */
#include "config.h"

#include "app-test.h"

/* How long the loop is watched: long enough for any periodic work of the
 * app's to show (a frame clock runs 60 times a second, a one-second
 * timeout once); the count, not this time, is asserted. */
#define WATCH_MS 3000
/* Wake-ups allowed besides the guard's: the odd late event of the X server
 * (a focus change, a property notify). */
#define AT_REST_MAX_WAKEUPS 10
/* Watches after the load before the window must rest: the first may see
 * the rows grow and the cursor blink for its second; a busy machine that
 * draws a frame in a quarter of a second makes that two. */
#define SETTLE_WATCHES 3

typedef struct {
  guint iterations;
  guint frame_updates;
  gboolean watched;
} Rest;

static gboolean
guard_cb (gpointer data)
{
  Rest *rest = data;

  rest->watched = TRUE;
  return G_SOURCE_REMOVE;
}

static void
frame_update_cb (GdkFrameClock *clock,
                 gpointer       data)
{
  Rest *rest = data;

  rest->frame_updates++;
}

/* The main loop's wake-ups while the guard is pending. */
static void
watch_rest (CuoccWindow *window,
            Rest        *rest)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gulong handler;

  g_assert_nonnull (clock);
  *rest = (Rest) { 0 };
  handler = g_signal_connect (clock, "update", G_CALLBACK (frame_update_cb), rest);
  g_timeout_add (WATCH_MS, guard_cb, rest);
  while (!rest->watched)
    {
      g_main_context_iteration (NULL, TRUE);
      rest->iterations++;
    }
  g_signal_handler_disconnect (clock, handler);
}

/* The generated library (57,600 entries) opened at WIDTH × HEIGHT on an
 * H100, every row worked out and drawn; then nothing is touched. */
static void
test_rest_after_library (gconstpointer data)
{
  const int *size = data;
  g_autofree char *path = NULL;
  guint rows = 0;
  guint n_watches;
  CuoccWindow *window;
  Rest rest;

  SKIP_WITHOUT_DISPLAY ();
  path = app_test_generated_library (&rows);
  if (path == NULL)
    {
      g_test_skip ("no generated library (the build writes it; not under the sanitizers)");
      return;
    }
  window = app_test_window_at_size (size[0], size[1], NULL);
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  app_test_show_kernels (window, TRUE);
  app_test_wait_for_sidebar (window, TRUE);

  /* Before: the window alone rests. */
  watch_rest (window, &rest);
  g_test_message ("before the library: %u iterations, %u frames", rest.iterations, rest.frame_updates);
  g_assert_cmpuint (rest.iterations, <=, AT_REST_MAX_WAKEUPS + 1);

  app_test_import_library (window, path);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, rows);
  app_test_wait_frames (window, 2);
  /* What follows the load ends by itself (see above): within
   * SETTLE_WATCHES watches the loop must have gone quiet, and stay quiet
   * in the next two. */
  for (n_watches = 1; n_watches <= SETTLE_WATCHES; n_watches++)
    {
      watch_rest (window, &rest);
      g_test_message ("watch %u after %u rows: %u iterations, %u frames", n_watches, rows, rest.iterations,
                      rest.frame_updates);
      if (rest.frame_updates <= AT_REST_MAX_WAKEUPS && rest.iterations <= AT_REST_MAX_WAKEUPS + 1)
        break;
    }
  g_assert_cmpuint (n_watches, <=, SETTLE_WATCHES);
  for (guint i = 0; i < 2; i++)
    {
      watch_rest (window, &rest);
      g_test_message ("then: %u iterations, %u frames", rest.iterations, rest.frame_updates);
      g_assert_cmpuint (rest.frame_updates, <=, AT_REST_MAX_WAKEUPS);
      g_assert_cmpuint (rest.iterations, <=, AT_REST_MAX_WAKEUPS + 1);
    }
  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  static const int small[] = { 800, 600 };
  static const int large[] = { 1920, 1080 };

  g_test_init (&argc, &argv, NULL);
  app_test_init ();
  /* The focused search entry's cursor blinks for this many seconds after
   * the load (GTK's default is 10): see above. */
  if (app_test_have_display ())
    g_object_set (gtk_settings_get_default (), "gtk-cursor-blink-timeout", 1, NULL);
  g_test_add_data_func ("/cuocc/app/rest/library-800x600", small, test_rest_after_library);
  g_test_add_data_func ("/cuocc/app/rest/library-1920x1080", large, test_rest_after_library);
  return g_test_run ();
}
