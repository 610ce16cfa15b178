/* test-table-names.c — kernels of real-length names in the table, through
 * the real window at 800 × 600 and 1920 × 1080 (issue 29, point 2): a
 * cell wraps a name over at most four lines and leaves out the middle of
 * what does not fit, so that both ends show; the tooltip holds the whole
 * name once, wrapped at a readable width; the kernel column follows the
 * sidebar's width. Every name is whole in the chosen kernel's details and
 * in the clipboard (Copy Name, Copy Mangled Name, Ctrl+Alt+C, Ctrl+C in
 * the table), as `c++filt --no-recurse-limit` reads the mangled name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The kernels are the 160 names nvcc 13 wrote for
 * tests/import/data/demangle/cutlass-names.cu (CUTLASS, xmma and cuBLAS
 * gemv shapes, 524 to 39,501 characters demangled), read from a ptxas log
 * the test writes in its own temporary folder.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "app-test.h"
#include "cuocc-compat.h"

/* The lines a cell's name takes at most (KERNEL_LINES in
 * cuocc-kernels-table.c: the design, not its output). */
#define MAX_LINES 4
/* The text a cell gives Pango at most, in bytes: a few screen lines, never
 * the 40,000 characters of the longest name. */
#define MAX_CELL_BYTES 1024
/* A tooltip's lines: a reading width, not the name on one line. */
#define TOOLTIP_MAX_CHARS 90

/* ----- the log ----- */

static GPtrArray *
read_names (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "import", "data", "demangle",
                                            "cutlass-names.txt.gz", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) raw = g_file_read (file, NULL, NULL);
  g_autoptr(GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  char *line;

  g_assert_nonnull (raw);
  stream = g_converter_input_stream_new (G_INPUT_STREAM (raw), G_CONVERTER (gunzip));
  lines = g_data_input_stream_new (stream);
  while ((line = g_data_input_stream_read_line (lines, NULL, NULL, NULL)) != NULL)
    if (*line != '\0')
      g_ptr_array_add (names, line);
    else
      g_free (line);
  return names;
}

/* A ptxas log (ptxas -v's lines) of every name, for sm_80. */
static char *
write_log (const char *folder,
           GPtrArray  *names)
{
  g_autoptr(GString) log = g_string_new (NULL);
  char *path = g_build_filename (folder, "names.log", NULL);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];

      g_string_append_printf (log,
                              "ptxas info    : Compiling entry function '%s' for 'sm_80'\n"
                              "ptxas info    : Function properties for %s\n"
                              "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                              "ptxas info    : Used %u registers, used 1 barriers, %u bytes smem\n",
                              name, name, 32 + i % 8 * 16, i % 5 * 4096);
    }
  g_assert_true (g_file_set_contents (path, log->str, log->len, NULL));
  return path;
}

/* ----- the table ----- */

static void
collect_labels (GtkWidget  *widget,
                GHashTable *texts,
                GPtrArray  *labels)
{
  if (GTK_IS_LABEL (widget) && g_hash_table_contains (texts, gtk_label_get_label (GTK_LABEL (widget))))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts, labels);
}

/* The header of a column ("kernel", "limiter" …): its title, by the
 * column's place among the view's columns. */
static GtkWidget *
column_title (GtkColumnView *view,
              const char    *id)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  GtkWidget *title = gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (view)));

  for (guint i = 0; i < g_list_model_get_n_items (columns) && title != NULL;
       i++, title = gtk_widget_get_next_sibling (title))
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "cuocc-column-id"), id) == 0)
        return title;
    }
  g_assert_not_reached ();
}

/* Where a column's header ends, from the table's visible left edge. */
static double
title_end (GtkColumnView *view,
           const char    *id)
{
  GtkWidget *title = column_title (view, id);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW);
  graphene_point_t point;

  g_assert_true (gtk_widget_compute_point (title, scroller,
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (title), 0), &point));
  return point.x;
}

static int
table_width (GtkColumnView *view)
{
  return gtk_widget_get_width (gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW));
}

static int
kernel_width (GtkColumnView *view)
{
  return gtk_widget_get_width (column_title (view, "kernel"));
}

/* The cells on screen: at most MAX_LINES lines inside their label, the
 * whole short name or its two ends with the middle left out. */
static guint
check_cells (CuoccWindow *window)
{
  GtkColumnView *view = app_test_column_view (app_test_kernels_panel (window));
  g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint n = app_test_n_shown (window), checked = 0, cut = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);

      g_hash_table_add (texts, app_test_cell (window, item, "kernel"));
    }
  /* The kernels shown, told apart by what their cells show. */
  g_assert_cmpuint (g_hash_table_size (texts), ==, n);
  collect_labels (GTK_WIDGET (view), texts, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];
      PangoLayout *layout = gtk_label_get_layout (label);
      int width, height;

      if (!gtk_widget_get_mapped (GTK_WIDGET (label)))
        continue;
      pango_layout_get_pixel_size (layout, &width, &height);
      g_assert_cmpint (pango_layout_get_line_count (layout), <=, MAX_LINES);
      g_assert_cmpint (width, <=, gtk_widget_get_width (GTK_WIDGET (label)));
      g_assert_cmpint (height, <=, gtk_widget_get_height (GTK_WIDGET (label)));
      g_assert_cmpuint (strlen (gtk_label_get_label (label)), <=, MAX_CELL_BYTES);
      if (pango_layout_is_ellipsized (layout))
        {
          /* Cut: all its lines used, the last one ending as the name does
           * (Pango's ellipsis is in the middle of the last line). */
          PangoLayoutLine *last =
              pango_layout_get_line_readonly (layout, pango_layout_get_line_count (layout) - 1);
          const char *text = gtk_label_get_label (label);

          g_assert_cmpint (pango_layout_get_line_count (layout), ==, MAX_LINES);
          g_assert_cmpint (last->start_index + last->length, ==,
                           (int) strlen (pango_layout_get_text (layout)));
          g_assert_true (g_str_has_suffix (pango_layout_get_text (layout), text + strlen (text) - 3));
          cut++;
        }
      checked++;
    }
  g_test_message ("%u kernel cells on screen, %u of them cut in the middle", checked, cut);
  g_assert_cmpuint (checked, >=, 3);
  /* Names of 500 characters and more do not fit four lines of a sidebar. */
  g_assert_cmpuint (cut, >=, 1);
  g_assert_cmpuint (app_test_longest_text (GTK_WIDGET (view)), <=, MAX_CELL_BYTES);
  return checked;
}

/* The tooltip of every row: the whole name (demangled, without the mangled
 * one), once, on lines of a reading width; and the cells answer GTK's
 * question for one. */
static void
check_tooltips (CuoccWindow *window)
{
  guint n = app_test_n_shown (window);
  int char_width;

  {
    PangoFontMetrics *metrics =
      pango_context_get_metrics (gtk_widget_get_pango_context (GTK_WIDGET (window)), NULL, NULL);

    /* as GtkLabel counts characters */
    char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                      pango_font_metrics_get_approximate_digit_width (metrics)) / PANGO_SCALE;
    pango_font_metrics_unref (metrics);
  }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      GtkWidget *tooltip =
          g_object_ref_sink (cuocc_kernels_table_get_name_tooltip (app_test_kernels_table (app_test_kernels_panel (window)), item));
      const char *text = gtk_label_get_label (GTK_LABEL (tooltip));
      int natural;

      g_assert_null (strstr (text, k->mangled));
      g_assert_null (strchr (text, '\n'));
      if (strlen (k->name) <= 2000)
        g_assert_cmpstr (text, ==, k->name);
      else
        {
          /* a screenful: its start and its end */
          g_assert_cmpint (strncmp (text, k->name, 200), ==, 0);
          g_assert_true (g_str_has_suffix (k->name, text + strlen (text) - 200));
          g_assert_cmpuint (strlen (text), <=, 4 * 2400);
        }
      g_assert_true (gtk_label_get_wrap (GTK_LABEL (tooltip)));
      gtk_widget_measure (tooltip, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      g_assert_cmpint (natural, <=, TOOLTIP_MAX_CHARS * char_width);
      /* on the narrowest screen the window fits */
      g_assert_cmpint (natural, <, 800);
      g_object_unref (tooltip);
    }

  /* A cell on screen answers GTK's query with a tooltip of its own. */
  {
    GtkColumnView *view = app_test_column_view (app_test_kernels_panel (window));
    g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), 0);
    GtkTooltip *tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
    gboolean answered = FALSE;

    g_hash_table_add (texts, app_test_cell (window, item, "kernel"));
    collect_labels (GTK_WIDGET (view), texts, labels);
    g_assert_cmpuint (labels->len, >=, 1);
    g_assert_true (gtk_widget_get_has_tooltip (labels->pdata[0]));
    g_signal_emit_by_name (labels->pdata[0], "query-tooltip", 1, 1, FALSE, tooltip, &answered);
    g_assert_true (answered);
    g_object_unref (tooltip);
  }
}

/* The kernel column at the sidebar's narrowest, default and widest: wider
 * as the sidebar widens, and at the default width and wider the columns
 * beside it (architecture, occupancy, limiter) on screen. */
static void
check_widths (CuoccWindow *window)
{
  static const int sidebar[] = { 280, 440, 760 };
  GtkColumnView *view = app_test_column_view (app_test_kernels_panel (window));
  int widths[G_N_ELEMENTS (sidebar)];

  for (guint i = 0; i < G_N_ELEMENTS (sidebar); i++)
    {
      g_object_set (app_test_kernels_panel (window), "sidebar-width", sidebar[i], NULL);
      app_test_wait_frames (window, 3);
      widths[i] = kernel_width (view);
      g_test_message ("sidebar %d px: table %d px, kernel column %d px, limiter ends at %.0f px", sidebar[i],
                      table_width (view), widths[i], title_end (view, "limiter"));
      g_assert_cmpint (widths[i], <=, table_width (view));
      if (sidebar[i] >= 440)
        g_assert_cmpfloat (title_end (view, "limiter"), <=, table_width (view));
      /* and the cells follow */
      check_cells (window);
    }
  g_assert_cmpint (widths[1], >=, widths[0]);
  /* Of the 320 px more, the names get a good part. */
  g_assert_cmpint (widths[2] - widths[1], >=, 160);
}

static gboolean
searched (CuoccWindow   *window,
          gconstpointer  data)
{
  return app_test_n_shown (window) < 160;
}

static void
test_names (gconstpointer data)
{
  const int *size = data;
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  names = read_names ();
  g_assert_cmpuint (names->len, ==, 160);
  folder = g_dir_make_tmp ("cuocc-names-XXXXXX", NULL);
  g_assert_nonnull (folder);
  path = write_log (folder, names);

  window = app_test_window_at_size (size[0], size[1], NULL);
  app_test_select_gpu (window, "NVIDIA A100 SXM4");
  app_test_import_library (window, path);
  app_test_show_kernels (window, TRUE);
  app_test_wait_for_sidebar (window, TRUE);
  g_assert_cmpuint (app_test_n_shown (window), ==, 160);
  app_test_wait_frames (window, 3);

  check_tooltips (window);
  /* The longest names: xmma's implicit GEMM kernels, 48 of them. */
  gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)),
                         "Kernel_traits_for_implicit_gemm_fprop");
  app_test_wait_until (window, searched, NULL);
  g_assert_cmpuint (app_test_n_shown (window), ==, 48);
  app_test_wait_frames (window, 3);
  check_cells (window);
  check_widths (window);

  app_test_window_free (window);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* ----- the whole name: the details and the clipboard ----- */

/* What `c++filt --no-recurse-limit` prints for each mangled name, in
 * their order: the demangled names, from outside the app. NULL without
 * c++filt. */
static GStrv
cplusfilt_names (GPtrArray *names)
{
  g_autofree char *cplusfilt = g_find_program_in_path ("c++filt");
  const char *argv[] = { NULL, "--no-recurse-limit", NULL };
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) input = g_string_new (NULL);
  g_autofree char *output = NULL;
  GStrv lines;

  if (cplusfilt == NULL)
    return NULL;
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (input, "%s\n", (const char *) names->pdata[i]);
  argv[0] = cplusfilt;
  proc = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (proc, input->str, NULL, &output, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (proc));
  lines = g_strsplit (output, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, names->len + 1);
  return lines;
}

static void
clear_clipboard (CuoccWindow *window)
{
  g_autofree char *text = NULL;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "nothing yet");
  text = app_test_read_clipboard (window);
  g_assert_cmpstr (text, ==, "nothing yet");
}

/* The button of the given action below widget. */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Chooses the row of a mangled name, as a click does; its position. */
static guint
choose_mangled (CuoccWindow *window,
                const char  *mangled)
{
  for (guint i = 0; i < app_test_n_shown (window); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);

      if (g_str_equal (cuocc_kernel_item_get_kernel (item)->mangled, mangled))
        {
          cuocc_kernels_panel_choose (app_test_kernels_panel (window), i);
          app_test_wait_frames (window, 2);
          return i;
        }
    }
  g_error ("no row of %s", mangled);
}

static gboolean
name_laid_out (CuoccWindow   *window,
               gconstpointer  data)
{
  GtkTextView *view = (GtkTextView *) data;
  GtkTextIter end;
  GdkRectangle last;

  gtk_text_buffer_get_end_iter (gtk_text_view_get_buffer (view), &end);
  gtk_text_view_get_iter_location (view, &end, &last);
  return gtk_adjustment_get_upper (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view))) >=
         last.y + last.height;
}

/* The details show the whole name, in a view that scrolls within a few
 * lines of the sidebar and leaves the table its rows, wrapped at the
 * sidebar's width, every line of it laid out. */
static void
check_details_name (CuoccWindow *window,
                    const char  *expected)
{
  GtkTextView *view = GTK_TEXT_VIEW (app_test_details_widget (app_test_kernels_panel (window), "name_view"));
  GtkWidget *scroll = gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *details = gtk_widget_get_ancestor (gtk_widget_get_parent (scroll), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *table = gtk_widget_get_ancestor (
      GTK_WIDGET (app_test_column_view (app_test_kernels_panel (window))),
      GTK_TYPE_SCROLLED_WINDOW);
  g_autofree char *shown = app_test_details_name (app_test_kernels_panel (window));
  GtkTextIter end;
  GdkRectangle last;
  GtkAdjustment *vadjustment;
  int lines = 0;

  g_assert_cmpstr (shown, ==, expected);
  g_assert_false (gtk_text_view_get_editable (view));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  /* Wrapped at the view's width, on many lines, none of them past it. */
  g_assert_cmpint (gtk_text_view_get_wrap_mode (view), !=, GTK_WRAP_NONE);
  {
    GtkTextIter iter;

    gtk_text_buffer_get_start_iter (gtk_text_view_get_buffer (view), &iter);
    do
      lines++;
    while (gtk_text_view_forward_display_line (view, &iter) && !gtk_text_iter_is_end (&iter));
  }
  g_assert_cmpint (lines, >, (int) strlen (expected) / 200);
  /* All of it laid out (the view lays out what is on screen first, the
   * rest when idle), and all of it in reach: the view scrolls to its last
   * line's end. */
  app_test_wait_until (window, name_laid_out, view);
  gtk_text_buffer_get_end_iter (gtk_text_view_get_buffer (view), &end);
  gtk_text_view_get_iter_location (view, &end, &last);
  vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  g_test_message (
      "a name of %zu characters: %d lines in the details, %.0f px scrolled in %d px; the table %d px",
      strlen (expected), lines, gtk_adjustment_get_upper (vadjustment), gtk_widget_get_height (scroll),
      gtk_widget_get_height (table));
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), >=, last.y + last.height);
  /* A few lines of the sidebar, which leave the table room (test-table's
   * rows-beside-details). */
  g_assert_cmpfloat (gtk_adjustment_get_page_size (vadjustment), <, gtk_adjustment_get_upper (vadjustment));
  g_assert_cmpint (gtk_widget_get_height (scroll), <=, 100);
  g_assert_cmpint (gtk_widget_get_height (details), <=, 160);
  g_assert_cmpint (gtk_widget_get_height (table), >=, 150);
}

/* Names of more than 2,400 characters demangled: the longest (39,501
 * characters) and the shortest of them. Their positions in names. */
static void
long_names (GStrv  expected,
            guint  n,
            guint *longest,
            guint *past)
{
  *longest = *past = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    {
      gsize length = strlen (expected[i]);

      if (*longest == G_MAXUINT || length > strlen (expected[*longest]))
        *longest = i;
      if (length > 2400 && (*past == G_MAXUINT || length < strlen (expected[*past])))
        *past = i;
    }
  g_assert_cmpuint (strlen (expected[*longest]), >, 30000);
  g_assert_cmpuint (strlen (expected[*past]), >, 2400);
  g_test_message ("names of %zu and %zu characters", strlen (expected[*longest]), strlen (expected[*past]));
}

static CuoccWindow *
names_window (const int *size,
              const char *path)
{
  CuoccWindow *window = app_test_window_at_size (size[0], size[1], NULL);

  app_test_select_gpu (window, "NVIDIA A100 SXM4");
  app_test_import_library (window, path);
  app_test_show_kernels (window, TRUE);
  app_test_wait_for_sidebar (window, TRUE);
  g_assert_cmpuint (app_test_n_shown (window), ==, 160);
  return window;
}

/* The window as drawn, into the build folder, to be looked at:
 * cuocc-names-WIDTHxHEIGHT.png. */
static void
save_screenshot (CuoccWindow *window)
{
  const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *name = g_strdup_printf ("cuocc-names-%dx%d.png", gdk_surface_get_width (surface),
                                           gdk_surface_get_height (surface));
  g_autofree char *file = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  if (dir == NULL)
    return;
  file = g_build_filename (dir, name, NULL);
  app_test_wait_for_frame (GTK_WIDGET (window));
  texture = app_test_render_widget (GTK_WIDGET (window));
  g_assert_true (gdk_texture_save_to_png (texture, file));
  g_test_message ("screenshot: %s", file);
}

/* Copy Name and Copy Mangled Name in the details copy the whole name, and
 * the details show it. */
static void
test_copy_buttons (gconstpointer data)
{
  const int *size = data;
  g_autoptr(GPtrArray) names = NULL;
  g_auto(GStrv) expected = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  CuoccWindow *window;
  GtkWidget *copy, *copy_mangled;
  guint picks[2];

  SKIP_WITHOUT_DISPLAY ();
  names = read_names ();
  expected = cplusfilt_names (names);
  if (expected == NULL)
    {
      g_test_skip ("no c++filt (binutils) to read the names with");
      return;
    }
  long_names (expected, names->len, &picks[0], &picks[1]);
  folder = g_dir_make_tmp ("cuocc-names-XXXXXX", NULL);
  g_assert_nonnull (folder);
  path = write_log (folder, names);
  window = names_window (size, path);

  copy = find_action_button (GTK_WIDGET (app_test_kernels_panel (window)), "details.copy-name");
  copy_mangled = find_action_button (GTK_WIDGET (app_test_kernels_panel (window)),
                                     "details.copy-mangled-name");
  g_assert_nonnull (copy);
  g_assert_nonnull (copy_mangled);
  /* Nothing chosen: nothing to copy. */
  g_assert_false (gtk_widget_is_sensitive (copy));

  for (guint p = 0; p < G_N_ELEMENTS (picks); p++)
    {
      const char *mangled = names->pdata[picks[p]];
      g_autofree char *text = NULL;

      choose_mangled (window, mangled);
      check_details_name (window, expected[picks[p]]);
      g_assert_true (gtk_widget_is_sensitive (copy));
      g_assert_true (gtk_widget_get_mapped (copy));

      clear_clipboard (window);
      app_test_forget_message ();
      g_signal_emit_by_name (copy, "clicked");
      text = app_test_read_clipboard (window);
      g_assert_cmpuint (strlen (text), ==, strlen (expected[picks[p]]));
      g_assert_cmpstr (text, ==, expected[picks[p]]);
      g_assert_cmpstr (app_test_last_message (), ==, "Name copied");
      g_clear_pointer (&text, g_free);

      g_signal_emit_by_name (copy_mangled, "clicked");
      text = app_test_read_clipboard (window);
      g_assert_cmpstr (text, ==, mangled);
      g_assert_cmpstr (app_test_last_message (), ==, "Mangled name copied");
    }
  save_screenshot (window);

  app_test_window_free (window);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* Ctrl+Alt+C anywhere in the window and Ctrl+C in the table copy the
 * chosen kernel's whole name: real key presses. */
static void
test_copy_keys (gconstpointer data)
{
  const int *size = data;
  g_autoptr(GPtrArray) names = NULL;
  g_auto(GStrv) expected = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  CuoccWindow *window;
  guint picks[2];

  SKIP_WITHOUT_DISPLAY ();
  SKIP_WITHOUT_KEY_EVENTS ();
  names = read_names ();
  expected = cplusfilt_names (names);
  if (expected == NULL)
    {
      g_test_skip ("no c++filt (binutils) to read the names with");
      return;
    }
  long_names (expected, names->len, &picks[0], &picks[1]);
  folder = g_dir_make_tmp ("cuocc-names-XXXXXX", NULL);
  g_assert_nonnull (folder);
  path = write_log (folder, names);
  window = names_window (size, path);

  for (guint p = 0; p < G_N_ELEMENTS (picks); p++)
    {
      g_autofree char *text = NULL;

      choose_mangled (window, names->pdata[picks[p]]);
      /* From the search field, whose own Ctrl+C copies its text. */
      gtk_widget_grab_focus (GTK_WIDGET (app_test_kernels_search (app_test_kernels_panel (window))));
      clear_clipboard (window);
      app_test_press_keys (GTK_WINDOW (window), "<Control><Alt>c");
      text = app_test_read_clipboard (window);
      g_assert_cmpstr (text, ==, expected[picks[p]]);
      g_clear_pointer (&text, g_free);

      /* In the table, with the row chosen. */
      gtk_widget_grab_focus (
          GTK_WIDGET (app_test_column_view (app_test_kernels_panel (window))));
      clear_clipboard (window);
      app_test_press_keys (GTK_WINDOW (window), "<Control>c");
      text = app_test_read_clipboard (window);
      g_assert_cmpstr (text, ==, expected[picks[p]]);
    }

  app_test_window_free (window);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  static const int small[] = { 800, 600 };
  static const int large[] = { 1920, 1080 };

  g_test_init (&argc, &argv, NULL);
  app_test_init ();
  g_test_add_data_func ("/cuocc/app/table-names/800x600", small, test_names);
  g_test_add_data_func ("/cuocc/app/table-names/1920x1080", large, test_names);
  g_test_add_data_func ("/cuocc/app/table-names/copy-800x600", small, test_copy_buttons);
  g_test_add_data_func ("/cuocc/app/table-names/copy-1920x1080", large, test_copy_buttons);
  g_test_add_data_func ("/cuocc/app/table-names/copy-keys-800x600", small, test_copy_keys);
  g_test_add_data_func ("/cuocc/app/table-names/copy-keys-1920x1080", large, test_copy_keys);
  return g_test_run ();
}
