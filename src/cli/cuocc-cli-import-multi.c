/* cuocc-cli-import-multi.c — cuocc --import FILE --gpu A --gpu B …: each kernel on each GPU
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is read once; the library's comparison (cuocc-import-compare.c)
 * chooses for each GPU the entry the driver loads, and each kernel is worked
 * out on each GPU with that entry, or with its first entry when none runs
 * there (whose row then says why it cannot run).
 *
 * CSV and JSON: the columns of a one-GPU import, one row per kernel and GPU,
 * kernels in the order of the input and, for each, the GPUs in the order
 * given; the `cc` and `gpu` columns name the GPU of every row, those of a
 * kernel that cannot run there too. Text: a table with a group of columns a
 * GPU (the entry that runs there, the occupancy, the limiter or why the
 * kernel cannot launch), the kernels sorted by the largest difference of
 * occupancy across the GPUs, a kernel that cannot run counting 0 %.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-cli.h"
#include "cuocc-cli-import.h"
#include "cuocc-cli-import-private.h"
#include "cuocc-cli-report.h"

/* One kernel on one GPU, as the text table shows it. */
typedef struct {
  char *entry;                     /* "sm_80", "compute_80 JIT", "compute_80 → ptxas", "none", "-" */
  char *occupancy;                 /* "62.5", "0", "-" */
  char *limiter;                   /* the limiters, or why it cannot launch */
  double value;                    /* the occupancy in percent; 0 when it cannot run; -1: unknown */
} MultiCell;

typedef struct {
  guint order;                     /* its place in the input */
  double difference;               /* the largest difference of occupancy, in points; -1: none */
} MultiKernel;

typedef struct {
  CliFormat format;
  CuoccImportTable table;
  CliWriter *writer;
  guint n_gpus;
  CuoccImportComparison *comparison;
  guint n_kernels;
  MultiCell *cells;                /* text: [kernel * n_gpus + gpu] */
  guint64 n_rows;
  guint (*failed)[CUOCC_IMPORT_N_WHYS]; /* [gpu][why]: kernels not worked out */
  gboolean *noted;                 /* [kernel]: it needs the shared memory opt-in on some GPU */
  guint n_smem_notes;
} Multi;

/* ----- one kernel on one GPU ----- */

static char *
entry_text (const CuoccKernel *k,
            gboolean           runs)
{
  if (!runs)
    return g_strdup (_("none"));
  if (k->arch == NULL)
    return g_strdup ("-");
  if (k->code == CUOCC_CODE_PTX && k->figures_from != NULL)
    /* Translators: the entry that runs is PTX, whose figures ptxas gave (figures_from says which) */
    return g_strdup_printf (_("%s → ptxas"), k->arch);
  if (k->code == CUOCC_CODE_PTX)
    /* Translators: the entry that runs is PTX, compiled by the driver when it loads it */
    return g_strdup_printf (_("%s JIT"), k->arch);
  return g_strdup (k->arch);
}

/* Why a launch that the model answers with 0 blocks cannot start, as the
 * library classes it (cuocc_import_evaluation_launchable (), which the
 * app's comparison columns read too). */
static char *
zero_blocks_text (const ImportEvaluation *ev)
{
  const CuoccCapability *cap = &ev->gpu.cap;

  switch (cuocc_import_evaluation_launchable (ev))
    {
    case CUOCC_IMPORT_OVER_SMEM_PER_BLOCK:
      /* Translators: a kernel's block needs more shared memory than a block may have, e.g. "smem > 232448 B a block" */
      return g_strdup_printf (_("smem > %d B a block"), cap->smem_per_block_optin);
    case CUOCC_IMPORT_OVER_THREADS_PER_BLOCK:
      return g_strdup_printf (_("block > %d threads"), cap->max_threads_per_block);
    case CUOCC_IMPORT_LAUNCHES:
    case CUOCC_IMPORT_LAUNCH_UNKNOWN:
    case CUOCC_IMPORT_NO_ENTRY_RUNS:
    case CUOCC_IMPORT_OVER_LAUNCH_BOUNDS:
    case CUOCC_IMPORT_NO_BLOCK_FITS:
    default:
      return g_strdup (ev->limiters != NULL ? ev->limiters : "-");
    }
}

static char *
why_text (const ImportEvaluation *ev,
          const CuoccKernel      *k)
{
  switch (ev->reason)
    {
    case IMPORT_WHY_NO_ENTRY:
      return g_strdup (_("no entry runs here"));
    case IMPORT_WHY_LAUNCH_BOUNDS:
      return g_strdup_printf (_("launch bounds %d threads"), k->max_threads);
    case IMPORT_WHY_PTX:
      /* ptxas ran and gave none: why, as the one-GPU import's error column says it */
      if (k->ptx_problem != NULL && ev->why != NULL)
        return g_strdup (ev->why);
      return g_strdup (_("PTX: known after JIT"));
    case IMPORT_WHY_NO_BLOCK_SIZE:
      return g_strdup (_("no block size: give --threads"));
    case IMPORT_WHY_NO_ARCH:
    case IMPORT_WHY_MODEL:
    case IMPORT_WHY_NONE:
    case IMPORT_WHY_NOT_LOADED:
    case IMPORT_N_WHYS:
    default:
      return g_strdup (ev->why != NULL ? ev->why : "-");
    }
}

static void
fill_cell (MultiCell              *cell,
           const CuoccKernel      *k,
           gboolean                runs,
           const ImportEvaluation *ev)
{
  cell->entry = entry_text (k, runs);
  if (ev->ok && ev->result.active_blocks > 0)
    {
      cell->value = cuocc_import_evaluation_occupancy_pct (ev);
      cell->occupancy = cli_percent_text (ev->result.occupancy);
      cell->limiter = g_strdup (ev->limiters);
      return;
    }
  cell->value = cuocc_import_evaluation_occupancy_pct (ev);
  cell->occupancy = g_strdup (cell->value == 0 ? "0" : "-");
  cell->limiter = ev->ok ? zero_blocks_text (ev) : why_text (ev, k);
}

static void
evaluate (Multi *m,
          guint  kernel,
          guint  g)
{
  const CuoccImportLaunch *launch = cuocc_import_comparison_launch (m->comparison, g);
  CuoccKernel k;
  ImportEvaluation ev;
  g_autofree char *note = NULL;
  gboolean runs = cuocc_import_comparison_evaluate (m->comparison, kernel, g, &k, &ev);

  if (!ev.ok && ev.failed)
    m->failed[g][ev.reason]++;
  if (!m->noted[kernel] && (note = _cli_import_smem_note (&k, &ev)) != NULL)
    {
      m->noted[kernel] = TRUE;
      m->n_smem_notes++;
    }

  if (m->format == CLI_FORMAT_TEXT)
    fill_cell (&m->cells[(gsize) kernel * m->n_gpus + g], &k, runs, &ev);
  else
    {
      CuoccCell cells[CUOCC_N_IMPORT_COLUMNS];
      char *scratch[3] = { NULL, NULL, NULL };
      g_autofree char *cc = NULL;

      cuocc_import_table_cells (&m->table, &k, &ev, scratch, cells);
      /* Every row names its GPU, that of a kernel that cannot run there too. */
      if (m->table.occupancy && cells[CUOCC_IMPORT_COLUMN_CC].kind == CUOCC_CELL_NULL)
        {
          cc = g_strdup_printf ("%d.%d", launch->gpu.cap.major, launch->gpu.cap.minor);
          cells[CUOCC_IMPORT_COLUMN_CC] = cuocc_cell_string (cc);
          cells[CUOCC_IMPORT_COLUMN_GPU] = cuocc_cell_string (launch->gpu.name);
        }
      cuocc_import_table_append_row (&m->table, cli_table_format (m->format), cells, m->n_rows++,
                                     m->writer->buf);
      cli_writer_commit (m->writer);
      for (guint i = 0; i < G_N_ELEMENTS (scratch); i++)
        g_free (scratch[i]);
    }
  cuocc_import_evaluation_clear (&ev);
}

/* ----- the text table ----- */

/* "NVIDIA H100 SXM5 (9.0)"; a bare compute capability is named once. */
static char *
gpu_title (const CuoccGpu *gpu)
{
  g_autofree char *cc = g_strdup_printf ("%d.%d", gpu->cap.major, gpu->cap.minor);

  if (strstr (gpu->name, cc) != NULL)
    return g_strdup (gpu->name);
  return g_strdup_printf ("%s (%s)", gpu->name, cc);
}

static void
set_difference (Multi       *m,
                MultiKernel *kernel,
                guint        index)
{
  g_autofree double *values = g_new (double, m->n_gpus);

  for (guint g = 0; g < m->n_gpus; g++)
    values[g] = m->cells[(gsize) index * m->n_gpus + g].value;
  kernel->difference = cuocc_import_occupancy_difference (values, m->n_gpus);
}

static int
by_difference (gconstpointer a,
               gconstpointer b)
{
  const MultiKernel *x = a, *y = b;

  if (x->difference != y->difference)
    return x->difference > y->difference ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static void
pad (GString *line,
     gsize    width,
     const char *text,
     gboolean right)
{
  gsize length = g_utf8_strlen (text, -1);

  if (right)
    for (gsize p = length; p < width; p++)
      g_string_append_c (line, ' ');
  g_string_append (line, text);
  if (!right)
    for (gsize p = length; p < width; p++)
      g_string_append_c (line, ' ');
}

enum { COL_ENTRY, COL_OCC, COL_LIMITER, N_GROUP_COLUMNS };

static const char *
cell_part (const MultiCell *cell,
           guint            column)
{
  return column == COL_ENTRY ? cell->entry : column == COL_OCC ? cell->occupancy : cell->limiter;
}

static void
write_text (Multi *m)
{
  const char *labels[N_GROUP_COLUMNS] = { _("ENTRY"), _("OCC%"), _("LIMITER") };
  const char *diff_label = _("DIFF");
  g_autofree gsize *widths = g_new0 (gsize, (gsize) m->n_gpus * N_GROUP_COLUMNS);
  g_autofree char **titles = g_new0 (char *, m->n_gpus + 1);
  g_autoptr (GString) line = g_string_new (NULL);
  gsize diff_width = g_utf8_strlen (diff_label, -1);
  GArray *sorted = g_array_sized_new (FALSE, FALSE, sizeof (MultiKernel), m->n_kernels);

  for (guint i = 0; i < m->n_kernels; i++)
    {
      MultiKernel *kernel;
      g_autofree char *diff = NULL;

      g_array_append_val (sorted, ((MultiKernel) { .order = i }));
      kernel = &g_array_index (sorted, MultiKernel, i);
      set_difference (m, kernel, i);
      diff = kernel->difference >= 0 ? cli_percent_text (kernel->difference / 100.0) : NULL;
      if (diff != NULL)
        diff_width = MAX (diff_width, strlen (diff));
    }
  g_array_sort (sorted, by_difference);

  for (guint g = 0; g < m->n_gpus; g++)
    {
      gsize group = 0;

      titles[g] = gpu_title (&cuocc_import_comparison_launch (m->comparison, g)->gpu);
      for (guint c = 0; c < N_GROUP_COLUMNS; c++)
        {
          gsize *w = &widths[g * N_GROUP_COLUMNS + c];

          *w = g_utf8_strlen (labels[c], -1);
          for (guint k = 0; k < m->n_kernels; k++)
            *w = MAX (*w, (gsize) g_utf8_strlen (cell_part (&m->cells[(gsize) k * m->n_gpus + g], c), -1));
          group += *w + (c > 0 ? 2 : 0);
        }
      /* A title wider than its columns widens the last of them. */
      if ((gsize) g_utf8_strlen (titles[g], -1) > group)
        widths[g * N_GROUP_COLUMNS + COL_LIMITER] += g_utf8_strlen (titles[g], -1) - group;
    }

  /* The titles over their groups, then the headings, then a line a kernel. */
  for (int r = -2; r < (int) sorted->len; r++)
    {
      const MultiKernel *kernel = r >= 0 ? &g_array_index (sorted, MultiKernel, r) : NULL;
      g_autofree char *diff = NULL;

      g_string_truncate (line, 0);
      if (kernel != NULL)
        diff = kernel->difference >= 0 ? cli_percent_text (kernel->difference / 100.0) : g_strdup ("-");
      pad (line, diff_width, r == -2 ? "" : r == -1 ? diff_label : diff, TRUE);
      for (guint g = 0; g < m->n_gpus; g++)
        {
          gsize group = 0;

          g_string_append (line, "  ");
          if (r == -2)
            {
              for (guint c = 0; c < N_GROUP_COLUMNS; c++)
                group += widths[g * N_GROUP_COLUMNS + c] + (c > 0 ? 2 : 0);
              pad (line, group, titles[g], FALSE);
              continue;
            }
          for (guint c = 0; c < N_GROUP_COLUMNS; c++)
            {
              const char *text = kernel == NULL ? labels[c]
                                 : cell_part (&m->cells[(gsize) (kernel->order) * m->n_gpus + g], c);

              if (c > 0)
                g_string_append (line, "  ");
              pad (line, widths[g * N_GROUP_COLUMNS + c], text, c == COL_OCC);
            }
        }
      g_string_append (line, "  ");
      if (r == -1)
        g_string_append (line, _("KERNEL"));
      else if (kernel != NULL)
        {
          CuoccKernel entry;

          cuocc_import_comparison_entry (m->comparison, kernel->order, 0, &entry);
          g_string_append (line, entry.name != NULL ? entry.name : "-");
        }
      /* No trailing blanks where the line ends in a padded cell. */
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      g_string_append_c (line, '\n');
      cli_writer_write (m->writer, line->str, line->len);
    }

  for (guint g = 0; g < m->n_gpus; g++)
    g_free (titles[g]);
  g_array_unref (sorted);
}

/* ----- the summary on standard error ----- */

static const char *
failure_text (ImportWhy why)
{
  switch (why)
    {
    case IMPORT_WHY_NO_ENTRY: return _("no entry runs there");
    case IMPORT_WHY_PTX: return _("PTX, whose registers are known only after JIT");
    case IMPORT_WHY_NO_BLOCK_SIZE: return _("no block size declared: give --threads");
    case IMPORT_WHY_LAUNCH_BOUNDS: return _("launch bounds below --threads: the launch fails");
    case IMPORT_WHY_NO_ARCH:
    case IMPORT_WHY_MODEL:
    case IMPORT_WHY_NONE:
    case IMPORT_WHY_NOT_LOADED:
    case IMPORT_N_WHYS:
    default: return _("see the error column");
    }
}

/* One line a GPU and reason; returns how many kernels were not worked out. */
static guint
print_failures (const Multi *m)
{
  guint n_failed = 0;

  for (guint g = 0; g < m->n_gpus; g++)
    {
      g_autofree char *title = gpu_title (&cuocc_import_comparison_launch (m->comparison, g)->gpu);

      for (guint w = 0; w < CUOCC_IMPORT_N_WHYS; w++)
        {
          guint n = m->failed[g][w];

          if (n == 0)
            continue;
          n_failed += n;
          /* Translators: e.g. "cuocc: NVIDIA H100 SXM5 (9.0): 5 kernels not worked out: no entry runs there" */
          g_printerr (g_dngettext (GETTEXT_PACKAGE, "cuocc: %s: %u kernel not worked out: %s\n",
                                   "cuocc: %s: %u kernels not worked out: %s\n", n), title, n, failure_text (w));
        }
    }
  return n_failed;
}

/* ----- public API ----- */

int
_cli_import_multi_report (CuoccKernelList *list,
                          const CuoccGpu  *gpus,
                          guint            n_gpus,
                          int              threads,
                          gint64           dynamic_smem,
                          const ImportPtxOptions *ptx,
                          CliFormat        format,
                          CliWriter       *writer)
{
  Multi m = { .format = format, .writer = writer, .n_gpus = n_gpus };
  g_autofree CuoccImportLaunch *launches = NULL;
  guint n_failed;
  int status;

  g_return_val_if_fail (n_gpus >= 2, CLI_EXIT_USAGE);

  launches = g_new0 (CuoccImportLaunch, n_gpus);
  m.failed = g_malloc0 (sizeof *m.failed * n_gpus);
  for (guint g = 0; g < n_gpus; g++)
    {
      launches[g].have_gpu = TRUE;
      launches[g].gpu = gpus[g];
      launches[g].threads = threads;
      launches[g].dynamic_smem = dynamic_smem;
    }
  m.comparison = cuocc_import_comparison_new (list, launches, n_gpus);
  if ((status = _cli_import_assemble_ptx_gpus (ptx, m.comparison, n_gpus)) != CLI_EXIT_OK)
    {
      cuocc_import_comparison_free (m.comparison);
      g_free (m.failed);
      return status;
    }
  m.n_kernels = cuocc_import_comparison_n_kernels (m.comparison);
  m.noted = g_new0 (gboolean, MAX (m.n_kernels, 1));
  cuocc_import_table_init (&m.table, cuocc_import_comparison_launch (m.comparison, 0), list, FALSE);
  if (!m.table.occupancy)
    g_printerr (_("cuocc: note: no kernel declares its block size; give --threads for the occupancy columns\n"));

  if (format == CLI_FORMAT_TEXT)
    m.cells = g_new0 (MultiCell, (gsize) m.n_kernels * n_gpus);
  else
    {
      cuocc_import_table_append_header (&m.table, cli_table_format (format), writer->buf);
      cli_writer_commit (writer);
    }
  for (guint k = 0; k < m.n_kernels; k++)
    for (guint g = 0; g < n_gpus; g++)
      evaluate (&m, k, g);
  if (format == CLI_FORMAT_TEXT)
    write_text (&m);
  else
    {
      cuocc_import_table_append_end (&m.table, cli_table_format (format), m.n_rows, writer->buf);
      cli_writer_commit (writer);
    }

  n_failed = m.table.occupancy ? print_failures (&m) : 0;
  if (m.n_smem_notes > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "cuocc: note: %u kernel entry needs more than 48 KiB of shared memory a block: "
                             "the kernel must opt in with cudaFuncSetAttribute (--format lists it)\n",
                             "cuocc: note: %u kernel entries need more than 48 KiB of shared memory a block: "
                             "their kernels must opt in with cudaFuncSetAttribute (--format lists them)\n",
                             m.n_smem_notes), m.n_smem_notes);

  for (gsize c = 0; m.cells != NULL && c < (gsize) m.n_kernels * n_gpus; c++)
    {
      g_free (m.cells[c].entry);
      g_free (m.cells[c].occupancy);
      g_free (m.cells[c].limiter);
    }
  g_free (m.cells);
  cuocc_import_comparison_free (m.comparison);
  g_free (m.failed);
  g_free (m.noted);
  return n_failed > 0 ? CLI_EXIT_ROW_ERRORS : CLI_EXIT_OK;
}
