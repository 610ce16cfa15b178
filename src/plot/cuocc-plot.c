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

/* ----- the steps ----- */

/* The corners of a line's steps, mapped to 0..1 on both axes, with runs of
 * equal occupancy merged: a smem line of two thousand points has a few
 * dozen corners. Returns the number of (x, y) pairs written to xy, which
 * holds 2 × (2 × n_points + 2) doubles. */
static guint
step_corners (const CuoccSeries *series,
              const CuoccLine   *line,
              const PlotLayout  *layout,
              gint64             step,
              double            *xy)
{
  double x_scale = 1.0 / (double) (layout->x_hi - layout->x_lo);
  double y_scale = 1.0 / MAX (series->max_warps, 1);
  const CuoccPoint *p = line->points;
  guint n = 0;
  gint64 start = p[0].x;
  double level;

#define CORNER(X, Y) G_STMT_START { \
    xy[2 * n] = CLAMP (((double) (X) - layout->x_lo) * x_scale, 0.0, 1.0); \
    xy[2 * n + 1] = (Y); \
    n++; \
  } G_STMT_END

  /* 1 to 32 threads allocate like 32, so the first run reaches back a warp. */
  if (series->kind == CUOCC_SERIES_THREADS && start > layout->x_lo)
    start = MAX (layout->x_lo, start - step);

  level = p[0].active_warps * y_scale;
  CORNER (start, level);
  for (guint i = 1; i < line->n_points; i++)
    {
      double next = p[i].active_warps * y_scale;

      if (next != level)
        {
          CORNER (p[i - 1].x, level);
          CORNER (p[i - 1].x, next);
          level = next;
        }
    }
  CORNER (p[line->n_points - 1].x, level);

#undef CORNER

  return n;
}

static void
path_corners (cairo_t          *cr,
              const PlotLayout *layout,
              const PixelGrid  *grid,
              const double     *xy,
              guint             n,
              double            line_width)
{
  const PlotRect *a = &layout->frame.area;

  for (guint i = 0; i < n; i++)
    {
      double x = snap_x (grid, a->x + xy[2 * i] * a->width, line_width);
      double y = snap_y (grid, a->y + (1.0 - xy[2 * i + 1]) * a->height, line_width);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
}

/* A light fill under the current configuration's line lets the eye find it
 * among the other configurations'. On an opaque background the tint is
 * blended here and filled opaque, which cairo does several times faster than
 * blending a translucent polygon over a full-screen graph. */
static void
draw_fill (cairo_t              *cr,
           const CuoccSeries    *series,
           const PlotLayout     *layout,
           const PixelGrid      *grid,
           const PlotSnap       *snap,
           const CuoccPlotStyle *style,
           double               *xy)
{
  const CuoccPlotColor *color = plot_line_color (style, series, 0);
  const CuoccPlotColor *bg = &style->background;
  double alpha = (series->n_lines > 1 ? 0.10 : 0.14) * color->a;
  double width = plot_line_width (style);
  double bottom = layout->frame.area.y + layout->frame.area.height;
  guint n;

  if (series->lines[0].n_points == 0)
    return;

  n = step_corners (series, &series->lines[0], layout, snap->step, xy);
  path_corners (cr, layout, grid, xy, n, width);
  cairo_line_to (cr, snap_x (grid, layout->frame.area.x + xy[2 * (n - 1)] * layout->frame.area.width, width), bottom);
  cairo_line_to (cr, snap_x (grid, layout->frame.area.x + xy[0] * layout->frame.area.width, width), bottom);
  cairo_close_path (cr);

  if (bg->a >= 1.0)
    cairo_set_source_rgb (cr,
                          bg->r + (color->r - bg->r) * alpha,
                          bg->g + (color->g - bg->g) * alpha,
                          bg->b + (color->b - bg->b) * alpha);
  else
    plot_set_color (cr, color, alpha / MAX (color->a, 1e-6));
  cairo_fill (cr);
}

static void
draw_line (cairo_t              *cr,
           const CuoccSeries    *series,
           guint                 index,
           const PlotLayout     *layout,
           const PixelGrid      *grid,
           const PlotSnap       *snap,
           const CuoccPlotStyle *style,
           double               *xy)
{
  const CuoccLine *line = &series->lines[index];
  const CuoccPlotColor *color = plot_line_color (style, series, index);
  double width = plot_config_line_width (style, series, index);
  guint n;

  if (line->n_points == 0)
    return;

  n = step_corners (series, line, layout, snap->step, xy);
  path_corners (cr, layout, grid, xy, n, width);
  plot_stroke (cr, color, 1.0, width);
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

static void
draw_grid (cairo_t              *cr,
           const PlotLayout     *layout,
           const PixelGrid      *grid,
           CuoccPlotYUnit        unit,
           const CuoccPlotStyle *style)
{
  const PlotRect *a = &layout->frame.area;
  double hairline = hairline_width (grid);

  for (guint i = 0; i < layout->n_y_ticks[unit]; i++)
    {
      double y = snap_y (grid, layout->y_ticks[unit][i].center, hairline);

      if (layout->y_ticks[unit][i].pos > 0)
        hairline_h (cr, a->x, a->x + a->width, y, hairline);
    }
  for (guint i = 0; i < layout->n_x_ticks; i++)
    {
      double x = snap_x (grid, layout->x_ticks[i].center, hairline);

      if (layout->x_ticks[i].pos > 0)
        hairline_v (cr, x, a->y, a->y + a->height, hairline);
    }
  plot_set_color (cr, &style->grid, 1.0);
  cairo_fill (cr);
}

static void
draw_axes (cairo_t              *cr,
           const PlotLayout     *layout,
           const PixelGrid      *grid,
           CuoccPlotYUnit        unit,
           const CuoccPlotStyle *style)
{
  const PlotRect *a = &layout->frame.area;
  double hairline = hairline_width (grid);
  double left = snap_x (grid, a->x, hairline);
  double bottom = snap_y (grid, a->y + a->height, hairline);

  /* The axes meet at the corner without overlapping, so it is not darker. */
  hairline_v (cr, left, a->y, bottom - hairline / 2, hairline);
  hairline_h (cr, left - hairline / 2, a->x + a->width, bottom, hairline);

  for (guint i = 0; i < layout->n_x_ticks; i++)
    {
      double x = snap_x (grid, layout->x_ticks[i].center, hairline);

      hairline_v (cr, x, bottom + hairline / 2, bottom + layout->frame.tick_length, hairline);
    }
  for (guint i = 0; i < layout->n_y_ticks[unit]; i++)
    {
      double y = snap_y (grid, layout->y_ticks[unit][i].center, hairline);

      hairline_h (cr, left - hairline / 2, left - layout->frame.tick_length, y, hairline);
    }
  plot_set_color (cr, &style->foreground, 0.55);
  cairo_fill (cr);
}

static void
draw_tick_labels (cairo_t              *cr,
                  PlotText             *text,
                  const PlotLayout     *layout,
                  CuoccPlotYUnit        unit,
                  const CuoccPlotStyle *style)
{
  plot_text_set_font (text, style, PLOT_TICK_FONT_SCALE, FALSE);
  plot_set_color (cr, &style->foreground, 0.8);

  plot_text_show_labels (cr, text, layout->x_ticks, layout->n_x_ticks);
  plot_text_show_labels (cr, text, layout->y_ticks[unit], layout->n_y_ticks[unit]);
}

static void
draw_titles (cairo_t              *cr,
             PlotText             *text,
             const PlotLayout     *layout,
             const CuoccSeries    *series,
             CuoccPlotYUnit        unit,
             const CuoccPlotStyle *style)
{
  plot_set_color (cr, &style->foreground, 1.0);
  plot_text_set_font (text, style, PLOT_TITLE_FONT_SCALE, TRUE);
  plot_text_show_title (cr, text, plot_title (series->kind), &layout->frame);

  plot_set_color (cr, &style->foreground, 0.85);
  plot_text_set_font (text, style, 1.0, FALSE);
  plot_text_show_axis_titles (cr, text, &layout->frame, plot_x_title (series->kind), plot_y_title (unit));
}

static void
draw_legend (cairo_t              *cr,
             PlotText             *text,
             const PlotLayout     *layout,
             const PixelGrid      *grid,
             const CuoccSeries    *series,
             const CuoccPlotStyle *style)
{
  if (layout->legend_rows == 0)
    return;

  plot_text_set_font (text, style, PLOT_TICK_FONT_SCALE, FALSE);
  for (guint i = 0; i < layout->n_legend; i++)
    {
      const PlotLegendEntry *entry = &layout->legend[i];
      double width = plot_config_line_width (style, series, entry->line);
      double y = snap_y (grid, entry->y + layout->frame.line_height / 2, width);

      cairo_move_to (cr, entry->x, y);
      cairo_line_to (cr, entry->text_x - layout->frame.gap, y);
      plot_stroke (cr, plot_line_color (style, series, entry->line), 1.0, width);

      plot_set_color (cr, &style->foreground, 0.85);
      plot_text_show (cr, text, entry->label, entry->text_x, entry->y);
    }
}

static void
marker_position (const PlotLayout  *layout,
                 const CuoccSeries *series,
                 double            *x,
                 double            *y)
{
  double level = (double) series->current.active_warps / MAX (series->max_warps, 1);

  *x = plot_x_position (layout, series->current_x);
  *y = layout->frame.area.y + (1.0 - CLAMP (level, 0.0, 1.0)) * layout->frame.area.height;
}

/* A triangle like the Excel sheet's, centred on the current point, with a
 * faint drop line to the x axis so its value can be read off (solid: dashes
 * mean only "pinned"). */
static void
draw_marker (cairo_t              *cr,
             const PlotLayout     *layout,
             const PixelGrid      *grid,
             const CuoccSeries    *series,
             const CuoccPlotStyle *style)
{
  double size = round (layout->frame.font_size * 0.95);
  double hairline = hairline_width (grid);
  double x, y, line_x;

  marker_position (layout, series, &x, &y);
  line_x = snap_x (grid, x, hairline);

  cairo_save (cr);
  cairo_move_to (cr, line_x, y + size * 0.5);
  cairo_line_to (cr, line_x, layout->frame.area.y + layout->frame.area.height);
  plot_stroke (cr, &style->marker, 0.45, hairline);
  cairo_restore (cr);

  cairo_move_to (cr, x, y - size * 0.66);
  cairo_line_to (cr, x + size * 0.6, y + size * 0.4);
  cairo_line_to (cr, x - size * 0.6, y + size * 0.4);
  cairo_close_path (cr);
  plot_set_color (cr, &style->marker, 1.0);
  if (style->background.a > 0)
    {
      cairo_fill_preserve (cr);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      plot_stroke (cr, &style->background, 1.0, 1.5);
    }
  else
    cairo_fill (cr);
}

/* ----- hover ----- */

static void
draw_hover (cairo_t              *cr,
            PlotText             *text,
            const PlotLayout     *layout,
            const PixelGrid      *grid,
            const PlotSnap       *snap,
            const CuoccSeries    *series,
            const CuoccPlotStyle *style,
            const CuoccPlotHover *hover)
{
  const PlotRect *a = &layout->frame.area;
  double hairline = hairline_width (grid);
  gint64 value = plot_snap_value (layout, snap, hover->x);
  double x = snap_x (grid, plot_x_position (layout, value), hairline);
  g_autofree char *reading = plot_readout_text (series, layout, value);

  cairo_move_to (cr, x, a->y);
  cairo_line_to (cr, x, a->y + a->height);
  plot_stroke (cr, &style->foreground, 0.45, hairline);

  for (guint i = series->n_lines; i-- > 0;)
    {
      const CuoccPoint *point = plot_line_point_at (&series->lines[i], value);
      double level;

      if (point == NULL || (i > 0 && layout->n_legend == 0))
        continue;
      level = (double) point->active_warps / MAX (series->max_warps, 1);
      cairo_arc (cr, x, a->y + (1.0 - level) * a->height, plot_line_width (style) + 1.5, 0, 2 * G_PI);
      plot_set_color (cr, plot_line_color (style, series, i), 1.0);
      cairo_fill (cr);
    }

  plot_text_set_font (text, style, PLOT_TICK_FONT_SCALE, FALSE);
  plot_paint_readout (cr, plot_text_layout (text, reading), a, layout->frame.font_size, layout->frame.gap, hover, style);
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
  PlotSnap snap;
  PixelGrid grid;
  PlotText *text;
  guint max_points = 0;
  double *xy;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (series != NULL);
  g_return_if_fail (unit == CUOCC_PLOT_Y_PERCENT || unit == CUOCC_PLOT_Y_WARPS);

  style = plot_style_or_default (style);

  cairo_save (cr);

  plot_paint_background (cr, style, width, height);

  if (series->n_lines == 0 || !plot_layout_compute (&layout, series, style, width, height))
    {
      cairo_restore (cr);
      return;
    }

  plot_snap_compute (series, &snap);
  pixel_grid_init (&grid, cr);

  text = plot_text_begin (cr);

  for (guint i = 0; i < series->n_lines; i++)
    max_points = MAX (max_points, series->lines[i].n_points);
  xy = g_new (double, 4 * max_points + 8);

  draw_fill (cr, series, &layout, &grid, &snap, style, xy);
  draw_grid (cr, &layout, &grid, unit, style);

  cairo_save (cr);
  cairo_rectangle (cr, layout.frame.area.x - style->line_width, layout.frame.area.y - style->line_width,
                   layout.frame.area.width + 2 * style->line_width, layout.frame.area.height + 2 * style->line_width);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint i = series->n_lines; i-- > 1;)
    if (series->lines[i].smem_config != series->lines[0].smem_config)
      draw_line (cr, series, i, &layout, &grid, &snap, style, xy);
  draw_line (cr, series, 0, &layout, &grid, &snap, style, xy);
  cairo_restore (cr);

  g_free (xy);

  draw_axes (cr, &layout, &grid, unit, style);
  draw_tick_labels (cr, text, &layout, unit, style);
  draw_titles (cr, text, &layout, series, unit, style);
  draw_legend (cr, text, &layout, &grid, series, style);
  draw_marker (cr, &layout, &grid, series, style);

  if (hover != NULL && hover->x >= 0 && plot_area_contains (&layout.frame.area, hover->x, hover->y))
    draw_hover (cr, text, &layout, &grid, &snap, series, style, hover);

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
  PlotSnap snap;
  PixelGrid grid;
  double width_px;
  double *xy;
  guint n;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (series != NULL && overlay != NULL);

  style = plot_style_or_default (style);
  if (series->n_lines == 0 || overlay->n_lines == 0 || overlay->lines[0].n_points == 0 ||
      overlay->kind != series->kind ||
      !plot_layout_compute (&layout, series, style, width, height))
    return;

  /* In percent the overlay keeps its own scale (another GPU may have
   * another warp count); in warps it is read on series' axis. */
  scaled = *overlay;
  if (unit == CUOCC_PLOT_Y_WARPS)
    scaled.max_warps = series->max_warps;

  plot_snap_compute (overlay, &snap);
  pixel_grid_init (&grid, cr);
  xy = g_new (double, 4 * overlay->lines[0].n_points + 8);
  width_px = plot_line_width (style);

  cairo_save (cr);
  cairo_rectangle (cr, layout.frame.area.x - width_px, layout.frame.area.y - width_px,
                   layout.frame.area.width + 2 * width_px, layout.frame.area.height + 2 * width_px);
  cairo_clip (cr);
  n = step_corners (&scaled, &scaled.lines[0], &layout, snap.step, xy);
  path_corners (cr, &layout, &grid, xy, n, width_px);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  plot_stroke (cr, &style->foreground, 0.75, width_px);
  cairo_restore (cr);

  g_free (xy);
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
      || !plot_layout_compute (&layout, series, style, width, height)
      || !plot_area_contains (&layout.frame.area, x, y))
    return FALSE;

  plot_snap_compute (series, &snap);
  PLOT_SET_OUT (value, plot_snap_value (&layout, &snap, x));

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

  if (!plot_layout_compute (&layout, series, style, width, height))
    return FALSE;

  if (area != NULL)
    plot_layout_get_area (&layout, area);

  return TRUE;
}
