/* cuocc-kernel-entries.h — the entries of a read, shared by the kernels
 * table's items and copied as read by a worker.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <cuocc.h>

G_BEGIN_DECLS

typedef struct _CuoccKernelEntries CuoccKernelEntries;

CuoccKernelEntries *cuocc_kernel_entries_new       (CuoccKernelList    *list);
CuoccKernelEntries *cuocc_kernel_entries_acquire   (CuoccKernelEntries *entries);
void                cuocc_kernel_entries_release   (CuoccKernelEntries *entries);
void                cuocc_kernel_entries_set_store (CuoccKernelEntries *entries,
                                                    GListStore         *store);
CuoccKernelEntries *cuocc_kernel_entries_of_store  (GListModel         *store);
void                cuocc_kernel_entries_lock      (CuoccKernelEntries *entries);
void                cuocc_kernel_entries_unlock    (CuoccKernelEntries *entries);
void                cuocc_kernel_entries_set_read  (CuoccKernelEntries *entries,
                                                    const CuoccKernel  *entry,
                                                    CuoccKernel        *figures);
CuoccKernel        *cuocc_kernel_entries_copy      (CuoccKernelEntries *entries,
                                                    guint              *n);
void                cuocc_kernel_copy_figures      (CuoccKernel        *to,
                                                    const CuoccKernel  *from);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccKernelEntries, cuocc_kernel_entries_release)

G_END_DECLS
