/* cuocc-tuning-page.c — the Tuning page: what to change, occupancy over two
 * inputs at once, the launch grid's waves and a pinned configuration.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page follows the calculation, but works out its advice and heatmaps
 * only while it is shown: a change made on the calculator page is taken up
 * when the page is mapped again.
 */
#include "config.h"

#include "cuocc-tuning-page.h"
#include "cuocc-testing.h"

/* ----- struct ----- */

struct _CuoccTuningPage
{
  AdwBin parent_instance;

  /* template */
  CuoccAdviceView *advice_view;
  CuoccWavesView *waves_view;
  CuoccCompareView *compare_view;
  CuoccHeatmapView *heatmap_regs;
  CuoccHeatmapView *heatmap_smem;

  CuoccCalculationFollow followed; /* its "changed" and "notify::pinned" */
  gboolean stale;
};

enum {
  PROP_0,
  PROP_CALCULATION,
  N_PROPS
};

enum {
  APPLY,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccTuningPage, cuocc_tuning_page, ADW_TYPE_BIN)

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

/* ----- helpers ----- */

static void
update (CuoccTuningPage *self)
{
  CuoccCalculation *calculation = self->followed.calculation;
  CuoccConfig config;

  self->stale = FALSE;
  /* No calculation: nothing, and no message. */
  cuocc_compare_view_set_pinned (self->compare_view,
                                 calculation != NULL ? cuocc_calculation_get_pinned (calculation) : NULL);
  if (calculation == NULL || !cuocc_calculation_get_current (calculation, &config))
    {
      cuocc_advice_view_clear (self->advice_view,
                               calculation != NULL ? cuocc_calculation_get_error (calculation) : NULL);
      cuocc_heatmap_view_set_grid (self->heatmap_regs, NULL);
      cuocc_heatmap_view_set_grid (self->heatmap_smem, NULL);
      cuocc_waves_view_clear (self->waves_view);
      cuocc_compare_view_set_current (self->compare_view, NULL);
      return;
    }

  cuocc_advice_view_update (self->advice_view, &config.gpu, &config.input,
                            cuocc_calculation_get_extra (calculation));
  cuocc_heatmap_view_set_grid (self->heatmap_regs, cuocc_grid_new (&config.gpu, &config.input, CUOCC_SERIES_REGS));
  cuocc_heatmap_view_set_grid (self->heatmap_smem, cuocc_grid_new (&config.gpu, &config.input, CUOCC_SERIES_SMEM));
  cuocc_waves_view_update (self->waves_view, &config);
  cuocc_compare_view_set_current (self->compare_view, &config);
}

/* ----- callbacks ----- */

static void
calculation_changed_cb (CuoccTuningPage *self)
{
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update (self);
}

static void
advice_apply_cb (CuoccAdviceView *view,
                 int              threads,
                 int              regs,
                 gint64           smem,
                 CuoccTuningPage *self)
{
  g_signal_emit (self, signals[APPLY], 0, threads, regs, smem);
}

static void
cell_picked_cb (CuoccHeatmapView *view,
                gint64            threads,
                gint64            y,
                CuoccTuningPage  *self)
{
  if (view == self->heatmap_regs)
    g_signal_emit (self, signals[APPLY], 0, (int) threads, (int) y, (gint64) -1);
  else
    g_signal_emit (self, signals[APPLY], 0, (int) threads, -1, y);
}

/* ----- vfuncs ----- */

static void
cuocc_tuning_page_map (GtkWidget *widget)
{
  CuoccTuningPage *self = CUOCC_TUNING_PAGE (widget);

  if (self->stale)
    update (self);

  GTK_WIDGET_CLASS (cuocc_tuning_page_parent_class)->map (widget);
}

/* ----- dispose / finalize ----- */

static void
cuocc_tuning_page_dispose (GObject *object)
{
  CuoccTuningPage *self = CUOCC_TUNING_PAGE (object);

  cuocc_calculation_follow_clear (&self->followed);

  G_OBJECT_CLASS (cuocc_tuning_page_parent_class)->dispose (object);
}

/* ----- get/set_property ----- */

static void
cuocc_tuning_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CuoccTuningPage *self = CUOCC_TUNING_PAGE (object);

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
cuocc_tuning_page_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CuoccTuningPage *self = CUOCC_TUNING_PAGE (object);

  switch (prop_id)
    {
    case PROP_CALCULATION:
      if (cuocc_calculation_follow_set (&self->followed, g_value_get_object (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_tuning_page_class_init (CuoccTuningPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cuocc_tuning_page_dispose;
  object_class->get_property = cuocc_tuning_page_get_property;
  object_class->set_property = cuocc_tuning_page_set_property;
  widget_class->map = cuocc_tuning_page_map;

  /* What the page works out from: set where the page is declared (the
   * window's .ui binds it to the window's), replaced or NULL at any time. */
  props[PROP_CALCULATION] =
    g_param_spec_object ("calculation", NULL, NULL, CUOCC_TYPE_CALCULATION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* Threads per block, registers per thread, shared memory per block to
   * set; -1 for each that stays. */
  signals[APPLY] =
    g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT64);

  g_type_ensure (CUOCC_TYPE_ADVICE_VIEW);
  g_type_ensure (CUOCC_TYPE_WAVES_VIEW);
  g_type_ensure (CUOCC_TYPE_COMPARE_VIEW);
  g_type_ensure (CUOCC_TYPE_HEATMAP_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-tuning-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccTuningPage, advice_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccTuningPage, waves_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccTuningPage, compare_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccTuningPage, heatmap_regs);
  gtk_widget_class_bind_template_child (widget_class, CuoccTuningPage, heatmap_smem);
}

static void
cuocc_tuning_page_init (CuoccTuningPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (self->advice_view, "apply", G_CALLBACK (advice_apply_cb), self);
  g_signal_connect (self->heatmap_regs, "cell-picked", G_CALLBACK (cell_picked_cb), self);
  g_signal_connect (self->heatmap_smem, "cell-picked", G_CALLBACK (cell_picked_cb), self);

  cuocc_calculation_follow_init (&self->followed, G_CALLBACK (calculation_changed_cb), self);
  g_signal_group_connect_swapped (self->followed.signals, "notify::pinned", G_CALLBACK (calculation_changed_cb), self);
}

/* ----- public API ----- */

CuoccAdviceView *
cuocc_tuning_page_get_advice_view (CuoccTuningPage *self)
{
  g_return_val_if_fail (CUOCC_IS_TUNING_PAGE (self), NULL);

  return self->advice_view;
}

CuoccWavesView *
cuocc_tuning_page_get_waves_view (CuoccTuningPage *self)
{
  g_return_val_if_fail (CUOCC_IS_TUNING_PAGE (self), NULL);

  return self->waves_view;
}

CuoccCompareView *
cuocc_tuning_page_get_compare_view (CuoccTuningPage *self)
{
  g_return_val_if_fail (CUOCC_IS_TUNING_PAGE (self), NULL);

  return self->compare_view;
}

CuoccHeatmapView *
cuocc_tuning_page_get_heatmap (CuoccTuningPage *self,
                               CuoccSeriesKind  y_kind)
{
  g_return_val_if_fail (CUOCC_IS_TUNING_PAGE (self), NULL);
  g_return_val_if_fail (y_kind == CUOCC_SERIES_REGS || y_kind == CUOCC_SERIES_SMEM, NULL);

  return y_kind == CUOCC_SERIES_REGS ? self->heatmap_regs : self->heatmap_smem;
}
