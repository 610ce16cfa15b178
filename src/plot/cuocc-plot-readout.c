/* cuocc-plot-readout.c — what the pointer reads off a graph: the text and
 * the box it is shown in.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "cuocc-plot-private.h"

/* ----- the line graphs ----- */

/* The point that holds the value for x: the first at or above it. */
const CuoccPoint *
_cuocc_plot_line_point_at (const CuoccLine *line,
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

  _cuocc_plot_format_percent (point->occupancy, percent, sizeof percent);
  g_string_append_printf (out, ngettext ("%d warp (%s)", "%d warps (%s)", point->active_warps),
                          point->active_warps, percent);
}

char *
_cuocc_plot_readout_text (const CuoccSeries *series,
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
      _cuocc_plot_format_size (value, size, sizeof size);
      /* TRANSLATORS: "48 KiB shared memory" */
      g_string_append_printf (out, _("%s shared memory"), size);
      break;
    }

  if (layout->n_legend == 0)
    {
      const CuoccPoint *point = _cuocc_plot_line_point_at (&series->lines[0], value);

      g_string_append (out, ": ");
      if (point != NULL)
        format_reading (point, out);
      return g_string_free (out, FALSE);
    }

  for (guint i = 0; i < layout->n_legend; i++)
    {
      const CuoccPoint *point = _cuocc_plot_line_point_at (&series->lines[layout->legend[i].line], value);

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
_cuocc_plot_paint_readout (cairo_t              *cr,
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
  _cuocc_plot_set_color (cr, &box, 0.94);
  cairo_fill_preserve (cr);
  _cuocc_plot_stroke (cr, &style->foreground, 0.25, 1.0);

  _cuocc_plot_set_color (cr, &style->foreground, 1.0);
  cairo_move_to (cr, box_x + pad, box_y + pad);
  pango_cairo_show_layout (cr, text);
}

/* ----- the heatmaps ----- */

char *
_cuocc_plot_heatmap_readout_text (const CuoccGrid *grid,
                                  guint            i,
                                  guint            j)
{
  char y_text[PLOT_LABEL_LEN], percent[32];

  _cuocc_plot_format_percent (grid->occupancy[(gsize) j * grid->n_x + i], percent, sizeof percent);
  if (grid->y_kind == CUOCC_SERIES_SMEM)
    _cuocc_plot_format_size (grid->y_values[j], y_text, sizeof y_text);
  else
    g_snprintf (y_text, sizeof y_text,
                ngettext ("%d register", "%d registers", (int) grid->y_values[j]), (int) grid->y_values[j]);
  /* TRANSLATORS: a heatmap cell: "256 threads, 32 registers: 100 %" */
  return g_strdup_printf (_("%d threads, %s: %s"), (int) grid->x_values[i], y_text, percent);
}
