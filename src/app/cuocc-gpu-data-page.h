/* cuocc-gpu-data-page.h — every compute capability side by side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cuocc-calculation.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_GPU_DATA_PAGE (cuocc_gpu_data_page_get_type ())

G_DECLARE_FINAL_TYPE (CuoccGpuDataPage, cuocc_gpu_data_page, CUOCC, GPU_DATA_PAGE, GtkWidget)

G_END_DECLS
