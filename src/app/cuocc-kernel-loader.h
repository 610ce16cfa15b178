/* cuocc-kernel-loader.h — reads logs into lists of kernel items in a
 * worker thread, and reads a file again when it changes on disk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <cuocc.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_KERNEL_LOADER (cuocc_kernel_loader_get_type ())

G_DECLARE_FINAL_TYPE (CuoccKernelLoader, cuocc_kernel_loader, CUOCC, KERNEL_LOADER, GObject)

CuoccKernelLoader *cuocc_kernel_loader_new        (void);
void               cuocc_kernel_loader_load_file  (CuoccKernelLoader *self,
                                                   GFile             *file);
void               cuocc_kernel_loader_load_text  (CuoccKernelLoader *self,
                                                   const char        *text,
                                                   const char        *source_name);
void               cuocc_kernel_loader_cancel     (CuoccKernelLoader *self);
gboolean           cuocc_kernel_loader_is_busy    (CuoccKernelLoader *self);
GFile             *cuocc_kernel_loader_get_file   (CuoccKernelLoader *self);

void               cuocc_kernel_loader_set_gpu       (CuoccKernelLoader *self,
                                                      int                major,
                                                      int                minor);
void               cuocc_kernel_loader_set_launch    (CuoccKernelLoader *self,
                                                      const CuoccGpu    *gpu,
                                                      int                threads);

G_END_DECLS
