/* test-table-cli.c — every cell of the kernels table against the command
 * line's row of the same kernel, on tests/gen-library.py's library of
 * 57,600 entries in the real window: kernels that declare their cluster
 * (__cluster_dims__, one of 32 blocks that no GPU launches), both kinds of
 * launch bounds (a maximum of threads, .reqntid) with a minimum of blocks,
 * and kernels that declare no block size. The command line is the oracle:
 * `cuocc --import LIB --gpu G --format json` for a kernel that declares
 * its block size, `… --threads N` for one that does not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <json-glib/json-glib.h>

#include "app-test.h"
#include "cuocc-compat.h"
#include "cuocc-format.h"

/* One row of the command line's JSON: what each column of the table shows. */
typedef struct {
  char *kernel;
  char *mangled;
  char *arch;
  gint64 regs;
  gint64 smem;
  gint64 dynamic_smem;
  gint64 stack;
  gint64 threads;
  gint64 blocks;
  double occupancy;                /* percent, < 0: null */
  char *limiters;                  /* "regs|smem" */
  int loaded;                      /* 1, 0, -1: null */
  char *error;
  char *cluster_dims;
  gint64 min_blocks;
  gint64 max_threads;
} Row;

typedef struct {
  Row *rows;
  guint n;
} Rows;

static gint64
member_int (JsonObject *o,
            const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  return node == NULL || JSON_NODE_HOLDS_NULL (node) ? -1 : json_node_get_int (node);
}

static char *
member_string (JsonObject *o,
               const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  return node == NULL || JSON_NODE_HOLDS_NULL (node) ? NULL : g_strdup (json_node_get_string (node));
}

static void
rows_clear (Rows *rows)
{
  for (guint i = 0; i < rows->n; i++)
    {
      Row *r = &rows->rows[i];

      g_free (r->kernel);
      g_free (r->mangled);
      g_free (r->arch);
      g_free (r->limiters);
      g_free (r->error);
      g_free (r->cluster_dims);
    }
  g_clear_pointer (&rows->rows, g_free);
  rows->n = 0;
}

/* `cuocc --import PATH --gpu GPU [--threads N] --format json`, a row a line. */
static void
run_cli (const char *path,
         const char *gpu,
         int         threads,
         Rows       *rows)
{
  const char *cli = g_getenv ("CUOCC_CLI");
  g_autofree char *threads_text = g_strdup_printf ("%d", threads);
  const char *argv[] = { cli,        "--import", path,        "--gpu",      gpu,
                         "--format", "json",     "--threads", threads_text, NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  g_autoptr(GArray) array = g_array_new (FALSE, TRUE, sizeof (Row));
  char *line, *next;
  int status;

  g_assert_nonnull (cli);
  if (threads <= 0)
    argv[7] = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                               &status, NULL));
  /* 1: some rows could not be worked out (PTX, a cluster of 32 blocks). */
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) <= 1);
  g_assert_true (g_str_has_prefix (out, "[\n"));
  for (line = out + 2; *line != '\0' && *line != ']'; line = next)
    {
      char *end = strchr (line, '\n');
      g_autoptr(GError) error = NULL;
      JsonObject *o;
      JsonNode *loaded;
      Row row = { 0 };

      g_assert_nonnull (end);
      next = end + 1;
      if (end > line && end[-1] == ',')
        end--;
      g_assert_true (json_parser_load_from_data (parser, line, end - line, &error));
      g_assert_no_error (error);
      o = json_node_get_object (json_parser_get_root (parser));
      row.kernel = member_string (o, "kernel");
      row.mangled = member_string (o, "mangled");
      row.arch = member_string (o, "arch");
      row.regs = member_int (o, "regs");
      row.smem = member_int (o, "smem");
      row.dynamic_smem = member_int (o, "dynamic_smem");
      row.stack = member_int (o, "stack");
      row.threads = member_int (o, "threads");
      row.blocks = member_int (o, "active_blocks");
      row.occupancy = json_object_has_member (o, "occupancy_pct") &&
                      !JSON_NODE_HOLDS_NULL (json_object_get_member (o, "occupancy_pct"))
                      ? json_object_get_double_member (o, "occupancy_pct") : -1;
      row.limiters = member_string (o, "limiters");
      loaded = json_object_get_member (o, "loaded_on_gpu");
      row.loaded = loaded == NULL || JSON_NODE_HOLDS_NULL (loaded) ? -1 : json_node_get_boolean (loaded);
      row.error = member_string (o, "error");
      row.cluster_dims = member_string (o, "cluster_dims");
      row.min_blocks = member_int (o, "min_blocks");
      row.max_threads = member_int (o, "max_threads");
      g_array_append_val (array, row);
    }
  rows->n = array->len;
  rows->rows = (Row *) g_array_free (g_steal_pointer (&array), FALSE);
}

/* The rows the table shows for a GPU and the block size of kernels that
 * declare none: the declared run's row where the kernel declares its
 * block size (a profile's or its launch bounds: its max_threads column),
 * the --threads run's otherwise. */
static void
expected_rows (const char *path,
               const char *gpu,
               int         threads,
               Rows       *rows)
{
  Rows declared = { 0 }, chosen = { 0 };

  run_cli (path, gpu, 0, &declared);
  run_cli (path, gpu, threads, &chosen);
  g_assert_cmpuint (declared.n, ==, chosen.n);
  for (guint i = 0; i < declared.n; i++)
    {
      g_assert_cmpstr (declared.rows[i].mangled, ==, chosen.rows[i].mangled);
      g_assert_cmpstr (declared.rows[i].arch, ==, chosen.rows[i].arch);
      if (declared.rows[i].max_threads <= 0)
        {
          Row swap = declared.rows[i];

          declared.rows[i] = chosen.rows[i];
          chosen.rows[i] = swap;
        }
    }
  rows_clear (&chosen);
  *rows = declared;
}

static char *
count_or_dash (gint64 value)
{
  return value >= 0 ? cuocc_format_count (value) : g_strdup ("–");
}

static char *
bytes_or_dash (gint64 value)
{
  return value >= 0 ? cuocc_format_bytes (value) : g_strdup ("–");
}

/* "regs|smem" as the table says it: "Registers, Shared memory". */
static char *
limiter_titles (const char *names)
{
  g_auto(GStrv) parts = g_strsplit (names != NULL ? names : "", "|", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL && parts[i][0] != '\0'; i++)
    {
      int bit;

      for (bit = 0; bit < CUOCC_N_LIMITS; bit++)
        if (g_str_equal (parts[i], cuocc_limit_name (1u << bit)))
          break;
      g_assert_cmpint (bit, <, CUOCC_N_LIMITS);
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, cuocc_limit_title (1u << bit));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* What the table's column shows of the command line's row. */
static char *
expected_cell (const Row  *r,
               const char *column)
{
  if (g_str_equal (column, "kernel"))
    {
      g_autofree char *short_name = cuocc_kernel_short_name (r->kernel);
      g_autofree char *unqualified = cuocc_kernel_unqualified (short_name);

      /* at most 400 characters, the middle left out (the cell wraps them
       * over four lines and Pango leaves out more where they do not fit) */
      return cuocc_format_capped_middle (unqualified, 400);
    }
  if (g_str_equal (column, "arch"))
    return g_strdup (r->arch);
  if (g_str_equal (column, "regs"))
    return count_or_dash (r->regs);
  if (g_str_equal (column, "smem"))
    return r->smem < 0 && r->dynamic_smem < 0 ? g_strdup ("–")
           : bytes_or_dash (MAX (r->smem, 0) + MAX (r->dynamic_smem, 0));
  if (g_str_equal (column, "stack"))
    return bytes_or_dash (r->stack);
  if (g_str_equal (column, "threads"))
    return count_or_dash (r->threads > 0 ? r->threads : -1);
  if (g_str_equal (column, "blocks"))
    return r->occupancy >= 0 ? cuocc_format_count (r->blocks) : g_strdup ("–");
  if (g_str_equal (column, "occupancy"))
    return r->occupancy >= 0 ? cuocc_format_percent (r->occupancy / 100.0) : g_strdup ("–");
  if (g_str_equal (column, "limiter"))
    {
      /* A PTX entry that loads, not assembled (the command line runs
       * without --assemble-ptx): where ptxas is with it (issue 27). */
      if (r->occupancy < 0 && r->loaded == 1 && r->regs < 0 && r->arch != NULL &&
          g_str_has_prefix (r->arch, "compute_"))
        return g_strdup ("PTX");
      return r->occupancy >= 0 ? limiter_titles (r->limiters) : g_strdup ("");
    }
  if (g_str_equal (column, "loaded"))
    {
      if (r->loaded == 1)
        return g_strdup ("loads");
      if (r->loaded < 0)
        return g_strdup ("");
      return g_strdup (r->error != NULL && g_str_has_prefix (r->error, "not loaded: the driver loads")
                       ? "another entry" : "cannot run");
    }
  if (g_str_equal (column, "changed"))
    return g_strdup ("");
  g_error ("no column %s", column);
}

/* Every cell of every row, in the file's order (every architecture, as
 * nothing sorts the table), against the command line's; returns how many
 * rows declare a cluster, a minimum of blocks, and how many of the
 * cluster rows the command line refuses. */
static void
compare_every_cell (CuoccWindow *window,
                    const Rows  *rows,
                    guint        counts[3])
{
  GtkDropDown *arch = app_test_arch_dropdown (app_test_kernels_panel (window));
  guint wrong = 0;

  gtk_drop_down_set_selected (arch, 0);
  g_assert_cmpuint (app_test_n_shown (window), ==, rows->n);
  memset (counts, 0, 3 * sizeof (guint));
  for (guint i = 0; i < rows->n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      const Row *r = &rows->rows[i];

      g_assert_cmpstr (k->mangled, ==, r->mangled);
      g_assert_cmpstr (k->arch, ==, r->arch);
      counts[0] += r->cluster_dims != NULL && r->loaded == 1;
      counts[1] += r->min_blocks > 0;
      counts[2] += r->cluster_dims != NULL && r->loaded == 1 && r->occupancy < 0;
      for (guint c = 0; app_test_column_ids[c] != NULL; c++)
        {
          g_autofree char *got = app_test_cell (window, item, app_test_column_ids[c]);
          g_autofree char *want = expected_cell (r, app_test_column_ids[c]);

          if (g_strcmp0 (got, want) != 0 && wrong++ < 10)
            g_test_message ("row %u (%s, %s, cluster %s, launch bounds %" G_GINT64_FORMAT
                            "): %s reads “%s”, the "
                            "command line “%s”",
                            i, r->mangled, r->arch, r->cluster_dims ? r->cluster_dims : "none",
                            r->max_threads, app_test_column_ids[c], got, want);
        }
    }
  g_assert_cmpuint (wrong, ==, 0);
}

/* On the H100 (9.0: its sm_90 entries load, the cluster kernels' among
 * them) at 256 threads, then on the A100 at 64: every cell as the command
 * line prints it. The library's clusters of 32 blocks cannot launch on a
 * 9.0 GPU (16 at most): the command line says so and has no figure, and
 * the table, which worked clusters out apart, showed one. */
static void
test_every_cell (void)
{
  static const struct { const char *gpu; int threads; } launches[] = {
    { "NVIDIA H100 SXM5", 256 }, { "NVIDIA A100 SXM4", 64 },
  };
  g_autofree char *path = app_test_generated_library (NULL);
  CuoccWindow *window;

  SKIP_WITHOUT_DISPLAY ();
  if (path == NULL)
    {
      g_test_skip ("no generated library in the build folder, or under the sanitizers");
      return;
    }
  window = app_test_window_at_size (1920, 1080, NULL);
  for (guint l = 0; l < G_N_ELEMENTS (launches); l++)
    {
      g_autofree char *threads = g_strdup_printf ("%d", launches[l].threads);
      CuoccGpu gpu;
      Rows rows = { 0 };
      guint counts[3];

      g_assert_true (cuocc_gpu_resolve_id (launches[l].gpu, &gpu, NULL));
      app_test_select_gpu (window, launches[l].gpu);
      app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, threads);
      if (l == 0)
        app_test_import_library (window, path);
      else
        app_test_wait_until (window, app_test_kernels_idle, NULL);
      expected_rows (path, gpu.name, launches[l].threads, &rows);
      compare_every_cell (window, &rows, counts);
      g_test_message (
          "%s at %d threads: %u rows, %u loaded rows declare a cluster (%u refused), %u a minimum of "
          "blocks",
          gpu.name, launches[l].threads, rows.n, counts[0], counts[2], counts[1]);
      g_assert_cmpuint (counts[1], >, 0);
      if (l == 0)
        {
          /* The library's clusters that load on the H100, some refused. */
          g_assert_cmpuint (counts[0], >, 0);
          g_assert_cmpuint (counts[2], >, 0);
          g_assert_cmpuint (counts[2], <, counts[0]);
        }
      rows_clear (&rows);
    }
  app_test_window_free (window);
}

/* A label of the widget's, mapped, whose text starts with prefix, or NULL. */
static GtkLabel *
find_label (GtkWidget  *widget,
            const char *prefix)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The export's CSV: how many rows of kernels that declare no block size
 * (an empty max_threads) are worked out at threads. */
static guint
exported_undeclared_at (CuoccWindow *window,
                        const char  *threads)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *csv =
      cuocc_kernels_panel_export_table (app_test_kernels_panel (window), CUOCC_TABLE_CSV, NULL, NULL, &error);
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  int threads_column = -1, bounds_column = -1;
  guint n = 0;

  g_assert_no_error (error);
  lines = g_strsplit (csv, "\n", -1);
  header = g_strsplit (lines[0], ",", -1);
  for (int c = 0; header[c] != NULL; c++)
    {
      if (g_str_equal (header[c], "threads") && threads_column < 0)
        threads_column = c;
      if (g_str_equal (header[c], "max_threads"))
        bounds_column = c;
    }
  g_assert_cmpint (threads_column, >=, 0);
  g_assert_cmpint (bounds_column, >=, 0);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      /* The kernel's name is quoted and has commas: the columns counted
       * from the end, which hold none. */
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);
      guint n_cells = g_strv_length (cells);
      guint n_header = g_strv_length (header);
      const char *bounds = cells[n_cells - (n_header - bounds_column)];

      if (bounds[0] == '\0' && g_str_equal (cells[n_cells - (n_header - threads_column)], threads))
        n++;
    }
  return n;
}

/* Issue 29 §1: with 256 threads typed, choosing a kernel whose
 * __launch_bounds__ is 128 writes 128 into the inputs; the rows of the
 * kernels that declare no block size stayed at 256 only until then, and
 * followed the chosen kernel to 128 (the table, its summary and its
 * export), into the next file opened too. They are the user's 256, every
 * cell as `cuocc --import LIB --gpu H100 --threads 256` prints it, and the
 * table says so. */
static void
test_undeclared_keep_users_block_size (void)
{
  g_autofree char *path = app_test_generated_library (NULL);
  g_autofree char *log =
      g_test_build_filename (G_TEST_DIST, "import", "data", "resource-usage-multi.log", NULL);
  g_autoptr(GFile) log_file = g_file_new_for_path (log);
  CuoccWindow *window;
  CuoccGpu gpu;
  Rows rows = { 0 };
  guint counts[3];
  guint chosen = G_MAXUINT, worked_out = 0;
  GtkLabel *block_label;

  SKIP_WITHOUT_DISPLAY ();
  if (path == NULL)
    {
      g_test_skip ("no generated library in the build folder, or under the sanitizers");
      return;
    }
  g_assert_true (cuocc_gpu_resolve_id ("NVIDIA H100 SXM5", &gpu, NULL));
  window = app_test_window_at_size (1920, 1080, NULL);
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, "256");
  app_test_import_library (window, path);
  app_test_show_kernels (window, TRUE);
  app_test_wait_for_sidebar (window, TRUE);
  expected_rows (path, gpu.name, 256, &rows);

  /* A kernel of the H100's that declares at most 128 threads. */
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);
  for (guint i = 0; i < rows.n && chosen == G_MAXUINT; i++)
    if (rows.rows[i].max_threads == 128 && rows.rows[i].loaded == 1 && rows.rows[i].occupancy >= 0)
      chosen = i;
  g_assert_cmpuint (chosen, <, rows.n);
  cuocc_kernels_panel_choose (app_test_kernels_panel (window), chosen);
  app_test_wait_until (window, app_test_kernels_idle, NULL);
  app_test_wait_for_frame (GTK_WIDGET (window));
  /* The inputs show the kernel's 128, the calculator works it out. */
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==, 128);
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->threads, ==, 128);

  /* Every cell of every row as the command line's at 256. */
  compare_every_cell (window, &rows, counts);
  block_label = find_label (GTK_WIDGET (window), "undeclared:");
  g_assert_nonnull (block_label);
  g_assert_cmpstr (gtk_label_get_label (block_label), ==, "undeclared: 256 threads");
  /* The export too. */
  g_assert_cmpuint (exported_undeclared_at (window, "128"), ==, 0);
  g_assert_cmpuint (exported_undeclared_at (window, "256"), >, 0);

  /* Issue 29 §6: the search finds each word anywhere; text in quotes as
   * typed. "splitKreduce_kernel<8, 16" quoted finds the rows whose name
   * holds it (the H100's, as the table shows those that run there), fewer
   * than its words do apart; counted in the command line's names. */
  {
    const char *phrase = "splitkreduce_kernel<8, 16";
    const char *quoted = "\"splitKreduce_kernel<8, 16\"";
    guint expected = 0;

    for (guint i = 0; i < rows.n; i++)
      {
        g_autofree char *kernel = g_utf8_casefold (rows.rows[i].kernel, -1);
        g_autofree char *mangled = g_utf8_casefold (rows.rows[i].mangled, -1);

        expected +=
            rows.rows[i].loaded == 1 && (strstr (kernel, phrase) != NULL || strstr (mangled, phrase) != NULL);
      }
    g_assert_cmpuint (expected, >, 0);
    gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 1);
    gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)), quoted);
    /* The entry's own delay, not waited for. */
    g_signal_emit_by_name (app_test_kernels_search (app_test_kernels_panel (window)),
                           "search-changed");
    app_test_wait_for_frame (GTK_WIDGET (window));
    g_assert_cmpuint (app_test_n_shown (window), ==, expected);
    /* Words in any order, anywhere; the same quoted, only as typed. */
    gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)),
                           "16 splitKreduce_kernel<8,");
    g_signal_emit_by_name (app_test_kernels_search (app_test_kernels_panel (window)),
                           "search-changed");
    app_test_wait_for_frame (GTK_WIDGET (window));
    g_assert_cmpuint (app_test_n_shown (window), >=, expected);
    gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)),
                           "\"16 splitKreduce_kernel<8,\"");
    g_signal_emit_by_name (app_test_kernels_search (app_test_kernels_panel (window)),
                           "search-changed");
    app_test_wait_for_frame (GTK_WIDGET (window));
    g_assert_cmpuint (app_test_n_shown (window), ==, 0);
    gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)), "");
    g_signal_emit_by_name (app_test_kernels_search (app_test_kernels_panel (window)),
                           "search-changed");
    app_test_wait_for_frame (GTK_WIDGET (window));
  }
  rows_clear (&rows);

  /* Issue 29 §6: a limiter filter and "occupancy below" that let nothing
   * through on any architecture (warps limit at 100 %, never below 1 %)
   * are what hides the rows, not the GPU: the empty page does not blame
   * the architecture nor offer "Show All Architectures". */
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 1);
  gtk_drop_down_set_selected (app_test_limiter_dropdown (app_test_kernels_panel (window)), 1);
  gtk_spin_button_set_value (app_test_below_spin (app_test_kernels_panel (window)), 1);
  app_test_wait_for_frame (GTK_WIDGET (window));
  g_assert_cmpuint (app_test_n_shown (window), ==, 0);
  g_assert_cmpstr (app_test_kernels_page (app_test_kernels_panel (window)), ==, "no-match");
  g_assert_false (gtk_widget_get_visible (
      app_test_panel_part (app_test_kernels_panel (window), GTK_TYPE_BUTTON, "show_all_button")));
  g_assert_null (strstr (app_test_no_match_text (app_test_kernels_panel (window)) != NULL
                             ? app_test_no_match_text (app_test_kernels_panel (window))
                             : "",
                         "compute capability"));

  gtk_drop_down_set_selected (app_test_limiter_dropdown (app_test_kernels_panel (window)), 0);
  gtk_spin_button_set_value (app_test_below_spin (app_test_kernels_panel (window)), 100);
  app_test_wait_for_frame (GTK_WIDGET (window));
  g_assert_cmpuint (app_test_n_shown (window), >, 0);

  /* The next file opened: a build log, whose kernels declare nothing,
   * worked out at the user's 256 while the inputs still show the last
   * kernel's 128. */
  app_test_import (window, log_file);
  app_test_wait_until (window, app_test_kernels_idle, NULL);
  g_assert_cmpint (cuocc_input_model_get_value (app_test_inputs (window), CUOCC_INPUT_KEY_THREADS), ==, 128);
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);
  g_assert_cmpuint (app_test_n_shown (window), >, 0);
  for (guint i = 0; i < app_test_n_shown (window); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      g_autofree char *threads = app_test_cell (window, item, "threads");
      g_autofree char *occupancy = app_test_cell (window, item, "occupancy");

      g_assert_cmpint (cuocc_kernel_item_get_kernel (item)->max_threads, <=, 0);
      /* Those that run on the H100 (the log's sm_90 entries). */
      if (!g_str_equal (occupancy, "–"))
        {
          g_assert_cmpstr (threads, ==, "256");
          worked_out++;
        }
    }
  g_assert_cmpuint (worked_out, >, 0);
  app_test_window_free (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/table-cli/every-cell", test_every_cell);
  g_test_add_func ("/cuocc/app/table-cli/undeclared-keep-users-block-size",
                   test_undeclared_keep_users_block_size);

  return g_test_run ();
}
