/* cuocc-window-export.c — the graphs as PNG, SVG, PDF or CSV, and the
 * results as CSV, JSON or text for the clipboard.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The results carry the command line's columns in its order and notation,
 * so that a file exported here and one from `cuocc --format csv` compare
 * equal.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-window-private.h"

#define EXPORT_WIDTH 960
#define EXPORT_HEIGHT 600

/* ----- helpers ----- */

/* The answer as one row of the results format (cuocc-table.h). */
typedef struct {
  char *cc;
  char *limiters;
  const char *names[CUOCC_N_RESULT_COLUMNS];
  CuoccCell cells[CUOCC_N_RESULT_COLUMNS];
} ResultsRow;

static void
results_row_init (ResultsRow  *row,
                  CuoccWindow *self)
{
  const CuoccGpu *gpu = cuocc_calculation_get_gpu (self->calculation);
  const CuoccResult *result = cuocc_calculation_get_result (self->calculation);

  g_assert (result != NULL);
  row->cc = cuocc_format_cc (gpu->cap.major, gpu->cap.minor);
  row->limiters = cuocc_limiters_to_string (result->limiters & ((1u << CUOCC_N_LIMITS) - 1));
  for (guint c = 0; c < CUOCC_N_RESULT_COLUMNS; c++)
    row->names[c] = cuocc_table_column_name (c);
  cuocc_table_result_cells (row->cc, gpu, cuocc_calculation_get_input (self->calculation), result, row->limiters,
                            cuocc_calculation_get_best_block_size (self->calculation), row->cells);
}

static void
results_row_clear (ResultsRow *row)
{
  g_free (row->cc);
  g_free (row->limiters);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ResultsRow, results_row_clear)

static char *
results_to_table (CuoccWindow      *self,
                  CuoccTableFormat  format)
{
  GString *out = g_string_new (NULL);
  g_auto (ResultsRow) row;

  results_row_init (&row, self);
  if (format == CUOCC_TABLE_CSV)
    {
      cuocc_table_append_header (out, row.names, CUOCC_N_RESULT_COLUMNS);
      g_string_append_c (out, '\n');
    }
  cuocc_table_append_row (out, format, row.names, row.cells, CUOCC_N_RESULT_COLUMNS);
  g_string_append_c (out, '\n');

  return g_string_free (out, FALSE);
}

static gboolean
series_kind_for_name (const char      *name,
                      CuoccSeriesKind *kind)
{
  static const char *names[CUOCC_N_ALL_GRAPHS] = { "threads", "regs", "smem", "barriers", "cluster-size" };

  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    if (g_str_equal (name, names[i]))
      {
        *kind = i;
        return TRUE;
      }

  return FALSE;
}

static gboolean
check_extension (const char  *path,
                 const char  *const *allowed,
                 GError     **error)
{
  const char *dot = strrchr (path, '.');
  g_autofree char *list = NULL;

  if (dot != NULL && strchr (dot, G_DIR_SEPARATOR) == NULL)
    for (guint i = 0; allowed[i] != NULL; i++)
      if (g_ascii_strcasecmp (dot, allowed[i]) == 0)
        return TRUE;

  list = g_strjoinv (", ", (char **) allowed);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
               /* Translators: %s is a list such as ".png, .svg, .pdf, .csv" */
               _("Choose a file name that ends in one of %s."), list);
  return FALSE;
}

static gboolean
export_one (CuoccWindow      *self,
            CuoccSeriesKind   kind,
            const char       *path,
            GError          **error)
{
  CuoccGraph *graph = self->graphs[kind];
  const CuoccSeries *series = cuocc_graph_get_series (graph);
  CuoccPlotStyle style;

  if (series == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("There is no graph to export: check the inputs."));
      return FALSE;
    }

  /* Exports go into documents: the light style, whatever the window shows. */
  cuocc_plot_style_init_light (&style);

  return cuocc_plot_export (series, cuocc_graph_get_y_unit (graph), &style,
                            path, EXPORT_WIDTH, EXPORT_HEIGHT, error);
}

/* ----- shared with the window's other files ----- */

/* which is "threads", "regs", "smem", "barriers", "cluster-size" or "all";
 * "all" writes a file for each graph the GPU has beside path, "-threads",
 * "-regs", "-smem", "-barriers" and "-cluster-size" added to its name. */
gboolean
cuocc_window_export_graph (CuoccWindow  *self,
                           const char   *which,
                           const char   *path,
                           GError      **error)
{
  static const char *extensions[] = { ".png", ".svg", ".pdf", ".csv", NULL };
  static const char *suffixes[CUOCC_N_ALL_GRAPHS] = { "-threads", "-regs", "-smem", "-barriers", "-cluster-size" };
  CuoccSeriesKind kind;
  g_autofree char *stem = NULL;
  const char *dot;

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (which != NULL && path != NULL, FALSE);

  if (!check_extension (path, extensions, error))
    return FALSE;

  if (g_str_has_prefix (which, "heatmap-"))
    return cuocc_window_export_heatmap (self, which, path, error);

  if (series_kind_for_name (which, &kind))
    return export_one (self, kind, path, error);

  dot = strrchr (path, '.');
  stem = g_strndup (path, dot - path);
  if (g_str_has_suffix (stem, "-all"))
    stem[strlen (stem) - strlen ("-all")] = '\0';

  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    {
      g_autofree char *one = g_strconcat (stem, suffixes[i], dot, NULL);

      if (i >= CUOCC_N_GRAPHS && cuocc_graph_get_series (self->graphs[i]) == NULL)
        continue;
      if (!export_one (self, i, one, error))
        return FALSE;
    }

  return TRUE;
}

gboolean
cuocc_window_export_results (CuoccWindow  *self,
                             const char   *path,
                             GError      **error)
{
  static const char *extensions[] = { ".csv", ".json", NULL };
  g_autofree char *data = NULL;

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), FALSE);

  if (!check_extension (path, extensions, error))
    return FALSE;

  if (!cuocc_calculation_get_have_result (self->calculation))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("There are no results to export: check the inputs."));
      return FALSE;
    }

  data = g_str_has_suffix (path, ".json") || g_str_has_suffix (path, ".JSON")
         ? cuocc_window_results_to_json (self)
         : cuocc_window_results_to_csv (self);

  return cuocc_file_write (path, data, -1, error);
}

char *
cuocc_window_results_to_csv (CuoccWindow *self)
{
  g_return_val_if_fail (CUOCC_IS_WINDOW (self), NULL);

  return results_to_table (self, CUOCC_TABLE_CSV);
}

char *
cuocc_window_results_to_json (CuoccWindow *self)
{
  g_return_val_if_fail (CUOCC_IS_WINDOW (self), NULL);

  return results_to_table (self, CUOCC_TABLE_JSON);
}

/* One "name<TAB>value" line per column but the error: readable as text, and
 * two columns when pasted into a spreadsheet. Text goes unquoted. */
char *
cuocc_window_results_to_text (CuoccWindow *self)
{
  GString *out = g_string_new (NULL);
  g_auto (ResultsRow) row;

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), NULL);

  results_row_init (&row, self);
  for (guint c = 0; c < CUOCC_COLUMN_ERROR; c++)
    {
      g_string_append_printf (out, "%s\t", row.names[c]);
      if (row.cells[c].kind == CUOCC_CELL_STRING)
        g_string_append (out, row.cells[c].text);
      else
        cuocc_table_append_cell (out, CUOCC_TABLE_CSV, &row.cells[c]);
      g_string_append_c (out, '\n');
    }

  return g_string_free (out, FALSE);
}
