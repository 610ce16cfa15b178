/* fuzz-ptxas-cache.c — libFuzzer target for the ptxas cache files and what they hold
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each input is used twice.
 *
 * As a cache file (cuocc-ptxas-cache.c): it is read back only when its
 * header, its key, its length and the XXH3-128 of its body all check out;
 * any other bytes are no hit. The key the target asks for is the one in the
 * input when it has one, so that inputs reach the checksum.
 *
 * As what ptxas printed: written as the cache writes it
 * (_cuocc_ptxas_cache_format, up to the first NUL as the cache stores it,
 * with the first byte as exit status), it must read back as a hit with the
 * same status and the same text. A mutated file almost never passes the
 * checksum, so without this the readers behind a hit would see only the
 * seeds.
 *
 * What a hit holds is ptxas -v output, read as a fresh run's output is
 * (_cuocc_import_parse_ptxas_output, the reader cuocc-ptxas-assemble.c
 * uses) and as `cuocc --import` reads a log (cuocc_import_parse): every
 * kernel either gives must have a valid name, a valid mangled name where it
 * has one, and registers >= 0 where ptxas's reader gave it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuocc.h"
#include "cuocc-ptxas-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_list (const CuoccKernelList *list)
{
  if (list == NULL)
    return;
  if (list->n_kernels > CUOCC_IMPORT_MAX_KERNELS)
    abort ();
  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];

      if (k->name == NULL || !g_utf8_validate (k->name, -1, NULL) ||
          (k->mangled != NULL && !g_utf8_validate (k->mangled, -1, NULL)) ||
          (k->arch != NULL && !g_utf8_validate (k->arch, -1, NULL)) ||
          (k->format == CUOCC_IMPORT_FORMAT_PTXAS && k->regs < 0))
        abort ();
    }
}

/* What a hit gives, read both ways. */
static void
read_output (const char *output)
{
  g_autoptr (CuoccKernelList) fresh = _cuocc_import_parse_ptxas_output (output, strlen (output));
  g_autoptr (CuoccKernelList) log = cuocc_import_parse (output, strlen (output), NULL);

  check_list (fresh);
  check_list (log);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *contents = g_malloc (size + 1);
  g_autofree char *output = NULL;
  g_autoptr (GString) written = NULL;
  char key[33] = "00000000000000000000000000000000";
  const char *at;
  int status = -1;

  memcpy (contents, data, size);
  contents[size] = '\0';

  /* The input as a cache file. */
  at = size > 0 ? strstr (contents, "\nkey ") : NULL;
  if (at != NULL && strlen (at + 5) >= 32)
    memcpy (key, at + 5, 32);
  if (!_cuocc_ptxas_cache_parse (contents, size, key, &status, &output))
    {
      if (output != NULL)
        abort ();
    }
  else
    {
      if (output == NULL || status < 0 || status > 255 || !g_str_has_suffix (contents, output))
        abort ();
      read_output (output);
    }
  g_clear_pointer (&output, g_free);

  /* The input as ptxas's output, written and read back. */
  written = _cuocc_ptxas_cache_format (key, size > 0 ? data[0] : 0, contents);
  if (!_cuocc_ptxas_cache_parse (written->str, written->len, key, &status, &output))
    abort ();
  if (status != (size > 0 ? data[0] : 0) || strcmp (output, contents) != 0)
    abort ();
  g_clear_pointer (&output, g_free);
  /* Another key is no hit. */
  {
    char other[33];

    memcpy (other, key, sizeof other);
    other[0] = other[0] == '0' ? '1' : '0';
    if (_cuocc_ptxas_cache_parse (written->str, written->len, other, &status, &output) || output != NULL)
      abort ();
  }
  read_output (contents);
  return 0;
}
