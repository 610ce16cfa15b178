/* cuocc-session.c — the .cuocc file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   [Kernel]
 *   gpu=NVIDIA A100 SXM4 40GB
 *   threads=256
 *   regs=32
 *   smem=4096
 *   smem_config=-1
 *   barriers=1
 *   caching=off
 *   cluster_size=0
 *   carveout=-1
 *
 * cluster_size 0 is a launch without clusters, carveout -1 no carveout
 * preference; files without them get those.
 * Loading reads the whole file into a fresh CuoccSession and fails as a
 * whole, so that a bad file never half-replaces the user's work.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-session.h"

#define GROUP "Kernel"

/* ----- helpers ----- */

static gboolean
read_int64 (GKeyFile    *file,
            const char  *key,
            gint64       min,
            gint64       max,
            gint64      *value,
            GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gint64 number;

  text = g_key_file_get_string (file, GROUP, key, &local_error);
  if (text == NULL)
    {
      if (g_error_matches (local_error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND))
        return TRUE;   /* the default stays */

      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if (!g_ascii_string_to_signed (g_strstrip (text), 10, min, max, &number, &local_error))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   /* Translators: e.g. "threads: “abc” is not a number from 1 to 1024" */
                   _("%s: “%s” is not a number from %lld to %lld"),
                   key, text, (long long) min, (long long) max);
      return FALSE;
    }

  *value = number;
  return TRUE;
}

static gboolean
read_int (GKeyFile    *file,
          const char  *key,
          int          min,
          int          max,
          int         *value,
          GError     **error)
{
  gint64 number = *value;

  if (!read_int64 (file, key, min, max, &number, error))
    return FALSE;

  *value = (int) number;
  return TRUE;
}

/* ----- public API ----- */

void
cuocc_session_clear (CuoccSession *session)
{
  g_clear_pointer (&session->gpu, g_free);
}

gboolean
cuocc_session_load_data (CuoccSession  *session,
                         const char    *data,
                         gsize          length,
                         GError       **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *gpu = NULL;
  g_autofree char *caching = NULL;
  CuoccInput input;

  g_return_val_if_fail (session != NULL, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  cuocc_input_init (&input);

  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, error))
    return FALSE;

  gpu = g_key_file_get_string (file, GROUP, "gpu", NULL);
  if (gpu == NULL || *g_strstrip (gpu) == '\0')
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("The file names no GPU: the [Kernel] group needs a “gpu” key."));
      return FALSE;
    }

  if (!read_int (file, "threads", 1, 1 << 20, &input.threads, error) ||
      !read_int (file, "regs", 0, 1 << 16, &input.regs, error) ||
      !read_int64 (file, "smem", 0, G_MAXINT32, &input.smem, error) ||
      !read_int64 (file, "smem_config", -1, G_MAXINT32, &input.smem_config, error) ||
      !read_int (file, "barriers", 0, 1 << 16, &input.barriers, error) ||
      !read_int (file, "cluster_size", 0, CUOCC_MAX_CLUSTER_SIZE, &input.cluster_size, error) ||
      !read_int (file, "carveout", -1, 100, &input.carveout, error))
    return FALSE;
  if (input.carveout >= 0 && input.smem_config >= 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("The file gives both a shared memory configuration and a carveout preference; keep one"));
      return FALSE;
    }

  caching = g_key_file_get_string (file, GROUP, "caching", NULL);
  if (caching != NULL && !cuocc_caching_parse (g_strstrip (caching), &input.caching, error))
    return FALSE;

  cuocc_session_clear (session);
  session->gpu = g_steal_pointer (&gpu);
  session->input = input;

  return TRUE;
}

gboolean
cuocc_session_load_file (CuoccSession  *session,
                         const char    *path,
                         GError       **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, FALSE);

  if (!g_file_get_contents (path, &data, &length, error))
    return FALSE;

  if (!g_utf8_validate (data, length, NULL))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("The file is not text."));
      return FALSE;
    }

  return cuocc_session_load_data (session, data, length, error);
}

char *
cuocc_session_to_data (const CuoccSession *session,
                       gsize              *length)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();

  g_return_val_if_fail (session != NULL, NULL);

  g_key_file_set_string (file, GROUP, "gpu", session->gpu ? session->gpu : "");
  g_key_file_set_integer (file, GROUP, "threads", session->input.threads);
  g_key_file_set_integer (file, GROUP, "regs", session->input.regs);
  g_key_file_set_int64 (file, GROUP, "smem", session->input.smem);
  g_key_file_set_int64 (file, GROUP, "smem_config", session->input.smem_config);
  g_key_file_set_integer (file, GROUP, "barriers", session->input.barriers);
  g_key_file_set_string (file, GROUP, "caching", cuocc_caching_name (session->input.caching));
  g_key_file_set_integer (file, GROUP, "cluster_size", session->input.cluster_size);
  g_key_file_set_integer (file, GROUP, "carveout", session->input.carveout);

  return g_key_file_to_data (file, length, NULL);
}

gboolean
cuocc_session_save_file (const CuoccSession  *session,
                         const char          *path,
                         GError             **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, FALSE);

  data = cuocc_session_to_data (session, &length);

  /* g_file_set_contents writes a temporary file and renames it. */
  return g_file_set_contents (path, data, length, error);
}
