/* cuocc-heatmap-view.c — occupancy over block size × registers or shared
 * memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Like the graphs, the widget adds only the theme's colours, the pointer
 * and the clicks: the pixels come from cuocc_plot_draw_heatmap, the routine
 * that exports the heatmap too.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-heatmap-view.h"
#include "cuocc-plot-style.h"

/* ----- struct ----- */

struct _CuoccHeatmapView
{
  GtkWidget parent_instance;

  CuoccGrid *grid;
  CuoccPlotHover hover;
};

enum {
  CELL_PICKED,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccHeatmapView, cuocc_heatmap_view, GTK_TYPE_WIDGET)

static guint signals[N_SIGNALS];

/* ----- helpers ----- */

static void
set_hover (CuoccHeatmapView *self,
           double            x,
           double            y)
{
  self->hover.x = x;
  self->hover.y = y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ----- callbacks ----- */

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           CuoccHeatmapView         *self)
{
  set_hover (self, x, y);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          CuoccHeatmapView         *self)
{
  set_hover (self, -1, -1);
}

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
cuocc_heatmap_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  CuoccHeatmapView *self = CUOCC_HEATMAP_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  CuoccPlotStyle style;
  cairo_t *cr;

  if (self->grid == NULL || width <= 0 || height <= 0)
    return;

  cuocc_plot_style_for_widget (widget, &style);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cuocc_plot_draw_heatmap (cr, width, height, self->grid, &style, &self->hover);
  cairo_destroy (cr);
}

static void
cuocc_heatmap_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 280 : 200;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 520 : 320;
}

static void
cuocc_heatmap_view_css_changed (GtkWidget         *widget,
                                GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (cuocc_heatmap_view_parent_class)->css_changed (widget, change);

  /* Dark mode and high contrast arrive as a style change. */
  gtk_widget_queue_draw (widget);
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

  object_class->finalize = cuocc_heatmap_view_finalize;

  widget_class->snapshot = cuocc_heatmap_view_snapshot;
  widget_class->measure = cuocc_heatmap_view_measure;
  widget_class->css_changed = cuocc_heatmap_view_css_changed;

  /* The cell's block size and its registers or bytes of shared memory. */
  signals[CELL_PICKED] =
    g_signal_new ("cell-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT64);

  gtk_widget_class_set_css_name (widget_class, "graph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cuocc_heatmap_view_init (CuoccHeatmapView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->hover.x = -1;
  self->hover.y = -1;

  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
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
  cuocc_plot_style_for_widget (GTK_WIDGET (self), &style);
  return cuocc_plot_heatmap_cell_at (self->grid, &style,
                                     gtk_widget_get_width (GTK_WIDGET (self)),
                                     gtk_widget_get_height (GTK_WIDGET (self)),
                                     x, y, i, j);
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
