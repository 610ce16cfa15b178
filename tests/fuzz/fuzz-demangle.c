/* fuzz-demangle.c — libFuzzer target for the Itanium C++ ABI demangler
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuocc.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *name = g_strndup ((const char *) data, size);
  g_autofree char *demangled = cuocc_demangle (name);

  if (demangled != NULL && (!g_utf8_validate (demangled, -1, NULL) || demangled[0] == '\0'))
    abort ();
  return 0;
}
