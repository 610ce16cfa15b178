/* cuocc-heatmap-view.c — occupancy over block size × registers or shared
 * memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart whose pixels come from cuocc_plot_draw_heatmap, the routine that
 * exports the heatmap too; the widget adds the clicks that pick a cell.
 */
#include "config.h"

#include "cuocc-heatmap-view.h"
#include "cuocc-testing.h"

/* ----- struct ----- */

struct _CuoccHeatmapView
{
  CuoccChart parent_instance;

  CuoccGrid *grid;
};

enum {
  CELL_PICKED,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccHeatmapView, cuocc_heatmap_view, CUOCC_TYPE_CHART)

static guint signals[N_SIGNALS];

/* ----- callbacks ----- */

static void
pressed_cb (GtkGestureClick  *gesture,
            int               n_press,
            double            x,
            double            y,
            CuoccHeatmapView *self)
{
  if (cuocc_heatmap_view_pick (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* ----- vfuncs ----- */

static void
cuocc_heatmap_view_draw (CuoccChart           *chart,
                         cairo_t              *cr,
                         int                   width,
                         int                   height,
                         const CuoccPlotStyle *style,
                         const CuoccPlotHover *hover)
{
  CuoccHeatmapView *self = CUOCC_HEATMAP_VIEW (chart);

  if (self->grid != NULL)
    cuocc_plot_draw_heatmap (cr, width, height, self->grid, style, hover);
}

/* ----- dispose / finalize ----- */

static void
cuocc_heatmap_view_finalize (GObject *object)
{
  CuoccHeatmapView *self = CUOCC_HEATMAP_VIEW (object);

  g_clear_pointer (&self->grid, cuocc_grid_free);

  G_OBJECT_CLASS (cuocc_heatmap_view_parent_class)->finalize (object);
}

/* ----- class_init / init ----- */

static void
cuocc_heatmap_view_class_init (CuoccHeatmapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CuoccChartClass *chart_class = CUOCC_CHART_CLASS (klass);

  object_class->finalize = cuocc_heatmap_view_finalize;

  chart_class->draw = cuocc_heatmap_view_draw;
  cuocc_chart_class_set_size (chart_class, 280, 200, 520, 320);

  /* The cell's block size and its registers or bytes of shared memory. */
  signals[CELL_PICKED] =
    g_signal_new ("cell-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT64);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cuocc_heatmap_view_init (CuoccHeatmapView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

/* ----- public API ----- */

/* Takes the grid; NULL shows nothing. */
void
cuocc_heatmap_view_set_grid (CuoccHeatmapView *self,
                             CuoccGrid        *grid)
{
  g_return_if_fail (CUOCC_IS_HEATMAP_VIEW (self));

  if (self->grid == grid)
    return;

  g_clear_pointer (&self->grid, cuocc_grid_free);
  self->grid = grid;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const CuoccGrid *
cuocc_heatmap_view_get_grid (CuoccHeatmapView *self)
{
  g_return_val_if_fail (CUOCC_IS_HEATMAP_VIEW (self), NULL);

  return self->grid;
}

/* The cell under (x, y) in widget coordinates; FALSE outside the cells. */
gboolean
cuocc_heatmap_view_cell_at (CuoccHeatmapView *self,
                            double            x,
                            double            y,
                            guint            *i,
                            guint            *j)
{
  CuoccPlotStyle style;

  g_return_val_if_fail (CUOCC_IS_HEATMAP_VIEW (self), FALSE);

  if (self->grid == NULL)
    return FALSE;

  /* The layout depends on the font the heatmap is drawn with. */
  cuocc_chart_get_style (CUOCC_CHART (self), &style);
  return cuocc_plot_heatmap_cell_at (self->grid, &style,
                                     gtk_widget_get_width (GTK_WIDGET (self)),
                                     gtk_widget_get_height (GTK_WIDGET (self)),
                                     &(CuoccPlotHover) { x, y }, i, j);
}

/* Applies the cell under (x, y), as a click does. */
gboolean
cuocc_heatmap_view_pick (CuoccHeatmapView *self,
                         double            x,
                         double            y)
{
  guint i, j;

  g_return_val_if_fail (CUOCC_IS_HEATMAP_VIEW (self), FALSE);

  if (!cuocc_heatmap_view_cell_at (self, x, y, &i, &j))
    return FALSE;

  g_signal_emit (self, signals[CELL_PICKED], 0, self->grid->x_values[i], self->grid->y_values[j]);
  return TRUE;
}
