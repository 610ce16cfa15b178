/* cuocc-waves-view.c — how a launch grid runs on the whole GPU: blocks per
 * wave, the number of waves and how full the last one is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-waves-view.h"

/* ----- struct ----- */

struct _CuoccWavesView
{
  AdwBin parent_instance;

  /* template */
  GtkSpinButton *grid_spin;
  AdwActionRow *sm_row;
  GtkSpinButton *sm_spin;
  AdwActionRow *message_row;
  GtkWidget *per_sm_row;
  GtkLabel *per_wave_label;
  GtkWidget *waves_row;
  GtkLabel *waves_label;
  GtkWidget *tail_row;
  GtkLabel *tail_label;
  GtkLevelBar *tail_bar;
  GtkWidget *efficiency_row;
  GtkLabel *efficiency_label;

  gboolean have_input;
  CuoccGpu gpu;
  CuoccResult result;
  CuoccWaves waves;
};

enum {
  PROP_0,
  PROP_GRID,
  N_PROPS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccWavesView, cuocc_waves_view, ADW_TYPE_BIN)

static GParamSpec *props[N_PROPS];

/* ----- helpers ----- */

static void
show_message (CuoccWavesView *self,
              const char     *message)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->message_row), message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_row), message != NULL);
}

static void
show_figures (CuoccWavesView *self,
              gboolean        visible)
{
  gtk_widget_set_visible (self->per_sm_row, visible);
  gtk_widget_set_visible (self->waves_row, visible);
  gtk_widget_set_visible (self->tail_row, visible);
  gtk_widget_set_visible (self->efficiency_row, visible);
}

static void
fill_figures (CuoccWavesView *self)
{
  const CuoccWaves *w = &self->waves;
  g_autofree char *per_wave = cuocc_format_count (w->blocks_per_wave);
  g_autofree char *waves = cuocc_format_count (w->waves);
  g_autofree char *full = cuocc_format_count (w->full_waves);
  g_autofree char *tail = cuocc_format_count (w->tail_blocks);
  g_autofree char *fill = cuocc_format_percent (w->tail_fill);
  g_autofree char *efficiency = cuocc_format_percent (w->efficiency);
  g_autofree char *text = NULL;

  /* Translators: blocks per wave, e.g. "1584 (12 per SM × 132 SMs)" */
  text = g_strdup_printf (_("%s (%d per SM × %d SMs)"), per_wave, w->blocks_per_sm, w->sm_count);
  gtk_label_set_label (self->per_wave_label, text);
  g_clear_pointer (&text, g_free);

  /* Translators: the number of waves, e.g. "3 (2 full)" */
  text = g_strdup_printf (_("%s (%s full)"), waves, full);
  gtk_label_set_label (self->waves_label, text);
  g_clear_pointer (&text, g_free);

  if (w->tail_blocks > 0)
    /* Translators: the last wave, e.g. "832 of 1584 blocks (52.53 %)" */
    text = g_strdup_printf (_("%s of %s blocks (%s)"), tail, per_wave, fill);
  else
    text = g_strdup (_("No partial wave"));
  gtk_label_set_label (self->tail_label, text);
  gtk_level_bar_set_value (self->tail_bar, w->tail_blocks > 0 ? w->tail_fill : 1.0);

  gtk_label_set_label (self->efficiency_label, efficiency);
}

static void
recalculate (CuoccWavesView *self)
{
  g_autoptr(GError) error = NULL;
  gint64 grid = (gint64) gtk_spin_button_get_value (self->grid_spin);
  int sms = gtk_spin_button_get_value_as_int (self->sm_spin);
  CuoccGpu gpu;

  if (!self->have_input)
    {
      show_message (self, _("Waves need a valid configuration."));
      show_figures (self, FALSE);
      return;
    }

  gpu = self->gpu;
  gtk_widget_set_visible (GTK_WIDGET (self->sm_row), gpu.sm_count <= 0);
  if (gpu.sm_count <= 0)
    {
      if (sms <= 0)
        {
          show_message (self, _("A bare compute capability has no SM count: enter the GPU's number of multiprocessors above, or pick a GPU by its product name."));
          show_figures (self, FALSE);
          return;
        }
      gpu.sm_count = sms;
    }

  if (!cuocc_waves (&gpu, &self->result, grid, &self->waves, &error))
    {
      show_message (self, error->message);
      show_figures (self, FALSE);
      return;
    }

  show_message (self, NULL);
  show_figures (self, TRUE);
  fill_figures (self);
}

/* ----- callbacks ----- */

static void
value_changed_cb (CuoccWavesView *self)
{
  recalculate (self);
}

static void
grid_changed_cb (CuoccWavesView *self)
{
  recalculate (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_GRID]);
}

/* ----- properties ----- */

static void
cuocc_waves_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CuoccWavesView *self = CUOCC_WAVES_VIEW (object);

  switch (prop_id)
    {
    case PROP_GRID:
      g_value_set_int64 (value, cuocc_waves_view_get_grid (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_waves_view_class_init (CuoccWavesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = cuocc_waves_view_get_property;

  /* The grid size the user entered, for the saved state and sessions. */
  props[PROP_GRID] = g_param_spec_int64 ("grid", NULL, NULL, 0, G_MAXINT64, 0,
                                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-waves-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, grid_spin);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, sm_row);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, sm_spin);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, message_row);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, per_sm_row);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, per_wave_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, waves_row);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, waves_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, tail_row);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, tail_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, tail_bar);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, efficiency_row);
  gtk_widget_class_bind_template_child (widget_class, CuoccWavesView, efficiency_label);
}

static void
cuocc_waves_view_init (CuoccWavesView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->grid_spin, "value-changed", G_CALLBACK (grid_changed_cb), self);
  g_signal_connect_swapped (self->sm_spin, "value-changed", G_CALLBACK (value_changed_cb), self);
  recalculate (self);
}

/* ----- public API ----- */

void
cuocc_waves_view_update (CuoccWavesView    *self,
                         const CuoccConfig *config)
{
  g_return_if_fail (CUOCC_IS_WAVES_VIEW (self));
  g_return_if_fail (config != NULL);

  self->have_input = TRUE;
  self->gpu = config->gpu;
  self->result = config->result;
  recalculate (self);
}

void
cuocc_waves_view_clear (CuoccWavesView *self)
{
  g_return_if_fail (CUOCC_IS_WAVES_VIEW (self));

  self->have_input = FALSE;
  recalculate (self);
}

void
cuocc_waves_view_set_grid (CuoccWavesView *self,
                           gint64          grid)
{
  g_return_if_fail (CUOCC_IS_WAVES_VIEW (self));

  gtk_spin_button_set_value (self->grid_spin, (double) grid);
}

gint64
cuocc_waves_view_get_grid (CuoccWavesView *self)
{
  g_return_val_if_fail (CUOCC_IS_WAVES_VIEW (self), 0);

  return (gint64) gtk_spin_button_get_value (self->grid_spin);
}
