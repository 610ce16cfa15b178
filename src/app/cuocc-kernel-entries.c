/* cuocc-kernel-entries.c — the entries of a read, shared by the kernels
 * table's items and copied as read by a worker.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list a read gave is shared by its items (cuocc_kernel_item_list_new ();
 * an atomic reference count: the items are made in the loader's thread).
 * A worker may copy its entries as they were read (cuocc_kernel_entries_copy ())
 * while the main thread goes on with the items, which write two things in
 * them: whether each loads (cuocc_kernel_item_set_loaded ()), which the copy
 * never reads, and what ptxas gave (the figures, figures_from, ptx_problem),
 * which they write under the lock, keeping the figures as read in
 * read[entry] meanwhile (cuocc_kernel_entries_set_read ()). The copy takes
 * the lock a slice of entries at a time, so that the main thread waits at
 * most for one slice: handing a worker the entries costs the main thread a
 * reference, where copying 57,600 of them there took 6 to 100 ms.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "cuocc-kernel-entries.h"

struct _CuoccKernelEntries {
  CuoccKernelList *list;
  GMutex lock;
  CuoccKernel **read;              /* [entry]: its figures as read, while ptxas's replace them; NULL: none */
};

/* The entries cuocc_kernel_entries_copy () copies under the lock at a time
 * (about 1 MB: a fraction of a millisecond the main thread may wait). */
#define COPY_SLICE 4096

static void
entries_clear (CuoccKernelEntries *entries)
{
  cuocc_kernel_list_free (entries->list);
  g_free (entries->read);
  g_mutex_clear (&entries->lock);
}

/* Takes @list. */
CuoccKernelEntries *
cuocc_kernel_entries_new (CuoccKernelList *list)
{
  CuoccKernelEntries *entries = g_atomic_rc_box_new0 (CuoccKernelEntries);

  entries->list = list;
  g_mutex_init (&entries->lock);
  return entries;
}

CuoccKernelEntries *
cuocc_kernel_entries_acquire (CuoccKernelEntries *entries)
{
  return g_atomic_rc_box_acquire (entries);
}

void
cuocc_kernel_entries_release (CuoccKernelEntries *entries)
{
  if (entries != NULL)
    g_atomic_rc_box_release_full (entries, (GDestroyNotify) entries_clear);
}

/* @store's items are the entries', in their order; the store keeps them. */
void
cuocc_kernel_entries_set_store (CuoccKernelEntries *entries,
                                GListStore         *store)
{
  g_object_set_data_full (G_OBJECT (store), "cuocc-kernel-entries", entries,
                          (GDestroyNotify) cuocc_kernel_entries_release);
}

/* The entries of a store that cuocc_kernel_item_list_new () made, in its
 * order (a reference: cuocc_kernel_entries_release ()); NULL for a store of
 * other items. O(1), for the main thread. */
CuoccKernelEntries *
cuocc_kernel_entries_of_store (GListModel *store)
{
  CuoccKernelEntries *entries;

  g_return_val_if_fail (G_IS_LIST_MODEL (store), NULL);

  entries = g_object_get_data (G_OBJECT (store), "cuocc-kernel-entries");
  if (entries == NULL || entries->list->n_kernels != g_list_model_get_n_items (store))
    return NULL;
  return cuocc_kernel_entries_acquire (entries);
}

void
cuocc_kernel_entries_lock (CuoccKernelEntries *entries)
{
  g_mutex_lock (&entries->lock);
}

void
cuocc_kernel_entries_unlock (CuoccKernelEntries *entries)
{
  g_mutex_unlock (&entries->lock);
}

/* Where @entry's figures as read are while ptxas's replace them (NULL:
 * they are back); with the lock held. */
void
cuocc_kernel_entries_set_read (CuoccKernelEntries *entries,
                               const CuoccKernel  *entry,
                               CuoccKernel        *figures)
{
  gsize index = (gsize) (entry - entries->list->kernels);

  g_return_if_fail (index < entries->list->n_kernels);

  if (entries->read == NULL)
    entries->read = g_new0 (CuoccKernel *, entries->list->n_kernels);
  entries->read[index] = figures;
}

void
cuocc_kernel_copy_figures (CuoccKernel       *to,
                           const CuoccKernel *from)
{
  to->regs = from->regs;
  to->smem = from->smem;
  to->barriers = from->barriers;
  to->stack = from->stack;
  to->spill_stores = from->spill_stores;
  to->spill_loads = from->spill_loads;
  to->lmem = from->lmem;
  to->cmem = from->cmem;
}

/* A copy of the entries as they were read, as cuocc_kernel_item_get_read_kernel ()
 * gives each, in any thread: their strings the list's (which the entries
 * keep), figures_from and ptx_problem NULL, and loaded unknown: the main
 * thread marks what loads in the list's entries without the lock, so that
 * field is the one the copy never reads (it copies the bytes around it). */
CuoccKernel *
cuocc_kernel_entries_copy (CuoccKernelEntries *entries,
                           guint              *n)
{
  const gsize before = offsetof (CuoccKernel, loaded);
  const gsize after = before + sizeof ((CuoccKernel *) NULL)->loaded;
  const CuoccKernelList *list = entries->list;
  CuoccKernel *copy = g_new (CuoccKernel, MAX (list->n_kernels, 1));

  for (guint start = 0; start < list->n_kernels; start += COPY_SLICE)
    {
      guint end = MIN (start + COPY_SLICE, list->n_kernels);

      g_mutex_lock (&entries->lock);
      for (guint i = start; i < end; i++)
        {
          memcpy (&copy[i], &list->kernels[i], before);
          memcpy ((char *) &copy[i] + after, (const char *) &list->kernels[i] + after, sizeof (CuoccKernel) - after);
          if (entries->read != NULL && entries->read[i] != NULL)
            cuocc_kernel_copy_figures (&copy[i], entries->read[i]);
          copy[i].loaded = CUOCC_LOAD_UNKNOWN;
          copy[i].figures_from = NULL;
          copy[i].ptx_problem = NULL;
        }
      g_mutex_unlock (&entries->lock);
    }
  *n = list->n_kernels;
  return copy;
}
