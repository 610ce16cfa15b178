/* cuocc-plot-style.c — the colours, widths and fonts graphs are drawn with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-plot-private.h"

/* ----- palettes ----- */

typedef struct {
  guint32 background;
  guint32 foreground;
  guint32 grid;
  double grid_alpha;
  guint32 line;
  guint32 others[6];
  guint32 marker;
} Palette;

/* The GNOME palette, so the graphs sit well beside libadwaita's widgets. */
static const Palette light_palette = {
  0xffffff, 0x241f31, 0x241f31, 0.10, 0x1c71d8,
  { 0x26a269, 0xc64600, 0x813d9c, 0x1a7f8e, 0x865e3c, 0xc061cb }, 0xe01b24,
};

static const Palette dark_palette = {
  0x1e1e1e, 0xededed, 0xffffff, 0.12, 0x62a0ea,
  { 0x57e389, 0xffa348, 0xc061cb, 0x5bc8af, 0xcdab8f, 0xf5c211 }, 0xff6b5e,
};

static CuoccPlotColor
rgba (guint32 hex,
      double  alpha)
{
  return (CuoccPlotColor) {
    ((hex >> 16) & 0xff) / 255.0,
    ((hex >> 8) & 0xff) / 255.0,
    (hex & 0xff) / 255.0,
    alpha,
  };
}

static void
style_init (CuoccPlotStyle *style,
            const Palette  *palette)
{
  G_STATIC_ASSERT (G_N_ELEMENTS (palette->others) == G_N_ELEMENTS (style->other_lines));

  memset (style, 0, sizeof *style);
  style->background = rgba (palette->background, 1.0);
  style->foreground = rgba (palette->foreground, 1.0);
  style->grid = rgba (palette->grid, palette->grid_alpha);
  style->line = rgba (palette->line, 1.0);
  for (guint i = 0; i < G_N_ELEMENTS (palette->others); i++)
    style->other_lines[i] = rgba (palette->others[i], 1.0);
  style->marker = rgba (palette->marker, 1.0);
  style->font_family = NULL;
  style->font_size = PLOT_DEFAULT_FONT_SIZE;
  style->line_width = PLOT_DEFAULT_LINE_WIDTH;
}

void
cuocc_plot_style_init_light (CuoccPlotStyle *style)
{
  g_return_if_fail (style != NULL);

  style_init (style, &light_palette);
}

void
cuocc_plot_style_init_dark (CuoccPlotStyle *style)
{
  g_return_if_fail (style != NULL);

  style_init (style, &dark_palette);
}

const CuoccPlotStyle *
_cuocc_plot_style_or_default (const CuoccPlotStyle *style)
{
  static CuoccPlotStyle light;
  static gsize initialized;

  if (style != NULL)
    return style;

  if (g_once_init_enter (&initialized))
    {
      cuocc_plot_style_init_light (&light);
      g_once_init_leave (&initialized, 1);
    }

  return &light;
}

void
_cuocc_plot_set_color (cairo_t              *cr,
                       const CuoccPlotColor *color,
                       double                alpha)
{
  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a * alpha);
}

/* Fills (0, 0, width, height) with the background; a transparent one
 * leaves the surface as it is. */
void
_cuocc_plot_paint_background (cairo_t              *cr,
                              const CuoccPlotStyle *style,
                              double                width,
                              double                height)
{
  if (style->background.a > 0)
    {
      cairo_rectangle (cr, 0, 0, width, height);
      _cuocc_plot_set_color (cr, &style->background, 1.0);
      cairo_fill (cr);
    }
}

/* ----- lines ----- */

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

const CuoccPlotColor *
_cuocc_plot_line_color (const CuoccPlotStyle *style,
                        const CuoccSeries    *series,
                        guint                 index)
{
  guint slot = line_slot (series, index);

  return slot == 0 ? &style->line : &style->other_lines[(slot - 1) % G_N_ELEMENTS (style->other_lines)];
}

double
_cuocc_plot_line_width (const CuoccPlotStyle *style)
{
  return style->line_width > 0 ? style->line_width : PLOT_DEFAULT_LINE_WIDTH;
}

/* Dashes mean only "pinned": with more configurations than colours, the
 * colours come round again as thin lines, so no two lines look alike. The
 * current configuration's line is the widest. */
double
_cuocc_plot_config_line_width (const CuoccPlotStyle *style,
                               const CuoccSeries    *series,
                               guint                 index)
{
  if (index == 0)
    return _cuocc_plot_line_width (style);
  if (line_slot (series, index) > G_N_ELEMENTS (style->other_lines))
    return _cuocc_plot_line_width (style) * 0.45;
  return _cuocc_plot_line_width (style) * 0.8;
}

/* Strokes the current path width wide in color, alpha times as opaque. */
void
_cuocc_plot_stroke (cairo_t              *cr,
                    const CuoccPlotColor *color,
                    double                alpha,
                    double                width)
{
  cairo_set_line_width (cr, width);
  _cuocc_plot_set_color (cr, color, alpha);
  cairo_stroke (cr);
}
