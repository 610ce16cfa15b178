/* cuocc-graph.c — one occupancy graph.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart whose pixels come from cuocc_plot_draw, the same routine that
 * exports the graph; the widget adds the clicks, the drags and the keys
 * that set the input.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-graph.h"
#include "cuocc-testing.h"

/* ----- struct ----- */

struct _CuoccGraph
{
  CuoccChart parent_instance;

  CuoccSeries *series;
  CuoccSeries *overlay;            /* a pinned configuration's, or NULL */
  CuoccPlotYUnit y_unit;
  double drag_x;
  double drag_y;
};

/* ----- property enum ----- */

enum {
  PROP_0,
  PROP_Y_UNIT,
  N_PROPS
};

enum {
  VALUE_PICKED,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccGraph, cuocc_graph, CUOCC_TYPE_CHART)

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

/* GSettings binds the y-unit key to this enum by its nicks. */
GType
cuocc_graph_y_unit_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { CUOCC_PLOT_Y_PERCENT, "CUOCC_PLOT_Y_PERCENT", "percent" },
    { CUOCC_PLOT_Y_WARPS, "CUOCC_PLOT_Y_WARPS", "warps" },
    { 0, NULL, NULL }
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static ("CuoccGraphYUnit", values));

  return type;
}

/* ----- helpers ----- */

static void
update_accessible_value (CuoccGraph *self)
{
  const CuoccLine *line;

  if (self->series == NULL || self->series->n_lines == 0 || self->series->lines[0].n_points == 0)
    return;

  line = &self->series->lines[0];
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, (double) line->points[0].x,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) line->points[line->n_points - 1].x,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) self->series->current_x,
                                  -1);
}

static void
set_y_unit (CuoccGraph     *self,
            CuoccPlotYUnit  unit)
{
  g_assert (CUOCC_IS_GRAPH (self));

  if (self->y_unit == unit)
    return;

  self->y_unit = unit;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_Y_UNIT]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Moves the input by step points of the current line, as the arrow keys
 * do; FALSE when it is already at the end. */
static gboolean
step_along (CuoccGraph *self,
            int         step)
{
  const CuoccLine *line;
  gint64 current;
  gint64 target;
  guint i = 0;

  if (self->series == NULL || self->series->n_lines == 0 || self->series->lines[0].n_points == 0 || step == 0)
    return FALSE;

  line = &self->series->lines[0];
  current = self->series->current_x;
  while (i < line->n_points && line->points[i].x < current)
    i++;

  /* Between two points, the first step lands on the neighbour. */
  if (i < line->n_points && line->points[i].x == current)
    target = (gint64) i + step;
  else
    target = step > 0 ? (gint64) i + step - 1 : (gint64) i + step;

  target = CLAMP (target, 0, (gint64) line->n_points - 1);
  if (line->points[target].x == current)
    return FALSE;

  g_signal_emit (self, signals[VALUE_PICKED], 0, line->points[target].x);
  return TRUE;
}

/* ----- callbacks ----- */

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CuoccGraph            *self)
{
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      return step_along (self, -1);

    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      return step_along (self, 1);

    case GDK_KEY_Page_Down:
      return step_along (self, -8);

    case GDK_KEY_Page_Up:
      return step_along (self, 8);

    case GDK_KEY_Home:
      return step_along (self, G_MININT / 2);

    case GDK_KEY_End:
      return step_along (self, G_MAXINT / 2);

    default:
      return FALSE;
    }
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               CuoccGraph     *self)
{
  self->drag_x = x;
  self->drag_y = y;
  if (cuocc_graph_pick (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                CuoccGraph     *self)
{
  cuocc_chart_set_hover (CUOCC_CHART (self), self->drag_x + dx, self->drag_y + dy);
  cuocc_graph_pick (self, self->drag_x + dx, self->drag_y + dy);
}

/* ----- vfuncs ----- */

static void
cuocc_graph_draw (CuoccChart           *chart,
                  cairo_t              *cr,
                  int                   width,
                  int                   height,
                  const CuoccPlotStyle *style,
                  const CuoccPlotHover *hover)
{
  CuoccGraph *self = CUOCC_GRAPH (chart);

  if (self->series == NULL)
    return;

  cuocc_plot_draw (cr, width, height, self->series, self->y_unit, style, hover);
  if (self->overlay != NULL)
    cuocc_plot_draw_overlay (cr, width, height, self->series, self->overlay, self->y_unit, style);
}

/* ----- dispose / finalize ----- */

static void
cuocc_graph_finalize (GObject *object)
{
  CuoccGraph *self = CUOCC_GRAPH (object);

  g_clear_pointer (&self->series, cuocc_series_free);
  g_clear_pointer (&self->overlay, cuocc_series_free);

  G_OBJECT_CLASS (cuocc_graph_parent_class)->finalize (object);
}

/* ----- get/set_property ----- */

static void
cuocc_graph_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  CuoccGraph *self = CUOCC_GRAPH (object);

  switch (prop_id)
    {
    case PROP_Y_UNIT:
      g_value_set_enum (value, self->y_unit);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_graph_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  CuoccGraph *self = CUOCC_GRAPH (object);

  switch (prop_id)
    {
    case PROP_Y_UNIT:
      set_y_unit (self, g_value_get_enum (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_graph_class_init (CuoccGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CuoccChartClass *chart_class = CUOCC_CHART_CLASS (klass);

  object_class->finalize = cuocc_graph_finalize;
  object_class->get_property = cuocc_graph_get_property;
  object_class->set_property = cuocc_graph_set_property;

  chart_class->draw = cuocc_graph_draw;
  cuocc_chart_class_set_size (chart_class, 240, 160, 480, 240);

  props[PROP_Y_UNIT] =
    g_param_spec_enum ("y-unit", NULL, NULL,
                       CUOCC_TYPE_GRAPH_Y_UNIT, CUOCC_PLOT_Y_PERCENT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, props);

  signals[VALUE_PICKED] =
    g_signal_new ("value-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  /* The graph sets its input, with the pointer or the arrow keys. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
cuocc_graph_init (CuoccGraph *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}

/* ----- public API ----- */

/* Takes the series. */
void
cuocc_graph_set_series (CuoccGraph  *self,
                        CuoccSeries *series)
{
  g_return_if_fail (CUOCC_IS_GRAPH (self));

  if (self->series == series)
    return;

  g_clear_pointer (&self->series, cuocc_series_free);
  self->series = series;
  update_accessible_value (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Takes the series; its line is drawn dashed over the graph. NULL for none. */
void
cuocc_graph_set_overlay (CuoccGraph  *self,
                         CuoccSeries *overlay)
{
  g_return_if_fail (CUOCC_IS_GRAPH (self));

  if (self->overlay == overlay)
    return;

  g_clear_pointer (&self->overlay, cuocc_series_free);
  self->overlay = overlay;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const CuoccSeries *
cuocc_graph_get_overlay (CuoccGraph *self)
{
  g_return_val_if_fail (CUOCC_IS_GRAPH (self), NULL);

  return self->overlay;
}

const CuoccSeries *
cuocc_graph_get_series (CuoccGraph *self)
{
  g_return_val_if_fail (CUOCC_IS_GRAPH (self), NULL);

  return self->series;
}

CuoccPlotYUnit
cuocc_graph_get_y_unit (CuoccGraph *self)
{
  g_return_val_if_fail (CUOCC_IS_GRAPH (self), CUOCC_PLOT_Y_PERCENT);

  return self->y_unit;
}

/* Sets the input under (x, y), as a click or a drag does. */
gboolean
cuocc_graph_pick (CuoccGraph *self,
                  double      x,
                  double      y)
{
  CuoccPlotStyle style;
  gint64 value;

  g_return_val_if_fail (CUOCC_IS_GRAPH (self), FALSE);

  if (self->series == NULL)
    return FALSE;

  /* The layout depends on the font the graph is drawn with. */
  cuocc_chart_get_style (CUOCC_CHART (self), &style);
  if (!cuocc_plot_value_at_styled (self->series, &style, gtk_widget_get_width (GTK_WIDGET (self)),
                                   gtk_widget_get_height (GTK_WIDGET (self)), x, y, &value))
    return FALSE;

  g_signal_emit (self, signals[VALUE_PICKED], 0, value);
  return TRUE;
}
