/* cuocc-tuning-page.h — the Tuning page: advice, heatmaps, waves and the
 * comparison with a pinned configuration.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <cuocc.h>

#include "cuocc-advice-view.h"
#include "cuocc-calculation.h"
#include "cuocc-compare-view.h"
#include "cuocc-heatmap-view.h"
#include "cuocc-waves-view.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_TUNING_PAGE (cuocc_tuning_page_get_type ())

G_DECLARE_FINAL_TYPE (CuoccTuningPage, cuocc_tuning_page, CUOCC, TUNING_PAGE, AdwBin)

CuoccWavesView   *cuocc_tuning_page_get_waves_view   (CuoccTuningPage        *self);

G_END_DECLS
