/* cuocc-plot-private.h — what the drawing module's files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "cuocc-plot.h"

G_BEGIN_DECLS

/* The graphs' proportions: fonts scale from the style's font size. */
#define PLOT_DEFAULT_FONT_SIZE 13.0
#define PLOT_DEFAULT_LINE_WIDTH 2.0
#define PLOT_TICK_FONT_SCALE 0.92
#define PLOT_TITLE_FONT_SCALE 1.2

#define PLOT_MAX_TICKS 72
#define PLOT_MAX_LEGEND (CUOCC_MAX_SMEM_CONFIGS + 1)
#define PLOT_LABEL_LEN 32
#define PLOT_N_UNITS 2

/* Stores value through an optional (out) pointer. */
#define PLOT_SET_OUT(out, value) G_STMT_START { if ((out) != NULL) *(out) = (value); } G_STMT_END

typedef struct {
  double x, y, width, height;
} PlotRect;

/* A tick's label on a graph's axis, or a heatmap's or its colour bar's label. */
typedef struct {
  double pos;                      /* a graph's tick: 0..1 along the axis */
  guint index;                     /* a heatmap's label: its column or row */
  double center;                   /* where along the axis it is centred */
  double width;                    /* the label's measured width */
  gboolean shown;                  /* FALSE where it would run into a neighbour or off the edge */
  double x, y;                     /* where it is shown, its top left */
  char label[PLOT_LABEL_LEN];
} PlotTick;

typedef struct {
  guint line;                      /* index into series->lines */
  double x, y;                     /* the swatch's left edge and the row's top */
  double text_x;
  double width;                    /* the label's, without the swatch */
  char label[48];
} PlotLegendEntry;

/* What every graph places around its plot area: the title over it, the
 * axis titles beside and below it, the tick labels' rows. */
typedef struct {
  PlotRect area;
  double pad;
  double font_size;
  double line_height;              /* one line of label text */
  double tick_length;
  double gap;
  double title_width;              /* as shown: its widest line */
  double title_height;             /* one line, or two where it is wrapped */
  gboolean title_wrapped;          /* wider than title_max_width on one line */
  double axis_height;              /* one line of an axis title */
  double title_x, title_y;
  double title_max_width;          /* beyond it, the title wraps, and beyond two lines is ellipsized */
  double y_title_x;                /* the rotated title's left edge */
  double y_title_center;           /* the plot area's middle, where it goes when it fits */
  double y_title_top;              /* the room it may take, beyond the plot area where */
  double y_title_bottom;           /*   no other text is beside it */
  double x_title_width;            /* measured, before any ellipsizing */
  double x_title_y;
  double x_title_center;
  double x_label_y;                /* the x tick labels' top */
  double y_label_right;            /* the y tick labels' right edge */
  double width;                    /* the surface's */
} PlotFrame;

/* Everything the drawing places, measured once by _cuocc_plot_layout_compute ()
 * and shared by the drawing and the pointer's inverse mapping. */
typedef struct {
  PlotFrame frame;
  gint64 x_lo, x_hi;               /* the x axis' range in data units */
  guint n_x_ticks;
  PlotTick x_ticks[PLOT_MAX_TICKS];
  guint n_y_ticks[PLOT_N_UNITS];
  PlotTick y_ticks[PLOT_N_UNITS][PLOT_MAX_TICKS];
  guint n_legend;                  /* the configurations, for the read-out too */
  guint legend_rows;               /* 0: the legend does not fit and is not shown */
  PlotLegendEntry legend[PLOT_MAX_LEGEND];
} PlotLayout;

/* How the pointer's x snaps to an input value. */
typedef struct {
  gint64 step;
  gint64 lo;
  gint64 hi;
} PlotSnap;

/* cuocc-plot-style.c */
const CuoccPlotStyle *_cuocc_plot_style_or_default  (const CuoccPlotStyle *style);
void                  _cuocc_plot_set_color         (cairo_t              *cr,
                                                     const CuoccPlotColor *color,
                                                     double                alpha);
void                  _cuocc_plot_paint_background  (cairo_t              *cr,
                                                     const CuoccPlotStyle *style,
                                                     double                width,
                                                     double                height);
const CuoccPlotColor *_cuocc_plot_line_color        (const CuoccPlotStyle *style,
                                                     const CuoccSeries    *series,
                                                     guint                 index);
double                _cuocc_plot_line_width        (const CuoccPlotStyle *style);
void                  _cuocc_plot_stroke            (cairo_t              *cr,
                                                     const CuoccPlotColor *color,
                                                     double                alpha,
                                                     double                width);
double                _cuocc_plot_config_line_width (const CuoccPlotStyle *style,
                                                     const CuoccSeries    *series,
                                                     guint                 index);

/* cuocc-plot-text.c: measuring on a private context, and text for
 * drawing: layouts cached per thread by font and string, on a context kept
 * in step with the target, so labels are shaped once and not on every
 * frame. The layouts belong to the cache. */
typedef struct _PlotText PlotText;

double                _cuocc_plot_font_size        (const CuoccPlotStyle *style);
PangoFontDescription *_cuocc_plot_font_description (const CuoccPlotStyle *style,
                                                    double                scale,
                                                    gboolean              bold);
void                  _cuocc_plot_context_setup    (PangoContext         *context);
PangoLayout          *_cuocc_plot_measure_layout   (void);
void                  _cuocc_plot_measure_set_font (PangoLayout          *measure,
                                                    const CuoccPlotStyle *style,
                                                    double                scale,
                                                    gboolean              bold);
void                  _cuocc_plot_measure          (PangoLayout          *layout,
                                                    const char           *text,
                                                    double               *width,
                                                    double               *height);
void                  _cuocc_plot_title_wrap       (PangoLayout          *layout,
                                                    double                width);

PlotText    *_cuocc_plot_text_begin            (cairo_t              *cr);
void         _cuocc_plot_text_set_font         (PlotText             *text,
                                                const CuoccPlotStyle *style,
                                                double                scale,
                                                gboolean              bold);
PangoLayout *_cuocc_plot_text_layout           (PlotText             *text,
                                                const char           *string);
void         _cuocc_plot_text_show             (cairo_t              *cr,
                                                PlotText             *text,
                                                const char           *string,
                                                double                x,
                                                double                y);
void         _cuocc_plot_text_show_labels      (cairo_t              *cr,
                                                PlotText             *text,
                                                const PlotTick       *labels,
                                                guint                 n);
void         _cuocc_plot_text_show_axis_titles (cairo_t           *cr,
                                                PlotText          *text,
                                                const PlotFrame   *frame,
                                                const char        *x_title,
                                                const char        *y_title);
void         _cuocc_plot_text_show_title       (cairo_t              *cr,
                                                PlotText             *text,
                                                const char           *string,
                                                const PlotFrame      *frame);

/* cuocc-plot-labels.c */
const char *_cuocc_plot_title          (CuoccSeriesKind kind);
const char *_cuocc_plot_heatmap_title  (CuoccSeriesKind y_kind);
const char *_cuocc_plot_x_title        (CuoccSeriesKind kind);
const char *_cuocc_plot_y_title        (CuoccPlotYUnit  unit);
void        _cuocc_plot_format_kib     (gint64          bytes,
                                        const char     *suffix,
                                        char           *buf,
                                        gsize           size);
void        _cuocc_plot_format_x_tick  (CuoccSeriesKind kind,
                                        gint64          value,
                                        char           *buf,
                                        gsize           size);
void        _cuocc_plot_format_size    (gint64          bytes,
                                        char           *buf,
                                        gsize           size);
void        _cuocc_plot_format_percent (double          fraction,
                                        char           *buf,
                                        gsize           size);
void        _cuocc_plot_format_config  (gint64          bytes,
                                        char           *buf,
                                        gsize           size);

/* cuocc-plot-heatmap.c */
guint _cuocc_plot_heatmap_text_boxes (const CuoccGrid      *grid,
                                      const CuoccPlotStyle *style,
                                      double                width,
                                      double                height,
                                      PlotRect             *boxes,
                                      guint                 max_boxes);

/* cuocc-plot-readout.c */
const CuoccPoint *_cuocc_plot_line_point_at        (const CuoccLine      *line,
                                                    gint64                x);
char             *_cuocc_plot_readout_text         (const CuoccSeries    *series,
                                                    const PlotLayout     *layout,
                                                    gint64                value);
char             *_cuocc_plot_heatmap_readout_text (const CuoccGrid  *grid,
                                                    guint             i,
                                                    guint             j);
void              _cuocc_plot_paint_readout        (cairo_t              *cr,
                                                    PangoLayout          *text,
                                                    const PlotRect       *area,
                                                    double                font_size,
                                                    double                pad,
                                                    const CuoccPlotHover *hover,
                                                    const CuoccPlotStyle *style);

/* cuocc-plot-layout.c */
void     _cuocc_plot_frame_measure        (PlotFrame            *frame,
                                           PangoLayout          *measure,
                                           const CuoccPlotStyle *style,
                                           const char           *title,
                                           const char           *x_title,
                                           double                width);
double   _cuocc_plot_frame_y_title_center (const PlotFrame *frame,
                                           double           length);
double   _cuocc_plot_frame_left           (const PlotFrame      *frame,
                                           double                y_label_width);
double   _cuocc_plot_frame_top            (const PlotFrame      *frame);
double   _cuocc_plot_frame_bottom         (const PlotFrame      *frame,
                                           double                height);
void     _cuocc_plot_frame_place          (PlotFrame            *frame,
                                           double                left,
                                           double                right,
                                           double                top,
                                           double                bottom,
                                           double                width);
void     _cuocc_plot_frame_place_row      (const PlotFrame *frame,
                                           PlotTick        *labels,
                                           guint            n,
                                           double           gap);
void     _cuocc_plot_frame_place_column   (const PlotFrame *frame,
                                           PlotTick        *labels,
                                           guint            n,
                                           double           gap);
gboolean _cuocc_plot_layout_compute       (PlotLayout           *layout,
                                           const CuoccSeries    *series,
                                           const CuoccPlotStyle *style,
                                           double                width,
                                           double                height);
guint    _cuocc_plot_frame_text_boxes     (const PlotFrame      *frame,
                                           const CuoccPlotStyle *style,
                                           const char           *title,
                                           const char           *x_title,
                                           const char           *y_title,
                                           PlotRect             *boxes,
                                           guint                 max_boxes);
guint    _cuocc_plot_frame_label_boxes    (const PlotFrame      *frame,
                                           const PlotTick       *labels,
                                           guint                 n_labels,
                                           PlotRect             *boxes,
                                           guint                 n,
                                           guint                 max_boxes);
guint    _cuocc_plot_layout_text_boxes    (const PlotLayout     *layout,
                                           const CuoccSeries    *series,
                                           const CuoccPlotStyle *style,
                                           CuoccPlotYUnit        unit,
                                           PlotRect             *boxes,
                                           guint                 max_boxes);
void     _cuocc_plot_snap_compute         (const CuoccSeries    *series,
                                           PlotSnap             *snap);
gint64   _cuocc_plot_snap_value           (const PlotLayout     *layout,
                                           const PlotSnap       *snap,
                                           double                x);
void     _cuocc_plot_layout_get_area      (const PlotLayout    *layout,
                                           CuoccPlotArea       *area);
double   _cuocc_plot_x_position           (const PlotLayout     *layout,
                                           double                value);
gboolean _cuocc_plot_area_contains        (const PlotRect       *area,
                                           double                x,
                                           double                y);

G_END_DECLS
