/* cuocc-kernels-table.c — the kernels table: a column view of the rows it
 * is given (its model, bound in the kernels panel's .ui), a column a line
 * of cuocc-kernel-columns.c's table (which says what a cell shows and how
 * a column sorts), each cell's widgets, the kernel column's width, and the
 * order the headers set, told as "sort-changed". It includes nothing of
 * the panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-compat.h"
#include "cuocc-format.h"
#include "cuocc-kernel-columns.h"
#include "cuocc-kernels-table.h"
#include "cuocc-name-label.h"
#include "cuocc-testing.h"

struct _CuoccKernelsTable
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkColumnView *column_view;
  gboolean show_changed;
};

G_DEFINE_FINAL_TYPE (CuoccKernelsTable, cuocc_kernels_table, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_SHOW_CHANGED,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
  SORT_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GtkColumnViewColumn *insert_column (GtkColumnView     *view,
                                           guint              c,
                                           guint              position);
static GtkColumnViewColumn *get_column    (GtkColumnView     *view,
                                           const char        *id);

/* The lines a kernel's name wraps over in its cell before the rest is
 * left out in the middle: the rows of a table stay a few lines high
 * however long the names, and the whole name is in the tooltip and under
 * the table once chosen. */
#define KERNEL_LINES 4
/* The kernel column at its narrowest, in characters. */
#define KERNEL_MIN_CHARS 21
/* A kernel's tooltip: lines of at most this many characters, and at most a
 * screenful of them (30 lines at 1080 px). */
#define TOOLTIP_NAME_WIDTH_CHARS 80
#define TOOLTIP_NAME_MAX_CHARS 2400

/* Which column the table is sorted by and which way, as the view's headers
 * show it: GTK 4.8 has no call that says either
 * (gtk_column_view_sorter_get_primary_sort_column () and _order () are
 * 4.10's). They are found by asking the view's sorter to compare while
 * every column's sorter answers "smaller": the first column asked is the
 * primary one, and the view's answer is its order, reversed or not. The
 * view's sorter sorts nothing (cuocc-kernel-rows.c sorts); the
 * columns' sorters make the headers clickable. One per view. */
typedef struct {
  gboolean probing;
  int primary;
} SortState;

static void
sort_state_release (SortState *state)
{
  g_rc_box_release (state);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SortState, sort_state_release)

typedef struct {
  guint column;
  SortState *state;
} ColumnSort;

static void
column_sort_free (gpointer data)
{
  ColumnSort *sort = data;

  sort_state_release (sort->state);
  g_free (sort);
}

static int
sort_cb (gconstpointer a,
         gconstpointer b,
         gpointer      user_data)
{
  const ColumnSort *sort = user_data;

  if (sort->state->probing)
    {
      if (sort->state->primary < 0)
        sort->state->primary = sort->column;
      return -1;
    }
  return cuocc_kernel_column_compare ((CuoccKernelItem *) a, (CuoccKernelItem *) b, sort->column);
}

/* The column (cuocc-kernel-columns.h) the view's headers sort by, or -1,
 * and whether descending. */
static int
get_sort_column (GtkColumnView *view,
                 gboolean      *descending)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (view);
  SortState *state = g_object_get_data (G_OBJECT (view), "cuocc-sort-state");
  gboolean larger;

  *descending = FALSE;
  if (state == NULL || sorter == NULL || gtk_sorter_get_order (sorter) == GTK_SORTER_ORDER_NONE)
    return -1;
  /* Any two pointers (gtk_sorter_compare () calls an item equal to
   * itself): every column's sorter answers without looking at them. */
  state->probing = TRUE;
  state->primary = -1;
  larger = gtk_sorter_compare (sorter, sorter, state) == GTK_ORDERING_LARGER;
  state->probing = FALSE;
  *descending = state->primary >= 0 && larger;
  return state->primary;
}

/* ----- the cells' widgets ----- */

/* The tooltip of a kernel's cell: its whole name, demangled, once (the
 * mangled one is under the table once the kernel is chosen), wrapped at a
 * width that reads. GTK's own tooltip label runs on one line as soon as
 * its text holds a line break, and a template name is 1,000 characters
 * and more. Made when asked for: only the hovered cell pays for it. */
static GtkWidget *
name_tooltip_new (CuoccKernelItem *item)
{
  g_autofree char *name = cuocc_format_capped_middle (cuocc_kernel_item_get_kernel (item)->name,
                                                      TOOLTIP_NAME_MAX_CHARS);
  GtkWidget *label = gtk_label_new (name);

  cuocc_name_label_setup (GTK_LABEL (label), TOOLTIP_NAME_WIDTH_CHARS);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

static gboolean
name_tooltip_cb (GtkWidget  *label,
                 int         x,
                 int         y,
                 gboolean    keyboard_mode,
                 GtkTooltip *tooltip,
                 gpointer    user_data)
{
  CuoccKernelItem *item = gtk_list_item_get_item (GTK_LIST_ITEM (user_data));

  if (item == NULL)
    return FALSE;
  gtk_tooltip_set_custom (tooltip, name_tooltip_new (item));
  return TRUE;
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  user_data)
{
  guint column = GPOINTER_TO_UINT (user_data);
  CuoccKernelCellKind cell = cuocc_kernel_column_get_cell (column);
  gboolean numeric = cuocc_kernel_column_get_flags (column) & CUOCC_KERNEL_COLUMN_NUMERIC;
  GtkWidget *label = gtk_label_new (NULL);

  if (cell == CUOCC_KERNEL_CELL_GPU)
    {
      /* A GPU's cell: the occupancy (or "Cannot launch"), and below it the
       * limiter or why, with the entry that runs there. */
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *second = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_xalign (GTK_LABEL (second), 0);
      gtk_label_set_wrap (GTK_LABEL (second), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (second), PANGO_WRAP_WORD_CHAR);
      /* The table is as wide as its columns' least widths (a scrollable
       * asks for its minimum): fourteen characters keep "Shared memory ·
       * sm_90" on two lines rather than a word a line. */
      gtk_label_set_width_chars (GTK_LABEL (second), 14);
      gtk_label_set_max_width_chars (GTK_LABEL (second), 18);
      gtk_widget_add_css_class (label, "numeric");
      gtk_widget_add_css_class (second, "caption");
      gtk_widget_add_css_class (second, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), second);
      gtk_list_item_set_child (list_item, box);
      g_object_set_data (G_OBJECT (list_item), "cuocc-column", GUINT_TO_POINTER (column));
      return;
    }
  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  if (cell == CUOCC_KERNEL_CELL_NAME)
    {
      /* Wrapped over at most KERNEL_LINES lines of the column's width (which
       * follows the sidebar's: "the kernel column's width" below),
       * the middle of what does not fit left out: the start names the
       * template, the end holds the last template arguments. */
      cuocc_name_label_setup (GTK_LABEL (label), 40);
      gtk_label_set_width_chars (GTK_LABEL (label), KERNEL_MIN_CHARS);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_lines (GTK_LABEL (label), KERNEL_LINES);
      gtk_widget_set_has_tooltip (label, TRUE);
      g_signal_connect (label, "query-tooltip", G_CALLBACK (name_tooltip_cb), list_item);
    }
  else if (cell == CUOCC_KERNEL_CELL_WORDS)
    {
      /* "Registers, Shared memory" on one line widened the column past
       * the sidebar's default width, cutting every limiter; a line a
       * limiter keeps the column as wide as the longest word. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 9);
    }
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
  g_object_set_data (G_OBJECT (list_item), "cuocc-column", GUINT_TO_POINTER (column));
}

static void
set_label (GtkWidget  *label,
           const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text ? text : "") != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
}

/* The CSS class a cell's column gives its row, in place of the last. */
static void
set_style (GtkWidget  *widget,
           const char *style)
{
  const char *last = g_object_get_data (G_OBJECT (widget), "cuocc-style");

  if (g_strcmp0 (last, style) == 0)
    return;
  if (last != NULL)
    gtk_widget_remove_css_class (widget, last);
  if (style != NULL)
    gtk_widget_add_css_class (widget, style);
  g_object_set_data (G_OBJECT (widget), "cuocc-style", (gpointer) style);
}

/* A GPU's cell of the comparison, set where it differs. */
static void
show_gpu_cell (CuoccKernelItem *item,
               GtkWidget       *box,
               guint            column)
{
  GtkWidget *first = gtk_widget_get_first_child (box);
  GtkWidget *second = gtk_widget_get_next_sibling (first);
  g_autofree char *first_text = NULL;
  g_autofree char *second_text = NULL;
  g_autofree char *tooltip = NULL;
  const char *style = cuocc_kernel_column_gpu_texts (item, column, &first_text, &second_text, &tooltip);

  set_label (first, first_text);
  set_label (second, second_text);
  gtk_widget_set_visible (second, second_text != NULL);
  if (g_strcmp0 (gtk_widget_get_tooltip_text (box), tooltip) != 0)
    gtk_widget_set_tooltip_text (box, tooltip);
  set_style (first, style);
}

/* What a cell shows of its row: the text, and for some columns a tooltip
 * and a style. Set only where it differs: a new evaluation updates the
 * cells bound in place. */
static void
show_cell (GtkListItem *list_item,
           guint        column)
{
  CuoccKernelItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *text = NULL;
  const char *style, *tooltip;

  if (item == NULL || label == NULL)
    return;
  if (cuocc_kernel_column_get_cell (column) == CUOCC_KERNEL_CELL_GPU)
    {
      show_gpu_cell (item, label, column);
      return;
    }
  text = cuocc_kernel_column_text (item, column);
  set_label (label, text);
  style = cuocc_kernel_column_style (item, column, &tooltip);
  set_style (label, style);
  if (g_strcmp0 (gtk_widget_get_tooltip_text (label), tooltip) != 0)
    gtk_widget_set_tooltip_text (label, tooltip);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  g_hash_table_add (g_object_get_data (G_OBJECT (factory), "cuocc-bound"), list_item);
  show_cell (list_item, GPOINTER_TO_UINT (user_data));
}

static void
unbind_cell_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  user_data)
{
  g_hash_table_remove (g_object_get_data (G_OBJECT (factory), "cuocc-bound"), list_item);
}

/* ----- the kernel column's width ----- */

/* The kernel column takes what the table's visible width leaves beside the
 * columns that stand next to it (architecture, change, occupancy,
 * limiter), at least its own minimum and at most KERNEL_SHARE of the
 * width: widening the sidebar widens the names first, and past that brings
 * the figures behind into view. GTK 4.8's column view gives spare width to
 * an expanding column only when every column fits, which eleven columns
 * never do in a sidebar of at most 760 px; so the kernel column's width is
 * set after each of GTK's layouts, from the width the table shows (its
 * horizontal adjustment's page) and the widths GTK gave the columns beside
 * it (read from their headers). Those do not depend on the kernel column's
 * width, so a change settles in the frame's next pass of layout, and a
 * layout that changes nothing here costs a look at eleven headers. */
#define KERNEL_SHARE 0.6
/* A cell's padding on both sides, as Adwaita's data-table style gives it. */
#define KERNEL_CELL_PADDING 16

/* The kernel cells' narrowest: KERNEL_MIN_CHARS characters and the cell's
 * padding. */
static int
kernel_minimum (GtkColumnView *view)
{
  PangoFontMetrics *metrics = pango_context_get_metrics (gtk_widget_get_pango_context (GTK_WIDGET (view)), NULL, NULL);
  /* as GtkLabel counts its width in characters */
  int width = KERNEL_MIN_CHARS * MAX (pango_font_metrics_get_approximate_char_width (metrics),
                                      pango_font_metrics_get_approximate_digit_width (metrics)) / PANGO_SCALE;

  pango_font_metrics_unref (metrics);
  return width + KERNEL_CELL_PADDING;
}

/* Where a column's header starts in the view. */
static double
title_x (GtkColumnView *view,
         GtkWidget     *title)
{
  graphene_point_t point;

  if (!gtk_widget_compute_point (title, GTK_WIDGET (view), &GRAPHENE_POINT_INIT (0, 0), &point))
    return 0;
  return point.x;
}

static void
kernel_fit_layout_cb (GdkFrameClock *clock,
                      GtkColumnView *view)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  GListModel *list = gtk_column_view_get_columns (view);
  /* The header row: one title a column, in the columns' order. */
  GtkWidget *title = gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (view)));
  GtkColumnViewColumn *kernel = get_column (view, "kernel");
  int page = adjustment != NULL ? (int) gtk_adjustment_get_page_size (adjustment) : 0;
  GtkWidget *first = NULL, *after = NULL;
  gboolean past = FALSE;
  int beside, width;

  if (!gtk_widget_get_mapped (GTK_WIDGET (view)))
    return;
  /* The columns beside the kernel's run from the first visible one after
   * it to the first visible one after the limiter: their widths with the
   * cells' padding, as the titles' places say. */
  for (guint i = 0; i < g_list_model_get_n_items (list) && title != NULL && after == NULL;
       i++, title = gtk_widget_get_next_sibling (title))
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (list, i);
      const char *id = g_object_get_data (G_OBJECT (column), "cuocc-column-id");

      if (column == kernel || !gtk_column_view_column_get_visible (column) || !gtk_widget_get_visible (title))
        continue;
      if (past)
        after = title;
      else if (first == NULL)
        first = title;
      past = past || g_str_equal (id, "limiter");
    }
  if (page <= 0 || first == NULL || after == NULL)
    return;
  beside = (int) (title_x (view, after) - title_x (view, first));
  width = MAX (MIN (page - beside, (int) (page * KERNEL_SHARE)),
               GPOINTER_TO_INT (g_object_get_data (G_OBJECT (view), "cuocc-kernel-minimum")));
  if (gtk_column_view_column_get_fixed_width (kernel) != width)
    gtk_column_view_column_set_fixed_width (kernel, width);
}

static void
kernel_fit_realize_cb (GtkColumnView *view)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (view));

  /* once: Pango measures its sample text for it */
  g_object_set_data (G_OBJECT (view), "cuocc-kernel-minimum", GINT_TO_POINTER (kernel_minimum (view)));
  g_signal_connect_object (clock, "layout", G_CALLBACK (kernel_fit_layout_cb), view,
                           G_CONNECT_AFTER);
}

static void
kernel_fit_unrealize_cb (GtkColumnView *view)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_frame_clock (GTK_WIDGET (view)), kernel_fit_layout_cb, view);
}

/* ----- the columns ----- */

/* Adds the table's columns to the view, each sortable, in the order of
 * cuocc-kernel-columns.c's table. */
static void
add_columns (GtkColumnView *view)
{
  /* The cells bound to a row now, of every column: what a new evaluation
   * updates in place (update_cells ()). */
  GHashTable *bound = g_hash_table_new (NULL, NULL);

  /* Shared by the view and the columns' sorters, whichever outlives the
   * others. */
  g_autoptr(SortState) state = g_rc_box_new0 (SortState);

  g_object_set_data_full (G_OBJECT (view), "cuocc-bound", bound, (GDestroyNotify) g_hash_table_unref);
  g_signal_connect (view, "realize", G_CALLBACK (kernel_fit_realize_cb), NULL);
  g_signal_connect (view, "unrealize", G_CALLBACK (kernel_fit_unrealize_cb), NULL);
  g_object_set_data_full (G_OBJECT (view), "cuocc-sort-state", g_rc_box_acquire (state),
                          (GDestroyNotify) sort_state_release);
  /* Those of the comparison of GPUs come and go with it. */
  for (guint c = 0; c < cuocc_kernel_columns_get_n (); c++)
    if (!(cuocc_kernel_column_get_flags (c) & CUOCC_KERNEL_COLUMN_GPUS))
      gtk_column_view_column_set_visible (insert_column (view, c, G_MAXUINT),
                                          !(cuocc_kernel_column_get_flags (c) & CUOCC_KERNEL_COLUMN_BUILD));
}

/* Makes a column, sortable, and puts it at a position of the view's
 * (G_MAXUINT: last); the view holds it. */
static GtkColumnViewColumn *
insert_column (GtkColumnView     *view,
               guint              c,
               guint              position)
{
  GHashTable *bound = g_object_get_data (G_OBJECT (view), "cuocc-bound");
  SortState *state = g_object_get_data (G_OBJECT (view), "cuocc-sort-state");
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;
  ColumnSort *sort = g_new (ColumnSort, 1);
  GtkSorter *sorter;
  guint n = g_list_model_get_n_items (gtk_column_view_get_columns (view));

  sort->column = c;
  sort->state = g_rc_box_acquire (state);
  sorter = GTK_SORTER (gtk_custom_sorter_new (sort_cb, sort, column_sort_free));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GUINT_TO_POINTER (c));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (c));
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell_cb), GUINT_TO_POINTER (c));
  g_object_set_data_full (G_OBJECT (factory), "cuocc-bound", g_hash_table_ref (bound),
                          (GDestroyNotify) g_hash_table_unref);
  column = gtk_column_view_column_new (cuocc_kernel_column_title (c), factory);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_expand (column, cuocc_kernel_column_get_cell (c) == CUOCC_KERNEL_CELL_NAME);
  g_object_set_data (G_OBJECT (column), "cuocc-column-id", (gpointer) cuocc_kernel_column_id (c));
  g_object_set_data (G_OBJECT (column), "cuocc-column", GUINT_TO_POINTER (c));
  gtk_column_view_insert_column (view, MIN (position, n), column);
  g_object_unref (column);
  g_object_unref (sorter);
  return column;
}

/* The view's column with an id ("kernel", "occupancy" …), or NULL. */
static GtkColumnViewColumn *
get_column (GtkColumnView *view,
            const char    *id)
{
  GListModel *list = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (list, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "cuocc-column-id"), id) == 0)
        return column;
    }
  return NULL;
}

/* Shows the columns of a compared build ("changed") while there is one. */
static void
show_changed_column (GtkColumnView *view,
                     gboolean       shown)
{
  GListModel *list = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (list, i);
      guint c = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (column), "cuocc-column"));

      if (cuocc_kernel_column_get_flags (c) & CUOCC_KERNEL_COLUMN_BUILD)
        gtk_column_view_column_set_visible (column, shown);
    }
}

/* The rows were worked out again, or marked for another GPU: the cells
 * bound now show the new figures. For 60,000 rows this is a few hundred
 * labels (those whose text changed lay out again), where announcing every
 * row as changed rebuilt the whole table's rows in one main loop
 * iteration. */
static void
update_cells (GtkColumnView *view)
{
  GHashTable *bound = g_object_get_data (G_OBJECT (view), "cuocc-bound");
  GHashTableIter iter;
  gpointer list_item;

  g_hash_table_iter_init (&iter, bound);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    show_cell (list_item, GPOINTER_TO_UINT (g_object_get_data (list_item, "cuocc-column")));
}

/* ----- the widget ----- */

/* A click on a header: the order the view's headers show, told to whoever
 * sorts the rows (the panel, through cuocc-kernel-rows.c). */
static void
sorter_changed_cb (CuoccKernelsTable *self)
{
  gboolean descending;
  int column = get_sort_column (self->column_view, &descending);

  g_signal_emit (self, signals[SORT_CHANGED], 0, column, descending);
}

static void
cuocc_kernels_table_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CuoccKernelsTable *self = CUOCC_KERNELS_TABLE (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, gtk_column_view_get_model (self->column_view));
      break;
    case PROP_SHOW_CHANGED:
      g_value_set_boolean (value, self->show_changed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_kernels_table_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CuoccKernelsTable *self = CUOCC_KERNELS_TABLE (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      if (gtk_column_view_get_model (self->column_view) != g_value_get_object (value))
        {
          gtk_column_view_set_model (self->column_view, g_value_get_object (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SHOW_CHANGED:
      if (self->show_changed != g_value_get_boolean (value))
        {
          self->show_changed = g_value_get_boolean (value);
          show_changed_column (self->column_view, self->show_changed);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_kernels_table_dispose (GObject *object)
{
  CuoccKernelsTable *self = CUOCC_KERNELS_TABLE (object);

  /* The view's sorter changes as the view lets go of its columns: nobody
   * is told of that order. */
  if (self->column_view != NULL)
    g_signal_handlers_disconnect_by_func (gtk_column_view_get_sorter (self->column_view), sorter_changed_cb, self);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  self->column_view = NULL;

  G_OBJECT_CLASS (cuocc_kernels_table_parent_class)->dispose (object);
}

static void
cuocc_kernels_table_class_init (CuoccKernelsTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = cuocc_kernels_table_get_property;
  object_class->set_property = cuocc_kernels_table_set_property;
  object_class->dispose = cuocc_kernels_table_dispose;

  /* The rows shown and the one selected: the panel's kernels, filtered
   * and sorted. */
  props[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, GTK_TYPE_SELECTION_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the "Changed" column shows: while a build is compared. */
  props[PROP_SHOW_CHANGED] =
    g_param_spec_boolean ("show-changed", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* A header was clicked: the column (an index of cuocc-kernel-columns.c's
   * table) the rows are to be sorted by, or -1 for the file's order, and whether descending. */
  signals[SORT_CHANGED] =
    g_signal_new ("sort-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-kernels-table.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsTable, scrolled);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsTable, column_view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cuocc_kernels_table_init (CuoccKernelsTable *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  add_columns (self->column_view);
  g_signal_connect_object (gtk_column_view_get_sorter (self->column_view), "changed",
                           G_CALLBACK (sorter_changed_cb), self, G_CONNECT_SWAPPED);
}

/* ----- for the panel ----- */

/* The rows were worked out again, or marked for another GPU, or took
 * ptxas's answers: the cells bound now show what the rows carry. */
void
cuocc_kernels_table_update_cells (CuoccKernelsTable *self)
{
  g_return_if_fail (CUOCC_IS_KERNELS_TABLE (self));

  update_cells (self->column_view);
}

/* The view's column with an id ("kernel", "gpu0" …), or NULL. */
GtkColumnViewColumn *
cuocc_kernels_table_get_column (CuoccKernelsTable *self,
                                const char        *id)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_TABLE (self), NULL);

  return get_column (self->column_view, id);
}

/* Adds the column with an id ("difference", "gpu0" …; sortable) at a
 * position (G_MAXUINT: last), or takes one away; the comparison of GPUs
 * adds and removes its own. */
GtkColumnViewColumn *
cuocc_kernels_table_insert_column (CuoccKernelsTable *self,
                                   const char        *id,
                                   guint              position)
{
  int column = cuocc_kernel_column_find (id);

  g_return_val_if_fail (CUOCC_IS_KERNELS_TABLE (self), NULL);
  g_return_val_if_fail (column >= 0, NULL);

  return insert_column (self->column_view, column, position);
}

void
cuocc_kernels_table_remove_column (CuoccKernelsTable   *self,
                                   GtkColumnViewColumn *column)
{
  g_return_if_fail (CUOCC_IS_KERNELS_TABLE (self));

  gtk_column_view_remove_column (self->column_view, column);
}

/* Brings the table's first column into view. */
void
cuocc_kernels_table_scroll_to_start (CuoccKernelsTable *self)
{
  GtkAdjustment *h;

  g_return_if_fail (CUOCC_IS_KERNELS_TABLE (self));

  h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->column_view));
  if (h != NULL)
    gtk_adjustment_set_value (h, gtk_adjustment_get_lower (h));
}

/* Brings the table's first row into view. */
void
cuocc_kernels_table_scroll_to_top (CuoccKernelsTable *self)
{
  g_return_if_fail (CUOCC_IS_KERNELS_TABLE (self));

  cuocc_compat_column_view_scroll_to_first (self->column_view);
}

/* ----- for the tests ----- */

/* What a kernel's cell shows in its tooltip: a new label (floating). */
GtkWidget *
cuocc_kernels_table_get_name_tooltip (CuoccKernelsTable *self,
                                      gpointer           item)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_TABLE (self), NULL);
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (item), NULL);

  return name_tooltip_new (item);
}
