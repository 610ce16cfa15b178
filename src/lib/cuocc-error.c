/* cuocc-error.c — the library's error domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-private.h"

G_DEFINE_QUARK (cuocc-error-quark, cuocc_error)
