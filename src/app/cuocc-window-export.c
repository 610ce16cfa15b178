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
  cuocc_table_result_cells (gpu, cuocc_calculation_get_input (self->calculation), result,
                            cuocc_calculation_get_best_block_size (self->calculation), row->cc, row->limiters,
                            row->cells);
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

/* A table goes to a .csv or .json file, its format told by the name as
 * check_extension () accepts it (any case). */
static gboolean
table_format_for_path (const char        *path,
                       CuoccTableFormat  *format,
                       GError           **error)
{
  static const char *extensions[] = { ".csv", ".json", NULL };

  if (!check_extension (path, extensions, error))
    return FALSE;
  *format = g_ascii_strcasecmp (strrchr (path, '.'), ".json") == 0 ? CUOCC_TABLE_JSON : CUOCC_TABLE_CSV;
  return TRUE;
}

/* The GPU and the inputs under an exported graph, and the pinned
 * configuration where the graphs show it. */
static char *
export_caption (CuoccWindow *self,
                gboolean     pinned_shown)
{
  const CuoccConfig *pinned = pinned_shown ? cuocc_calculation_get_pinned (self->calculation) : NULL;

  return cuocc_plot_caption (cuocc_calculation_get_gpu (self->calculation),
                             cuocc_calculation_get_input (self->calculation),
                             pinned != NULL ? &pinned->gpu : NULL,
                             pinned != NULL ? &pinned->input : NULL);
}

static gboolean
export_one (CuoccWindow      *self,
            CuoccSeriesKind   kind,
            const char       *path,
            GError          **error)
{
  CuoccGraph *graph = self->graphs[kind];
  const CuoccSeries *series = cuocc_graph_get_series (graph);
  const CuoccSeries *pinned = cuocc_graph_get_overlay (graph);
  g_autofree char *caption = NULL;
  CuoccPlotStyle style;

  if (series == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("There is no graph to export: check the inputs."));
      return FALSE;
    }

  /* Exports go into documents: the light style, whatever the window shows. */
  cuocc_plot_style_init_light (&style);
  caption = export_caption (self, pinned != NULL);

  return cuocc_plot_export (series, pinned,
                            &(CuoccPlotExportOptions) { .unit = cuocc_graph_get_y_unit (graph), .style = &style,
                                                        .caption = caption,
                                                        .width = EXPORT_WIDTH, .height = EXPORT_HEIGHT },
                            path, error);
}

/* Every graph the GPU has in one image, two or three a row. */
static gboolean
export_sheet (CuoccWindow  *self,
              const char   *path,
              GError      **error)
{
  const CuoccSeries *series[CUOCC_N_ALL_GRAPHS];
  const CuoccSeries *pinned[CUOCC_N_ALL_GRAPHS];
  g_autofree char *caption = NULL;
  gboolean pinned_shown = FALSE;
  CuoccPlotStyle style;
  guint n = 0;

  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    if (cuocc_graph_get_series (self->graphs[i]) != NULL)
      {
        series[n] = cuocc_graph_get_series (self->graphs[i]);
        pinned[n] = cuocc_graph_get_overlay (self->graphs[i]);
        pinned_shown |= pinned[n] != NULL;
        n++;
      }
  if (n == 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("There is no graph to export: check the inputs."));
      return FALSE;
    }

  cuocc_plot_style_init_light (&style);
  caption = export_caption (self, pinned_shown);

  return cuocc_plot_export_sheet (series, pinned, n,
                                  &(CuoccPlotExportOptions) { .unit = cuocc_graph_get_y_unit (self->graphs[0]),
                                                              .style = &style, .caption = caption,
                                                              .width = EXPORT_WIDTH * 3 / 2,
                                                              .height = EXPORT_HEIGHT * ((n + 2) / 3) },
                                  path, error);
}

/* "Exported “a.png”", or "Exported “a-threads.png”, “a-regs.png” and …"
 * for several files. */
static void
show_exported (CuoccWindow *self,
               GPtrArray   *paths)
{
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *message = NULL;

  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (paths, i));

      g_string_append (names, i > 0 ? ", " : "");
      /* Translators: a file name in quotes, in a list of the files exported */
      g_string_append_printf (names, _("“%s”"), name);
    }
  /* Translators: a notification, e.g. "Exported “graph.png”" or "Exported “a-threads.png”, “a-regs.png”" */
  message = g_strdup_printf (_("Exported %s"), names->str);
  _cuocc_window_show_toast (self, message);
}

/* ----- shared with the window's other files ----- */

/* which is "threads", "regs", "smem", "barriers", "cluster-size", a
 * heatmap's name, "sheet" or "all"; "sheet" draws every graph the GPU has
 * into one image; "all" writes a file for each beside path, "-threads",
 * "-regs", "-smem", "-barriers" and "-cluster-size" added to its name. A
 * toast names the files written. */
gboolean
_cuocc_window_export_graph (CuoccWindow  *self,
                            const char   *which,
                            const char   *path,
                            GError      **error)
{
  static const char *extensions[] = { ".png", ".svg", ".pdf", ".csv", NULL };
  static const char *suffixes[CUOCC_N_ALL_GRAPHS] = { "-threads", "-regs", "-smem", "-barriers", "-cluster-size" };
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  CuoccSeriesKind kind;
  g_autofree char *stem = NULL;
  const char *dot;
  gboolean ok = TRUE;

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (which != NULL && path != NULL, FALSE);

  if (!check_extension (path, extensions, error))
    return FALSE;

  if (g_str_has_prefix (which, "heatmap-"))
    {
      g_autofree char *caption = export_caption (self, FALSE);

      ok = _cuocc_window_export_heatmap (self, which, caption, path, error);
    }
  else if (g_str_equal (which, "sheet"))
    ok = export_sheet (self, path, error);
  else if (series_kind_for_name (which, &kind))
    ok = export_one (self, kind, path, error);
  else
    {
      dot = strrchr (path, '.');
      stem = g_strndup (path, dot - path);
      if (g_str_has_suffix (stem, "-all"))
        stem[strlen (stem) - strlen ("-all")] = '\0';

      for (guint i = 0; i < CUOCC_N_ALL_GRAPHS && ok; i++)
        {
          char *one = g_strconcat (stem, suffixes[i], dot, NULL);

          if (i >= CUOCC_N_GRAPHS && cuocc_graph_get_series (self->graphs[i]) == NULL)
            {
              g_free (one);
              continue;
            }
          ok = export_one (self, i, one, error);
          g_ptr_array_add (written, one);
        }
      if (!ok)
        g_ptr_array_remove_index (written, written->len - 1);
    }

  if (stem == NULL && ok)
    g_ptr_array_add (written, g_strdup (path));
  if (written->len > 0)
    show_exported (self, written);

  return ok;
}

gboolean
_cuocc_window_export_results (CuoccWindow  *self,
                              const char   *path,
                              GError      **error)
{
  CuoccTableFormat format;
  g_autofree char *data = NULL;

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), FALSE);

  if (!table_format_for_path (path, &format, error))
    return FALSE;

  if (!cuocc_calculation_get_have_result (self->calculation))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("There are no results to export: check the inputs."));
      return FALSE;
    }

  data = results_to_table (self, format);

  return cuocc_file_write (path, data, -1, error);
}

/* One "name<TAB>value" line per column but the error: readable as text, and
 * two columns when pasted into a spreadsheet. Text goes unquoted. */
char *
_cuocc_window_results_to_text (CuoccWindow *self)
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

/* "Exported 1,742 of 36,621 kernels to “kernels.csv”": with a filter on,
 * what the file holds is not the whole table, and the notification says
 * so. */
static void
kernels_exported (CuoccWindow *self,
                  const char  *path,
                  guint        n_rows,
                  guint        n_kernels)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *rows = cuocc_format_count (n_rows);
  g_autofree char *kernels = cuocc_format_count (n_kernels);
  g_autofree char *text = NULL;

  if (n_rows == n_kernels)
    /* Translators: a notification, e.g. "Exported 36,621 kernels to “kernels.csv”" */
    text = g_strdup_printf (ngettext ("Exported %s kernel to “%s”", "Exported %s kernels to “%s”", n_kernels),
                            kernels, name);
  else
    /* Translators: a notification, e.g. "Exported 1,742 of 36,621 kernels to “kernels.csv”" */
    text = g_strdup_printf (ngettext ("Exported %s of %s kernel to “%s”", "Exported %s of %s kernels to “%s”",
                                      n_kernels),
                            rows, kernels, name);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

/* The kernels table's rows shown, as `cuocc --import` writes them; the
 * notification says how many. */
gboolean
_cuocc_window_export_kernels (CuoccWindow  *self,
                              const char   *path,
                              GError      **error)
{
  CuoccTableFormat format;
  g_autofree char *data = NULL;
  guint n_rows = 0, n_kernels = 0;

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), FALSE);

  if (!table_format_for_path (path, &format, error))
    return FALSE;
  data = cuocc_kernels_panel_export_table (self->kernels_panel, format, &n_rows, &n_kernels, error);
  if (data == NULL || !cuocc_file_write (path, data, -1, error))
    return FALSE;
  kernels_exported (self, path, n_rows, n_kernels);
  return TRUE;
}
