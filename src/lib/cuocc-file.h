/* cuocc-file.h — reading and writing the files cuocc is given.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every file cuocc writes goes through cuocc_file_write: a temporary file
 * renamed over the target, which keeps an existing file's mode and owner,
 * follows a symbolic link to write its target and refuses a file the user
 * may not write (one with no write permission at all, even as root).
 * cuocc_file_read refuses a file longer than max_length bytes.
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-version.h"

G_BEGIN_DECLS

CUOCC_AVAILABLE gboolean cuocc_file_write (const char *path, const char *data, gssize length, GError **error);
CUOCC_AVAILABLE gboolean cuocc_file_read (const char *path, gsize max_length, char **contents, gsize *length, GError **error);

G_END_DECLS
