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

/* The import's columns and their names are the library's
 * (cuocc-import-table.h), which the app's export shares; the text table's
 * headings are the command line's. */
typedef CuoccImportColumn Column;

#define N_COLUMNS           CUOCC_N_IMPORT_COLUMNS
#define COL_KERNEL          CUOCC_IMPORT_COLUMN_KERNEL
#define COL_AGREES          CUOCC_IMPORT_COLUMN_AGREES
#define COL_LOADED          CUOCC_IMPORT_COLUMN_LOADED
#define FIRST_BINARY_COLUMN CUOCC_IMPORT_COLUMN_FILE

/* The text table's headings; NULL: not in the text table. */
static const char *const labels[N_COLUMNS] = {
  [CUOCC_IMPORT_COLUMN_KERNEL] = N_("KERNEL"),
  [CUOCC_IMPORT_COLUMN_ARCH] = N_("ARCH"),
  [CUOCC_IMPORT_COLUMN_REGS] = N_("REGS"),
  [CUOCC_IMPORT_COLUMN_SMEM] = N_("SMEM"),
  [CUOCC_IMPORT_COLUMN_BARRIERS] = N_("BAR"),
  [CUOCC_IMPORT_COLUMN_STACK] = N_("STACK"),
  [CUOCC_IMPORT_COLUMN_SPILL_STORES] = N_("SPILL_ST"),
  [CUOCC_IMPORT_COLUMN_SPILL_LOADS] = N_("SPILL_LD"),
  [CUOCC_IMPORT_COLUMN_THREADS] = N_("THREADS"),
  [CUOCC_IMPORT_COLUMN_ACTIVE_BLOCKS] = N_("BLOCKS"),
  [CUOCC_IMPORT_COLUMN_ACTIVE_WARPS] = N_("WARPS"),
  [CUOCC_IMPORT_COLUMN_OCCUPANCY] = N_("OCC%"),
  [CUOCC_IMPORT_COLUMN_LIMITERS] = N_("LIMITERS"),
  [CUOCC_IMPORT_COLUMN_ERROR] = N_("ERROR"),
  [CUOCC_IMPORT_COLUMN_DYNAMIC_SMEM] = N_("DYN_SMEM"),
  [CUOCC_IMPORT_COLUMN_PROFILER_OCCUPANCY] = N_("NCU%"),
  [CUOCC_IMPORT_COLUMN_AGREES] = N_("AGREE"),
  [CUOCC_IMPORT_COLUMN_FILE] = N_("FILE"),
  [CUOCC_IMPORT_COLUMN_MAX_THREADS] = N_("MAX_THR"),
  [CUOCC_IMPORT_COLUMN_MIN_BLOCKS] = N_("MIN_BLK"),
  [CUOCC_IMPORT_COLUMN_MAX_REGS] = N_("MAX_REG"),
  [CUOCC_IMPORT_COLUMN_CLUSTER_DIMS] = N_("CLUSTER"),
  [CUOCC_IMPORT_COLUMN_LAUNCH_DYNAMIC_SMEM] = N_("DYN_SMEM"),
  [CUOCC_IMPORT_COLUMN_LAUNCH_THREADS] = N_("THREADS"),
  [CUOCC_IMPORT_COLUMN_LOADED] = N_("LOADED"),
  [CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_PER_SM] = N_("CL_BLOCKS"),
  [CUOCC_IMPORT_COLUMN_CLUSTER_BLOCKS_LOST_PCT] = N_("CL_LOST%"),
  [CUOCC_IMPORT_COLUMN_FIGURES_FROM] = N_("FIGURES_FROM"),
};

typedef struct {
  char **paths;
  char *gpu_name;
  char *cc;
  GPtrArray *gpus;                 /* every --gpu and --cc in order: "gNAME", "cX.Y" */
  char *threads_text;
  char *dynamic_smem_text;
  char *format_text;
  char *check_text;
  char *diff_path;
  gboolean strict;
  char *plot_text;
  char *plot_path;
  char *size_text;
  char *ptxas_path;
  gboolean assemble_ptx;
  gboolean no_ptxas;
  char *ptxas_timeout_text;
  char **rest;
} ImportOptions;

typedef struct {
  CliFormat format;
  CuoccImportTable table;          /* which columns are shown */
  gboolean occupancy;              /* the occupancy columns are shown */
  gboolean rows;                   /* the rows are written (--check alone writes only its failures) */
  ImportLaunch launch;
  ImportCheck *check;              /* --check, or NULL */
  GPtrArray *failures;             /* what --check found */
  CliWriter *writer;
  guint64 n_rows;
  gsize text_widths[N_COLUMNS];    /* text: each column's widest cell */
  gboolean text_filled[N_COLUMNS]; /* text: a cell of the column is not "-" */
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
  g_clear_pointer (&o->gpus, g_ptr_array_unref);
  g_free (o->threads_text);
  g_free (o->dynamic_smem_text);
  g_free (o->format_text);
  g_free (o->check_text);
  g_free (o->diff_path);
  g_free (o->plot_text);
  g_free (o->plot_path);
  g_free (o->size_text);
  g_free (o->ptxas_path);
  g_free (o->ptxas_timeout_text);
  g_strfreev (o->rest);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ImportOptions, import_options_clear)

#define HELP_HINT _("Try “cuocc --import FILE --help” for more information.\n")
#define usage_error(...) cli_usage_error (HELP_HINT, __VA_ARGS__)

static gboolean
column_shown (const Report *report,
              Column        column)
{
  return cuocc_import_table_column_shown (&report->table, column);
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
  if (!report->rows)
    return;
  if (report->format == CLI_FORMAT_TEXT)
    {
      /* Only measured here: the rows are made again as they are written
       * (write_text_table), rather than held, names and all (on CUDA 11.8's
       * cuBLASLt, 61,055 rows held 110 MB). */
      for (guint c = 0; c < N_COLUMNS; c++)
        if (column_shown (report, c) && labels[c] != NULL)
          {
            g_autofree char *text = cell_to_text (c, &cells[c]);

            report->text_widths[c] = MAX (report->text_widths[c], (gsize) g_utf8_strlen (text, -1));
            report->text_filled[c] |= strcmp (text, "-") != 0;
          }
      return;
    }

  cuocc_import_table_append_row (&report->table, cli_table_format (report->format), cells, report->n_rows,
                                 report->writer->buf);
  cli_writer_commit (report->writer);
  report->n_rows++;
}

/* Nsight Compute's theoretical occupancy and cuocc's disagree: say so. */
static void
warn_disagreement (Report                 *report,
                   const CuoccKernel      *k,
                   const ImportEvaluation *ev)
{
  g_autofree char *theirs = cli_percent_text (k->theoretical_occupancy / 100.0);
  g_autofree char *mine = cli_percent_text (ev->result.occupancy);

  report->n_disagreements++;
  g_printerr (_("cuocc: warning: %s: Nsight Compute's theoretical occupancy is %s%%, cuocc's %s%%\n"),
              k->name, theirs, mine);
}

/* A kernel's evaluation and its row's cells (scratch: what they point to,
 * freed by the caller with the evaluation). */
static void
row_cells (Report            *report,
           const CuoccKernel *k,
           ImportEvaluation  *ev,
           char              *scratch[3],
           CuoccCell          cells[N_COLUMNS])
{
  cuocc_import_evaluate (&report->launch, k, ev);
  cuocc_import_table_cells (&report->table, k, ev, scratch, cells);
}

static void
add_kernel_row (Report            *report,
                const CuoccKernel *k)
{
  CuoccCell cells[N_COLUMNS];
  ImportEvaluation ev;
  char *scratch[3] = { NULL, NULL, NULL };
  g_autofree char *note = NULL;

  row_cells (report, k, &ev, scratch, cells);
  if (report->occupancy)
    {
      if (cells[COL_AGREES].kind == CUOCC_CELL_BOOL && !cells[COL_AGREES].value)
        warn_disagreement (report, k, &ev);
      if (!ev.ok && ev.failed && (report->check == NULL || !IMPORT_WHY_IS_UNKNOWN (ev.reason)))
        {
          /* With --check, a figure the kernel lacks is the check's to count. */
          report->n_errors++;
          if (report->failed[ev.reason] == NULL)
            report->failed[ev.reason] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          _cli_import_kernel_set_add (report->failed[ev.reason], k);
        }
    }
  /* Without the rows (--check alone), one line counts them instead. */
  if ((note = _cli_import_smem_note (k, &ev)) != NULL && report->rows)
    g_printerr ("cuocc: note: %s\n", note);
  else if (note != NULL)
    report->n_smem_notes++;
  if (report->check != NULL && cuocc_import_entry_runs (&report->launch, k))
    _cli_import_check_entry (report->check, k, &ev, report->failures);
  if (report->histogram != NULL && ev.ok && cuocc_import_entry_runs (&report->launch, k))
    cuocc_histogram_add (report->histogram, ev.result.occupancy);
  emit_row (report, cells);
  for (guint i = 0; i < G_N_ELEMENTS (scratch); i++)
    g_free (scratch[i]);
  cuocc_import_evaluation_clear (&ev);
}

/* ----- output ----- */

static void
write_text_line (Report           *report,
                 GString          *line,
                 const guint      *order,
                 guint             n_order,
                 const CuoccCell  *cells)
{
  g_string_truncate (line, 0);
  for (guint i = 0; i < n_order; i++)
    {
      guint c = order[i];
      g_autofree char *text = cells != NULL ? cell_to_text (c, &cells[c]) : g_strdup (_(labels[c]));

      g_string_append (line, text);
      if (i + 1 < n_order)
        {
          gsize pad = report->text_widths[c] - (gsize) g_utf8_strlen (text, -1);

          for (gsize p = 0; p < pad + 2; p++)
            g_string_append_c (line, ' ');
        }
    }
  g_string_append_c (line, '\n');
  cli_writer_write (report->writer, line->str, line->len);
}

/* The rows emit_row () measured, made again. */
static void
write_text_table (Report                *report,
                  const CuoccKernelList *list)
{
  guint order[N_COLUMNS];
  guint n_order = 0;
  g_autoptr (GString) line = g_string_new (NULL);

  /* The name goes last: it is long and needs no alignment. */
  for (guint c = 0; c < N_COLUMNS; c++)
    if (c != COL_KERNEL && labels[c] != NULL && column_shown (report, c) &&
        (c < FIRST_BINARY_COLUMN || report->text_filled[c]))
      order[n_order++] = c;
  order[n_order++] = COL_KERNEL;

  for (guint i = 0; i < n_order; i++)
    report->text_widths[order[i]] = MAX (report->text_widths[order[i]],
                                         (gsize) g_utf8_strlen (_(labels[order[i]]), -1));
  write_text_line (report, line, order, n_order, NULL);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      CuoccCell cells[N_COLUMNS];
      ImportEvaluation ev;
      char *scratch[3] = { NULL, NULL, NULL };

      row_cells (report, &list->kernels[i], &ev, scratch, cells);
      write_text_line (report, line, order, n_order, cells);
      for (guint j = 0; j < G_N_ELEMENTS (scratch); j++)
        g_free (scratch[j]);
      cuocc_import_evaluation_clear (&ev);
    }
}

static void
write_report (Report                *report,
              const CuoccKernelList *list)
{
  if (!report->rows)
    ;
  else if (report->format != CLI_FORMAT_TEXT)
    {
      cuocc_import_table_append_header (&report->table, cli_table_format (report->format), report->writer->buf);
      cli_writer_commit (report->writer);
    }

  for (guint i = 0; i < list->n_kernels; i++)
    add_kernel_row (report, &list->kernels[i]);

  if (!report->rows)
    ;
  else if (report->format == CLI_FORMAT_TEXT)
    write_text_table (report, list);
  else
    {
      cuocc_import_table_append_end (&report->table, cli_table_format (report->format), report->n_rows,
                                     report->writer->buf);
      cli_writer_commit (report->writer);
    }
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
  g_autoptr (GArray) kernels = NULL;
  CuoccKernelList *all;

  /* One file's list is the list: appending it to another array would hold
   * both arrays of kernels at once (17 MB each for cuBLASLt's 61,055). */
  if (paths[0] != NULL && paths[1] == NULL)
    {
      CuoccKernelList *list = read_input (paths[0], error);

      for (guint i = 0; list != NULL && i < list->n_kernels; i++)
        if (list->kernels[i].file == NULL && strcmp (paths[0], "-") != 0)
          list->kernels[i].file = g_ref_string_new_intern (paths[0]);
      return list;
    }
  kernels = g_array_new (FALSE, FALSE, sizeof (CuoccKernel));
  all = g_new0 (CuoccKernelList, 1);
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
          list->kernels[i].file = g_ref_string_new_intern (paths[p]);
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

/* --gpu and --cc may each be given several times: kept in their order. */
static gboolean
add_gpu_option (const char  *option_name,
                const char  *value,
                gpointer     data,
                GError     **error)
{
  ImportOptions *o = data;
  gboolean is_cc = strcmp (option_name, "--cc") == 0 || strcmp (option_name, "-c") == 0;

  if (o->gpus == NULL)
    o->gpus = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (o->gpus, g_strconcat (is_cc ? "c" : "g", value, NULL));
  return TRUE;
}

static GOptionContext *
create_context (ImportOptions *o)
{
  const GOptionEntry entries[] = {
    { "import", 'i', 0, G_OPTION_ARG_FILENAME_ARRAY, &o->paths,
      N_("Read kernels from a binary (cubin, fat binary, executable, library, object, archive), a Triton cache, "
         "ptxas -v, cuobjdump --dump-resource-usage or ncu --csv output (- for standard input); repeat for more files"),
      N_("FILE") },
    { "gpu", 'g', 0, G_OPTION_ARG_CALLBACK, (gpointer) add_gpu_option, N_("Work out occupancy for this GPU, with the entry of each kernel that loads there; give it (or --cc) several times to compare GPUs"), N_("NAME") },
    { "cc", 'c', 0, G_OPTION_ARG_CALLBACK, (gpointer) add_gpu_option, N_("Work out occupancy for this compute capability"), N_("X.Y") },
    { "threads", 't', 0, G_OPTION_ARG_STRING, &o->threads_text, N_("Threads per block (default: what each kernel declares)"), N_("N") },
    { "dynamic-smem", 0, 0, G_OPTION_ARG_STRING, &o->dynamic_smem_text, N_("Dynamic shared memory per block, added to each kernel's static shared memory"), N_("SIZE") },
    { "check", 0, 0, G_OPTION_ARG_STRING, &o->check_text, N_("Exit with status 3 unless every kernel that runs meets EXPR, e.g. occupancy>=50,regs<=128,spills==0"), N_("EXPR") },
    { "strict", 0, 0, G_OPTION_ARG_NONE, &o->strict, N_("With --check: a kernel that lacks a term's figure (spills in a binary, occupancy without a block size) fails"), NULL },
    { "diff", 0, 0, G_OPTION_ARG_FILENAME, &o->diff_path, N_("Compare with a newer build: what changed, per kernel and architecture"), N_("NEW") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o->format_text, N_("Output format (default text)"), N_("text|csv|json") },
    { "plot", 'p', 0, G_OPTION_ARG_STRING, &o->plot_text, N_("Also draw how the kernels that run on the GPU spread over occupancy"), N_("occupancy") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->plot_path, N_("The graph's file: .png, .svg, .pdf or .csv"), N_("FILE") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o->size_text, N_("The graph's size in pixels (default 800x500)"), N_("WxH") },
    { "ptxas", 0, 0, G_OPTION_ARG_FILENAME, &o->ptxas_path, N_("Assemble the PTX that loads on the GPU with this ptxas, for its figures"), N_("PATH") },
    { "assemble-ptx", 0, 0, G_OPTION_ARG_NONE, &o->assemble_ptx, N_("Assemble the PTX that loads on the GPU with the ptxas found ($CUDA_PATH, $CUDA_HOME, $PATH, /usr/local/cuda/bin)"), NULL },
    { "no-ptxas", 0, 0, G_OPTION_ARG_NONE, &o->no_ptxas, N_("Never run ptxas, nor read its cache: PTX keeps no figures"), NULL },
    { "ptxas-timeout", 0, 0, G_OPTION_ARG_STRING, &o->ptxas_timeout_text, N_("Stop a ptxas run after this many seconds (default 300)"), N_("SECONDS") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->rest, NULL, NULL },
    { NULL }
  };

  GOptionContext *context = g_option_context_new (NULL);
  GOptionGroup *group = g_option_group_new (NULL, NULL, NULL, o, NULL);

  /* As cli_option_context_new (), with the options as the main group's
   * data, which the callbacks of --gpu and --cc need. */
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, entries);
  g_option_context_set_main_group (context, group);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Lists the kernels of a binary, a Triton cache, a build log or a profile, one row per\n"
      "kernel and architecture, with their registers, shared memory, barriers, stack and spills.\n"
      "\n"
      "  cuocc --import FILE|- [--import FILE...] [--gpu NAME | --cc X.Y] [--threads N]\n"
      "        [--dynamic-smem SIZE] [--check EXPR [--strict]] [--format text|csv|json]\n"
      "        [--ptxas PATH | --assemble-ptx | --no-ptxas] [--ptxas-timeout SECONDS]\n"
      "  cuocc --import OLD --diff NEW [--gpu NAME | --cc X.Y] [--threads N] [--format text|csv|json]\n"
      "  cuocc --import FILE --gpu NAME|--cc X.Y --gpu NAME|--cc X.Y [...] [--threads N] [--format text|csv|json]"));
  g_option_context_set_description (context,
    _("With --gpu or --cc, each kernel's entry that the CUDA driver loads on that GPU is marked\n"
      "(loaded_on_gpu) and only it is worked out; the others say why in the error column.\n"
      "With a GPU, --threads, or for an Nsight Compute export, each row gets the occupancy\n"
      "columns of a single cuocc answer, for the kernel's own architecture unless --gpu or\n"
      "--cc names a GPU; the block size is --threads, else the one the kernel declares.\n"
      "An Nsight Compute export also shows the profiler's theoretical occupancy and whether\n"
      "cuocc agrees with it.\n"
      "\n"
      "With several --gpu or --cc, each kernel is worked out on each GPU: CSV and JSON have a row\n"
      "per kernel and GPU (kernels in the input's order, GPUs in the order given); the text\n"
      "table has a group of columns a GPU (the entry that runs there, the occupancy, the\n"
      "limiter or why the kernel cannot launch) and lists the kernels by the largest\n"
      "difference of occupancy across the GPUs.\n"
      "\n"
      "A kernel that declares its thread block cluster gets the cluster columns, as --cluster-size\n"
      "gives them.\n"
      "\n"
      "Where the entry that loads is PTX (a GPU newer than the build, or a .ptx file), the\n"
      "figures are what the CUDA toolkit's ptxas gives for the GPU: from cuocc's cache when\n"
      "it holds them, else only with --ptxas PATH or --assemble-ptx, which run ptxas on each\n"
      "module once, on all processors, and cache what it prints. figures_from says where each\n"
      "row's figures come from; the driver's JIT compiler may give other figures than the\n"
      "installed ptxas.\n"
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
  return context;
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
                      gboolean           gpu_chosen,
                      GPtrArray         *failures)
{
  guint n_kernels = _cli_import_check_n_kernels (check);

  _cli_import_check_print_unknown (check);
  if (failures->len == 0 && n_kernels == 0)
    {
      /* Nothing was weighed: said as such, not as a pass. The recipe's
       * figures may all be missing from an input (a binary's spills, a block
       * size nobody declares) and the gate still passes without --strict,
       * which fails each such kernel. */
      if (_cli_import_check_n_seen (check) == 0 && gpu_chosen)
        g_printerr (_("cuocc: warning: no kernel was checked against %s: none of the input's "
                      "kernels runs on the chosen GPU\n"), expr);
      else if (_cli_import_check_n_seen (check) == 0)
        g_printerr (_("cuocc: warning: no kernel was checked against %s: no entry holds machine "
                      "code (PTX alone runs only once compiled for a GPU): choose one with --gpu or --cc\n"), expr);
      else
        g_printerr (_("cuocc: warning: no kernel was checked against %s: every kernel lacks "
                      "the figures it names (see the notes above)\n"), expr);
      return CLI_EXIT_OK;
    }
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
              _cli_import_check_n_failed_kernels (check), n_kernels, expr);
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
                                   "cuocc: %u entry is PTX without figures (known only after JIT, or once ptxas "
                                   "assembles it); see its error column\n",
                                   "cuocc: %u entries are PTX without figures (known only after JIT, or once ptxas "
                                   "assembles them); see their error column\n", n), n);
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
        case IMPORT_WHY_LAUNCH_BOUNDS:
          g_printerr (g_dngettext (GETTEXT_PACKAGE,
                                   "cuocc: %u kernel's launch bounds are below --threads %d: its launch fails; "
                                   "see its error column\n",
                                   "cuocc: %u kernels' launch bounds are below --threads %d: their launch fails; "
                                   "see their error column\n", n), n, report->launch.threads);
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

int
cuocc_import_command (int    argc,
                      char **argv)
{
  g_auto (ImportOptions) options = { 0 };
  g_autoptr (GOptionContext) context = create_context (&options);
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  g_autoptr (CliWriter) writer = NULL;
  g_autoptr (GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (ImportCheck) check = NULL;
  Report report = { 0 };
  ImportPtxOptions ptx_options = { 0 };
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

  if (options.gpus != NULL && options.gpus->len == 1)
    {
      const char *spec = g_ptr_array_index (options.gpus, 0);

      if (spec[0] == 'c')
        options.cc = g_strdup (spec + 1);
      else
        options.gpu_name = g_strdup (spec + 1);
    }
  if (options.gpus != NULL && options.gpus->len > IMPORT_MAX_GPUS)
    return usage_error (_("--gpu and --cc: %u GPUs asked for; at most %d are compared at once"),
                        options.gpus->len, IMPORT_MAX_GPUS);
  if (options.gpus != NULL && options.gpus->len > 1)
    {
      if (options.diff_path != NULL)
        return usage_error (_("--diff compares two builds on one GPU: give one --gpu or --cc"));
      if (options.check_text != NULL)
        return usage_error (_("--check gates a build on one GPU: give one --gpu or --cc"));
      if (options.plot_text != NULL)
        return usage_error (_("--plot occupancy draws the kernels of one GPU: give one --gpu or --cc"));
    }
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
  if (options.check_text != NULL && (check = _cli_import_check_parse (options.check_text, options.strict, &error)) == NULL)
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

  if (options.no_ptxas && (options.ptxas_path != NULL || options.assemble_ptx))
    return usage_error (_("--no-ptxas and --ptxas or --assemble-ptx do not go together"));
  if ((options.ptxas_path != NULL || options.assemble_ptx) && !report.launch.have_gpu &&
      (options.gpus == NULL || options.gpus->len < 2))
    return usage_error (_("--ptxas and --assemble-ptx assemble the PTX that loads on one GPU: choose it with --gpu or --cc"));
  ptx_options.path = options.ptxas_path;
  ptx_options.assemble = options.assemble_ptx;
  ptx_options.never = options.no_ptxas;
  if (options.ptxas_timeout_text != NULL)
    {
      int seconds;

      if (!cuocc_parse_int (options.ptxas_timeout_text, "--ptxas-timeout", 1, 86400, &seconds, &error))
        return usage_error ("%s", error->message);
      ptx_options.timeout_s = (guint) seconds;
    }
  if (options.gpus != NULL && options.gpus->len > 1)
    {
      g_autofree CuoccGpu *gpus = g_new0 (CuoccGpu, options.gpus->len);

      for (guint g = 0; g < options.gpus->len; g++)
        {
          const char *spec = g_ptr_array_index (options.gpus, g);
          gboolean found = spec[0] == 'c' ? cuocc_gpu_for_cc (spec + 1, &gpus[g], &error)
                                          : cuocc_gpu_find (spec + 1, &gpus[g], &error);

          if (!found)
            return usage_error ("%s", error->message);
          if (cuocc_cc_note (spec + 1) != NULL)
            g_printerr (_("cuocc: warning: %s\n"), cuocc_cc_note (spec + 1));
        }
      list = read_inputs (options.paths, &error);
      if (list == NULL)
        return cli_error_exit (error);
      warn_about_list (list);
      writer = cli_writer_new (stdout);
      status = _cli_import_multi_report (list, gpus, options.gpus->len, report.launch.threads,
                                         report.launch.dynamic_smem, &ptx_options, report.format, writer);
      return cli_writer_finish (writer) ? status : CLI_EXIT_USAGE;
    }

  list = read_inputs (options.paths, &error);
  if (list == NULL)
    return cli_error_exit (error);
  warn_about_list (list);
  if ((status = _cli_import_assemble_ptx (&ptx_options, &report.launch, list)) != CLI_EXIT_OK)
    return status;
  writer = cli_writer_new (stdout);

  if (options.diff_path != NULL)
    {
      char *new_paths[] = { options.diff_path, NULL };
      g_autoptr (CuoccKernelList) after = read_inputs (new_paths, &error);

      if (after == NULL)
        return cli_error_exit (error);
      warn_about_list (after);
      if ((status = _cli_import_assemble_ptx (&ptx_options, &report.launch, after)) != CLI_EXIT_OK)
        return status;
      status = _cli_import_diff_report (&report.launch, list, after, report.format, writer);
      return cli_writer_finish (writer) ? status : CLI_EXIT_USAGE;
    }

  cuocc_import_launch_init (&report.launch, list);
  cuocc_import_table_init (&report.table, &report.launch, list, check != NULL);
  report.occupancy = report.table.occupancy;
  /* A gate prints what fails, not the whole table, unless a format asks for rows. */
  report.rows = check == NULL || options.format_text != NULL;
  if ((report.launch.have_gpu || check != NULL) && !report.occupancy && report.rows)
    g_printerr (_("cuocc: note: no kernel declares its block size; give --threads for the occupancy columns\n"));
  report.writer = writer;
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
          cuocc_import_launch_clear (&report.launch);
          cli_writer_finish (writer);
          return cli_error_exit (error);
        }
    }
  cuocc_import_launch_clear (&report.launch);
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
  if (check != NULL && (status = print_check_failures (check, options.check_text, report.launch.have_gpu, failures)) != CLI_EXIT_OK)
    return status;
  return report.n_errors > 0 ? CLI_EXIT_ROW_ERRORS : CLI_EXIT_OK;
}
