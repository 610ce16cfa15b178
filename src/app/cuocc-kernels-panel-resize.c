/* cuocc-kernels-panel-resize.c — the sidebar's width, which a drag on its
 * right edge sets, with the resize cursor along that edge. (The progress
 * lines under the table, laid out to fit any of its widths, are in the
 * panel's .ui.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

/* Where a drag resizes the sidebar: its right edge. */
#define RESIZE_EDGE 8

/* ----- callbacks ----- */

static void
resize_begin_cb (GtkGestureDrag    *gesture,
                 double             x,
                 double             y,
                 CuoccKernelsPanel *self)
{
  if (x < gtk_widget_get_width (GTK_WIDGET (self)) - RESIZE_EDGE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_start_width = self->sidebar_width;
}

static void
resize_update_cb (GtkGestureDrag    *gesture,
                  double             offset_x,
                  double             offset_y,
                  CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_set_sidebar_width (self, self->drag_start_width + (int) offset_x);
}

/* The resize cursor along the edge a drag resizes. */
static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           CuoccKernelsPanel        *self)
{
  gboolean edge = x >= gtk_widget_get_width (GTK_WIDGET (self)) - RESIZE_EDGE;

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), edge ? "col-resize" : NULL);
}

/* ----- shared with the panel's files ----- */

void
_cuocc_kernels_panel_init_resize (CuoccKernelsPanel *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  /* Before the table's own handlers: a press on the edge is a resize. */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (resize_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (resize_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}

/* ----- public API ----- */

/* The sidebar's width, clamped to what the window always has room for. */
void
_cuocc_kernels_panel_set_sidebar_width (CuoccKernelsPanel *self,
                                        int                width)
{
  width = CLAMP (width, SIDEBAR_MIN_WIDTH, SIDEBAR_MAX_WIDTH);
  if (self->sidebar_width == width)
    return;
  self->sidebar_width = width;
  gtk_widget_set_size_request (self->box, width, -1);
  g_object_notify (G_OBJECT (self), "sidebar-width");
}

int
cuocc_kernels_panel_get_sidebar_width (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), 0);

  return self->sidebar_width;
}
