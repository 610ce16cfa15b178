/* cuocc-compare-view.h — a pinned configuration beside the current one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <cuocc.h>

#include "cuocc-calculation.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_COMPARE_VIEW (cuocc_compare_view_get_type ())

G_DECLARE_FINAL_TYPE (CuoccCompareView, cuocc_compare_view, CUOCC, COMPARE_VIEW, AdwBin)

void        cuocc_compare_view_set_current (CuoccCompareView  *self,
                                            const CuoccConfig *config);
void        cuocc_compare_view_set_pinned  (CuoccCompareView  *self,
                                            const CuoccConfig *config);

G_END_DECLS
