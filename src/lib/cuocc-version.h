/* cuocc-version.h — the export macro of libcuocc, and its version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The library is built with hidden symbols (gnu_symbol_visibility: 'hidden'
 * in src/lib/meson.build); a function is part of the shared library's
 * interface only when its prototype carries CUOCC_AVAILABLE.
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include <glib.h>

#if defined (CUOCC_COMPILATION)
# define CUOCC_AVAILABLE __attribute__ ((visibility ("default"))) extern
#else
# define CUOCC_AVAILABLE extern
#endif

G_BEGIN_DECLS

CUOCC_AVAILABLE const char *cuocc_version (void);

G_END_DECLS
