/* cuocc-cli-import.c — cuocc --import: kernels read from compiler and profiler output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per kernel and architecture. With --threads, or for a profiler
 * export (which says how each kernel was launched), each row also gets the
 * occupancy columns of the command line's contract, worked out for the
 * kernel's own compute capability unless --gpu or --cc names one. For an
 * Nsight Compute export the profiler's theoretical occupancy sits beside
 * cuocc's, and a disagreement is flagged.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include <cuocc.h>
#include <cuocc-plot.h>

#include "cuocc-cli.h"
#include "cuocc-cli-import.h"
#include "cuocc-cli-import-private.h"
#include "cuocc-cli-plot.h"

typedef enum {
  COL_KERNEL, COL_MANGLED, COL_ARCH, COL_REGS, COL_SMEM, COL_BARRIERS, COL_STACK,
  COL_SPILL_STORES, COL_SPILL_LOADS,
  /* the occupancy columns */
  COL_CC, COL_GPU, COL_THREADS, COL_SMEM_CONFIG, COL_CACHING, COL_ACTIVE_BLOCKS, COL_ACTIVE_WARPS,
  COL_ACTIVE_THREADS, COL_OCCUPANCY, COL_BY_WARPS, COL_BY_REGS, COL_BY_SMEM, COL_BY_BLOCKS,
  COL_BY_BARRIERS, COL_LIMITERS, COL_REGS_PER_BLOCK, COL_SMEM_PER_BLOCK, COL_BEST, COL_ERROR,
  /* the profiler's columns */
  COL_DYNAMIC_SMEM, COL_PROFILED_THREADS, COL_PROFILER_OCCUPANCY, COL_ACHIEVED, COL_AGREES,
  /* what binaries and Triton caches add; the text table shows a column only when some row fills it */
  COL_FILE, COL_MAX_THREADS, COL_MIN_BLOCKS, COL_MAX_REGS, COL_CLUSTER_DIMS, COL_LAUNCH_DYNAMIC_SMEM,
  COL_LAUNCH_THREADS, COL_LOADED,
  /* the cluster columns of an answer, for kernels that declare their cluster */
  COL_CLUSTER_SIZE, COL_CLUSTER_BLOCKS_PER_SM, COL_MAX_ACTIVE_CLUSTERS, COL_CLUSTERS_BASIS,
  COL_CLUSTER_BLOCKS_LOST, COL_CLUSTER_BLOCKS_LOST_PCT,
  N_COLUMNS,
} Column;

#define FIRST_OCCUPANCY_COLUMN COL_CC
#define FIRST_PROFILER_COLUMN  COL_DYNAMIC_SMEM
#define FIRST_BINARY_COLUMN    COL_FILE
#define FIRST_CLUSTER_COLUMN   COL_CLUSTER_SIZE

G_STATIC_ASSERT (N_COLUMNS - FIRST_CLUSTER_COLUMN == CUOCC_N_CLUSTER_COLUMNS);

/* The occupancy columns are an answer's (cuocc-table.h) but for the
 * kernel's own regs, smem and barriers, which come first. */
#define IS_KERNEL_FIGURE(c) ((c) == CUOCC_COLUMN_REGS || (c) == CUOCC_COLUMN_SMEM || (c) == CUOCC_COLUMN_BARRIERS)

static const struct {
  const char *name;
  const char *label;               /* the text table's heading; NULL: not in the text table */
} columns[N_COLUMNS] = {
  [COL_KERNEL] = { "kernel", N_("KERNEL") },
  [COL_MANGLED] = { "mangled", NULL },
  [COL_ARCH] = { "arch", N_("ARCH") },
  [COL_REGS] = { "regs", N_("REGS") },
  [COL_SMEM] = { "smem", N_("SMEM") },
  [COL_BARRIERS] = { "barriers", N_("BAR") },
  [COL_STACK] = { "stack", N_("STACK") },
  [COL_SPILL_STORES] = { "spill_stores", N_("SPILL_ST") },
  [COL_SPILL_LOADS] = { "spill_loads", N_("SPILL_LD") },
  [COL_CC] = { "cc", NULL },
  [COL_GPU] = { "gpu", NULL },
  [COL_THREADS] = { "threads", N_("THREADS") },
  [COL_SMEM_CONFIG] = { "smem_config", NULL },
  [COL_CACHING] = { "global_caching", NULL },
  [COL_ACTIVE_BLOCKS] = { "active_blocks", N_("BLOCKS") },
  [COL_ACTIVE_WARPS] = { "active_warps", N_("WARPS") },
  [COL_ACTIVE_THREADS] = { "active_threads", NULL },
  [COL_OCCUPANCY] = { "occupancy_pct", N_("OCC%") },
  [COL_BY_WARPS] = { "blocks_by_warps", NULL },
  [COL_BY_REGS] = { "blocks_by_regs", NULL },
  [COL_BY_SMEM] = { "blocks_by_smem", NULL },
  [COL_BY_BLOCKS] = { "blocks_by_blocks", NULL },
  [COL_BY_BARRIERS] = { "blocks_by_barriers", NULL },
  [COL_LIMITERS] = { "limiters", N_("LIMITERS") },
  [COL_REGS_PER_BLOCK] = { "regs_per_block", NULL },
  [COL_SMEM_PER_BLOCK] = { "smem_per_block", NULL },
  [COL_BEST] = { "best_block_size", NULL },
  [COL_ERROR] = { "error", N_("ERROR") },
  [COL_DYNAMIC_SMEM] = { "dynamic_smem", N_("DYN_SMEM") },
  [COL_PROFILED_THREADS] = { "profiled_threads", NULL },
  [COL_PROFILER_OCCUPANCY] = { "profiler_occupancy_pct", N_("NCU%") },
  [COL_ACHIEVED] = { "achieved_occupancy_pct", NULL },
  [COL_AGREES] = { "occupancy_agrees", N_("AGREE") },
  [COL_FILE] = { "file", N_("FILE") },
  [COL_MAX_THREADS] = { "max_threads", N_("MAX_THR") },
  [COL_MIN_BLOCKS] = { "min_blocks", N_("MIN_BLK") },
  [COL_MAX_REGS] = { "max_regs", N_("MAX_REG") },
  [COL_CLUSTER_DIMS] = { "cluster_dims", N_("CLUSTER") },
  [COL_LAUNCH_DYNAMIC_SMEM] = { "dynamic_smem", N_("DYN_SMEM") },
  [COL_LAUNCH_THREADS] = { "threads", N_("THREADS") },
  [COL_LOADED] = { "loaded_on_gpu", N_("LOADED") },
  [COL_CLUSTER_SIZE] = { "cluster_size", NULL },
  [COL_CLUSTER_BLOCKS_PER_SM] = { "cluster_blocks_per_sm", N_("CL_BLOCKS") },
  [COL_MAX_ACTIVE_CLUSTERS] = { "max_active_clusters", NULL },
  [COL_CLUSTERS_BASIS] = { "clusters_basis", NULL },
  [COL_CLUSTER_BLOCKS_LOST] = { "cluster_blocks_lost", NULL },
  [COL_CLUSTER_BLOCKS_LOST_PCT] = { "cluster_blocks_lost_pct", N_("CL_LOST%") },
};

typedef struct {
  char **paths;
  char *gpu_name;
  char *cc;
  char *threads_text;
  char *dynamic_smem_text;
  char *format_text;
  char *check_text;
  char *diff_path;
  gboolean strict;
  char *plot_text;
  char *plot_path;
  char *size_text;
  char **rest;
} ImportOptions;

typedef struct {
  CliFormat format;
  gboolean occupancy;              /* the occupancy columns are shown */
  gboolean profiler;               /* the profiler's columns are shown */
  gboolean clusters;               /* the cluster columns are shown */
  gboolean rows;                   /* the rows are written (--check alone writes only its failures) */
  ImportLaunch launch;
  ImportCheck *check;              /* --check, or NULL */
  GPtrArray *failures;             /* what --check found */
  CliWriter *writer;
  guint64 n_rows;
  GPtrArray *text_rows;            /* text: each row's cells, as strings */
  guint n_errors;
  GHashTable *failed[IMPORT_N_WHYS]; /* the kernels not worked out, by reason (created when needed) */
  guint n_disagreements;
  guint n_smem_notes;              /* opt-in notes not written for want of rows */
  CuoccHistogram *histogram;       /* --plot: the entries that run, by occupancy */
} Report;

/* ----- helpers ----- */

static void
import_options_clear (ImportOptions *o)
{
  g_strfreev (o->paths);
  g_free (o->gpu_name);
  g_free (o->cc);
  g_free (o->threads_text);
  g_free (o->dynamic_smem_text);
  g_free (o->format_text);
  g_free (o->check_text);
  g_free (o->diff_path);
  g_free (o->plot_text);
  g_free (o->plot_path);
  g_free (o->size_text);
  g_strfreev (o->rest);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ImportOptions, import_options_clear)

#define HELP_HINT _("Try “cuocc --import FILE --help” for more information.\n")
#define usage_error(...) cli_usage_error (HELP_HINT, __VA_ARGS__)

static gboolean
column_shown (const Report *report,
              Column        column)
{
  /* A name appears once: the profiler's dynamic_smem and the occupancy
   * columns' threads are the same figures when they are shown. */
  if (column == COL_LAUNCH_DYNAMIC_SMEM)
    return !report->profiler;
  if (column == COL_LAUNCH_THREADS)
    return !report->occupancy;
  if (column >= FIRST_CLUSTER_COLUMN)
    return report->clusters;
  if (column >= FIRST_BINARY_COLUMN)
    return TRUE;
  if (column >= FIRST_PROFILER_COLUMN)
    return report->profiler;
  if (column >= FIRST_OCCUPANCY_COLUMN)
    return report->occupancy;
  return TRUE;
}

/* The kernel's figures are -1 where the input does not say. */
static CuoccCell
cell_known (gint64 value)
{
  return value < 0 ? cuocc_cell_null () : cuocc_cell_int (value);
}

static CuoccCell
cell_known_percent (double fraction)
{
  return fraction < 0 ? cuocc_cell_null () : cuocc_cell_percent (fraction);
}

/* A cell in the text table. */
static char *
cell_to_text (Column           column,
              const CuoccCell *cell)
{
  g_autoptr (GString) text = NULL;

  switch (cell->kind)
    {
    case CUOCC_CELL_STRING:
      return g_strdup (cell->text);
    case CUOCC_CELL_BOOL:
      if (column == COL_LOADED)
        return g_strdup (cell->value ? _("yes") : _("no"));
      return g_strdup (cell->value ? _("yes") : _("NO"));
    case CUOCC_CELL_NULL:
      return g_strdup ("-");
    default:
      /* Numbers as in CSV: 62.5, unlimited. */
      text = g_string_new (NULL);
      cuocc_table_append_cell (text, CUOCC_TABLE_CSV, cell);
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
}

/* ----- rows ----- */

static void
emit_row (Report          *report,
          const CuoccCell  cells[N_COLUMNS])
{
  const char *names[N_COLUMNS];
  CuoccCell shown[N_COLUMNS];
  guint n = 0;

  if (!report->rows)
    return;
  if (report->format == CLI_FORMAT_TEXT)
    {
      GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

      for (guint c = 0; c < N_COLUMNS; c++)
        g_ptr_array_add (row, column_shown (report, c) && columns[c].label != NULL ? cell_to_text (c, &cells[c]) : NULL);
      g_ptr_array_add (report->text_rows, row);
      return;
    }

  for (guint c = 0; c < N_COLUMNS; c++)
    if (column_shown (report, c))
      {
        names[n] = columns[c].name;
        shown[n++] = cells[c];
      }
  if (report->format == CLI_FORMAT_JSON)
    cli_writer_puts (report->writer, report->n_rows > 0 ? ",\n  " : "\n  ");
  cuocc_table_append_row (report->writer->buf, cli_table_format (report->format), names, shown, n);
  cli_writer_commit (report->writer);
  if (report->format == CLI_FORMAT_CSV)
    cli_writer_putc (report->writer, '\n');
  report->n_rows++;
}

static void
fill_occupancy (Report                 *report,
                const CuoccKernel      *k,
                const ImportEvaluation *ev,
                CuoccCell               cells[N_COLUMNS],
                char                    cc[16])
{
  const CuoccResult *result = &ev->result;
  CuoccCell answer[CUOCC_N_RESULT_COLUMNS];
  guint c = COL_CC;

  cli_format_cc (&ev->gpu.cap, cc);
  cuocc_table_result_cells (&ev->gpu, &ev->input, result, cuocc_best_block_size (&ev->gpu, &ev->input, NULL),
                            cc, ev->limiters, answer);
  for (guint a = 0; a < CUOCC_N_RESULT_COLUMNS; a++)
    if (!IS_KERNEL_FIGURE (a))
      cells[c++] = answer[a];
  g_assert (c == COL_ERROR + 1);

  /* The profiler answered for the launch it saw: compare only that. */
  if (k->theoretical_occupancy >= 0 && ev->input.threads == k->block_size)
    {
      gboolean agrees = cuocc_table_occupancy_agrees (result->occupancy * 100.0, k->theoretical_occupancy);

      cells[COL_AGREES] = cuocc_cell_bool (agrees);
      if (!agrees)
        {
          g_autofree char *theirs = cli_percent_text (k->theoretical_occupancy / 100.0);
          g_autofree char *mine = cli_percent_text (result->occupancy);

          report->n_disagreements++;
          g_printerr (_("cuocc: warning: %s: Nsight Compute's theoretical occupancy is %s%%, cuocc's %s%%\n"),
                      k->name, theirs, mine);
        }
    }
}

static void
add_kernel_row (Report            *report,
                const CuoccKernel *k)
{
  CuoccCell cells[N_COLUMNS] = { { 0 } };
  ImportEvaluation ev;
  g_autofree char *file = import_file_label (k);
  g_autofree char *cluster = NULL;
  g_autofree char *note = NULL;
  char cc[16];

  cells[COL_KERNEL] = cuocc_cell_string (k->name);
  cells[COL_MANGLED] = cuocc_cell_string (k->mangled[0] != '\0' ? k->mangled : NULL);
  cells[COL_ARCH] = cuocc_cell_string (k->arch);
  cells[COL_REGS] = cell_known (k->regs);
  cells[COL_SMEM] = cell_known (k->smem);
  cells[COL_BARRIERS] = cell_known (k->barriers);
  cells[COL_STACK] = cell_known (k->stack);
  cells[COL_SPILL_STORES] = cell_known (k->spill_stores);
  cells[COL_SPILL_LOADS] = cell_known (k->spill_loads);
  cells[COL_DYNAMIC_SMEM] = cell_known (k->dynamic_smem);
  cells[COL_PROFILED_THREADS] = cell_known (k->block_size);
  cells[COL_PROFILER_OCCUPANCY] = cell_known_percent (k->theoretical_occupancy / 100.0);
  cells[COL_ACHIEVED] = cell_known_percent (k->achieved_occupancy / 100.0);
  cells[COL_FILE] = cuocc_cell_string (file);
  cells[COL_MAX_THREADS] = cell_known (k->max_threads);
  cells[COL_MIN_BLOCKS] = cell_known (k->min_blocks);
  cells[COL_MAX_REGS] = cell_known (k->max_regs);
  if (k->cluster_dims[0] > 0)
    cluster = g_strdup_printf ("%dx%dx%d", k->cluster_dims[0], MAX (k->cluster_dims[1], 1), MAX (k->cluster_dims[2], 1));
  cells[COL_CLUSTER_DIMS] = cuocc_cell_string (cluster);
  cells[COL_LAUNCH_DYNAMIC_SMEM] = cell_known (k->dynamic_smem);
  cells[COL_LAUNCH_THREADS] = cell_known (k->block_size);
  if (k->loaded != CUOCC_LOAD_UNKNOWN)
    cells[COL_LOADED] = cuocc_cell_bool (k->loaded == CUOCC_LOAD_YES);

  import_evaluate (&report->launch, k, &ev);
  if (report->occupancy)
    {
      if (ev.ok)
        fill_occupancy (report, k, &ev, cells, cc);
      else
        {
          /* With --check, a figure the kernel lacks is the check's to count. */
          if (ev.failed && (report->check == NULL || !IMPORT_WHY_IS_UNKNOWN (ev.reason)))
            {
              report->n_errors++;
              if (report->failed[ev.reason] == NULL)
                report->failed[ev.reason] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
              import_kernel_set_add (report->failed[ev.reason], k);
            }
          cells[COL_ERROR] = cuocc_cell_string (ev.why);
        }
      cuocc_table_clusters_cells (ev.ok && ev.have_clusters ? &ev.clusters : NULL, &cells[FIRST_CLUSTER_COLUMN]);
    }
  /* Without the rows (--check alone), one line counts them instead. */
  if ((note = import_smem_note (k, &ev)) != NULL && report->rows)
    g_printerr ("cuocc: note: %s\n", note);
  else if (note != NULL)
    report->n_smem_notes++;
  if (report->check != NULL && import_entry_runs (&report->launch, k))
    import_check_entry (report->check, k, &ev, report->failures);
  if (report->histogram != NULL && ev.ok && import_entry_runs (&report->launch, k))
    cuocc_histogram_add (report->histogram, ev.result.occupancy);
  emit_row (report, cells);
  import_evaluation_clear (&ev);
}

/* ----- output ----- */

static gboolean
column_filled (Report *report,
               Column  column)
{
  for (guint r = 0; r < report->text_rows->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (report->text_rows, r);

      if (strcmp (g_ptr_array_index (row, column), "-") != 0)
        return TRUE;
    }
  return FALSE;
}

static void
write_text_table (Report *report)
{
  guint order[N_COLUMNS];
  guint n_order = 0;
  gsize widths[N_COLUMNS] = { 0 };
  g_autoptr (GString) line = g_string_new (NULL);

  /* The name goes last: it is long and needs no alignment. */
  for (guint c = 0; c < N_COLUMNS; c++)
    if (c != COL_KERNEL && columns[c].label != NULL && column_shown (report, c) &&
        (c < FIRST_BINARY_COLUMN || column_filled (report, c)))
      order[n_order++] = c;
  order[n_order++] = COL_KERNEL;

  for (guint i = 0; i < n_order; i++)
    widths[order[i]] = g_utf8_strlen (_(columns[order[i]].label), -1);
  for (guint r = 0; r < report->text_rows->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (report->text_rows, r);

      for (guint i = 0; i < n_order; i++)
        widths[order[i]] = MAX (widths[order[i]], (gsize) g_utf8_strlen (g_ptr_array_index (row, order[i]), -1));
    }

  for (guint r = 0; r <= report->text_rows->len; r++)
    {
      GPtrArray *row = r > 0 ? g_ptr_array_index (report->text_rows, r - 1) : NULL;

      g_string_truncate (line, 0);
      for (guint i = 0; i < n_order; i++)
        {
          const char *text = row != NULL ? g_ptr_array_index (row, order[i]) : _(columns[order[i]].label);
          gboolean last = i + 1 == n_order;
          gsize pad = widths[order[i]] - (gsize) g_utf8_strlen (text, -1);

          g_string_append (line, text);
          if (!last)
            {
              for (gsize p = 0; p < pad + 2; p++)
                g_string_append_c (line, ' ');
            }
        }
      g_string_append_c (line, '\n');
      cli_writer_write (report->writer, line->str, line->len);
    }
}

static void
write_report (Report                *report,
              const CuoccKernelList *list)
{
  if (!report->rows)
    ;
  else if (report->format == CLI_FORMAT_CSV)
    {
      gboolean first = TRUE;

      for (guint c = 0; c < N_COLUMNS; c++)
        if (column_shown (report, c))
          {
            if (!first)
              cli_writer_putc (report->writer, ',');
            cli_writer_puts (report->writer, columns[c].name);
            first = FALSE;
          }
      cli_writer_putc (report->writer, '\n');
    }
  else if (report->format == CLI_FORMAT_JSON)
    cli_writer_putc (report->writer, '[');

  for (guint i = 0; i < list->n_kernels; i++)
    add_kernel_row (report, &list->kernels[i]);

  if (!report->rows)
    ;
  else if (report->format == CLI_FORMAT_JSON)
    cli_writer_puts (report->writer, report->n_rows > 0 ? "\n]\n" : "]\n");
  else if (report->format == CLI_FORMAT_TEXT)
    write_text_table (report);
}

/* ----- input ----- */

static CuoccKernelList *
read_input (const char  *path,
            GError     **error)
{
  CuoccImportParser *parser;
  char buffer[65536];
  gsize n;

  if (strcmp (path, "-") != 0)
    return cuocc_import_parse_file (path, error);

  parser = cuocc_import_parser_new ();
  while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
    cuocc_import_parser_feed (parser, buffer, n);
  if (ferror (stdin))
    {
      int saved = errno;

      cuocc_import_parser_free (parser);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not read standard input: %s"), g_strerror (saved));
      return NULL;
    }
  return cuocc_import_parser_finish (parser, error);
}

/* Reads every file named, one after the other, into one list; each entry
 * keeps the file it came from. */
static CuoccKernelList *
read_inputs (char       **paths,
             GError     **error)
{
  g_autoptr (GArray) kernels = g_array_new (FALSE, FALSE, sizeof (CuoccKernel));
  CuoccKernelList *all = g_new0 (CuoccKernelList, 1);

  for (guint p = 0; paths[p] != NULL; p++)
    {
      g_autoptr (CuoccKernelList) list = read_input (paths[p], error);

      if (list == NULL)
        {
          if (paths[1] != NULL)
            g_prefix_error (error, "%s: ", paths[p]);
          /* The earlier files' kernels own their strings: free them with the list. */
          all->n_kernels = kernels->len;
          all->kernels = (CuoccKernel *) (gpointer) g_array_free (g_steal_pointer (&kernels), FALSE);
          cuocc_kernel_list_free (all);
          return NULL;
        }
      for (guint i = 0; i < list->n_kernels; i++)
        if (list->kernels[i].file == NULL && strcmp (paths[p], "-") != 0)
          list->kernels[i].file = g_strdup (paths[p]);
      if (p == 0)
        all->format = list->format;
      all->truncated |= list->truncated;
      all->n_skipped_lines += list->n_skipped_lines;
      all->n_helpers += list->n_helpers;
      all->n_skipped_entries += list->n_skipped_entries;
      for (guint i = 0; list->skipped != NULL && list->skipped[i] != NULL; i++)
        {
          guint n = all->skipped != NULL ? g_strv_length (all->skipped) : 0;

          all->skipped = g_renew (char *, all->skipped, n + 2);
          all->skipped[n] = g_strdup (list->skipped[i]);
          all->skipped[n + 1] = NULL;
        }
      g_array_append_vals (kernels, list->kernels, list->n_kernels);
      /* The strings now belong to kernels. */
      g_clear_pointer (&list->kernels, g_free);
      list->n_kernels = 0;
    }
  all->n_kernels = kernels->len;
  all->kernels = (CuoccKernel *) (gpointer) g_array_free (g_steal_pointer (&kernels), FALSE);
  return all;
}

static GOptionContext *
create_context (ImportOptions *o)
{
  const GOptionEntry entries[] = {
    { "import", 'i', 0, G_OPTION_ARG_FILENAME_ARRAY, &o->paths,
      N_("Read kernels from a binary (cubin, fat binary, executable, library, object, archive), a Triton cache, "
         "ptxas -v, cuobjdump --dump-resource-usage or ncu --csv output (- for standard input); repeat for more files"),
      N_("FILE") },
    { "gpu", 'g', 0, G_OPTION_ARG_STRING, &o->gpu_name, N_("Work out occupancy for this GPU, with the entry of each kernel that loads there"), N_("NAME") },
    { "cc", 'c', 0, G_OPTION_ARG_STRING, &o->cc, N_("Work out occupancy for this compute capability"), N_("X.Y") },
    { "threads", 't', 0, G_OPTION_ARG_STRING, &o->threads_text, N_("Threads per block (default: what each kernel declares)"), N_("N") },
    { "dynamic-smem", 0, 0, G_OPTION_ARG_STRING, &o->dynamic_smem_text, N_("Dynamic shared memory per block, added to each kernel's static shared memory"), N_("SIZE") },
    { "check", 0, 0, G_OPTION_ARG_STRING, &o->check_text, N_("Exit with status 3 unless every kernel that runs meets EXPR, e.g. occupancy>=50,regs<=128,spills==0"), N_("EXPR") },
    { "strict", 0, 0, G_OPTION_ARG_NONE, &o->strict, N_("With --check: a kernel that lacks a term's figure (spills in a binary, occupancy without a block size) fails"), NULL },
    { "diff", 0, 0, G_OPTION_ARG_FILENAME, &o->diff_path, N_("Compare with a newer build: what changed, per kernel and architecture"), N_("NEW") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o->format_text, N_("Output format (default text)"), N_("text|csv|json") },
    { "plot", 'p', 0, G_OPTION_ARG_STRING, &o->plot_text, N_("Also draw how the kernels that run on the GPU spread over occupancy"), N_("occupancy") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->plot_path, N_("The graph's file: .png, .svg, .pdf or .csv"), N_("FILE") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o->size_text, N_("The graph's size in pixels (default 800x500)"), N_("WxH") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->rest, NULL, NULL },
    { NULL }
  };

  return cli_option_context_new (entries,
    _("Lists the kernels of a binary, a Triton cache, a build log or a profile, one row per\n"
      "kernel and architecture, with their registers, shared memory, barriers, stack and spills.\n"
      "\n"
      "  cuocc --import FILE|- [--import FILE...] [--gpu NAME | --cc X.Y] [--threads N]\n"
      "        [--dynamic-smem SIZE] [--check EXPR [--strict]] [--format text|csv|json]\n"
      "  cuocc --import OLD --diff NEW [--gpu NAME | --cc X.Y] [--threads N] [--format text|csv|json]"),
    _("With --gpu or --cc, each kernel's entry that the CUDA driver loads on that GPU is marked\n"
      "(loaded_on_gpu) and only it is worked out; the others say why in the error column.\n"
      "With a GPU, --threads, or for an Nsight Compute export, each row gets the occupancy\n"
      "columns of a single cuocc answer, for the kernel's own architecture unless --gpu or\n"
      "--cc names a GPU; the block size is --threads, else the one the kernel declares.\n"
      "An Nsight Compute export also shows the profiler's theoretical occupancy and whether\n"
      "cuocc agrees with it.\n"
      "\n"
      "A kernel that declares its thread block cluster gets the cluster columns, as --cluster-size\n"
      "gives them.\n"
      "\n"
      "--check keys: occupancy (percent), regs, smem, stack, spills, spill_stores, spill_loads,\n"
      "blocks, warps, barriers; operators: < <= == != >= >. It prints the failures and a\n"
      "summary on standard error, and the rows only when --format is given. A kernel that\n"
      "lacks a term's figure (a binary records no spills, but its stack frame; a kernel\n"
      "without a block size has no occupancy) is not checked against it but counted, unless\n"
      "--strict.\n"
      "\n"
      "Exit status: 0 on success; 1 when some kernel's occupancy could not be worked out\n"
      "(standard error says why, e.g. \"3 kernels declare no block size: give --threads\");\n"
      "2 on a usage error or an input without kernel resource usage; 3 when --check fails.\n"
      "\n"
      "Example: nvcc -c --resource-usage kernel.cu 2>&1 | cuocc --import - --threads 256\n"
      "         cuocc --import build/libkernels.so --gpu H100 --check occupancy>=50,spills==0"));
}

/* ----- public API ----- */

gboolean
cuocc_import_command_wanted (int    argc,
                             char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (strcmp (argv[i], "--import") == 0 || g_str_has_prefix (argv[i], "--import=") ||
          strcmp (argv[i], "-i") == 0)
        return TRUE;
    }
  return FALSE;
}

/* The failures, what was not checked, and a summary a CI log can show. */
static int
print_check_failures (const ImportCheck *check,
                      const char        *expr,
                      GPtrArray         *failures)
{
  guint n_kernels = import_check_n_kernels (check);

  import_check_print_unknown (check);
  if (failures->len == 0)
    {
      g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: check passed: %u kernel checked against %s\n",
                               "cuocc: check passed: %u kernels checked against %s\n", n_kernels),
                  n_kernels, expr);
      return CLI_EXIT_OK;
    }
  for (guint i = 0; i < failures->len; i++)
    g_printerr (_("cuocc: check failed: %s\n"), (const char *) g_ptr_array_index (failures, i));
  g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: %u check failed\n", "cuocc: %u checks failed\n", failures->len),
              failures->len);
  g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: %u of %u kernel checked failed %s\n",
                           "cuocc: %u of %u kernels checked failed %s\n", n_kernels),
              import_check_n_failed_kernels (check), n_kernels, expr);
  return CLI_EXIT_CHECK_FAILED;
}

/* What the rows that were not worked out have in common, one line a reason,
 * as --batch says how many rows it could not answer. */
static void
print_row_errors (const Report *report)
{
  const CuoccCapability *cap = &report->launch.gpu.cap;

  for (guint w = 0; w < IMPORT_N_WHYS; w++)
    {
      guint n = report->failed[w] != NULL ? g_hash_table_size (report->failed[w]) : 0;

      if (n == 0)
        continue;
      switch ((ImportWhy) w)
        {
        case IMPORT_WHY_NO_BLOCK_SIZE:
          g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: %u kernel declares no block size: give --threads\n",
                                   "cuocc: %u kernels declare no block size: give --threads\n", n), n);
          break;
        case IMPORT_WHY_PTX:
          g_printerr (g_dngettext (GETTEXT_PACKAGE,
                                   "cuocc: %u entry is PTX, whose registers are known only after JIT\n",
                                   "cuocc: %u entries are PTX, whose registers are known only after JIT\n", n), n);
          break;
        case IMPORT_WHY_NO_ARCH:
          g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: %u kernel names no architecture: give --gpu or --cc\n",
                                   "cuocc: %u kernels name no architecture: give --gpu or --cc\n", n), n);
          break;
        case IMPORT_WHY_NO_ENTRY:
          g_printerr (g_dngettext (GETTEXT_PACKAGE,
                                   "cuocc: %u kernel has no entry that runs on compute capability %d.%d\n",
                                   "cuocc: %u kernels have no entry that runs on compute capability %d.%d\n", n),
                      n, cap->major, cap->minor);
          break;
        case IMPORT_WHY_MODEL:
        case IMPORT_WHY_NONE:
        case IMPORT_WHY_NOT_LOADED:
        case IMPORT_N_WHYS:
        default:
          g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: %u kernel could not be worked out; see its error column\n",
                                   "cuocc: %u kernels could not be worked out; see their error column\n", n), n);
          break;
        }
    }
}

static void
warn_about_list (const CuoccKernelList *list)
{
  if (list->truncated)
    g_printerr (_("cuocc: warning: only the first %u kernels were read\n"), list->n_kernels);
  if (list->n_skipped_lines > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: warning: %u line was too long to read and was skipped\n",
                             "cuocc: warning: %u lines were too long to read and were skipped\n",
                             list->n_skipped_lines), list->n_skipped_lines);
  for (guint i = 0; list->skipped != NULL && list->skipped[i] != NULL; i++)
    g_printerr (_("cuocc: warning: skipped %s\n"), list->skipped[i]);
  if (list->n_skipped_entries > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: warning: %u fat binary entry was not read\n",
                             "cuocc: warning: %u fat binary entries were not read\n",
                             list->n_skipped_entries), list->n_skipped_entries);
  if (list->n_helpers > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: %u device function (not a kernel) is not listed\n",
                             "cuocc: %u device functions (not kernels) are not listed\n",
                             list->n_helpers), list->n_helpers);
}

/* Whether some kernel declares its thread block cluster. */
static gboolean
some_kernel_declares_clusters (const CuoccKernelList *list)
{
  for (guint i = 0; i < list->n_kernels; i++)
    if (list->kernels[i].cluster_dims[0] > 0)
      return TRUE;
  return FALSE;
}

/* Whether some kernel declares the block size it runs with. */
static gboolean
some_kernel_declares_threads (const CuoccKernelList *list)
{
  for (guint i = 0; i < list->n_kernels; i++)
    if (list->kernels[i].block_size > 0 || list->kernels[i].max_threads > 0)
      return TRUE;
  return FALSE;
}

int
cuocc_import_command (int    argc,
                      char **argv)
{
  g_auto (ImportOptions) options = { 0 };
  g_autoptr (GOptionContext) context = create_context (&options);
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  g_autoptr (CliWriter) writer = NULL;
  g_autoptr (GPtrArray) text_rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr (GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (ImportCheck) check = NULL;
  Report report = { 0 };
  int plot_width = 0, plot_height = 0;
  int status;

  if ((status = cli_option_context_parse (context, &argc, &argv, &options.rest, HELP_HINT)) != CLI_EXIT_OK)
    return status;
  if (options.paths == NULL || options.paths[0] == NULL)
    return usage_error (_("--import needs a file, or - for standard input"));
  for (guint p = 1; options.paths[p] != NULL; p++)
    if (strcmp (options.paths[p], "-") == 0 || strcmp (options.paths[0], "-") == 0)
      return usage_error (_("--import -: standard input cannot be read beside other files"));

  if (!cli_parse_format (options.format_text, FALSE, &report.format))
    return usage_error (_("--format: “%s” is not a format; choose text, csv or json"), options.format_text);

  if (options.gpu_name != NULL && options.cc != NULL)
    return usage_error (_("--gpu and --cc choose the GPU; give only one of them"));
  if (options.gpu_name != NULL && !cuocc_gpu_find (options.gpu_name, &report.launch.gpu, &error))
    return usage_error ("%s", error->message);
  if (options.cc != NULL && !cuocc_gpu_for_cc (options.cc, &report.launch.gpu, &error))
    return usage_error ("%s", error->message);
  report.launch.have_gpu = options.gpu_name != NULL || options.cc != NULL;
  if (report.launch.have_gpu && cuocc_cc_note (options.cc != NULL ? options.cc : options.gpu_name) != NULL)
    g_printerr (_("cuocc: warning: %s\n"), cuocc_cc_note (options.cc != NULL ? options.cc : options.gpu_name));
  if (options.threads_text != NULL &&
      !cuocc_parse_int (options.threads_text, "--threads", 1, 1 << 20, &report.launch.threads, &error))
    return usage_error ("%s", error->message);
  report.launch.dynamic_smem = -1;
  if (options.dynamic_smem_text != NULL &&
      !cuocc_parse_size (options.dynamic_smem_text, &report.launch.dynamic_smem, &error))
    return usage_error ("--dynamic-smem: %s", error->message);
  if (options.strict && options.check_text == NULL)
    return usage_error (_("--strict goes with --check"));
  if (options.check_text != NULL && (check = import_check_parse (options.check_text, options.strict, &error)) == NULL)
    return usage_error ("%s", error->message);
  if (options.diff_path != NULL && options.check_text != NULL)
    return usage_error (_("--diff and --check do not go together: check the new build on its own"));
  if (options.plot_text == NULL && (options.plot_path != NULL || options.size_text != NULL))
    return usage_error (_("--output and --size go with --plot occupancy"));
  if (options.plot_text != NULL)
    {
      if (strcmp (options.plot_text, "occupancy") != 0)
        return usage_error (_("--plot: “%s” is no graph of an import; choose occupancy"), options.plot_text);
      if (!cli_plot_parse_output (options.plot_path, options.size_text, &plot_width, &plot_height, &error))
        return usage_error ("%s", error->message);
      if (options.gpu_name == NULL && options.cc == NULL)
        return usage_error (_("--plot occupancy draws the kernels that run on one GPU: choose it with --gpu or --cc"));
      if (options.diff_path != NULL)
        return usage_error (_("--plot and --diff do not go together: plot each build on its own"));
    }

  list = read_inputs (options.paths, &error);
  if (list == NULL)
    return cli_error_exit (error);
  warn_about_list (list);
  writer = cli_writer_new (stdout);

  if (options.diff_path != NULL)
    {
      char *new_paths[] = { options.diff_path, NULL };
      g_autoptr (CuoccKernelList) after = read_inputs (new_paths, &error);

      if (after == NULL)
        return cli_error_exit (error);
      warn_about_list (after);
      status = import_diff_report (&report.launch, list, after, report.format, writer);
      return cli_writer_finish (writer) ? status : CLI_EXIT_USAGE;
    }

  for (guint i = 0; i < list->n_kernels; i++)
    report.profiler |= list->kernels[i].format == CUOCC_IMPORT_FORMAT_NCU_CSV ||
                       list->kernels[i].format == CUOCC_IMPORT_FORMAT_NCU_RAW;
  import_launch_init (&report.launch, list);
  report.occupancy = report.launch.threads > 0 || report.profiler ||
                     ((report.launch.have_gpu || check != NULL) && some_kernel_declares_threads (list));
  report.clusters = report.occupancy && some_kernel_declares_clusters (list);
  /* A gate prints what fails, not the whole table, unless a format asks for rows. */
  report.rows = check == NULL || options.format_text != NULL;
  if ((report.launch.have_gpu || check != NULL) && !report.occupancy && report.rows)
    g_printerr (_("cuocc: note: no kernel declares its block size; give --threads for the occupancy columns\n"));
  report.writer = writer;
  report.text_rows = text_rows;
  report.check = check;
  report.failures = failures;
  if (options.plot_text != NULL)
    report.histogram = g_new0 (CuoccHistogram, 1);

  write_report (&report, list);
  if (report.histogram != NULL)
    {
      /* Translators: the histogram's title, e.g. "Kernels by occupancy on NVIDIA H100 SXM5 (1742)" */
      g_autofree char *title = g_strdup_printf (_("Kernels by occupancy on %s (%u)"), report.launch.gpu.name,
                                                report.histogram->n_kernels);
      CuoccPlotExportOptions plot_options = { .width = plot_width, .height = plot_height };
      gboolean drawn;

      report.histogram->title = title;
      drawn = cuocc_plot_export_histogram (report.histogram, &plot_options, options.plot_path, &error);
      g_clear_pointer (&report.histogram, g_free);
      if (!drawn)
        {
          import_launch_clear (&report.launch);
          cli_writer_finish (writer);
          return cli_error_exit (error);
        }
    }
  import_launch_clear (&report.launch);
  print_row_errors (&report);
  if (report.n_smem_notes > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "cuocc: note: %u kernel entry needs more than 48 KiB of shared memory a block: "
                             "the kernel must opt in with cudaFuncSetAttribute (--format lists it)\n",
                             "cuocc: note: %u kernel entries need more than 48 KiB of shared memory a block: "
                             "their kernels must opt in with cudaFuncSetAttribute (--format lists them)\n",
                             report.n_smem_notes), report.n_smem_notes);
  for (guint w = 0; w < IMPORT_N_WHYS; w++)
    g_clear_pointer (&report.failed[w], g_hash_table_unref);
  if (!cli_writer_finish (writer))
    return CLI_EXIT_USAGE;
  if (report.n_disagreements > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "cuocc: warning: %u kernel's theoretical occupancy differs from Nsight Compute's\n",
                             "cuocc: warning: %u kernels' theoretical occupancy differs from Nsight Compute's\n",
                             report.n_disagreements), report.n_disagreements);
  if (check != NULL && (status = print_check_failures (check, options.check_text, failures)) != CLI_EXIT_OK)
    return status;
  return report.n_errors > 0 ? CLI_EXIT_ROW_ERRORS : CLI_EXIT_OK;
}
