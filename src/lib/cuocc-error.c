/* cuocc-error.c — the library's error domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-private.h"

/**
 * cuocc_error_quark:
 *
 * The domain of the errors libcuocc sets, %CUOCC_ERROR; the codes are
 * #CuoccError.
 *
 * Returns: the quark
 */
G_DEFINE_QUARK (cuocc-error-quark, cuocc_error)
