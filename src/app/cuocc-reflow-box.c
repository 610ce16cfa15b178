/* cuocc-reflow-box.c — two children side by side where the width allows,
 * one above the other where it does not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first child (the results) stands beside the second (the graphs) once
 * the first gets its minimum width there and the second its natural width
 * (graphs narrower than that cut their titles), the first with a quarter of
 * the rest, the second with the other three. Below that the first stands
 * above the second, both as wide as the box. Meant for the inside of a vertically
 * scrolled window: the height follows the width.
 */
#include "config.h"

#include "cuocc-reflow-box.h"

/* ----- struct ----- */

struct _CuoccReflowBox
{
  GtkWidget parent_instance;
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccReflowBox, cuocc_reflow_box, GTK_TYPE_WIDGET)

/* ----- helpers ----- */

typedef struct {
  GtkWidget *first;
  GtkWidget *second;
} Children;

static gboolean
get_children (CuoccReflowBox *self,
              Children       *children)
{
  children->first = gtk_widget_get_first_child (GTK_WIDGET (self));
  children->second = children->first ? gtk_widget_get_next_sibling (children->first) : NULL;

  return children->second != NULL &&
         gtk_widget_should_layout (children->first) && gtk_widget_should_layout (children->second);
}

/* The first child's width when side by side at @width, or -1 where the
 * children do not fit side by side: its minimum and a quarter of what is
 * left once the first has its minimum and the second its natural width,
 * up to the first's natural width. */
static int
first_width_at (const Children *children,
                int             width)
{
  int first, first_natural, second;
  int spare;

  gtk_widget_measure (children->first, GTK_ORIENTATION_HORIZONTAL, -1, &first, &first_natural, NULL, NULL);
  gtk_widget_measure (children->second, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &second, NULL, NULL);
  spare = width - first - second;
  if (spare < 0)
    return -1;

  return MIN (first + spare / 4, MAX (first, first_natural));
}

static void
measure_height (const Children *children,
                int             width,
                int            *minimum,
                int            *natural)
{
  int first = width >= 0 ? first_width_at (children, width) : -1;
  int min1, nat1, min2, nat2;

  if (first >= 0)
    {
      gtk_widget_measure (children->first, GTK_ORIENTATION_VERTICAL, first, &min1, &nat1, NULL, NULL);
      gtk_widget_measure (children->second, GTK_ORIENTATION_VERTICAL, width - first,
                          &min2, &nat2, NULL, NULL);
      *minimum = MAX (min1, min2);
      *natural = MAX (nat1, nat2);
      return;
    }

  gtk_widget_measure (children->first, GTK_ORIENTATION_VERTICAL, width, &min1, &nat1, NULL, NULL);
  gtk_widget_measure (children->second, GTK_ORIENTATION_VERTICAL, width, &min2, &nat2, NULL, NULL);
  *minimum = min1 + min2;
  *natural = nat1 + nat2;
}

/* ----- vfuncs ----- */

static GtkSizeRequestMode
cuocc_reflow_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
cuocc_reflow_box_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline G_GNUC_UNUSED,
                          int            *natural_baseline G_GNUC_UNUSED)
{
  CuoccReflowBox *self = CUOCC_REFLOW_BOX (widget);
  Children children;
  int min1, nat1, min2, nat2;

  *minimum = *natural = 0;
  if (!get_children (self, &children))
    {
      /* One child, or none: the box is that child. */
      if (children.first != NULL && gtk_widget_should_layout (children.first))
        gtk_widget_measure (children.first, orientation, for_size, minimum, natural, NULL, NULL);
      return;
    }

  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      measure_height (&children, for_size, minimum, natural);
      return;
    }

  /* One above the other needs only the wider minimum; side by side is
   * what the box would like. */
  gtk_widget_measure (children.first, GTK_ORIENTATION_HORIZONTAL, -1, &min1, &nat1, NULL, NULL);
  gtk_widget_measure (children.second, GTK_ORIENTATION_HORIZONTAL, -1, &min2, &nat2, NULL, NULL);
  *minimum = MAX (min1, min2);
  *natural = min1 + nat2;
}

static void
cuocc_reflow_box_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  CuoccReflowBox *self = CUOCC_REFLOW_BOX (widget);
  Children children;
  int first;
  int first_height, min1, nat1, min2;

  if (!get_children (self, &children))
    {
      if (children.first != NULL && gtk_widget_should_layout (children.first))
        gtk_widget_allocate (children.first, width, height, -1, NULL);
      return;
    }

  first = first_width_at (&children, width);
  if (first >= 0)
    {
      int second = width - first;
      gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;

      gtk_widget_size_allocate (children.first,
                                &(GtkAllocation) { rtl ? second : 0, 0, first, height }, -1);
      gtk_widget_size_allocate (children.second,
                                &(GtkAllocation) { rtl ? 0 : first, 0, second, height }, -1);
      return;
    }

  /* The second child gets what is left, but never less than it needs:
   * the first gives up its natural height first. */
  gtk_widget_measure (children.first, GTK_ORIENTATION_VERTICAL, width, &min1, &nat1, NULL, NULL);
  gtk_widget_measure (children.second, GTK_ORIENTATION_VERTICAL, width, &min2, NULL, NULL, NULL);
  first_height = CLAMP (height - min2, min1, nat1);
  gtk_widget_size_allocate (children.first, &(GtkAllocation) { 0, 0, width, first_height }, -1);
  gtk_widget_size_allocate (children.second,
                            &(GtkAllocation) { 0, first_height, width,
                                               MAX (height - first_height, 0) }, -1);
}

/* ----- dispose ----- */

static void
cuocc_reflow_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (cuocc_reflow_box_parent_class)->dispose (object);
}

/* ----- class_init / init ----- */

static void
cuocc_reflow_box_class_init (CuoccReflowBoxClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cuocc_reflow_box_dispose;
  widget_class->get_request_mode = cuocc_reflow_box_get_request_mode;
  widget_class->measure = cuocc_reflow_box_measure;
  widget_class->size_allocate = cuocc_reflow_box_size_allocate;
}

static void
cuocc_reflow_box_init (CuoccReflowBox *self)
{
}
