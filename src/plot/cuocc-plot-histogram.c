/* cuocc-plot-histogram.c — how a library's kernels spread over occupancy:
 * a bar for each tenth, for the app's summary and the command line's
 * --plot of an import alike.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "cuocc-plot-private.h"

/* ----- the data ----- */

/* The bar a kernel's occupancy (a fraction) falls in: [i/10, (i+1)/10),
 * with 100 % in the last. */
guint
cuocc_histogram_bin (double occupancy)
{
  int bin = (int) floor (CLAMP (occupancy, 0.0, 1.0) * CUOCC_HISTOGRAM_BINS + 1e-9);

  return (guint) CLAMP (bin, 0, CUOCC_HISTOGRAM_BINS - 1);
}

void
cuocc_histogram_add (CuoccHistogram *histogram,
                     double          occupancy)
{
  g_return_if_fail (histogram != NULL);

  histogram->counts[cuocc_histogram_bin (occupancy)]++;
  histogram->n_kernels++;
}

/* "occupancy_from_pct,occupancy_to_pct,kernels", a row a bar. */
char *
cuocc_histogram_to_csv (const CuoccHistogram *histogram)
{
  GString *csv = g_string_new ("occupancy_from_pct,occupancy_to_pct,kernels\n");

  g_return_val_if_fail (histogram != NULL, g_string_free (csv, FALSE));

  for (guint i = 0; i < CUOCC_HISTOGRAM_BINS; i++)
    g_string_append_printf (csv, "%u,%u,%u\n", i * 100 / CUOCC_HISTOGRAM_BINS, (i + 1) * 100 / CUOCC_HISTOGRAM_BINS,
                            histogram->counts[i]);
  return g_string_free (csv, FALSE);
}

/* ----- layout ----- */

typedef struct {
  PlotRect area;                   /* the bars' */
  double font_size;
  double pad;
  guint max_count;                 /* the y axis' top, a round number */
  guint step;                      /* between y ticks */
  double label_height;
} HistogramLayout;

/* A round step for the counts' axis: 1, 2 or 5 times a power of ten, about
 * five ticks up to max. */
static guint
count_step (guint max)
{
  guint step = 1;

  while (max / step > 5)
    {
      if (max / (step * 2) <= 5)
        return step * 2;
      if (max / (step * 5) <= 5)
        return step * 5;
      step *= 10;
    }
  return step;
}

static gboolean
histogram_layout (const CuoccHistogram *histogram,
                  const CuoccPlotStyle *style,
                  double                width,
                  double                height,
                  HistogramLayout      *l)
{
  PangoLayout *measure = _cuocc_plot_measure_layout ();
  guint most = 0;
  char label[32];
  double w, h, title_h, axis_w;

  for (guint i = 0; i < CUOCC_HISTOGRAM_BINS; i++)
    most = MAX (most, histogram->counts[i]);
  l->step = count_step (MAX (most, 1));
  l->max_count = ((MAX (most, 1) + l->step - 1) / l->step) * l->step;

  l->font_size = _cuocc_plot_font_size (style);
  l->pad = round (l->font_size * 0.8);
  _cuocc_plot_measure_set_font (measure, style, PLOT_TITLE_FONT_SCALE, TRUE);
  _cuocc_plot_measure (measure, histogram->title != NULL ? histogram->title : _("Kernels by occupancy"), &w, &title_h);
  _cuocc_plot_measure_set_font (measure, style, PLOT_TICK_FONT_SCALE, FALSE);
  g_snprintf (label, sizeof label, "%u", l->max_count);
  _cuocc_plot_measure (measure, label, &axis_w, &h);
  l->label_height = h;

  /* Title, the bars, the x labels and the x axis' title under them. */
  l->area.x = l->pad + axis_w + l->pad * 0.5;
  l->area.y = l->pad + title_h + l->pad;
  l->area.width = width - l->area.x - l->pad * 1.5;
  l->area.height = height - l->area.y - l->pad - 2 * h - l->pad * 0.5;
  return l->area.width >= CUOCC_HISTOGRAM_BINS * 4 && l->area.height >= 20;
}

/* ----- drawing ----- */

void
cuocc_plot_draw_histogram (cairo_t              *cr,
                           double                width,
                           double                height,
                           const CuoccHistogram *histogram,
                           const CuoccPlotStyle *style,
                           int                   highlighted)
{
  HistogramLayout l;
  PlotText *text;
  double bar_width;
  char label[32];

  g_return_if_fail (cr != NULL);
  g_return_if_fail (histogram != NULL);

  style = _cuocc_plot_style_or_default (style);
  _cuocc_plot_paint_background (cr, style, width, height);
  if (!histogram_layout (histogram, style, width, height, &l))
    return;

  text = _cuocc_plot_text_begin (cr);
  _cuocc_plot_text_set_font (text, style, PLOT_TITLE_FONT_SCALE, TRUE);
  {
    const char *title = histogram->title != NULL ? histogram->title : _("Kernels by occupancy");
    PangoLayout *layout = _cuocc_plot_text_layout (text, title);
    PangoRectangle logical;

    pango_layout_get_pixel_extents (layout, NULL, &logical);
    _cuocc_plot_set_color (cr, &style->foreground, 1.0);
    _cuocc_plot_text_show (cr, text, title, MAX (l.pad, (width - logical.width) / 2.0), l.pad);
  }

  /* The counts' grid and labels. */
  _cuocc_plot_text_set_font (text, style, PLOT_TICK_FONT_SCALE, FALSE);
  for (guint count = 0; count <= l.max_count; count += l.step)
    {
      double y = round (l.area.y + l.area.height * (1.0 - (double) count / l.max_count)) + 0.5;
      PangoRectangle logical;

      cairo_move_to (cr, l.area.x, y);
      cairo_line_to (cr, l.area.x + l.area.width, y);
      _cuocc_plot_stroke (cr, &style->grid, 1.0, 1.0);
      g_snprintf (label, sizeof label, "%u", count);
      pango_layout_get_pixel_extents (_cuocc_plot_text_layout (text, label), NULL, &logical);
      _cuocc_plot_set_color (cr, &style->foreground, 0.8);
      _cuocc_plot_text_show (cr, text, label, l.area.x - l.pad * 0.5 - logical.width, y - logical.height / 2.0);
      if (l.step == 0)
        break;
    }

  /* The bars, the one asked for stronger. */
  bar_width = l.area.width / CUOCC_HISTOGRAM_BINS;
  for (guint i = 0; i < CUOCC_HISTOGRAM_BINS; i++)
    {
      double bar_height = l.area.height * histogram->counts[i] / l.max_count;
      double x = l.area.x + i * bar_width;

      if (histogram->counts[i] > 0)
        {
          cairo_rectangle (cr, round (x + bar_width * 0.12), round (l.area.y + l.area.height - bar_height),
                           round (bar_width * 0.76), round (bar_height));
          _cuocc_plot_set_color (cr, highlighted < 0 || (guint) highlighted == i ? &style->line : &style->grid,
                                 highlighted < 0 || (guint) highlighted == i ? 0.85 : 1.0);
          cairo_fill (cr);
        }
    }

  /* 0 % … 100 % under the bars' edges, every other one where they crowd. */
  for (guint i = 0; i <= CUOCC_HISTOGRAM_BINS; i++)
    {
      PangoRectangle logical;
      double x = l.area.x + i * bar_width;

      if (bar_width < l.font_size * 3 && i % 2 == 1)
        continue;
      g_snprintf (label, sizeof label, "%u", i * 100 / CUOCC_HISTOGRAM_BINS);
      pango_layout_get_pixel_extents (_cuocc_plot_text_layout (text, label), NULL, &logical);
      _cuocc_plot_set_color (cr, &style->foreground, 0.8);
      _cuocc_plot_text_show (cr, text, label, x - logical.width / 2.0, l.area.y + l.area.height + l.pad * 0.3);
    }
  {
    const char *x_title = _("Occupancy on the GPU (%)");
    PangoRectangle logical;

    pango_layout_get_pixel_extents (_cuocc_plot_text_layout (text, x_title), NULL, &logical);
    _cuocc_plot_set_color (cr, &style->foreground, 1.0);
    _cuocc_plot_text_show (cr, text, x_title, l.area.x + (l.area.width - logical.width) / 2.0,
                           l.area.y + l.area.height + l.pad * 0.3 + l.label_height);
  }

  cairo_move_to (cr, l.area.x, l.area.y + l.area.height + 0.5);
  cairo_line_to (cr, l.area.x + l.area.width, l.area.y + l.area.height + 0.5);
  _cuocc_plot_stroke (cr, &style->foreground, 0.8, 1.0);
}

/* The bar under a point, for clicks; FALSE outside the bars' area. */
gboolean
cuocc_plot_histogram_bin_at (const CuoccHistogram *histogram,
                             const CuoccPlotStyle *style,
                             double                width,
                             double                height,
                             double                x,
                             double                y,
                             guint                *bin)
{
  HistogramLayout l;

  g_return_val_if_fail (histogram != NULL, FALSE);

  style = _cuocc_plot_style_or_default (style);
  if (!histogram_layout (histogram, style, width, height, &l) ||
      x < l.area.x || x >= l.area.x + l.area.width || y < l.area.y || y > l.area.y + l.area.height)
    return FALSE;
  PLOT_SET_OUT (bin, MIN ((guint) ((x - l.area.x) / (l.area.width / CUOCC_HISTOGRAM_BINS)), CUOCC_HISTOGRAM_BINS - 1));
  return TRUE;
}
