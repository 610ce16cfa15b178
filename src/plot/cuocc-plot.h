/* cuocc-plot.h — draws occupancy graphs on any cairo context.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same routine paints the app's graphs and the command line's PNG, SVG
 * and PDF exports, so they are the same pixels. It never looks at a widget:
 * the caller passes the cairo context, the size in user units and the colours.
 */
#pragma once

#include <cairo.h>
#include <cuocc.h>

G_BEGIN_DECLS

typedef enum {
  CUOCC_PLOT_Y_PERCENT,
  CUOCC_PLOT_Y_WARPS,
} CuoccPlotYUnit;

typedef struct {
  double r, g, b, a;
} CuoccPlotColor;

typedef struct {
  CuoccPlotColor background;       /* alpha 0: leave the surface as it is */
  CuoccPlotColor foreground;       /* text and axes */
  CuoccPlotColor grid;
  CuoccPlotColor line;             /* the current configuration's line */
  CuoccPlotColor other_lines[6];   /* other shared memory configurations */
  CuoccPlotColor marker;           /* the current point */
  const char *font_family;         /* NULL: "Sans" */
  double font_size;                /* in user units (pixels at scale 1) */
  double line_width;
} CuoccPlotStyle;

/* Where the pointer is, for the hover read-out; x < 0 for none. */
typedef struct {
  double x;
  double y;
} CuoccPlotHover;

void     cuocc_plot_style_init_light (CuoccPlotStyle *style);
void     cuocc_plot_style_init_dark  (CuoccPlotStyle *style);

/* Paint the graph into the rectangle (0, 0, width, height) of cr. */
void     cuocc_plot_draw     (cairo_t               *cr,
                              double                 width,
                              double                 height,
                              const CuoccSeries     *series,
                              CuoccPlotYUnit         unit,
                              const CuoccPlotStyle  *style,
                              const CuoccPlotHover  *hover);

/* The input value under a point of the plot area, for clicks and drags,
 * snapped to the series' step; FALSE outside the plot area. */
gboolean cuocc_plot_value_at (const CuoccSeries     *series,
                              double                 width,
                              double                 height,
                              double                 x,
                              double                 y,
                              gint64                *value);

/* Write the graph to path; the format comes from the extension (.png, .svg,
 * .pdf, .csv). The file is replaced atomically: a failed export leaves what
 * was there. */
gboolean cuocc_plot_export   (const CuoccSeries     *series,
                              CuoccPlotYUnit         unit,
                              const CuoccPlotStyle  *style,
                              const char            *path,
                              int                    width,
                              int                    height,
                              GError               **error);

G_END_DECLS
