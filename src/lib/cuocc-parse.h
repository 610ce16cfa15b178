/* cuocc-parse.h — numbers, sizes and compute capabilities as users type
 * them, and the occupancy percent as cuocc prints it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-version.h"

G_BEGIN_DECLS

CUOCC_AVAILABLE gboolean cuocc_parse_int (const char *text, const char *what, int min, int max, int *value, GError **error);
CUOCC_AVAILABLE gboolean cuocc_parse_size (const char *text, gint64 *bytes, GError **error);
/* 8.6, 86, sm_86, sm_90a, sm_100f, compute_90, 120; sm_101 (CUDA 12's Jetson
 * Thor) is 11.0, and cuocc_cc_note () then says so. */
CUOCC_AVAILABLE gboolean cuocc_parse_cc (const char *text, int *major, int *minor, GError **error);
/* The remark a spelling of a compute capability needs ("sm_101 … is read as 11.0"), or NULL. */
CUOCC_AVAILABLE const char *cuocc_cc_note (const char *text);
/* occupancy_pct with at most two decimals, e.g. "62.5", "66.67", "100". */
CUOCC_AVAILABLE void cuocc_format_occupancy_pct (int active_warps, int max_warps, char *buf, gsize size);

G_END_DECLS
