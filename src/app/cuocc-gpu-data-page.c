/* cuocc-gpu-data-page.c — every compute capability side by side, like the
 * GPU Data sheet of NVIDIA's occupancy calculator.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table has some 600 cells; it is built when the page is first shown,
 * so that they cost nothing at start-up. The row names are a grid of their
 * own beside the scrolled columns, so that they stay in view; a size group
 * per row keeps the two grids' rows level. The page opens scrolled to the
 * current GPU's compute capability, whose column is marked.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-calculation.h"
#include "cuocc-format.h"
#include "cuocc-gpu-data-page.h"
#include "cuocc-testing.h"

typedef char *(*CellFunc) (const CuoccCapability *cap);

/* ----- struct ----- */

struct _CuoccGpuDataPage
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *scroller;
  GtkGrid *names_grid;
  GtkScrolledWindow *columns_scroller;
  GtkGrid *grid;
  GtkLabel *sources_label;

  CuoccCalculationFollow followed;
  guint n_columns;
  int current_column;              /* the current GPU's, or -1 */
  guint scroll_tick;               /* to the current column, once laid out */
};

enum {
  PROP_0,
  PROP_CALCULATION,
  N_PROPS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccGpuDataPage, cuocc_gpu_data_page, GTK_TYPE_WIDGET)

static GParamSpec *props[N_PROPS];

/* ----- helpers ----- */

static char *cell_sm_version (const CuoccCapability *c) { return g_strdup_printf ("sm_%d%d", c->major, c->minor); }
static char *cell_arch (const CuoccCapability *c) { return g_strdup (c->architecture); }
static char *cell_chips (const CuoccCapability *c) { return g_strdup (c->chips); }
static char *cell_reg_gran (const CuoccCapability *c) { return g_strdup (c->reg_alloc_granularity == CUOCC_ALLOC_WARP ? _("warp") : _("block")); }
static char *cell_caching (const CuoccCapability *c) { return g_strdup (c->partitioned_caching ? _("yes") : _("no")); }

static char *
cell_smem_configs (const CuoccCapability *c)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (int i = 0; i < c->n_smem_configs; i++)
    g_string_append_printf (text, "%s%d", i > 0 ? ", " : "", c->smem_configs[i] / 1024);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A row: a figure in words (cell), with its name, or one of
 * cuocc_capability_figure's, named by cuocc_figure_label(). */
static const struct {
  const char *name;                /* NULL: the figure's own */
  CellFunc cell;
  CuoccFigure figure;
  gboolean wrap;                   /* a list, in lines instead of one wide column */
} rows[] = {
  { N_("SM version"), cell_sm_version },
  { N_("Architecture"), cell_arch },
  { N_("Chips"), cell_chips, .wrap = TRUE },
  { NULL, NULL, CUOCC_FIGURE_WARP_SIZE },
  { NULL, NULL, CUOCC_FIGURE_MAX_WARPS_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_MAX_THREADS_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_MAX_BLOCKS_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_MAX_THREADS_PER_BLOCK },
  { NULL, NULL, CUOCC_FIGURE_REGS_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_MAX_REGS_PER_BLOCK },
  { NULL, NULL, CUOCC_FIGURE_MAX_REGS_PER_THREAD },
  { NULL, NULL, CUOCC_FIGURE_REG_ALLOC_UNIT },
  { N_("Register allocation granularity"), cell_reg_gran },
  { NULL, NULL, CUOCC_FIGURE_WARP_ALLOC_GRANULARITY },
  { NULL, NULL, CUOCC_FIGURE_SUB_PARTITIONS },
  { NULL, NULL, CUOCC_FIGURE_SMEM_PER_SM },
  { N_("Shared memory configurations (KiB)"), cell_smem_configs, .wrap = TRUE },
  { NULL, NULL, CUOCC_FIGURE_SMEM_PER_BLOCK },
  { NULL, NULL, CUOCC_FIGURE_SMEM_PER_BLOCK_OPTIN },
  { NULL, NULL, CUOCC_FIGURE_SMEM_RESERVED_PER_BLOCK },
  { NULL, NULL, CUOCC_FIGURE_SMEM_ALLOC_UNIT },
  { NULL, NULL, CUOCC_FIGURE_BARRIERS_PER_SM },
  { N_("Partitioned global caching"), cell_caching },
  { NULL, NULL, CUOCC_FIGURE_MAX_CLUSTER_SIZE },
  { NULL, NULL, CUOCC_FIGURE_CLUSTER_BLOCKS_PER_SM },
};

static const char *
row_name (guint row)
{
  if (rows[row].name != NULL)
    return _(rows[row].name);
  return cuocc_figure_label (rows[row].figure, CUOCC_FIGURE_WORDING_PAGE);
}

/* Grouped digits, sizes in KiB; a dash where the capability has no such
 * thing, or none of a count (sub-partitions before 3.0). */
static char *
cell_text (guint                  row,
           const CuoccCapability *cap)
{
  CuoccFigureValue value;

  if (rows[row].cell != NULL)
    return rows[row].cell (cap);
  cuocc_capability_figure (cap, rows[row].figure, &value);
  value.absent |= value.unit == CUOCC_UNIT_COUNT && value.value == 0;
  return cuocc_format_figure (&value);
}

/* A list ("GA100, GA102, …") in lines of about @width characters, broken
 * after its commas. The lines are the page's own rather than the label's
 * wrapping: a row's height then does not depend on its column's width,
 * which the size group that keeps the two grids level needs. */
#define LIST_LINE_CHARS 12

static char *
break_list (const char *text,
            guint       width)
{
  g_auto(GStrv) items = g_strsplit (text, ", ", -1);
  g_autoptr(GString) lines = g_string_new (NULL);
  guint line = 0;

  for (guint i = 0; items[i] != NULL; i++)
    {
      guint length = g_utf8_strlen (items[i], -1);

      if (i > 0)
        {
          gboolean fits = line + 2 + length <= width;

          g_string_append (lines, fits ? ", " : ",\n");
          line = fits ? line + 2 : 0;
        }
      g_string_append (lines, items[i]);
      line += length;
    }

  return g_string_free (g_steal_pointer (&lines), FALSE);
}

static GtkWidget *
cell_new (const char *text,
          float       xalign,
          const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);

  return label;
}

static void
build_table (CuoccGpuDataPage *self)
{
  const CuoccCapability *caps;
  g_autoptr(GString) sources = g_string_new (NULL);
  guint n_caps = 0;

  GtkSizeGroup *levels[G_N_ELEMENTS (rows) + 1];

  caps = cuocc_capabilities (&n_caps);

  for (guint r = 0; r < G_N_ELEMENTS (levels); r++)
    {
      GtkWidget *name = r == 0 ? cell_new (_("Compute capability"), 0, "heading")
                               : cell_new (row_name (r - 1), 0, "dim-label");

      levels[r] = gtk_size_group_new (GTK_SIZE_GROUP_VERTICAL);
      gtk_size_group_add_widget (levels[r], name);
      gtk_grid_attach (self->names_grid, name, 0, r, 1, 1);
    }

  for (guint c = 0; c < n_caps; c++)
    {
      g_autofree char *cc = cuocc_format_cc (caps[c].major, caps[c].minor);
      GtkWidget *header = cell_new (cc, 1, "heading");

      gtk_widget_set_tooltip_text (header, caps[c].source);
      gtk_size_group_add_widget (levels[0], header);
      gtk_grid_attach (self->grid, header, c, 0, 1, 1);

      for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
        {
          g_autofree char *text = cell_text (r, &caps[c]);

          GtkWidget *cell = cell_new (text, 1, "numeric");

          if (rows[r].wrap)
            {
              g_autofree char *lines = break_list (text, LIST_LINE_CHARS);

              gtk_label_set_label (GTK_LABEL (cell), lines);
              gtk_label_set_justify (GTK_LABEL (cell), GTK_JUSTIFY_RIGHT);
            }
          gtk_size_group_add_widget (levels[r + 1], cell);
          gtk_grid_attach (self->grid, cell, c, r + 1, 1, 1);
        }

      g_string_append_printf (sources, "%s%s — %s", sources->len > 0 ? "\n" : "", cc,
                              caps[c].source ? caps[c].source : "");
      if (caps[c].notes != NULL && *caps[c].notes != '\0')
        g_string_append_printf (sources, " (%s)", caps[c].notes);
    }

  for (guint r = 0; r < G_N_ELEMENTS (levels); r++)
    g_object_unref (levels[r]);
  gtk_label_set_label (self->sources_label, sources->str);
  self->n_columns = n_caps;
}

static int
column_of (const CuoccGpu *gpu)
{
  const CuoccCapability *caps;
  guint n_caps = 0;

  caps = cuocc_capabilities (&n_caps);
  for (guint c = 0; gpu != NULL && c < n_caps; c++)
    if (caps[c].major == gpu->cap.major && caps[c].minor == gpu->cap.minor)
      return c;

  return -1;
}

/* Marks the current GPU's column, and no other. */
static void
mark_current_column (CuoccGpuDataPage *self)
{
  CuoccCalculation *calculation = self->followed.calculation;
  int current = calculation != NULL ? column_of (cuocc_calculation_get_gpu (calculation)) : -1;

  if (current == self->current_column)
    return;

  for (guint r = 0; r <= G_N_ELEMENTS (rows); r++)
    {
      GtkWidget *old = gtk_grid_get_child_at (self->grid, self->current_column, r);
      GtkWidget *new = gtk_grid_get_child_at (self->grid, current, r);

      if (old != NULL)
        gtk_widget_remove_css_class (old, "accent");
      if (new != NULL)
        gtk_widget_add_css_class (new, "accent");
    }
  self->current_column = current;
}

/* The start of the last column that starts at or before x: the view
 * scrolled there begins with a whole column. Scrolled to x itself, the
 * column cut by the view's left edge showed "A102" for GA102 at 1024 × 700
 * (issue 29). */
static double
column_start_before (CuoccGpuDataPage *self,
                     double            x)
{
  double start = 0;

  for (guint c = 0; c < self->n_columns; c++)
    {
      GtkWidget *header = gtk_grid_get_child_at (self->grid, (int) c, 0);
      graphene_point_t origin;

      if (header == NULL ||
          !gtk_widget_compute_point (header, GTK_WIDGET (self->grid), &GRAPHENE_POINT_INIT (0, 0), &origin))
        continue;
      if (origin.x <= x)
        start = MAX (start, origin.x);
    }
  return start;
}

/* Brings the current column into the middle of the view, once the columns
 * have their widths: a frame or two after the page is shown. */
static gboolean
scroll_to_current_cb (GtkWidget     *widget,
                      GdkFrameClock *clock,
                      gpointer       user_data)
{
  CuoccGpuDataPage *self = CUOCC_GPU_DATA_PAGE (widget);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (self->columns_scroller);
  double page = gtk_adjustment_get_page_size (adjustment);
  GtkWidget *header;
  graphene_point_t origin;

  header = self->current_column >= 0 ? gtk_grid_get_child_at (self->grid, self->current_column, 0) : NULL;
  if (header == NULL)
    {
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  if (page <= 0 || gtk_widget_get_width (header) <= 0 ||
      !gtk_widget_compute_point (header, GTK_WIDGET (self->grid), &GRAPHENE_POINT_INIT (0, 0), &origin))
    return G_SOURCE_CONTINUE;

  gtk_adjustment_set_value (adjustment, column_start_before (self, origin.x + gtk_widget_get_width (header) / 2.0 - page / 2));
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

/* ----- callbacks ----- */

static void
calculation_changed_cb (CuoccGpuDataPage *self)
{
  if (self->n_columns > 0)
    mark_current_column (self);
}

/* ----- vfuncs ----- */

static void
cuocc_gpu_data_page_map (GtkWidget *widget)
{
  CuoccGpuDataPage *self = CUOCC_GPU_DATA_PAGE (widget);

  if (self->n_columns == 0)
    build_table (self);
  mark_current_column (self);

  GTK_WIDGET_CLASS (cuocc_gpu_data_page_parent_class)->map (widget);
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (widget, scroll_to_current_cb, NULL, NULL);
}

static void
cuocc_gpu_data_page_unmap (GtkWidget *widget)
{
  CuoccGpuDataPage *self = CUOCC_GPU_DATA_PAGE (widget);

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (widget, self->scroll_tick);
  self->scroll_tick = 0;

  GTK_WIDGET_CLASS (cuocc_gpu_data_page_parent_class)->unmap (widget);
}

/* ----- dispose ----- */

static void
cuocc_gpu_data_page_dispose (GObject *object)
{
  CuoccGpuDataPage *self = CUOCC_GPU_DATA_PAGE (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  cuocc_calculation_follow_clear (&self->followed);

  G_OBJECT_CLASS (cuocc_gpu_data_page_parent_class)->dispose (object);
}

/* ----- get/set_property ----- */

static void
cuocc_gpu_data_page_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CuoccGpuDataPage *self = CUOCC_GPU_DATA_PAGE (object);

  switch (prop_id)
    {
    case PROP_CALCULATION:
      g_value_set_object (value, self->followed.calculation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_gpu_data_page_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CuoccGpuDataPage *self = CUOCC_GPU_DATA_PAGE (object);

  switch (prop_id)
    {
    case PROP_CALCULATION:
      /* The page marks the calculation's GPU and opens on it; none
       * without a calculation. */
      if (cuocc_calculation_follow_set (&self->followed, g_value_get_object (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_gpu_data_page_class_init (CuoccGpuDataPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cuocc_gpu_data_page_dispose;
  object_class->get_property = cuocc_gpu_data_page_get_property;
  object_class->set_property = cuocc_gpu_data_page_set_property;
  widget_class->map = cuocc_gpu_data_page_map;
  widget_class->unmap = cuocc_gpu_data_page_unmap;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-gpu-data-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccGpuDataPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, CuoccGpuDataPage, names_grid);
  gtk_widget_class_bind_template_child (widget_class, CuoccGpuDataPage, columns_scroller);
  gtk_widget_class_bind_template_child (widget_class, CuoccGpuDataPage, grid);
  gtk_widget_class_bind_template_child (widget_class, CuoccGpuDataPage, sources_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  /* Whose GPU the page marks: set where the page is declared (the
   * window's .ui binds it to the window's), replaced or NULL at any time. */
  props[PROP_CALCULATION] =
    g_param_spec_object ("calculation", NULL, NULL, CUOCC_TYPE_CALCULATION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
cuocc_gpu_data_page_init (CuoccGpuDataPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->current_column = -1;
  cuocc_calculation_follow_init (&self->followed, G_CALLBACK (calculation_changed_cb), self);
}

/* ----- public API ----- */

guint
cuocc_gpu_data_page_get_n_columns (CuoccGpuDataPage *self)
{
  g_return_val_if_fail (CUOCC_IS_GPU_DATA_PAGE (self), 0);

  return self->n_columns;
}

/* The column of the current GPU's compute capability, or -1. */
int
cuocc_gpu_data_page_get_current_column (CuoccGpuDataPage *self)
{
  g_return_val_if_fail (CUOCC_IS_GPU_DATA_PAGE (self), -1);

  return self->current_column;
}
