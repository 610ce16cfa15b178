/* cuocc-cli-plot.c — --plot: one graph to a PNG, SVG, PDF or CSV file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-cli-plot.h"

#ifdef HAVE_CUOCC_PLOT
# include <cuocc-plot.h>
#endif

#define DEFAULT_WIDTH 800
#define DEFAULT_HEIGHT 500
#define MAX_SIDE 16384

static const char *const extensions[] = { ".png", ".svg", ".pdf", ".csv" };

static gboolean
parse_kind (const char       *text,
            CuoccSeriesKind  *kind,
            GError          **error)
{
  if (g_strcmp0 (text, "threads") == 0)
    *kind = CUOCC_SERIES_THREADS;
  else if (g_strcmp0 (text, "registers") == 0 || g_strcmp0 (text, "regs") == 0)
    *kind = CUOCC_SERIES_REGS;
  else if (g_strcmp0 (text, "smem") == 0)
    *kind = CUOCC_SERIES_SMEM;
  else
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("--plot: unknown graph “%s”; choose threads, registers or smem"), text);
      return FALSE;
    }
  return TRUE;
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
                        CuoccSeriesKind  *kind,
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
cli_plot_export (const CuoccGpu   *gpu,
                 const CuoccInput *input,
                 CuoccSeriesKind   kind,
                 const char       *output,
                 int               width,
                 int               height,
                 GError          **error)
{
  g_autoptr(CuoccSeries) series = cuocc_series_new (gpu, input, kind);

  if (series == NULL)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                           _("Cannot compute the graph for this configuration"));
      return FALSE;
    }

#ifdef HAVE_CUOCC_PLOT
  {
    CuoccPlotStyle style;

    cuocc_plot_style_init_light (&style);
    return cuocc_plot_export (series, CUOCC_PLOT_Y_PERCENT, &style, output, width, height, error);
  }
#else
  if (g_strcmp0 (find_extension (output), ".csv") == 0)
    {
      g_autofree char *csv = cuocc_series_to_csv (series);

      return g_file_set_contents (output, csv, -1, error);
    }
  g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                       _("This build of cuocc cannot draw graphs; only .csv output is available"));
  return FALSE;
#endif
}
