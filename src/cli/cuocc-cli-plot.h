/* cuocc-cli-plot.h — --plot: a graph, or all of them, to a PNG, SVG, PDF or CSV file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

G_BEGIN_DECLS

typedef struct {
  CuoccSeriesKind kind;            /* the varied input; a heatmap's y axis */
  gboolean heatmap;                /* over block size × kind */
  gboolean all;                    /* every graph the GPU has, in one image */
} CliPlotKind;

/* Checks the options before anything is calculated, so a bad extension or
 * size is reported as a usage error. */
gboolean cli_plot_parse_options (const char       *kind_text,
                                 const char       *output,
                                 const char       *size_text,
                                 CliPlotKind      *kind,
                                 int              *width,
                                 int              *height,
                                 GError          **error);

gboolean cli_plot_parse_output  (const char       *output,
                                 const char       *size_text,
                                 int              *width,
                                 int              *height,
                                 GError          **error);

gboolean cli_plot_export        (const CuoccGpu   *gpu,
                                 const CuoccInput *input,
                                 const CliPlotKind *kind,
                                 const char       *output,
                                 int               width,
                                 int               height,
                                 GError          **error);

G_END_DECLS
