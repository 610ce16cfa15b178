/* cuocc-cli-plot.c — --plot: a graph, a heatmap or all the graphs to a PNG,
 * SVG, PDF or CSV file, drawn and written (atomically) by the drawing module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include <cuocc-plot.h>

#include "cuocc-cli-plot.h"

#define DEFAULT_WIDTH 800
#define DEFAULT_HEIGHT 500
#define ALL_WIDTH 1440
#define ALL_ROW_HEIGHT 450
#define MAX_SIDE 16384

static const char *const extensions[] = { ".png", ".svg", ".pdf", ".csv" };

/* A graph's name: the library's names of a series (cuocc_series_kind_parse (),
 * "shared-memory" and "regs" among them, in any case), a heatmap's as
 * "heatmap-" and the series it varies beside the block size, or "all". */
static gboolean
parse_kind (const char   *text,
            CliPlotKind  *kind,
            GError      **error)
{
  static const char heatmap[] = "heatmap-";
  const char *series = text;

  kind->heatmap = FALSE;
  kind->all = g_ascii_strcasecmp (text, "all") == 0;
  kind->kind = CUOCC_SERIES_THREADS;
  if (kind->all)
    return TRUE;
  if (g_ascii_strncasecmp (text, heatmap, strlen (heatmap)) == 0)
    {
      kind->heatmap = TRUE;
      series = text + strlen (heatmap);
    }
  /* A heatmap is the block size against registers or shared memory. */
  if (cuocc_series_kind_parse (series, &kind->kind, NULL) &&
      (!kind->heatmap || kind->kind == CUOCC_SERIES_REGS || kind->kind == CUOCC_SERIES_SMEM))
    return TRUE;
  g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
               _("--plot: unknown graph “%s”; choose threads, registers, smem, barriers, cluster-size, heatmap-regs, heatmap-smem or all"),
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

/* --output and --size for any graph: the file's extension and the size. */
gboolean
cli_plot_parse_output (const char  *output,
                       const char  *size_text,
                       int         *width,
                       int         *height,
                       GError     **error)
{
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
  if (!cli_plot_parse_output (output, size_text, width, height, error))
    return FALSE;
  if (kind->all && size_text == NULL)
    {
      /* Two rows of graphs, two or three a row, each about the default size. */
      *width = ALL_WIDTH;
      *height = 2 * ALL_ROW_HEIGHT;
    }
  return TRUE;
}

/* Every graph the GPU has in one image, with the caption under them. */
static gboolean
export_all (const CuoccGpu               *gpu,
            const CuoccInput             *input,
            const CuoccPlotExportOptions *options,
            const char                   *output,
            GError                      **error)
{
  CuoccSeries *series[CUOCC_SERIES_CLUSTER_SIZE + 1];
  guint n = 0;
  gboolean ok;

  for (CuoccSeriesKind k = CUOCC_SERIES_THREADS; k <= CUOCC_SERIES_CLUSTER_SIZE; k++)
    if ((k != CUOCC_SERIES_BARRIERS || gpu->cap.barriers_per_block_slot > 0)
        && (k != CUOCC_SERIES_CLUSTER_SIZE || gpu->cap.max_cluster_size > 0)
        && (series[n] = cuocc_series_new (gpu, input, k)) != NULL)
      n++;

  ok = cuocc_plot_export_sheet ((const CuoccSeries *const *) series, NULL, n, options, output, error);
  for (guint i = 0; i < n; i++)
    cuocc_series_free (series[i]);

  return ok;
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
  CuoccPlotStyle style;
  CuoccPlotExportOptions options = { .unit = CUOCC_PLOT_Y_PERCENT, .style = &style, .caption = caption,
                                     .width = width, .height = height };

  cuocc_plot_style_init_light (&style);
  if (kind->all)
    return export_all (gpu, input, &options, output, error);
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
      return cuocc_plot_export_heatmap (grid, &options, output, error);
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
  return cuocc_plot_export (series, NULL, &options, output, error);
}
