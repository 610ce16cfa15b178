/* cuocc-error.c — the library's error domain and version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc.h"

G_DEFINE_QUARK (cuocc-error-quark, cuocc_error)

const char *
cuocc_version (void)
{
  return PACKAGE_VERSION;
}
