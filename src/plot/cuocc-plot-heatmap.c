/* cuocc-plot-heatmap.c — occupancy over block size × registers (or shared
 * memory), one cell per pair of inputs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The cells are written into an image of n_x × n_y pixels, one per cell,
 * and that image is painted scaled up without smoothing: thousands of cells
 * cost one paint, and PNG, SVG and PDF get the same crisp grid.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cuocc-plot-private.h"

typedef struct {
  PlotFrame frame;
  PlotRect bar;                    /* the colour scale */
  double bar_label_x;
  guint n_x_labels;
  PlotTick x_labels[PLOT_MAX_TICKS];
  guint n_y_labels;
  PlotTick y_labels[PLOT_MAX_TICKS];
  PlotTick bar_labels[3];
} HeatLayout;

/* Viridis, sampled: readable in light and dark, and in grey. */
static const double ramp[][3] = {
  { 0x44 / 255.0, 0x01 / 255.0, 0x54 / 255.0 },
  { 0x3b / 255.0, 0x52 / 255.0, 0x8b / 255.0 },
  { 0x21 / 255.0, 0x91 / 255.0, 0x8c / 255.0 },
  { 0x5e / 255.0, 0xc9 / 255.0, 0x62 / 255.0 },
  { 0xfd / 255.0, 0xe7 / 255.0, 0x25 / 255.0 },
};

static guint32
ramp_argb (double value)
{
  double t = CLAMP (value, 0.0, 1.0) * (G_N_ELEMENTS (ramp) - 1);
  guint i = MIN ((guint) t, G_N_ELEMENTS (ramp) - 2);
  double f = t - i;
  guint32 argb = 0xff000000;

  for (guint c = 0; c < 3; c++)
    {
      double v = ramp[i][c] + (ramp[i + 1][c] - ramp[i][c]) * f;
      argb |= (guint32) lround (v * 255) << (16 - 8 * c);
    }

  return argb;
}

/* Labels every k-th value, k a power of two, where the labels fit; the
 * labelled values are multiples of k steps: 128, 256, … threads, 16, 32, …
 * registers, 8K, 16K, … of shared memory. */
static guint
heatmap_labels (const gint64    *values,
                guint            n,
                CuoccSeriesKind  kind,
                double           spacing_per_cell,
                double           needed_extra,
                gboolean         vertical,
                double           line_height,
                PangoLayout     *measure,
                PlotTick        *labels)
{
  static const guint strides[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096 };
  gint64 step = n > 1 ? MAX (values[1] - values[0], 1) : 1;
  guint stride = strides[G_N_ELEMENTS (strides) - 1];
  guint count = 0;
  char label[PLOT_LABEL_LEN];
  double width;

  if (n == 0)
    return 0;

  _cuocc_plot_format_x_tick (kind, values[n - 1], label, sizeof label);
  _cuocc_plot_measure (measure, label, &width, NULL);

  for (guint s = 0; s < G_N_ELEMENTS (strides); s++)
    {
      double need = vertical ? line_height * 1.6 : width + needed_extra;

      if (spacing_per_cell * strides[s] >= need && n / strides[s] < PLOT_MAX_TICKS)
        {
          stride = strides[s];
          break;
        }
    }

  for (guint i = 0; i < n && count < PLOT_MAX_TICKS; i++)
    if (values[i] % (step * stride) == 0 || (n <= 2 && i == 0))
      {
        PlotTick *l = &labels[count++];

        l->index = i;
        _cuocc_plot_format_x_tick (kind, values[i], l->label, sizeof l->label);
        _cuocc_plot_measure (measure, l->label, &l->width, NULL);
      }

  return count;
}

/* Each label is centred on its cell (the bar's on its level); those that
 * would run into their neighbour or off the edge are not shown. */
static void
place_labels (HeatLayout      *layout,
              const CuoccGrid *grid)
{
  const PlotFrame *f = &layout->frame;
  double cell_width = f->area.width / grid->n_x;
  double cell_height = f->area.height / grid->n_y;

  for (guint k = 0; k < layout->n_x_labels; k++)
    layout->x_labels[k].center = f->area.x + (layout->x_labels[k].index + 0.5) * cell_width;
  _cuocc_plot_frame_place_row (f, layout->x_labels, layout->n_x_labels, f->gap);

  for (guint k = 0; k < layout->n_y_labels; k++)
    {
      PlotTick *l = &layout->y_labels[k];

      l->x = f->y_label_right - l->width;
      l->center = f->area.y + (grid->n_y - 1 - l->index + 0.5) * cell_height;
    }
  _cuocc_plot_frame_place_column (f, layout->y_labels, layout->n_y_labels, 0);

  for (guint i = 0; i < G_N_ELEMENTS (layout->bar_labels); i++)
    {
      layout->bar_labels[i].x = layout->bar_label_x;
      layout->bar_labels[i].center = layout->bar.y + layout->bar.height * (1.0 - i / 2.0);
    }
  _cuocc_plot_frame_place_column (f, layout->bar_labels, G_N_ELEMENTS (layout->bar_labels), 0);
}

static gboolean
heatmap_layout (HeatLayout           *layout,
                const CuoccGrid      *grid,
                const CuoccPlotStyle *style,
                double                width,
                double                height)
{
  PangoLayout *measure = _cuocc_plot_measure_layout ();
  PlotFrame *frame = &layout->frame;
  static const char *bar_text[] = { "0 %", "50 %", "100 %" };
  double y_label_w = 0, bar_label_w = 0, x_label_w;
  double left, right, top, bottom, bar_w;
  char label[PLOT_LABEL_LEN];

  memset (layout, 0, sizeof *layout);
  _cuocc_plot_frame_measure (frame, measure, style, _cuocc_plot_heatmap_title (grid->y_kind), _cuocc_plot_x_title (CUOCC_SERIES_THREADS),
                             width);

  for (guint j = 0; j < grid->n_y; j += MAX (1, grid->n_y / 16))
    {
      double w;

      _cuocc_plot_format_x_tick (grid->y_kind, grid->y_values[j], label, sizeof label);
      _cuocc_plot_measure (measure, label, &w, NULL);
      y_label_w = MAX (y_label_w, w);
    }
  _cuocc_plot_format_x_tick (grid->y_kind, grid->y_values[grid->n_y - 1], label, sizeof label);
  _cuocc_plot_measure (measure, label, &x_label_w, NULL);
  y_label_w = MAX (y_label_w, x_label_w);

  for (guint i = 0; i < G_N_ELEMENTS (bar_text); i++)
    {
      g_strlcpy (layout->bar_labels[i].label, bar_text[i], PLOT_LABEL_LEN);
      _cuocc_plot_measure (measure, bar_text[i], &layout->bar_labels[i].width, NULL);
      bar_label_w = MAX (bar_label_w, layout->bar_labels[i].width);
    }

  _cuocc_plot_format_x_tick (CUOCC_SERIES_THREADS, grid->x_values[grid->n_x - 1], label, sizeof label);
  _cuocc_plot_measure (measure, label, &x_label_w, NULL);

  bar_w = round (frame->font_size);
  left = _cuocc_plot_frame_left (frame, y_label_w);
  right = round (width - frame->pad - bar_label_w - frame->gap - bar_w - frame->gap * 2);
  right = MIN (right, round (width - x_label_w / 2 - frame->pad));
  top = _cuocc_plot_frame_top (frame);
  bottom = _cuocc_plot_frame_bottom (frame, height);

  if (right - left < grid->n_x * 0.25 || bottom - top < 8 || right - left < 8)
    return FALSE;

  _cuocc_plot_frame_place (frame, left, right, top, bottom, width);
  layout->bar = (PlotRect) { right + frame->gap * 2, top, bar_w, bottom - top };
  layout->bar_label_x = layout->bar.x + bar_w + frame->gap;

  layout->n_x_labels = heatmap_labels (grid->x_values, grid->n_x, CUOCC_SERIES_THREADS,
                                       layout->frame.area.width / grid->n_x, layout->frame.font_size * 1.2,
                                       FALSE, layout->frame.line_height, measure, layout->x_labels);
  layout->n_y_labels = heatmap_labels (grid->y_values, grid->n_y, grid->y_kind,
                                       layout->frame.area.height / grid->n_y, 0,
                                       TRUE, layout->frame.line_height, measure, layout->y_labels);
  place_labels (layout, grid);

  return TRUE;
}

static gboolean
heatmap_valid (const CuoccGrid *grid)
{
  return grid != NULL && grid->n_x > 0 && grid->n_y > 0
         && grid->x_values != NULL && grid->y_values != NULL && grid->occupancy != NULL;
}

/* Row 0 (the smallest y value) is at the bottom, as on the line graphs. */
static void
cell_rect (const HeatLayout *layout,
           const CuoccGrid *grid,
           guint             i,
           guint             j,
           PlotRect         *rect)
{
  double cw = layout->frame.area.width / grid->n_x;
  double ch = layout->frame.area.height / grid->n_y;

  rect->x = layout->frame.area.x + i * cw;
  rect->y = layout->frame.area.y + (grid->n_y - 1 - j) * ch;
  rect->width = cw;
  rect->height = ch;
}

static void
paint_cells (cairo_t            *cr,
             const HeatLayout   *layout,
             const CuoccGrid  *grid)
{
  cairo_surface_t *cells = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, grid->n_x, grid->n_y);
  guchar *data = cairo_image_surface_get_data (cells);
  int stride = cairo_image_surface_get_stride (cells);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  if (cairo_surface_status (cells) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (cells);
      return;
    }

  cairo_surface_flush (cells);
  for (guint j = 0; j < grid->n_y; j++)
    {
      guint32 *row = (guint32 *) (void *) (data + (grid->n_y - 1 - j) * stride);

      for (guint i = 0; i < grid->n_x; i++)
        row[i] = ramp_argb (grid->occupancy[(gsize) j * grid->n_x + i]);
    }
  cairo_surface_mark_dirty (cells);

  pattern = cairo_pattern_create_for_surface (cells);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_matrix_init_scale (&matrix, grid->n_x / layout->frame.area.width, grid->n_y / layout->frame.area.height);
  cairo_matrix_translate (&matrix, -layout->frame.area.x, -layout->frame.area.y);
  cairo_pattern_set_matrix (pattern, &matrix);

  cairo_rectangle (cr, layout->frame.area.x, layout->frame.area.y, layout->frame.area.width, layout->frame.area.height);
  cairo_set_source (cr, pattern);
  cairo_fill (cr);

  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (cells);
}

static void
paint_bar (cairo_t              *cr,
           PlotText             *text,
           const HeatLayout     *layout,
           const CuoccPlotStyle *style)
{
  const PlotRect *b = &layout->bar;
  cairo_pattern_t *gradient = cairo_pattern_create_linear (0, b->y + b->height, 0, b->y);

  for (guint i = 0; i < G_N_ELEMENTS (ramp); i++)
    cairo_pattern_add_color_stop_rgb (gradient, (double) i / (G_N_ELEMENTS (ramp) - 1),
                                      ramp[i][0], ramp[i][1], ramp[i][2]);
  cairo_rectangle (cr, b->x, b->y, b->width, b->height);
  cairo_set_source (cr, gradient);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);

  _cuocc_plot_text_set_font (text, style, PLOT_TICK_FONT_SCALE, FALSE);
  _cuocc_plot_set_color (cr, &style->foreground, 0.8);
  _cuocc_plot_text_show_labels (cr, text, layout->bar_labels, G_N_ELEMENTS (layout->bar_labels));
}

static void
paint_labels (cairo_t              *cr,
              PlotText             *text,
              const HeatLayout     *layout,
              const CuoccGrid      *grid,
              const CuoccPlotStyle *style)
{
  _cuocc_plot_text_set_font (text, style, PLOT_TICK_FONT_SCALE, FALSE);
  _cuocc_plot_set_color (cr, &style->foreground, 0.8);
  _cuocc_plot_text_show_labels (cr, text, layout->x_labels, layout->n_x_labels);
  _cuocc_plot_text_show_labels (cr, text, layout->y_labels, layout->n_y_labels);

  _cuocc_plot_set_color (cr, &style->foreground, 1.0);
  _cuocc_plot_text_set_font (text, style, PLOT_TITLE_FONT_SCALE, TRUE);
  _cuocc_plot_text_show_title (cr, text, _cuocc_plot_heatmap_title (grid->y_kind), &layout->frame);

  _cuocc_plot_set_color (cr, &style->foreground, 0.85);
  _cuocc_plot_text_set_font (text, style, 1.0, FALSE);
  _cuocc_plot_text_show_axis_titles (cr, text, &layout->frame, _cuocc_plot_x_title (CUOCC_SERIES_THREADS),
                              _cuocc_plot_x_title (grid->y_kind));
}

static void
outline_cell (cairo_t              *cr,
              const PlotRect       *cell,
              const CuoccPlotColor *color,
              double                width)
{
  double grow = MAX (0, 4 - MIN (cell->width, cell->height)) / 2;

  cairo_rectangle (cr, cell->x - grow, cell->y - grow, cell->width + 2 * grow, cell->height + 2 * grow);
  _cuocc_plot_stroke (cr, color, 1.0, width);
}

static void
paint_hover (cairo_t              *cr,
             PlotText             *text,
             const HeatLayout     *layout,
             const CuoccGrid      *grid,
             const CuoccPlotStyle *style,
             guint                 i,
             guint                 j,
             const CuoccPlotHover *hover)
{
  g_autofree char *reading = _cuocc_plot_heatmap_readout_text (grid, i, j);
  PlotRect cell;

  cell_rect (layout, grid, i, j, &cell);
  outline_cell (cr, &cell, &style->foreground, 1.0);

  _cuocc_plot_text_set_font (text, style, PLOT_TICK_FONT_SCALE, FALSE);
  _cuocc_plot_paint_readout (cr, _cuocc_plot_text_layout (text, reading), &layout->frame.area,
                      layout->frame.font_size, layout->frame.gap, hover, style);
}

static gboolean
heatmap_cell_at (const HeatLayout   *layout,
                 const CuoccGrid *grid,
                 double              x,
                 double              y,
                 guint              *i,
                 guint              *j)
{
  double fx, fy;

  if (!_cuocc_plot_area_contains (&layout->frame.area, x, y))
    return FALSE;

  fx = (x - layout->frame.area.x) / layout->frame.area.width;
  fy = 1.0 - (y - layout->frame.area.y) / layout->frame.area.height;
  *i = MIN ((guint) (fx * grid->n_x), grid->n_x - 1);
  *j = MIN ((guint) (fy * grid->n_y), grid->n_y - 1);

  return TRUE;
}

void
cuocc_plot_draw_heatmap (cairo_t              *cr,
                         double                width,
                         double                height,
                         const CuoccGrid      *grid,
                         const CuoccPlotStyle *style,
                         const CuoccPlotHover *hover)
{
  HeatLayout layout;
  PlotText *text;
  guint i, j;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (heatmap_valid (grid));

  style = _cuocc_plot_style_or_default (style);
  cairo_save (cr);

  _cuocc_plot_paint_background (cr, style, width, height);

  if (!heatmap_layout (&layout, grid, style, width, height))
    {
      cairo_restore (cr);
      return;
    }

  text = _cuocc_plot_text_begin (cr);

  paint_cells (cr, &layout, grid);
  paint_bar (cr, text, &layout, style);
  paint_labels (cr, text, &layout, grid, style);

  if (grid->current_i >= 0 && grid->current_j >= 0
      && (guint) grid->current_i < grid->n_x && (guint) grid->current_j < grid->n_y)
    {
      PlotRect cell;

      cell_rect (&layout, grid, grid->current_i, grid->current_j, &cell);
      outline_cell (cr, &cell, &style->marker, 2.0);
    }

  if (hover != NULL && hover->x >= 0 && heatmap_cell_at (&layout, grid, hover->x, hover->y, &i, &j))
    paint_hover (cr, text, &layout, grid, style, i, j, hover);

  cairo_restore (cr);
}

gboolean
cuocc_plot_heatmap_cell_at (const CuoccGrid      *grid,
                            const CuoccPlotStyle *style,
                            double                width,
                            double                height,
                            const CuoccPlotHover *point,
                            guint                *i,
                            guint                *j)
{
  HeatLayout layout;
  guint ci, cj;

  g_return_val_if_fail (heatmap_valid (grid), FALSE);
  g_return_val_if_fail (point != NULL, FALSE);

  if (!heatmap_layout (&layout, grid, _cuocc_plot_style_or_default (style), width, height)
      || !heatmap_cell_at (&layout, grid, point->x, point->y, &ci, &cj))
    return FALSE;

  PLOT_SET_OUT (i, ci);
  PLOT_SET_OUT (j, cj);

  return TRUE;
}

/* Lists the rectangles of every text the heatmap shows at this size: what
 * must not overlap. Returns how many it wrote; none where it does not fit. */
guint
_cuocc_plot_heatmap_text_boxes (const CuoccGrid      *grid,
                                const CuoccPlotStyle *style,
                                double                width,
                                double                height,
                                PlotRect             *boxes,
                                guint                 max_boxes)
{
  HeatLayout *layout = g_new0 (HeatLayout, 1);
  guint n = 0;

  style = _cuocc_plot_style_or_default (style);
  if (heatmap_valid (grid) && heatmap_layout (layout, grid, style, width, height))
    {
      n = _cuocc_plot_frame_text_boxes (&layout->frame, style, _cuocc_plot_heatmap_title (grid->y_kind),
                                 _cuocc_plot_x_title (CUOCC_SERIES_THREADS), _cuocc_plot_x_title (grid->y_kind),
                                 boxes, max_boxes);
      n = _cuocc_plot_frame_label_boxes (&layout->frame, layout->x_labels, layout->n_x_labels, boxes, n, max_boxes);
      n = _cuocc_plot_frame_label_boxes (&layout->frame, layout->y_labels, layout->n_y_labels, boxes, n, max_boxes);
      n = _cuocc_plot_frame_label_boxes (&layout->frame, layout->bar_labels, G_N_ELEMENTS (layout->bar_labels),
                                         boxes, n, max_boxes);
    }

  g_free (layout);
  return n;
}
