/* cuocc-error.h — the library's error domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-version.h"

G_BEGIN_DECLS

#define CUOCC_ERROR (cuocc_error_quark ())

typedef enum {
  CUOCC_ERROR_INVALID_INPUT,       /* a value that is no question at all */
  CUOCC_ERROR_UNKNOWN_GPU,
  CUOCC_ERROR_AMBIGUOUS_GPU,
  CUOCC_ERROR_UNKNOWN_CC,
  CUOCC_ERROR_INVALID_SMEM_CONFIG,
  CUOCC_ERROR_UNSUPPORTED,         /* e.g. global caching on a GPU without it */
  CUOCC_ERROR_PARSE,               /* a malformed file */
} CuoccError;

CUOCC_AVAILABLE GQuark cuocc_error_quark (void);

G_END_DECLS
