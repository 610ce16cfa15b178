/* cuocc-kernel-find.c — an entry found in a list of kernel items: by its
 * key, or the entry of a kernel that the CUDA driver loads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-kernel-find.h"

/* The item of @items whose key (cuocc_kernel_item_get_key ()) is @key, or NULL. */
CuoccKernelItem *
cuocc_kernel_item_find (GListModel *items,
                        const char *key)
{
  guint n = g_list_model_get_n_items (items);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (items, i);

      if (g_str_equal (cuocc_kernel_item_get_key (item), key))
        return item;
    }
  return NULL;
}

/* The entry of @k's kernel that the CUDA driver loads on the GPU the items
 * are marked for (the same file and mangled name), or NULL; the list's. */
CuoccKernelItem *
cuocc_kernel_item_find_loaded (GListModel        *items,
                               const CuoccKernel *k)
{
  guint n = items != NULL ? g_list_model_get_n_items (items) : 0;

  g_return_val_if_fail (k != NULL, NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (items, i);
      const CuoccKernel *other = cuocc_kernel_item_get_kernel (item);

      if (other->loaded == CUOCC_LOAD_YES && g_strcmp0 (other->file, k->file) == 0 &&
          g_strcmp0 (*other->mangled ? other->mangled : other->name, *k->mangled ? k->mangled : k->name) == 0)
        return item;
    }
  return NULL;
}
