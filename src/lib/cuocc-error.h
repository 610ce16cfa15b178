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

/**
 * CuoccError:
 * @CUOCC_ERROR_INVALID_INPUT: a value that is no question at all
 * @CUOCC_ERROR_UNKNOWN_GPU: no GPU has that name
 * @CUOCC_ERROR_AMBIGUOUS_GPU: the name fits GPUs of several compute capabilities
 * @CUOCC_ERROR_UNKNOWN_CC: no such compute capability, or a spelling that is none
 * @CUOCC_ERROR_INVALID_SMEM_CONFIG: a shared memory configuration the GPU does not offer
 * @CUOCC_ERROR_UNSUPPORTED: e.g. global caching on a GPU without it
 * @CUOCC_ERROR_PARSE: a malformed file
 *
 * The codes of errors in the %CUOCC_ERROR domain.
 */
typedef enum {
  CUOCC_ERROR_INVALID_INPUT,
  CUOCC_ERROR_UNKNOWN_GPU,
  CUOCC_ERROR_AMBIGUOUS_GPU,
  CUOCC_ERROR_UNKNOWN_CC,
  CUOCC_ERROR_INVALID_SMEM_CONFIG,
  CUOCC_ERROR_UNSUPPORTED,
  CUOCC_ERROR_PARSE,
} CuoccError;

CUOCC_AVAILABLE GQuark cuocc_error_quark (void);

G_END_DECLS
