/* cuocc-cli-import-multi.c — cuocc --import FILE --gpu A --gpu B …: each kernel on each GPU
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is read once; for each GPU the driver's choice of entry is made
 * (cuocc_kernel_list_select) and kept as one byte an entry, and then each
 * kernel is worked out on each GPU with the entry that loads there, or with
 * its first entry when none does (whose row then says why it cannot run).
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

#define NO_ENTRY G_MAXUINT

/* One kernel on one GPU, as the text table shows it. */
typedef struct {
  char *entry;                     /* "sm_80", "compute_80 JIT", "none", "-" */
  char *occupancy;                 /* "62.5", "0", "-" */
  char *limiter;                   /* the limiters, or why it cannot launch */
  double value;                    /* the occupancy in percent; 0 when it cannot run; -1: unknown */
} MultiCell;

typedef struct {
  guint first;                     /* the kernel's first entry in the list */
  guint order;                     /* its place in the input */
  double difference;               /* the largest difference of occupancy, in points; -1: none */
} MultiKernel;

typedef struct {
  CliFormat format;
  CuoccImportTable table;
  CliWriter *writer;
  guint n_gpus;
  CuoccImportLaunch *launches;     /* one a GPU, after cuocc_import_launch_init () */
  guint8 **loaded;                 /* [gpu][entry]: the CuoccLoad of the entry on that GPU */
  GArray *kernels;                 /* MultiKernel */
  guint *entry_of;                 /* [kernel * n_gpus + gpu]: the entry that loads there, or NO_ENTRY */
  MultiCell *cells;                /* text: [kernel * n_gpus + gpu] */
  guint64 n_rows;
  guint (*failed)[CUOCC_IMPORT_N_WHYS]; /* [gpu][why]: kernels not worked out */
  gboolean *noted;                 /* [kernel]: it needs the shared memory opt-in on some GPU */
  guint n_smem_notes;
} Multi;

/* ----- the kernels ----- */

/* The kernels of the list, each once, in the order of their first entry,
 * and for each GPU the entry the driver loads there. */
static void
group_kernels (Multi           *m,
               CuoccKernelList *list)
{
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree guint *kernel_of = g_new (guint, list->n_kernels);

  m->kernels = g_array_new (FALSE, FALSE, sizeof (MultiKernel));
  for (guint i = 0; i < list->n_kernels; i++)
    {
      char *key = cuocc_import_kernel_key (&list->kernels[i]);
      gpointer found;

      if (g_hash_table_lookup_extended (index, key, NULL, &found))
        {
          kernel_of[i] = GPOINTER_TO_UINT (found);
          g_free (key);
          continue;
        }
      kernel_of[i] = m->kernels->len;
      g_hash_table_insert (index, key, GUINT_TO_POINTER (m->kernels->len));
      g_array_append_val (m->kernels, ((MultiKernel) { .first = i, .order = m->kernels->len, .difference = -1 }));
    }

  m->entry_of = g_new (guint, (gsize) m->kernels->len * m->n_gpus);
  for (gsize e = 0; e < (gsize) m->kernels->len * m->n_gpus; e++)
    m->entry_of[e] = NO_ENTRY;
  m->loaded = g_new0 (guint8 *, m->n_gpus);
  for (guint g = 0; g < m->n_gpus; g++)
    {
      /* Selects the entries for this GPU in the list itself; the marks are
       * kept apart, so that the next GPU's selection does not lose them. */
      cuocc_import_launch_init (&m->launches[g], list);
      m->loaded[g] = g_new (guint8, MAX (list->n_kernels, 1));
      for (guint i = 0; i < list->n_kernels; i++)
        {
          const CuoccKernel *k = &list->kernels[i];
          guint *slot = &m->entry_of[(gsize) kernel_of[i] * m->n_gpus + g];

          m->loaded[g][i] = (guint8) k->loaded;
          if (*slot == NO_ENTRY && (k->loaded == CUOCC_LOAD_YES || k->loaded == CUOCC_LOAD_UNKNOWN))
            *slot = i;
        }
    }
}

/* ----- one kernel on one GPU ----- */

static char *
entry_text (const CuoccKernel *k,
            gboolean           runs)
{
  if (!runs)
    return g_strdup (_("none"));
  if (k->arch == NULL)
    return g_strdup ("-");
  if (k->code == CUOCC_CODE_PTX)
    /* Translators: the entry that runs is PTX, compiled by the driver when it loads it */
    return g_strdup_printf (_("%s JIT"), k->arch);
  return g_strdup (k->arch);
}

/* Why a launch that the model answers with 0 blocks cannot start. */
static char *
zero_blocks_text (const ImportEvaluation *ev)
{
  const CuoccCapability *cap = &ev->gpu.cap;

  if (ev->input.smem > cap->smem_per_block_optin)
    /* Translators: a kernel's block needs more shared memory than a block may have, e.g. "smem > 232448 B a block" */
    return g_strdup_printf (_("smem > %d B a block"), cap->smem_per_block_optin);
  if (ev->input.threads > cap->max_threads_per_block)
    return g_strdup_printf (_("block > %d threads"), cap->max_threads_per_block);
  return g_strdup (ev->limiters != NULL ? ev->limiters : "-");
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

/* Whether a kernel that was worked out, or could not be, cannot start on the
 * GPU at all: such a kernel counts as 0 % in the differences. */
static gboolean
cannot_launch (const ImportEvaluation *ev)
{
  if (ev->ok)
    return ev->result.active_blocks == 0;
  return ev->reason == IMPORT_WHY_NO_ENTRY || ev->reason == IMPORT_WHY_LAUNCH_BOUNDS;
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
      cell->value = ev->result.occupancy * 100.0;
      cell->occupancy = cli_percent_text (ev->result.occupancy);
      cell->limiter = g_strdup (ev->limiters);
      return;
    }
  cell->value = cannot_launch (ev) ? 0 : -1;
  cell->occupancy = g_strdup (cell->value == 0 ? "0" : "-");
  cell->limiter = ev->ok ? zero_blocks_text (ev) : why_text (ev, k);
}

static void
evaluate (Multi           *m,
          CuoccKernelList *list,
          guint            kernel,
          guint            g)
{
  guint entry = m->entry_of[(gsize) kernel * m->n_gpus + g];
  gboolean runs = entry != NO_ENTRY;
  CuoccKernel k = list->kernels[runs ? entry : g_array_index (m->kernels, MultiKernel, kernel).first];
  const CuoccImportLaunch *launch = &m->launches[g];
  ImportEvaluation ev;
  g_autofree char *note = NULL;

  /* A shallow copy: the entry as it stands on this GPU. */
  k.loaded = m->loaded[g][runs ? entry : g_array_index (m->kernels, MultiKernel, kernel).first];
  cuocc_import_evaluate (launch, &k, &ev);
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
  double low = G_MAXDOUBLE, high = -1;
  guint known = 0;

  for (guint g = 0; g < m->n_gpus; g++)
    {
      double value = m->cells[(gsize) index * m->n_gpus + g].value;

      if (value < 0)
        continue;
      known++;
      low = MIN (low, value);
      high = MAX (high, value);
    }
  kernel->difference = known >= 2 ? high - low : -1;
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
write_text (Multi           *m,
            CuoccKernelList *list)
{
  const char *labels[N_GROUP_COLUMNS] = { _("ENTRY"), _("OCC%"), _("LIMITER") };
  const char *diff_label = _("DIFF");
  g_autofree gsize *widths = g_new0 (gsize, (gsize) m->n_gpus * N_GROUP_COLUMNS);
  g_autofree char **titles = g_new0 (char *, m->n_gpus + 1);
  g_autoptr (GString) line = g_string_new (NULL);
  gsize diff_width = g_utf8_strlen (diff_label, -1);
  GArray *sorted = g_array_copy (m->kernels);

  for (guint i = 0; i < sorted->len; i++)
    {
      MultiKernel *kernel = &g_array_index (sorted, MultiKernel, i);
      g_autofree char *diff = NULL;

      set_difference (m, kernel, i);
      diff = kernel->difference >= 0 ? cli_percent_text (kernel->difference / 100.0) : NULL;
      if (diff != NULL)
        diff_width = MAX (diff_width, strlen (diff));
    }
  g_array_sort (sorted, by_difference);

  for (guint g = 0; g < m->n_gpus; g++)
    {
      gsize group = 0;

      titles[g] = gpu_title (&m->launches[g].gpu);
      for (guint c = 0; c < N_GROUP_COLUMNS; c++)
        {
          gsize *w = &widths[g * N_GROUP_COLUMNS + c];

          *w = g_utf8_strlen (labels[c], -1);
          for (guint k = 0; k < m->kernels->len; k++)
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
        g_string_append (line, list->kernels[kernel->first].name != NULL ? list->kernels[kernel->first].name : "-");
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
      g_autofree char *title = gpu_title (&m->launches[g].gpu);

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
                          CliFormat        format,
                          CliWriter       *writer)
{
  Multi m = { .format = format, .writer = writer, .n_gpus = n_gpus };
  guint n_failed;

  g_return_val_if_fail (n_gpus >= 2, CLI_EXIT_USAGE);

  m.launches = g_new0 (CuoccImportLaunch, n_gpus);
  m.failed = g_malloc0 (sizeof *m.failed * n_gpus);
  for (guint g = 0; g < n_gpus; g++)
    {
      m.launches[g].have_gpu = TRUE;
      m.launches[g].gpu = gpus[g];
      m.launches[g].threads = threads;
      m.launches[g].dynamic_smem = dynamic_smem;
    }
  group_kernels (&m, list);
  m.noted = g_new0 (gboolean, MAX (m.kernels->len, 1));
  cuocc_import_table_init (&m.table, &m.launches[0], list, FALSE);
  if (!m.table.occupancy)
    g_printerr (_("cuocc: note: no kernel declares its block size; give --threads for the occupancy columns\n"));

  if (format == CLI_FORMAT_TEXT)
    m.cells = g_new0 (MultiCell, (gsize) m.kernels->len * n_gpus);
  else
    {
      cuocc_import_table_append_header (&m.table, cli_table_format (format), writer->buf);
      cli_writer_commit (writer);
    }
  for (guint k = 0; k < m.kernels->len; k++)
    for (guint g = 0; g < n_gpus; g++)
      evaluate (&m, list, k, g);
  if (format == CLI_FORMAT_TEXT)
    write_text (&m, list);
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

  for (gsize c = 0; m.cells != NULL && c < (gsize) m.kernels->len * n_gpus; c++)
    {
      g_free (m.cells[c].entry);
      g_free (m.cells[c].occupancy);
      g_free (m.cells[c].limiter);
    }
  g_free (m.cells);
  for (guint g = 0; g < n_gpus; g++)
    {
      cuocc_import_launch_clear (&m.launches[g]);
      g_free (m.loaded[g]);
    }
  g_free (m.loaded);
  g_free (m.launches);
  g_free (m.failed);
  g_free (m.entry_of);
  g_free (m.noted);
  g_array_unref (m.kernels);
  return n_failed > 0 ? CLI_EXIT_ROW_ERRORS : CLI_EXIT_OK;
}
