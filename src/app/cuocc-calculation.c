/* cuocc-calculation.c — the calculation the window's views share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GPU and the inputs are the input model's (cuocc-input-model.c): the
 * calculation observes it and computes from its values. The kernels panel
 * writes what an imported kernel adds (its spills); the results view, the
 * graphs, the Tuning page and the saved state read the result through the
 * "changed" signal and the properties. A change recomputes once: the input
 * model says a batch of writes once, and writers that change the spills too
 * (a chosen kernel) freeze the calculation and it recomputes at the last
 * thaw.
 *
 * Only GObject and libcuocc: no widget, so that it can move into the
 * library should another front end want it.
 */
#include "config.h"

#include <string.h>

#include "cuocc-calculation.h"
#include "cuocc-input-model.h"

#define N_KINDS (CUOCC_SERIES_CLUSTER_SIZE + 1)

/* ----- struct ----- */

struct _CuoccCalculation
{
  GObject parent_instance;

  /* what the inputs say */
  CuoccInputModel *inputs;
  GSignalGroup *inputs_signals;    /* follows inputs' "changed" */
  char *gpu_id;
  gboolean gpu_valid;
  CuoccGpu gpu;
  gboolean input_valid;
  CuoccInput input;
  char *input_error;               /* why the inputs make no input */
  CuoccAdviceExtra extra;

  /* what follows from them */
  gboolean have_result;
  CuoccResult result;
  char *error;
  int best_block_size;
  CuoccSeries *series[N_KINDS];
  guint computations;

  guint frozen;
  gboolean dirty;

  gboolean have_pinned;
  CuoccConfig pinned;
  char *pinned_gpu_id;
  CuoccSeries *pinned_series[N_KINDS];
};

/* ----- property and signal enums ----- */

enum {
  PROP_0,
  PROP_INPUTS,
  PROP_GPU_ID,
  PROP_HAVE_RESULT,
  PROP_ERROR,
  PROP_OCCUPANCY,
  PROP_BEST_BLOCK_SIZE,
  PROP_SPILL_STORES,
  PROP_SPILL_LOADS,
  PROP_PINNED,
  PROP_PINNED_GPU_ID,
  PROP_COMPUTATIONS,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccCalculation, cuocc_calculation, G_TYPE_OBJECT)

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

static void cuocc_calculation_set_inputs (CuoccCalculation *self,
                                          CuoccInputModel  *inputs);

/* ----- helpers ----- */

static void
clear_series (CuoccSeries **series)
{
  for (guint i = 0; i < N_KINDS; i++)
    g_clear_pointer (&series[i], cuocc_series_free);
}

static void
fill_series (CuoccSeries      **series,
             const CuoccGpu    *gpu,
             const CuoccInput  *input)
{
  clear_series (series);
  for (guint i = 0; i < N_KINDS; i++)
    if (cuocc_calculation_series_applies (gpu, (CuoccSeriesKind) i))
      series[i] = cuocc_series_new (gpu, input, (CuoccSeriesKind) i);
}

static void
recompute (CuoccCalculation *self)
{
  g_autoptr(GError) error = NULL;
  gboolean had_result = self->have_result;
  int best_block_size = self->best_block_size;
  double occupancy = self->result.occupancy;

  self->dirty = FALSE;
  g_clear_pointer (&self->error, g_free);

  if (!self->gpu_valid || !self->input_valid)
    g_set_error_literal (&error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                         self->input_error != NULL ? self->input_error : "");
  else
    cuocc_calculate (&self->gpu, &self->input, &self->result, &error);

  g_object_freeze_notify (G_OBJECT (self));
  if (error != NULL)
    {
      self->have_result = FALSE;
      self->error = g_strdup (error->message);
      self->best_block_size = 0;
      memset (&self->result, 0, sizeof self->result);
      clear_series (self->series);
    }
  else
    {
      self->have_result = TRUE;
      self->best_block_size = cuocc_best_block_size (&self->gpu, &self->input, NULL);
      fill_series (self->series, &self->gpu, &self->input);
    }

  self->computations++;
  if (had_result != self->have_result)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_HAVE_RESULT]);
  if (best_block_size != self->best_block_size)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BEST_BLOCK_SIZE]);
  if (occupancy != self->result.occupancy || had_result != self->have_result)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_OCCUPANCY]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ERROR]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_COMPUTATIONS]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[CHANGED], 0);
}

static void
mark_dirty (CuoccCalculation *self)
{
  self->dirty = TRUE;
  if (self->frozen == 0)
    recompute (self);
}

static void
set_pinned_config (CuoccCalculation  *self,
                   const char        *gpu_id,
                   const CuoccConfig *config)
{
  self->have_pinned = TRUE;
  self->pinned = *config;
  g_free (self->pinned_gpu_id);
  self->pinned_gpu_id = g_strdup (gpu_id);
  fill_series (self->pinned_series, &self->pinned.gpu, &self->pinned.input);

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PINNED_GPU_ID]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PINNED]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* gpu is NULL when the GPU could not be had, input NULL when the inputs are
 * not valid; error says why. */
static void
set_input (CuoccCalculation *self,
           const char       *gpu_id,
           const CuoccGpu   *gpu,
           const CuoccInput *input,
           const GError     *error)
{
  if (g_strcmp0 (self->gpu_id, gpu_id) != 0)
    {
      g_free (self->gpu_id);
      self->gpu_id = g_strdup (gpu_id);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_GPU_ID]);
    }

  self->gpu_valid = gpu != NULL;
  if (gpu != NULL)
    self->gpu = *gpu;
  self->input_valid = input != NULL;
  if (input != NULL)
    self->input = *input;
  g_free (self->input_error);
  self->input_error = error != NULL ? g_strdup (error->message) : NULL;

  mark_dirty (self);
}

/* What the input model says goes into the calculation: an input, or why
 * there is none. */
static void
inputs_changed_cb (CuoccCalculation *self)
{
  g_autoptr(GError) error = NULL;
  CuoccGpu launch;
  CuoccInput input;
  gboolean valid;

  /* No inputs: no GPU and no input, and no message either. */
  if (self->inputs == NULL)
    {
      set_input (self, NULL, NULL, NULL, NULL);
      return;
    }
  valid = cuocc_input_model_get_input (self->inputs, &launch, &input, &error);
  set_input (self, cuocc_input_model_get_gpu_id (self->inputs),
             cuocc_input_model_get_gpu (self->inputs) != NULL ? &launch : NULL, valid ? &input : NULL, error);
}

/* ----- dispose / finalize ----- */

static void
cuocc_calculation_dispose (GObject *object)
{
  CuoccCalculation *self = CUOCC_CALCULATION (object);

  if (self->inputs_signals != NULL)
    g_signal_group_set_target (self->inputs_signals, NULL);
  g_clear_object (&self->inputs_signals);
  g_clear_object (&self->inputs);

  G_OBJECT_CLASS (cuocc_calculation_parent_class)->dispose (object);
}

static void
cuocc_calculation_finalize (GObject *object)
{
  CuoccCalculation *self = CUOCC_CALCULATION (object);

  clear_series (self->series);
  clear_series (self->pinned_series);
  g_clear_pointer (&self->gpu_id, g_free);
  g_clear_pointer (&self->input_error, g_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->pinned_gpu_id, g_free);

  G_OBJECT_CLASS (cuocc_calculation_parent_class)->finalize (object);
}

/* ----- get/set_property ----- */

static void
cuocc_calculation_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CuoccCalculation *self = CUOCC_CALCULATION (object);

  switch (prop_id)
    {
    case PROP_INPUTS:
      g_value_set_object (value, self->inputs);
      break;
    case PROP_GPU_ID:
      g_value_set_string (value, self->gpu_id);
      break;
    case PROP_HAVE_RESULT:
      g_value_set_boolean (value, self->have_result);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    case PROP_OCCUPANCY:
      g_value_set_double (value, self->have_result ? self->result.occupancy : -1);
      break;
    case PROP_BEST_BLOCK_SIZE:
      g_value_set_int (value, self->best_block_size);
      break;
    case PROP_SPILL_STORES:
      g_value_set_int (value, self->extra.spill_stores);
      break;
    case PROP_SPILL_LOADS:
      g_value_set_int (value, self->extra.spill_loads);
      break;
    case PROP_PINNED:
      g_value_set_boolean (value, self->have_pinned);
      break;
    case PROP_PINNED_GPU_ID:
      g_value_set_string (value, self->pinned_gpu_id);
      break;
    case PROP_COMPUTATIONS:
      g_value_set_uint (value, self->computations);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_calculation_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CuoccCalculation *self = CUOCC_CALCULATION (object);
  CuoccAdviceExtra extra = self->extra;

  switch (prop_id)
    {
    case PROP_INPUTS:
      cuocc_calculation_set_inputs (self, g_value_get_object (value));
      break;
    case PROP_SPILL_STORES:
      extra.spill_stores = g_value_get_int (value);
      cuocc_calculation_set_extra (self, &extra);
      break;
    case PROP_SPILL_LOADS:
      extra.spill_loads = g_value_get_int (value);
      cuocc_calculation_set_extra (self, &extra);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_calculation_class_init (CuoccCalculationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = cuocc_calculation_dispose;
  object_class->finalize = cuocc_calculation_finalize;
  object_class->get_property = cuocc_calculation_get_property;
  object_class->set_property = cuocc_calculation_set_property;

  /* What it computes from; NULL: nothing (no result, and no message). */
  props[PROP_INPUTS] = g_param_spec_object ("inputs", NULL, NULL, CUOCC_TYPE_INPUT_MODEL, rw);
  props[PROP_GPU_ID] = g_param_spec_string ("gpu-id", NULL, NULL, NULL, ro);
  props[PROP_HAVE_RESULT] = g_param_spec_boolean ("have-result", NULL, NULL, FALSE, ro);
  /* Why there is no result; NULL while there is one. */
  props[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, ro);
  /* 0..1; -1 without a result. */
  props[PROP_OCCUPANCY] = g_param_spec_double ("occupancy", NULL, NULL, -1, 1, -1, ro);
  props[PROP_BEST_BLOCK_SIZE] = g_param_spec_int ("best-block-size", NULL, NULL, 0, G_MAXINT, 0, ro);
  props[PROP_SPILL_STORES] = g_param_spec_int ("spill-stores", NULL, NULL, 0, G_MAXINT, 0, rw);
  props[PROP_SPILL_LOADS] = g_param_spec_int ("spill-loads", NULL, NULL, 0, G_MAXINT, 0, rw);
  /* Notified whenever the pinned configuration changes, also when one
   * replaces another. */
  props[PROP_PINNED] = g_param_spec_boolean ("pinned", NULL, NULL, FALSE, ro);
  props[PROP_PINNED_GPU_ID] = g_param_spec_string ("pinned-gpu-id", NULL, NULL, NULL, ro);
  /* How many times the result was worked out: once per change. */
  props[PROP_COMPUTATIONS] = g_param_spec_uint ("computations", NULL, NULL, 0, G_MAXUINT, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* After every recomputation, the properties notified. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cuocc_calculation_init (CuoccCalculation *self)
{
  cuocc_input_init (&self->input);
  self->inputs_signals = g_signal_group_new (CUOCC_TYPE_INPUT_MODEL);
  g_signal_group_connect_swapped (self->inputs_signals, "changed", G_CALLBACK (inputs_changed_cb), self);
}

/* ----- public API ----- */

CuoccCalculation *
cuocc_calculation_new (void)
{
  return g_object_new (CUOCC_TYPE_CALCULATION, NULL);
}


/* The calculation computes from inputs' values, now and after every
 * change; inputs may be replaced, or NULL. The "inputs" property. */
static void
cuocc_calculation_set_inputs (CuoccCalculation *self,
                              CuoccInputModel  *inputs)
{
  if (!g_set_object (&self->inputs, inputs))
    return;

  g_signal_group_set_target (self->inputs_signals, inputs);
  inputs_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_INPUTS]);
}

void
cuocc_calculation_set_extra (CuoccCalculation       *self,
                             const CuoccAdviceExtra *extra)
{
  CuoccAdviceExtra clamped;

  g_return_if_fail (CUOCC_IS_CALCULATION (self));
  g_return_if_fail (extra != NULL);

  clamped.spill_stores = MAX (extra->spill_stores, 0);
  clamped.spill_loads = MAX (extra->spill_loads, 0);
  if (clamped.spill_stores == self->extra.spill_stores && clamped.spill_loads == self->extra.spill_loads)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  if (clamped.spill_stores != self->extra.spill_stores)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SPILL_STORES]);
  if (clamped.spill_loads != self->extra.spill_loads)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SPILL_LOADS]);
  self->extra = clamped;
  g_object_thaw_notify (G_OBJECT (self));

  mark_dirty (self);
}

void
cuocc_calculation_freeze (CuoccCalculation *self)
{
  g_return_if_fail (CUOCC_IS_CALCULATION (self));

  self->frozen++;
}

void
cuocc_calculation_thaw (CuoccCalculation *self)
{
  g_return_if_fail (CUOCC_IS_CALCULATION (self));
  g_return_if_fail (self->frozen > 0);

  if (--self->frozen == 0 && self->dirty)
    recompute (self);
}

CuoccInputModel *
cuocc_calculation_get_inputs (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);

  return self->inputs;
}

/* The GPU chosen, also while the inputs are not valid; NULL when it could
 * not be had. */
const CuoccGpu *
cuocc_calculation_get_gpu (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);

  return self->gpu_valid ? &self->gpu : NULL;
}

/* The last valid input: the one of the result while there is one. */
const CuoccInput *
cuocc_calculation_get_input (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);

  return &self->input;
}

const CuoccAdviceExtra *
cuocc_calculation_get_extra (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);

  return &self->extra;
}

gboolean
cuocc_calculation_get_have_result (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), FALSE);

  return self->have_result;
}

/* NULL without a result. */
const CuoccResult *
cuocc_calculation_get_result (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);

  return self->have_result ? &self->result : NULL;
}

const char *
cuocc_calculation_get_error (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);

  return self->error;
}

int
cuocc_calculation_get_best_block_size (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), 0);

  return self->best_block_size;
}

/* NULL without a result, or where the series does not apply to the GPU. */
const CuoccSeries *
cuocc_calculation_get_series (CuoccCalculation *self,
                              CuoccSeriesKind   kind)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);
  g_return_val_if_fail ((guint) kind < N_KINDS, NULL);

  return self->series[kind];
}

/* The current configuration and its result; FALSE without one. */
gboolean
cuocc_calculation_get_current (CuoccCalculation *self,
                               CuoccConfig      *config)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), FALSE);
  g_return_val_if_fail (config != NULL, FALSE);

  if (!self->have_result)
    return FALSE;

  config->gpu = self->gpu;
  config->input = self->input;
  config->result = self->result;
  return TRUE;
}

guint
cuocc_calculation_get_computations (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), 0);

  return self->computations;
}

/* Pins the current configuration; FALSE without a result. */
gboolean
cuocc_calculation_pin (CuoccCalculation *self)
{
  CuoccConfig config;

  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), FALSE);

  if (!cuocc_calculation_get_current (self, &config))
    return FALSE;

  set_pinned_config (self, self->gpu_id, &config);
  return TRUE;
}

/* Pins a saved configuration: its GPU by id, and its inputs; NULL gpu_id
 * lets the pinned one go. On failure the pinned configuration stays. */
gboolean
cuocc_calculation_set_pinned (CuoccCalculation  *self,
                              const char        *gpu_id,
                              const CuoccInput  *input,
                              GError           **error)
{
  CuoccConfig config = { 0 };

  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), FALSE);
  g_return_val_if_fail (gpu_id == NULL || input != NULL, FALSE);

  if (gpu_id == NULL)
    {
      cuocc_calculation_unpin (self);
      return TRUE;
    }

  config.input = *input;
  if (!cuocc_gpu_resolve_id (gpu_id, &config.gpu, error) ||
      !cuocc_calculate (&config.gpu, &config.input, &config.result, error))
    return FALSE;

  set_pinned_config (self, gpu_id, &config);
  return TRUE;
}

void
cuocc_calculation_unpin (CuoccCalculation *self)
{
  g_return_if_fail (CUOCC_IS_CALCULATION (self));

  if (!self->have_pinned)
    return;

  self->have_pinned = FALSE;
  g_clear_pointer (&self->pinned_gpu_id, g_free);
  clear_series (self->pinned_series);
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PINNED_GPU_ID]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PINNED]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* NULL when nothing is pinned. */
const CuoccConfig *
cuocc_calculation_get_pinned (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);

  return self->have_pinned ? &self->pinned : NULL;
}

const char *
cuocc_calculation_get_pinned_gpu_id (CuoccCalculation *self)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);

  return self->pinned_gpu_id;
}

const CuoccSeries *
cuocc_calculation_get_pinned_series (CuoccCalculation *self,
                                     CuoccSeriesKind   kind)
{
  g_return_val_if_fail (CUOCC_IS_CALCULATION (self), NULL);
  g_return_val_if_fail ((guint) kind < N_KINDS, NULL);

  return self->pinned_series[kind];
}

/* Barriers limit residency from 9.0 on, and clusters exist from 9.0 on. */
gboolean
cuocc_calculation_series_applies (const CuoccGpu  *gpu,
                                  CuoccSeriesKind  kind)
{
  g_return_val_if_fail (gpu != NULL, FALSE);

  switch (kind)
    {
    case CUOCC_SERIES_BARRIERS:
      return gpu->cap.barriers_per_block_slot > 0;
    case CUOCC_SERIES_CLUSTER_SIZE:
      return gpu->cap.max_cluster_size > 0;
    case CUOCC_SERIES_THREADS:
    case CUOCC_SERIES_REGS:
    case CUOCC_SERIES_SMEM:
    default:
      return TRUE;
    }
}

/* A graph owns the series it shows: it gets its own copy. */
CuoccSeries *
cuocc_calculation_copy_series (const CuoccSeries *series)
{
  CuoccSeries *copy;

  if (series == NULL)
    return NULL;

  copy = g_memdup2 (series, sizeof *series);
  copy->lines = g_memdup2 (series->lines, series->n_lines * sizeof series->lines[0]);
  for (guint l = 0; l < series->n_lines; l++)
    copy->lines[l].points = g_memdup2 (series->lines[l].points,
                                       series->lines[l].n_points * sizeof series->lines[l].points[0]);
  return copy;
}

/* ----- followed by a view ----- */

/* changed runs, swapped, for each "changed" of the calculation that
 * cuocc_calculation_follow_set () gives; the view connects any other
 * signal it follows to follow->signals. */
void
cuocc_calculation_follow_init (CuoccCalculationFollow *follow,
                               GCallback               changed,
                               gpointer                view)
{
  g_return_if_fail (follow != NULL && changed != NULL);

  follow->calculation = NULL;
  follow->signals = g_signal_group_new (CUOCC_TYPE_CALCULATION);
  follow->changed = changed;
  follow->view = view;
  g_signal_group_connect_swapped (follow->signals, "changed", changed, view);
}

/* The view follows calculation (NULL: none) from now on, and shows it
 * at once; FALSE when it already did, and nothing was done (the view then
 * notifies no change of its property). */
gboolean
cuocc_calculation_follow_set (CuoccCalculationFollow *follow,
                              CuoccCalculation       *calculation)
{
  g_return_val_if_fail (follow != NULL && follow->signals != NULL, FALSE);
  g_return_val_if_fail (calculation == NULL || CUOCC_IS_CALCULATION (calculation), FALSE);

  if (!g_set_object (&follow->calculation, calculation))
    return FALSE;
  g_signal_group_set_target (follow->signals, calculation);
  ((void (*) (gpointer)) follow->changed) (follow->view);
  return TRUE;
}

/* In the view's dispose: no handler is left on the calculation. */
void
cuocc_calculation_follow_clear (CuoccCalculationFollow *follow)
{
  g_return_if_fail (follow != NULL);

  if (follow->signals != NULL)
    g_signal_group_set_target (follow->signals, NULL);
  g_clear_object (&follow->signals);
  g_clear_object (&follow->calculation);
}
