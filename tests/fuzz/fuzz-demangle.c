/* fuzz-demangle.c — libFuzzer target for the Itanium C++ ABI demangler,
 * and for the short names the kernels table makes of what it returns
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

  /* A row's name: never longer than the name it shortens. */
  {
    const char *full = demangled != NULL ? demangled : name;
    g_autofree char *short_name = cuocc_kernel_short_name (full);
    g_autofree char *unqualified = cuocc_kernel_unqualified (short_name);

    if (strlen (short_name) > strlen (full) || strlen (unqualified) > strlen (short_name))
      abort ();
  }
  return 0;
}
