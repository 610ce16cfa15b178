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

/* Paint the graph into the rectangle (0, 0, width, height) of cr. style may
 * be NULL for the light style; hover may be NULL or have x < 0 for none. */
void     cuocc_plot_draw     (cairo_t               *cr,
                              double                 width,
                              double                 height,
                              const CuoccSeries     *series,
                              CuoccPlotYUnit         unit,
                              const CuoccPlotStyle  *style,
                              const CuoccPlotHover  *hover);

/* The input value under a point of the plot area, for clicks and drags,
 * snapped to the series' step (the warp size for threads, 1 for registers,
 * the allocation unit for shared memory) and clamped into the series' range;
 * FALSE outside the plot area. It assumes the default font (style NULL). */
gboolean cuocc_plot_value_at (const CuoccSeries     *series,
                              double                 width,
                              double                 height,
                              double                 x,
                              double                 y,
                              gint64                *value);

/* Another configuration's line (a pinned one, for comparison) over a graph
 * that cuocc_plot_draw painted for series with the same size and style:
 * dashed, in the foreground colour, on series' axes. Its y follows unit:
 * occupancy in percent, or its active warps on series' warp scale. */
void     cuocc_plot_draw_overlay (cairo_t              *cr,
                                  double                width,
                                  double                height,
                                  const CuoccSeries    *series,
                                  const CuoccSeries    *overlay,
                                  CuoccPlotYUnit        unit,
                                  const CuoccPlotStyle *style);

/* The same, for a style whose font differs from the default one: the plot
 * area's inset is measured from the tick labels, so it depends on the font.
 * It does not depend on the y unit, so toggling the unit never moves it. */
gboolean cuocc_plot_value_at_styled (const CuoccSeries    *series,
                                     const CuoccPlotStyle *style,
                                     double                width,
                                     double                height,
                                     double                x,
                                     double                y,
                                     gint64               *value);

/* The plot area (inside the axes) the drawing uses for a size, and the
 * input values its x axis spans. */
typedef struct {
  double x, y, width, height;
  gint64 x_lo, x_hi;
} CuoccPlotArea;

/* The plot area for this size; FALSE when the size leaves no room for one.
 * style may be NULL (the default font). */
gboolean cuocc_plot_get_area (const CuoccSeries    *series,
                              const CuoccPlotStyle *style,
                              double                width,
                              double                height,
                              CuoccPlotArea        *area);

/* Where the input value lies along the area's x axis, the inverse of
 * value_at; a value outside the axis' range lies at its nearer end. */
double   cuocc_plot_area_x_for_value (const CuoccPlotArea *area,
                                      double               value);

/* How an export is drawn; the data drawn are the functions' arguments.
 * Zero-initialised, an export has the y axis in percent, the light style
 * and no caption. The size has no default: an image needs one (1 to
 * CUOCC_PLOT_MAX_SIZE pixels a side), a CSV file ignores it. */
typedef struct {
  CuoccPlotYUnit unit;             /* the line graphs' y axis; a heatmap has none */
  const CuoccPlotStyle *style;     /* NULL: the light style */
  const char *caption;             /* lines under the picture, also SVG's and PDF's description; NULL for none */
  int width;                       /* the image's, in pixels */
  int height;
} CuoccPlotExportOptions;

/* Write the graph to path; the format comes from the extension (.png, .svg,
 * .pdf, .csv). pinned, where not NULL, is another configuration's series,
 * drawn dashed over the graph. The file is replaced atomically: a failed
 * export leaves what was there. options may be NULL (all zero). */
gboolean cuocc_plot_export       (const CuoccSeries            *series,
                                  const CuoccSeries            *pinned,
                                  const CuoccPlotExportOptions *options,
                                  const char                   *path,
                                  GError                      **error);

/* Several graphs in one PNG, SVG or PDF image, in rows, with one caption
 * under them all; pinned[i], where pinned and it are not NULL, is drawn
 * dashed over series[i]. */
gboolean cuocc_plot_export_sheet (const CuoccSeries *const     *series,
                                  const CuoccSeries *const     *pinned,
                                  guint                         n_series,
                                  const CuoccPlotExportOptions *options,
                                  const char                   *path,
                                  GError                      **error);

/* A caption for an exported graph: the GPU and the inputs on one line
 * ("NVIDIA H100 SXM5 (compute capability 9.0): 256 threads per block, 40
 * registers per thread, 12000 bytes of shared memory per block"); with
 * pinned_gpu and pinned_input, a second line for the pinned configuration. */
char    *cuocc_plot_caption      (const CuoccGpu   *gpu,
                                  const CuoccInput *input,
                                  const CuoccGpu   *pinned_gpu,
                                  const CuoccInput *pinned_input);

#define CUOCC_PLOT_MAX_SIZE 16384

/* A heatmap of occupancy over block size (x) and registers per thread or
 * shared memory per block (y, grid->y_kind), one cell per pair of inputs,
 * painted into (0, 0, width, height); hover shows the cell's value. */
void     cuocc_plot_draw_heatmap (cairo_t              *cr,
                                  double                width,
                                  double                height,
                                  const CuoccGrid      *grid,
                                  const CuoccPlotStyle *style,
                                  const CuoccPlotHover *hover);

/* The cell under the pointer (or any point) of the heatmap; FALSE outside it. */
gboolean cuocc_plot_heatmap_cell_at (const CuoccGrid      *grid,
                                     const CuoccPlotStyle *style,
                                     double                width,
                                     double                height,
                                     const CuoccPlotHover *point,
                                     guint                *i,
                                     guint                *j);

/* Like cuocc_plot_export, for a heatmap; CSV comes from cuocc_grid_to_csv. */
gboolean cuocc_plot_export_heatmap (const CuoccGrid              *grid,
                                    const CuoccPlotExportOptions *options,
                                    const char                   *path,
                                    GError                      **error);

/* How a library's kernels spread over occupancy on one GPU: a bar for each
 * tenth, [0 %, 10 %) … [90 %, 100 %], 100 % in the last. */
#define CUOCC_HISTOGRAM_BINS 10

typedef struct {
  guint counts[CUOCC_HISTOGRAM_BINS];
  guint n_kernels;
  const char *title;               /* NULL: "Kernels by occupancy" */
} CuoccHistogram;

guint    cuocc_histogram_bin      (double                occupancy);
void     cuocc_histogram_add      (CuoccHistogram       *histogram,
                                   double                occupancy);
char    *cuocc_histogram_to_csv   (const CuoccHistogram *histogram);

/* The histogram painted into (0, 0, width, height); highlighted is a bar
 * drawn stronger than the others, or -1 for none. */
void     cuocc_plot_draw_histogram (cairo_t              *cr,
                                    double                width,
                                    double                height,
                                    const CuoccHistogram *histogram,
                                    const CuoccPlotStyle *style,
                                    int                   highlighted);
gboolean cuocc_plot_histogram_bin_at (const CuoccHistogram *histogram,
                                      const CuoccPlotStyle *style,
                                      double                width,
                                      double                height,
                                      double                x,
                                      double                y,
                                      guint                *bin);

/* Like cuocc_plot_export, for a histogram; CSV from cuocc_histogram_to_csv. */
gboolean cuocc_plot_export_histogram (const CuoccHistogram         *histogram,
                                      const CuoccPlotExportOptions *options,
                                      const char                   *path,
                                      GError                      **error);

G_END_DECLS
