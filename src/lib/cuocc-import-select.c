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

/* A kernel's entries share file and mangled name (the name where none is
 * mangled). Hashed once a kernel, without copies: 57,600 entries' keys,
 * concatenated, hashed and looked up twice, cost this function more than
 * the rest, and the command line selects twice (before assembling PTX, and
 * for the table). */
typedef struct {
  guint hash;
  const char *file;
  const char *name;
} KernelKey;

static guint
kernel_key_hash (gconstpointer p)
{
  return ((const KernelKey *) p)->hash;
}

static gboolean
kernel_key_equal (gconstpointer a, gconstpointer b)
{
  const KernelKey *x = a;
  const KernelKey *y = b;

  return x->hash == y->hash && strcmp (x->name, y->name) == 0 && strcmp (x->file, y->file) == 0;
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
  g_autoptr (GHashTable) first = NULL;  /* key (in keys) → index + 1 of the kernel's first entry */
  g_autofree gint64 *ranks = NULL;
  g_autofree KernelKey *keys = NULL;
  g_autofree guint *group = NULL;      /* an entry's kernel: the index of its first entry */
  g_autofree guint *best = NULL;       /* at a kernel's first entry: its best entry so far */
  const char *last_file = NULL;
  guint file_hash = 0;

  g_return_if_fail (list != NULL);

  if (major <= 0)
    {
      for (guint i = 0; i < list->n_kernels; i++)
        list->kernels[i].loaded = CUOCC_LOAD_UNKNOWN;
      return;
    }

  first = g_hash_table_new (kernel_key_hash, kernel_key_equal);
  ranks = g_new (gint64, list->n_kernels);
  keys = g_new (KernelKey, list->n_kernels);
  group = g_new (guint, list->n_kernels);
  best = g_new (guint, list->n_kernels);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];
      const char *name = k->mangled != NULL && k->mangled[0] != '\0' ? k->mangled : k->name;
      const char *file = k->file != NULL ? k->file : "";
      gpointer found;
      guint g;

      if (file != last_file)
        {
          last_file = file;
          file_hash = g_str_hash (file);
        }
      keys[i].file = file;
      keys[i].name = name != NULL ? name : "";
      keys[i].hash = g_str_hash (keys[i].name) * 31 + file_hash;
      ranks[i] = entry_rank (k, major, minor);
      if ((found = g_hash_table_lookup (first, &keys[i])) != NULL)
        g = GPOINTER_TO_UINT (found) - 1;
      else
        {
          g = i;
          best[g] = i;
          g_hash_table_insert (first, &keys[i], GUINT_TO_POINTER (i + 1));
        }
      group[i] = g;
      if (ranks[i] > ranks[best[g]])
        best[g] = i;
    }

  for (guint i = 0; i < list->n_kernels; i++)
    {
      CuoccKernel *k = &list->kernels[i];
      guint chosen = best[group[i]];

      if (k->arch == NULL || k->cc_major <= 0)
        k->loaded = CUOCC_LOAD_UNKNOWN;
      else if (ranks[chosen] == 0)
        k->loaded = CUOCC_LOAD_NONE;
      else
        k->loaded = chosen == i ? CUOCC_LOAD_YES : CUOCC_LOAD_OTHER;
    }
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
