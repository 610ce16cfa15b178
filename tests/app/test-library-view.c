/* test-library-view.c — the kernels table at the scale users bring: the
 * generated library of 57,600 entries (tests/gen-library.py, 800 fat
 * binaries, the same names in several, helpers that are not kernels) in a
 * real window at 800 × 600 and 1920 × 1080. Sorting by every column either
 * way, the limiter, occupancy, "runs on this GPU" and text filters, the
 * summary and its clicks, and a GPU and block size changed under it, each
 * against what `cuocc --import LIB --gpu G --format json` prints for the
 * same GPU and block size. The library is imported once a window size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>

#include <json-glib/json-glib.h>

#include "app-test.h"
#include "cuocc-compat.h"
#include "cuocc-format.h"
#include "cuocc-kernel-item.h"

/* The table's column ids, in their order. */
static const char *const column_ids[] = {
  "kernel", "arch", "regs", "smem", "stack", "threads", "blocks", "occupancy", "limiter", "loaded", "changed",
};

enum
{
  COL_KERNEL,
  COL_ARCH,
  COL_REGS,
  COL_SMEM,
  COL_STACK,
  COL_THREADS,
  COL_BLOCKS,
  COL_OCCUPANCY,
  COL_LIMITER,
  COL_LOADED,
  COL_CHANGED
};

#define N_BINS 10

/* ----- the command line's rows ----- */

/* One row of `cuocc --import … --format json`; -1 where it says null. */
typedef struct {
  char *kernel;
  char *mangled;
  char *arch;
  char *short_name;                /* the kernel column: no return type, parameters, qualifiers */
  char *haystack;                  /* what the search looks in, lower case: name, mangled name; arch */
  char *arch_lower;
  gint64 regs;
  gint64 smem;
  gint64 dynamic_smem;
  gint64 stack;
  gint64 threads;
  gint64 blocks;
  gint64 warps;                    /* active warps */
  double occupancy;                /* percent */
  gint64 by[CUOCC_N_LIMITS];       /* blocks_by_warps … _barriers */
  guint limiters;
  gboolean loaded;
  int load_rank;                   /* loads 0, another entry 2, no entry 3 */
} CliRow;

/* The rows as the table works them out for a GPU and a block size: a
 * kernel that declares its block size as `cuocc --import FILE --gpu G`
 * prints it, the others as `… --threads N` does (cuocc_import_evaluate ()). */
typedef struct {
  char *gpu;
  int threads;
  CliRow *rows;
  guint n;
} CliTable;

static gint64
member_int (JsonObject *o,
            const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  g_assert_nonnull (node);
  return JSON_NODE_HOLDS_NULL (node) ? -1 : json_node_get_int (node);
}

static double
member_double (JsonObject *o,
               const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  g_assert_nonnull (node);
  return JSON_NODE_HOLDS_NULL (node) ? -1 : json_node_get_double (node);
}

static const char *
member_string (JsonObject *o,
               const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  g_assert_nonnull (node);
  return JSON_NODE_HOLDS_NULL (node) ? NULL : json_node_get_string (node);
}

static guint
limiters_of (const char *names)
{
  g_auto(GStrv) parts = NULL;
  guint bits = 0;

  if (names == NULL || *names == '\0')
    return 0;
  parts = g_strsplit (names, "|", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      int bit;

      for (bit = 0; bit < CUOCC_N_LIMITS; bit++)
        if (g_str_equal (parts[i], cuocc_limit_name (1u << bit)))
          break;
      g_assert_cmpint (bit, <, CUOCC_N_LIMITS);
      bits |= 1u << bit;
    }
  return bits;
}

static void
row_from_json (CliRow     *row,
               JsonObject *o)
{
  static const char *const by[CUOCC_N_LIMITS] = {
    "blocks_by_warps", "blocks_by_regs", "blocks_by_smem", "blocks_by_blocks", "blocks_by_barriers",
  };
  const char *error = member_string (o, "error");

  row->kernel = g_strdup (member_string (o, "kernel"));
  row->mangled = g_strdup (member_string (o, "mangled"));
  row->arch = g_strdup (member_string (o, "arch"));
  row->regs = member_int (o, "regs");
  row->smem = member_int (o, "smem");
  row->dynamic_smem = member_int (o, "dynamic_smem");
  row->stack = member_int (o, "stack");
  row->threads = member_int (o, "threads");
  row->blocks = member_int (o, "active_blocks");
  row->warps = member_int (o, "active_warps");
  row->occupancy = member_double (o, "occupancy_pct");
  for (int b = 0; b < CUOCC_N_LIMITS; b++)
    row->by[b] = member_int (o, by[b]);
  row->limiters = limiters_of (member_string (o, "limiters"));
  row->loaded = json_object_get_boolean_member (o, "loaded_on_gpu");
  row->load_rank = row->loaded ? 0
                   : error != NULL && g_str_has_prefix (error, "not loaded: the driver loads") ? 2 : 3;
}

static void
row_clear (CliRow *row)
{
  g_free (row->kernel);
  g_free (row->mangled);
  g_free (row->arch);
  g_free (row->short_name);
  g_free (row->haystack);
  g_free (row->arch_lower);
}

/* `cuocc --import PATH --gpu GPU [--threads THREADS] --format json`, a row
 * a line, each read with json-glib; without --threads it exits 1 (some
 * kernels declare no block size), as it does for the PTX entries. */
static CliRow *
run_cli (const char *path,
         const char *gpu,
         int         threads,
         guint      *n_rows)
{
  const char *cli = g_getenv ("CUOCC_CLI");
  g_autofree char *threads_text = g_strdup_printf ("%d", threads);
  const char *argv[] = { cli,        "--import", path,        "--gpu",      gpu,
                         "--format", "json",     "--threads", threads_text, NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (CliRow));
  char *line, *next;
  int status;

  g_assert_nonnull (cli);
  if (threads <= 0)
    argv[7] = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                               &status, NULL));
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) <= 1);
  g_assert_true (g_str_has_prefix (out, "[\n"));
  for (line = out + 2; *line != '\0' && *line != ']'; line = next)
    {
      char *end = strchr (line, '\n');
      g_autoptr(GError) error = NULL;
      CliRow row = { 0 };

      g_assert_nonnull (end);
      next = end + 1;
      if (end > line && end[-1] == ',')
        end--;
      g_assert_true (json_parser_load_from_data (parser, line, end - line, &error));
      g_assert_no_error (error);
      row_from_json (&row, json_node_get_object (json_parser_get_root (parser)));
      g_array_append_val (rows, row);
    }
  *n_rows = rows->len;
  return (CliRow *) g_array_free (g_steal_pointer (&rows), FALSE);
}

static CliTable *
cli_table_new (const char *path,
               const char *gpu,
               int         threads)
{
  CliTable *table = g_new0 (CliTable, 1);
  guint n_declared;
  CliRow *declared = run_cli (path, gpu, 0, &n_declared);

  table->gpu = g_strdup (gpu);
  table->threads = threads;
  table->rows = run_cli (path, gpu, threads, &table->n);
  g_assert_cmpuint (table->n, ==, n_declared);
  for (guint i = 0; i < table->n; i++)
    {
      g_assert_cmpstr (table->rows[i].mangled, ==, declared[i].mangled);
      g_assert_cmpstr (table->rows[i].arch, ==, declared[i].arch);
      /* Declared: the kernel runs at its own block size. */
      if (declared[i].threads > 0)
        {
          row_clear (&table->rows[i]);
          table->rows[i] = declared[i];
        }
      else
        row_clear (&declared[i]);
      {
        g_autofree char *short_name = cuocc_kernel_short_name (table->rows[i].kernel);
        g_autofree char *haystack = g_strdup_printf ("%s %s", table->rows[i].kernel, table->rows[i].mangled);

        table->rows[i].short_name = cuocc_kernel_unqualified (short_name);
        table->rows[i].haystack = g_ascii_strdown (haystack, -1);
        table->rows[i].arch_lower = g_ascii_strdown (table->rows[i].arch, -1);
      }
    }
  g_free (declared);
  return table;
}

static void
cli_table_free (CliTable *table)
{
  for (guint i = 0; i < table->n; i++)
    row_clear (&table->rows[i]);
  g_free (table->rows);
  g_free (table->gpu);
  g_free (table);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliTable, cli_table_free)

/* The same rows, in the same order, as another run's. */
static void
assert_same_rows (const CliTable *a,
                  const CliTable *b)
{
  g_assert_cmpuint (a->n, ==, b->n);
  for (guint i = 0; i < a->n; i++)
    {
      g_assert_cmpstr (a->rows[i].mangled, ==, b->rows[i].mangled);
      g_assert_cmpstr (a->rows[i].arch, ==, b->rows[i].arch);
    }
}

/* The histogram's bar of an occupancy in percent: ten of 10 % each, 100 %
 * in the last. */
static int
bin_of (double percent)
{
  return MIN ((int) floor (percent / 10.0), N_BINS - 1);
}

static gint64 test_start;

static double
elapsed_s (void)
{
  return (g_get_monotonic_time () - test_start) / 1e6;
}

/* ----- the window ----- */

/* What a test reads of the window: the command line's row of each item. */
typedef struct {
  CuoccWindow *window;
  GHashTable *row_of;              /* CuoccKernelItem → index + 1 */
  GPtrArray *items;                /* the items, in the command line's order */
  const CliTable *cli;
} View;

static GListModel *
shown (View *v)
{
  return app_test_shown (v->window);
}

static guint
n_shown (View *v)
{
  return g_list_model_get_n_items (shown (v));
}

static const CliRow *
row_of (View     *v,
        gpointer  item)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (v->row_of, item));

  g_assert_cmpuint (index, >, 0);
  return &v->cli->rows[index - 1];
}

static const char *
count_text (View *v)
{
  return app_test_panel_text (app_test_kernels_panel (v->window), "count_label");
}

static char *
expected_count (guint shown_rows,
                guint total)
{
  g_autofree char *a = cuocc_format_count (shown_rows);
  g_autofree char *b = cuocc_format_count (total);

  return shown_rows == total ? g_strdup_printf ("%s kernels", b) : g_strdup_printf ("%s of %s kernels", a, b);
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* Each item of the table (every architecture, in the file's order, as
 * nothing sorts it yet) is the command line's row of the same index: the
 * same name, mangled name and architecture. */
static void
map_rows (View *v)
{
  GtkDropDown *arch = app_test_arch_dropdown (app_test_kernels_panel (v->window));
  guint selected = gtk_drop_down_get_selected (arch);

  gtk_drop_down_set_selected (arch, 0);
  g_assert_cmpuint (n_shown (v), ==, v->cli->n);
  g_hash_table_remove_all (v->row_of);
  g_ptr_array_set_size (v->items, 0);
  for (guint i = 0; i < v->cli->n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown (v), i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

      g_assert_cmpstr (k->name, ==, v->cli->rows[i].kernel);
      g_assert_cmpstr (k->mangled, ==, v->cli->rows[i].mangled);
      g_assert_cmpstr (k->arch, ==, v->cli->rows[i].arch);
      g_hash_table_insert (v->row_of, item, GUINT_TO_POINTER (i + 1));
      g_ptr_array_add (v->items, item);
    }
  gtk_drop_down_set_selected (arch, selected);
}

/* ----- sorting ----- */

/* The most cells the table may bind (lay out) for a click on a header or
 * for another GPU or block size: a thousand rows of its 11 columns. GTK
 * 4.8's column view keeps some 200 to 400 rows' widgets and binds them
 * again for a new order (2,000 to 6,100 cells at 1920 × 1080 here); making
 * every row anew would be 57,600 rows, 633,600 cells. A count of work, the
 * same on every machine; how long the sort takes is the table-sort-filter
 * benchmark's (meson test --benchmark, HACKING.md). */
#define MOST_BINDS (1000 * 11)

static int
cmp_int (gint64 a,
         gint64 b)
{
  return a < b ? -1 : a > b ? 1 : 0;
}

/* The architecture's compute capability, as its number reads: sm_90 9.0,
 * sm_120 12.0, compute_80 8.0. */
static int
arch_cc (const char *arch)
{
  const char *digits = arch != NULL ? strchr (arch, '_') : NULL;

  return digits != NULL ? (int) g_ascii_strtoll (digits + 1, NULL, 10) : -1;
}

/* Whether the command line leaves the row's figure in the column empty:
 * a PTX entry's registers before JIT, an entry that does not load here. */
/* A row whose loaded entry is PTX without figures: the command line
 * reads it without ptxas (no --assemble-ptx), so none has them. */
static gboolean
ptx_unassembled (const CliRow *row)
{
  return row->loaded && row->regs < 0 && row->arch != NULL && g_str_has_prefix (row->arch, "compute_");
}

static gboolean
expected_unknown (const CliRow *row,
                  int           column)
{
  switch (column)
    {
    case COL_REGS: return row->regs < 0;
    case COL_SMEM: return row->smem < 0 && row->dynamic_smem < 0;
    case COL_STACK: return row->stack < 0;
    case COL_THREADS: return row->threads <= 0;
    case COL_BLOCKS:
    case COL_OCCUPANCY: return row->occupancy < 0;
    /* A PTX entry that loads, not assembled, reads "PTX" (issue 27). */
    case COL_LIMITER: return row->occupancy < 0 && !ptx_unassembled (row);
    default: return FALSE;
    }
}

/* How a user expects two rows of the command line with figures to compare
 * in a column: numbers by value, architectures by compute capability, the
 * limiters in the limiter filter's order (warps, registers, shared memory,
 * blocks, barriers, a set by its members), whether it loads before
 * "another entry" before "cannot run". */
static int
expected_compare (const CliRow *a,
                  const CliRow *b,
                  int           column)
{
  switch (column)
    {
    case COL_KERNEL:
      return strcmp (a->short_name, b->short_name);
    case COL_ARCH:
      return arch_cc (a->arch) != arch_cc (b->arch) ? cmp_int (arch_cc (a->arch), arch_cc (b->arch))
             : strcmp (a->arch, b->arch);
    case COL_REGS:
      return cmp_int (a->regs, b->regs);
    case COL_SMEM:
      return cmp_int (a->smem < 0 && a->dynamic_smem < 0 ? -1 : MAX (a->smem, 0) + MAX (a->dynamic_smem, 0),
                      b->smem < 0 && b->dynamic_smem < 0 ? -1 : MAX (b->smem, 0) + MAX (b->dynamic_smem, 0));
    case COL_STACK:
      return cmp_int (a->stack, b->stack);
    case COL_THREADS:
      return cmp_int (a->threads, b->threads);
    case COL_BLOCKS:
      return cmp_int (a->occupancy >= 0 ? a->blocks : -1, b->occupancy >= 0 ? b->blocks : -1);
    case COL_OCCUPANCY:
      return a->occupancy < b->occupancy ? -1 : a->occupancy > b->occupancy ? 1 : 0;
    case COL_LIMITER:
      return cmp_int (a->occupancy >= 0 ? (gint64) a->limiters : ptx_unassembled (a) ? G_MAXINT : -1,
                      b->occupancy >= 0 ? (gint64) b->limiters : ptx_unassembled (b) ? G_MAXINT : -1);
    case COL_LOADED:
      return cmp_int (a->load_rank, b->load_rank);
    case COL_CHANGED:
      /* Nothing is compared: every row reads the same. */
      return 0;
    default:
      g_assert_not_reached ();
    }
}

/* Sorts by each column both ways, as a click on its header does: the rows
 * the view shows are all of them, each once, in the order the command
 * line's figures give, those without the figure last; the cells of a column read the same along a run of
 * rows it holds equal (so the limiter column groups its texts). Reports the
 * main thread's CPU time of each sort. */
static void
check_sorting (View *v)
{
  GtkColumnView *view = app_test_column_view (app_test_kernels_panel (v->window));
  GListModel *view_rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(GString) report = g_string_new (NULL);

  /* Every entry: those that do not load here sort too. */
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (v->window)), 0);
  g_assert_cmpuint (n_shown (v), ==, v->cli->n);
  for (guint c = 0; c < G_N_ELEMENTS (column_ids); c++)
    for (guint o = 0; o < 2; o++)
      {
        GtkSortType order = o == 0 ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
        g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
        g_autoptr(GHashTable) runs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
        g_autofree char *last_text = NULL;
        const CliRow *last = NULL;
        AppTestStalls stalls;
        double cpu;
        gint64 wall;

        /* The click, then the frame that shows the new order. */
        app_test_stalls_start (&stalls);
        app_test_stalls_watch_table (&stalls, view);
        app_test_stalls_begin_work (&stalls);
        cpu = thread_cpu_ms ();
        wall = g_get_monotonic_time ();
        app_test_sort_by (app_test_kernels_panel (v->window), column_ids[c], order);
        cpu = thread_cpu_ms () - cpu;
        wall = g_get_monotonic_time () - wall;
        app_test_stalls_end_work (&stalls);
        app_test_stalls_wait_for_frame (&stalls, GTK_WIDGET (v->window));
        app_test_stalls_stop (&stalls);
        g_string_append_printf (
            report,
            " %s %s %.0f ms (%.0f ms on the clock; the most of one iteration %.0f ms; "
            "%u changes of the rows, %u rows replaced, %u cells bound, the most in one iteration %u);",
            column_ids[c], o == 0 ? "up" : "down", cpu, wall / 1000.0, stalls.most_cpu_ms, stalls.changes,
            stalls.added, stalls.binds, stalls.most_binds);
        /* The work: the new order announced at most once (not at all
         * where the column reads the same in every row), and a screenful
         * or so of rows laid out in it, not the table. */
        g_assert_cmpuint (stalls.changes, <=, 1);
        g_assert_cmpuint (stalls.binds, <=, MOST_BINDS);
        g_assert_cmpuint (g_list_model_get_n_items (view_rows), ==, v->cli->n);
        for (guint i = 0; i < v->cli->n; i++)
          {
            g_autoptr(CuoccKernelItem) item = g_list_model_get_item (view_rows, i);
            const CliRow *row = row_of (v, item);
            g_autofree char *text = app_test_cell (v->window, item, column_ids[c]);

            g_assert_true (g_hash_table_add (seen, item));
            if (last != NULL)
              {
                gboolean last_unknown = expected_unknown (last, c), unknown = expected_unknown (row, c);
                int cmp = last_unknown || unknown ? 0 : expected_compare (last, row, c);

                /* Rows without the figure ("–") after every figure, either way. */
                if (last_unknown && !unknown)
                  g_error ("sorted by %s %s, row %u (%s %s) has the figure, row %u before it has not",
                           column_ids[c], o == 0 ? "ascending" : "descending", i, row->kernel, row->arch,
                           i - 1);
                if (last_unknown != unknown)
                  cmp = 1;
                else if (order == GTK_SORT_ASCENDING ? cmp > 0 : cmp < 0)
                  g_error ("sorted by %s %s, row %u (%s %s) comes after row %u (%s %s)", column_ids[c],
                           o == 0 ? "ascending" : "descending", i, row->kernel, row->arch, i - 1,
                           last->kernel, last->arch);
                /* Rows the column holds equal read the same in it, and
                 * keep the file's order (the command line's), either way. */
                if (cmp == 0)
                  {
                    g_assert_cmpstr (text, ==, last_text);
                    if (row < last)
                      g_error (
                          "sorted by %s %s, row %u (%s %s) and the row before it read the same, but come in "
                          "the other order in the file",
                          column_ids[c], o == 0 ? "ascending" : "descending", i, row->kernel, row->arch);
                  }
              }
            /* Each limiter text in one run. */
            if (c == COL_LIMITER && (last == NULL || g_strcmp0 (text, last_text) != 0))
              {
                g_assert_false (g_hash_table_contains (runs, text));
                g_hash_table_add (runs, g_strdup (text));
              }
            g_free (last_text);
            last_text = g_steal_pointer (&text);
            last = row;
          }
      }
  /* Left sorted as a user would, after all those clicks: the least
   * occupancy first. */
  app_test_sort_by (app_test_kernels_panel (v->window), "occupancy", GTK_SORT_ASCENDING);
  app_test_wait_for_frame (GTK_WIDGET (v->window));
  g_test_message ("[%.0f s] sorting %u rows, the main thread's CPU time:%s", elapsed_s (), v->cli->n,
                  report->str);
  /* The times are shown, not checked (MOST_BINDS above says why). Sorting
   * through GTK 4.8's column view sorter, which breaks ties with every
   * column clicked before, took 100 to 530 ms on two loaded cores; sorting
   * an array of keys, 12 to 100 ms, and the iteration with the frame 35 to
   * 190 ms. */
}

/* ----- filters ----- */

enum { ARCH_ALL, ARCH_LOADED };

typedef struct {
  gboolean loaded_only;            /* "Loaded on this GPU" */
  guint limiter;                   /* 0: any, else 1 + the limiter's bit */
  int below;                       /* percent; 100: off */
  const char *search;              /* words, or NULL */
} Filters;

/* Whether the command line's row passes the filters as the table words
 * them: loaded on the GPU; limited by the limiter; an occupancy below the
 * value; every word of the search, in any case, in the kernel's name or
 * mangled name, or in its architecture. */
static gboolean
passes (const CliRow  *row,
        const Filters *f,
        char         **words)
{
  if (f->loaded_only && !row->loaded)
    return FALSE;
  if (f->limiter > 0 && (row->occupancy < 0 || !(row->limiters & (1u << (f->limiter - 1)))))
    return FALSE;
  if (f->below < 100 && (row->occupancy < 0 || row->occupancy >= f->below))
    return FALSE;
  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    if (strstr (row->haystack, words[i]) == NULL && strstr (row->arch_lower, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
count_is (CuoccWindow   *window,
          gconstpointer  data)
{
  return g_strcmp0 (app_test_panel_text (app_test_kernels_panel (window), "count_label"), data) == 0;
}

/* Sets the filters as a user does: the architecture drop-down, the limiter
 * drop-down, the "Occupancy below" spin button, and Ctrl+F then the text;
 * the table shows exactly the rows of the command line that pass them,
 * and the count under it says how many of how many. Returns that count. */
static guint
check_filters (View          *v,
               const Filters *f)
{
  CuoccKernelsPanel *panel = app_test_kernels_panel (v->window);
  GtkEditable *search = app_test_kernels_search (panel);
  const char *text = f->search != NULL ? f->search : "";
  g_auto(GStrv) words = f->search != NULL ? g_strsplit (f->search, " ", -1) : NULL;
  g_autofree char *want = NULL;
  guint expected = 0;

  for (guint i = 0; i < v->cli->n; i++)
    expected += passes (&v->cli->rows[i], f, words);
  want = expected_count (expected, v->cli->n);

  gtk_drop_down_set_selected (app_test_arch_dropdown (panel),
                              f->loaded_only ? ARCH_LOADED : ARCH_ALL);
  gtk_drop_down_set_selected (app_test_limiter_dropdown (panel), f->limiter);
  gtk_spin_button_set_value (app_test_below_spin (panel), f->below);
  if (g_strcmp0 (gtk_editable_get_text (search), text) != 0)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (v->window), "win.find-kernel", NULL));
      gtk_editable_set_text (search, text);
    }
  /* The search runs after the entry's short delay. */
  {
    gint64 deadline = g_get_monotonic_time () + APP_TEST_TIMEOUT_S * G_USEC_PER_SEC;

    while (!count_is (v->window, want) && g_get_monotonic_time () < deadline)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
  }
  g_assert_cmpstr (count_text (v), ==, want);

  g_assert_cmpuint (n_shown (v), ==, expected);
  for (guint i = 0; i < n_shown (v); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown (v), i);

      g_assert_true (passes (row_of (v, item), f, words));
    }
  g_assert_cmpstr (app_test_kernels_page (panel), ==, expected > 0 ? "list" : "no-match");
  return expected;
}

/* Each limiter, occupancies below several values, the text search, and
 * them together, over what loads on the GPU; then over every entry (what
 * has an occupancy loads, so the limiter and occupancy filters leave the
 * same rows: one of each). */
static void
check_all_filters (View *v)
{
  static const int belows[] = { 13, 26, 50, 76 };
  g_autoptr(GString) report = g_string_new (NULL);
  Filters loaded = { TRUE, 0, 100, NULL };
  Filters every = { FALSE, 0, 100, NULL };
  const Filters mixed[] = {
    { TRUE, 0, 100, "splitkreduce" },
    { TRUE, 0, 100, "gemv sm_90" },
    { TRUE, 1 + 1, 50, "splitkreduce" },
    { FALSE, 1 + 1, 100, NULL },
    { FALSE, 0, 50, NULL },
    { FALSE, 0, 100, "splitkreduce" },
    { FALSE, 0, 100, "gemv sm_90" },
    { FALSE, 1 + 1, 50, "splitkreduce" },
  };

  g_string_append_printf (report, "loaded here %u;", check_filters (v, &loaded));
  for (guint l = 1; l <= CUOCC_N_LIMITS; l++)
    {
      Filters by = { TRUE, l, 100, NULL };

      g_string_append_printf (report, " %s %u;", cuocc_limit_name (1u << (l - 1)), check_filters (v, &by));
    }
  for (guint b = 0; b < G_N_ELEMENTS (belows); b++)
    {
      Filters below = { TRUE, 0, belows[b], NULL };

      g_string_append_printf (report, " below %d %% %u;", belows[b], check_filters (v, &below));
    }
  g_string_append_printf (report, " every entry %u;", check_filters (v, &every));
  for (guint m = 0; m < G_N_ELEMENTS (mixed); m++)
    g_string_append_printf (report, " %s%s%s%s%s %u;", mixed[m].loaded_only ? "loaded" : "every",
                            mixed[m].limiter ? ", registers" : "", mixed[m].below < 100 ? ", below 50 %" : "",
                            mixed[m].search ? ", " : "", mixed[m].search ? mixed[m].search : "",
                            check_filters (v, &mixed[m]));
  {
    Filters none = { TRUE, 0, 100, "no-such-kernel" };

    g_assert_cmpuint (check_filters (v, &none), ==, 0);
    check_filters (v, &loaded);
  }
  g_test_message ("[%.0f s] filters on %s at %d threads: %s", elapsed_s (), v->cli->gpu, v->cli->threads,
                  report->str);
}

/* ----- the summary ----- */

/* The buttons among the summary's widgets. */
static void
collect_buttons (GtkWidget *widget,
                 GPtrArray *buttons)
{
  if (GTK_IS_BUTTON (widget))
    g_ptr_array_add (buttons, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_buttons (child, buttons);
}

/* The summary's button with that label. */
static GtkWidget *
summary_button (View       *v,
                const char *label)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  collect_buttons (app_test_summary_expander (app_test_kernels_panel (v->window)), buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), label) == 0)
      return buttons->pdata[i];
  return NULL;
}

typedef struct {
  guint index;
  double lost;
  double occupancy;
  double without;
  guint lost_to;
} Loss;

static int
most_lost_first (gconstpointer a,
                 gconstpointer b)
{
  const Loss *x = a, *y = b;

  /* An earlier row before a later one that loses as much. */
  return x->lost > y->lost ? -1 : x->lost < y->lost ? 1 : x->index < y->index ? -1 : 1;
}

/* What a row loses to its worst single limiter: the occupancy with the
 * fewest blocks the other resources allow, less its own; two resources
 * that limit alike cost nothing alone. From the command line's blocks by
 * each resource, its block size and active warps. */
static Loss
loss_of (const CliRow *row,
         guint         index,
         int           max_warps)
{
  Loss loss = { index, 0, (double) row->warps / max_warps, 0, 0 };
  int warps_per_block = (int) (row->threads + 31) / 32;

  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    {
      gint64 others = G_MAXINT64;
      double without;

      if (!(row->limiters & (1u << bit)))
        continue;
      for (int o = 0; o < CUOCC_N_LIMITS; o++)
        if (o != bit && row->by[o] >= 0)
          others = MIN (others, row->by[o]);
      without = MIN (1.0, (double) others * warps_per_block / max_warps);
      if (without - loss.occupancy > loss.lost)
        {
          loss.lost = without - loss.occupancy;
          loss.without = without;
          loss.lost_to = 1u << bit;
        }
    }
  return loss;
}

/* The summary counts what the command line prints for the kernels that run
 * on the GPU: the histogram's bars, each limiter's kernels, the five that
 * lose most to one limiter. A bar clicked shows exactly its kernels in the
 * table, and a limiter clicked exactly those it limits; clicked again, all. */
static void
check_summary (View *v)
{
  CuoccKernelsPanel *panel = app_test_kernels_panel (v->window);
  const CuoccHistogram *h = app_test_histogram (panel);
  int max_warps = cuocc_calculation_get_gpu (app_test_calculation (v->window))->cap.max_warps_per_sm;
  guint bins[N_BINS] = { 0 }, limited[CUOCC_N_LIMITS] = { 0 }, n_loaded = 0, n_worked_out = 0;
  g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (Loss));
  g_autoptr(GString) report = g_string_new (NULL);
  g_autofree char *all = NULL;

  for (guint i = 0; i < v->cli->n; i++)
    {
      const CliRow *row = &v->cli->rows[i];
      Loss loss;

      n_loaded += row->loaded;
      if (row->occupancy < 0)
        continue;
      g_assert_true (row->loaded);
      n_worked_out++;
      bins[bin_of (row->occupancy)]++;
      for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
        limited[bit] += (row->limiters & (1u << bit)) != 0;
      loss = loss_of (row, i, max_warps);
      if (loss.lost > 0)
        g_array_append_val (losses, loss);
    }
  g_array_sort (losses, most_lost_first);

  /* The bars. */
  g_assert_cmpuint (h->n_kernels, ==, n_worked_out);
  for (guint b = 0; b < N_BINS; b++)
    {
      g_assert_cmpuint (h->counts[b], ==, bins[b]);
      g_string_append_printf (report, "%s%u", b > 0 ? "/" : " bars ", bins[b]);
    }

  /* The limiters' buttons, in the limiter filter's order. */
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
    GtkWidget *flow =
        app_test_find_descendant (app_test_summary_expander (panel), GTK_TYPE_FLOW_BOX, FALSE);
    guint n = 0;

    collect_buttons (flow, buttons);
    for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
      {
        g_autofree char *count = NULL;
        g_autofree char *label = NULL;

        if (limited[bit] == 0)
          continue;
        count = cuocc_format_count (limited[bit]);
        label = g_strdup_printf ("%s: %s", cuocc_limit_title (1u << bit), count);
        g_assert_cmpuint (n, <, buttons->len);
        g_assert_cmpstr (gtk_button_get_label (buttons->pdata[n]), ==, label);
        g_string_append_printf (report, "; %s", label);
        n++;
      }
    g_assert_cmpuint (n, ==, buttons->len);
  }

  /* The five that lose most. */
  for (guint i = 0; i < 5; i++)
    {
      const char *text = app_test_loser_text (panel, i);
      const Loss *loss;
      g_autofree char *now = NULL;
      g_autofree char *without = NULL;
      g_autofree char *ending = NULL;
      g_autofree char *limiter = NULL;
      GtkWidget *button;

      if (i >= losses->len)
        {
          g_assert_null (text);
          continue;
        }
      loss = &g_array_index (losses, Loss, i);
      now = cuocc_format_percent (loss->occupancy);
      without = cuocc_format_percent (loss->without);
      /* The limiter in lower case, words apart: "shared_memory", "shared memory". */
      limiter = g_strdelimit (g_strdup (cuocc_limit_name (loss->lost_to)), "_", ' ');
      ending = g_strdup_printf (" (%s): %s, %s without the %s limit", v->cli->rows[loss->index].arch, now,
                                without, limiter);
      g_assert_nonnull (text);
      if (!g_str_has_suffix (text, ending))
        g_error (
            "the summary's kernel %u that loses most reads \"%s\", the command line's figures give \"…%s\" "
            "(%s)",
            i, text, ending, v->cli->rows[loss->index].kernel);
      button = summary_button (v, text);
      g_assert_nonnull (button);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, v->cli->rows[loss->index].kernel);
      if (i == 0)
        g_string_append_printf (report, "; loses most: %s", text);
    }
  g_test_message ("[%.0f s] summary on %s at %d threads: %u kernels run%s", elapsed_s (), v->cli->gpu,
                  v->cli->threads, n_worked_out, report->str);

  /* Clicks, over the table as it opens: what runs on the GPU. */
  {
    Filters loaded = { TRUE, 0, 100, NULL };

    g_assert_cmpuint (check_filters (v, &loaded), ==, n_loaded);
  }
  all = expected_count (n_loaded, v->cli->n);
  for (guint b = 0; b < N_BINS; b++)
    {
      g_autofree char *want = expected_count (bins[b], v->cli->n);

      if (bins[b] == 0)
        continue;
      g_signal_emit_by_name (app_test_histogram_view (panel), "bar-clicked", b);
      g_assert_cmpint (app_test_kernels_bar (panel), ==, (int) b);
      g_assert_cmpstr (count_text (v), ==, want);
      g_assert_cmpuint (n_shown (v), ==, bins[b]);
      for (guint i = 0; i < n_shown (v); i++)
        {
          g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown (v), i);
          const CliRow *row = row_of (v, item);

          g_assert_cmpfloat (row->occupancy, >=, 0);
          g_assert_cmpint (bin_of (row->occupancy), ==, b);
        }
      g_signal_emit_by_name (app_test_histogram_view (panel), "bar-clicked", b);
      g_assert_cmpint (app_test_kernels_bar (panel), ==, -1);
      g_assert_cmpstr (count_text (v), ==, all);
    }
  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    {
      g_autofree char *count = NULL;
      g_autofree char *label = NULL;
      g_autofree char *want = expected_count (limited[bit], v->cli->n);
      GtkWidget *button;

      if (limited[bit] == 0)
        continue;
      count = cuocc_format_count (limited[bit]);
      label = g_strdup_printf ("%s: %s", cuocc_limit_title (1u << bit), count);
      button = summary_button (v, label);
      g_assert_nonnull (button);
      g_signal_emit_by_name (button, "clicked");
      g_assert_cmpstr (count_text (v), ==, want);
      g_assert_cmpuint (n_shown (v), ==, limited[bit]);
      for (guint i = 0; i < n_shown (v); i++)
        {
          g_autoptr(CuoccKernelItem) item = g_list_model_get_item (shown (v), i);

          g_assert_true (row_of (v, item)->limiters & (1u << bit));
        }
      g_signal_emit_by_name (button, "clicked");
      g_assert_cmpstr (count_text (v), ==, all);
    }
}

/* ----- a GPU and a block size changed ----- */

/* The table worked out for the command line's GPU and block size: idle,
 * and a row whose figures differ from before reads the new ones. */
typedef struct {
  const CliTable *cli;
  CuoccKernelItem *item;
} Evaluated;

static gboolean
evaluated (CuoccWindow   *window,
           gconstpointer  data)
{
  const Evaluated *e = data;
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (e->item);
  const CliRow *row = NULL;

  for (guint i = 0; row == NULL && i < e->cli->n; i++)
    if (g_str_equal (e->cli->rows[i].mangled, cuocc_kernel_item_get_kernel (e->item)->mangled) &&
        g_str_equal (e->cli->rows[i].arch, cuocc_kernel_item_get_kernel (e->item)->arch))
      row = &e->cli->rows[i];
  return app_test_kernels_idle (window, NULL) && ev->threads == row->threads && ev->blocks == row->blocks;
}

/* Changes the GPU or the block size the way a user does, in the GPU list
 * or the block size field, and waits until the table is worked out for
 * them, the window answering meanwhile (the rows are worked out in a
 * thread; the main thread marks which entries load and takes the answer). */
static void
change_launch (View           *v,
               const char     *gpu_id,
               const char     *threads,
               const CliTable *to)
{
  const CliTable *from = v->cli;
  Evaluated e = { to, NULL };
  AppTestStalls stalls;
  double change_cpu;
  gint64 start;

  /* A row that reads differently after the change: for another GPU, one
   * that did not load on the last and declares its block size (so that
   * `to`'s figures are its own at any block size); for another block
   * size, one that declares none. */
  assert_same_rows (from, to);
  for (guint i = 0; i < to->n && e.item == NULL; i++)
    if (to->rows[i].occupancy >= 0 &&
        (gpu_id != NULL ? from->rows[i].occupancy < 0 && to->rows[i].threads != to->threads
                        : to->rows[i].threads == to->threads))
      e.item = v->items->pdata[i];
  g_assert_nonnull (e.item);

  /* The view's rows reach it a screenful a frame (the panel's growing
   * slice): let them all arrive first, or their arrival is counted as a
   * change of the rows below. */
  while (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (
             app_test_column_view (app_test_kernels_panel (v->window))))) <
         app_test_n_shown (v->window))
    g_main_context_iteration (NULL, TRUE);
  app_test_stalls_start (&stalls);
  app_test_stalls_watch_table (&stalls,
                               app_test_column_view (app_test_kernels_panel (v->window)));
  start = g_get_monotonic_time ();
  app_test_stalls_begin_work (&stalls);
  change_cpu = thread_cpu_ms ();
  if (gpu_id != NULL)
    app_test_choose_gpu (v->window, gpu_id);
  else
    app_test_type_into (v->window, CUOCC_INPUT_KEY_THREADS, threads);
  change_cpu = thread_cpu_ms () - change_cpu;
  app_test_stalls_end_work (&stalls);
  /* The change itself announces no row: the entries that load are marked
   * in the evaluation's thread, and the rows are filtered and sorted when
   * the figures arrive. Announcing every row changed, which sorted the rows
   * again and made the view's rows anew, took 340 to 510 ms of the main
   * thread. */
  g_assert_cmpuint (stalls.changes, ==, 0);
  g_assert_cmpuint (stalls.binds, ==, 0);
  while (!evaluated (v->window, &e))
    app_test_stalls_iterate (&stalls);
  app_test_stalls_wait_for_frame (&stalls, GTK_WIDGET (v->window));
  app_test_stalls_stop (&stalls);
  g_test_message (
      "%s: the table and the summary worked out again in %.0f ms (the change itself %.0f ms of CPU "
      "time); the longest main loop iteration "
      "%.0f ms (%.0f ms of the main thread's CPU time), the most CPU time of one %.0f ms, of %u; "
      "%u changes of the rows, %u cells bound",
      gpu_id != NULL ? gpu_id : threads, (g_get_monotonic_time () - start) / 1000.0, change_cpu,
      stalls.longest / 1000.0, stalls.longest_cpu_ms, stalls.most_cpu_ms, stalls.iterations, stalls.changes,
      stalls.binds);
  g_assert_cmpstr (cuocc_calculation_get_gpu (app_test_calculation (v->window))->name, ==, to->gpu);
  /* Then the rows filtered and sorted once, a screenful laid out again
   * (the rows all arrived before the change, above). */
  g_assert_cmpuint (stalls.changes, ==, 1);
  g_assert_cmpuint (stalls.binds, <=, MOST_BINDS);
  /* With the table sorted by occupancy, 57,600 entries: the change itself
   * (marking the entries that load, announcing every row changed, which
   * sorted the rows again and made the view's rows anew) took 340 to 510
   * ms of the main thread's CPU time, 1.5 to 2.5 s on the clock on two
   * loaded cores, and the iteration that took the new figures (sorting
   * again) 170 to 475 ms. Now the entries are marked in the evaluation's
   * thread and the rows filtered and sorted once, when the figures arrive:
   * 90 to 110 ms for another GPU, 35 ms for another block size. */
  v->cli = to;
}

/* ----- the changed column ----- */

static gboolean
keep_ticking (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* What the changed column's cell says, as a number that sorts as the cell
 * reads: the change of occupancy ("50 % → 25 %": -0.25), then a change
 * without occupancies ("changed"), then a kernel the compared build lacks
 * ("new"), then no change (""). */
static double
changed_key (const char *text)
{
  const char *arrow = strstr (text, "→");

  if (*text == '\0')
    return 4;
  if (g_str_equal (text, "new"))
    return 3;
  if (g_str_equal (text, "changed"))
    return 2;
  g_assert_nonnull (arrow);
  return (g_ascii_strtod (arrow + strlen ("→"), NULL) - g_ascii_strtod (text, NULL)) / 100.0;
}

/* The changed column sorted, both ways, after Compare… with the later
 * build of the library (tests/gen-library.py --build 1, whose registers
 * and shared memory changed in some kernels, whose units differ): the rows
 * in the order their cells read. The cells themselves are
 * test-library-compare's, against cuocc --import OLD --diff NEW. */
static void
check_changed_sort (View *v)
{
  const char *next = g_getenv ("CUOCC_GENERATED_LIBRARY_NEXT");
  CuoccKernelsPanel *panel = app_test_kernels_panel (v->window);
  GListModel *view_rows =
      G_LIST_MODEL (gtk_column_view_get_model (app_test_column_view (panel)));
  g_autoptr(GFile) file = NULL;
  gint64 deadline = g_get_monotonic_time () + APP_TEST_LIBRARY_TIMEOUT_S * G_USEC_PER_SEC;
  guint tick;

  if (next == NULL || !g_file_test (next, G_FILE_TEST_EXISTS))
    {
      /* The build writes it (tests/app/meson.build); a run by hand may lack it. */
      g_test_skip ("no later build of the generated library (CUOCC_GENERATED_LIBRARY_NEXT): the changed "
                   "column's sort is not checked");
      return;
    }
  file = g_file_new_for_path (next);
  tick = g_timeout_add_seconds (1, keep_ticking, NULL);
  cuocc_kernels_panel_compare_file (panel, file);
  while (!app_test_kernels_idle (v->window, NULL))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (tick);
  g_assert_nonnull (app_test_panel_text (panel, "compare_label"));

  gtk_drop_down_set_selected (app_test_arch_dropdown (panel), ARCH_ALL);
  for (guint o = 0; o < 2; o++)
    {
      GtkSortType order = o == 0 ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
      guint kinds[5] = { 0 };
      double last = 0;

      gtk_column_view_sort_by_column (app_test_column_view (panel), NULL, GTK_SORT_ASCENDING);
      app_test_sort_by (panel, "changed", order);
      g_assert_cmpuint (g_list_model_get_n_items (view_rows), ==, v->cli->n);
      for (guint i = 0; i < v->cli->n; i++)
        {
          g_autoptr(CuoccKernelItem) item = g_list_model_get_item (view_rows, i);
          g_autofree char *text = app_test_cell (v->window, item, "changed");
          double key = changed_key (text);

          /* The percentages are shown to two decimals. */
          if (i > 0 && (order == GTK_SORT_ASCENDING ? key < last - 0.0002 : key > last + 0.0002))
            g_error ("sorted by changed %s, row %u (\"%s\") comes after one that reads %g",
                     o == 0 ? "ascending" : "descending", i, text, last);
          kinds[key >= 2 ? (int) key : key < 0 ? 0 : 1]++;
          last = key;
        }
      g_test_message (
          "[%.0f s] sorted by changed: %u less, %u more or as much occupancy, %u changed, %u new, %u "
          "the same",
          elapsed_s (), kinds[0], kinds[1], kinds[2], kinds[3], kinds[4]);
      g_assert_cmpuint (kinds[0], >, 0);
      g_assert_cmpuint (kinds[4], >, 0);
    }
}

/* ----- the tests ----- */

/* The command line's rows, run once for both window sizes. */
static CliTable *h100_256, *a100_64;

static void
run_in_window (const char *path,
               int         width,
               int         height)
{
  View v = { 0 };
  g_autofree char *h100 = NULL;
  g_autofree char *a100 = NULL;

  v.window = app_test_window_at_size (width, height, NULL);
  v.row_of = g_hash_table_new (NULL, NULL);
  v.items = g_ptr_array_new ();
  app_test_select_gpu (v.window, "NVIDIA H100 SXM5");
  app_test_type_into (v.window, CUOCC_INPUT_KEY_THREADS, "256");
  h100 = g_strdup (cuocc_calculation_get_gpu (app_test_calculation (v.window))->name);
  {
    CuoccGpu gpu;

    g_assert_true (cuocc_gpu_resolve_id ("NVIDIA A100 SXM4", &gpu, NULL));
    a100 = g_strdup (gpu.name);
  }
  if (h100_256 == NULL)
    {
      h100_256 = cli_table_new (path, h100, 256);
      a100_64 = cli_table_new (path, a100, 64);
    }
  v.cli = h100_256;
  g_test_message ("[%.0f s] the command line's rows read", elapsed_s ());
  app_test_import_library (v.window, path);
  g_test_message ("[%.0f s] imported at %d × %d", elapsed_s (), width, height);
  /* At 800 px the sidebar lies over the calculator, hidden until asked for. */
  app_test_show_kernels (v.window, TRUE);
  app_test_wait_for_sidebar (v.window, TRUE);
  gtk_expander_set_expanded (
      GTK_EXPANDER (app_test_summary_expander (app_test_kernels_panel (v.window))), TRUE);
  app_test_wait_for_frame (GTK_WIDGET (v.window));
  g_assert_cmpint (gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (v.window))), ==, width);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (v.window)), ==, v.cli->n);
  map_rows (&v);
  /* The rows reach the view a screenful a frame after the read, then all. */
  {
    GListModel *view_rows = G_LIST_MODEL (gtk_column_view_get_model (
      app_test_column_view (app_test_kernels_panel (v.window))));

    while (g_list_model_get_n_items (view_rows) < n_shown (&v))
      g_main_context_iteration (NULL, TRUE);
  }

  /* On the H100 at 256 threads: 9.0 code, registers and warps limit. */
  check_summary (&v);
  check_all_filters (&v);
  check_sorting (&v);

  /* Another GPU, then another block size, the table sorted: on the A100
   * at 64 threads warps, registers, shared memory and blocks all limit
   * some kernels. */
  change_launch (&v, "NVIDIA A100 SXM4", NULL, a100_64);
  change_launch (&v, NULL, "64", a100_64);
  /* Figures of neither the H100 nor 256 threads. */
  check_summary (&v);
  /* The filters at scale once more, without the sort's cost. */
  gtk_column_view_sort_by_column (app_test_column_view (app_test_kernels_panel (v.window)),
                                  NULL, GTK_SORT_ASCENDING);
  check_all_filters (&v);
  check_changed_sort (&v);

  g_ptr_array_unref (v.items);
  g_hash_table_unref (v.row_of);
  app_test_window_free (v.window);
}

static void
test_library_view (gconstpointer data)
{
  const int *size = data;
  g_autofree char *path = app_test_generated_library (NULL);

  SKIP_WITHOUT_DISPLAY ();
  if (path == NULL)
    {
      g_test_skip ("no generated library in the build folder, or under the sanitizers");
      return;
    }
  run_in_window (path, size[0], size[1]);
}

int
main (int   argc,
      char *argv[])
{
  static const int small[] = { 800, 600 }, large[] = { 1920, 1080 };
  int status;

  g_test_init (&argc, &argv, NULL);
  app_test_init ();
  test_start = g_get_monotonic_time ();

  g_test_add_data_func ("/cuocc/app/library-view/800x600", small, test_library_view);
  g_test_add_data_func ("/cuocc/app/library-view/1920x1080", large, test_library_view);

  status = g_test_run ();
  g_clear_pointer (&h100_256, cli_table_free);
  g_clear_pointer (&a100_64, cli_table_free);
  return status;
}
