/* cuocc-gpu.c — finding a GPU by name or compute capability, and custom devices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

/* Copies valid UTF-8 src into dest, cutting it at a character boundary
 * when it does not fit. */
void
cuocc_utf8_strlcpy (char       *dest,
                    const char *src,
                    gsize       size)
{
  gsize len = 0;

  g_assert (size > 0);
  for (const char *p = src; *p != '\0'; p = g_utf8_next_char (p))
    {
      gsize char_len = (gsize) (g_utf8_next_char (p) - p);

      if (len + char_len >= size)
        break;
      len += char_len;
    }
  memcpy (dest, src, len);
  dest[len] = '\0';
}

/* ------------------------------------------------------------------ */
/* Compute capabilities                                                */
/* ------------------------------------------------------------------ */

const CuoccCapability *
cuocc_capability_lookup (int major,
                         int minor)
{
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);

  for (guint i = 0; i < n; i++)
    if (caps[i].major == major && caps[i].minor == minor)
      return &caps[i];
  return NULL;
}

static char *
known_capabilities_list (void)
{
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%d.%d", i ? " " : "", caps[i].major, caps[i].minor);
  return g_string_free (s, FALSE);
}

gboolean
cuocc_gpu_for_cc_numbers (int        major,
                          int        minor,
                          CuoccGpu  *gpu,
                          GError   **error)
{
  const CuoccCapability *cap;

  g_return_val_if_fail (gpu != NULL, FALSE);

  cap = cuocc_capability_lookup (major, minor);
  if (cap == NULL)
    {
      g_autofree char *known = known_capabilities_list ();

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_CC,
                   _("Compute capability %d.%d is not known; known: %s (describe a new GPU with --device-file)"),
                   major, minor, known);
      return FALSE;
    }

  memset (gpu, 0, sizeof *gpu);
  g_snprintf (gpu->name, sizeof gpu->name, _("Compute capability %d.%d"), major, minor);
  gpu->cap = *cap;
  return TRUE;
}

gboolean
cuocc_gpu_for_cc (const char  *cc,
                  CuoccGpu    *gpu,
                  GError     **error)
{
  int major, minor;

  g_return_val_if_fail (cc != NULL, FALSE);

  if (!cuocc_parse_cc (cc, &major, &minor, error))
    return FALSE;
  return cuocc_gpu_for_cc_numbers (major, minor, gpu, error);
}

/* ------------------------------------------------------------------ */
/* Products by name                                                    */
/* ------------------------------------------------------------------ */

/* Lower-case letters and digits only, without the brand words that users
 * leave out ("NVIDIA GeForce RTX 4090" → "rtx4090"). */
static void
normalize_name (const char *name,
                char       *out,
                gsize       size,
                gboolean    drop_brands)
{
  static const char *brands[] = { "nvidia", "geforce", "tesla", "quadro" };
  g_auto(GStrv) words = g_strsplit_set (name, " -_/()", -1);
  gsize len = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean brand = FALSE;

      if (drop_brands)
        for (guint b = 0; b < G_N_ELEMENTS (brands); b++)
          if (g_ascii_strcasecmp (words[i], brands[b]) == 0)
            brand = TRUE;
      if (brand)
        continue;
      for (const char *p = words[i]; *p != '\0' && len + 1 < size; p++)
        if (g_ascii_isalnum (*p))
          out[len++] = g_ascii_tolower (*p);
    }
  out[len] = '\0';
}

static void
gpu_from_product (const CuoccProduct *product,
                  CuoccGpu           *gpu)
{
  const CuoccCapability *cap = cuocc_capability_lookup (product->major, product->minor);

  g_assert (cap != NULL);
  memset (gpu, 0, sizeof *gpu);
  g_strlcpy (gpu->name, product->name, sizeof gpu->name);
  gpu->sm_count = product->sm_count;
  gpu->cap = *cap;
}

#define GPU_NAME_MAX 256

/* "NVIDIA Tesla V100-SXM2" → "|nvidia|tesla|v100|sxm2|". */
static void
bound_words (const char *name,
             char       *out,
             gsize       size)
{
  g_auto(GStrv) words = g_strsplit_set (name, " -_/()", -1);
  gsize len = 0;

  out[len++] = '|';
  for (guint i = 0; words[i] != NULL; i++)
    {
      gsize start = len;

      for (const char *p = words[i]; *p != '\0' && len + 2 < size; p++)
        if (g_ascii_isalnum (*p))
          out[len++] = g_ascii_tolower (*p);
      if (len > start)
        out[len++] = '|';
    }
  out[len] = '\0';
}

/* Whether the query is one or more whole consecutive words of the name:
 * "rtx4090" and "4090" are in "|nvidia|geforce|rtx|4090|", "h20" is not in
 * "|nvidia|h200|". */
static gboolean
spans_words (const char *bounded,
             const char *query)
{
  if (*query == '\0')
    return FALSE;

  for (const char *start = strchr (bounded, '|'); start != NULL; start = strchr (start + 1, '|'))
    {
      const char *p = start + 1;
      const char *q = query;

      while (*q != '\0' && *p != '\0')
        {
          if (*p == '|')
            p++;
          else if (*p == *q)
            p++, q++;
          else
            break;
        }
      if (*q == '\0' && *p == '|')
        return TRUE;
    }
  return FALSE;
}

/* A memory size ("80gb") that names no product's word is left out of the
 * match: drivers add it to the names ("A100-SXM4-80GB"). */
static gboolean
is_memory_size (const char *word)
{
  gsize len = strlen (word);
  gsize digits = strspn (word, "0123456789");

  return digits > 0 && len == digits + 2 && g_str_has_suffix (word, "gb");
}

typedef struct {
  char full[128];
  char short_name[128];
  char bounded[160];               /* the words between bars: "|nvidia|tesla|v100|sxm2|" */
} NormalizedName;

typedef struct {
  NormalizedName *names;
  GHashTable *by_lower_name;       /* the name in lower case → the product */
  char *all_full;                  /* every full name, one a line */
  char *all_short;
} NormalizedProducts;

/* The products' names, normalized once: a batch file may look up a million
 * names, and each lookup compares the query with every product. */
static const NormalizedProducts *
normalized_products (void)
{
  static NormalizedProducts *products_once;

  if (g_once_init_enter (&products_once))
    {
      guint n;
      const CuoccProduct *products = cuocc_products (&n);
      NormalizedProducts *np = g_new0 (NormalizedProducts, 1);
      GString *all_full = g_string_new (NULL);
      GString *all_short = g_string_new (NULL);

      np->names = g_new (NormalizedName, n);
      np->by_lower_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; i < n; i++)
        {
          NormalizedName *name = &np->names[i];

          normalize_name (products[i].name, name->full, sizeof name->full, FALSE);
          normalize_name (products[i].name, name->short_name, sizeof name->short_name, TRUE);
          bound_words (products[i].name, name->bounded, sizeof name->bounded);
          g_hash_table_insert (np->by_lower_name, g_ascii_strdown (products[i].name, -1),
                               (gpointer) &products[i]);
          for (guint a = 0; products[i].driver_names != NULL && products[i].driver_names[a] != NULL; a++)
            g_hash_table_insert (np->by_lower_name, g_ascii_strdown (products[i].driver_names[a], -1),
                                 (gpointer) &products[i]);
          g_string_append_printf (all_full, "%s\n", name->full);
          g_string_append_printf (all_short, "%s\n", name->short_name);
        }
      np->all_full = g_string_free (all_full, FALSE);
      np->all_short = g_string_free (all_short, FALSE);
      g_once_init_leave (&products_once, np);
    }
  return products_once;
}

/* Whether any product could match: the query, or each of its words, appears
 * in some product's name. Most unknown names end here, after a few scans of
 * one string instead of several per product. */
static gboolean
any_product_may_match (const NormalizedProducts *np,
                       const char               *query_short,
                       const char *const        *words,
                       guint                     n_words)
{
  if (strstr (np->all_short, query_short) != NULL || strstr (np->all_full, query_short) != NULL)
    return TRUE;
  if (n_words <= 1)
    return FALSE;
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strstr (np->all_full, words[i]) == NULL && !is_memory_size (words[i]))
      return FALSE;
  return TRUE;
}

/* Every word of the query is whole words of the product's name; a memory
 * size may be missing from it. */
static gboolean
words_match (const char *const *words,
             const char         *bounded)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && !spans_words (bounded, words[i]) && !is_memory_size (words[i]))
      return FALSE;
  return TRUE;
}

/* Several products of one compute capability: the per-SM answer is the
 * same for all of them, but not the SM count. */
static gboolean
one_capability (GPtrArray *candidates)
{
  const CuoccProduct *first = g_ptr_array_index (candidates, 0);

  for (guint i = 1; i < candidates->len; i++)
    {
      const CuoccProduct *p = g_ptr_array_index (candidates, i);

      if (p->major != first->major || p->minor != first->minor)
        return FALSE;
    }
  return TRUE;
}

static void
gpu_for_products (const char  *query,
                  GPtrArray   *candidates,
                  CuoccGpu    *gpu,
                  char       **note)
{
  const CuoccProduct *first = g_ptr_array_index (candidates, 0);
  g_autoptr(GString) list = g_string_new (NULL);

  cuocc_gpu_for_cc_numbers (first->major, first->minor, gpu, NULL);
  /* Translators: a GPU's name, e.g. "V100 (compute capability 7.0)" */
  g_snprintf (gpu->name, sizeof gpu->name, _("%s (compute capability %d.%d)"), query, first->major, first->minor);
  gpu->sm_count = 0;
  if (note == NULL)
    return;

  for (guint i = 0; i < candidates->len; i++)
    g_string_append_printf (list, "%s%s", i ? ", " : "", ((const CuoccProduct *) g_ptr_array_index (candidates, i))->name);
  *note = g_strdup_printf (_("“%s” fits several products of compute capability %d.%d (%s): the figures per SM hold "
                             "for all of them; name the product for what needs its SM count (waves, the minimum "
                             "grid for a full GPU)."),
                           query, first->major, first->minor, list->str);
}

gboolean
cuocc_gpu_find (const char  *name,
                CuoccGpu    *gpu,
                GError     **error)
{
  return cuocc_gpu_find_with_note (name, gpu, NULL, error);
}

gboolean
cuocc_gpu_find_with_note (const char  *name,
                          CuoccGpu    *gpu,
                          char       **note,
                          GError     **error)
{
  guint n;
  const CuoccProduct *products = cuocc_products (&n);
  char query_short[128];
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  g_auto(GStrv) words = NULL;
  const CuoccProduct *exact_short = NULL;
  const NormalizedProducts *normalized;
  guint n_exact_short = 0;
  guint n_words = 0;
  int major, minor;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (gpu != NULL, FALSE);

  /* Longer than any GPU's name: refused without quoting it back. */
  if (strlen (name) > GPU_NAME_MAX)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU,
                   _("A GPU name has at most %d bytes, not %zu; see cuocc --list-gpus"),
                   GPU_NAME_MAX, strlen (name));
      return FALSE;
    }

  normalized = normalized_products ();
  {
    g_autofree char *lower = g_ascii_strdown (name, -1);
    const CuoccProduct *exact = g_hash_table_lookup (normalized->by_lower_name, lower);

    if (exact != NULL)
      {
        gpu_from_product (exact, gpu);
        return TRUE;
      }
  }

  /* "Compute capability 8.6", as the app lists it, or a bare "8.6"/"sm_86". */
  if (g_ascii_strncasecmp (name, "compute capability ", 19) == 0)
    return cuocc_gpu_for_cc (name + 19, gpu, error);
  if (cuocc_parse_cc (name, &major, &minor, NULL))
    return cuocc_gpu_for_cc_numbers (major, minor, gpu, error);

  normalize_name (name, query_short, sizeof query_short, TRUE);
  if (query_short[0] == '\0')
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU,
                   _("“%s” names no GPU; see cuocc --list-gpus"), name);
      return FALSE;
    }

  /* The query's words, normalized one by one ("rtx 3080" → rtx, 3080). */
  words = g_strsplit_set (name, " -_/()", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      char w[128];

      normalize_name (words[i], w, sizeof w, TRUE);
      g_free (words[i]);
      words[i] = g_strdup (w);
      n_words += w[0] != '\0';
    }

  if (!any_product_may_match (normalized, query_short, (const char *const *) words, n_words))
    n = 0;
  for (guint i = 0; i < n; i++)
    {
      const char *bounded = normalized->names[i].bounded;

      if (strcmp (normalized->names[i].short_name, query_short) == 0)
        {
          exact_short = &products[i];
          n_exact_short++;
        }
      /* One word is the whole query, already looked for. */
      if (spans_words (bounded, query_short)
          || (n_words > 1 && words_match ((const char *const *) words, bounded)))
        g_ptr_array_add (candidates, (gpointer) &products[i]);
    }

  if (n_exact_short == 1)
    {
      gpu_from_product (exact_short, gpu);
      return TRUE;
    }
  if (candidates->len == 1)
    {
      gpu_from_product (g_ptr_array_index (candidates, 0), gpu);
      return TRUE;
    }
  if (candidates->len == 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU,
                   _("No GPU is called “%s”; see cuocc --list-gpus for the known ones, or use --cc X.Y"),
                   name);
      return FALSE;
    }
  else if (one_capability (candidates))
    {
      gpu_for_products (name, candidates, gpu, note);
      return TRUE;
    }
  else
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < candidates->len; i++)
        {
          const CuoccProduct *p = g_ptr_array_index (candidates, i);

          g_string_append_printf (list, "%s%s", i ? "; " : "", p->name);
        }
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_AMBIGUOUS_GPU,
                   _("“%s” matches several GPUs: %s"), name, list->str);
      return FALSE;
    }
}

/* ------------------------------------------------------------------ */
/* Custom devices                                                      */
/* ------------------------------------------------------------------ */

#define DEVICE_GROUP "Device"

/* Every figure a device file may give, with the range it must lie in. The
 * ranges hold every GPU NVIDIA has shipped with room to spare, and keep the
 * model's arithmetic and the graphs' point counts small whatever a file says;
 * the README's device-file section lists them. Sizes are bytes and may take
 * a K suffix; the rest are counts and may not. */
typedef struct {
  const char *key;
  gsize offset;
  int min;
  int max;
  gboolean size;
} IntKey;

#define REGS_PER_THREAD_MAX 1024
#define KEY(name, field, min, max, size) { name, G_STRUCT_OFFSET (CuoccCapability, field), min, max, size }

static const IntKey int_keys[] = {
  KEY ("warp-size", warp_size, 4, 128, FALSE),
  KEY ("max-threads-per-block", max_threads_per_block, 4, 8192, FALSE),
  KEY ("max-warps-per-sm", max_warps_per_sm, 1, 1024, FALSE),
  KEY ("max-blocks-per-sm", max_blocks_per_sm, 1, 1024, FALSE),
  KEY ("registers-per-sm", regs_per_sm, 1, 1 << 24, FALSE),
  KEY ("max-registers-per-block", max_regs_per_block, 1, 1 << 24, FALSE),
  KEY ("max-registers-per-thread", max_regs_per_thread, 1, REGS_PER_THREAD_MAX, FALSE),
  KEY ("register-allocation-unit", reg_alloc_unit, 1, 1 << 16, FALSE),
  KEY ("warp-allocation-granularity", warp_alloc_granularity, 1, 64, FALSE),
  KEY ("sub-partitions", sub_partitions, 0, 64, FALSE),
  KEY ("shared-memory-per-sm", smem_per_sm, 1, 1 << 24, TRUE),
  KEY ("shared-memory-per-block", smem_per_block, 1, 1 << 24, TRUE),
  KEY ("shared-memory-per-block-optin", smem_per_block_optin, 1, 1 << 24, TRUE),
  KEY ("shared-memory-reserved-per-block", smem_reserved_per_block, 0, 1 << 16, TRUE),
  KEY ("shared-memory-allocation-unit", smem_alloc_unit, 1, 1 << 16, TRUE),
  KEY ("barriers-per-block-slot", barriers_per_block_slot, 0, 16, FALSE),
};

#undef KEY

/* sm-count is the product's, not the capability's: 0 means unknown. */
#define SM_COUNT_MAX 65536

static const char *other_keys[] = {
  "name", "compute-capability", "base", "sm-count", "shared-memory-configs",
  "register-allocation-granularity", "partitioned-caching",
};

/* A key's text; *text stays NULL when the key is absent, and text that is
 * no UTF-8 is an error rather than an absent key. */
static gboolean
get_text (GKeyFile    *kf,
          const char  *key,
          char       **text,
          GError     **error)
{
  *text = NULL;
  if (!g_key_file_has_key (kf, DEVICE_GROUP, key, NULL))
    return TRUE;
  *text = g_key_file_get_string (kf, DEVICE_GROUP, key, error);
  if (*text == NULL)
    {
      g_prefix_error (error, "%s: ", key);
      return FALSE;
    }
  return TRUE;
}

static gboolean
key_is_known (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (int_keys); i++)
    if (strcmp (key, int_keys[i].key) == 0)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (other_keys); i++)
    if (strcmp (key, other_keys[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The known compute capability a custom device starts from: the one it
 * names as its base, else the newest one not above its own. */
static const CuoccCapability *
base_capability (GKeyFile  *kf,
                 int        major,
                 int        minor,
                 GError   **error)
{
  g_autofree char *base = NULL;
  const CuoccCapability *best = NULL;
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);

  if (!get_text (kf, "base", &base, error))
    return NULL;
  if (base != NULL)
    {
      int bmaj, bmin;

      if (!cuocc_parse_cc (base, &bmaj, &bmin, error))
        return NULL;
      best = cuocc_capability_lookup (bmaj, bmin);
      if (best == NULL)
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                     _("The base compute capability %s is not known"), base);
      return best;
    }

  for (guint i = 0; i < n; i++)
    if (caps[i].major < major || (caps[i].major == major && caps[i].minor <= minor))
      best = &caps[i];
  if (best == NULL)
    best = &caps[0];
  return best;
}

/* Sizes may carry a K suffix, like the command line's; counts may not. */
static gboolean
read_int_key (GKeyFile    *kf,
              const char  *key,
              int          min,
              int          max,
              gboolean     size,
              int         *value,
              GError     **error)
{
  g_autofree char *text = NULL;
  gint64 v;

  if (!get_text (kf, key, &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (!size)
    return cuocc_parse_int (text, key, min, max, value, error);
  if (!cuocc_parse_size (text, &v, error))
    {
      g_prefix_error (error, "%s: ", key);
      return FALSE;
    }
  if (v < min || v > max)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("%s: %s is out of range; allowed: %d to %d bytes"), key, text, min, max);
      return FALSE;
    }
  *value = (int) v;
  return TRUE;
}

static gboolean
read_smem_configs (GKeyFile         *kf,
                   CuoccCapability  *cap,
                   GError          **error)
{
  g_auto(GStrv) list = NULL;
  gsize n = 0;

  if (!g_key_file_has_key (kf, DEVICE_GROUP, "shared-memory-configs", NULL))
    return TRUE;
  list = g_key_file_get_string_list (kf, DEVICE_GROUP, "shared-memory-configs", &n, error);
  if (list == NULL)
    return FALSE;
  if (n == 0 || n > CUOCC_MAX_SMEM_CONFIGS)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("shared-memory-configs must list 1 to %d sizes"), CUOCC_MAX_SMEM_CONFIGS);
      return FALSE;
    }
  for (gsize i = 0; i < n; i++)
    {
      gint64 bytes;

      if (!cuocc_parse_size (list[i], &bytes, error))
        {
          g_prefix_error (error, "shared-memory-configs: ");
          return FALSE;
        }
      cap->smem_configs[i] = (int) bytes;
    }
  cap->n_smem_configs = (int) n;

  /* Keep them largest first, as the table does. */
  for (int i = 1; i < cap->n_smem_configs; i++)
    for (int j = i; j > 0 && cap->smem_configs[j] > cap->smem_configs[j - 1]; j--)
      {
        int t = cap->smem_configs[j];
        cap->smem_configs[j] = cap->smem_configs[j - 1];
        cap->smem_configs[j - 1] = t;
      }
  return TRUE;
}

static gboolean
is_pow2 (int v)
{
  return v > 0 && (v & (v - 1)) == 0;
}

gboolean
cuocc_capability_validate (const CuoccCapability  *cap,
                           GError                **error)
{
#define REQUIRE(cond, ...) G_STMT_START {                                   \
    if (!(cond)) {                                                          \
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, __VA_ARGS__);     \
      return FALSE;                                                         \
    } } G_STMT_END

  g_return_val_if_fail (cap != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (int_keys); i++)
    {
      int v = G_STRUCT_MEMBER (int, cap, int_keys[i].offset);

      if (int_keys[i].size)
        REQUIRE (v >= int_keys[i].min && v <= int_keys[i].max,
                 _("%s is %d; allowed: %d to %d bytes"), int_keys[i].key, v, int_keys[i].min, int_keys[i].max);
      else
        REQUIRE (v >= int_keys[i].min && v <= int_keys[i].max,
                 _("%s is %d; allowed: %d to %d"), int_keys[i].key, v, int_keys[i].min, int_keys[i].max);
    }

  REQUIRE (is_pow2 (cap->warp_size) && is_pow2 (cap->reg_alloc_unit) && is_pow2 (cap->smem_alloc_unit)
           && is_pow2 (cap->warp_alloc_granularity) && (cap->major < 3 || is_pow2 (cap->sub_partitions)),
           _("warp-size, the allocation units, warp-allocation-granularity and sub-partitions must be powers of two"));
  REQUIRE (cap->max_threads_per_block % cap->warp_size == 0,
           _("max-threads-per-block (%d) must be a multiple of warp-size (%d)"),
           cap->max_threads_per_block, cap->warp_size);
  REQUIRE (cap->max_threads_per_block / cap->warp_size <= cap->max_warps_per_sm,
           _("max-threads-per-block (%d) must fit in max-warps-per-sm (%d warps of %d threads)"),
           cap->max_threads_per_block, cap->max_warps_per_sm, cap->warp_size);
  REQUIRE (cap->max_blocks_per_sm <= cap->max_warps_per_sm,
           _("max-blocks-per-sm (%d) must be at most max-warps-per-sm (%d): a block has at least one warp"),
           cap->max_blocks_per_sm, cap->max_warps_per_sm);
  REQUIRE (cap->max_regs_per_block <= cap->regs_per_sm,
           _("max-registers-per-block (%d) must be at most registers-per-sm (%d)"),
           cap->max_regs_per_block, cap->regs_per_sm);
  REQUIRE (cap->reg_alloc_unit <= cap->max_regs_per_block && cap->regs_per_sm % cap->reg_alloc_unit == 0,
           _("register-allocation-unit (%d) must divide registers-per-sm (%d) and be at most max-registers-per-block (%d)"),
           cap->reg_alloc_unit, cap->regs_per_sm, cap->max_regs_per_block);
  REQUIRE (cap->warp_alloc_granularity <= cap->max_warps_per_sm
           && cap->max_warps_per_sm % cap->warp_alloc_granularity == 0,
           _("max-warps-per-sm (%d) must be a multiple of warp-allocation-granularity (%d)"),
           cap->max_warps_per_sm, cap->warp_alloc_granularity);
  if (cap->major >= 3)
    {
      REQUIRE (cap->sub_partitions >= 2 && cap->regs_per_sm % cap->sub_partitions == 0,
               _("sub-partitions must be a positive even number that divides registers-per-sm"));
      REQUIRE (cap->max_warps_per_sm % cap->sub_partitions == 0,
               _("max-warps-per-sm (%d) must be a multiple of sub-partitions (%d): every sub-partition holds the same warps"),
               cap->max_warps_per_sm, cap->sub_partitions);
    }
  REQUIRE (cap->n_smem_configs >= 1 && cap->n_smem_configs <= CUOCC_MAX_SMEM_CONFIGS,
           _("shared-memory-configs must list 1 to %d sizes"), CUOCC_MAX_SMEM_CONFIGS);
  for (int i = 0; i < cap->n_smem_configs; i++)
    {
      REQUIRE (cap->smem_configs[i] >= 0 && cap->smem_configs[i] <= cap->smem_per_sm,
               _("shared memory configuration %d is above shared-memory-per-sm (%d)"),
               cap->smem_configs[i], cap->smem_per_sm);
      REQUIRE (i == 0 || cap->smem_configs[i] < cap->smem_configs[i - 1],
               _("shared-memory-configs lists %d twice"), cap->smem_configs[i]);
    }
  REQUIRE (cap->smem_configs[0] == cap->smem_per_sm,
           _("the largest shared memory configuration must equal shared-memory-per-sm"));
  REQUIRE (cap->smem_per_block_optin >= cap->smem_per_block,
           _("shared-memory-per-block must be positive and at most shared-memory-per-block-optin"));
  REQUIRE (cap->smem_per_block_optin <= cap->smem_per_sm,
           _("shared-memory-per-block-optin must fit in shared-memory-per-sm"));
  REQUIRE (cap->smem_alloc_unit <= cap->smem_per_sm,
           _("shared-memory-allocation-unit (%d) must be at most shared-memory-per-sm (%d)"),
           cap->smem_alloc_unit, cap->smem_per_sm);
  REQUIRE (cap->regs_per_thread_accepted >= cap->max_regs_per_thread
           && cap->regs_per_thread_accepted <= 2 * REGS_PER_THREAD_MAX,
           _("the accepted registers per thread (%d) must be from max-registers-per-thread (%d) to %d"),
           cap->regs_per_thread_accepted, cap->max_regs_per_thread, 2 * REGS_PER_THREAD_MAX);
  return TRUE;
#undef REQUIRE
}

gboolean
cuocc_gpu_load_data (const char  *data,
                     gsize        length,
                     CuoccGpu    *gpu,
                     GError     **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_auto(GStrv) keys = NULL;
  g_autofree char *cc = NULL;
  g_autofree char *name = NULL;
  g_autofree char *granularity = NULL;
  const CuoccCapability *base;
  CuoccGpu result;
  int major, minor;

  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (gpu != NULL, FALSE);

  if (!g_key_file_load_from_data (kf, data, length, G_KEY_FILE_NONE, error))
    return FALSE;
  if (!g_key_file_has_group (kf, DEVICE_GROUP))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("A device file needs a [Device] group"));
      return FALSE;
    }
  keys = g_key_file_get_keys (kf, DEVICE_GROUP, NULL, error);
  if (keys == NULL)
    return FALSE;
  for (guint i = 0; keys[i] != NULL; i++)
    if (!key_is_known (keys[i]))
      {
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                     _("Unknown key “%s” in the device file"), keys[i]);
        return FALSE;
      }

  if (!get_text (kf, "compute-capability", &cc, error))
    return FALSE;
  if (cc == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("A device file needs compute-capability=X.Y"));
      return FALSE;
    }
  if (!cuocc_parse_cc (cc, &major, &minor, error))
    return FALSE;
  base = base_capability (kf, major, minor, error);
  if (base == NULL)
    return FALSE;

  memset (&result, 0, sizeof result);
  result.cap = *base;
  result.cap.major = major;
  result.cap.minor = minor;
  result.cap.source = "custom device file";
  result.cap.notes = NULL;
  if (major != base->major || minor != base->minor)
    {
      /* Translators: the architecture of a custom GPU, e.g. "based on 12.1" */
      g_autofree char *based_on = g_strdup_printf (_("based on %d.%d"), base->major, base->minor);

      /* Not the base's architecture: a compute capability beyond the
       * table may be a new one. Interned, as the table's names are static. */
      result.cap.architecture = g_intern_string (based_on);
    }
  /* Another GPU: its base's cap of blocks per SM under clusters was not seen on it. */
  result.cap.cluster_cap_source = NULL;

  if (!get_text (kf, "name", &name, error))
    return FALSE;
  cuocc_utf8_strlcpy (result.name, name != NULL ? name : cc, sizeof result.name);
  if (!read_int_key (kf, "sm-count", 1, SM_COUNT_MAX, FALSE, &result.sm_count, error))
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (int_keys); i++)
    if (!read_int_key (kf, int_keys[i].key, int_keys[i].min, int_keys[i].max, int_keys[i].size,
                       G_STRUCT_MEMBER_P (&result.cap, int_keys[i].offset), error))
      return FALSE;
  result.cap.regs_per_thread_accepted = MAX (result.cap.max_regs_per_thread,
                                             base->regs_per_thread_accepted - base->max_regs_per_thread
                                             + result.cap.max_regs_per_thread);
  if (!read_smem_configs (kf, &result.cap, error))
    return FALSE;

  if (!get_text (kf, "register-allocation-granularity", &granularity, error))
    return FALSE;
  if (granularity != NULL)
    {
      if (g_ascii_strcasecmp (granularity, "warp") == 0)
        result.cap.reg_alloc_granularity = CUOCC_ALLOC_WARP;
      else if (g_ascii_strcasecmp (granularity, "block") == 0)
        result.cap.reg_alloc_granularity = CUOCC_ALLOC_BLOCK;
      else
        {
          g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                       _("register-allocation-granularity must be warp or block, not “%s”"), granularity);
          return FALSE;
        }
    }
  if (g_key_file_has_key (kf, DEVICE_GROUP, "partitioned-caching", NULL))
    {
      GError *local = NULL;

      result.cap.partitioned_caching = g_key_file_get_boolean (kf, DEVICE_GROUP, "partitioned-caching", &local);
      if (local != NULL)
        {
          g_propagate_prefixed_error (error, local, "partitioned-caching: ");
          return FALSE;
        }
    }

  if (!cuocc_capability_validate (&result.cap, error))
    return FALSE;

  *gpu = result;
  return TRUE;
}

gboolean
cuocc_gpu_load_file (const char  *path,
                     CuoccGpu    *gpu,
                     GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, FALSE);

  /* A device file is a few hundred bytes. */
  if (!cuocc_file_read (path, 64 * 1024, &contents, &length, error))
    return FALSE;
  if (!cuocc_gpu_load_data (contents, length, gpu, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}
