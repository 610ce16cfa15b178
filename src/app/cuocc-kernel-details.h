/* cuocc-kernel-details.h — one kernel entry's details: its whole name,
 * its figures, spills, what ptxas and the profiler gave, whether it loads
 * on the GPU, and what changed against a compared build.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_KERNEL_DETAILS (cuocc_kernel_details_get_type ())

G_DECLARE_FINAL_TYPE (CuoccKernelDetails, cuocc_kernel_details, CUOCC, KERNEL_DETAILS, GtkWidget)

G_END_DECLS
