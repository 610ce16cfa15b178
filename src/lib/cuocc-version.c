/* cuocc-version.c — the library's version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-private.h"

const char *
cuocc_version (void)
{
  return PACKAGE_VERSION;
}
