/* test-gpu-compare.c — the kernels table on several GPUs (issue 27 §3), in
 * the real window at 800 × 600 and 1920 × 1080, against the command line's
 * `cuocc --import FILE --gpu A --gpu B … --format csv` for the same file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two files: nvcc 13's fat binary of multi-gpu.cu with sm_80 SASS and
 * compute_80 PTX (tests/import/data/binary/make-multi-gpu-fixtures.sh), on
 * an A100 (the SASS runs), an H100 (the PTX, by JIT), an RTX 4090 (the
 * SASS) and a GTX 1080 (no entry: 6.1 runs neither); and tests/gen-library.py's
 * 57,600 entries on an A100, an H100 and an RTX 4090. The GPUs are chosen
 * as a user chooses them, in the "Compare GPUs" popover's list (searched);
 * every cell of every kernel is then checked against the command line's row
 * for that kernel and GPU: the occupancy, the limiters, the entry that runs,
 * and why a kernel cannot launch; the difference against the one worked out
 * here from the command line's occupancies; the sort by difference and the
 * difference filter against the same.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "app-test.h"
#include "cuocc-compat.h"
#include "cuocc-gpu-comparison.h"
#include "cuocc-kernel-item.h"

#define THREADS "256"

static void fresh_cache (void);

/* ----- the command line ----- */

/* One CSV line's fields, quotes undone (RFC 4180: the names hold commas,
 * "scale<float, 128>"; no field holds a line break). */
static char **
csv_fields (const char *line)
{
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  const char *p = line;

  for (;;)
    {
      GString *field = g_string_new (NULL);

      if (*p == '"')
        {
          for (p++; *p != '\0'; p++)
            {
              if (*p == '"' && p[1] == '"')
                {
                  g_string_append_c (field, '"');
                  p++;
                }
              else if (*p == '"')
                {
                  p++;
                  break;
                }
              else
                g_string_append_c (field, *p);
            }
        }
      else
        while (*p != '\0' && *p != ',')
          g_string_append_c (field, *p++);
      g_ptr_array_add (fields, g_string_free (field, FALSE));
      if (*p != ',')
        break;
      p++;
    }
  g_ptr_array_add (fields, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&fields), FALSE);
}

typedef struct {
  char **header;
  GPtrArray *rows;                 /* of char ** */
} Csv;

static void
csv_clear (Csv *csv)
{
  g_strfreev (csv->header);
  g_clear_pointer (&csv->rows, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Csv, csv_clear)

static const char *
field (const Csv   *csv,
       const char **row,
       const char  *name)
{
  for (guint i = 0; csv->header[i] != NULL; i++)
    if (g_str_equal (csv->header[i], name))
      return row[i];
  g_error ("no column %s", name);
}

/* `cuocc --import PATH --gpu … [--threads N] --no-ptxas --format csv`: the
 * app runs no ptxas until asked (the cache of this test's own is empty
 * until then); with @ptxas, `--ptxas PTXAS` instead, which assembles for
 * every GPU's target what the cache lacks. */
static void
run_cli_ptxas (Csv                *csv,
               const char         *path,
               const char * const *gpus,
               const char         *threads,
               const char         *ptxas)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  const char *cli = g_getenv ("CUOCC_CLI");
  int status;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  g_ptr_array_add (argv, (gpointer) "--import");
  g_ptr_array_add (argv, (gpointer) path);
  for (guint g = 0; gpus[g] != NULL; g++)
    {
      g_ptr_array_add (argv, (gpointer) "--gpu");
      g_ptr_array_add (argv, (gpointer) gpus[g]);
    }
  if (threads != NULL)
    {
      g_ptr_array_add (argv, (gpointer) "--threads");
      g_ptr_array_add (argv, (gpointer) threads);
    }
  g_ptr_array_add (argv, (gpointer) (ptxas != NULL ? "--ptxas" : "--no-ptxas"));
  if (ptxas != NULL)
    g_ptr_array_add (argv, (gpointer) ptxas);
  g_ptr_array_add (argv, (gpointer) "--format");
  g_ptr_array_add (argv, (gpointer) "csv");
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                               NULL, &status, NULL));
  /* 1: some kernel was not worked out on some GPU, which is an answer here. */
  g_assert_true (WIFEXITED (status) && (WEXITSTATUS (status) == 0 || WEXITSTATUS (status) == 1));
  lines = g_strsplit (out, "\n", -1);
  csv->header = csv_fields (lines[0]);
  csv->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
    g_ptr_array_add (csv->rows, csv_fields (lines[i]));
}

static void
run_cli (Csv                *csv,
         const char         *path,
         const char * const *gpus,
         const char         *threads)
{
  run_cli_ptxas (csv, path, gpus, threads, NULL);
}

/* ----- what a cell should say, from the command line's row ----- */

/* "Warps, Registers" from the command line's "warps,registers": the
 * library's names and titles of each limit. */
static char *
limiter_titles (const char *names)
{
  g_auto(GStrv) parts = g_strsplit_set (names, ",;| ", -1);
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();

  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    for (guint i = 0; parts[i] != NULL; i++)
      if (g_str_equal (parts[i], cuocc_limit_name (1u << bit)))
        g_ptr_array_add (titles, (gpointer) cuocc_limit_title (1u << bit));
  g_assert_cmpuint (titles->len, >, 0);
  g_ptr_array_add (titles, NULL);
  return g_strjoinv (", ", (char **) titles->pdata);
}

typedef struct {
  char *first;                     /* the cell's first line */
  char *second;                    /* its second, or only its start where the reason has figures */
  gboolean second_is_prefix;
  double value;                    /* the occupancy a difference counts; < 0: unknown */
} Want;

static void
want_clear (Want *w)
{
  g_free (w->first);
  g_free (w->second);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Want, want_clear)

static void
want_from_row (Want        *w,
               const Csv   *csv,
               const char **row)
{
  const char *occupancy = field (csv, row, "occupancy_pct");
  const char *error = field (csv, row, "error");
  const char *arch = field (csv, row, "arch");
  const char *cc = field (csv, row, "cc");
  /* PTX whose figures ptxas gave: "compute_80 → ptxas", as the command line's text says it. */
  gboolean assembled = g_str_has_prefix (field (csv, row, "figures_from"), "ptxas ");
  g_autofree char *entry = !g_str_has_prefix (arch, "compute_") ? g_strdup (arch)
                           : assembled ? g_strdup_printf ("%s → ptxas", arch)
                           : g_strdup_printf ("%s JIT", arch);

  if (strstr (error, "no entry of this kernel is built for it") != NULL)
    {
      w->first = g_strdup ("Cannot launch");
      w->second = g_strdup_printf ("no entry for %s", cc);
      w->value = 0;
    }
  else if (*occupancy != '\0' && g_strcmp0 (field (csv, row, "active_blocks"), "0") != 0)
    {
      g_autofree char *titles = limiter_titles (field (csv, row, "limiters"));

      w->first = g_strdup_printf ("%s %%", occupancy);
      w->second = g_strdup_printf ("%s · %s", titles, entry);
      w->value = g_ascii_strtod (occupancy, NULL);
    }
  else if (*occupancy != '\0')
    {
      /* Worked out, no block fits: it cannot launch; the reason's figures
       * are the GPU's (test-gpu-compare's own bounds check them). */
      w->first = g_strdup ("Cannot launch");
      w->second = g_strdup ("");
      w->second_is_prefix = TRUE;
      w->value = 0;
    }
  else if (g_str_has_prefix (error, "PTX: registers are known only after JIT"))
    {
      /* Never a figure: it needs ptxas for this GPU's target. */
      w->first = g_strdup ("–");
      w->second = g_strdup_printf ("needs assembly · %s", entry);
      w->value = -1;
    }
  else if (g_str_has_prefix (error, "PTX: no figures: "))
    {
      w->first = g_strdup ("–");
      w->second = g_strdup_printf ("ptxas failed · %s", entry);
      w->value = -1;
    }
  else
    {
      w->first = g_strdup ("–");
      w->second = g_strdup ("");
      w->second_is_prefix = TRUE;
      w->value = -1;
    }
}

/* ----- the window ----- */

/* The table's column with an id, or NULL. */
static GtkColumnViewColumn *
find_column (CuoccWindow *window,
             const char  *id)
{
  GListModel *columns = gtk_column_view_get_columns (app_test_column_view (app_test_kernels_panel (window)));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "cuocc-column-id"), id) == 0)
        return column;
    }
  return NULL;
}

/* Where a column's header lies across the table's visible width: its left
 * and right edges, from the table's left edge (as the table scrolls). The
 * header's titles are not in the columns' order (a column inserted adds
 * its title last): the column's is the one that shows its title. */
static void
column_span (CuoccWindow *window,
             const char  *id,
             double      *left,
             double      *right,
             double      *visible)
{
  GtkColumnView *view = app_test_column_view (app_test_kernels_panel (window));
  GtkWidget *scrolled = gtk_widget_get_parent (GTK_WIDGET (view));
  GtkColumnViewColumn *column = find_column (window, id);
  const char *name = gtk_column_view_column_get_title (column);

  for (GtkWidget *title = gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (view)));
       title != NULL; title = gtk_widget_get_next_sibling (title))
    {
      GtkWidget *label = app_test_find_descendant (title, GTK_TYPE_LABEL, FALSE);
      graphene_rect_t bounds;

      if (label == NULL || !gtk_widget_get_visible (title) ||
          g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), name) != 0)
        continue;
      g_assert_true (gtk_widget_compute_bounds (title, scrolled, &bounds));
      *left = bounds.origin.x;
      *right = bounds.origin.x + bounds.size.width;
      *visible = gtk_widget_get_width (scrolled);
      return;
    }
  g_error ("no title %s", name);
}

/* The "Compare GPUs" popover's row for a GPU, found by searching for it
 * as a user types; NULL where the search shows none. */
static GtkCheckButton *
find_check (CuoccWindow *window,
            const char  *search,
            const char  *title)
{
  /* The list and its search, below the "Compare GPUs" button's popover. */
  GtkMenuButton *button = GTK_MENU_BUTTON (app_test_find_by_id (GTK_WIDGET (app_test_kernels_panel (window)), GTK_TYPE_MENU_BUTTON, "gpus_button"));
  GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (button));
  GtkWidget *list = app_test_find_descendant (popover, GTK_TYPE_LIST_BOX, FALSE);
  GtkWidget *entry = app_test_find_descendant (popover, GTK_TYPE_SEARCH_ENTRY, FALSE);

  g_assert_nonnull (list);
  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), search);
  /* The entry's search-changed comes after its delay. */
  g_signal_emit_by_name (entry, "search-changed");
  app_test_wait_for_frame (GTK_WIDGET (window));
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *check = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      GtkWidget *label = app_test_find_descendant (check, GTK_TYPE_LABEL, FALSE);

      if (gtk_widget_get_child_visible (row) && gtk_widget_get_visible (row) &&
          g_str_equal (gtk_label_get_label (GTK_LABEL (label)), title))
        return GTK_CHECK_BUTTON (check);
    }
  return NULL;
}

static gboolean
compared (CuoccWindow   *window,
          gconstpointer  data)
{
  /* Not while ptxas is looked for either: once found, the comparison is
   * worked out again with its cache, and the rows fill in again. */
  return app_test_kernels_idle (window, NULL) && app_test_kernels_compared (app_test_kernels_panel (window)) &&
         !app_test_kernels_assembling (app_test_kernels_panel (window));
}

/* Opens the popover, checks each GPU (searched by @searches, titled
 * @titles), closes it, and waits for the comparison. */
static void
choose_gpus (CuoccWindow        *window,
             const char * const *searches,
             const char * const *titles)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (
      app_test_find_by_id (GTK_WIDGET (app_test_kernels_panel (window)), GTK_TYPE_MENU_BUTTON, "gpus_button"));
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_auto(GStrv) kept = NULL;

  app_test_wait_for_sidebar (window, TRUE);
  gtk_menu_button_popup (button);
  app_test_wait_for_frame (GTK_WIDGET (window));
  for (guint i = 0; titles[i] != NULL; i++)
    {
      GtkCheckButton *check = find_check (window, searches[i], titles[i]);

      g_assert_nonnull (check);
      g_assert_false (gtk_check_button_get_active (check));
      /* A search that finds nothing hides it. */
      g_assert_null (find_check (window, "no such gpu", titles[i]));
      check = find_check (window, searches[i], titles[i]);
      gtk_widget_activate (GTK_WIDGET (check));
      g_assert_true (gtk_check_button_get_active (check));
    }
  gtk_menu_button_popdown (button);
  app_test_wait_until (window, compared, NULL);
  /* Kept as chosen, in their order. */
  kept = g_settings_get_strv (settings, "compare-gpus");
  g_assert_true (g_strv_equal ((const char * const *) kept, titles));
}

/* Every kernel's cells against the command line's rows: @declared without
 * --threads (a kernel that declares its block size keeps it), @given with
 * --threads as the table's own block size; the calculator's GPU first. */
static void
check_cells (CuoccWindow *window,
             const Csv   *declared,
             const Csv   *given,
             guint        n_gpus,
             guint       *n_cannot,
             guint       *n_no_entry)
{
  g_autoptr(CuoccGpuComparison) gpus = app_test_gpu_comparison (app_test_kernels_panel (window));
  GListModel *shown = app_test_shown (window);
  guint n = g_list_model_get_n_items (shown);
  guint n_kernels = declared->rows->len / n_gpus;
  g_autofree gboolean *seen = g_new0 (gboolean, MAX (n_kernels, 1));

  g_assert_nonnull (gpus);
  g_assert_cmpuint (cuocc_gpu_comparison_get_n_gpus (gpus), ==, n_gpus);
  g_assert_cmpuint (declared->rows->len, ==, given->rows->len);
  /* "One row a kernel": a row for every kernel, those the first GPU cannot run too. */
  g_assert_cmpuint (n, ==, n_kernels);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      guint kernel;
      double values[8], low = G_MAXDOUBLE, high = -1;
      guint known = 0;
      g_autofree char *difference = NULL;

      g_assert_true (cuocc_kernel_item_get_gpus (item, &kernel, NULL) == gpus);
      g_assert_cmpuint (kernel, <, n_kernels);
      g_assert_false (seen[kernel]);
      seen[kernel] = TRUE;
      for (guint g = 0; g < n_gpus; g++)
        {
          /* The command line's rows: kernels in the file's order, the GPUs in theirs. */
          const char **row = g_ptr_array_index (declared->rows, kernel * n_gpus + g);
          g_autofree char *column = g_strdup_printf ("gpu%u", g);
          g_autofree char *text = app_test_cell (window, item, column);
          g_auto(GStrv) lines = g_strsplit (text, "\n", 2);
          g_auto(Want) want = { 0 };

          g_assert_cmpstr (field (declared, row, "mangled"), ==, k->mangled);
          if (strstr (field (declared, row, "error"), "declares no block size") != NULL)
            row = g_ptr_array_index (given->rows, kernel * n_gpus + g);
          want_from_row (&want, declared, row);
          if (g_strcmp0 (lines[0], want.first) != 0 ||
              (want.second_is_prefix ? !g_str_has_prefix (lines[1] ? lines[1] : "", want.second)
                                     : g_strcmp0 (lines[1], want.second) != 0))
            g_error ("%s on %s: the table says “%s”, the command line “%s / %s”", k->name,
                     field (declared, row, "gpu"), text, want.first, want.second);
          if (g_str_equal (want.first, "Cannot launch"))
            (*n_cannot)++;
          if (g_str_has_prefix (want.second, "no entry for"))
            (*n_no_entry)++;
          {
            /* Where ptxas gave the command line figures, the cell has the same ptxas's, for that GPU's target. */
            const char *from = field (declared, row, "figures_from");

            g_assert_cmpstr (cuocc_gpu_comparison_get_cell (gpus, kernel, g)->figures_from, ==,
                             g_str_has_prefix (from, "ptxas ") ? from : NULL);
          }
          values[g] = want.value;
          if (want.value >= 0)
            {
              known++;
              low = MIN (low, want.value);
              high = MAX (high, want.value);
            }
        }
      /* The difference, worked out here from the command line's figures,
       * each rounded to two decimals: within 0.01 of the exact one. */
      difference = app_test_cell (window, item, "difference");
      if (known < 2)
        g_assert_cmpstr (difference, ==, "–");
      else
        {
          g_assert_true (g_str_has_suffix (difference, " pts"));
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (difference, NULL), high - low, 0.0101);
        }
      (void) values;
    }
}

/* The difference the row shows, or -1 for "–". */
static double
shown_difference (CuoccWindow     *window,
                  CuoccKernelItem *item)
{
  g_autofree char *text = app_test_cell (window, item, "difference");

  return g_str_equal (text, "–") ? -1 : g_ascii_strtod (text, NULL);
}

/* Sorted by the difference, largest first: the rows' differences never
 * grow, those without one last; filtered to at least @least points: the
 * rows are exactly those, as many as counted before. */
static void
check_sort_and_filter (CuoccWindow *window,
                       double       least)
{
  GListModel *shown = app_test_shown (window);
  guint n = g_list_model_get_n_items (shown), expected = 0, differing = 0;
  double last = G_MAXDOUBLE;
  GtkCheckButton *check = GTK_CHECK_BUTTON (
      app_test_find_by_id (GTK_WIDGET (app_test_kernels_panel (window)), GTK_TYPE_CHECK_BUTTON, "differ_check"));
  GtkSpinButton *spin = GTK_SPIN_BUTTON (
      app_test_find_by_id (GTK_WIDGET (app_test_kernels_panel (window)), GTK_TYPE_SPIN_BUTTON, "differ_spin"));

  app_test_sort_by (app_test_kernels_panel (window), "difference", GTK_SORT_DESCENDING);
  app_test_wait_until (window, compared, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);
      double d = shown_difference (window, item);

      if (d < 0)
        last = -1;
      else
        g_assert_cmpfloat (d, <=, last);
      if (last >= 0)
        last = d;
      expected += d >= least && d > 0;
      differing += d > 0;
    }
  g_assert_cmpuint (differing, >, 0);
  /* The filter's controls show while GPUs are compared. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (check)));
  gtk_spin_button_set_value (spin, least);
  gtk_check_button_set_active (check, TRUE);
  app_test_wait_until (window, compared, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, expected);
  for (guint i = 0; i < expected; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);

      g_assert_cmpfloat (shown_difference (window, item), >=, least);
    }
  /* 0: every kernel that differs at all. */
  gtk_spin_button_set_value (spin, 0);
  app_test_wait_until (window, compared, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, differing);
  gtk_check_button_set_active (check, FALSE);
  app_test_wait_until (window, compared, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n);
  g_test_message ("sorted by difference; %u of %u kernels differ, %u by %.0f points or more", differing, n,
                  expected, least);
}

/* The window as drawn, into the build folder, to be looked at. */
static void
save_screenshot (CuoccWindow *window,
                 const char  *what)
{
  const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *name = g_strdup_printf ("cuocc-gpu-compare-%s-%dx%d.png", what, gdk_surface_get_width (surface),
                                           gdk_surface_get_height (surface));
  g_autofree char *file = g_build_filename (dir != NULL ? dir : g_get_tmp_dir (), name, NULL);
  g_autoptr(GdkTexture) texture = NULL;

  app_test_wait_for_frame (GTK_WIDGET (window));
  texture = app_test_render_widget (GTK_WIDGET (window));
  g_assert_true (gdk_texture_save_to_png (texture, file));
  g_test_message ("screenshot: %s", file);
}

/* ----- the tests ----- */

static const struct { int width, height; } sizes[] = { { 800, 600 }, { 1920, 1080 } };

/* nvcc 13's fat binary: SASS, PTX by JIT and no entry, the GPUs chosen
 * through the popover; sort, filter; none chosen takes the columns away. */
static void
test_fat_binary (void)
{
  static const char *const gpus[] = { "NVIDIA A100 SXM4", "NVIDIA H100 SXM5", "NVIDIA GeForce RTX 4090",
                                      "NVIDIA GeForce GTX 1080", NULL };
  static const char *const searches[] = { "h100", "4090", "1080", NULL };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "binary",
                                                 "multi-gpu-sm_80-ptx.fatbin", NULL);
  g_auto(Csv) declared = { 0 };
  g_auto(Csv) given = { 0 };

  SKIP_WITHOUT_DISPLAY ();
  /* The PTX on the H100 has no figures: nothing in the cache. */
  fresh_cache ();
  run_cli (&declared, path, gpus, NULL);
  run_cli (&given, path, gpus, THREADS);
  /* Three kernels (scale, stage, bounded), four GPUs. */
  g_assert_cmpuint (declared.rows->len, ==, 3 * 4);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      CuoccWindow *window = app_test_window_at_size (sizes[s].width, sizes[s].height, NULL);
      guint n_cannot = 0, n_no_entry = 0;

      g_test_message ("%d × %d", sizes[s].width, sizes[s].height);
      app_test_select_gpu (window, gpus[0]);
      app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, THREADS);
      app_test_import_library (window, path);
      /* No comparison: no column of it. */
      g_assert_null (find_column (window, "difference"));
      choose_gpus (window, searches, gpus + 1);
      check_cells (window, &declared, &given, 4, &n_cannot, &n_no_entry);
      {
        /* The comparison in view at the sidebar's default width, 800 × 600
         * too: the names from the left edge, the difference and the first
         * GPU's column whole beside them; the architecture's column gives
         * its room (each GPU's cell names its entry). */
        double left, right, visible, name_left, name_right, unused;

        app_test_wait_for_frame (GTK_WIDGET (window));
        column_span (window, "kernel", &name_left, &name_right, &visible);
        column_span (window, "gpu0", &left, &right, &unused);
        g_test_message ("%d × %d: the table shows %.0f px, the names %.0f–%.0f, the first GPU's column %.0f–%.0f",
                        sizes[s].width, sizes[s].height, visible, name_left, name_right, left, right);
        g_assert_cmpfloat (name_left, >=, -0.5);
        g_assert_cmpfloat (left, >=, name_right - 0.5);
        g_assert_cmpfloat (right, <=, visible + 0.5);
        g_assert_false (gtk_column_view_column_get_visible (find_column (window, "arch")));
      }
      /* A GTX 1080 (6.1) runs neither sm_80 SASS nor compute_80 PTX: each kernel says so. */
      g_assert_cmpuint (n_no_entry, ==, 3);
      g_assert_cmpuint (n_cannot, >=, 3);
      save_screenshot (window, "fatbin");
      check_sort_and_filter (window, 60);

      /* None chosen: the columns go, the architecture filter's second
       * choice filters by what loads again. */
      cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), NULL);
      app_test_wait_until (window, compared, NULL);
      g_assert_null (find_column (window, "difference"));
      g_assert_null (find_column (window, "gpu0"));
      {
        g_autoptr(CuoccGpuComparison) shown_gpus = app_test_gpu_comparison (app_test_kernels_panel (window));

        g_assert_null (shown_gpus);
      }
      g_assert_true (gtk_column_view_column_get_visible (find_column (window, "arch")));
      app_test_window_free (window);
    }
}

/* The generated library (57,600 entries): every kernel's cells against
 * the command line, at both sizes; the comparison arrives without stopping
 * the window: the choice itself lays out no row, and the answer changes the
 * rows once, laying out a screenful at most. */
static void
test_generated_library (void)
{
  /* The library's entries are sm_80, sm_86, sm_90 SASS and PTX: none runs on a GTX 1080 (6.1). */
  static const char *const gpus[] = { "NVIDIA A100 SXM4", "NVIDIA H100 SXM5", "NVIDIA GeForce RTX 4090",
                                      "NVIDIA GeForce GTX 1080", NULL };
  static const char *const searches[] = { "H100 SXM5", "RTX 4090", "1080", NULL };
  g_autofree char *path = NULL;
  g_auto(Csv) declared = { 0 };
  g_auto(Csv) given = { 0 };
  guint rows;

  SKIP_WITHOUT_DISPLAY ();
  if ((path = app_test_generated_library (&rows)) == NULL)
    {
      g_test_skip ("no generated library in the build folder (or under the sanitizers)");
      return;
    }
  fresh_cache ();
  run_cli (&declared, path, gpus, NULL);
  run_cli (&given, path, gpus, THREADS);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      CuoccWindow *window = app_test_window_at_size (sizes[s].width, sizes[s].height, NULL);
      GtkColumnView *view = app_test_column_view (app_test_kernels_panel (window));
      guint n_cannot = 0, n_no_entry = 0;
      guint most_rows, columns, iterations, iterations_before;
      AppTestStalls stalls;

      g_test_message ("%d × %d", sizes[s].width, sizes[s].height);
      app_test_select_gpu (window, gpus[0]);
      app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, THREADS);
      app_test_import_library (window, path);
      g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, rows);
      app_test_wait_for_sidebar (window, TRUE);
      /* Every row arrived first (the table grows a screenful a frame). */
      while (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view))) < app_test_n_shown (window))
        g_main_context_iteration (NULL, TRUE);

      cuocc_kernels_panel_get_gpus_counts (app_test_kernels_panel (window), &most_rows, &columns, &iterations_before);
      app_test_stalls_start (&stalls);
      app_test_stalls_watch_table (&stalls, view);
      choose_gpus (window, searches, gpus + 1);
      app_test_stalls_wait_for_frame (&stalls, GTK_WIDGET (window));
      app_test_stalls_stop (&stalls);
      cuocc_kernels_panel_get_gpus_counts (app_test_kernels_panel (window), &most_rows, &columns, &iterations);
      g_test_message ("the rows took the comparisons over %u iterations of the main loop, at most %u rows an "
                      "iteration; %u columns added, one an iteration", iterations - iterations_before, most_rows,
                      columns);
      /* The rows take a comparison a slice an iteration, never all 57,600
       * at once (the last one, at least, over rows / 4,096 iterations; one
       * checked before it may have been replaced before it came), and the
       * columns (the difference and four GPUs) come one an iteration. */
      g_assert_cmpuint (most_rows, <=, 4096);
      g_assert_cmpuint (columns, ==, 5);
      g_assert_cmpuint (iterations - iterations_before, >=, rows / 4096 + 1);
      g_test_message ("compared on %u GPUs: %u changes of the rows, the most rows one iteration added %u; %u cells "
                      "bound, the most in one iteration %u; the longest stall %.0f ms (%.0f ms of CPU time)", 4, stalls.changes,
                      stalls.most_added, stalls.binds, stalls.most_binds, stalls.longest / 1000.0, stalls.longest_cpu_ms);
      /* Each GPU checked makes one comparison, whose answer changes the
       * rows once (the rows filtered to one a kernel, sorted once); no
       * iteration lays out more than a screenful of rows (GTK 4.8 keeps a
       * few hundred rows' widgets; 1,000 rows of 15 columns is the bound,
       * where the table has 57,600). */
      g_assert_cmpuint (stalls.most_changes, <=, 1);
      g_assert_cmpuint (stalls.most_binds, <=, 1000 * 15);

      check_cells (window, &declared, &given, 4, &n_cannot, &n_no_entry);
      g_test_message ("%u cells say the kernel cannot launch, %u of them for want of an entry", n_cannot, n_no_entry);
      /* Every kernel on the GTX 1080. */
      g_assert_cmpuint (n_no_entry, ==, declared.rows->len / 4);
      save_screenshot (window, "library");
      check_sort_and_filter (window, 25);

      /* Another block size: the comparison follows. */
      app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "128");
      app_test_wait_until (window, compared, NULL);
      app_test_window_free (window);
    }
}

/* ----- PTX on the GPUs compared ----- */

#define REAL_PTXAS APP_TEST_REAL_PTXAS

static char *scratch;              /* this test's own: XDG_CACHE_HOME, the scripts, the run counts */

static void
remove_tree (const char *path)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", path);

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

/* An empty ptxas cache, and no run counted. */
static void
fresh_cache (void)
{
  g_autofree char *cache = g_build_filename (scratch, "cache", NULL);
  g_autofree char *counted = g_build_filename (scratch, "ptxas.runs", NULL);

  remove_tree (cache);
  g_unlink (counted);
  g_assert_cmpint (g_mkdir_with_parents (cache, 0700), ==, 0);
}

/* A script that runs @body, every assembly (not --version) counted in
 * scratch/ptxas.runs, one line each. */
static char *
ptxas_script (const char *name,
              const char *body)
{
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\n[ \"$1\" = --version ] || echo \"$*\" >> '%s/ptxas.runs'\n%s",
                                           scratch, body);
  char *path = g_build_filename (scratch, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

/* A ptxas that runs the toolkit's own, counted, with a fresh cache; NULL,
 * the test skipped saying why, where the toolkit has none. */
static char *
real_ptxas_or_skip (void)
{
  if (!g_file_test (REAL_PTXAS, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the CUDA toolkit's ptxas is not installed");
      return NULL;
    }
  fresh_cache ();
  return ptxas_script ("ptxas", "exec '" REAL_PTXAS "' \"$@\"\n");
}

/* The runs for a target ("sm_90", or "sm_" for all), and of them those of one entry alone (--entry). */
static guint
ptxas_runs_alone (const char *target,
                  guint      *alone)
{
  g_autofree char *path = g_build_filename (scratch, "ptxas.runs", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *arch = g_strconcat ("-arch=", target, NULL);
  guint n = 0;

  if (alone != NULL)
    *alone = 0;
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) args = g_strsplit (lines[i], " ", -1);
      gboolean match = FALSE;

      for (guint a = 0; args[a] != NULL; a++)
        match |= g_str_equal (target, "sm_") ? g_str_has_prefix (args[a], arch) : g_str_equal (args[a], arch);
      n += match;
      if (match && alone != NULL)
        *alone += strstr (lines[i], " --entry ") != NULL;
    }
  return n;
}

static guint
ptxas_runs (const char *target)
{
  return ptxas_runs_alone (target, NULL);
}

/* The command line's registers for each GPU's rows are what ptxas itself
 * printed for that GPU's target. */
static void
check_cli_registers (const Csv          *csv,
                     const char         *ptx,
                     const char * const *targets,
                     guint               n_gpus)
{
  for (guint g = 0; g < n_gpus; g++)
    {
      g_autoptr(GHashTable) want = app_test_ptxas_registers (ptx, targets[g], NULL);
      g_autofree char *from = g_strdup_printf ("ptxas 13.0 for %s", targets[g]);

      for (guint r = g; r < csv->rows->len; r += n_gpus)
        {
          const char **row = g_ptr_array_index (csv->rows, r);

          g_assert_cmpstr (field (csv, row, "figures_from"), ==, from);
          g_assert_true (g_hash_table_contains (want, field (csv, row, "mangled")));
          g_assert_cmpint (atoi (field (csv, row, "regs")), ==,
                           GPOINTER_TO_INT (g_hash_table_lookup (want, field (csv, row, "mangled"))));
        }
    }
}

static gboolean
settled (CuoccWindow   *window,
         gconstpointer  data)
{
  return compared (window, NULL) && !app_test_kernels_assembling (app_test_kernels_panel (window));
}

static gboolean
details_say (CuoccWindow   *window,
             gconstpointer  data)
{
  const char *text = app_test_details_text (app_test_kernels_panel (window), "ptx_label");

  return text != NULL && g_str_has_prefix (text, data) && settled (window, NULL);
}

/* The window on @gpus[0], @path open, the others compared. */
static CuoccWindow *
ptx_window (const char         *path,
            const char         *ptxas,
            const char * const *gpus,
            const char * const *searches)
{
  CuoccWindow *window = app_test_window_at_size (800, 600, NULL);

  g_settings_set_string (app_test_settings (), "ptxas-path", ptxas);
  app_test_select_gpu (window, gpus[0]);
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, THREADS);
  app_test_import_library (window, path);
  choose_gpus (window, searches, gpus + 1);
  app_test_wait_until (window, settled, NULL);
  return window;
}

/* Every cell against the command line, with ptxas or without. */
static void
check_against_cli (CuoccWindow        *window,
                   const char         *path,
                   const char * const *gpus,
                   guint               n_gpus,
                   const char         *ptxas)
{
  g_auto(Csv) declared = { 0 };
  g_auto(Csv) given = { 0 };
  guint n_cannot = 0, n_no_entry = 0;

  run_cli_ptxas (&declared, path, gpus, NULL, ptxas);
  run_cli_ptxas (&given, path, gpus, THREADS, ptxas);
  check_cells (window, &declared, &given, n_gpus, &n_cannot, &n_no_entry);
}

/* kernels-compute80.ptx (nvcc 13's PTX, compute_80) on an RTX 4090 (sm_89),
 * an H100 (sm_90) and a B200 (sm_100): no figures before ptxas, each cell
 * saying it needs assembly; a kernel chosen gets its figures on the
 * calculator's GPU alone; Assemble PTX Kernels assembles the module for
 * every GPU's target, once each, and every cell then has the figures of
 * the command line's `--ptxas`, whose registers are ptxas's own. */
static void
test_ptx (void)
{
  static const char *const gpus[] = { "NVIDIA GeForce RTX 4090", "NVIDIA H100 SXM5", "NVIDIA B200", NULL };
  static const char *const searches[] = { "H100 SXM5", "B200", NULL };
  static const char *const targets[] = { "sm_89", "sm_90", "sm_100" };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "kernels-compute80.ptx", NULL);
  g_autofree char *ptxas = NULL;
  g_auto(Csv) assembled = { 0 };
  CuoccWindow *window;
  GListModel *shown;
  CuoccGpuComparison *gpus_shown;
  guint chosen = G_MAXUINT;

  SKIP_WITHOUT_DISPLAY ();
  ptxas = real_ptxas_or_skip ();
  if (ptxas == NULL)
    return;
  window = ptx_window (path, ptxas, gpus, searches);
  /* Nothing assembled yet: every cell needs assembly, never a figure. */
  g_assert_cmpuint (ptxas_runs ("sm_"), ==, 0);
  check_against_cli (window, path, gpus, 3, NULL);
  g_assert_true (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));

  /* A kernel chosen is assembled alone for the calculator's GPU: its cell
   * there has the figures, as its row in the table; the others wait. */
  shown = app_test_shown (window);
  for (guint i = 0; i < g_list_model_get_n_items (shown) && chosen == G_MAXUINT; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, i);

      if (g_str_equal (cuocc_kernel_item_get_kernel (item)->mangled, "_Z5heavyPKfPf"))
        chosen = i;
    }
  g_assert_cmpuint (chosen, !=, G_MAXUINT);
  cuocc_kernels_panel_choose (app_test_kernels_panel (window), chosen);
  app_test_wait_until (window, details_say, "Figures from ptxas 13.0 for sm_89");
  g_assert_cmpuint (ptxas_runs ("sm_89"), ==, 1);
  {
    g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown, chosen);
    g_autofree char *occupancy = app_test_cell (window, item, "occupancy");
    g_autofree char *cell = app_test_cell (window, item, "gpu0");
    g_autofree char *h100 = app_test_cell (window, item, "gpu1");
    guint kernel;

    g_assert_true (g_str_equal (cuocc_kernel_item_get_kernel (item)->mangled, "_Z5heavyPKfPf"));
    gpus_shown = cuocc_kernel_item_get_gpus (item, &kernel, NULL);
    g_assert_cmpstr (cuocc_gpu_comparison_get_cell (gpus_shown, kernel, 0)->figures_from, ==, "ptxas 13.0 for sm_89");
    g_assert_null (cuocc_gpu_comparison_get_cell (gpus_shown, kernel, 1)->figures_from);
    g_test_message ("heavy chosen: the table's %s, the comparison's “%s”, on the H100 “%s”", occupancy, cell, h100);
    g_assert_true (g_str_has_prefix (cell, occupancy));
    g_assert_true (g_str_has_suffix (cell, " · compute_80 → ptxas"));
    g_assert_cmpstr (h100, ==, "–\nneeds assembly · compute_80 JIT");
  }

  /* Assemble PTX Kernels: the table's GPU, then each GPU compared, the
   * module once a target; progress shows, for the GPUs compared too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL));
  g_assert_true (app_test_kernels_assembling (app_test_kernels_panel (window)));
  g_assert_nonnull (app_test_shown_text (GTK_WIDGET (app_test_kernels_panel (window)), "ptx_progress_label"));
  app_test_wait_until (window, settled, NULL);
  g_assert_null (app_test_shown_text (GTK_WIDGET (app_test_kernels_panel (window)), "ptx_progress_label"));
  for (guint g = 0; g < 3; g++)
    {
      guint alone;

      /* sm_89: the kernel chosen alone, then its module; the others the module. */
      g_assert_cmpuint (ptxas_runs_alone (targets[g], &alone), ==, 1 + (g == 0));
      g_assert_cmpuint (alone, ==, g == 0);
    }
  check_against_cli (window, path, gpus, 3, REAL_PTXAS);
  run_cli_ptxas (&assembled, path, gpus, THREADS, REAL_PTXAS);
  check_cli_registers (&assembled, path, targets, 3);
  /* The command line found all of it in the cache. */
  g_assert_cmpuint (ptxas_runs ("sm_"), ==, 4);
  g_assert_false (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
  save_screenshot (window, "ptx");
  app_test_window_free (window);
}

/* nvcc 13's fat binary on an A100, whose sm_80 SASS needs no ptxas, with
 * an H100 and a B200, which run its compute_80 PTX: Assemble PTX Kernels
 * assembles for the GPUs compared alone; a ptxas that fails says so in
 * each such cell, with no figure. */
static void
test_ptx_compared_only (void)
{
  static const char *const gpus[] = { "NVIDIA A100 SXM4", "NVIDIA H100 SXM5", "NVIDIA B200", NULL };
  static const char *const searches[] = { "H100 SXM5", "B200", NULL };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "binary",
                                                 "multi-gpu-sm_80-ptx.fatbin", NULL);
  g_autofree char *ptxas = NULL;
  g_autofree char *fails = NULL;
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  ptxas = real_ptxas_or_skip ();
  if (ptxas == NULL)
    return;

  /* A ptxas that fails: the cells say so, and have no figure. */
  fails = ptxas_script ("fails", "if [ \"$1\" = --version ]; then exec '" REAL_PTXAS "' --version; fi\n"
                        "echo 'ptxas fatal   : out of luck' >&2; exit 3\n");
  window = ptx_window (path, fails, gpus, searches);
  g_assert_true (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL));
  app_test_wait_until (window, settled, NULL);
  g_assert_cmpuint (ptxas_runs ("sm_90"), ==, 1);
  g_assert_cmpuint (ptxas_runs ("sm_100"), ==, 1);
  /* The command line reads the same cache, where the failures are kept. */
  check_against_cli (window, path, gpus, 3, fails);
  app_test_window_free (window);

  fresh_cache ();
  window = ptx_window (path, ptxas, gpus, searches);
  check_against_cli (window, path, gpus, 3, NULL);
  /* The A100's SASS needs nothing; the GPUs compared do. */
  g_assert_true (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL));
  app_test_wait_until (window, settled, NULL);
  g_assert_cmpuint (ptxas_runs ("sm_80"), ==, 0);
  g_assert_cmpuint (ptxas_runs ("sm_90"), ==, 1);
  g_assert_cmpuint (ptxas_runs ("sm_100"), ==, 1);
  check_against_cli (window, path, gpus, 3, REAL_PTXAS);
  g_assert_cmpuint (ptxas_runs ("sm_"), ==, 2);
  g_assert_false (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
  app_test_window_free (window);
}

/* ptxas looked for (found, or said why not), and the comparison settled. */
static gboolean
looked_and_settled (CuoccWindow   *window,
                    gconstpointer  data)
{
  g_autofree char *error = NULL;
  g_autofree char *found = app_test_ptxas_found (app_test_kernels_panel (window), NULL, &error);

  return settled (window, NULL) && (found != NULL || error != NULL);
}

/* The comparison, asked for once, is worked out once, whether ptxas is
 * found or not: nvcc 13's fat binary on an A100, whose sm_80 SASS needs
 * no ptxas (nothing looks for it before the comparison), with an H100
 * and a B200, which run its compute_80 PTX. Before, it was worked out
 * without ptxas and again once ptxas was found, for an empty cache: the
 * same cells twice. Counted by the panel (cuocc_kernels_panel_get_gpus_runs),
 * not timed. Assemble PTX Kernels grows the cache: that is worked out
 * again, once. */
static void
test_ptx_compared_once (void)
{
  static const char *const gpus[] = { "NVIDIA A100 SXM4", "NVIDIA H100 SXM5", "NVIDIA B200", NULL };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "binary",
                                                 "multi-gpu-sm_80-ptx.fatbin", NULL);
  g_autofree char *ptxas = NULL;
  g_autofree char *nowhere = NULL;

  SKIP_WITHOUT_DISPLAY ();
  ptxas = real_ptxas_or_skip ();
  if (ptxas == NULL)
    return;
  nowhere = g_build_filename (scratch, "nowhere", "ptxas", NULL);
  for (guint found = 0; found < 2; found++)
    {
      CuoccWindow *window = app_test_window_at_size (800, 600, NULL);
      g_autofree char *error = NULL;
      g_autofree char *found_path = NULL;

      g_settings_set_strv (app_test_settings (), "compare-gpus", NULL);
      g_settings_set_string (app_test_settings (), "ptxas-path", found ? ptxas : nowhere);
      app_test_select_gpu (window, gpus[0]);
      app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, THREADS);
      app_test_import_library (window, path);
      app_test_wait_until (window, settled, NULL);
      /* The A100's rows needed no ptxas: not looked for yet, nothing compared. */
      found_path = app_test_ptxas_found (app_test_kernels_panel (window), NULL, &error);
      g_assert_null (found_path);
      g_assert_null (error);
      g_assert_cmpuint (cuocc_kernels_panel_get_gpus_runs (app_test_kernels_panel (window)), ==, 0);

      cuocc_kernels_panel_set_compare_gpus (app_test_kernels_panel (window), gpus + 1);
      app_test_wait_until (window, looked_and_settled, NULL);
      found_path = app_test_ptxas_found (app_test_kernels_panel (window), NULL, NULL);
      g_assert_cmpstr (found_path, ==, found ? ptxas : NULL);
      g_assert_cmpuint (cuocc_kernels_panel_get_gpus_runs (app_test_kernels_panel (window)), ==, 1);
      /* Every cell as the command line has it without figures from ptxas (the cache is empty). */
      check_against_cli (window, path, gpus, 3, NULL);
      g_assert_cmpuint (ptxas_runs ("sm_"), ==, 0);
      if (found)
        {
          /* The cache grows: worked out again, once, with the figures ptxas gave. */
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL));
          app_test_wait_until (window, settled, NULL);
          g_assert_cmpuint (ptxas_runs ("sm_"), ==, 2);
          g_assert_cmpuint (cuocc_kernels_panel_get_gpus_runs (app_test_kernels_panel (window)), ==, 2);
          check_against_cli (window, path, gpus, 3, REAL_PTXAS);
        }
      app_test_window_free (window);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;
  g_autofree char *cache = NULL;

  /* Before GLib reads it: a ptxas cache of this test's own, so that what
   * other tests assembled gives no figures here. */
  scratch = g_dir_make_tmp ("cuocc-test-gpu-compare-XXXXXX", NULL);
  g_assert (scratch != NULL);
  cache = g_build_filename (scratch, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);

  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/gpu-compare/fat-binary", test_fat_binary);
  g_test_add_func ("/cuocc/app/gpu-compare/ptx", test_ptx);
  g_test_add_func ("/cuocc/app/gpu-compare/ptx-compared-only", test_ptx_compared_only);
  g_test_add_func ("/cuocc/app/gpu-compare/ptx-compared-once", test_ptx_compared_once);
  g_test_add_func ("/cuocc/app/gpu-compare/generated-library", test_generated_library);

  status = g_test_run ();
  remove_tree (scratch);
  g_free (scratch);
  return status;
}
