/* cuocc-kernel-find.h — an entry found in a list of kernel items: by its
 * key, or the entry of a kernel that the CUDA driver loads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-kernel-item.h"

G_BEGIN_DECLS

CuoccKernelItem *cuocc_kernel_item_find        (GListModel        *items,
                                                const char        *key);
CuoccKernelItem *cuocc_kernel_item_find_loaded (GListModel        *items,
                                                const CuoccKernel *k);

G_END_DECLS
