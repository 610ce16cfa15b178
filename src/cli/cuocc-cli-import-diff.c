/* cuocc-cli-import-diff.c — cuocc --import OLD --diff NEW: what changed between two builds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per kernel and architecture that changed, appeared or vanished
 * (cuocc_kernel_list_diff), each figure before and after, the occupancy on
 * the launch's GPU for both, largest occupancy loss first.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-cli.h"
#include "cuocc-cli-import-private.h"

typedef struct {
  const CuoccKernelPair *pair;
  ImportEvaluation before;
  ImportEvaluation after;
  double loss;                     /* occupancy points lost; 0 when unknown */
  guint index;
} DiffRow;

typedef enum {
  D_CHANGE, D_KERNEL, D_MANGLED, D_ARCH,
  D_REGS, D_SMEM, D_BARRIERS, D_STACK, D_SPILL_STORES, D_SPILL_LOADS,
  D_OCCUPANCY, D_LIMITERS, D_FILE, D_ERROR,
  N_DIFF_FIELDS,
} DiffField;

/* Fields with a before and an after column. */
#define FIRST_PAIRED D_REGS

static const struct {
  const char *name;
  const char *label;               /* the text table's heading; NULL: not in the text table */
} diff_fields[N_DIFF_FIELDS] = {
  [D_CHANGE] = { "change", N_("CHANGE") },
  [D_KERNEL] = { "kernel", N_("KERNEL") },
  [D_MANGLED] = { "mangled", NULL },
  [D_ARCH] = { "arch", N_("ARCH") },
  [D_REGS] = { "regs", N_("REGS") },
  [D_SMEM] = { "smem", N_("SMEM") },
  [D_BARRIERS] = { "barriers", N_("BAR") },
  [D_STACK] = { "stack", N_("STACK") },
  [D_SPILL_STORES] = { "spill_stores", N_("SPILL_ST") },
  [D_SPILL_LOADS] = { "spill_loads", N_("SPILL_LD") },
  [D_OCCUPANCY] = { "occupancy_pct", N_("OCC%") },
  [D_LIMITERS] = { "limiters", N_("LIMITERS") },
  [D_FILE] = { "file", NULL },
  [D_ERROR] = { "error", NULL },
};

static const char *
change_name (CuoccKernelChange change)
{
  switch (change)
    {
    case CUOCC_KERNEL_CHANGED:
      return "changed";
    case CUOCC_KERNEL_ADDED:
      return "added";
    case CUOCC_KERNEL_REMOVED:
      return "removed";
    case CUOCC_KERNEL_SAME:
    default:
      return "same";
    }
}

static const char *
change_label (CuoccKernelChange change)
{
  switch (change)
    {
    case CUOCC_KERNEL_CHANGED:
      return _("changed");
    case CUOCC_KERNEL_ADDED:
      return _("added");
    case CUOCC_KERNEL_REMOVED:
      return _("removed");
    case CUOCC_KERNEL_SAME:
    default:
      return _("same");
    }
}

static char *
int_text (gint64 v)
{
  return v < 0 ? NULL : g_strdup_printf ("%" G_GINT64_FORMAT, v);
}

/* One side's value of a paired field as text; NULL when unknown. */
static char *
side_text (const CuoccKernel *k, const ImportEvaluation *ev, DiffField field)
{
  if (k == NULL)
    return NULL;
  switch (field)
    {
    case D_REGS: return int_text (k->regs);
    case D_SMEM: return int_text (k->smem);
    case D_BARRIERS: return int_text (k->barriers);
    case D_STACK: return int_text (k->stack);
    case D_SPILL_STORES: return int_text (k->spill_stores);
    case D_SPILL_LOADS: return int_text (k->spill_loads);
    case D_OCCUPANCY: return ev->ok ? cli_percent_text (ev->result.occupancy) : NULL;
    case D_LIMITERS: return ev->ok ? g_strdup (ev->limiters) : NULL;
    case D_FILE: return cuocc_import_file_label (k);
    case D_ERROR: return g_strdup (ev->why);
    default: g_assert_not_reached ();
    }
}

static const CuoccKernel *
row_kernel (const DiffRow *row)
{
  return row->pair->after != NULL ? row->pair->after : row->pair->before;
}

static int
compare_rows (gconstpointer a, gconstpointer b)
{
  const DiffRow *x = a;
  const DiffRow *y = b;

  if (x->loss != y->loss)
    return x->loss > y->loss ? -1 : 1;
  if (x->pair->change != y->pair->change)
    {
      static const int order[] = { [CUOCC_KERNEL_CHANGED] = 0, [CUOCC_KERNEL_REMOVED] = 1,
                                   [CUOCC_KERNEL_ADDED] = 2, [CUOCC_KERNEL_SAME] = 3 };

      return order[x->pair->change] - order[y->pair->change];
    }
  return x->index < y->index ? -1 : x->index > y->index;
}

static gboolean
field_is_number (DiffField field)
{
  return field >= D_REGS && field <= D_OCCUPANCY;
}

static char *
field_text (const DiffRow *row, DiffField field, guint side)
{
  const CuoccKernel *k = row_kernel (row);

  if (field == D_CHANGE)
    return g_strdup (change_name (row->pair->change));
  if (field == D_KERNEL)
    return g_strdup (k->name);
  if (field == D_MANGLED)
    return k->mangled[0] != '\0' ? g_strdup (k->mangled) : NULL;
  if (field == D_ARCH)
    return g_strdup (k->arch);
  if (side == 2)
    return row->before.ok && row->after.ok
           ? cli_percent_text (row->after.result.occupancy - row->before.result.occupancy)
           : NULL;
  if (side == 0)
    return side_text (row->pair->before, &row->before, field);
  return side_text (row->pair->after, &row->after, field);
}

static void
write_structured (GArray *rows, CliFormat format, CliWriter *w)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (CuoccCell));

  for (guint f = 0; f < N_DIFF_FIELDS; f++)
    {
      if (f < FIRST_PAIRED)
        g_ptr_array_add (names, g_strdup (diff_fields[f].name));
      else
        {
          g_ptr_array_add (names, g_strconcat (diff_fields[f].name, "_before", NULL));
          g_ptr_array_add (names, g_strconcat (diff_fields[f].name, "_after", NULL));
        }
      if (f == D_OCCUPANCY)
        g_ptr_array_add (names, g_strdup ("occupancy_change_pct"));
    }
  if (format == CLI_FORMAT_CSV)
    cli_writer_put_header (w, (const char *const *) names->pdata, names->len);
  else
    cli_writer_putc (w, '[');

  for (guint r = 0; r < rows->len; r++)
    {
      const DiffRow *row = &g_array_index (rows, DiffRow, r);

      g_ptr_array_set_size (texts, 0);
      g_array_set_size (cells, 0);
      for (guint f = 0; f < N_DIFF_FIELDS; f++)
        for (guint side = 0; side < (f < FIRST_PAIRED ? 1u : 2u) + (f == D_OCCUPANCY); side++)
          {
            char *text = field_text (row, f, side);
            CuoccCell cell = field_is_number (f) || side == 2 ? cuocc_cell_number (text) : cuocc_cell_string (text);

            g_ptr_array_add (texts, text);
            g_array_append_val (cells, cell);
          }
      if (format == CLI_FORMAT_JSON)
        cli_writer_puts (w, r > 0 ? ",\n  " : "\n  ");
      cuocc_table_append_row (w->buf, cli_table_format (format), (const char *const *) names->pdata,
                              (const CuoccCell *) (gpointer) cells->data, cells->len);
      cli_writer_commit (w);
      if (format == CLI_FORMAT_CSV)
        cli_writer_putc (w, '\n');
    }
  if (format == CLI_FORMAT_JSON)
    cli_writer_puts (w, rows->len > 0 ? "\n]\n" : "]\n");
}

/* "72", "72→80", "-→80" */
static char *
text_cell (const DiffRow *row, DiffField field)
{
  g_autofree char *before = side_text (row->pair->before, &row->before, field);
  g_autofree char *after = side_text (row->pair->after, &row->after, field);

  if (field == D_SPILL_STORES)
    {
      const CuoccKernel *b = row->pair->before;
      const CuoccKernel *a = row->pair->after;

      g_free (before);
      g_free (after);
      before = b != NULL && b->spill_stores >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, b->spill_stores + MAX (b->spill_loads, 0)) : NULL;
      after = a != NULL && a->spill_stores >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, a->spill_stores + MAX (a->spill_loads, 0)) : NULL;
    }
  if (row->pair->change == CUOCC_KERNEL_REMOVED)
    return g_strdup (before != NULL ? before : "-");
  if (row->pair->change == CUOCC_KERNEL_ADDED)
    return g_strdup (after != NULL ? after : "-");
  if (g_strcmp0 (before, after) == 0)
    return g_strdup (after != NULL ? after : "-");
  return g_strdup_printf ("%s→%s", before != NULL ? before : "-", after != NULL ? after : "-");
}

static void
write_text (GArray *rows, CliWriter *w)
{
  static const DiffField order[] = { D_CHANGE, D_ARCH, D_REGS, D_SMEM, D_BARRIERS, D_STACK, D_SPILL_STORES,
                                     D_OCCUPANCY, D_LIMITERS, D_KERNEL };
  const char *labels[G_N_ELEMENTS (order)];
  g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  gsize widths[G_N_ELEMENTS (order)] = { 0 };
  g_autoptr (GString) line = g_string_new (NULL);
  const guint n = G_N_ELEMENTS (order);

  for (guint i = 0; i < n; i++)
    {
      labels[i] = order[i] == D_SPILL_STORES ? _("SPILLS") : _(diff_fields[order[i]].label);
      widths[i] = g_utf8_strlen (labels[i], -1);
    }
  for (guint r = 0; r < rows->len; r++)
    {
      const DiffRow *row = &g_array_index (rows, DiffRow, r);

      for (guint i = 0; i < n; i++)
        {
          char *text;

          if (order[i] == D_CHANGE)
            text = g_strdup (change_label (row->pair->change));
          else if (order[i] == D_ARCH)
            text = g_strdup (row_kernel (row)->arch != NULL ? row_kernel (row)->arch : "-");
          else if (order[i] == D_KERNEL)
            text = g_strdup (row_kernel (row)->name);
          else
            text = text_cell (row, order[i]);
          widths[i] = MAX (widths[i], (gsize) g_utf8_strlen (text, -1));
          g_ptr_array_add (cells, text);
        }
    }
  for (guint r = 0; r <= rows->len; r++)
    {
      g_string_truncate (line, 0);
      for (guint i = 0; i < n; i++)
        {
          const char *text = r == 0 ? labels[i] : g_ptr_array_index (cells, (r - 1) * n + i);

          g_string_append (line, text);
          if (i + 1 < n)
            for (gsize p = g_utf8_strlen (text, -1); p < widths[i] + 2; p++)
              g_string_append_c (line, ' ');
        }
      g_string_append_c (line, '\n');
      cli_writer_write (w, line->str, line->len);
    }
}

int
_cli_import_diff_report (const ImportLaunch *launch,
                         CuoccKernelList    *before,
                         CuoccKernelList    *after,
                         CliFormat           format,
                         CliWriter          *writer)
{
  ImportLaunch launch_before = *launch;
  ImportLaunch launch_after = *launch;
  g_autofree CuoccKernelPair *pairs = NULL;
  g_autoptr (GArray) rows = g_array_new (FALSE, TRUE, sizeof (DiffRow));
  guint counts[CUOCC_KERNEL_REMOVED + 1] = { 0 };
  guint n_pairs;

  cuocc_import_launch_init (&launch_before, before);
  cuocc_import_launch_init (&launch_after, after);
  pairs = cuocc_kernel_list_diff (before, after, &n_pairs);
  for (guint i = 0; i < n_pairs; i++)
    {
      DiffRow row = { .pair = &pairs[i], .index = i };

      counts[pairs[i].change]++;
      if (pairs[i].change == CUOCC_KERNEL_SAME)
        continue;
      if (pairs[i].before != NULL)
        cuocc_import_evaluate (&launch_before, pairs[i].before, &row.before);
      if (pairs[i].after != NULL)
        cuocc_import_evaluate (&launch_after, pairs[i].after, &row.after);
      if (row.before.ok && row.after.ok)
        row.loss = (row.before.result.occupancy - row.after.result.occupancy) * 100.0;
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, compare_rows);

  if (format == CLI_FORMAT_TEXT)
    write_text (rows, writer);
  else
    write_structured (rows, format, writer);

  g_printerr (_("cuocc: %u changed, %u added, %u removed, %u unchanged\n"), counts[CUOCC_KERNEL_CHANGED],
              counts[CUOCC_KERNEL_ADDED], counts[CUOCC_KERNEL_REMOVED], counts[CUOCC_KERNEL_SAME]);
  for (guint r = 0; r < rows->len; r++)
    {
      cuocc_import_evaluation_clear (&g_array_index (rows, DiffRow, r).before);
      cuocc_import_evaluation_clear (&g_array_index (rows, DiffRow, r).after);
    }
  cuocc_import_launch_clear (&launch_before);
  cuocc_import_launch_clear (&launch_after);
  return CLI_EXIT_OK;
}
