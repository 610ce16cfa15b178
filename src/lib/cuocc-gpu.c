/* cuocc-gpu.c — finding a GPU by name or compute capability, and custom devices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

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

/* Every word of the query appears in the product's name. */
static gboolean
words_match (const char *const *words,
             const char         *full)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strstr (full, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

gboolean
cuocc_gpu_find (const char  *name,
                CuoccGpu    *gpu,
                GError     **error)
{
  guint n;
  const CuoccProduct *products = cuocc_products (&n);
  char query_short[128];
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  g_auto(GStrv) words = NULL;
  const CuoccProduct *exact_short = NULL;
  guint n_exact_short = 0;
  int major, minor;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (gpu != NULL, FALSE);

  for (guint i = 0; i < n; i++)
    if (g_ascii_strcasecmp (products[i].name, name) == 0)
      {
        gpu_from_product (&products[i], gpu);
        return TRUE;
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
    }

  for (guint i = 0; i < n; i++)
    {
      char full[128], short_name[128];

      normalize_name (products[i].name, full, sizeof full, FALSE);
      normalize_name (products[i].name, short_name, sizeof short_name, TRUE);
      if (strcmp (short_name, query_short) == 0)
        {
          exact_short = &products[i];
          n_exact_short++;
        }
      if (strstr (full, query_short) != NULL || words_match ((const char *const *) words, full))
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

typedef struct {
  const char *key;
  gsize offset;
} IntKey;

static const IntKey int_keys[] = {
  { "warp-size", G_STRUCT_OFFSET (CuoccCapability, warp_size) },
  { "max-threads-per-block", G_STRUCT_OFFSET (CuoccCapability, max_threads_per_block) },
  { "max-warps-per-sm", G_STRUCT_OFFSET (CuoccCapability, max_warps_per_sm) },
  { "max-blocks-per-sm", G_STRUCT_OFFSET (CuoccCapability, max_blocks_per_sm) },
  { "registers-per-sm", G_STRUCT_OFFSET (CuoccCapability, regs_per_sm) },
  { "max-registers-per-block", G_STRUCT_OFFSET (CuoccCapability, max_regs_per_block) },
  { "max-registers-per-thread", G_STRUCT_OFFSET (CuoccCapability, max_regs_per_thread) },
  { "register-allocation-unit", G_STRUCT_OFFSET (CuoccCapability, reg_alloc_unit) },
  { "warp-allocation-granularity", G_STRUCT_OFFSET (CuoccCapability, warp_alloc_granularity) },
  { "sub-partitions", G_STRUCT_OFFSET (CuoccCapability, sub_partitions) },
  { "shared-memory-per-sm", G_STRUCT_OFFSET (CuoccCapability, smem_per_sm) },
  { "shared-memory-per-block", G_STRUCT_OFFSET (CuoccCapability, smem_per_block) },
  { "shared-memory-per-block-optin", G_STRUCT_OFFSET (CuoccCapability, smem_per_block_optin) },
  { "shared-memory-reserved-per-block", G_STRUCT_OFFSET (CuoccCapability, smem_reserved_per_block) },
  { "shared-memory-allocation-unit", G_STRUCT_OFFSET (CuoccCapability, smem_alloc_unit) },
  { "barriers-per-block-slot", G_STRUCT_OFFSET (CuoccCapability, barriers_per_block_slot) },
};

static const char *other_keys[] = {
  "name", "compute-capability", "base", "sm-count", "shared-memory-configs",
  "register-allocation-granularity", "partitioned-caching",
};

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
  g_autofree char *base = g_key_file_get_string (kf, DEVICE_GROUP, "base", NULL);
  const CuoccCapability *best = NULL;
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);

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

/* Sizes may carry a K suffix, like the command line's. */
static gboolean
read_int_key (GKeyFile    *kf,
              const char  *key,
              int         *value,
              GError     **error)
{
  g_autofree char *text = g_key_file_get_string (kf, DEVICE_GROUP, key, NULL);
  gint64 v;

  if (text == NULL)
    return TRUE;
  if (!cuocc_parse_size (text, &v, error))
    {
      g_prefix_error (error, "%s: ", key);
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

  REQUIRE (cap->warp_size > 0 && cap->warp_size <= 1024, _("warp-size must be 1 to 1024"));
  REQUIRE (cap->max_threads_per_block > 0, _("max-threads-per-block must be positive"));
  REQUIRE (cap->max_warps_per_sm > 0 && cap->max_warps_per_sm <= 4096, _("max-warps-per-sm must be 1 to 4096"));
  REQUIRE (cap->max_blocks_per_sm > 0 && cap->max_blocks_per_sm <= 4096, _("max-blocks-per-sm must be 1 to 4096"));
  REQUIRE (cap->regs_per_sm > 0, _("registers-per-sm must be positive"));
  REQUIRE (cap->max_regs_per_block > 0 && cap->max_regs_per_block <= cap->regs_per_sm,
           _("max-registers-per-block must be positive and at most registers-per-sm"));
  REQUIRE (cap->max_regs_per_thread > 0 && cap->max_regs_per_thread <= 65536, _("max-registers-per-thread must be 1 to 65536"));
  REQUIRE (cap->reg_alloc_unit > 0, _("register-allocation-unit must be positive"));
  REQUIRE (cap->warp_alloc_granularity > 0, _("warp-allocation-granularity must be positive"));
  REQUIRE (cap->major < 3 || (cap->sub_partitions > 0 && cap->sub_partitions % 2 == 0
                              && cap->regs_per_sm % cap->sub_partitions == 0),
           _("sub-partitions must be a positive even number that divides registers-per-sm"));
  REQUIRE (cap->smem_per_sm >= 0, _("shared-memory-per-sm must not be negative"));
  REQUIRE (cap->n_smem_configs >= 1 && cap->n_smem_configs <= CUOCC_MAX_SMEM_CONFIGS,
           _("shared-memory-configs must list 1 to %d sizes"), CUOCC_MAX_SMEM_CONFIGS);
  for (int i = 0; i < cap->n_smem_configs; i++)
    REQUIRE (cap->smem_configs[i] >= 0 && cap->smem_configs[i] <= cap->smem_per_sm,
             _("shared memory configuration %d is above shared-memory-per-sm (%d)"),
             cap->smem_configs[i], cap->smem_per_sm);
  REQUIRE (cap->smem_configs[0] == cap->smem_per_sm,
           _("the largest shared memory configuration must equal shared-memory-per-sm"));
  REQUIRE (cap->smem_per_block > 0 && cap->smem_per_block_optin >= cap->smem_per_block,
           _("shared-memory-per-block must be positive and at most shared-memory-per-block-optin"));
  REQUIRE (cap->smem_per_block_optin <= cap->smem_per_sm,
           _("shared-memory-per-block-optin must fit in shared-memory-per-sm"));
  REQUIRE (cap->smem_reserved_per_block >= 0, _("shared-memory-reserved-per-block must not be negative"));
  REQUIRE (cap->smem_alloc_unit > 0, _("shared-memory-allocation-unit must be positive"));
  REQUIRE (is_pow2 (cap->warp_size) && is_pow2 (cap->reg_alloc_unit) && is_pow2 (cap->smem_alloc_unit)
           && is_pow2 (cap->warp_alloc_granularity) && (cap->major < 3 || is_pow2 (cap->sub_partitions)),
           _("warp-size, the allocation units, warp-allocation-granularity and sub-partitions must be powers of two"));
  REQUIRE (cap->barriers_per_block_slot >= 0 && cap->barriers_per_block_slot <= 16,
           _("barriers-per-block-slot must be 0 to 16"));
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

  cc = g_key_file_get_string (kf, DEVICE_GROUP, "compute-capability", NULL);
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

  name = g_key_file_get_string (kf, DEVICE_GROUP, "name", NULL);
  g_strlcpy (result.name, name != NULL ? name : cc, sizeof result.name);
  if (!read_int_key (kf, "sm-count", &result.sm_count, error))
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (int_keys); i++)
    if (!read_int_key (kf, int_keys[i].key, G_STRUCT_MEMBER_P (&result.cap, int_keys[i].offset), error))
      return FALSE;
  result.cap.regs_per_thread_accepted = MAX (result.cap.max_regs_per_thread,
                                             base->regs_per_thread_accepted - base->max_regs_per_thread
                                             + result.cap.max_regs_per_thread);
  if (!read_smem_configs (kf, &result.cap, error))
    return FALSE;

  granularity = g_key_file_get_string (kf, DEVICE_GROUP, "register-allocation-granularity", NULL);
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

  if (!g_file_get_contents (path, &contents, &length, error))
    return FALSE;
  if (!cuocc_gpu_load_data (contents, length, gpu, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

const char *
cuocc_limit_name (CuoccLimit limit)
{
  switch (limit)
    {
    case CUOCC_LIMIT_WARPS: return "warps";
    case CUOCC_LIMIT_REGISTERS: return "registers";
    case CUOCC_LIMIT_SHARED_MEMORY: return "shared_memory";
    case CUOCC_LIMIT_BLOCKS: return "blocks";
    case CUOCC_LIMIT_BARRIERS: return "barriers";
    default: return NULL;
    }
}

char *
cuocc_limiters_to_string (guint limiters)
{
  GString *s = g_string_new (NULL);

  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    if (limiters & (1u << bit))
      {
        if (s->len > 0)
          g_string_append_c (s, '|');
        g_string_append (s, cuocc_limit_name (1u << bit));
      }
  return g_string_free (s, FALSE);
}

const char *
cuocc_caching_name (CuoccCaching caching)
{
  switch (caching)
    {
    case CUOCC_CACHING_OFF: return "off";
    case CUOCC_CACHING_ON: return "on";
    case CUOCC_CACHING_STRICT: return "strict";
    default: return NULL;
    }
}

gboolean
cuocc_caching_parse (const char    *text,
                     CuoccCaching  *caching,
                     GError       **error)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (int c = CUOCC_CACHING_OFF; c <= CUOCC_CACHING_STRICT; c++)
    if (g_ascii_strcasecmp (text, cuocc_caching_name (c)) == 0)
      {
        *caching = c;
        return TRUE;
      }
  g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
               _("“%s” is not a global caching mode; allowed: off, on, strict"), text);
  return FALSE;
}

char *
cuocc_warnings_to_string (const CuoccGpu    *gpu,
                          const CuoccInput  *input,
                          const CuoccResult *result)
{
  const CuoccCapability *cap = &gpu->cap;
  GString *s = g_string_new (NULL);
  guint w = result->warnings;

#define ADD(...) G_STMT_START {                     \
    if (s->len > 0) g_string_append_c (s, '\n');    \
    g_string_append_printf (s, __VA_ARGS__);        \
  } G_STMT_END

  if (w & CUOCC_WARN_THREADS_EXCEED_BLOCK)
    ADD (_("Cannot launch: %d threads per block is more than the %d that compute capability %d.%d allows."),
         input->threads, cap->max_threads_per_block, cap->major, cap->minor);
  if (w & CUOCC_WARN_REGS_EXCEED_THREAD)
    ADD (_("Cannot launch: %d registers per thread is more than the %d that compute capability %d.%d allows."),
         input->regs, cap->max_regs_per_thread, cap->major, cap->minor);
  if (w & CUOCC_WARN_REGS_EXCEED_BLOCK)
    ADD (_("Cannot launch: a block needs %d registers, more than the %d one block may use."),
         result->regs_per_block, cap->max_regs_per_block);
  if (w & CUOCC_WARN_SMEM_EXCEED_BLOCK)
    ADD (_("Cannot launch: a block needs %lld bytes of shared memory, more than the %d that compute capability %d.%d allows per block."),
         (long long) result->smem_per_block, cap->smem_per_block_optin + cap->smem_reserved_per_block, cap->major, cap->minor);
  if (w & CUOCC_WARN_REGS_ABOVE_HARDWARE)
    ADD (_("%d registers per thread is above the hardware's %d; the compiler never assigns that many."),
         input->regs, cap->max_regs_per_thread);
  if (w & CUOCC_WARN_SMEM_CONFIG_RAISED)
    ADD (_("The shared memory configuration is raised to %lld bytes, since one block needs %lld."),
         (long long) result->smem_config, (long long) result->smem_per_block);
  if (w & CUOCC_WARN_CACHING_DISABLED)
    ADD (_("Partitioned global caching is turned off: a block does not fit in half an SM."));
  if (w & CUOCC_WARN_PARTIAL_WARP)
    ADD (_("%d threads per block is not a multiple of the warp size (%d); the last warp is partly idle."),
         input->threads, cap->warp_size);
  if (w & CUOCC_WARN_CARVEOUT_PREFERENCE)
    ADD (_("The carveout of %d %% (%lld bytes of shared memory) limits occupancy, but it is a preference, "
           "not a guarantee: the driver may grant more shared memory and run more blocks."),
         input->carveout, (long long) result->smem_config);
#undef ADD

  return g_string_free (s, FALSE);
}
