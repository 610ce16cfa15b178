/* cuocc-import-cmd.c — cuocc --import: kernels read from compiler and profiler output.
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
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include <cuocc.h>

#include "cuocc-cli.h"
#include "cuocc-cli-writer.h"
#include "cuocc-import-cmd.h"

/* Percentage points within which cuocc and the profiler agree: the
 * profiler prints two decimals. */
#define AGREEMENT_TOLERANCE 0.01

typedef enum {
  OUT_TEXT,
  OUT_CSV,
  OUT_JSON,
} OutFormat;

typedef enum {
  CELL_NULL,
  CELL_STRING,
  CELL_INT,
  CELL_LIMIT,                      /* CUOCC_UNLIMITED is "unlimited" */
  CELL_PERCENT,                    /* a fraction, written as percent */
  CELL_BOOL,
} CellKind;

typedef struct {
  CellKind kind;
  const char *s;
  gint64 i;
  double f;
} Cell;

typedef enum {
  COL_KERNEL, COL_MANGLED, COL_ARCH, COL_REGS, COL_SMEM, COL_BARRIERS, COL_STACK,
  COL_SPILL_STORES, COL_SPILL_LOADS,
  /* the occupancy columns */
  COL_CC, COL_GPU, COL_THREADS, COL_SMEM_CONFIG, COL_CACHING, COL_ACTIVE_BLOCKS, COL_ACTIVE_WARPS,
  COL_ACTIVE_THREADS, COL_OCCUPANCY, COL_BY_WARPS, COL_BY_REGS, COL_BY_SMEM, COL_BY_BLOCKS,
  COL_BY_BARRIERS, COL_LIMITERS, COL_REGS_PER_BLOCK, COL_SMEM_PER_BLOCK, COL_BEST, COL_ERROR,
  /* the profiler's columns */
  COL_DYNAMIC_SMEM, COL_PROFILED_THREADS, COL_PROFILER_OCCUPANCY, COL_ACHIEVED, COL_AGREES,
  N_COLUMNS,
} Column;

#define FIRST_OCCUPANCY_COLUMN COL_CC
#define FIRST_PROFILER_COLUMN  COL_DYNAMIC_SMEM

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
};

typedef struct {
  char *path;
  char *gpu_name;
  char *cc;
  char *threads_text;
  char *format_text;
  char **rest;
} ImportOptions;

typedef struct {
  OutFormat format;
  gboolean occupancy;              /* the occupancy columns are shown */
  gboolean profiler;               /* the profiler's columns are shown */
  gboolean have_gpu;               /* --gpu or --cc named one GPU for every kernel */
  CuoccGpu gpu;
  int threads;                     /* --threads, or 0 */
  CliWriter *writer;
  guint64 n_rows;
  GPtrArray *text_rows;            /* text: each row's cells, as strings */
  guint n_errors;
  guint n_disagreements;
} Report;

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static void
import_options_clear (ImportOptions *o)
{
  g_free (o->path);
  g_free (o->gpu_name);
  g_free (o->cc);
  g_free (o->threads_text);
  g_free (o->format_text);
  g_strfreev (o->rest);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ImportOptions, import_options_clear)

G_GNUC_PRINTF (1, 2)
static int
usage_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("cuocc: %s\n", message);
  g_printerr (_("Try “cuocc --import FILE --help” for more information.\n"));
  return CLI_EXIT_USAGE;
}

static gboolean
column_shown (const Report *report,
              Column        column)
{
  if (column >= FIRST_PROFILER_COLUMN)
    return report->profiler;
  if (column >= FIRST_OCCUPANCY_COLUMN)
    return report->occupancy;
  return TRUE;
}

static Cell
cell_int (gint64 value)
{
  return (Cell) { .kind = value < 0 ? CELL_NULL : CELL_INT, .i = value };
}

static Cell
cell_string (const char *text)
{
  return (Cell) { .kind = text != NULL ? CELL_STRING : CELL_NULL, .s = text };
}

static Cell
cell_limit (int value)
{
  return (Cell) { .kind = CELL_LIMIT, .i = value };
}

static Cell
cell_percent (double fraction)
{
  return (Cell) { .kind = fraction < 0 ? CELL_NULL : CELL_PERCENT, .f = fraction };
}

static char *
format_percent (double fraction)
{
  char *text = g_strdup_printf ("%.2f", fraction * 100.0);
  char *end = text + strlen (text) - 1;

  while (*end == '0')
    *end-- = '\0';
  if (*end == '.')
    *end = '\0';
  return text;
}

static char *
cell_to_text (const Cell *cell)
{
  switch (cell->kind)
    {
    case CELL_STRING:
      return g_strdup (cell->s);
    case CELL_INT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, cell->i);
    case CELL_LIMIT:
      return cell->i == CUOCC_UNLIMITED ? g_strdup ("unlimited") : g_strdup_printf ("%" G_GINT64_FORMAT, cell->i);
    case CELL_PERCENT:
      return format_percent (cell->f);
    case CELL_BOOL:
      return g_strdup (cell->i ? _("yes") : _("NO"));
    case CELL_NULL:
    default:
      return g_strdup ("-");
    }
}

static void
put_cell (Report     *report,
          const Cell *cell)
{
  CliWriter *w = report->writer;
  gboolean json = report->format == OUT_JSON;

  switch (cell->kind)
    {
    case CELL_STRING:
      if (json)
        cli_writer_put_json (w, cell->s);
      else
        cli_writer_put_csv (w, cell->s);
      break;
    case CELL_INT:
      cli_writer_put_int (w, cell->i);
      break;
    case CELL_LIMIT:
      if (cell->i != CUOCC_UNLIMITED)
        cli_writer_put_int (w, cell->i);
      else
        cli_writer_puts (w, json ? "null" : "unlimited");
      break;
    case CELL_PERCENT:
      cli_writer_put_percent (w, cell->f);
      break;
    case CELL_BOOL:
      cli_writer_puts (w, cell->i ? "true" : "false");
      break;
    case CELL_NULL:
    default:
      if (json)
        cli_writer_puts (w, "null");
    }
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

static void
emit_row (Report     *report,
          const Cell  cells[N_COLUMNS])
{
  gboolean first = TRUE;

  if (report->format == OUT_TEXT)
    {
      GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

      for (guint c = 0; c < N_COLUMNS; c++)
        g_ptr_array_add (row, column_shown (report, c) && columns[c].label != NULL ? cell_to_text (&cells[c]) : NULL);
      g_ptr_array_add (report->text_rows, row);
      return;
    }

  if (report->format == OUT_JSON)
    cli_writer_puts (report->writer, report->n_rows > 0 ? ",\n  {" : "\n  {");
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      if (!column_shown (report, c))
        continue;
      if (report->format == OUT_JSON)
        {
          cli_writer_puts (report->writer, first ? "\"" : ", \"");
          cli_writer_puts (report->writer, columns[c].name);
          cli_writer_puts (report->writer, "\": ");
        }
      else if (!first)
        cli_writer_putc (report->writer, ',');
      put_cell (report, &cells[c]);
      first = FALSE;
    }
  cli_writer_puts (report->writer, report->format == OUT_JSON ? "}" : "\n");
  report->n_rows++;
}

/* Works out the occupancy columns; returns an error message or NULL. */
static char *
fill_occupancy (Report            *report,
                const CuoccKernel *k,
                Cell               cells[N_COLUMNS],
                CuoccGpu          *gpu,
                char               cc[16],
                char             **limiters)
{
  g_autoptr (GError) error = NULL;
  CuoccInput input;
  CuoccResult result;
  int threads = report->threads > 0 ? report->threads : k->block_size;

  if (threads <= 0)
    return g_strdup (_("no block size: give one with --threads"));
  if (report->have_gpu)
    *gpu = report->gpu;
  else if (k->cc_major <= 0)
    return g_strdup (_("the input names no architecture: choose the GPU with --gpu or --cc"));
  else if (!cuocc_gpu_for_cc_numbers (k->cc_major, k->cc_minor, gpu, &error))
    return g_strdup (error->message);

  cuocc_input_init (&input);
  input.threads = threads;
  input.regs = k->regs;
  input.smem = MAX (k->smem, 0) + MAX (k->dynamic_smem, 0);
  if (k->barriers >= 0)
    input.barriers = k->barriers;
  if (!cuocc_calculate (gpu, &input, &result, &error))
    return g_strdup (error->message);

  g_snprintf (cc, 16, "%d.%d", gpu->cap.major, gpu->cap.minor);
  *limiters = cuocc_limiters_to_string (result.limiters);
  cells[COL_CC] = cell_string (cc);
  cells[COL_GPU] = cell_string (gpu->name);
  cells[COL_THREADS] = cell_int (input.threads);
  cells[COL_SMEM_CONFIG] = cell_int (result.smem_config);
  cells[COL_CACHING] = cell_string (cuocc_caching_name (result.caching));
  cells[COL_ACTIVE_BLOCKS] = cell_int (result.active_blocks);
  cells[COL_ACTIVE_WARPS] = cell_int (result.active_warps);
  cells[COL_ACTIVE_THREADS] = cell_int (result.active_threads);
  cells[COL_OCCUPANCY] = cell_percent (result.occupancy);
  cells[COL_BY_WARPS] = cell_limit (result.blocks_by_warps);
  cells[COL_BY_REGS] = cell_limit (result.blocks_by_regs);
  cells[COL_BY_SMEM] = cell_limit (result.blocks_by_smem);
  cells[COL_BY_BLOCKS] = cell_limit (result.blocks_by_blocks);
  cells[COL_BY_BARRIERS] = cell_limit (result.blocks_by_barriers);
  cells[COL_LIMITERS] = cell_string (*limiters);
  cells[COL_REGS_PER_BLOCK] = cell_int (result.regs_per_block);
  cells[COL_SMEM_PER_BLOCK] = cell_int (result.smem_per_block);
  cells[COL_BEST] = cell_int (cuocc_best_block_size (gpu, &input, NULL));

  /* The profiler answered for the launch it saw: compare only that. */
  if (k->theoretical_occupancy >= 0 && threads == k->block_size)
    {
      double ours = result.occupancy * 100.0;
      gboolean agrees = fabs (round (ours * 100.0) / 100.0 - k->theoretical_occupancy) <= AGREEMENT_TOLERANCE + 1e-9;

      cells[COL_AGREES] = (Cell) { .kind = CELL_BOOL, .i = agrees };
      if (!agrees)
        {
          g_autofree char *theirs = format_percent (k->theoretical_occupancy / 100.0);
          g_autofree char *mine = format_percent (result.occupancy);

          report->n_disagreements++;
          g_printerr (_("cuocc: warning: %s: Nsight Compute's theoretical occupancy is %s%%, cuocc's %s%%\n"),
                      k->name, theirs, mine);
        }
    }
  return NULL;
}

static void
add_kernel_row (Report            *report,
                const CuoccKernel *k)
{
  Cell cells[N_COLUMNS] = { { 0 } };
  g_autofree char *message = NULL;
  g_autofree char *limiters = NULL;
  CuoccGpu gpu;
  char cc[16];

  cells[COL_KERNEL] = cell_string (k->name);
  cells[COL_MANGLED] = cell_string (k->mangled[0] != '\0' ? k->mangled : NULL);
  cells[COL_ARCH] = cell_string (k->arch);
  cells[COL_REGS] = cell_int (k->regs);
  cells[COL_SMEM] = cell_int (k->smem);
  cells[COL_BARRIERS] = cell_int (k->barriers);
  cells[COL_STACK] = cell_int (k->stack);
  cells[COL_SPILL_STORES] = cell_int (k->spill_stores);
  cells[COL_SPILL_LOADS] = cell_int (k->spill_loads);
  cells[COL_DYNAMIC_SMEM] = cell_int (k->dynamic_smem);
  cells[COL_PROFILED_THREADS] = cell_int (k->block_size);
  cells[COL_PROFILER_OCCUPANCY] = cell_percent (k->theoretical_occupancy / 100.0);
  cells[COL_ACHIEVED] = cell_percent (k->achieved_occupancy / 100.0);

  if (report->occupancy)
    {
      message = fill_occupancy (report, k, cells, &gpu, cc, &limiters);
      if (message != NULL)
        {
          report->n_errors++;
          cells[COL_ERROR] = cell_string (message);
        }
    }
  emit_row (report, cells);
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

static void
write_text_table (Report *report)
{
  guint order[N_COLUMNS];
  guint n_order = 0;
  gsize widths[N_COLUMNS] = { 0 };
  g_autoptr (GString) line = g_string_new (NULL);

  /* The name goes last: it is long and needs no alignment. */
  for (guint c = 0; c < N_COLUMNS; c++)
    if (c != COL_KERNEL && columns[c].label != NULL && column_shown (report, c))
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
  if (report->format == OUT_CSV)
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
  else if (report->format == OUT_JSON)
    cli_writer_putc (report->writer, '[');

  for (guint i = 0; i < list->n_kernels; i++)
    add_kernel_row (report, &list->kernels[i]);

  if (report->format == OUT_JSON)
    cli_writer_puts (report->writer, report->n_rows > 0 ? "\n]\n" : "]\n");
  else if (report->format == OUT_TEXT)
    write_text_table (report);
}

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

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

static GOptionContext *
create_context (ImportOptions *o)
{
  const GOptionEntry entries[] = {
    { "import", 'i', 0, G_OPTION_ARG_FILENAME, &o->path,
      N_("Read kernels from ptxas -v, cuobjdump --dump-resource-usage or ncu --csv output (- for standard input)"),
      N_("FILE") },
    { "gpu", 'g', 0, G_OPTION_ARG_STRING, &o->gpu_name, N_("Work out occupancy for this GPU, not each kernel's architecture"), N_("NAME") },
    { "cc", 'c', 0, G_OPTION_ARG_STRING, &o->cc, N_("Work out occupancy for this compute capability"), N_("X.Y") },
    { "threads", 't', 0, G_OPTION_ARG_STRING, &o->threads_text, N_("Threads per block: adds the occupancy columns"), N_("N") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o->format_text, N_("Output format (default text)"), N_("text|csv|json") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->rest, NULL, NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (NULL);

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Lists the kernels of a build log or a profile, one row per kernel and architecture,\n"
      "with their registers, shared memory, barriers, stack and spills.\n"
      "\n"
      "  cuocc --import FILE|- [--gpu NAME | --cc X.Y] [--threads N] [--format text|csv|json]"));
  g_option_context_set_description (context,
    _("With --threads, or for an Nsight Compute export, each row also gets the occupancy\n"
      "columns of a single cuocc answer, for the kernel's own architecture unless --gpu or\n"
      "--cc names a GPU. An Nsight Compute export also shows the profiler's theoretical\n"
      "occupancy and whether cuocc agrees with it.\n"
      "\n"
      "Exit status: 0 on success; 1 when some kernel's occupancy could not be worked out;\n"
      "2 on a usage error or an input without kernel resource usage.\n"
      "\n"
      "Example: nvcc -c --resource-usage kernel.cu 2>&1 | cuocc --import - --threads 256"));
  return context;
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

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
  Report report = { 0 };

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error ("%s", error->message);
  if (options.rest != NULL && options.rest[0] != NULL)
    return usage_error (_("Unexpected argument “%s”; every value follows its option"), options.rest[0]);
  if (options.path == NULL)
    return usage_error (_("--import needs a file, or - for standard input"));

  if (options.format_text == NULL || strcmp (options.format_text, "text") == 0)
    report.format = OUT_TEXT;
  else if (strcmp (options.format_text, "csv") == 0)
    report.format = OUT_CSV;
  else if (strcmp (options.format_text, "json") == 0)
    report.format = OUT_JSON;
  else
    return usage_error (_("--format: “%s” is not a format; choose text, csv or json"), options.format_text);

  if (options.gpu_name != NULL && options.cc != NULL)
    return usage_error (_("--gpu and --cc choose the GPU; give only one of them"));
  if (options.gpu_name != NULL && !cuocc_gpu_find (options.gpu_name, &report.gpu, &error))
    return usage_error ("%s", error->message);
  if (options.cc != NULL && !cuocc_gpu_for_cc (options.cc, &report.gpu, &error))
    return usage_error ("%s", error->message);
  report.have_gpu = options.gpu_name != NULL || options.cc != NULL;
  if (report.have_gpu && cuocc_cc_note (options.cc != NULL ? options.cc : options.gpu_name) != NULL)
    g_printerr (_("cuocc: warning: %s\n"), cuocc_cc_note (options.cc != NULL ? options.cc : options.gpu_name));
  if (options.threads_text != NULL &&
      !cuocc_parse_int (options.threads_text, "--threads", 1, 1 << 20, &report.threads, &error))
    return usage_error ("%s", error->message);

  list = read_input (options.path, &error);
  if (list == NULL)
    {
      g_printerr ("cuocc: %s\n", error->message);
      return CLI_EXIT_USAGE;
    }
  if (list->truncated)
    g_printerr (_("cuocc: warning: only the first %u kernels were read\n"), list->n_kernels);
  if (list->n_skipped_lines > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: warning: %u line was too long to read and was skipped\n",
                             "cuocc: warning: %u lines were too long to read and were skipped\n",
                             list->n_skipped_lines), list->n_skipped_lines);

  for (guint i = 0; i < list->n_kernels; i++)
    report.profiler |= list->kernels[i].format == CUOCC_IMPORT_FORMAT_NCU_CSV ||
                       list->kernels[i].format == CUOCC_IMPORT_FORMAT_NCU_RAW;
  report.occupancy = report.threads > 0 || report.profiler;
  writer = cli_writer_new (stdout);
  report.writer = writer;
  report.text_rows = text_rows;

  write_report (&report, list);
  if (!cli_writer_flush (writer))
    {
      g_printerr (_("cuocc: cannot write the output: %s\n"), g_strerror (errno));
      return CLI_EXIT_USAGE;
    }
  if (report.n_disagreements > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "cuocc: warning: %u kernel's theoretical occupancy differs from Nsight Compute's\n",
                             "cuocc: warning: %u kernels' theoretical occupancy differs from Nsight Compute's\n",
                             report.n_disagreements), report.n_disagreements);
  return report.n_errors > 0 ? CLI_EXIT_ROW_ERRORS : CLI_EXIT_OK;
}
