/* cuocc-import-select.c — which entry of each kernel the CUDA driver loads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules follow the CUDA C++ Programming Guide (CUDA 12.9 and later),
 * "Compute Capability and Streaming Multiprocessor Versions" and appendix
 * "Compute Capabilities", "Feature Availability":
 *   - SASS (cubin) for sm_XY runs on GPUs of the same major version X whose
 *     minor version is Y or higher; never across major versions.
 *   - Architecture-specific SASS or PTX (sm_XYa, compute_XYa) runs only on
 *     compute capability X.Y exactly.
 *   - Family-specific SASS or PTX (sm_XYf, compute_XYf) runs on the devices
 *     of family X with a minor version of Y or higher: sm_100f on 10.0,
 *     10.3 and 10.7 (Rubin, CUDA 13.4, which runs the SM103 instruction set),
 *     sm_103f on 10.3 and 10.7, sm_110f on 11.0, sm_120f on 12.0 and 12.1.
 *   - Plain PTX for compute_XY is compiled by the driver (JIT) for any GPU
 *     of compute capability X.Y or higher.
 * The driver prefers SASS that can run over PTX, the highest architecture
 * among them, and at equal compute capability the most specific code.
 */
#include "config.h"

#include <string.h>

#include "cuocc-import-private.h"

typedef enum {
  VARIANT_PLAIN,
  VARIANT_FAMILY,
  VARIANT_SPECIFIC,
} Variant;

static Variant
arch_variant (const char *arch)
{
  gsize len = strlen (arch);

  if (len > 0 && arch[len - 1] == 'a')
    return VARIANT_SPECIFIC;
  if (len > 0 && arch[len - 1] == 'f')
    return VARIANT_FAMILY;
  return VARIANT_PLAIN;
}

static gboolean
entry_runs (const CuoccKernel *k, Variant variant, int major, int minor)
{
  gboolean same_major = k->cc_major == major;

  switch (variant)
    {
    case VARIANT_SPECIFIC:
      return same_major && k->cc_minor == minor;
    case VARIANT_FAMILY:
      return same_major && k->cc_minor <= minor;
    case VARIANT_PLAIN:
    default:
      if (k->code == CUOCC_CODE_PTX)
        return k->cc_major < major || (same_major && k->cc_minor <= minor);
      return same_major && k->cc_minor <= minor;
    }
}

/* Larger is preferred; 0: the entry cannot run, or says no architecture. */
static gint64
entry_rank (const CuoccKernel *k, int major, int minor)
{
  Variant variant;
  gint64 rank;

  if (k->arch == NULL || k->cc_major <= 0)
    return 0;
  variant = arch_variant (k->arch);
  if (!entry_runs (k, variant, major, minor))
    return 0;
  rank = ((gint64) k->cc_major * 100 + k->cc_minor) * 4 + variant + 1;
  return k->code == CUOCC_CODE_SASS ? rank + (G_GINT64_CONSTANT (1) << 32) : rank;
}

static char *
kernel_key (const CuoccKernel *k)
{
  const char *name = k->mangled != NULL && k->mangled[0] != '\0' ? k->mangled : k->name;

  return g_strconcat (k->file != NULL ? k->file : "", "\n", name != NULL ? name : "", NULL);
}

/**
 * cuocc_kernel_list_select:
 * @list: the kernels
 * @major: the GPU's major version, or 0
 * @minor: the GPU's minor version
 *
 * Marks in each kernel's #CuoccKernel.loaded the entry the CUDA driver would
 * load on a GPU of compute capability @major.@minor: the SASS of the highest
 * architecture of the same major version not above it ("a" entries only on
 * exactly that capability, "f" entries on their family), else the PTX of the
 * highest virtual architecture not above it. Entries of one kernel share file
 * and mangled name. @major 0 clears every mark to %CUOCC_LOAD_UNKNOWN.
 */
void
cuocc_kernel_list_select (CuoccKernelList *list, int major, int minor)
{
  g_autoptr (GHashTable) best = NULL;   /* key (owned by keys) → index + 1 of the best entry so far */
  g_autofree gint64 *ranks = NULL;
  g_autofree char **keys = NULL;

  g_return_if_fail (list != NULL);

  if (major <= 0)
    {
      for (guint i = 0; i < list->n_kernels; i++)
        list->kernels[i].loaded = CUOCC_LOAD_UNKNOWN;
      return;
    }

  best = g_hash_table_new (g_str_hash, g_str_equal);
  ranks = g_new (gint64, list->n_kernels);
  keys = g_new0 (char *, list->n_kernels);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      gpointer found;

      keys[i] = kernel_key (&list->kernels[i]);
      ranks[i] = entry_rank (&list->kernels[i], major, minor);
      if (!g_hash_table_lookup_extended (best, keys[i], NULL, &found) ||
          ranks[i] > ranks[GPOINTER_TO_UINT (found) - 1])
        g_hash_table_insert (best, keys[i], GUINT_TO_POINTER (i + 1));
    }

  for (guint i = 0; i < list->n_kernels; i++)
    {
      CuoccKernel *k = &list->kernels[i];
      guint chosen = GPOINTER_TO_UINT (g_hash_table_lookup (best, keys[i])) - 1;

      if (k->arch == NULL || k->cc_major <= 0)
        k->loaded = CUOCC_LOAD_UNKNOWN;
      else if (ranks[chosen] == 0)
        k->loaded = CUOCC_LOAD_NONE;
      else
        k->loaded = chosen == i ? CUOCC_LOAD_YES : CUOCC_LOAD_OTHER;
    }
  for (guint i = 0; i < list->n_kernels; i++)
    g_free (keys[i]);
}

/**
 * cuocc_kernel_runs_on:
 * @kernel: an entry
 * @major: the GPU's major version
 * @minor: the GPU's minor version
 *
 * Whether an entry can run on a GPU at all.
 *
 * Returns: whether the entry can run on a GPU of compute capability
 *   @major.@minor at all (its SASS there, or its PTX compiled there), by the
 *   rules of cuocc_kernel_list_select()
 */
gboolean
cuocc_kernel_runs_on (const CuoccKernel *kernel, int major, int minor)
{
  g_return_val_if_fail (kernel != NULL, FALSE);

  return entry_rank (kernel, major, minor) > 0;
}
