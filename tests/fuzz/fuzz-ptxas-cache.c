/* fuzz-ptxas-cache.c — libFuzzer target for the ptxas cache files and what they hold
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cache file (cuocc-ptxas-cache.c) is read back only when its header, its
 * key, its length and the XXH3-128 of its body all check out; any other
 * bytes are no hit. What a hit holds is ptxas -v output, read by the ptxas
 * reader as on a fresh run: every kernel it gives must have a valid name and
 * registers >= 0. The key the target asks for is the one in the input when
 * it has one, so that inputs reach the checksum.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuocc.h"
#include "cuocc-ptxas-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *contents = g_malloc (size + 1);
  g_autofree char *output = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  char key[33] = "00000000000000000000000000000000";
  const char *at;
  int status = -1;

  memcpy (contents, data, size);
  contents[size] = '\0';
  at = size > 0 ? strstr (contents, "\nkey ") : NULL;
  if (at != NULL && strlen (at + 5) >= 32)
    memcpy (key, at + 5, 32);
  if (!_cuocc_ptxas_cache_parse (contents, size, key, &status, &output))
    {
      if (output != NULL)
        abort ();
      return 0;
    }
  if (output == NULL || status < 0 || status > 255 || !g_str_has_suffix (contents, output))
    abort ();
  list = cuocc_import_parse (output, strlen (output), NULL);
  for (guint i = 0; list != NULL && i < list->n_kernels; i++)
    if (list->kernels[i].name == NULL || !g_utf8_validate (list->kernels[i].name, -1, NULL) ||
        (list->kernels[i].format == CUOCC_IMPORT_FORMAT_PTXAS && list->kernels[i].regs < 0))
      abort ();
  return 0;
}
