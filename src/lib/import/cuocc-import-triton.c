/* cuocc-import-triton.c — kernels of a Triton cache
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Triton caches each compiled kernel in a folder named by a hash
 * (~/.triton/cache/<hash>/): NAME.json holds the launch metadata, NAME.cubin
 * the machine code, __grp__NAME.json lists the folder's files by the paths
 * of the machine that compiled them. The launch comes from the metadata
 * (32 × num_warps threads, `shared` bytes of dynamic shared memory, a
 * cluster when num_ctas > 1), the registers and the rest from the cubin.
 *
 * Everything here is untrusted: files are read up to a size cap, nesting is
 * checked before json-glib (which recurses) sees the text, folders are read
 * one level deep and up to CUOCC_IMPORT_MAX_KERNELS entries.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "cuocc-import-private.h"
#include "cuocc-private.h"

#define MAX_JSON_BYTES    (4 * 1024 * 1024)   /* Triton's metadata is about 1 KiB */
#define MAX_CUBIN_BYTES   (256 * 1024 * 1024) /* a Triton kernel's cubin is kilobytes to megabytes */
#define MAX_NESTING       32                  /* Triton's metadata nests 3 levels */
#define MAX_JSON_PER_DIR  64                  /* a kernel's folder holds two .json files */
#define MAX_NUM_WARPS     32768               /* 32 × 32768 threads: the library's --threads limit */
#define MAX_CLUSTER_DIM   1024

typedef struct {
  char *name;
  int num_warps;
  gint64 shared;
  int num_ctas;
  int cluster_dims[3];             /* 0 when the launch is no cluster launch */
  int maxnreg;                     /* CUOCC_IMPORT_UNKNOWN when not given */
  char *arch;                      /* "sm_90"; NULL when the metadata does not say */
} TritonMeta;

static void
triton_meta_clear (TritonMeta *meta)
{
  g_clear_pointer (&meta->name, g_free);
  g_clear_pointer (&meta->arch, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TritonMeta, triton_meta_clear)

static gboolean
arch_is_known (const char *arch,
               int        *major,
               int        *minor)
{
  const char *note;

  return _cuocc_arch_to_cc (arch, FALSE, major, minor, &note);
}

/* ----- reading files ----- */

/* Reads a whole file of at most cap bytes. A file that grows while it is
 * read is caught by the cap as well as one that was large from the start. */
static gboolean
read_capped (const char  *path,
             gsize        cap,
             char       **data,
             gsize       *len,
             GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  FILE *file = fopen (path, "rb");
  guint8 buffer[65536];
  gsize n;

  if (file == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not open “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }
  while ((n = fread (buffer, 1, sizeof buffer, file)) > 0)
    {
      if (bytes->len + n > cap)
        {
          fclose (file);
          g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                       _("“%s” is larger than %d MiB, more than this kind of file ever holds"),
                       display, (int) (cap / (1024 * 1024)));
          return FALSE;
        }
      g_byte_array_append (bytes, buffer, (guint) n);
    }
  if (ferror (file))
    {
      fclose (file);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("Could not read “%s”"), display);
      return FALSE;
    }
  fclose (file);
  *len = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  *data = (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
  return TRUE;
}

/* ----- the metadata ----- */

/* An object: a build log may well start with "[". */
gboolean
_cuocc_import_looks_like_json (const char *data,
                              gsize       len)
{
  gsize i = 0;

  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
    i++;
  return i < len && data[i] == '{';
}

/* The deepest nesting of objects and arrays outside strings. */
static int
json_depth (const char *data,
            gsize       len)
{
  gboolean in_string = FALSE;
  int depth = 0, deepest = 0;

  for (gsize i = 0; i < len; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        deepest = MAX (deepest, ++depth);
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
    }
  return deepest;
}

static gboolean
node_int (JsonNode *node,
          gint64   *value)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return TRUE;
}

/* The text of a JSON string, or NULL for anything else. */
static const char *
node_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static void
set_not_metadata (GError     **error,
                  const char  *display,
                  const char  *key)
{
  g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
               _("“%s” is JSON but not a Triton kernel's metadata (it has no “%s”): expected the "
                 ".json file that Triton writes beside the kernel's .cubin, with name, num_warps "
                 "and shared"), display, key);
}

/* A whole number in [min, max] under key. An absent key leaves value as it
 * is when optional and is an error otherwise; anything else is an error that
 * names the key and the range. */
static gboolean
member_int (JsonObject  *object,
            const char  *key,
            int          min,
            int          max,
            gboolean     optional,
            const char  *display,
            int         *value,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);
  gint64 v;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (!optional)
        set_not_metadata (error, display, key);
      return optional;
    }
  if (!node_int (node, &v) || v < min || v > max)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("“%s”: Triton's “%s” must be a whole number from %d to %d"), display, key, min, max);
      return FALSE;
    }
  *value = (int) v;
  return TRUE;
}

/* "sm90", "sm90a", "sm_100f" as Triton's `arch` option writes them. */
static char *
arch_from_option (const char *text)
{
  g_autofree char *arch = NULL;
  int major, minor;

  if (!g_str_has_prefix (text, "sm"))
    return NULL;
  arch = g_strconcat ("sm_", text + (text[2] == '_' ? 3 : 2), NULL);
  return arch_is_known (arch, &major, &minor) ? g_steal_pointer (&arch) : NULL;
}

/* The target is {"backend": "cuda", "arch": 90, "warp_size": 32} in Triton
 * 3.x, ["cuda", 90, 32] where a GPUTarget was written as a tuple, and
 * "cuda:90" in Triton 2. The backend must be CUDA. */
static gboolean
read_target (JsonObject  *object,
             const char  *display,
             TritonMeta  *meta,
             GError     **error)
{
  JsonNode *node = json_object_get_member (object, "target");
  const char *backend = NULL;
  gint64 arch = -1;

  if (node == NULL)
    return TRUE;
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *target = json_node_get_object (node);
      backend = node_string (json_object_get_member (target, "backend"));
      node_int (json_object_get_member (target, "arch"), &arch);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *target = json_node_get_array (node);

      if (json_array_get_length (target) >= 2)
        {
          backend = node_string (json_array_get_element (target, 0));
          node_int (json_array_get_element (target, 1), &arch);
        }
    }
  else if (node_string (node) != NULL)
    {
      const char *text = node_string (node);
      const char *colon = strchr (text, ':');

      if (colon != NULL)
        {
          guint64 v;

          backend = g_str_has_prefix (text, "cuda:") ? "cuda" : text;
          if (g_ascii_string_to_unsigned (colon + 1, 10, 10, 999, &v, NULL))
            arch = (gint64) v;
        }
    }

  if (backend != NULL && strcmp (backend, "cuda") != 0)
    {
      g_autofree char *valid = g_utf8_make_valid (backend, -1);

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("“%s” is a Triton kernel for %s, not for CUDA"), display, valid);
      return FALSE;
    }
  if (arch >= 10 && arch <= 999)
    {
      g_autofree char *text = g_strdup_printf ("sm_%d", (int) arch);
      int major, minor;

      if (arch_is_known (text, &major, &minor))
        meta->arch = g_steal_pointer (&text);
    }
  return TRUE;
}

/* Triton launches a cluster only when num_ctas > 1 (a kernel of one CTA goes
 * through cuLaunchKernel even where older metadata says cluster_dims
 * [1, 1, 1]); its dimensions are cluster_dims where the metadata has them,
 * else num_ctas × 1 × 1. */
static gboolean
read_cluster (JsonObject  *object,
              const char  *display,
              TritonMeta  *meta,
              GError     **error)
{
  JsonNode *node = json_object_get_member (object, "cluster_dims");

  meta->num_ctas = 1;
  if (!member_int (object, "num_ctas", 1, MAX_CLUSTER_DIM, TRUE, display, &meta->num_ctas, error))
    return FALSE;
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      JsonArray *dims = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
      gint64 d[3];

      for (guint i = 0; i < 3; i++)
        if (dims == NULL || json_array_get_length (dims) != 3 ||
            !node_int (json_array_get_element (dims, i), &d[i]) || d[i] < 1 || d[i] > MAX_CLUSTER_DIM)
          {
            g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                         _("“%s”: Triton's “cluster_dims” must be three whole numbers from 1 to %d"),
                         display, MAX_CLUSTER_DIM);
            return FALSE;
          }
      if (meta->num_ctas > 1)
        for (guint i = 0; i < 3; i++)
          meta->cluster_dims[i] = (int) d[i];
    }
  else if (meta->num_ctas > 1)
    {
      meta->cluster_dims[0] = meta->num_ctas;
      meta->cluster_dims[1] = meta->cluster_dims[2] = 1;
    }
  return TRUE;
}

/* The name names the cubin beside the metadata, so it must be one plain file name. */
static gboolean
name_is_file_name (const char *name)
{
  return *name != '\0' && strlen (name) <= 1024 && strchr (name, '/') == NULL && strchr (name, '\\') == NULL &&
         strcmp (name, ".") != 0 && strcmp (name, "..") != 0 && g_utf8_validate (name, -1, NULL);
}

static gboolean
read_meta (const char  *data,
           gsize        len,
           const char  *display,
           TritonMeta  *meta,
           GError     **error)
{
  g_autoptr (JsonParser) json = NULL;
  g_autoptr (GError) json_error = NULL;
  JsonObject *object;
  JsonNode *node;
  const char *name;

  memset (meta, 0, sizeof *meta);
  meta->maxnreg = CUOCC_IMPORT_UNKNOWN;
  if (len > MAX_JSON_BYTES)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("“%s” is larger than %d MiB, more than this kind of file ever holds"),
                   display, MAX_JSON_BYTES / (1024 * 1024));
      return FALSE;
    }
  if (json_depth (data, len) > MAX_NESTING)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("“%s” nests deeper than %d levels; Triton's metadata nests three"), display, MAX_NESTING);
      return FALSE;
    }

  json = json_parser_new_immutable ();
  if (!json_parser_load_from_data (json, data, (gssize) len, &json_error))
    {
      /* json-glib quotes the offending text, which may be no UTF-8 (a lone
       * \ud800 escape, found by fuzz-triton). */
      g_autofree char *reason = g_utf8_make_valid (json_error->message, -1);

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("“%s” is not valid JSON: %s"), display, reason);
      return FALSE;
    }
  node = json_parser_get_root (json);
  object = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  name = object != NULL ? node_string (json_object_get_member (object, "name")) : NULL;
  if (name == NULL)
    {
      set_not_metadata (error, display, "name");
      return FALSE;
    }
  if (!name_is_file_name (name))
    {
      g_autofree char *valid = g_utf8_make_valid (name, MIN (strlen (name), 200));

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("“%s”: Triton's kernel name “%s” is no file name, so its cubin cannot be found"),
                   display, valid);
      return FALSE;
    }
  meta->name = g_strdup (name);

  if (!member_int (object, "num_warps", 1, MAX_NUM_WARPS, FALSE, display, &meta->num_warps, error))
    return FALSE;
  {
    int shared;

    if (!member_int (object, "shared", 0, G_MAXINT32, FALSE, display, &shared, error))
      return FALSE;
    meta->shared = shared;
  }
  if (!read_target (object, display, meta, error) || !read_cluster (object, display, meta, error))
    return FALSE;
  if (meta->arch == NULL)
    {
      const char *arch = node_string (json_object_get_member (object, "arch"));

      if (arch != NULL)
        meta->arch = arch_from_option (arch);
    }
  return member_int (object, "maxnreg", 1, 255, TRUE, display, &meta->maxnreg, error);
}

/* ----- kernels ----- */

/* The cubin's kernels with the launch that the metadata describes. */
static gboolean
add_kernels (CuoccImportParser  *parser,
             const TritonMeta   *meta,
             const char         *json_path,
             const guint8       *cubin,
             gsize               cubin_len,
             GError            **error)
{
  guint first = parser->kernels->len;

  if (!_cuocc_import_read_cubin (parser, cubin, cubin_len, json_path, NULL, error))
    return FALSE;
  for (guint i = first; i < parser->kernels->len; i++)
    {
      CuoccKernel *k = &g_array_index (parser->kernels, CuoccKernel, i);
      int major, minor;

      _cuocc_import_kernel_set_name (k, meta->name);
      k->format = CUOCC_IMPORT_FORMAT_TRITON;
      k->block_size = 32 * meta->num_warps;
      k->dynamic_smem = meta->shared;
      memcpy (k->cluster_dims, meta->cluster_dims, sizeof k->cluster_dims);
      if (k->max_regs < 0)
        k->max_regs = meta->maxnreg;
      /* The cubin's own spelling is kept where it says more ("sm_90a") about
       * the same compute capability. */
      if (meta->arch != NULL &&
          !(k->arch != NULL && arch_is_known (meta->arch, &major, &minor) &&
            k->cc_major == major && k->cc_minor == minor))
        _cuocc_import_kernel_set_arch (k, meta->arch);
    }
  return TRUE;
}

gboolean
_cuocc_import_read_triton_data (CuoccImportParser  *parser,
                               const char         *json,
                               gsize               json_len,
                               const char         *json_path,
                               const guint8       *cubin,
                               gsize               cubin_len,
                               GError            **error)
{
  g_autofree char *display = g_filename_display_name (json_path);
  g_auto (TritonMeta) meta = { 0 };

  if (!read_meta (json, json_len, display, &meta, error))
    return FALSE;
  return add_kernels (parser, &meta, json_path, cubin, cubin_len, error);
}

gboolean
_cuocc_import_read_triton_json (CuoccImportParser  *parser,
                               const char         *json,
                               gsize               json_len,
                               const char         *json_path,
                               GError            **error)
{
  g_autofree char *display = NULL;
  g_autofree char *cubin = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *cubin_name = NULL;
  g_autofree char *cubin_path = NULL;
  g_autoptr (GError) cubin_error = NULL;
  g_auto (TritonMeta) meta = { 0 };
  gsize cubin_len;

  display = json_path != NULL ? g_filename_display_name (json_path) : g_strdup (_("standard input"));
  if (!read_meta (json, json_len, display, &meta, error))
    return FALSE;
  if (json_path == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("Triton's metadata of “%s” came from standard input, so its cubin cannot be found; "
                     "give the .json file, its folder or the cache folder"), meta.name);
      return FALSE;
    }

  dir = g_path_get_dirname (json_path);
  cubin_name = g_strconcat (meta.name, ".cubin", NULL);
  cubin_path = g_build_filename (dir, cubin_name, NULL);
  if (!g_file_test (cubin_path, G_FILE_TEST_IS_REGULAR) ||
      !read_capped (cubin_path, MAX_CUBIN_BYTES, &cubin, &cubin_len, &cubin_error))
    {
      g_autofree char *cubin_display = g_filename_display_name (cubin_path);

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("“%s”: the kernel's cubin “%s” could not be read: %s"), display, cubin_display,
                   cubin_error != NULL ? cubin_error->message : g_strerror (ENOENT));
      return FALSE;
    }
  return add_kernels (parser, &meta, json_path, (const guint8 *) cubin, cubin_len, error);
}

static gboolean
read_json_file (CuoccImportParser  *parser,
                const char         *json_path,
                GError            **error)
{
  g_autofree char *json = NULL;
  gsize json_len;

  return read_capped (json_path, MAX_JSON_BYTES, &json, &json_len, error) &&
         _cuocc_import_read_triton_json (parser, json, json_len, json_path, error);
}

/* ----- folders ----- */

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The folder's entries, sorted so that every run lists kernels in the same
 * order; at most max of them, *more set when there were others. */
static GPtrArray *
list_dir (const char  *path,
          guint        max,
          gboolean    *more,
          GError     **error)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, error);
  GPtrArray *names;
  const char *name;

  *more = FALSE;
  if (dir == NULL)
    return NULL;
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (names->len >= max)
        {
          *more = TRUE;
          break;
        }
      g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, compare_names);
  return names;
}

static gboolean
is_metadata_name (const char *name)
{
  return g_str_has_suffix (name, ".json") && !g_str_has_prefix (name, "__grp__");
}

/* One kernel's folder: every NAME.json but the __grp__ lists. JSON that is
 * not Triton's (an autotuner's results, say) is passed over; the first
 * problem is kept for the message when nothing could be read. */
static guint
read_kernel_dir (CuoccImportParser  *parser,
                 const char         *path,
                 GError            **first_error)
{
  g_autoptr (GPtrArray) names = NULL;
  guint n_json = 0, n_read = 0;
  gboolean more;

  names = list_dir (path, 4096, &more, first_error != NULL && *first_error == NULL ? first_error : NULL);
  if (names == NULL)
    return 0;
  for (guint i = 0; i < names->len && n_json < MAX_JSON_PER_DIR; i++)
    {
      g_autofree char *file = NULL;
      g_autoptr (GError) error = NULL;

      if (!is_metadata_name (names->pdata[i]))
        continue;
      file = g_build_filename (path, names->pdata[i], NULL);
      if (!g_file_test (file, G_FILE_TEST_IS_REGULAR))
        continue;
      n_json++;
      if (parser->kernels->len >= CUOCC_IMPORT_MAX_KERNELS)
        {
          parser->truncated = TRUE;
          break;
        }
      if (read_json_file (parser, file, &error))
        n_read++;
      else if (first_error != NULL && *first_error == NULL)
        *first_error = g_steal_pointer (&error);
    }
  return n_read;
}

static gboolean
dir_has_metadata (const char *path)
{
  g_autoptr (GPtrArray) names = NULL;
  gboolean more;

  names = list_dir (path, 4096, &more, NULL);
  if (names == NULL)
    return FALSE;
  for (guint i = 0; i < names->len; i++)
    if (is_metadata_name (names->pdata[i]))
      return TRUE;
  return FALSE;
}

/* A cache folder: each folder in it is one kernel's. Only one level down,
 * so that links cannot lead the reader around in circles. */
static guint
read_cache_dir (CuoccImportParser  *parser,
                const char         *path,
                GError            **first_error)
{
  g_autoptr (GPtrArray) names = NULL;
  guint n_read = 0;
  gboolean more;

  names = list_dir (path, CUOCC_IMPORT_MAX_KERNELS, &more, first_error);
  if (names == NULL)
    return 0;
  if (more)
    parser->truncated = TRUE;
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *sub = g_build_filename (path, names->pdata[i], NULL);

      if (parser->kernels->len >= CUOCC_IMPORT_MAX_KERNELS)
        {
          parser->truncated = TRUE;
          break;
        }
      if (g_file_test (sub, G_FILE_TEST_IS_DIR))
        n_read += read_kernel_dir (parser, sub, first_error);
    }
  return n_read;
}

gboolean
_cuocc_import_read_triton (CuoccImportParser  *parser,
                          const char         *path,
                          GError            **error)
{
  g_autofree char *display = NULL;
  g_autoptr (GError) first_error = NULL;
  guint n_read;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return read_json_file (parser, path, error);

  if (dir_has_metadata (path))
    n_read = read_kernel_dir (parser, path, &first_error);
  else
    n_read = read_cache_dir (parser, path, &first_error);
  if (n_read > 0)
    return TRUE;

  display = g_filename_display_name (path);
  if (first_error != NULL)
    g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                 _("No Triton kernel could be read from the folder “%s”: %s"), display, first_error->message);
  else
    g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                 _("No Triton kernel in the folder “%s”: expected a Triton cache (~/.triton/cache), "
                   "one kernel's folder in it, or its NAME.json beside NAME.cubin"), display);
  return FALSE;
}

/* ----- the reader ----- */

/* A cache folder (or one kernel's), or metadata: a JSON object. */
ImportSniff
_cuocc_import_triton_sniff (const guint8 *data,
                            gsize         len,
                            gboolean      folder)
{
  if (folder || _cuocc_import_looks_like_json ((const char *) data, len))
    return IMPORT_SNIFF_SURE;
  return IMPORT_SNIFF_NO;
}

static gboolean
triton_read (CuoccImportParser  *parser,
             const guint8       *data,
             gsize               len,
             const char         *file,
             GError            **error)
{
  return _cuocc_import_read_triton_json (parser, (const char *) data, len, file, error);
}

/* Metadata from standard input cannot find its cubin: it is not kept for
 * this reader, and reads as text (which finds no kernel in it). */
const ImportReader _cuocc_import_triton_reader = {
  .read = triton_read,
  .streamed = FALSE,
  .read_folder = _cuocc_import_read_triton,
};
