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
#include <math.h>

#include "cuocc-format.h"
#include "cuocc-window-private.h"

#define EXPORT_WIDTH 960
#define EXPORT_HEIGHT 600

static const char *columns[] = {
  "cc", "gpu", "threads", "regs", "smem", "smem_config", "barriers", "global_caching",
  "active_blocks", "active_warps", "active_threads", "occupancy_pct",
  "blocks_by_warps", "blocks_by_regs", "blocks_by_smem", "blocks_by_blocks", "blocks_by_barriers",
  "limiters", "regs_per_block", "smem_per_block", "best_block_size", "error",
};

typedef enum {
  VALUE_STRING,
  VALUE_NUMBER,                    /* written as it is */
  VALUE_NULL,                      /* CSV: empty; JSON: null */
} ValueType;

typedef struct {
  ValueType type;
  char *text;
} Value;

/* ----- helpers ----- */

/* At most two decimals, as the command line writes it. */
static char *
format_percent_ascii (double fraction)
{
  gint64 hundredths = llround (fraction * 10000.0);
  int decimals = (int) (hundredths % 100);

  if (decimals == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT, hundredths / 100);
  if (decimals % 10 == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT ".%d", hundredths / 100, decimals / 10);
  return g_strdup_printf ("%" G_GINT64_FORMAT ".%02d", hundredths / 100, decimals);
}

static Value
number (gint64 value)
{
  return (Value) { VALUE_NUMBER, g_strdup_printf ("%" G_GINT64_FORMAT, value) };
}

static Value
limit (int value, gboolean json)
{
  if (value != CUOCC_UNLIMITED)
    return number (value);

  return json ? (Value) { VALUE_NULL, NULL } : (Value) { VALUE_NUMBER, g_strdup ("unlimited") };
}

static Value
string (char *text)
{
  return (Value) { VALUE_STRING, text };
}

static void
collect_values (CuoccWindow *self,
                gboolean     json,
                Value        values[G_N_ELEMENTS (columns)])
{
  const CuoccGpu *gpu = cuocc_calculation_get_gpu (self->calculation);
  const CuoccResult *r = cuocc_calculation_get_result (self->calculation);
  const CuoccInput *in = cuocc_calculation_get_input (self->calculation);
  guint c = 0;

  g_assert (r != NULL);
  values[c++] = string (cuocc_format_cc (gpu->cap.major, gpu->cap.minor));
  values[c++] = string (g_strdup (gpu->name));
  values[c++] = number (in->threads);
  values[c++] = number (in->regs);
  values[c++] = number (in->smem);
  values[c++] = number (r->smem_config);
  values[c++] = number (in->barriers);
  values[c++] = string (g_strdup (cuocc_caching_name (r->caching)));
  values[c++] = number (r->active_blocks);
  values[c++] = number (r->active_warps);
  values[c++] = number (r->active_threads);
  values[c++] = (Value) { VALUE_NUMBER, format_percent_ascii (r->occupancy) };
  values[c++] = limit (r->blocks_by_warps, json);
  values[c++] = limit (r->blocks_by_regs, json);
  values[c++] = limit (r->blocks_by_smem, json);
  values[c++] = limit (r->blocks_by_blocks, json);
  values[c++] = limit (r->blocks_by_barriers, json);
  values[c++] = string (cuocc_limiters_to_string (r->limiters & ((1u << CUOCC_N_LIMITS) - 1)));
  values[c++] = number (r->regs_per_block);
  values[c++] = number (r->smem_per_block);
  values[c++] = number (cuocc_calculation_get_best_block_size (self->calculation));
  values[c++] = (Value) { VALUE_NULL, NULL };
  g_assert (c == G_N_ELEMENTS (columns));
}

static void
clear_values (Value values[G_N_ELEMENTS (columns)])
{
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    g_free (values[i].text);
}

static void
append_csv_field (GString    *out,
                  const char *text)
{
  if (text == NULL)
    return;

  if (text[strcspn (text, ",\"\r\n")] == '\0')
    {
      g_string_append (out, text);
      return;
    }

  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if (*p == '\n')
        g_string_append (out, "\\n");
      else if (*p == '\r')
        g_string_append (out, "\\r");
      else if (*p == '\t')
        g_string_append (out, "\\t");
      else if (*p < 0x20 || *p == 0x7f)
        g_string_append_printf (out, "\\u%04x", *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
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
  GString *out = g_string_new (NULL);
  Value values[G_N_ELEMENTS (columns)];

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "," : "", columns[i]);
  g_string_append_c (out, '\n');

  collect_values (self, FALSE, values);
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_csv_field (out, values[i].text);
    }
  g_string_append_c (out, '\n');
  clear_values (values);

  return g_string_free (out, FALSE);
}

char *
cuocc_window_results_to_json (CuoccWindow *self)
{
  GString *out = g_string_new (NULL);
  Value values[G_N_ELEMENTS (columns)];

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), NULL);

  collect_values (self, TRUE, values);
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      g_string_append_printf (out, i > 0 ? ", \"%s\": " : "{\"%s\": ", columns[i]);
      if (values[i].type == VALUE_NULL)
        g_string_append (out, "null");
      else if (values[i].type == VALUE_NUMBER)
        g_string_append (out, values[i].text);
      else
        append_json_string (out, values[i].text);
    }
  g_string_append (out, "}\n");
  clear_values (values);

  return g_string_free (out, FALSE);
}

/* One "name<TAB>value" line per column: readable as text, and two columns
 * when pasted into a spreadsheet. */
char *
cuocc_window_results_to_text (CuoccWindow *self)
{
  GString *out = g_string_new (NULL);
  Value values[G_N_ELEMENTS (columns)];

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), NULL);

  collect_values (self, FALSE, values);
  for (guint i = 0; i + 1 < G_N_ELEMENTS (columns); i++)
    g_string_append_printf (out, "%s\t%s\n", columns[i], values[i].text ? values[i].text : "");
  clear_values (values);

  return g_string_free (out, FALSE);
}
