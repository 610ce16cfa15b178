/* cuocc-results-view.h — the occupancy, what limits it, and the GPU's
 * limits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <cuocc.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_RESULTS_VIEW (cuocc_results_view_get_type ())

G_DECLARE_FINAL_TYPE (CuoccResultsView, cuocc_results_view, CUOCC, RESULTS_VIEW, GtkWidget)

void        cuocc_results_view_show             (CuoccResultsView  *self,
                                                 const CuoccGpu    *gpu,
                                                 const CuoccInput  *input,
                                                 const CuoccResult *result,
                                                 int                best_block_size);
/* The cluster figures as shown, or NULL for a launch without clusters. */
const char *cuocc_results_view_get_clusters     (CuoccResultsView  *self);
void        cuocc_results_view_show_error       (CuoccResultsView  *self,
                                                 const char        *message);
const char *cuocc_results_view_get_occupancy    (CuoccResultsView  *self);
const char *cuocc_results_view_get_explanation  (CuoccResultsView  *self);
void        cuocc_results_view_show_limits      (CuoccResultsView  *self,
                                                 const CuoccGpu    *gpu);
const char *cuocc_results_view_get_limit_cc     (CuoccResultsView  *self);
gboolean    cuocc_results_view_row_is_limiting  (CuoccResultsView  *self,
                                                 CuoccLimit         limit);

G_END_DECLS
