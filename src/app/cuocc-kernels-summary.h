/* cuocc-kernels-summary.h — a library at a glance: how the kernels that run
 * on the chosen GPU spread over occupancy, how many each resource limits,
 * and the kernels that lose most to one limiter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-histogram-view.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_KERNELS_SUMMARY (cuocc_kernels_summary_get_type ())

G_DECLARE_FINAL_TYPE (CuoccKernelsSummary, cuocc_kernels_summary, CUOCC, KERNELS_SUMMARY, GtkWidget)

gboolean              cuocc_kernels_summary_export_histogram   (CuoccKernelsSummary  *self,
                                                                const char           *path,
                                                                GError              **error);

G_END_DECLS
