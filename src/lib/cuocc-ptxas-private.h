/* cuocc-ptxas-private.h — what the ptxas files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-import-private.h"

G_BEGIN_DECLS

typedef enum {
  PTXAS_RUN_OK,                    /* exited 0 */
  PTXAS_RUN_REJECTED,              /* exited with another status: what it printed says why */
  PTXAS_RUN_FAILED,                /* did not start, crashed, was stopped: not worth caching */
  PTXAS_RUN_CANCELLED,
} PtxasRunStatus;

/* cuocc-ptxas.c */
PtxasRunStatus _cuocc_ptxas_run              (const char *const *argv, guint timeout_s, GCancellable *cancellable,
                                              char **output, char **problem, int *exit_status);
const char    *_cuocc_ptxas_get_version_text (const CuoccPtxas *ptxas);
char          *_cuocc_ptxas_first_error      (const char *output);
/* The host's ptxas seen under root (/run/host in the Flatpak), NULL when
 * none; a host path under root with its links followed as the host would. */
char          *_cuocc_ptxas_find_on_host     (const char *root);
char          *_cuocc_ptxas_host_path        (const char *root, const char *path);

/* cuocc-ptxas-cache.c: what one ptxas run printed, by key. A file that is
 * not exactly what _cuocc_ptxas_cache_store wrote (a cut, a changed byte,
 * another key) is no hit. */
char    *_cuocc_ptxas_cache_key   (const CuoccPtxas *ptxas, const CuoccPtxModule *module, const char *target,
                                   const char *entry);
/* contents: len bytes and a NUL after them. */
gboolean _cuocc_ptxas_cache_parse (const char *contents, gsize len, const char *key, int *exit_status,
                                   char **output);
gboolean _cuocc_ptxas_cache_load  (const char *dir, const char *key, int *exit_status, char **output);
gboolean _cuocc_ptxas_cache_store (const char *dir, const char *key, int exit_status, const char *output,
                                   GError **error);
/* What _cuocc_ptxas_cache_store writes (output up to its NUL). */
GString *_cuocc_ptxas_cache_format (const char *key, int exit_status, const char *output);
char    *_cuocc_ptxas_cache_dir   (void);
/* The XXH3-128 of data, in 32 hex digits: a key. */
char    *_cuocc_ptxas_cache_hash  (const char *data, gsize len);
gboolean _cuocc_ptxas_sandboxed   (void);

G_END_DECLS
