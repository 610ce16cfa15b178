/* cuocc-gpu-device.c — custom devices: a GPU described in a key file,
 * starting from a known compute capability, and the checks that keep the
 * model's arithmetic sound whatever the file says.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

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

/**
 * cuocc_capability_validate:
 * @cap: the figures of a compute capability
 * @error: return location for a #GError
 *
 * Checks that every figure lies in its range, that the units the model
 * rounds to are powers of two and that the limits agree with each other, as a
 * custom device needs before the model may use it.
 *
 * Returns: %TRUE when @cap is consistent; %FALSE with %CUOCC_ERROR_PARSE
 *   naming the first figure that is not
 */
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

/**
 * cuocc_gpu_load_data:
 * @data: (array length=length): the text of a device file
 * @length: the length of @data
 * @gpu: (out caller-allocates): the GPU
 * @error: return location for a #GError
 *
 * Reads a custom device: a key file with a `[Device]` group that names a
 * compute-capability to start from and the figures that differ from it.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_PARSE saying which key
 *   is wrong and what is allowed
 */
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
  _cuocc_utf8_strlcpy (result.name, name != NULL ? name : cc, sizeof result.name);
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

/**
 * cuocc_gpu_load_file:
 * @path: the device file
 * @gpu: (out caller-allocates): the GPU
 * @error: return location for a #GError
 *
 * Like cuocc_gpu_load_data(), reading the file first.
 *
 * Returns: %TRUE on success; %FALSE with @error set, its message starting
 *   with @path
 */
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
