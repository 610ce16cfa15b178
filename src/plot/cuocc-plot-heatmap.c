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

#include <glib/gi18n-lib.h>

#include "cuocc-plot-private.h"

typedef struct {
  guint index;
  double width;
  char label[PLOT_LABEL_LEN];
} HeatLabel;

typedef struct {
  PlotRect area;
  PlotRect bar;                    /* the colour scale */
  double font_size;
  double line_height;
  double gap;
  double pad;
  double tick_length;
  double title_x, title_y;
  double y_title_x, y_title_center;
  double x_title_y, x_title_center;
  double x_label_y;
  double y_label_right;
  double bar_label_x;
  guint n_x_labels;
  HeatLabel x_labels[PLOT_MAX_TICKS];
  guint n_y_labels;
  HeatLabel y_labels[PLOT_MAX_TICKS];
  HeatLabel bar_labels[3];
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

const char *
plot_heatmap_title (CuoccSeriesKind y_kind)
{
  return y_kind == CUOCC_SERIES_SMEM
         ? _("Occupancy by block size and shared memory per block")
         : _("Occupancy by block size and registers per thread");
}

static const char *
heatmap_title (const CuoccHeatmap *map)
{
  return plot_heatmap_title (map->y_kind);
}

static void
heatmap_format (CuoccSeriesKind kind,
                gint64          value,
                char           *buf,
                gsize           size)
{
  plot_format_x_tick (kind, value, buf, size);
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
                HeatLabel       *labels)
{
  static const guint strides[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096 };
  gint64 step = n > 1 ? MAX (values[1] - values[0], 1) : 1;
  guint stride = strides[G_N_ELEMENTS (strides) - 1];
  guint count = 0;
  char label[PLOT_LABEL_LEN];
  double width;

  if (n == 0)
    return 0;

  heatmap_format (kind, values[n - 1], label, sizeof label);
  plot_measure (measure, label, &width, NULL);

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
        HeatLabel *l = &labels[count++];

        l->index = i;
        heatmap_format (kind, values[i], l->label, sizeof l->label);
        plot_measure (measure, l->label, &l->width, NULL);
      }

  return count;
}

static gboolean
heatmap_layout (HeatLayout           *layout,
                const CuoccHeatmap   *map,
                const CuoccPlotStyle *style,
                double                width,
                double                height)
{
  PangoLayout *measure = plot_measure_layout ();
  PangoFontDescription *desc;
  static const char *bar_text[] = { "0 %", "50 %", "100 %" };
  double title_w, title_h, axis_h, y_label_w = 0, bar_label_w = 0, x_label_w;
  double left, right, top, bottom, bar_w;
  char label[PLOT_LABEL_LEN];

  memset (layout, 0, sizeof *layout);
  layout->font_size = style->font_size > 0 ? style->font_size : 13.0;
  layout->pad = round (layout->font_size * 0.9);
  layout->gap = round (layout->font_size * 0.5);
  layout->tick_length = round (layout->font_size * 0.4);

  desc = plot_font_description (style, 1.2, TRUE);
  pango_layout_set_font_description (measure, desc);
  pango_font_description_free (desc);
  plot_measure (measure, heatmap_title (map), &title_w, &title_h);

  desc = plot_font_description (style, 1.0, FALSE);
  pango_layout_set_font_description (measure, desc);
  pango_font_description_free (desc);
  plot_measure (measure, plot_x_title (CUOCC_SERIES_THREADS), NULL, &axis_h);

  desc = plot_font_description (style, 0.92, FALSE);
  pango_layout_set_font_description (measure, desc);
  pango_font_description_free (desc);
  plot_measure (measure, "0123456789", NULL, &layout->line_height);

  for (guint j = 0; j < map->n_y; j += MAX (1, map->n_y / 16))
    {
      double w;

      heatmap_format (map->y_kind, map->y_values[j], label, sizeof label);
      plot_measure (measure, label, &w, NULL);
      y_label_w = MAX (y_label_w, w);
    }
  heatmap_format (map->y_kind, map->y_values[map->n_y - 1], label, sizeof label);
  plot_measure (measure, label, &x_label_w, NULL);
  y_label_w = MAX (y_label_w, x_label_w);

  for (guint i = 0; i < G_N_ELEMENTS (bar_text); i++)
    {
      g_strlcpy (layout->bar_labels[i].label, bar_text[i], PLOT_LABEL_LEN);
      plot_measure (measure, bar_text[i], &layout->bar_labels[i].width, NULL);
      bar_label_w = MAX (bar_label_w, layout->bar_labels[i].width);
    }

  heatmap_format (CUOCC_SERIES_THREADS, map->x_values[map->n_x - 1], label, sizeof label);
  plot_measure (measure, label, &x_label_w, NULL);

  bar_w = round (layout->font_size);
  left = round (layout->pad + axis_h + layout->gap + y_label_w + layout->gap * 0.5 + layout->tick_length);
  right = round (width - layout->pad - bar_label_w - layout->gap - bar_w - layout->gap * 2);
  right = MIN (right, round (width - x_label_w / 2 - layout->pad));
  top = round (layout->pad + title_h + layout->gap + layout->line_height * 0.5);
  bottom = round (height - layout->pad - axis_h - layout->gap - layout->line_height
                  - layout->tick_length - layout->gap * 0.5);

  if (right - left < map->n_x * 0.25 || bottom - top < 8 || right - left < 8)
    return FALSE;

  layout->area = (PlotRect) { left, top, right - left, bottom - top };
  layout->bar = (PlotRect) { right + layout->gap * 2, top, bar_w, bottom - top };
  layout->bar_label_x = layout->bar.x + bar_w + layout->gap;
  layout->title_x = MAX (layout->pad, round (left + (right - left - title_w) / 2));
  layout->title_y = layout->pad;
  layout->y_title_x = layout->pad;
  layout->y_title_center = top + (bottom - top) / 2;
  layout->y_label_right = left - layout->tick_length - layout->gap * 0.5;
  layout->x_label_y = bottom + layout->tick_length + layout->gap * 0.5;
  layout->x_title_y = layout->x_label_y + layout->line_height + layout->gap;
  layout->x_title_center = left + (right - left) / 2;

  layout->n_x_labels = heatmap_labels (map->x_values, map->n_x, CUOCC_SERIES_THREADS,
                                       layout->area.width / map->n_x, layout->font_size * 1.2,
                                       FALSE, layout->line_height, measure, layout->x_labels);
  layout->n_y_labels = heatmap_labels (map->y_values, map->n_y, map->y_kind,
                                       layout->area.height / map->n_y, 0,
                                       TRUE, layout->line_height, measure, layout->y_labels);

  return TRUE;
}

static gboolean
heatmap_valid (const CuoccHeatmap *map)
{
  return map != NULL && map->n_x > 0 && map->n_y > 0
         && map->x_values != NULL && map->y_values != NULL && map->occupancy != NULL;
}

/* Row 0 (the smallest y value) is at the bottom, as on the line graphs. */
static void
cell_rect (const HeatLayout *layout,
           const CuoccHeatmap *map,
           guint             i,
           guint             j,
           PlotRect         *rect)
{
  double cw = layout->area.width / map->n_x;
  double ch = layout->area.height / map->n_y;

  rect->x = layout->area.x + i * cw;
  rect->y = layout->area.y + (map->n_y - 1 - j) * ch;
  rect->width = cw;
  rect->height = ch;
}

static void
show_label (cairo_t     *cr,
            PangoLayout *text,
            const char  *string,
            double       x,
            double       y)
{
  pango_layout_set_text (text, string, -1);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, text);
}

static void
set_font (PangoLayout          *text,
          const CuoccPlotStyle *style,
          double                scale,
          gboolean              bold)
{
  PangoFontDescription *desc = plot_font_description (style, scale, bold);

  pango_layout_set_font_description (text, desc);
  pango_font_description_free (desc);
}

static void
set_color (cairo_t              *cr,
           const CuoccPlotColor *color,
           double                alpha)
{
  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a * alpha);
}

static void
paint_cells (cairo_t            *cr,
             const HeatLayout   *layout,
             const CuoccHeatmap *map)
{
  cairo_surface_t *cells = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, map->n_x, map->n_y);
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
  for (guint j = 0; j < map->n_y; j++)
    {
      guint32 *row = (guint32 *) (void *) (data + (map->n_y - 1 - j) * stride);

      for (guint i = 0; i < map->n_x; i++)
        row[i] = ramp_argb (map->occupancy[(gsize) j * map->n_x + i]);
    }
  cairo_surface_mark_dirty (cells);

  pattern = cairo_pattern_create_for_surface (cells);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_matrix_init_scale (&matrix, map->n_x / layout->area.width, map->n_y / layout->area.height);
  cairo_matrix_translate (&matrix, -layout->area.x, -layout->area.y);
  cairo_pattern_set_matrix (pattern, &matrix);

  cairo_rectangle (cr, layout->area.x, layout->area.y, layout->area.width, layout->area.height);
  cairo_set_source (cr, pattern);
  cairo_fill (cr);

  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (cells);
}

static void
paint_bar (cairo_t              *cr,
           PangoLayout          *text,
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

  set_font (text, style, 0.92, FALSE);
  set_color (cr, &style->foreground, 0.8);
  for (guint i = 0; i < G_N_ELEMENTS (layout->bar_labels); i++)
    show_label (cr, text, layout->bar_labels[i].label, layout->bar_label_x,
                round (b->y + b->height * (1.0 - i / 2.0) - layout->line_height / 2));
}

static void
paint_labels (cairo_t              *cr,
              PangoLayout          *text,
              const HeatLayout     *layout,
              const CuoccHeatmap   *map,
              const CuoccPlotStyle *style)
{
  PangoRectangle logical;
  double last_right = -G_MAXDOUBLE;
  double last_top = G_MAXDOUBLE;

  set_font (text, style, 0.92, FALSE);
  set_color (cr, &style->foreground, 0.8);
  for (guint k = 0; k < layout->n_x_labels; k++)
    {
      const HeatLabel *l = &layout->x_labels[k];
      PlotRect cell;
      double x;

      cell_rect (layout, map, l->index, 0, &cell);
      x = round (cell.x + cell.width / 2 - l->width / 2);
      if (x < last_right + layout->gap)
        continue;
      show_label (cr, text, l->label, x, layout->x_label_y);
      last_right = x + l->width;
    }
  for (guint k = 0; k < layout->n_y_labels; k++)
    {
      const HeatLabel *l = &layout->y_labels[k];
      PlotRect cell;
      double y;

      cell_rect (layout, map, 0, l->index, &cell);
      y = round (cell.y + cell.height / 2 - layout->line_height / 2);
      if (y + layout->line_height > last_top)
        continue;
      show_label (cr, text, l->label, layout->y_label_right - l->width, y);
      last_top = y;
    }

  set_color (cr, &style->foreground, 1.0);
  set_font (text, style, 1.2, TRUE);
  show_label (cr, text, heatmap_title (map), layout->title_x, layout->title_y);

  set_color (cr, &style->foreground, 0.85);
  set_font (text, style, 1.0, FALSE);
  pango_layout_set_text (text, plot_x_title (CUOCC_SERIES_THREADS), -1);
  pango_layout_get_extents (text, NULL, &logical);
  cairo_move_to (cr, round (layout->x_title_center - logical.width / (2.0 * PANGO_SCALE)), layout->x_title_y);
  pango_cairo_show_layout (cr, text);

  pango_layout_set_text (text, plot_x_title (map->y_kind), -1);
  pango_layout_get_extents (text, NULL, &logical);
  cairo_save (cr);
  cairo_translate (cr, layout->y_title_x, round (layout->y_title_center + logical.width / (2.0 * PANGO_SCALE)));
  cairo_rotate (cr, -G_PI / 2);
  cairo_move_to (cr, 0, 0);
  pango_cairo_update_layout (cr, text);
  pango_cairo_show_layout (cr, text);
  cairo_restore (cr);
  pango_cairo_update_layout (cr, text);
}

static void
outline_cell (cairo_t              *cr,
              const PlotRect       *cell,
              const CuoccPlotColor *color,
              double                width)
{
  double grow = MAX (0, 4 - MIN (cell->width, cell->height)) / 2;

  cairo_rectangle (cr, cell->x - grow, cell->y - grow, cell->width + 2 * grow, cell->height + 2 * grow);
  cairo_set_line_width (cr, width);
  set_color (cr, color, 1.0);
  cairo_stroke (cr);
}

static void
paint_hover (cairo_t              *cr,
             PangoLayout          *text,
             const HeatLayout     *layout,
             const CuoccHeatmap   *map,
             const CuoccPlotStyle *style,
             guint                 i,
             guint                 j,
             const CuoccPlotHover *hover)
{
  g_autofree char *reading = NULL;
  char y_text[PLOT_LABEL_LEN], percent[32];
  PlotRect cell;

  cell_rect (layout, map, i, j, &cell);
  outline_cell (cr, &cell, &style->foreground, 1.0);

  plot_format_percent (map->occupancy[(gsize) j * map->n_x + i], percent, sizeof percent);
  if (map->y_kind == CUOCC_SERIES_SMEM)
    plot_format_size (map->y_values[j], y_text, sizeof y_text);
  else
    g_snprintf (y_text, sizeof y_text,
                ngettext ("%d register", "%d registers", (int) map->y_values[j]), (int) map->y_values[j]);
  /* TRANSLATORS: a heatmap cell: "256 threads, 32 registers: 100 %" */
  reading = g_strdup_printf (_("%d threads, %s: %s"), (int) map->x_values[i], y_text, percent);

  set_font (text, style, 0.92, FALSE);
  pango_layout_set_text (text, reading, -1);
  plot_paint_readout (cr, text, &layout->area, layout->font_size, layout->gap, hover, style);
}

static gboolean
heatmap_cell_at (const HeatLayout   *layout,
                 const CuoccHeatmap *map,
                 double              x,
                 double              y,
                 guint              *i,
                 guint              *j)
{
  double fx, fy;

  if (!plot_area_contains (&layout->area, x, y))
    return FALSE;

  fx = (x - layout->area.x) / layout->area.width;
  fy = 1.0 - (y - layout->area.y) / layout->area.height;
  *i = MIN ((guint) (fx * map->n_x), map->n_x - 1);
  *j = MIN ((guint) (fy * map->n_y), map->n_y - 1);

  return TRUE;
}

void
cuocc_plot_draw_heatmap (cairo_t              *cr,
                         double                width,
                         double                height,
                         const CuoccHeatmap   *map,
                         const CuoccPlotStyle *style,
                         const CuoccPlotHover *hover)
{
  HeatLayout layout;
  PangoLayout *text;
  guint i, j;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (heatmap_valid (map));

  style = plot_style_or_default (style);
  cairo_save (cr);

  if (style->background.a > 0)
    {
      cairo_rectangle (cr, 0, 0, width, height);
      set_color (cr, &style->background, 1.0);
      cairo_fill (cr);
    }

  if (!heatmap_layout (&layout, map, style, width, height))
    {
      cairo_restore (cr);
      return;
    }

  text = pango_cairo_create_layout (cr);
  plot_context_setup (pango_layout_get_context (text));
  pango_layout_context_changed (text);

  paint_cells (cr, &layout, map);
  paint_bar (cr, text, &layout, style);
  paint_labels (cr, text, &layout, map, style);

  if (map->current_i >= 0 && map->current_j >= 0
      && (guint) map->current_i < map->n_x && (guint) map->current_j < map->n_y)
    {
      PlotRect cell;

      cell_rect (&layout, map, map->current_i, map->current_j, &cell);
      outline_cell (cr, &cell, &style->marker, 2.0);
    }

  if (hover != NULL && hover->x >= 0 && heatmap_cell_at (&layout, map, hover->x, hover->y, &i, &j))
    paint_hover (cr, text, &layout, map, style, i, j, hover);

  g_object_unref (text);
  cairo_restore (cr);
}

gboolean
cuocc_plot_heatmap_cell_at (const CuoccHeatmap   *map,
                            const CuoccPlotStyle *style,
                            double                width,
                            double                height,
                            double                x,
                            double                y,
                            guint                *i,
                            guint                *j)
{
  HeatLayout layout;
  guint ci, cj;

  g_return_val_if_fail (heatmap_valid (map), FALSE);

  if (!heatmap_layout (&layout, map, plot_style_or_default (style), width, height)
      || !heatmap_cell_at (&layout, map, x, y, &ci, &cj))
    return FALSE;

  if (i != NULL)
    *i = ci;
  if (j != NULL)
    *j = cj;

  return TRUE;
}
