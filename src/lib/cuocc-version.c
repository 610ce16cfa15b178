/* cuocc-version.c — the library's version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-private.h"

/**
 * cuocc_version:
 *
 * The version of libcuocc, as its pkg-config file and `cuocc --version` give it.
 *
 * Returns: (transfer none): the version, e.g. "0.1.0".
 */
const char *
cuocc_version (void)
{
  return PACKAGE_VERSION;
}
