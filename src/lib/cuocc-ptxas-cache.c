/* cuocc-ptxas-cache.c — what ptxas printed, kept on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One file a ptxas run, in g_get_user_cache_dir()/cuocc/ptxas, named by its
 * key: the XXH3-128 of the module as the input stored it (its compressed
 * bytes where the fat binary compressed it: cheaper to hash than the text,
 * and as unique) with its length, the target ("sm_89"), the entry (per-entry
 * runs) and all that `ptxas --version` printed. The file holds what ptxas
 * printed and its exit status, under a header that repeats the key and the
 * XXH3-128 of the body; it is written atomically (a new file renamed over
 * the old), so that a run stopped midway (Ctrl+C) leaves every finished
 * module's file whole. A file that does not check out is ignored and
 * written again; nothing read from it is trusted beyond what the ptxas
 * reader accepts from ptxas itself.
 *
 * Why XXH3-128 and not SHA-256 (format 1 used GLib's SHA-256): hashing was
 * most of what a cached import cost beyond one without PTX (a module's
 * bytes for the key, each file's body for its check: 40 % of the extra
 * instructions on the generated library), and XXH3 hashes at memory speed.
 * The key needs no more than to tell modules apart by accident: 128 bits
 * make a collision among even 2^40 modules a chance of 2^-48. A forged
 * collision would take someone who makes the user assemble a module crafted
 * against one the user imports later, into the user's own cache; what it
 * could change is that module's figures, shown as ptxas's, never memory or
 * code: the cache's files are read as ptxas output, with the same bounds.
 * The body's checksum guards against a file cut short or changed by
 * accident, as before; whoever can write the cache folder can write any
 * file there with a matching checksum, whatever the hash.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

/* Header-only (meson: libxxhash's compile flags, no library). */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "cuocc-ptxas-private.h"

#define MAGIC "cuocc ptxas cache 2\n"
#define SUM_LEN 32                 /* hex digits of an XXH3-128 */

char *
_cuocc_ptxas_cache_dir (void)
{
  /* Inside the Flatpak, the host's cache where the manifest shares it
   * (xdg-cache/cuocc): the app reads what `cuocc --import` assembled on the
   * host, and the other way round. */
  if (_cuocc_ptxas_sandboxed ())
    {
      const char *host = g_getenv ("HOST_XDG_CACHE_HOME");
      g_autofree char *shared = host != NULL && *host != '\0' ? g_build_filename (host, "cuocc", NULL)
                                                              : g_build_filename (g_get_home_dir (), ".cache", "cuocc", NULL);

      if (g_file_test (shared, G_FILE_TEST_IS_DIR))
        return g_build_filename (shared, "ptxas", NULL);
    }
  return g_build_filename (g_get_user_cache_dir (), "cuocc", "ptxas", NULL);
}

static char *
hex128 (XXH128_hash_t h)
{
  return g_strdup_printf ("%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x", (guint64) h.high64,
                          (guint64) h.low64);
}

char *
_cuocc_ptxas_cache_hash (const char *data, gsize len)
{
  return hex128 (XXH3_128bits (data, len));
}

char *
_cuocc_ptxas_cache_key (const CuoccPtxas *ptxas, const CuoccPtxModule *module, const char *target, const char *entry)
{
  XXH3_state_t state;
  g_autofree char *head = NULL;
  guint64 flags;
  GBytes *stored = _cuocc_ptx_module_get_stored (module, &flags);
  gsize len;
  const guint8 *data = g_bytes_get_data (stored, &len);
  const char *version = _cuocc_ptxas_get_version_text (ptxas);

  head = g_strdup_printf ("%s%" G_GUINT64_FORMAT " %" G_GSIZE_FORMAT " %" G_GSIZE_FORMAT "\n", MAGIC, flags, len,
                          cuocc_ptx_module_get_size (module));
  XXH3_128bits_reset (&state);
  XXH3_128bits_update (&state, head, strlen (head));
  XXH3_128bits_update (&state, data, len);
  XXH3_128bits_update (&state, "\n", 1);
  XXH3_128bits_update (&state, target, strlen (target) + 1);
  XXH3_128bits_update (&state, entry != NULL ? entry : "", strlen (entry != NULL ? entry : "") + 1);
  XXH3_128bits_update (&state, version, strlen (version));
  return hex128 (XXH3_128bits_digest (&state));
}

static char *
cache_path (const char *dir, const char *key)
{
  g_autofree char *name = g_strconcat (key, ".txt", NULL);

  return g_build_filename (dir, name, NULL);
}

static char *
body_sum (const char *body, gsize len)
{
  return hex128 (XXH3_128bits (body, len));
}

gboolean
_cuocc_ptxas_cache_parse (const char *contents, gsize len, const char *key, int *exit_status, char **output)
{
  g_autofree char *expected = NULL;
  g_autofree char *sum = NULL;
  g_autofree char *actual = NULL;
  const char *p;
  char *end;
  gint64 status;
  guint64 body_len;

  *output = NULL;
  /* NULs nowhere: ptxas's output is text, and the fields are read as strings. */
  if (memchr (contents, '\0', len) != NULL || contents[len] != '\0')
    return FALSE;
  /* MAGIC "key K\nstatus N\nxxh128 S\nbytes B\n\n" body */
  expected = g_strdup_printf (MAGIC "key %s\nstatus ", key);
  if (!g_str_has_prefix (contents, expected))
    return FALSE;
  p = contents + strlen (expected);
  if (!g_ascii_isdigit (*p))
    return FALSE;
  status = g_ascii_strtoll (p, &end, 10);
  if (end - p > 3 || status > 255 || !g_str_has_prefix (end, "\nxxh128 "))
    return FALSE;
  p = end + 8;
  end = strchr (p, '\n');
  if (end == NULL || end - p != SUM_LEN)
    return FALSE;
  sum = g_strndup (p, SUM_LEN);
  p = end + 1;
  if (!g_str_has_prefix (p, "bytes ") || !g_ascii_isdigit (p[6]))
    return FALSE;
  body_len = g_ascii_strtoull (p + 6, &end, 10);
  if (end - (p + 6) > 12 || !g_str_has_prefix (end, "\n\n"))
    return FALSE;
  p = end + 2;
  if ((guint64) (contents + len - p) != body_len)
    return FALSE;
  actual = body_sum (p, (gsize) body_len);
  if (strcmp (actual, sum) != 0)
    return FALSE;
  *exit_status = (int) status;
  *output = g_strndup (p, (gsize) body_len);
  return TRUE;
}

gboolean
_cuocc_ptxas_cache_load (const char *dir, const char *key, int *exit_status, char **output)
{
  g_autofree char *path = cache_path (dir, key);
  g_autofree char *contents = NULL;
  gsize len;
  GStatBuf st;

  *output = NULL;
  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode) || (guint64) st.st_size > CUOCC_PTXAS_MAX_OUTPUT + 4096)
    return FALSE;
  if (!g_file_get_contents (path, &contents, &len, NULL))
    return FALSE;
  return _cuocc_ptxas_cache_parse (contents, len, key, exit_status, output);
}

GString *
_cuocc_ptxas_cache_format (const char *key, int exit_status, const char *output)
{
  GString *contents = g_string_new (MAGIC);
  gsize len = strlen (output);
  g_autofree char *sum = body_sum (output, len);

  g_string_append_printf (contents, "key %s\nstatus %d\nxxh128 %s\nbytes %" G_GSIZE_FORMAT "\n\n", key, exit_status,
                          sum, len);
  g_string_append_len (contents, output, (gssize) len);
  return contents;
}

gboolean
_cuocc_ptxas_cache_store (const char *dir, const char *key, int exit_status, const char *output, GError **error)
{
  g_autofree char *path = cache_path (dir, key);
  g_autoptr (GString) contents = NULL;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  contents = _cuocc_ptxas_cache_format (key, exit_status, output);
  /* Renamed into place, but not synced to disk unless it replaces a file:
   * an fsync a module cost the first assembly of the generated library
   * twice ptxas's own time on a busy disk, and a file a crash cut short is
   * no hit (its checksum), only a module assembled again. */
  return g_file_set_contents_full (path, contents->str, (gssize) contents->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_ONLY_EXISTING, 0600, error);
}
