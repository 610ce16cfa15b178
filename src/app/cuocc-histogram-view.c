/* cuocc-histogram-view.c — the kernels on the chosen GPU by occupancy.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart whose pixels come from cuocc_plot_draw_histogram, the routine
 * that exports it and that `cuocc --import … --plot occupancy` draws with;
 * the widget adds the clicks that pick a bar.
 */
#include "config.h"

#include "cuocc-histogram-view.h"
#include "cuocc-testing.h"

/* ----- struct ----- */

struct _CuoccHistogramView
{
  CuoccChart parent_instance;

  CuoccHistogram histogram;
  int highlighted;
};

enum {
  BAR_CLICKED,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccHistogramView, cuocc_histogram_view, CUOCC_TYPE_CHART)

static guint signals[N_SIGNALS];

/* ----- helpers ----- */

/* The bar under (x, y) in widget coordinates; FALSE outside the bars. */
static gboolean
bin_at (CuoccHistogramView *self,
        double              x,
        double              y,
        guint              *bin)
{
  CuoccPlotStyle style;

  g_assert (CUOCC_IS_HISTOGRAM_VIEW (self));

  cuocc_chart_get_style (CUOCC_CHART (self), &style);
  return cuocc_plot_histogram_bin_at (&self->histogram, &style, gtk_widget_get_width (GTK_WIDGET (self)),
                                      gtk_widget_get_height (GTK_WIDGET (self)), x, y, bin);
}

/* ----- callbacks ----- */

static void
pressed_cb (GtkGestureClick    *gesture,
            int                 n_press,
            double              x,
            double              y,
            CuoccHistogramView *self)
{
  guint bin;

  if (!bin_at (self, x, y, &bin))
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_signal_emit (self, signals[BAR_CLICKED], 0, bin);
}

/* ----- vfuncs ----- */

static void
cuocc_histogram_view_draw (CuoccChart           *chart,
                           cairo_t              *cr,
                           int                   width,
                           int                   height,
                           const CuoccPlotStyle *style,
                           const CuoccPlotHover *hover)
{
  CuoccHistogramView *self = CUOCC_HISTOGRAM_VIEW (chart);

  cuocc_plot_draw_histogram (cr, width, height, &self->histogram, style, self->highlighted);
}

/* ----- class_init / init ----- */

static void
cuocc_histogram_view_class_init (CuoccHistogramViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CuoccChartClass *chart_class = CUOCC_CHART_CLASS (klass);

  chart_class->draw = cuocc_histogram_view_draw;
  cuocc_chart_class_set_size (chart_class, 240, 150, 420, 180);

  /* The bar's index, 0 for [0 %, 10 %) … 9 for [90 %, 100 %]. */
  signals[BAR_CLICKED] =
    g_signal_new ("bar-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cuocc_histogram_view_init (CuoccHistogramView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->highlighted = -1;
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

/* ----- public API ----- */

/* A copy of the counts; the title is not kept. */
void
cuocc_histogram_view_set_histogram (CuoccHistogramView   *self,
                                    const CuoccHistogram *histogram)
{
  g_return_if_fail (CUOCC_IS_HISTOGRAM_VIEW (self));
  g_return_if_fail (histogram != NULL);

  self->histogram = *histogram;
  self->histogram.title = NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* What is drawn: the counts of the bars (no title). */
const CuoccHistogram *
cuocc_histogram_view_get_histogram (CuoccHistogramView *self)
{
  g_return_val_if_fail (CUOCC_IS_HISTOGRAM_VIEW (self), NULL);

  return &self->histogram;
}

/* The bar the table is filtered to, drawn stronger; -1 for none. */
void
cuocc_histogram_view_set_highlighted (CuoccHistogramView *self,
                                      int                 bin)
{
  g_return_if_fail (CUOCC_IS_HISTOGRAM_VIEW (self));

  if (self->highlighted == bin)
    return;
  self->highlighted = bin;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
