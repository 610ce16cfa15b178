/* cuocc-import-diff.c — two builds' kernels, entry by entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-import-private.h"

/* "kind\narch\nname\nn": the n-th entry of this kernel, architecture and kind. */
static char *
pair_key (const CuoccKernel *k, GHashTable *seen)
{
  const char *name = k->mangled != NULL && k->mangled[0] != '\0' ? k->mangled : k->name;
  g_autofree char *base = g_strdup_printf ("%d\n%s\n%s", k->code, k->arch != NULL ? k->arch : "",
                                           name != NULL ? name : "");
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (seen, base));

  g_hash_table_replace (seen, g_strdup (base), GUINT_TO_POINTER (n + 1));
  return g_strdup_printf ("%s\n%u", base, n);
}

/**
 * cuocc_kernel_resources_equal:
 * @a: an entry
 * @b: another entry
 *
 * Compares two entries' resources, for comparing builds.
 *
 * Returns: whether @a and @b have the same resource usage and declarations
 */
gboolean
cuocc_kernel_resources_equal (const CuoccKernel *a, const CuoccKernel *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->regs == b->regs && a->smem == b->smem && a->barriers == b->barriers && a->stack == b->stack &&
         a->spill_stores == b->spill_stores && a->spill_loads == b->spill_loads && a->lmem == b->lmem &&
         a->max_threads == b->max_threads && a->min_blocks == b->min_blocks && a->max_regs == b->max_regs &&
         memcmp (a->cluster_dims, b->cluster_dims, sizeof a->cluster_dims) == 0 &&
         a->block_size == b->block_size && a->dynamic_smem == b->dynamic_smem;
}

/**
 * cuocc_kernel_list_diff: (skip)
 * @before: the old build's entries
 * @after: the new build's entries
 * @n_pairs: (out): the number of pairs
 *
 * Pairs the entries of two builds by kernel (mangled name, else name),
 * architecture and code kind, whatever file they came from; the n-th entry of
 * a kind in one build goes with the n-th in the other. Every entry is in one
 * pair: the new build's order, then what vanished.
 *
 * Returns: (transfer container) (array length=n_pairs): the pairs, which
 *   point into @before and @after; free with g_free()
 */
CuoccKernelPair *
cuocc_kernel_list_diff (const CuoccKernelList *before, const CuoccKernelList *after, guint *n_pairs)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) old_index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree gboolean *matched = NULL;
  CuoccKernelPair *pairs;
  guint n = 0;

  g_return_val_if_fail (before != NULL && after != NULL && n_pairs != NULL, NULL);

  for (guint i = 0; i < before->n_kernels; i++)
    g_hash_table_insert (old_index, pair_key (&before->kernels[i], seen), GUINT_TO_POINTER (i + 1));
  g_hash_table_remove_all (seen);

  matched = g_new0 (gboolean, before->n_kernels);
  pairs = g_new0 (CuoccKernelPair, (gsize) before->n_kernels + after->n_kernels + 1);
  for (guint i = 0; i < after->n_kernels; i++)
    {
      g_autofree char *key = pair_key (&after->kernels[i], seen);
      guint found = GPOINTER_TO_UINT (g_hash_table_lookup (old_index, key));
      CuoccKernelPair *pair = &pairs[n++];

      pair->after = &after->kernels[i];
      if (found == 0)
        {
          pair->change = CUOCC_KERNEL_ADDED;
          continue;
        }
      matched[found - 1] = TRUE;
      pair->before = &before->kernels[found - 1];
      pair->change = cuocc_kernel_resources_equal (pair->before, pair->after) ? CUOCC_KERNEL_SAME
                                                                             : CUOCC_KERNEL_CHANGED;
    }
  for (guint i = 0; i < before->n_kernels; i++)
    if (!matched[i])
      pairs[n++] = (CuoccKernelPair) { CUOCC_KERNEL_REMOVED, &before->kernels[i], NULL };
  *n_pairs = n;
  return pairs;
}
