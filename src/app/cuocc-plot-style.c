/* cuocc-plot-style.c — the drawing module's style in a widget's theme.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "cuocc-compat.h"
#include "cuocc-plot-style.h"

/* ----- helpers ----- */

static CuoccPlotColor
color_from_rgba (const GdkRGBA *rgba)
{
  return (CuoccPlotColor) { rgba->red, rgba->green, rgba->blue, rgba->alpha };
}

static void
get_foreground (GtkWidget *widget,
                GdkRGBA   *color)
{
  cuocc_compat_widget_get_color (widget, color);
}

static gboolean
lookup_color (GtkWidget  *widget,
              const char *name,
              GdkRGBA    *color)
{
  return cuocc_compat_lookup_color (widget, name, color);
}

/* ----- public API ----- */

/* The widget's text colour for text and axes, the accent colour for the
 * line, the error colour for the current point, and the widget's font. */
void
cuocc_plot_style_for_widget (GtkWidget      *widget,
                             CuoccPlotStyle *style)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  gboolean high_contrast = adw_style_manager_get_high_contrast (manager);
  PangoFontDescription *font;
  GdkRGBA fg;
  GdkRGBA color;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (style != NULL);

  if (adw_style_manager_get_dark (manager))
    cuocc_plot_style_init_dark (style);
  else
    cuocc_plot_style_init_light (style);

  get_foreground (widget, &fg);
  style->background = (CuoccPlotColor) { 0, 0, 0, 0 };
  style->foreground = color_from_rgba (&fg);
  style->grid = style->foreground;
  style->grid.a *= high_contrast ? 0.35 : 0.12;

  if (lookup_color (widget, "accent_color", &color))
    style->line = color_from_rgba (&color);
  if (lookup_color (widget, "error_color", &color))
    style->marker = color_from_rgba (&color);

  if (high_contrast)
    style->line_width *= 1.5;

  font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  if (font != NULL)
    {
      double size = (double) pango_font_description_get_size (font) / PANGO_SCALE;

      style->font_family = pango_font_description_get_family (font);
      if (size > 0)
        style->font_size = pango_font_description_get_size_is_absolute (font) ? size : size * 96.0 / 72.0 * 0.9;
    }
}
