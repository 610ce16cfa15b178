/* cuocc-session.c — the .cuocc file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   [Kernel]
 *   gpu=NVIDIA A100 SXM4 40GB
 *   threads=256
 *   regs=32
 *   smem=4096                       (static; dynamic_smem is the dynamic part)
 *   dynamic_smem=0
 *   smem_config=-1
 *   barriers=1
 *   caching=off
 *   cluster_size=0                  (0: no clusters; optional, as are the keys below)
 *   carveout=-1                     (-1: no carveout preference)
 *   log=/home/me/build.log
 *   kernel=_Z5heavyPf
 *   grid=4000
 *   y_unit=warps
 *
 *   [Pinned]                        (optional: the pinned configuration)
 *   gpu=NVIDIA H100 SXM5
 *   threads=128
 *   …
 *
 *   [Origins]                       (the saved state only: where each value came from)
 *   threads=kernel
 *   threads_note=kept: the kernel declares none
 *   threads_source=heavy(float*)
 *   …
 *
 * Loading reads the whole file into a fresh CuoccSession and fails as a
 * whole, so that a bad file never half-replaces the user's work.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cuocc-session.h"

#define GROUP "Kernel"
#define PINNED_GROUP "Pinned"
#define ORIGINS_GROUP "Origins"
/* An origin's note or source is a line of a hint or a tooltip. */
#define MAX_ORIGIN_LENGTH 1000

/* Longer than any real value: a GPU id is a product name or a device file's
 * path, a kernel's key a mangled name. Longer text is refused as it is read,
 * so that no label is ever asked to lay out 100 KB. */
#define MAX_PATH_LENGTH 4096
#define MAX_KERNEL_LENGTH 65536

static gboolean
check_length (const char  *key,
              const char  *text,
              gsize        max,
              GError     **error)
{
  if (text == NULL || strlen (text) <= max)
    return TRUE;
  g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
               _("%s: the value is %zu bytes long; at most %zu are allowed"), key, strlen (text), max);
  return FALSE;
}

/* ----- helpers ----- */

static gboolean
read_int64 (GKeyFile    *file,
            const char  *group,
            const char  *key,
            gint64       min,
            gint64       max,
            gint64      *value,
            GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gint64 number;

  text = g_key_file_get_string (file, group, key, &local_error);
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

/* The inputs a group holds, as the inputs' description gives their keys
 * and ranges: what the library answers for is read, so that what the app
 * accepts and saves also opens; a value it would refuse is refused here,
 * with the file's name, rather than half-applied. */
static gboolean
read_inputs (GKeyFile          *file,
             const char        *group,
             CuoccInputValues  *values,
             GError           **error)
{
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    {
      const CuoccInputInfo *info = cuocc_input_info (key);
      gint64 value = values->values[key];

      if (info->session_key == NULL)
        continue;
      if (info->type == CUOCC_INPUT_TYPE_CHOICE)
        {
          g_autofree char *text = g_key_file_get_string (file, group, info->session_key, NULL);

          if (text != NULL && !cuocc_input_values_parse (values, key, g_strstrip (text), info->session_key, error))
            return FALSE;
          continue;
        }
      if (!read_int64 (file, group, info->session_key, info->has_none ? MIN (info->none, info->min) : info->min, info->max,
                       &value, error))
        return FALSE;
      if (g_key_file_has_key (file, group, info->session_key, NULL))
        cuocc_input_values_set (values, key, value);
    }
  if (cuocc_input_values_conflict (values, NULL, NULL))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("The file gives both a shared memory configuration and a carveout preference; keep one"));
      return FALSE;
    }
  return TRUE;
}

/* A GPU and its inputs, from [Kernel] or [Pinned]. */
static gboolean
read_config (GKeyFile          *file,
             const char        *group,
             char             **gpu_out,
             CuoccInputValues  *values,
             GError           **error)
{
  g_autofree char *gpu = NULL;

  cuocc_input_values_init (values);
  gpu = g_key_file_get_string (file, group, "gpu", NULL);
  if (gpu == NULL || *g_strstrip (gpu) == '\0')
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   /* Translators: %s is the group, [Kernel] or [Pinned] */
                   _("The file names no GPU: the [%s] group needs a “gpu” key."), group);
      return FALSE;
    }
  if (!check_length ("gpu", gpu, MAX_PATH_LENGTH, error))
    return FALSE;

  if (!read_inputs (file, group, values, error))
    return FALSE;

  *gpu_out = g_steal_pointer (&gpu);
  return TRUE;
}

static void
write_config (GKeyFile               *file,
              const char             *group,
              const char             *gpu,
              const CuoccInputValues *values)
{
  g_key_file_set_string (file, group, "gpu", gpu ? gpu : "");
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    {
      const CuoccInputInfo *info = cuocc_input_info (key);

      if (info->session_key == NULL)
        continue;
      if (info->type == CUOCC_INPUT_TYPE_CHOICE)
        g_key_file_set_string (file, group, info->session_key, info->choices[values->values[key]]);
      else
        g_key_file_set_int64 (file, group, info->session_key, values->values[key]);
    }
}

/* An optional text key: absent or empty is NULL. */
static char *
read_text (GKeyFile   *file,
           const char *key)
{
  g_autofree char *text = g_key_file_get_string (file, GROUP, key, NULL);

  if (text == NULL || *text == '\0')
    return NULL;
  return g_steal_pointer (&text);
}

/* An optional line of [Origins]: absent, empty or too long (a hand-edited
 * state) is none; where the values came from is said, not checked. */
static char *
read_origin_text (GKeyFile   *file,
                  const char *key,
                  const char *suffix)
{
  g_autofree char *name = g_strconcat (key, suffix, NULL);
  g_autofree char *text = g_key_file_get_string (file, ORIGINS_GROUP, name, NULL);

  if (text == NULL || *text == '\0' || g_utf8_strlen (text, -1) > MAX_ORIGIN_LENGTH)
    return NULL;
  return g_steal_pointer (&text);
}

static void
read_origins (GKeyFile     *file,
              CuoccSession *session)
{
  if (!g_key_file_has_group (file, ORIGINS_GROUP))
    return;

  session->has_origins = TRUE;
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    {
      const char *name = cuocc_input_info (key)->session_key;

      session->origins[key] = read_origin_text (file, name, "");
      session->notes[key] = read_origin_text (file, name, "_note");
      session->sources[key] = read_origin_text (file, name, "_source");
      session->owns[key] = read_origin_text (file, name, "_own");
    }
}

static void
write_origins (GKeyFile           *file,
               const CuoccSession *session)
{
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    {
      const char *name = cuocc_input_info (key)->session_key;
      const char *texts[] = { session->origins[key], session->notes[key], session->sources[key], session->owns[key] };
      const char *suffixes[] = { "", "_note", "_source", "_own" };

      for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
        if (texts[i] != NULL)
          {
            g_autofree char *line = g_strconcat (name, suffixes[i], NULL);

            g_key_file_set_string (file, ORIGINS_GROUP, line, texts[i]);
          }
    }
}

/* ----- public API ----- */

void
cuocc_session_clear (CuoccSession *session)
{
  g_clear_pointer (&session->gpu, g_free);
  g_clear_pointer (&session->log, g_free);
  g_clear_pointer (&session->kernel, g_free);
  g_clear_pointer (&session->y_unit, g_free);
  g_clear_pointer (&session->pinned_gpu, g_free);
  session->grid = 0;
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    {
      g_clear_pointer (&session->origins[i], g_free);
      g_clear_pointer (&session->notes[i], g_free);
      g_clear_pointer (&session->sources[i], g_free);
      g_clear_pointer (&session->owns[i], g_free);
    }
  session->has_origins = FALSE;
}

gboolean
cuocc_session_load_data (CuoccSession  *session,
                         const char    *data,
                         gsize          length,
                         GError       **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  CuoccSession loaded = { 0 };
  CuoccInputValues pinned;

  g_return_val_if_fail (session != NULL, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, error))
    return FALSE;

  if (!read_config (file, GROUP, &loaded.gpu, &loaded.inputs, error) ||
      !read_int64 (file, GROUP, "grid", 0, G_MAXINT32, &loaded.grid, error) ||
      (g_key_file_has_group (file, PINNED_GROUP) &&
       !read_config (file, PINNED_GROUP, &loaded.pinned_gpu, &pinned, error)))
    {
      cuocc_session_clear (&loaded);
      return FALSE;
    }
  if (loaded.pinned_gpu != NULL)
    cuocc_input_values_to_input (&pinned, &loaded.pinned);

  loaded.log = read_text (file, "log");
  loaded.kernel = read_text (file, "kernel");
  loaded.y_unit = read_text (file, "y_unit");
  if (!check_length ("log", loaded.log, MAX_PATH_LENGTH, error) ||
      !check_length ("kernel", loaded.kernel, MAX_KERNEL_LENGTH, error))
    {
      cuocc_session_clear (&loaded);
      return FALSE;
    }
  if (loaded.y_unit != NULL && !g_str_equal (loaded.y_unit, "percent") && !g_str_equal (loaded.y_unit, "warps"))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("y_unit: “%s” is no unit of the y axis; allowed: percent, warps"), loaded.y_unit);
      cuocc_session_clear (&loaded);
      return FALSE;
    }

  read_origins (file, &loaded);

  cuocc_session_clear (session);
  *session = loaded;

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

  /* A session is a few hundred bytes; a megabyte is no session. */
  if (!cuocc_file_read (path, 1024 * 1024, &data, &length, error))
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

  write_config (file, GROUP, session->gpu, &session->inputs);
  if (session->log != NULL)
    g_key_file_set_string (file, GROUP, "log", session->log);
  if (session->kernel != NULL)
    g_key_file_set_string (file, GROUP, "kernel", session->kernel);
  if (session->grid > 0)
    g_key_file_set_int64 (file, GROUP, "grid", session->grid);
  if (session->y_unit != NULL)
    g_key_file_set_string (file, GROUP, "y_unit", session->y_unit);
  if (session->pinned_gpu != NULL)
    {
      CuoccInputValues pinned;

      cuocc_input_values_from_input (&pinned, &session->pinned);
      write_config (file, PINNED_GROUP, session->pinned_gpu, &pinned);
    }
  if (session->has_origins)
    write_origins (file, session);

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

  return cuocc_file_write (path, data, (gssize) length, error);
}

/* Whether the first bytes of a file are a session's: its first line that is
 * neither blank nor a comment opens the [Kernel] group. Open asks this
 * before it asks the import (cuocc_import_detect). */
gboolean
cuocc_session_sniff (const char *data,
                     gsize       length)
{
  const char *end = data + length;
  const char *p = data;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (length >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      const char *stop = nl != NULL ? nl : end;
      const char *q = p;

      while (q < stop && g_ascii_isspace (*q))
        q++;
      if (q < stop && *q != '#')
        return (gsize) (stop - q) >= strlen ("[" GROUP "]") && memcmp (q, "[" GROUP "]", strlen ("[" GROUP "]")) == 0;
      if (nl == NULL)
        break;
      p = nl + 1;
    }
  return FALSE;
}
