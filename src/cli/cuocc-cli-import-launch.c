/* cuocc-cli-import-launch.c — what --import, --check and --diff share beside the
 * library's cuocc_import_evaluate () (cuocc-import-table.c), which works out an entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With a GPU named, only the entry of each kernel that the CUDA driver loads
 * there is worked out (cuocc_kernel_list_select); the others say why not.
 * The block size is --threads, else what the kernel records (a profiled or
 * Triton launch, its launch bounds or required block size); the shared
 * memory is the kernel's static shared memory plus the dynamic shared
 * memory of --dynamic-smem, else of the launch the input records.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-cli-import-private.h"

void
_cli_import_kernel_set_add (GHashTable        *set,
                            const CuoccKernel *k)
{
  g_hash_table_add (set, cuocc_import_kernel_key (k));
}

char *
_cli_import_smem_note (const CuoccKernel      *k,
                       const ImportEvaluation *ev)
{
  gint64 dynamic = ev->input.smem - MAX (k->smem, 0);

  if (!ev->ok || ev->input.smem <= IMPORT_SMEM_WITHOUT_OPT_IN)
    return NULL;
  return g_strdup_printf (_("%s: %lld bytes of shared memory a block pass 48 KiB: the kernel must opt in with "
                            "cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, %lld)"),
                          k->name, (long long) ev->input.smem, (long long) dynamic);
}
