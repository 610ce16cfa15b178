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

/* Pin needs a result; unpin, a pinned configuration. Step 3 of what follows
 * a change of the calculation (cuocc-window.c, calculation_changed_cb ()). */
void
_cuocc_window_update_tuning_actions (CuoccWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pin", cuocc_calculation_get_have_result (self->calculation));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.unpin", cuocc_calculation_get_pinned (self->calculation) != NULL);
}

/* ----- callbacks ----- */

static void
apply_cb (CuoccTuningPage *page,
          int              threads,
          int              regs,
          gint64           smem,
          CuoccWindow     *self)
{
  const CuoccInput *input = cuocc_calculation_get_input (self->calculation);

  /* Threads, registers and shared memory at once: one change, each input
   * saying that the advice set it. The advice's shared memory is the total. */
  cuocc_input_model_freeze (self->inputs);
  if (threads > 0 && threads != input->threads)
    cuocc_input_model_set_value (self->inputs, CUOCC_INPUT_KEY_THREADS, threads, CUOCC_INPUT_ORIGIN_ADVICE, NULL);
  if (regs >= 0 && regs != input->regs)
    cuocc_input_model_set_value (self->inputs, CUOCC_INPUT_KEY_REGS, regs, CUOCC_INPUT_ORIGIN_ADVICE, NULL);
  if (smem >= 0 && smem != input->smem)
    cuocc_input_model_set_total_smem (self->inputs, smem, CUOCC_INPUT_ORIGIN_ADVICE);
  cuocc_input_model_thaw (self->inputs);
}

static void
gpu_unavailable_cb (CuoccInputPanel *panel,
                    const char      *message,
                    CuoccWindow     *self)
{
  _cuocc_window_show_toast (self, message);
}

static void
pin_action_cb (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  if (cuocc_calculation_pin (self->calculation))
    _cuocc_window_show_toast (self, _("Configuration pinned: the graphs show it dashed"));
}

static void
unpin_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  cuocc_calculation_unpin (self->calculation);
}

/* The graphs draw the pinned configuration dashed over the current one. */
static void
pinned_changed_cb (CuoccWindow *self)
{
  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    cuocc_graph_set_overlay (self->graphs[i],
                             cuocc_calculation_copy_series (cuocc_calculation_get_pinned_series (self->calculation, i)));
  _cuocc_window_update_tuning_actions (self);
  _cuocc_window_save_state (self);
}

static void
grid_changed_cb (CuoccWindow *self)
{
  _cuocc_window_save_state (self);
}

/* ----- shared with the window's other files ----- */

void
_cuocc_window_class_init_tuning (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.pin", NULL, pin_action_cb);
  gtk_widget_class_install_action (widget_class, "win.unpin", NULL, unpin_action_cb);
}

void
_cuocc_window_init_tuning (CuoccWindow *self)
{
  g_signal_connect (self->tuning_page, "apply", G_CALLBACK (apply_cb), self);
  g_signal_connect (self->input_panel, "gpu-unavailable", G_CALLBACK (gpu_unavailable_cb), self);
  g_signal_connect_object (cuocc_tuning_page_get_waves_view (self->tuning_page), "notify::grid",
                           G_CALLBACK (grid_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->calculation, "notify::pinned", G_CALLBACK (pinned_changed_cb), self,
                           G_CONNECT_SWAPPED);
  _cuocc_window_update_tuning_actions (self);
}

/* which is "heatmap-regs" or "heatmap-smem". */
gboolean
_cuocc_window_export_heatmap (CuoccWindow  *self,
                              const char   *which,
                              const char   *caption,
                              const char   *path,
                              GError      **error)
{
  CuoccSeriesKind kind = g_str_equal (which, "heatmap-smem") ? CUOCC_SERIES_SMEM : CUOCC_SERIES_REGS;
  g_autoptr(CuoccGrid) grid = NULL;
  CuoccPlotStyle style;
  CuoccConfig config;

  /* The page's own grid may be behind, hidden: the calculation's is not. */
  if (cuocc_calculation_get_current (self->calculation, &config))
    grid = cuocc_grid_new (&config.gpu, &config.input, kind);
  if (grid == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("There is no heatmap to export: check the inputs."));
      return FALSE;
    }

  /* Exports are on white, like the graphs' exports. */
  cuocc_plot_style_init_light (&style);
  return cuocc_plot_export_heatmap (grid,
                                    &(CuoccPlotExportOptions) { .style = &style, .caption = caption,
                                                                .width = HEATMAP_EXPORT_WIDTH,
                                                                .height = HEATMAP_EXPORT_HEIGHT },
                                    path, error);
}
