/* cuocc-results-view.h — the occupancy, what limits it, and the GPU's
 * limits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <cuocc.h>

#include "cuocc-calculation.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_RESULTS_VIEW (cuocc_results_view_get_type ())

G_DECLARE_FINAL_TYPE (CuoccResultsView, cuocc_results_view, CUOCC, RESULTS_VIEW, GtkWidget)

G_END_DECLS
