/* cuocc-kernels-panel-resize.c — the sidebar's width, which a drag on its
 * right edge sets, with the resize cursor along that edge; the progress
 * lines under the table, laid out to fit any of its widths.
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

/* A progress under the table (the GPU comparison's, ptxas's): its text on
 * a line of its own, wrapped where the sidebar is narrower than it, never
 * cut, and the bar and @cancel under it. Beside the bar and Cancel the
 * text was ellipsized at the sidebar's default width (440 px at
 * 1920 × 1080: "Comparing 3 GPUs: 8,192 of…"). Hidden until shown. */
GtkWidget *
_cuocc_kernels_panel_progress_new (GtkLabel       **label,
                                   GtkProgressBar **bar,
                                   GtkWidget       *cancel)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  *label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (*label, 0);
  gtk_label_set_wrap (*label, TRUE);
  gtk_label_set_wrap_mode (*label, PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (GTK_WIDGET (*label), "caption");
  *bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_widget_set_valign (GTK_WIDGET (*bar), GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (GTK_WIDGET (*bar), TRUE);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (*bar));
  gtk_box_append (GTK_BOX (row), cancel);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (*label));
  gtk_box_append (GTK_BOX (box), row);
  gtk_widget_set_visible (box, FALSE);
  return box;
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
