/* cuocc-cli-heatmap.c — --plot heatmap-regs|heatmap-smem to a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing module renders and writes the file (atomically); without it,
 * only the CSV can be written.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#ifdef HAVE_CUOCC_PLOT
# include <cuocc-plot.h>
#endif

#include "cuocc-cli-heatmap.h"

gboolean
cli_heatmap_export (const CuoccGpu   *gpu,
                    const CuoccInput *input,
                    CuoccSeriesKind   y_kind,
                    const char       *path,
                    int               width,
                    int               height,
                    GError          **error)
{
  g_autoptr(CuoccGrid) grid = NULL;

  g_assert (y_kind == CUOCC_SERIES_REGS || y_kind == CUOCC_SERIES_SMEM);

  grid = cuocc_grid_new (gpu, input, y_kind);
  if (grid == NULL)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                           _("Cannot compute the heatmap for this configuration"));
      return FALSE;
    }

#ifdef HAVE_CUOCC_PLOT
  {
    g_autofree char *caption = cuocc_plot_caption (gpu, input, NULL, NULL);
    CuoccPlotStyle style;

    cuocc_plot_style_init_light (&style);
    return cuocc_plot_export_heatmap (grid, &style, caption, path, width, height, error);
  }
#else
  {
    g_autofree char *lower = g_ascii_strdown (path, -1);
    g_autofree char *csv = NULL;

    if (!g_str_has_suffix (lower, ".csv"))
      {
        g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                             _("This build of cuocc cannot draw graphs; only .csv output is available"));
        return FALSE;
      }
    csv = cuocc_grid_to_csv (grid);
    return cuocc_file_write (path, csv, -1, error);
  }
#endif
}
