/* fuzz-triton.c — libFuzzer target for the Triton cache reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An input is one cache entry: the metadata JSON, a NUL byte, and the
 * kernel's cubin (absent when there is no NUL). The reader must refuse with
 * a message or give kernels whose launch is the metadata's, whatever the
 * bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuocc.h"
#include "cuocc-import-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const uint8_t *nul = memchr (data, '\0', size);
  gsize json_len = nul != NULL ? (gsize) (nul - data) : size;
  const guint8 *cubin = nul != NULL ? nul + 1 : (const guint8 *) "";
  gsize cubin_len = nul != NULL ? size - json_len - 1 : 0;
  CuoccImportParser *parser = cuocc_import_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;

  if (!_cuocc_import_read_triton_data (parser, (const char *) data, json_len, "fuzz/kernel.json",
                                      cubin, cubin_len, &error))
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      cuocc_import_parser_free (parser);
      return 0;
    }
  list = cuocc_import_parser_finish (parser, &error);
  if (list == NULL)
    return 0;
  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];

      if (k->format != CUOCC_IMPORT_FORMAT_TRITON || k->name == NULL || !g_utf8_validate (k->name, -1, NULL) ||
          k->block_size < 32 || k->block_size > 32 * 32768 || k->block_size % 32 != 0 ||
          k->dynamic_smem < 0 || k->dynamic_smem > G_MAXINT32 || strcmp (k->file, "fuzz/kernel.json") != 0)
        abort ();
      if (k->arch != NULL && (k->cc_major <= 0 || k->cc_minor < 0 || k->cc_minor > 9))
        abort ();
      for (guint d = 0; d < 3; d++)
        if (k->cluster_dims[d] < 0 || k->cluster_dims[d] > 1024 || (k->cluster_dims[d] == 0) != (k->cluster_dims[0] == 0))
          abort ();
    }
  return 0;
}
