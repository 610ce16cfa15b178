/* cuocc-cli-plot.c — --plot: one graph or heatmap to a PNG, SVG, PDF or CSV
 * file, drawn and written (atomically) by the drawing module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include <cuocc-plot.h>

#include "cuocc-cli-plot.h"

#define DEFAULT_WIDTH 800
#define DEFAULT_HEIGHT 500
#define MAX_SIDE 16384

static const char *const extensions[] = { ".png", ".svg", ".pdf", ".csv" };

static const struct {
  const char *name;
  CuoccSeriesKind kind;
  gboolean heatmap;
} kinds[] = {
  { "threads", CUOCC_SERIES_THREADS, FALSE },
  { "registers", CUOCC_SERIES_REGS, FALSE },
  { "regs", CUOCC_SERIES_REGS, FALSE },
  { "smem", CUOCC_SERIES_SMEM, FALSE },
  { "barriers", CUOCC_SERIES_BARRIERS, FALSE },
  { "cluster-size", CUOCC_SERIES_CLUSTER_SIZE, FALSE },
  { "heatmap-regs", CUOCC_SERIES_REGS, TRUE },
  { "heatmap-registers", CUOCC_SERIES_REGS, TRUE },
  { "heatmap-smem", CUOCC_SERIES_SMEM, TRUE },
};

static gboolean
parse_kind (const char   *text,
            CliPlotKind  *kind,
            GError      **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (text, kinds[i].name) == 0)
      {
        kind->kind = kinds[i].kind;
        kind->heatmap = kinds[i].heatmap;
        return TRUE;
      }
  g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
               _("--plot: unknown graph “%s”; choose threads, registers, smem, barriers, cluster-size, heatmap-regs or heatmap-smem"),
               text);
  return FALSE;
}

static gboolean
parse_side (const char *text,
            int        *value)
{
  guint64 n;

  if (!g_ascii_string_to_unsigned (text, 10, 1, MAX_SIDE, &n, NULL))
    return FALSE;
  *value = (int) n;
  return TRUE;
}

static gboolean
parse_size (const char  *text,
            int         *width,
            int         *height,
            GError     **error)
{
  g_auto(GStrv) parts = NULL;

  *width = DEFAULT_WIDTH;
  *height = DEFAULT_HEIGHT;
  if (text == NULL)
    return TRUE;

  parts = g_strsplit_set (text, "xX", -1);
  if (g_strv_length (parts) != 2 || !parse_side (parts[0], width) || !parse_side (parts[1], height))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("--size: “%s” is not a size; give WIDTHxHEIGHT in pixels, each from 1 to %d, e.g. 800x500"),
                   text, MAX_SIDE);
      return FALSE;
    }
  return TRUE;
}

static const char *
find_extension (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    if (g_str_has_suffix (lower, extensions[i]))
      return extensions[i];
  return NULL;
}

gboolean
cli_plot_parse_options (const char       *kind_text,
                        const char       *output,
                        const char       *size_text,
                        CliPlotKind      *kind,
                        int              *width,
                        int              *height,
                        GError          **error)
{
  if (!parse_kind (kind_text, kind, error))
    return FALSE;
  if (output == NULL || *output == '\0')
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                           _("--plot needs --output FILE ending in .png, .svg, .pdf or .csv"));
      return FALSE;
    }
  if (find_extension (output) == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("--output: “%s” has no known extension; use .png, .svg, .pdf or .csv"), output);
      return FALSE;
    }
  return parse_size (size_text, width, height, error);
}

gboolean
cli_plot_export (const CuoccGpu    *gpu,
                 const CuoccInput  *input,
                 const CliPlotKind *kind,
                 const char        *output,
                 int                width,
                 int                height,
                 GError           **error)
{
  g_autoptr(CuoccSeries) series = NULL;
  g_autoptr(CuoccGrid) grid = NULL;
  g_autofree char *caption = cuocc_plot_caption (gpu, input, NULL, NULL);
  CuoccPlotExtras extras = { caption, NULL };
  CuoccPlotStyle style;

  cuocc_plot_style_init_light (&style);
  if (kind->heatmap)
    {
      g_assert (kind->kind == CUOCC_SERIES_REGS || kind->kind == CUOCC_SERIES_SMEM);

      grid = cuocc_grid_new (gpu, input, kind->kind);
      if (grid == NULL)
        {
          g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                               _("Cannot compute the heatmap for this configuration"));
          return FALSE;
        }
      return cuocc_plot_export_heatmap (grid, &style, caption, output, width, height, error);
    }
  if (kind->kind == CUOCC_SERIES_CLUSTER_SIZE && gpu->cap.max_cluster_size == 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("--plot cluster-size: compute capability %d.%d has no thread block clusters; they exist from 9.0 on"),
                   gpu->cap.major, gpu->cap.minor);
      return FALSE;
    }

  series = cuocc_series_new (gpu, input, kind->kind);
  if (series == NULL)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                           _("Cannot compute the graph for this configuration"));
      return FALSE;
    }
  return cuocc_plot_export_with (series, CUOCC_PLOT_Y_PERCENT, &style, &extras, output, width, height, error);
}
