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
CUOCC_AVAILABLE gboolean cuocc_parse_cc (const char *text, int *major, int *minor, GError **error);
CUOCC_AVAILABLE const char *cuocc_cc_note (const char *text);

G_END_DECLS
