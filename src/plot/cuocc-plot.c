/* cuocc-plot.c — paints an occupancy graph on any cairo context.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Occupancy changes in steps: every value between two points of the series
 * allocates like the point above it (33 to 64 threads are two warps), so a
 * line is drawn as horizontal runs that end at each point and jump there.
 */
#include "config.h"

#include <math.h>

#include "cuocc-plot-private.h"

/* ----- pixels ----- */

/* Snaps coordinates so a line of a whole number of device pixels covers
 * whole pixels: odd widths on pixel centres, even ones on pixel edges.
 * Only for axis-aligned transforms; elsewhere it leaves values alone. */
typedef struct {
  gboolean enabled;
  double scale_x, scale_y;
  double offset_x, offset_y;
} PixelGrid;

static void
pixel_grid_init (PixelGrid *grid,
                 cairo_t   *cr)
{
  cairo_matrix_t m;

  cairo_get_matrix (cr, &m);
  grid->enabled = m.xy == 0 && m.yx == 0 && m.xx > 0 && m.yy > 0;
  grid->scale_x = m.xx;
  grid->scale_y = m.yy;
  grid->offset_x = m.x0;
  grid->offset_y = m.y0;
}

static double
pixel_snap (double value,
            double scale,
            double offset,
            double line_width)
{
  double device = value * scale + offset;
  long width = lround (line_width * scale);

  if (width % 2 == 1)
    device = floor (device) + 0.5;
  else
    device = round (device);

  return (device - offset) / scale;
}

static double
snap_x (const PixelGrid *grid,
        double           x,
        double           line_width)
{
  return grid->enabled ? pixel_snap (x, grid->scale_x, grid->offset_x, line_width) : x;
}

static double
snap_y (const PixelGrid *grid,
        double           y,
        double           line_width)
{
  return grid->enabled ? pixel_snap (y, grid->scale_y, grid->offset_y, line_width) : y;
}

/* ----- one drawing ----- */

/* What the parts of one drawing of a series read: where to draw, the
 * layout, and room for the corners of its longest line. */
typedef struct {
  cairo_t *cr;
  PlotText *text;
  const PlotLayout *layout;
  PixelGrid grid;
  PlotSnap snap;
  const CuoccSeries *series;
  CuoccPlotYUnit unit;
  const CuoccPlotStyle *style;
  double *xy;
} GraphPaint;

static void
graph_paint_init (GraphPaint           *p,
                  cairo_t              *cr,
                  const PlotLayout     *layout,
                  const CuoccSeries    *series,
                  CuoccPlotYUnit        unit,
                  const CuoccPlotStyle *style)
{
  guint max_points = 0;

  for (guint i = 0; i < series->n_lines; i++)
    max_points = MAX (max_points, series->lines[i].n_points);

  *p = (GraphPaint) { .cr = cr, .layout = layout, .series = series, .unit = unit, .style = style };
  _cuocc_plot_snap_compute (series, &p->snap);
  pixel_grid_init (&p->grid, cr);
  p->xy = g_new (double, 4 * max_points + 8);
}

/* ----- the steps ----- */

/* The corners of a line's steps, mapped to 0..1 on both axes, with runs of
 * equal occupancy merged: a smem line of two thousand points has a few
 * dozen corners. Returns the number of (x, y) pairs written to p->xy, which
 * holds 2 × (2 × n_points + 2) doubles. */
static guint
step_corners (const GraphPaint *p,
              const CuoccLine  *line)
{
  const PlotLayout *layout = p->layout;
  double x_scale = 1.0 / (double) (layout->x_hi - layout->x_lo);
  double y_scale = 1.0 / MAX (p->series->max_warps, 1);
  const CuoccPoint *pt = line->points;
  double *xy = p->xy;
  guint n = 0;
  gint64 start = pt[0].x;
  double level;

#define CORNER(X, Y) G_STMT_START { \
    xy[2 * n] = CLAMP (((double) (X) - layout->x_lo) * x_scale, 0.0, 1.0); \
    xy[2 * n + 1] = (Y); \
    n++; \
  } G_STMT_END

  /* 1 to 32 threads allocate like 32, so the first run reaches back a warp. */
  if (p->series->kind == CUOCC_SERIES_THREADS && start > layout->x_lo)
    start = MAX (layout->x_lo, start - p->snap.step);

  level = pt[0].active_warps * y_scale;
  CORNER (start, level);
  for (guint i = 1; i < line->n_points; i++)
    {
      double next = pt[i].active_warps * y_scale;

      if (next != level)
        {
          CORNER (pt[i - 1].x, level);
          CORNER (pt[i - 1].x, next);
          level = next;
        }
    }
  CORNER (pt[line->n_points - 1].x, level);

#undef CORNER

  return n;
}

/* Adds line's steps to the path, snapped for a line line_width wide;
 * returns the number of corners, left in p->xy. */
static guint
path_steps (const GraphPaint *p,
            const CuoccLine  *line,
            double            line_width)
{
  const PlotRect *a = &p->layout->frame.area;
  guint n = step_corners (p, line);

  for (guint i = 0; i < n; i++)
    {
      double x = snap_x (&p->grid, a->x + p->xy[2 * i] * a->width, line_width);
      double y = snap_y (&p->grid, a->y + (1.0 - p->xy[2 * i + 1]) * a->height, line_width);

      if (i == 0)
        cairo_move_to (p->cr, x, y);
      else
        cairo_line_to (p->cr, x, y);
    }

  return n;
}

/* A light fill under the current configuration's line lets the eye find it
 * among the other configurations'. On an opaque background the tint is
 * blended here and filled opaque, which cairo does several times faster than
 * blending a translucent polygon over a full-screen graph. */
static void
draw_fill (const GraphPaint *p)
{
  const CuoccSeries *series = p->series;
  const PlotRect *a = &p->layout->frame.area;
  const CuoccPlotColor *color = _cuocc_plot_line_color (p->style, series, 0);
  const CuoccPlotColor *bg = &p->style->background;
  double alpha = (series->n_lines > 1 ? 0.10 : 0.14) * color->a;
  double width = _cuocc_plot_line_width (p->style);
  double bottom = a->y + a->height;
  guint n;

  if (series->lines[0].n_points == 0)
    return;

  n = path_steps (p, &series->lines[0], width);
  cairo_line_to (p->cr, snap_x (&p->grid, a->x + p->xy[2 * (n - 1)] * a->width, width), bottom);
  cairo_line_to (p->cr, snap_x (&p->grid, a->x + p->xy[0] * a->width, width), bottom);
  cairo_close_path (p->cr);

  if (bg->a >= 1.0)
    cairo_set_source_rgb (p->cr,
                          bg->r + (color->r - bg->r) * alpha,
                          bg->g + (color->g - bg->g) * alpha,
                          bg->b + (color->b - bg->b) * alpha);
  else
    _cuocc_plot_set_color (p->cr, color, alpha / MAX (color->a, 1e-6));
  cairo_fill (p->cr);
}

static void
draw_line (const GraphPaint *p,
           guint             index)
{
  const CuoccLine *line = &p->series->lines[index];
  double width = _cuocc_plot_config_line_width (p->style, p->series, index);

  if (line->n_points == 0)
    return;

  path_steps (p, line, width);
  _cuocc_plot_stroke (p->cr, _cuocc_plot_line_color (p->style, p->series, index), 1.0, width);
}

/* Inside the plot area and a line's width around it. */
static void
clip_to_area (const GraphPaint *p,
              double            line_width)
{
  const PlotRect *a = &p->layout->frame.area;

  cairo_rectangle (p->cr, a->x - line_width, a->y - line_width, a->width + 2 * line_width, a->height + 2 * line_width);
  cairo_clip (p->cr);
}

/* ----- axes, grid, labels ----- */

/* Hairlines are added as thin rectangles: on pixel-aligned coordinates
 * cairo fills those as boxes, much faster than it strokes lines. */
static void
hairline_v (cairo_t *cr,
            double   x,
            double   y0,
            double   y1,
            double   hairline)
{
  cairo_rectangle (cr, x - hairline / 2, MIN (y0, y1), hairline, fabs (y1 - y0));
}

static void
hairline_h (cairo_t *cr,
            double   x0,
            double   x1,
            double   y,
            double   hairline)
{
  cairo_rectangle (cr, MIN (x0, x1), y - hairline / 2, fabs (x1 - x0), hairline);
}

static double
hairline_width (const PixelGrid *grid)
{
  return grid->enabled ? 1.0 / grid->scale_x : 1.0;
}

/* The grid lines across the plot area at each tick but the axes', then the
 * axes with their tick marks; the lines drawn between them lie over the
 * grid and under the axes. */
static void
draw_grid (const GraphPaint *p)
{
  const PlotLayout *layout = p->layout;
  const PlotRect *a = &layout->frame.area;
  double hairline = hairline_width (&p->grid);

  for (guint i = 0; i < layout->n_y_ticks[p->unit]; i++)
    if (layout->y_ticks[p->unit][i].pos > 0)
      hairline_h (p->cr, a->x, a->x + a->width, snap_y (&p->grid, layout->y_ticks[p->unit][i].center, hairline),
                  hairline);
  for (guint i = 0; i < layout->n_x_ticks; i++)
    if (layout->x_ticks[i].pos > 0)
      hairline_v (p->cr, snap_x (&p->grid, layout->x_ticks[i].center, hairline), a->y, a->y + a->height,
                  hairline);
  _cuocc_plot_set_color (p->cr, &p->style->grid, 1.0);
  cairo_fill (p->cr);
}

static void
draw_axes (const GraphPaint *p)
{
  const PlotLayout *layout = p->layout;
  const PlotRect *a = &layout->frame.area;
  double hairline = hairline_width (&p->grid);
  double left = snap_x (&p->grid, a->x, hairline);
  double bottom = snap_y (&p->grid, a->y + a->height, hairline);

  /* The axes meet at the corner without overlapping, so it is not darker. */
  hairline_v (p->cr, left, a->y, bottom - hairline / 2, hairline);
  hairline_h (p->cr, left - hairline / 2, a->x + a->width, bottom, hairline);

  for (guint i = 0; i < layout->n_x_ticks; i++)
    hairline_v (p->cr, snap_x (&p->grid, layout->x_ticks[i].center, hairline), bottom + hairline / 2,
                bottom + layout->frame.tick_length, hairline);
  for (guint i = 0; i < layout->n_y_ticks[p->unit]; i++)
    hairline_h (p->cr, left - hairline / 2, left - layout->frame.tick_length,
                snap_y (&p->grid, layout->y_ticks[p->unit][i].center, hairline), hairline);
  _cuocc_plot_set_color (p->cr, &p->style->foreground, 0.55);
  cairo_fill (p->cr);
}

static void
draw_text (const GraphPaint *p)
{
  const PlotLayout *layout = p->layout;

  _cuocc_plot_text_set_font (p->text, p->style, PLOT_TICK_FONT_SCALE, FALSE);
  _cuocc_plot_set_color (p->cr, &p->style->foreground, 0.8);
  _cuocc_plot_text_show_labels (p->cr, p->text, layout->x_ticks, layout->n_x_ticks);
  _cuocc_plot_text_show_labels (p->cr, p->text, layout->y_ticks[p->unit], layout->n_y_ticks[p->unit]);

  _cuocc_plot_set_color (p->cr, &p->style->foreground, 1.0);
  _cuocc_plot_text_set_font (p->text, p->style, PLOT_TITLE_FONT_SCALE, TRUE);
  _cuocc_plot_text_show_title (p->cr, p->text, _cuocc_plot_title (p->series->kind), &layout->frame);

  _cuocc_plot_set_color (p->cr, &p->style->foreground, 0.85);
  _cuocc_plot_text_set_font (p->text, p->style, 1.0, FALSE);
  _cuocc_plot_text_show_axis_titles (p->cr, p->text, &layout->frame, _cuocc_plot_x_title (p->series->kind),
                              _cuocc_plot_y_title (p->unit));
}

static void
draw_legend (const GraphPaint *p)
{
  const PlotLayout *layout = p->layout;

  if (layout->legend_rows == 0)
    return;

  _cuocc_plot_text_set_font (p->text, p->style, PLOT_TICK_FONT_SCALE, FALSE);
  for (guint i = 0; i < layout->n_legend; i++)
    {
      const PlotLegendEntry *entry = &layout->legend[i];
      double width = _cuocc_plot_config_line_width (p->style, p->series, entry->line);
      double y = snap_y (&p->grid, entry->y + layout->frame.line_height / 2, width);

      cairo_move_to (p->cr, entry->x, y);
      cairo_line_to (p->cr, entry->text_x - layout->frame.gap, y);
      _cuocc_plot_stroke (p->cr, _cuocc_plot_line_color (p->style, p->series, entry->line), 1.0, width);

      _cuocc_plot_set_color (p->cr, &p->style->foreground, 0.85);
      _cuocc_plot_text_show (p->cr, p->text, entry->label, entry->text_x, entry->y);
    }
}

/* A triangle like the Excel sheet's, centred on the current point, with a
 * faint drop line to the x axis so its value can be read off (solid: dashes
 * mean only "pinned"). */
static void
draw_marker (const GraphPaint *p)
{
  const PlotLayout *layout = p->layout;
  cairo_t *cr = p->cr;
  double size = round (layout->frame.font_size * 0.95);
  double hairline = hairline_width (&p->grid);
  double level = (double) p->series->current.active_warps / MAX (p->series->max_warps, 1);
  double x = _cuocc_plot_x_position (layout, p->series->current_x);
  double y = layout->frame.area.y + (1.0 - CLAMP (level, 0.0, 1.0)) * layout->frame.area.height;
  double line_x = snap_x (&p->grid, x, hairline);

  cairo_save (cr);
  cairo_move_to (cr, line_x, y + size * 0.5);
  cairo_line_to (cr, line_x, layout->frame.area.y + layout->frame.area.height);
  _cuocc_plot_stroke (cr, &p->style->marker, 0.45, hairline);
  cairo_restore (cr);

  cairo_move_to (cr, x, y - size * 0.66);
  cairo_line_to (cr, x + size * 0.6, y + size * 0.4);
  cairo_line_to (cr, x - size * 0.6, y + size * 0.4);
  cairo_close_path (cr);
  _cuocc_plot_set_color (cr, &p->style->marker, 1.0);
  if (p->style->background.a > 0)
    {
      cairo_fill_preserve (cr);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      _cuocc_plot_stroke (cr, &p->style->background, 1.0, 1.5);
    }
  else
    cairo_fill (cr);
}

/* ----- hover ----- */

static void
draw_hover (const GraphPaint     *p,
            const CuoccPlotHover *hover)
{
  const PlotLayout *layout = p->layout;
  const PlotRect *a = &layout->frame.area;
  double hairline = hairline_width (&p->grid);
  gint64 value = _cuocc_plot_snap_value (layout, &p->snap, hover->x);
  double x = snap_x (&p->grid, _cuocc_plot_x_position (layout, value), hairline);
  g_autofree char *reading = _cuocc_plot_readout_text (p->series, layout, value);

  cairo_move_to (p->cr, x, a->y);
  cairo_line_to (p->cr, x, a->y + a->height);
  _cuocc_plot_stroke (p->cr, &p->style->foreground, 0.45, hairline);

  for (guint i = p->series->n_lines; i-- > 0;)
    {
      const CuoccPoint *point = _cuocc_plot_line_point_at (&p->series->lines[i], value);
      double level;

      if (point == NULL || (i > 0 && layout->n_legend == 0))
        continue;
      level = (double) point->active_warps / MAX (p->series->max_warps, 1);
      cairo_arc (p->cr, x, a->y + (1.0 - level) * a->height, _cuocc_plot_line_width (p->style) + 1.5, 0, 2 * G_PI);
      _cuocc_plot_set_color (p->cr, _cuocc_plot_line_color (p->style, p->series, i), 1.0);
      cairo_fill (p->cr);
    }

  _cuocc_plot_text_set_font (p->text, p->style, PLOT_TICK_FONT_SCALE, FALSE);
  _cuocc_plot_paint_readout (p->cr, _cuocc_plot_text_layout (p->text, reading), a, layout->frame.font_size, layout->frame.gap,
                      hover, p->style);
}

/* ----- public API ----- */

void
cuocc_plot_draw (cairo_t              *cr,
                 double                width,
                 double                height,
                 const CuoccSeries    *series,
                 CuoccPlotYUnit        unit,
                 const CuoccPlotStyle *style,
                 const CuoccPlotHover *hover)
{
  PlotLayout layout;
  GraphPaint p;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (series != NULL);
  g_return_if_fail (unit == CUOCC_PLOT_Y_PERCENT || unit == CUOCC_PLOT_Y_WARPS);

  style = _cuocc_plot_style_or_default (style);

  cairo_save (cr);

  _cuocc_plot_paint_background (cr, style, width, height);

  if (series->n_lines == 0 || !_cuocc_plot_layout_compute (&layout, series, style, width, height))
    {
      cairo_restore (cr);
      return;
    }

  graph_paint_init (&p, cr, &layout, series, unit, style);
  p.text = _cuocc_plot_text_begin (cr);

  draw_fill (&p);
  draw_grid (&p);

  cairo_save (cr);
  clip_to_area (&p, style->line_width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint i = series->n_lines; i-- > 1;)
    if (series->lines[i].smem_config != series->lines[0].smem_config)
      draw_line (&p, i);
  draw_line (&p, 0);
  cairo_restore (cr);

  g_free (p.xy);

  draw_axes (&p);
  draw_text (&p);
  draw_legend (&p);
  draw_marker (&p);

  if (hover != NULL && hover->x >= 0 && _cuocc_plot_area_contains (&layout.frame.area, hover->x, hover->y))
    draw_hover (&p, hover);

  cairo_restore (cr);
}

void
cuocc_plot_draw_overlay (cairo_t              *cr,
                         double                width,
                         double                height,
                         const CuoccSeries    *series,
                         const CuoccSeries    *overlay,
                         CuoccPlotYUnit        unit,
                         const CuoccPlotStyle *style)
{
  static const double dashes[] = { 6.0, 4.0 };
  CuoccSeries scaled;
  PlotLayout layout;
  GraphPaint p;
  double width_px;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (series != NULL && overlay != NULL);

  style = _cuocc_plot_style_or_default (style);
  if (series->n_lines == 0 || overlay->n_lines == 0 || overlay->lines[0].n_points == 0 ||
      overlay->kind != series->kind ||
      !_cuocc_plot_layout_compute (&layout, series, style, width, height))
    return;

  /* In percent the overlay keeps its own scale (another GPU may have
   * another warp count); in warps it is read on series' axis. */
  scaled = *overlay;
  if (unit == CUOCC_PLOT_Y_WARPS)
    scaled.max_warps = series->max_warps;

  graph_paint_init (&p, cr, &layout, &scaled, unit, style);
  width_px = _cuocc_plot_line_width (style);

  cairo_save (cr);
  clip_to_area (&p, width_px);
  path_steps (&p, &scaled.lines[0], width_px);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  _cuocc_plot_stroke (cr, &style->foreground, 0.75, width_px);
  cairo_restore (cr);

  g_free (p.xy);
}

gboolean
cuocc_plot_value_at_styled (const CuoccSeries    *series,
                            const CuoccPlotStyle *style,
                            double                width,
                            double                height,
                            double                x,
                            double                y,
                            gint64               *value)
{
  PlotLayout layout;
  PlotSnap snap;

  g_return_val_if_fail (series != NULL, FALSE);

  if (series->n_lines == 0
      || !_cuocc_plot_layout_compute (&layout, series, style, width, height)
      || !_cuocc_plot_area_contains (&layout.frame.area, x, y))
    return FALSE;

  _cuocc_plot_snap_compute (series, &snap);
  PLOT_SET_OUT (value, _cuocc_plot_snap_value (&layout, &snap, x));

  return TRUE;
}

gboolean
cuocc_plot_value_at (const CuoccSeries *series,
                     double             width,
                     double             height,
                     double             x,
                     double             y,
                     gint64            *value)
{
  return cuocc_plot_value_at_styled (series, NULL, width, height, x, y, value);
}

gboolean
cuocc_plot_get_area (const CuoccSeries    *series,
                     const CuoccPlotStyle *style,
                     double                width,
                     double                height,
                     CuoccPlotArea        *area)
{
  PlotLayout layout;

  g_return_val_if_fail (series != NULL, FALSE);

  if (!_cuocc_plot_layout_compute (&layout, series, style, width, height))
    return FALSE;

  if (area != NULL)
    _cuocc_plot_layout_get_area (&layout, area);

  return TRUE;
}
