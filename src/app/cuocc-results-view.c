/* cuocc-results-view.c — the occupancy, what limits it, and the GPU's
 * limits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-results-view.h"

enum {
  COLUMN_PER_BLOCK,
  COLUMN_LIMIT,
  COLUMN_BLOCKS,
  N_COLUMNS
};

enum {
  LIMIT_CC,
  LIMIT_SMS,
  LIMIT_WARP_SIZE,
  LIMIT_WARPS,
  LIMIT_THREADS_PER_SM,
  LIMIT_BLOCKS,
  LIMIT_THREADS_PER_BLOCK,
  LIMIT_REGS_PER_SM,
  LIMIT_REGS_PER_BLOCK,
  LIMIT_REGS_PER_THREAD,
  LIMIT_REG_UNIT,
  LIMIT_SMEM_PER_SM,
  LIMIT_SMEM_PER_BLOCK,
  LIMIT_SMEM_RESERVED,
  LIMIT_SMEM_UNIT,
  LIMIT_CACHING,
  N_LIMIT_ROWS
};

/* ----- struct ----- */

struct _CuoccResultsView
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *box;
  GtkLabel *occupancy_label;
  GtkLevelBar *occupancy_bar;
  GtkLabel *threads_label;
  GtkLabel *warps_label;
  GtkLabel *blocks_label;
  GtkLabel *explanation_label;
  GtkLabel *warnings_label;
  GtkLabel *clusters_label;
  GtkWidget *best_box;
  GtkLabel *best_label;
  GtkGrid *resources_grid;
  GtkGrid *limits_grid;

  GtkWidget *resource_rows[CUOCC_N_LIMITS][N_COLUMNS + 1];
  GtkLabel *limit_values[N_LIMIT_ROWS];

  CuoccCalculationFollow followed;
};

enum {
  PROP_0,
  PROP_CALCULATION,
  N_PROPS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccResultsView, cuocc_results_view, GTK_TYPE_WIDGET)

static GParamSpec *props[N_PROPS];

/* ----- helpers ----- */

static GtkWidget *
cell_new (const char *text,
          float       xalign,
          const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_focusable (label, FALSE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);

  return label;
}

static void
build_resources_grid (CuoccResultsView *self)
{
  static const char *columns[N_COLUMNS] = {
    N_("Per block"), N_("Limit per SM"), N_("Blocks per SM"),
  };

  for (guint c = 0; c < N_COLUMNS; c++)
    gtk_grid_attach (self->resources_grid, cell_new (_(columns[c]), 1, "dim-label"), c + 1, 0, 1, 1);

  for (guint r = 0; r < CUOCC_N_LIMITS; r++)
    for (guint c = 0; c <= N_COLUMNS; c++)
      {
        GtkWidget *cell = c == 0 ? cell_new (cuocc_limit_title (1u << r), 0, NULL) : cell_new ("", 1, "numeric");

        gtk_widget_set_hexpand (cell, c == 0);
        self->resource_rows[r][c] = cell;
        gtk_grid_attach (self->resources_grid, cell, c, r + 1, 1, 1);
      }
}

static void
build_limits_grid (CuoccResultsView *self)
{
  static const char *rows[N_LIMIT_ROWS] = {
    N_("Compute capability"),
    N_("Multiprocessors (SMs)"),
    N_("Threads per warp"),
    N_("Max warps per SM"),
    N_("Max threads per SM"),
    N_("Max blocks per SM"),
    N_("Max threads per block"),
    N_("Registers per SM"),
    N_("Max registers per block"),
    N_("Max registers per thread"),
    N_("Register allocation unit"),
    N_("Shared memory per SM"),
    N_("Max shared memory per block"),
    N_("Shared memory reserved per block"),
    N_("Shared memory allocation unit"),
    N_("Partitioned global caching"),
  };

  for (guint r = 0; r < N_LIMIT_ROWS; r++)
    {
      GtkWidget *name = cell_new (_(rows[r]), 0, "dim-label");
      GtkWidget *value = cell_new ("", 1, "numeric");

      gtk_widget_set_hexpand (name, TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_widget_set_tooltip_text (name, _(rows[r]));
      gtk_grid_attach (self->limits_grid, name, 0, r, 1, 1);
      gtk_grid_attach (self->limits_grid, value, 1, r, 1, 1);
      self->limit_values[r] = GTK_LABEL (value);
    }
}

static void
set_take (GtkLabel *label,
          char     *text)
{
  gtk_label_set_label (label, text);
  g_free (text);
}

static void
set_resource_cells (CuoccResultsView *self,
                    guint             row,
                    char             *per_block,
                    char             *per_sm,
                    char             *blocks,
                    gboolean          limiting)
{
  GtkWidget **cells = self->resource_rows[row];

  set_take (GTK_LABEL (cells[1]), per_block);
  set_take (GTK_LABEL (cells[2]), per_sm);
  set_take (GTK_LABEL (cells[3]), blocks);

  for (guint c = 0; c <= N_COLUMNS; c++)
    {
      if (limiting)
        gtk_widget_add_css_class (cells[c], "limiting");
      else
        gtk_widget_remove_css_class (cells[c], "limiting");
    }

  gtk_widget_set_tooltip_text (cells[0], limiting ? _("This limits the occupancy") : NULL);
}

static void
show_resource_row (CuoccResultsView       *self,
                   guint                   row,
                   const CuoccResourceRow *resource)
{
  set_resource_cells (self, row, cuocc_format_amount (resource->per_block, resource->unit),
                      resource->per_sm == CUOCC_UNLIMITED ? g_strdup (_("no limit"))
                                                          : cuocc_format_amount (resource->per_sm, resource->unit),
                      cuocc_format_blocks (resource->blocks), resource->limiting);
}

/* The GPU's limits that are one figure of its compute capability each. */
static const struct {
  guint row;
  CuoccFigure figure;
} figure_rows[] = {
  { LIMIT_WARP_SIZE, CUOCC_FIGURE_WARP_SIZE },
  { LIMIT_WARPS, CUOCC_FIGURE_MAX_WARPS_PER_SM },
  { LIMIT_THREADS_PER_SM, CUOCC_FIGURE_MAX_THREADS_PER_SM },
  { LIMIT_BLOCKS, CUOCC_FIGURE_MAX_BLOCKS_PER_SM },
  { LIMIT_THREADS_PER_BLOCK, CUOCC_FIGURE_MAX_THREADS_PER_BLOCK },
  { LIMIT_REGS_PER_SM, CUOCC_FIGURE_REGS_PER_SM },
  { LIMIT_REGS_PER_BLOCK, CUOCC_FIGURE_MAX_REGS_PER_BLOCK },
  { LIMIT_REGS_PER_THREAD, CUOCC_FIGURE_MAX_REGS_PER_THREAD },
  { LIMIT_SMEM_PER_SM, CUOCC_FIGURE_SMEM_PER_SM },
  { LIMIT_SMEM_RESERVED, CUOCC_FIGURE_SMEM_RESERVED_PER_BLOCK },
  { LIMIT_SMEM_UNIT, CUOCC_FIGURE_SMEM_ALLOC_UNIT },
};

static void
show_limits (CuoccResultsView *self,
             const CuoccGpu   *gpu)
{
  const CuoccCapability *cap = &gpu->cap;
  g_autofree char *block = cuocc_format_bytes (cap->smem_per_block);
  g_autofree char *optin = cuocc_format_bytes (cap->smem_per_block_optin);

  set_take (self->limit_values[LIMIT_CC],
            cap->assumed_figures != 0
            /* Translators: e.g. "10.7 (Rubin; * assumed)": no public source gives the figures marked * */
            ? g_strdup_printf (_("%d.%d (%s; * assumed)"), cap->major, cap->minor, cap->architecture)
            : g_strdup_printf ("%d.%d (%s)", cap->major, cap->minor, cap->architecture));
  set_take (self->limit_values[LIMIT_SMS],
            gpu->sm_count > 0 ? cuocc_format_count (gpu->sm_count) : g_strdup (_("unknown")));
  for (guint i = 0; i < G_N_ELEMENTS (figure_rows); i++)
    {
      CuoccFigureValue value;

      cuocc_capability_figure (cap, figure_rows[i].figure, &value);
      set_take (self->limit_values[figure_rows[i].row], cuocc_format_figure (&value));
    }
  set_take (self->limit_values[LIMIT_REG_UNIT],
            g_strdup_printf (cap->reg_alloc_granularity == CUOCC_ALLOC_WARP
                             /* Translators: e.g. "256, per warp" */
                             ? _("%d, per warp") : _("%d, per block"),
                             cap->reg_alloc_unit));
  set_take (self->limit_values[LIMIT_SMEM_PER_BLOCK],
            cap->smem_per_block_optin > cap->smem_per_block
            /* Translators: e.g. "48 KiB (227 KiB opt-in)" */
            ? g_strdup_printf (_("%s (%s opt-in)"), block, optin)
            : g_strdup (block));
  gtk_label_set_label (self->limit_values[LIMIT_CACHING], cap->partitioned_caching ? _("yes") : _("no"));
}

static char *
explain_limit (const CuoccResourceRow *row)
{
  /* In the words of the allocated resources table. */
  g_autofree char *need = cuocc_format_amount (row->per_block, row->unit);
  g_autofree char *have = cuocc_format_amount (row->per_sm, row->unit);

  switch (row->limit)
    {
    case CUOCC_LIMIT_WARPS:
    case CUOCC_LIMIT_REGISTERS:
    case CUOCC_LIMIT_SHARED_MEMORY:
      /* What a block needs of the SM's: one whole sentence a resource, for the translators. */
      return g_strdup_printf (row->limit == CUOCC_LIMIT_WARPS
                              ? ngettext ("Limited by warps: a block needs %s of the SM’s %s warps, so %d block fits.",
                                          "Limited by warps: a block needs %s of the SM’s %s warps, so %d blocks fit.",
                                          row->blocks)
                              : row->limit == CUOCC_LIMIT_REGISTERS
                              ? ngettext ("Limited by registers: a block needs %s of the SM’s %s registers, so %d block fits.",
                                          "Limited by registers: a block needs %s of the SM’s %s registers, so %d blocks fit.",
                                          row->blocks)
                              : ngettext ("Limited by shared memory: a block needs %s of the SM’s %s, so %d block fits.",
                                          "Limited by shared memory: a block needs %s of the SM’s %s, so %d blocks fit.",
                                          row->blocks),
                              need, have, row->blocks);

    case CUOCC_LIMIT_BLOCKS:
      return g_strdup_printf (ngettext ("Limited by the block limit: an SM holds at most %d block.",
                                        "Limited by the block limit: an SM holds at most %d blocks.",
                                        (int) row->per_sm),
                              (int) row->per_sm);

    case CUOCC_LIMIT_BARRIERS:
      return g_strdup_printf (ngettext ("Limited by barriers: a block uses %d of the SM’s %s barriers, so %d block fits.",
                                        "Limited by barriers: a block uses %d of the SM’s %s barriers, so %d blocks fit.",
                                        row->blocks),
                              (int) row->per_block, have, row->blocks);

    default:
      g_assert_not_reached ();
    }
}

static void
show_explanation (CuoccResultsView       *self,
                  const CuoccResult      *result,
                  const CuoccResourceRow *resources)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (result->active_blocks == 0)
    g_string_append (text, _("This configuration cannot launch."));

  for (guint i = 0; i < CUOCC_N_LIMITS; i++)
    if (resources[i].limiting)
      {
        g_autofree char *sentence = explain_limit (&resources[i]);

        if (text->len > 0)
          g_string_append_c (text, ' ');
        g_string_append (text, sentence);
      }

  gtk_label_set_label (self->explanation_label, text->str);
  gtk_widget_remove_css_class (GTK_WIDGET (self->explanation_label), "error");
}

static char *
clusters_text (const CuoccGpu      *gpu,
               const CuoccResult   *result,
               const CuoccClusters *c)
{
  g_autofree char *clusters = cuocc_format_count (c->max_active_clusters);
  g_autofree char *blocks = cuocc_format_count (c->max_active_clusters * c->cluster_size);
  g_autofree char *lost = cuocc_format_count (c->blocks_lost);
  g_autofree char *lost_pct = cuocc_format_percent (c->blocks_lost_fraction);
  g_autofree char *per_sm = NULL;
  g_autofree char *held = NULL;
  g_autofree char *whole = NULL;
  const char *basis;

  /* Not one block of the configuration fits on an SM: no cluster of any
   * size does, and there is nothing to lose to clusters. cuocc_clusters ()
   * answers 0 clusters, which the sentences below would call an upper bound
   * with 0 blocks lost. */
  if (c->blocks_per_sm == 0)
    return g_strdup_printf (ngettext ("Clusters of %d block: none fits, since not one block of this configuration fits on an SM, with clusters or without.",
                                      "Clusters of %d blocks: none fits, since not one block of this configuration fits on an SM, with clusters or without.",
                                      c->cluster_size),
                            c->cluster_size);

  held = g_strdup_printf (ngettext ("%d block per SM under the cluster launch, which holds at most %d (%s).",
                                    "%d blocks per SM under the cluster launch, which holds at most %d (%s).",
                                    c->blocks_per_sm),
                          c->blocks_per_sm, c->blocks_per_sm_cap,
                          c->cap_assumed ? _("an assumption on this compute capability")
                                         : gpu->cap.cluster_cap_source);
  /* Translators: the second %s is the sentence "8 blocks per SM under the cluster launch, …" */
  per_sm = g_strdup_printf (ngettext ("Clusters of %d block: %s", "Clusters of %d blocks: %s", c->cluster_size),
                            c->cluster_size, held);
  switch (c->basis)
    {
    case CUOCC_CLUSTERS_MEASURED:
    case CUOCC_CLUSTERS_DRIVER:
      basis = c->basis == CUOCC_CLUSTERS_MEASURED ? _("measured") : _("asked of this machine's CUDA driver");
      if (c->blocks_lost == 0)
        whole = g_strdup_printf (_("%s clusters fit on the whole GPU at once (%s): %s blocks, as many as without clusters."),
                                 clusters, basis, blocks);
      else
        whole = g_strdup_printf (_("%s clusters fit on the whole GPU at once (%s): %s blocks, %s fewer (%s) than without clusters."),
                                 clusters, basis, blocks, lost, lost_pct);
      break;
    case CUOCC_CLUSTERS_UPPER_BOUND:
      if (c->blocks_lost == 0)
        whole = g_strdup_printf (_("At most %s clusters fit on the whole GPU at once (an upper bound: no measured table for this GPU): at best as many blocks as without clusters, fewer where placement inside GPCs leaves SMs unused."),
                                 clusters);
      else
        whole = g_strdup_printf (_("At most %s clusters fit on the whole GPU at once (an upper bound: no measured table for this GPU), at least %s blocks fewer (%s) than without clusters."),
                                 clusters, lost, lost_pct);
      break;
    case CUOCC_CLUSTERS_PER_SM:
    default:
      whole = g_strdup (_("A compute capability alone has no SM count: only per-SM figures. Name a GPU product for the clusters on the whole GPU."));
      break;
    }
  return g_strconcat (per_sm, "\n", whole, NULL);
}

static void
show_clusters (CuoccResultsView  *self,
               const CuoccGpu    *gpu,
               const CuoccInput  *input,
               const CuoccResult *result)
{
  CuoccClusters c;
  gboolean shown = input->cluster_size > 0 && cuocc_clusters (gpu, input, result, &c, NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->clusters_label), shown);
  if (shown)
    set_take (self->clusters_label, clusters_text (gpu, result, &c));
}

static void
show_result (CuoccResultsView  *self,
             const CuoccGpu    *gpu,
             const CuoccInput  *input,
             const CuoccResult *result,
             int                best_block_size)
{
  g_autofree char *warnings = NULL;
  CuoccResourceRow resources[CUOCC_N_LIMITS];

  set_take (self->occupancy_label, cuocc_format_percent (result->occupancy));
  gtk_level_bar_set_value (self->occupancy_bar, result->occupancy);
  set_take (self->threads_label, cuocc_format_count (result->active_threads));
  set_take (self->warps_label, cuocc_format_count (result->active_warps));
  set_take (self->blocks_label, cuocc_format_count (result->active_blocks));

  cuocc_table_resource_rows (gpu, input, result, resources);
  show_explanation (self, result, resources);

  warnings = cuocc_warnings_to_string (gpu, input, result);
  gtk_label_set_label (self->warnings_label, warnings ? warnings : "");
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_label), warnings != NULL && *warnings != '\0');

  gtk_widget_set_visible (self->best_box, best_block_size > 0);
  if (best_block_size > 0)
    set_take (self->best_label,
              g_strdup_printf (ngettext ("Suggested block size: %d thread, the largest that keeps the most threads active.",
                                         "Suggested block size: %d threads, the largest that keeps the most threads active.",
                                         best_block_size),
                               best_block_size));

  show_clusters (self, gpu, input, result);
  for (guint r = 0; r < CUOCC_N_LIMITS; r++)
    show_resource_row (self, r, &resources[r]);
  show_limits (self, gpu);
}

static void
show_error (CuoccResultsView *self,
            const char       *message)
{
  gtk_label_set_label (self->occupancy_label, "–");
  gtk_level_bar_set_value (self->occupancy_bar, 0);
  gtk_label_set_label (self->threads_label, "–");
  gtk_label_set_label (self->warps_label, "–");
  gtk_label_set_label (self->blocks_label, "–");
  gtk_label_set_label (self->explanation_label, message);
  gtk_widget_add_css_class (GTK_WIDGET (self->explanation_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->clusters_label), FALSE);
  gtk_widget_set_visible (self->best_box, FALSE);

  /* No figures from an earlier calculation stay beside the message. */
  for (guint r = 0; r < CUOCC_N_LIMITS; r++)
    set_resource_cells (self, r, g_strdup ("–"), g_strdup ("–"), g_strdup ("–"), FALSE);
}

/* No calculation, or none worked out yet: no figures, no message and no
 * GPU's limits. */
static void
show_nothing (CuoccResultsView *self)
{
  show_error (self, "");
  gtk_widget_remove_css_class (GTK_WIDGET (self->explanation_label), "error");
  for (guint r = 0; r < N_LIMIT_ROWS; r++)
    gtk_label_set_label (self->limit_values[r], "");
}

/* ----- callbacks ----- */

static void
calculation_changed_cb (CuoccResultsView *self)
{
  CuoccCalculation *calculation = self->followed.calculation;
  const CuoccGpu *gpu;

  if (calculation == NULL || cuocc_calculation_get_computations (calculation) == 0)
    {
      show_nothing (self);
      return;
    }

  gpu = cuocc_calculation_get_gpu (calculation);
  if (!cuocc_calculation_get_have_result (calculation))
    {
      show_error (self, cuocc_calculation_get_error (calculation));
      /* Never the previous GPU's table beside the new GPU's error. */
      if (gpu != NULL)
        show_limits (self, gpu);
      return;
    }

  show_result (self, gpu, cuocc_calculation_get_input (calculation), cuocc_calculation_get_result (calculation),
               cuocc_calculation_get_best_block_size (calculation));
}

/* ----- dispose ----- */

static void
cuocc_results_view_dispose (GObject *object)
{
  CuoccResultsView *self = CUOCC_RESULTS_VIEW (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  cuocc_calculation_follow_clear (&self->followed);

  G_OBJECT_CLASS (cuocc_results_view_parent_class)->dispose (object);
}

/* ----- get/set_property ----- */

static void
cuocc_results_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CuoccResultsView *self = CUOCC_RESULTS_VIEW (object);

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
cuocc_results_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CuoccResultsView *self = CUOCC_RESULTS_VIEW (object);

  switch (prop_id)
    {
    case PROP_CALCULATION:
      /* The view shows the calculation's result, or why there is none. */
      if (cuocc_calculation_follow_set (&self->followed, g_value_get_object (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_results_view_class_init (CuoccResultsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cuocc_results_view_dispose;
  object_class->get_property = cuocc_results_view_get_property;
  object_class->set_property = cuocc_results_view_set_property;

  /* What the view shows: set where the view is declared (the window's
   * .ui binds it to the window's), replaced or NULL at any time. */
  props[PROP_CALCULATION] =
    g_param_spec_object ("calculation", NULL, NULL, CUOCC_TYPE_CALCULATION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-results-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, box);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, occupancy_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, occupancy_bar);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, threads_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, warps_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, blocks_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, warnings_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, clusters_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, best_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, best_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, resources_grid);
  gtk_widget_class_bind_template_child (widget_class, CuoccResultsView, limits_grid);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cuocc_results_view_init (CuoccResultsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The bar's own offsets colour a low occupancy as a warning. */
  gtk_level_bar_remove_offset_value (self->occupancy_bar, GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (self->occupancy_bar, GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (self->occupancy_bar, GTK_LEVEL_BAR_OFFSET_FULL);

  build_resources_grid (self);
  build_limits_grid (self);

  cuocc_calculation_follow_init (&self->followed, G_CALLBACK (calculation_changed_cb), self);
}
