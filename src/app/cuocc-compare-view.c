/* cuocc-compare-view.c — a pinned configuration beside the current one:
 * inputs, results, what limits them and each factor's block limit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compare-view.h"
#include "cuocc-format.h"

typedef char *(*FormatFunc) (const CuoccConfig *config);

typedef struct {
  const char *title;
  FormatFunc format;
} CompareRow;

/* ----- helpers ----- */

static char *
format_gpu (const CuoccConfig *c)
{
  return g_strdup (c->gpu.name);
}

static char *
format_threads (const CuoccConfig *c)
{
  return cuocc_format_count (c->input.threads);
}

static char *
format_regs (const CuoccConfig *c)
{
  return cuocc_format_count (c->input.regs);
}

static char *
format_smem (const CuoccConfig *c)
{
  return cuocc_format_bytes (c->input.smem);
}

static char *
format_occupancy (const CuoccConfig *c)
{
  return cuocc_format_percent (c->result.occupancy);
}

static char *
format_blocks (const CuoccConfig *c)
{
  return cuocc_format_count (c->result.active_blocks);
}

static char *
format_warps (const CuoccConfig *c)
{
  return cuocc_format_count (c->result.active_warps);
}

static char *
format_limiters (const CuoccConfig *c)
{
  static const char *names[] = {
    N_("warps"), N_("registers"), N_("shared memory"), N_("blocks"), N_("barriers"),
  };
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) parts = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (c->result.limiters & (1u << i))
      g_strv_builder_add (builder, _(names[i]));

  parts = g_strv_builder_end (builder);
  /* Translators: the separator between limiting factors, e.g. "registers, shared memory" */
  return g_strjoinv (_(", "), parts);
}

static char *
format_by_warps (const CuoccConfig *c)
{
  return cuocc_format_blocks (c->result.blocks_by_warps);
}

static char *
format_by_regs (const CuoccConfig *c)
{
  return cuocc_format_blocks (c->result.blocks_by_regs);
}

static char *
format_by_smem (const CuoccConfig *c)
{
  return cuocc_format_blocks (c->result.blocks_by_smem);
}

static char *
format_by_blocks (const CuoccConfig *c)
{
  return cuocc_format_blocks (c->result.blocks_by_blocks);
}

static char *
format_by_barriers (const CuoccConfig *c)
{
  return cuocc_format_blocks (c->result.blocks_by_barriers);
}

static const CompareRow rows[] = {
  { N_("GPU"), format_gpu },
  { N_("Threads per block"), format_threads },
  { N_("Registers per thread"), format_regs },
  { N_("Shared memory per block"), format_smem },
  { N_("Occupancy"), format_occupancy },
  { N_("Active blocks per SM"), format_blocks },
  { N_("Active warps per SM"), format_warps },
  { N_("Limited by"), format_limiters },
  { N_("Blocks by warps"), format_by_warps },
  { N_("Blocks by registers"), format_by_regs },
  { N_("Blocks by shared memory"), format_by_smem },
  { N_("Blocks by the block limit"), format_by_blocks },
  { N_("Blocks by barriers"), format_by_barriers },
};

#define N_COLUMNS 2                /* pinned, current */

/* ----- struct ----- */

struct _CuoccCompareView
{
  AdwBin parent_instance;

  /* template */
  GtkWidget *placeholder;
  GtkGrid *grid;

  GtkLabel *cells[G_N_ELEMENTS (rows)][N_COLUMNS];
  gboolean have[N_COLUMNS];
  CuoccConfig configs[N_COLUMNS];
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccCompareView, cuocc_compare_view, ADW_TYPE_BIN)

/* ----- helpers ----- */

static GtkWidget *
cell_label (const char *text,
            float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  return label;
}

static void
build_grid (CuoccCompareView *self)
{
  static const char *headings[N_COLUMNS] = { N_("Pinned"), N_("Current") };

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      GtkWidget *heading = cell_label (_(headings[c]), 1.0);

      gtk_widget_add_css_class (heading, "heading");
      gtk_grid_attach (self->grid, heading, c + 1, 0, 1, 1);
    }

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      GtkWidget *title = cell_label (_(rows[r].title), 0.0);

      gtk_widget_set_hexpand (title, TRUE);
      gtk_widget_add_css_class (title, "dim-label");
      gtk_grid_attach (self->grid, title, 0, r + 1, 1, 1);

      for (guint c = 0; c < N_COLUMNS; c++)
        {
          GtkWidget *value = cell_label ("", 1.0);

          gtk_widget_add_css_class (value, "numeric");
          gtk_grid_attach (self->grid, value, c + 1, r + 1, 1, 1);
          self->cells[r][c] = GTK_LABEL (value);
        }
    }
}

static void
refresh (CuoccCompareView *self)
{
  gboolean pinned = self->have[0];

  gtk_widget_set_visible (self->placeholder, !pinned);
  gtk_widget_set_visible (GTK_WIDGET (self->grid), pinned);
  if (!pinned)
    return;

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      char *texts[N_COLUMNS] = { NULL };

      for (guint c = 0; c < N_COLUMNS; c++)
        {
          texts[c] = self->have[c] ? rows[r].format (&self->configs[c]) : g_strdup ("—");
          /* Setting a tooltip on a mapped widget queries the pointer's
           * widget, which costs milliseconds: only what changed. */
          if (g_strcmp0 (gtk_label_get_label (self->cells[r][c]), texts[c]) != 0)
            {
              gtk_label_set_label (self->cells[r][c], texts[c]);
              if (r == 0)
                gtk_widget_set_tooltip_text (GTK_WIDGET (self->cells[r][c]), texts[c]);
            }
        }

      /* What changed since the pin stands out. */
      if (g_strcmp0 (texts[0], texts[1]) != 0)
        gtk_widget_add_css_class (GTK_WIDGET (self->cells[r][1]), "changed");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->cells[r][1]), "changed");

      for (guint c = 0; c < N_COLUMNS; c++)
        g_free (texts[c]);
    }
}

static void
set_config (CuoccCompareView  *self,
            guint              column,
            const CuoccConfig *config)
{
  self->have[column] = config != NULL;
  if (config != NULL)
    self->configs[column] = *config;
  refresh (self);
}

/* ----- class_init / init ----- */

static void
cuocc_compare_view_class_init (CuoccCompareViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-compare-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccCompareView, placeholder);
  gtk_widget_class_bind_template_child (widget_class, CuoccCompareView, grid);
}

static void
cuocc_compare_view_init (CuoccCompareView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_grid (self);
  refresh (self);
}

/* ----- public API ----- */

/* NULL when the current inputs have no result. */
void
cuocc_compare_view_set_current (CuoccCompareView  *self,
                                const CuoccConfig *config)
{
  g_return_if_fail (CUOCC_IS_COMPARE_VIEW (self));

  set_config (self, 1, config);
}

/* NULL unpins. */
void
cuocc_compare_view_set_pinned (CuoccCompareView  *self,
                               const CuoccConfig *config)
{
  g_return_if_fail (CUOCC_IS_COMPARE_VIEW (self));

  set_config (self, 0, config);
}
