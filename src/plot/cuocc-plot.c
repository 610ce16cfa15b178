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
#include <string.h>

#include <glib/gi18n-lib.h>

#include "cuocc-plot-private.h"

#define TICK_FONT_SCALE 0.92
#define TITLE_FONT_SCALE 1.2

/* ------------------------------------------------------------------ */
/* Styles                                                               */
/* ------------------------------------------------------------------ */

static CuoccPlotColor
rgb (guint32 hex)
{
  return (CuoccPlotColor) {
    ((hex >> 16) & 0xff) / 255.0,
    ((hex >> 8) & 0xff) / 255.0,
    (hex & 0xff) / 255.0,
    1.0,
  };
}

static CuoccPlotColor
rgba (guint32 hex,
      double  alpha)
{
  CuoccPlotColor color = rgb (hex);

  color.a = alpha;
  return color;
}

/* The GNOME palette, so the graphs sit well beside libadwaita's widgets. */
void
cuocc_plot_style_init_light (CuoccPlotStyle *style)
{
  static const guint32 others[] = { 0x26a269, 0xc64600, 0x813d9c, 0x1a7f8e, 0x865e3c, 0xc061cb };

  g_return_if_fail (style != NULL);

  memset (style, 0, sizeof *style);
  style->background = rgb (0xffffff);
  style->foreground = rgb (0x241f31);
  style->grid = rgba (0x241f31, 0.10);
  style->line = rgb (0x1c71d8);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    style->other_lines[i] = rgb (others[i]);
  style->marker = rgb (0xe01b24);
  style->font_family = NULL;
  style->font_size = 13.0;
  style->line_width = 2.0;
}

void
cuocc_plot_style_init_dark (CuoccPlotStyle *style)
{
  static const guint32 others[] = { 0x57e389, 0xffa348, 0xc061cb, 0x5bc8af, 0xcdab8f, 0xf5c211 };

  g_return_if_fail (style != NULL);

  memset (style, 0, sizeof *style);
  style->background = rgb (0x1e1e1e);
  style->foreground = rgb (0xededed);
  style->grid = rgba (0xffffff, 0.12);
  style->line = rgb (0x62a0ea);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    style->other_lines[i] = rgb (others[i]);
  style->marker = rgb (0xff6b5e);
  style->font_family = NULL;
  style->font_size = 13.0;
  style->line_width = 2.0;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static void
set_color (cairo_t              *cr,
           const CuoccPlotColor *color,
           double                alpha)
{
  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a * alpha);
}

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

static void
show_text (cairo_t    *cr,
           PlotText   *text,
           const char *string,
           double      x,
           double      y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, plot_text_layout (text, string));
}

static void
set_font (PlotText             *text,
          const CuoccPlotStyle *style,
          double                scale,
          gboolean              bold)
{
  plot_text_set_font (text, style, scale, bold);
}

/* A configuration's place among the series' configurations, largest first:
 * its colour and width follow from it, so a configuration keeps its colour
 * when another one becomes the current one. */
static guint
line_slot (const CuoccSeries *series,
           guint              index)
{
  gint64 config = series->lines[index].smem_config;
  guint slot = 0;

  for (guint j = 0; j < series->n_lines; j++)
    {
      gint64 other = series->lines[j].smem_config;
      gboolean seen = FALSE;

      for (guint k = 0; k < j && !seen; k++)
        seen = series->lines[k].smem_config == other;
      if (!seen && other > config)
        slot++;
    }

  return slot;
}

static const CuoccPlotColor *
line_color (const CuoccPlotStyle *style,
            const CuoccSeries    *series,
            guint                 index)
{
  guint slot = line_slot (series, index);

  return slot == 0 ? &style->line : &style->other_lines[(slot - 1) % G_N_ELEMENTS (style->other_lines)];
}

static double
line_width_of (const CuoccPlotStyle *style)
{
  return style->line_width > 0 ? style->line_width : 2.0;
}

/* Dashes mean only "pinned": with more configurations than colours, the
 * colours come round again as thin lines, so no two lines look alike. The
 * current configuration's line is the widest. */
static double
config_line_width (const CuoccPlotStyle *style,
                   const CuoccSeries    *series,
                   guint                 index)
{
  if (index == 0)
    return line_width_of (style);
  if (line_slot (series, index) > G_N_ELEMENTS (style->other_lines))
    return line_width_of (style) * 0.45;
  return line_width_of (style) * 0.8;
}

/* ------------------------------------------------------------------ */
/* The steps                                                            */
/* ------------------------------------------------------------------ */

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
  const PlotRect *a = &layout->area;

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
  const CuoccPlotColor *color = line_color (style, series, 0);
  const CuoccPlotColor *bg = &style->background;
  double alpha = (series->n_lines > 1 ? 0.10 : 0.14) * color->a;
  double width = line_width_of (style);
  double bottom = layout->area.y + layout->area.height;
  guint n;

  if (series->lines[0].n_points == 0)
    return;

  n = step_corners (series, &series->lines[0], layout, snap->step, xy);
  path_corners (cr, layout, grid, xy, n, width);
  cairo_line_to (cr, snap_x (grid, layout->area.x + xy[2 * (n - 1)] * layout->area.width, width), bottom);
  cairo_line_to (cr, snap_x (grid, layout->area.x + xy[0] * layout->area.width, width), bottom);
  cairo_close_path (cr);

  if (bg->a >= 1.0)
    cairo_set_source_rgb (cr,
                          bg->r + (color->r - bg->r) * alpha,
                          bg->g + (color->g - bg->g) * alpha,
                          bg->b + (color->b - bg->b) * alpha);
  else
    set_color (cr, color, alpha / MAX (color->a, 1e-6));
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
  const CuoccPlotColor *color = line_color (style, series, index);
  double width = config_line_width (style, series, index);
  guint n;

  if (line->n_points == 0)
    return;

  n = step_corners (series, line, layout, snap->step, xy);
  path_corners (cr, layout, grid, xy, n, width);
  set_color (cr, color, 1.0);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* ------------------------------------------------------------------ */
/* Axes, grid, labels                                                   */
/* ------------------------------------------------------------------ */

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
  const PlotRect *a = &layout->area;
  double hairline = hairline_width (grid);

  for (guint i = 0; i < layout->n_y_ticks[unit]; i++)
    {
      double y = snap_y (grid, a->y + (1.0 - layout->y_ticks[unit][i].pos) * a->height, hairline);

      if (layout->y_ticks[unit][i].pos > 0)
        hairline_h (cr, a->x, a->x + a->width, y, hairline);
    }
  for (guint i = 0; i < layout->n_x_ticks; i++)
    {
      double x = snap_x (grid, a->x + layout->x_ticks[i].pos * a->width, hairline);

      if (layout->x_ticks[i].pos > 0)
        hairline_v (cr, x, a->y, a->y + a->height, hairline);
    }
  set_color (cr, &style->grid, 1.0);
  cairo_fill (cr);
}

static void
draw_axes (cairo_t              *cr,
           const PlotLayout     *layout,
           const PixelGrid      *grid,
           CuoccPlotYUnit        unit,
           const CuoccPlotStyle *style)
{
  const PlotRect *a = &layout->area;
  double hairline = hairline_width (grid);
  double left = snap_x (grid, a->x, hairline);
  double bottom = snap_y (grid, a->y + a->height, hairline);

  /* The axes meet at the corner without overlapping, so it is not darker. */
  hairline_v (cr, left, a->y, bottom - hairline / 2, hairline);
  hairline_h (cr, left - hairline / 2, a->x + a->width, bottom, hairline);

  for (guint i = 0; i < layout->n_x_ticks; i++)
    {
      double x = snap_x (grid, a->x + layout->x_ticks[i].pos * a->width, hairline);

      hairline_v (cr, x, bottom + hairline / 2, bottom + layout->tick_length, hairline);
    }
  for (guint i = 0; i < layout->n_y_ticks[unit]; i++)
    {
      double y = snap_y (grid, a->y + (1.0 - layout->y_ticks[unit][i].pos) * a->height, hairline);

      hairline_h (cr, left - hairline / 2, left - layout->tick_length, y, hairline);
    }
  set_color (cr, &style->foreground, 0.55);
  cairo_fill (cr);
}

static void
draw_tick_labels (cairo_t              *cr,
                  PlotText             *text,
                  const PlotLayout     *layout,
                  CuoccPlotYUnit        unit,
                  const CuoccPlotStyle *style,
                  double                width)
{
  const PlotRect *a = &layout->area;
  double min_gap = layout->font_size * 0.6;
  double last_right = -G_MAXDOUBLE;
  double last_top = G_MAXDOUBLE;

  set_font (text, style, TICK_FONT_SCALE, FALSE);
  set_color (cr, &style->foreground, 0.8);

  /* Labels that would run into their neighbour or off the edge are skipped. */
  for (guint i = 0; i < layout->n_x_ticks; i++)
    {
      const PlotTick *tick = &layout->x_ticks[i];
      double x = round (a->x + tick->pos * a->width - tick->width / 2);

      if (x < last_right + min_gap || x < 0 || x + tick->width > width)
        continue;
      show_text (cr, text, tick->label, x, layout->x_label_y);
      last_right = x + tick->width;
    }

  for (guint i = 0; i < layout->n_y_ticks[unit]; i++)
    {
      const PlotTick *tick = &layout->y_ticks[unit][i];
      double y = round (a->y + (1.0 - tick->pos) * a->height - layout->line_height / 2);

      if (y + layout->line_height > last_top - min_gap * 0.5)
        continue;
      show_text (cr, text, tick->label, layout->y_label_right - tick->width, y);
      last_top = y;
    }
}

/* The title, ellipsized where the graph is too narrow for all of it. */
static void
show_title (cairo_t          *cr,
            PlotText         *text,
            const char       *string,
            const PlotLayout *layout)
{
  PangoLayout *title = plot_text_layout (text, string);
  PangoRectangle logical;

  pango_layout_get_extents (title, NULL, &logical);
  cairo_move_to (cr, layout->title_x, layout->title_y);
  if (logical.width <= layout->title_max_width * PANGO_SCALE)
    {
      pango_cairo_show_layout (cr, title);
      return;
    }

  title = pango_layout_copy (title);
  pango_layout_set_width (title, (int) (layout->title_max_width * PANGO_SCALE));
  pango_layout_set_ellipsize (title, PANGO_ELLIPSIZE_END);
  pango_cairo_show_layout (cr, title);
  g_object_unref (title);
}

static void
draw_titles (cairo_t              *cr,
             PlotText             *text,
             const PlotLayout     *layout,
             const CuoccSeries    *series,
             CuoccPlotYUnit        unit,
             const CuoccPlotStyle *style)
{
  PangoRectangle logical;
  PangoLayout *title;

  set_color (cr, &style->foreground, 1.0);
  set_font (text, style, TITLE_FONT_SCALE, TRUE);
  show_title (cr, text, plot_title (series->kind), layout);

  set_color (cr, &style->foreground, 0.85);
  set_font (text, style, 1.0, FALSE);
  title = plot_text_layout (text, plot_x_title (series->kind));
  pango_layout_get_extents (title, NULL, &logical);
  cairo_move_to (cr, round (layout->x_title_center - logical.width / (2.0 * PANGO_SCALE)), layout->x_title_y);
  pango_cairo_show_layout (cr, title);

  /* Shown through the rotated transform without updating the shared
   * context, which would re-shape every cached label twice a frame. */
  title = plot_text_layout (text, plot_y_title (unit));
  pango_layout_get_extents (title, NULL, &logical);
  cairo_save (cr);
  cairo_translate (cr, layout->y_title_x,
                   round (layout->y_title_center + logical.width / (2.0 * PANGO_SCALE)));
  cairo_rotate (cr, -G_PI / 2);
  cairo_move_to (cr, 0, 0);
  pango_cairo_show_layout (cr, title);
  cairo_restore (cr);
}

static void
draw_legend (cairo_t              *cr,
             PlotText             *text,
             const PlotLayout     *layout,
             const PixelGrid      *grid,
             const CuoccSeries    *series,
             const CuoccPlotStyle *style)
{
  double swatch = round (layout->font_size * 1.8);

  if (layout->n_legend == 0)
    return;

  set_font (text, style, TICK_FONT_SCALE, FALSE);
  for (guint i = 0; i < layout->n_legend; i++)
    {
      const PlotLegendEntry *entry = &layout->legend[i];
      double width = config_line_width (style, series, entry->line);
      double y = snap_y (grid, entry->y + layout->line_height / 2, width);

      cairo_move_to (cr, entry->x, y);
      cairo_line_to (cr, entry->x + swatch, y);
      cairo_set_line_width (cr, width);
      set_color (cr, line_color (style, series, entry->line), 1.0);
      cairo_stroke (cr);

      set_color (cr, &style->foreground, 0.85);
      show_text (cr, text, entry->label, entry->text_x, entry->y);
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
  *y = layout->area.y + (1.0 - CLAMP (level, 0.0, 1.0)) * layout->area.height;
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
  double size = round (layout->font_size * 0.95);
  double hairline = hairline_width (grid);
  double x, y, line_x;

  marker_position (layout, series, &x, &y);
  line_x = snap_x (grid, x, hairline);

  cairo_save (cr);
  cairo_set_line_width (cr, hairline);
  cairo_move_to (cr, line_x, y + size * 0.5);
  cairo_line_to (cr, line_x, layout->area.y + layout->area.height);
  set_color (cr, &style->marker, 0.45);
  cairo_stroke (cr);
  cairo_restore (cr);

  cairo_move_to (cr, x, y - size * 0.66);
  cairo_line_to (cr, x + size * 0.6, y + size * 0.4);
  cairo_line_to (cr, x - size * 0.6, y + size * 0.4);
  cairo_close_path (cr);
  set_color (cr, &style->marker, 1.0);
  if (style->background.a > 0)
    {
      cairo_fill_preserve (cr);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_width (cr, 1.5);
      set_color (cr, &style->background, 1.0);
      cairo_stroke (cr);
    }
  else
    cairo_fill (cr);
}

/* ------------------------------------------------------------------ */
/* Hover                                                                */
/* ------------------------------------------------------------------ */

/* The point that holds the value for x: the first at or above it. */
static const CuoccPoint *
line_point_at (const CuoccLine *line,
               gint64           x)
{
  guint lo = 0, hi = line->n_points;

  if (line->n_points == 0)
    return NULL;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (line->points[mid].x < x)
        lo = mid + 1;
      else
        hi = mid;
    }

  return &line->points[MIN (lo, line->n_points - 1)];
}

static void
format_reading (const CuoccPoint *point,
                GString          *out)
{
  char percent[32];

  plot_format_percent (point->occupancy, percent, sizeof percent);
  g_string_append_printf (out, ngettext ("%d warp (%s)", "%d warps (%s)", point->active_warps),
                          point->active_warps, percent);
}

static char *
hover_text (const CuoccSeries *series,
            const PlotLayout  *layout,
            gint64             value)
{
  GString *out = g_string_new (NULL);
  char size[32];

  switch (series->kind)
    {
    case CUOCC_SERIES_THREADS:
      g_string_append_printf (out, ngettext ("%d thread", "%d threads", (int) value), (int) value);
      break;
    case CUOCC_SERIES_REGS:
      g_string_append_printf (out, ngettext ("%d register", "%d registers", (int) value), (int) value);
      break;
    case CUOCC_SERIES_BARRIERS:
      g_string_append_printf (out, ngettext ("%d barrier", "%d barriers", (int) value), (int) value);
      break;
    case CUOCC_SERIES_CLUSTER_SIZE:
      if (value == 0)
        g_string_append (out, _("No clusters"));
      else
        g_string_append_printf (out, ngettext ("Clusters of %d block", "Clusters of %d blocks", (int) value), (int) value);
      break;
    case CUOCC_SERIES_SMEM:
    default:
      plot_format_size (value, size, sizeof size);
      /* TRANSLATORS: "48 KiB shared memory" */
      g_string_append_printf (out, _("%s shared memory"), size);
      break;
    }

  if (layout->n_legend == 0)
    {
      const CuoccPoint *point = line_point_at (&series->lines[0], value);

      g_string_append (out, ": ");
      if (point != NULL)
        format_reading (point, out);
      return g_string_free (out, FALSE);
    }

  for (guint i = 0; i < layout->n_legend; i++)
    {
      const CuoccPoint *point = line_point_at (&series->lines[layout->legend[i].line], value);

      g_string_append_printf (out, "\n%s: ", layout->legend[i].label);
      if (point != NULL)
        format_reading (point, out);
    }

  return g_string_free (out, FALSE);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   w,
                   double   h,
                   double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* A read-out box beside the pointer, on whichever side has room, inside
 * the plot area: the line graphs' and the heatmaps' hover. */
void
plot_paint_readout (cairo_t              *cr,
                    PangoLayout          *text,
                    const PlotRect       *area,
                    double                font_size,
                    double                pad,
                    const CuoccPlotHover *hover,
                    const CuoccPlotStyle *style)
{
  CuoccPlotColor box = style->background;
  PangoRectangle logical;
  double box_w, box_h, box_x, box_y;

  pango_layout_get_extents (text, NULL, &logical);
  box_w = ceil ((double) logical.width / PANGO_SCALE) + 2 * pad;
  box_h = ceil ((double) logical.height / PANGO_SCALE) + 2 * pad;

  box_x = hover->x + font_size;
  if (box_x + box_w > area->x + area->width)
    box_x = hover->x - font_size - box_w;
  box_x = round (MAX (box_x, area->x));
  box_y = round (CLAMP (hover->y - box_h - font_size * 0.5, area->y,
                        MAX (area->y, area->y + area->height - box_h)));

  /* On a transparent background, a box that contrasts with the text. */
  if (box.a <= 0)
    {
      double luminance = 0.2126 * style->foreground.r + 0.7152 * style->foreground.g + 0.0722 * style->foreground.b;
      box = luminance > 0.5 ? (CuoccPlotColor) { 0.12, 0.12, 0.12, 1 } : (CuoccPlotColor) { 1, 1, 1, 1 };
    }

  rounded_rectangle (cr, box_x + 0.5, box_y + 0.5, box_w - 1, box_h - 1, pad * 0.8);
  set_color (cr, &box, 0.94);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.0);
  set_color (cr, &style->foreground, 0.25);
  cairo_stroke (cr);

  set_color (cr, &style->foreground, 1.0);
  cairo_move_to (cr, box_x + pad, box_y + pad);
  pango_cairo_show_layout (cr, text);
}

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
  const PlotRect *a = &layout->area;
  double hairline = hairline_width (grid);
  gint64 value = plot_snap_value (layout, snap, hover->x);
  double x = snap_x (grid, plot_x_position (layout, value), hairline);
  g_autofree char *reading = hover_text (series, layout, value);

  cairo_move_to (cr, x, a->y);
  cairo_line_to (cr, x, a->y + a->height);
  cairo_set_line_width (cr, hairline);
  set_color (cr, &style->foreground, 0.45);
  cairo_stroke (cr);

  for (guint i = series->n_lines; i-- > 0;)
    {
      const CuoccPoint *point = line_point_at (&series->lines[i], value);
      double level;

      if (point == NULL || (i > 0 && layout->n_legend == 0))
        continue;
      level = (double) point->active_warps / MAX (series->max_warps, 1);
      cairo_arc (cr, x, a->y + (1.0 - level) * a->height, line_width_of (style) + 1.5, 0, 2 * G_PI);
      set_color (cr, line_color (style, series, i), 1.0);
      cairo_fill (cr);
    }

  set_font (text, style, TICK_FONT_SCALE, FALSE);
  plot_paint_readout (cr, plot_text_layout (text, reading), a, layout->font_size, layout->gap, hover, style);
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

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

  if (style->background.a > 0)
    {
      cairo_rectangle (cr, 0, 0, width, height);
      set_color (cr, &style->background, 1.0);
      cairo_fill (cr);
    }

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
  cairo_rectangle (cr, layout.area.x - style->line_width, layout.area.y - style->line_width,
                   layout.area.width + 2 * style->line_width, layout.area.height + 2 * style->line_width);
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
  draw_tick_labels (cr, text, &layout, unit, style, width);
  draw_titles (cr, text, &layout, series, unit, style);
  draw_legend (cr, text, &layout, &grid, series, style);
  draw_marker (cr, &layout, &grid, series, style);

  if (hover != NULL && hover->x >= 0 && plot_area_contains (&layout.area, hover->x, hover->y))
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
  width_px = line_width_of (style);

  cairo_save (cr);
  cairo_rectangle (cr, layout.area.x - width_px, layout.area.y - width_px,
                   layout.area.width + 2 * width_px, layout.area.height + 2 * width_px);
  cairo_clip (cr);
  n = step_corners (&scaled, &scaled.lines[0], &layout, snap.step, xy);
  path_corners (cr, &layout, &grid, xy, n, width_px);
  set_color (cr, &style->foreground, 0.75);
  cairo_set_line_width (cr, width_px);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  cairo_stroke (cr);
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
      || !plot_area_contains (&layout.area, x, y))
    return FALSE;

  plot_snap_compute (series, &snap);
  if (value != NULL)
    *value = plot_snap_value (&layout, &snap, x);

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
                     double               *area_x,
                     double               *area_y,
                     double               *area_width,
                     double               *area_height)
{
  PlotLayout layout;

  g_return_val_if_fail (series != NULL, FALSE);

  if (!plot_layout_compute (&layout, series, style, width, height))
    return FALSE;

  if (area_x != NULL)
    *area_x = layout.area.x;
  if (area_y != NULL)
    *area_y = layout.area.y;
  if (area_width != NULL)
    *area_width = layout.area.width;
  if (area_height != NULL)
    *area_height = layout.area.height;

  return TRUE;
}

gboolean
cuocc_plot_x_for_value (const CuoccSeries    *series,
                        const CuoccPlotStyle *style,
                        double                width,
                        double                height,
                        gint64                value,
                        double               *x)
{
  PlotLayout layout;

  g_return_val_if_fail (series != NULL, FALSE);

  if (!plot_layout_compute (&layout, series, style, width, height))
    return FALSE;

  if (x != NULL)
    *x = plot_x_position (&layout, value);

  return TRUE;
}
