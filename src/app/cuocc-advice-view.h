/* cuocc-advice-view.h — what to change to reach a higher occupancy.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <cuocc.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_ADVICE_VIEW (cuocc_advice_view_get_type ())

G_DECLARE_FINAL_TYPE (CuoccAdviceView, cuocc_advice_view, CUOCC, ADVICE_VIEW, AdwBin)

void             cuocc_advice_view_update     (CuoccAdviceView        *self,
                                               const CuoccGpu         *gpu,
                                               const CuoccInput       *input,
                                               const CuoccAdviceExtra *extra);
void             cuocc_advice_view_clear      (CuoccAdviceView        *self,
                                               const char             *message);

G_END_DECLS
