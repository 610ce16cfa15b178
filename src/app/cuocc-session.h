/* cuocc-session.h — the .cuocc file: a kernel's inputs, as a key file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

G_BEGIN_DECLS

typedef struct {
  char *gpu;                       /* a GPU id, see cuocc_gpu_resolve_id () */
  CuoccInputValues inputs;         /* as entered: the static and dynamic shared memory apart */

  /* What the rest of the window shows; each may be absent. */
  char *log;                       /* the imported log's path, or NULL */
  char *kernel;                    /* the chosen kernel's key in that log, or NULL */
  gint64 grid;                     /* the grid size for the waves, or 0 */
  char *y_unit;                    /* "percent" or "warps", or NULL */
  char *pinned_gpu;                /* the pinned configuration's GPU id, or NULL for none */
  CuoccInput pinned;

  /* The saved state's only, never a session file's ([Origins]): where each
   * input's value came from (an origin's name, cuocc-input-model.h), the
   * note its hint says and which kernel or file; by CuoccInputKey, NULL
   * where none is said. */
  gboolean has_origins;
  char *origins[CUOCC_N_INPUT_KEYS];
  char *notes[CUOCC_N_INPUT_KEYS];
  char *sources[CUOCC_N_INPUT_KEYS];
  /* The value a kernel's figure stands in for, as a whole number, where it
   * differs (cuocc_input_model_keep_own): the next kernel that lacks the
   * figure goes back to it after a restart too. */
  char *owns[CUOCC_N_INPUT_KEYS];
} CuoccSession;

void     cuocc_session_clear     (CuoccSession        *session);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CuoccSession, cuocc_session_clear)
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
gboolean cuocc_session_sniff     (const char          *data,
                                  gsize                length);

G_END_DECLS
