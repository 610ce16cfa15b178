/* cuocc-session.h — the .cuocc file: a kernel's inputs, as a key file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

G_BEGIN_DECLS

typedef struct {
  char *gpu;                       /* a GPU id, see cuocc-gpu-choice.h */
  CuoccInput input;
} CuoccSession;

void     cuocc_session_clear     (CuoccSession        *session);
gboolean cuocc_session_load_data (CuoccSession        *session,
                                  const char          *data,
                                  gsize                length,
                                  GError             **error);
gboolean cuocc_session_load_file (CuoccSession        *session,
                                  const char          *path,
                                  GError             **error);
char    *cuocc_session_to_data   (const CuoccSession  *session,
                                  gsize               *length);
gboolean cuocc_session_save_file (const CuoccSession  *session,
                                  const char          *path,
                                  GError             **error);

G_END_DECLS
