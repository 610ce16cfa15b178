/* cuocc-plot-style.h — the drawing module's style in a widget's theme.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <cuocc-plot.h>

G_BEGIN_DECLS

void cuocc_plot_style_for_widget (GtkWidget      *widget,
                                  CuoccPlotStyle *style);

G_END_DECLS
