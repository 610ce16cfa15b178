/* cuocc-chart.c — the base of the widgets that show a drawing of the plot
 * module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart adds to the plot module's drawing only what a widget has: the
 * theme's colours and font, the pointer, its size. Subclasses draw through
 * the draw vfunc, on a cairo node at the widget's scale so lines stay
 * crisp on HiDPI screens, and add their own clicks and keys.
 */
#include "config.h"

#include <adwaita.h>

#include "cuocc-chart.h"
#include "cuocc-compat.h"

/* ----- struct ----- */

typedef struct
{
  CuoccPlotHover hover;
} CuoccChartPrivate;

/* ----- type definition ----- */

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CuoccChart, cuocc_chart, GTK_TYPE_WIDGET)

/* ----- helpers ----- */

static CuoccPlotColor
color_from_rgba (const GdkRGBA *rgba)
{
  return (CuoccPlotColor) { rgba->red, rgba->green, rgba->blue, rgba->alpha };
}

/* ----- callbacks ----- */

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           CuoccChart               *self)
{
  cuocc_chart_set_hover (self, x, y);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          CuoccChart               *self)
{
  cuocc_chart_set_hover (self, -1, -1);
}

/* ----- vfuncs ----- */

static void
cuocc_chart_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  CuoccChart *self = CUOCC_CHART (widget);
  CuoccChartPrivate *priv = cuocc_chart_get_instance_private (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  CuoccPlotStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  cuocc_chart_get_style (self, &style);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  CUOCC_CHART_GET_CLASS (self)->draw (self, cr, width, height, &style, &priv->hover);
  cairo_destroy (cr);
}

static void
cuocc_chart_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  CuoccChartClass *klass = CUOCC_CHART_GET_CLASS (widget);
  gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;

  *minimum = horizontal ? klass->min_width : klass->min_height;
  *natural = horizontal ? klass->natural_width : klass->natural_height;
}

static void
cuocc_chart_css_changed (GtkWidget         *widget,
                         GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (cuocc_chart_parent_class)->css_changed (widget, change);

  /* Dark mode and high contrast arrive as a style change. */
  gtk_widget_queue_draw (widget);
}

static void
cuocc_chart_real_draw (CuoccChart           *self,
                       cairo_t              *cr,
                       int                   width,
                       int                   height,
                       const CuoccPlotStyle *style,
                       const CuoccPlotHover *hover)
{
}

/* ----- class_init / init ----- */

static void
cuocc_chart_class_init (CuoccChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = cuocc_chart_snapshot;
  widget_class->measure = cuocc_chart_measure;
  widget_class->css_changed = cuocc_chart_css_changed;

  klass->draw = cuocc_chart_real_draw;

  gtk_widget_class_set_css_name (widget_class, "graph");
}

static void
cuocc_chart_init (CuoccChart *self)
{
  CuoccChartPrivate *priv = cuocc_chart_get_instance_private (self);
  GtkEventController *motion = gtk_event_controller_motion_new ();

  priv->hover.x = -1;
  priv->hover.y = -1;

  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
}

/* ----- public API ----- */

/* The size a subclass asks for, minimum and natural, in pixels. */
void
cuocc_chart_class_set_size (CuoccChartClass *klass,
                            int              min_width,
                            int              min_height,
                            int              natural_width,
                            int              natural_height)
{
  g_return_if_fail (CUOCC_IS_CHART_CLASS (klass));

  klass->min_width = min_width;
  klass->min_height = min_height;
  klass->natural_width = natural_width;
  klass->natural_height = natural_height;
}

/* The plot module's style in the widget's theme: its text colour for text
 * and axes, the accent colour for the current line, the error colour for
 * the current point, and the widget's font, which the layout and with it
 * the pointer's mapping depend on. */
void
cuocc_chart_get_style (CuoccChart     *self,
                       CuoccPlotStyle *style)
{
  GtkWidget *widget = GTK_WIDGET (self);
  AdwStyleManager *manager = adw_style_manager_get_default ();
  gboolean high_contrast = adw_style_manager_get_high_contrast (manager);
  PangoFontDescription *font;
  GdkRGBA fg;
  GdkRGBA color;

  g_return_if_fail (CUOCC_IS_CHART (self));
  g_return_if_fail (style != NULL);

  if (adw_style_manager_get_dark (manager))
    cuocc_plot_style_init_dark (style);
  else
    cuocc_plot_style_init_light (style);

  cuocc_compat_widget_get_color (widget, &fg);
  style->background = (CuoccPlotColor) { 0, 0, 0, 0 };
  style->foreground = color_from_rgba (&fg);
  style->grid = style->foreground;
  style->grid.a *= high_contrast ? 0.35 : 0.12;

  if (cuocc_compat_lookup_color (widget, "accent_color", &color))
    style->line = color_from_rgba (&color);
  if (cuocc_compat_lookup_color (widget, "error_color", &color))
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

/* Where the read-out follows the pointer, as the pointer's motion and a
 * drag set it; x < 0 for nowhere. */
void
cuocc_chart_set_hover (CuoccChart *self,
                       double      x,
                       double      y)
{
  CuoccChartPrivate *priv;

  g_return_if_fail (CUOCC_IS_CHART (self));

  priv = cuocc_chart_get_instance_private (self);
  priv->hover.x = x;
  priv->hover.y = y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
