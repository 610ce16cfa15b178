/* cuocc-calculation.h — the calculation the window's views share: the GPU,
 * the inputs, what an imported kernel adds, the result and its series, and
 * a pinned configuration to compare with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <cuocc.h>

#include "cuocc-input-model.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_CALCULATION (cuocc_calculation_get_type ())

G_DECLARE_FINAL_TYPE (CuoccCalculation, cuocc_calculation, CUOCC, CALCULATION, GObject)

/* A configuration and its result, as pinned or as it is now. */
typedef struct {
  CuoccGpu gpu;
  CuoccInput input;
  CuoccResult result;
} CuoccConfig;

CuoccCalculation       *cuocc_calculation_new                (void);

/* The "inputs" property is the input model it computes from; each of its
 * changes recomputes once (at the last thaw). */
CuoccInputModel        *cuocc_calculation_get_inputs         (CuoccCalculation       *self);
void                    cuocc_calculation_set_extra          (CuoccCalculation       *self,
                                                              const CuoccAdviceExtra *extra);
void                    cuocc_calculation_freeze             (CuoccCalculation       *self);
void                    cuocc_calculation_thaw               (CuoccCalculation       *self);

const CuoccGpu         *cuocc_calculation_get_gpu            (CuoccCalculation       *self);
const CuoccInput       *cuocc_calculation_get_input          (CuoccCalculation       *self);
const CuoccAdviceExtra *cuocc_calculation_get_extra          (CuoccCalculation       *self);
gboolean                cuocc_calculation_get_have_result    (CuoccCalculation       *self);
const CuoccResult      *cuocc_calculation_get_result         (CuoccCalculation       *self);
const char             *cuocc_calculation_get_error          (CuoccCalculation       *self);
int                     cuocc_calculation_get_best_block_size (CuoccCalculation      *self);
const CuoccSeries      *cuocc_calculation_get_series         (CuoccCalculation       *self,
                                                              CuoccSeriesKind         kind);
gboolean                cuocc_calculation_get_current        (CuoccCalculation       *self,
                                                              CuoccConfig            *config);
guint                   cuocc_calculation_get_computations   (CuoccCalculation       *self);

gboolean                cuocc_calculation_pin                (CuoccCalculation       *self);
gboolean                cuocc_calculation_set_pinned         (CuoccCalculation       *self,
                                                              const char             *gpu_id,
                                                              const CuoccInput       *input,
                                                              GError                **error);
void                    cuocc_calculation_unpin              (CuoccCalculation       *self);
const CuoccConfig      *cuocc_calculation_get_pinned         (CuoccCalculation       *self);
const char             *cuocc_calculation_get_pinned_gpu_id  (CuoccCalculation       *self);
const CuoccSeries      *cuocc_calculation_get_pinned_series  (CuoccCalculation       *self,
                                                              CuoccSeriesKind         kind);

gboolean                cuocc_calculation_series_applies     (const CuoccGpu         *gpu,
                                                              CuoccSeriesKind         kind);
CuoccSeries            *cuocc_calculation_copy_series        (const CuoccSeries      *series);

/* What a view that shows a calculation (its "calculation" property) keeps
 * of it: the calculation, or NULL, and a GSignalGroup on it, whose
 * "changed" calls changed (view), as a new calculation does. */
typedef struct {
  CuoccCalculation *calculation;
  GSignalGroup     *signals;
  GCallback         changed;
  gpointer          view;
} CuoccCalculationFollow;

void                    cuocc_calculation_follow_init        (CuoccCalculationFollow *follow,
                                                              GCallback               changed,
                                                              gpointer                view);
gboolean                cuocc_calculation_follow_set         (CuoccCalculationFollow *follow,
                                                              CuoccCalculation       *calculation);
void                    cuocc_calculation_follow_clear       (CuoccCalculationFollow *follow);

G_END_DECLS
