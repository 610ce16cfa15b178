/* cuocc-chart.h — the base of the widgets that show a drawing of the plot
 * module: the line graphs and the heatmaps.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <cuocc-plot.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_CHART (cuocc_chart_get_type ())

G_DECLARE_DERIVABLE_TYPE (CuoccChart, cuocc_chart, CUOCC, CHART, GtkWidget)

struct _CuoccChartClass
{
  GtkWidgetClass parent_class;

  /* Paints the chart into (0, 0, width, height) of cr in style; hover is
   * where the pointer is (x < 0 for nowhere). */
  void (*draw) (CuoccChart           *self,
                cairo_t              *cr,
                int                   width,
                int                   height,
                const CuoccPlotStyle *style,
                const CuoccPlotHover *hover);

  int min_width;
  int min_height;
  int natural_width;
  int natural_height;
};

void cuocc_chart_class_set_size (CuoccChartClass *klass,
                                 int              min_width,
                                 int              min_height,
                                 int              natural_width,
                                 int              natural_height);

void cuocc_chart_get_style      (CuoccChart      *self,
                                 CuoccPlotStyle  *style);
void cuocc_chart_set_hover      (CuoccChart      *self,
                                 double           x,
                                 double           y);

G_END_DECLS
