/* cuocc-plot-private.h — what the drawing module's files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "cuocc-plot.h"

G_BEGIN_DECLS

#define PLOT_MAX_TICKS 72
#define PLOT_MAX_LEGEND (CUOCC_MAX_SMEM_CONFIGS + 1)
#define PLOT_LABEL_LEN 32
#define PLOT_N_UNITS 2

typedef struct {
  double x, y, width, height;
} PlotRect;

typedef struct {
  double pos;                      /* 0..1 along the axis */
  double width;                    /* the label's measured width */
  char label[PLOT_LABEL_LEN];
} PlotTick;

typedef struct {
  guint line;                      /* index into series->lines */
  double x, y;                     /* the swatch's left edge and the row's top */
  double text_x;
  char label[48];
} PlotLegendEntry;

/* Everything the drawing places, measured once by plot_layout_compute ()
 * and shared by the drawing and the pointer's inverse mapping. */
typedef struct {
  PlotRect area;
  double pad;
  double font_size;
  double line_height;              /* one line of label text */
  double tick_length;
  double gap;
  double title_x, title_y;
  double title_max_width;          /* beyond it, the title is ellipsized */
  double y_title_x;                /* the rotated title's left edge */
  double y_title_center;
  double x_title_y;
  double x_title_center;
  double x_label_y;                /* the x tick labels' top */
  double y_label_right;            /* the y tick labels' right edge */
  gint64 x_lo, x_hi;               /* the x axis' range in data units */
  guint n_x_ticks;
  PlotTick x_ticks[PLOT_MAX_TICKS];
  guint n_y_ticks[PLOT_N_UNITS];
  PlotTick y_ticks[PLOT_N_UNITS][PLOT_MAX_TICKS];
  guint n_legend;
  PlotLegendEntry legend[PLOT_MAX_LEGEND];
} PlotLayout;

/* How the pointer's x snaps to an input value. */
typedef struct {
  gint64 step;
  gint64 lo;
  gint64 hi;
} PlotSnap;

const CuoccPlotStyle *plot_style_or_default (const CuoccPlotStyle *style);
PangoFontDescription *plot_font_description (const CuoccPlotStyle *style,
                                             double                scale,
                                             gboolean              bold);
void                  plot_context_setup    (PangoContext         *context);
PangoLayout          *plot_measure_layout   (void);
void                  plot_measure          (PangoLayout          *layout,
                                             const char           *text,
                                             double               *width,
                                             double               *height);

/* Text for drawing: layouts cached per thread by font and string, on a
 * context kept in step with the target, so labels are shaped once and not
 * on every frame. The layouts belong to the cache. */
typedef struct _PlotText PlotText;

PlotText    *plot_text_begin    (cairo_t              *cr);
void         plot_text_set_font (PlotText             *text,
                                 const CuoccPlotStyle *style,
                                 double                scale,
                                 gboolean              bold);
PangoLayout *plot_text_layout   (PlotText             *text,
                                 const char           *string);

void        plot_paint_readout (cairo_t              *cr,
                                PangoLayout          *text,
                                const PlotRect       *area,
                                double                font_size,
                                double                pad,
                                const CuoccPlotHover *hover,
                                const CuoccPlotStyle *style);

const char *plot_title   (CuoccSeriesKind kind);
const char *plot_heatmap_title (CuoccSeriesKind y_kind);
const char *plot_x_title (CuoccSeriesKind kind);
const char *plot_y_title (CuoccPlotYUnit  unit);
void        plot_format_x_tick (CuoccSeriesKind kind, gint64 value, char *buf, gsize size);
void        plot_format_size   (gint64 bytes, char *buf, gsize size);
void        plot_format_percent (double fraction, char *buf, gsize size);
void        plot_format_config (gint64 bytes, char *buf, gsize size);

gboolean plot_layout_compute (PlotLayout           *layout,
                              const CuoccSeries    *series,
                              const CuoccPlotStyle *style,
                              double                width,
                              double                height);
void     plot_snap_compute   (const CuoccSeries    *series,
                              PlotSnap             *snap);
gint64   plot_snap_value     (const PlotLayout     *layout,
                              const PlotSnap       *snap,
                              double                x);
double   plot_x_position     (const PlotLayout     *layout,
                              double                value);
gboolean plot_area_contains  (const PlotRect       *area,
                              double                x,
                              double                y);

G_END_DECLS
