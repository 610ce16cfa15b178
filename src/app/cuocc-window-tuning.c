/* cuocc-window-tuning.c — the window's Tuning page: advice, heatmaps and
 * waves follow the inputs; a pinned configuration is compared with the
 * current one and drawn over the graphs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-gpu-choice.h"
#include "cuocc-window-private.h"

#define HEATMAP_EXPORT_WIDTH 960
#define HEATMAP_EXPORT_HEIGHT 720

/* ----- helpers ----- */

static void
current_config (CuoccWindow *self,
                CuoccConfig *config)
{
  config->gpu = self->gpu;
  config->input = self->input;
  config->result = self->result;
}

static void
update_overlays (CuoccWindow *self)
{
  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    cuocc_graph_set_overlay (self->graphs[i],
                             self->have_pinned && cuocc_window_graph_applies (&self->pinned.gpu, i)
                             ? cuocc_series_new (&self->pinned.gpu, &self->pinned.input, (CuoccSeriesKind) i)
                             : NULL);
}

static void
update_tuning_actions (CuoccWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pin", self->have_result);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.unpin", self->have_pinned);
}

/* ----- callbacks ----- */

static void
apply_cb (CuoccTuningPage *page,
          int              threads,
          int              regs,
          gint64           smem,
          CuoccWindow     *self)
{
  if (threads > 0 && threads != self->input.threads)
    cuocc_input_panel_set_value (self->input_panel, CUOCC_FIELD_THREADS, threads);
  if (regs >= 0 && regs != self->input.regs)
    cuocc_input_panel_set_value (self->input_panel, CUOCC_FIELD_REGS, regs);
  if (smem >= 0 && smem != self->input.smem)
    cuocc_input_panel_set_value (self->input_panel, CUOCC_FIELD_SMEM, smem);
}

static void
gpu_unavailable_cb (CuoccInputPanel *panel,
                    const char      *message,
                    CuoccWindow     *self)
{
  cuocc_window_show_toast (self, message);
}

static void
pin_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  if (!self->have_result)
    return;

  self->have_pinned = TRUE;
  current_config (self, &self->pinned);
  g_free (self->pinned_gpu_id);
  self->pinned_gpu_id = g_strdup (cuocc_input_panel_get_gpu_id (self->input_panel));
  cuocc_compare_view_set_pinned (cuocc_tuning_page_get_compare_view (self->tuning_page), &self->pinned);
  update_overlays (self);
  update_tuning_actions (self);
  cuocc_window_save_state (self);
  cuocc_window_show_toast (self, _("Configuration pinned: the graphs show it dashed"));
}

static void
unpin_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  self->have_pinned = FALSE;
  g_clear_pointer (&self->pinned_gpu_id, g_free);
  cuocc_compare_view_set_pinned (cuocc_tuning_page_get_compare_view (self->tuning_page), NULL);
  update_overlays (self);
  update_tuning_actions (self);
  cuocc_window_save_state (self);
}

static void
grid_changed_cb (CuoccWindow *self)
{
  cuocc_window_save_state (self);
}

/* ----- shared with the window's other files ----- */

void
cuocc_window_class_add_tuning (GtkWidgetClass *widget_class)
{
  g_type_ensure (CUOCC_TYPE_TUNING_PAGE);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, tuning_page);

  gtk_widget_class_install_action (widget_class, "win.pin", NULL, pin_action);
  gtk_widget_class_install_action (widget_class, "win.unpin", NULL, unpin_action);
}

void
cuocc_window_tuning_init (CuoccWindow *self)
{
  g_signal_connect (self->tuning_page, "apply", G_CALLBACK (apply_cb), self);
  g_signal_connect (self->input_panel, "gpu-unavailable", G_CALLBACK (gpu_unavailable_cb), self);
  g_signal_connect_object (cuocc_tuning_page_get_waves_view (self->tuning_page), "notify::grid",
                           G_CALLBACK (grid_changed_cb), self, G_CONNECT_SWAPPED);
  update_tuning_actions (self);
}

/* After every calculation; error says why there is no result. */
void
cuocc_window_tuning_update (CuoccWindow  *self,
                            const GError *error)
{
  CuoccConfig config;

  if (self->have_result)
    {
      current_config (self, &config);
      cuocc_tuning_page_update (self->tuning_page, &config, &self->spills);
    }
  else
    cuocc_tuning_page_clear (self->tuning_page, error != NULL ? error->message : NULL);

  update_tuning_actions (self);
}

/* which is "heatmap-regs" or "heatmap-smem". */
gboolean
cuocc_window_export_heatmap (CuoccWindow  *self,
                             const char   *which,
                             const char   *caption,
                             const char   *path,
                             GError      **error)
{
  CuoccSeriesKind kind = g_str_equal (which, "heatmap-smem") ? CUOCC_SERIES_SMEM : CUOCC_SERIES_REGS;
  const CuoccGrid *grid = cuocc_heatmap_view_get_grid (cuocc_tuning_page_get_heatmap (self->tuning_page, kind));
  CuoccPlotStyle style;

  if (!self->have_result || grid == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("There is no heatmap to export: check the inputs."));
      return FALSE;
    }

  /* Exports are on white, like the graphs' exports. */
  cuocc_plot_style_init_light (&style);
  return cuocc_plot_export_heatmap (grid, &style, caption, path, HEATMAP_EXPORT_WIDTH, HEATMAP_EXPORT_HEIGHT, error);
}

/* ----- public API ----- */

/* The spill stores and loads an imported build log reported for the
 * kernel, for the advice; 0, 0 when there are none or nothing is known. */
void
cuocc_window_set_spills (CuoccWindow *self,
                         int          stores,
                         int          loads)
{
  g_return_if_fail (CUOCC_IS_WINDOW (self));

  if (self->spills.spill_stores == stores && self->spills.spill_loads == loads)
    return;

  self->spills.spill_stores = MAX (stores, 0);
  self->spills.spill_loads = MAX (loads, 0);
  cuocc_window_recompute (self);
}

/* Pins a saved configuration: its GPU by id, and its inputs. */
gboolean
cuocc_window_set_pinned (CuoccWindow       *self,
                         const char        *gpu_id,
                         const CuoccInput  *input,
                         GError           **error)
{
  CuoccConfig config = { 0 };

  g_return_val_if_fail (CUOCC_IS_WINDOW (self), FALSE);

  if (gpu_id == NULL)
    {
      unpin_action (GTK_WIDGET (self), NULL, NULL);
      return TRUE;
    }

  config.input = *input;
  if (!cuocc_gpu_resolve_id (gpu_id, &config.gpu, error) ||
      !cuocc_calculate (&config.gpu, &config.input, &config.result, error))
    return FALSE;

  self->have_pinned = TRUE;
  self->pinned = config;
  g_free (self->pinned_gpu_id);
  self->pinned_gpu_id = g_strdup (gpu_id);
  cuocc_compare_view_set_pinned (cuocc_tuning_page_get_compare_view (self->tuning_page), &self->pinned);
  update_overlays (self);
  update_tuning_actions (self);
  return TRUE;
}
