/* cuocc-cli-import-launch.c — the occupancy of an imported entry, or why there is none
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With a GPU named, only the entry of each kernel that the CUDA driver loads
 * there is worked out (cuocc_kernel_list_select); the others say why not.
 * The block size is --threads, else what the kernel records (a profiled or
 * Triton launch, its launch bounds or required block size); the shared
 * memory is the kernel's static shared memory plus the dynamic shared
 * memory of --dynamic-smem, else of the launch the input records.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-cli-import-private.h"

char *
import_kernel_key (const CuoccKernel *k)
{
  const char *name = k->mangled != NULL && k->mangled[0] != '\0' ? k->mangled : k->name;

  return g_strconcat (k->file != NULL ? k->file : "", "\n", name != NULL ? name : "", NULL);
}

void
import_kernel_set_add (GHashTable        *set,
                       const CuoccKernel *k)
{
  g_hash_table_add (set, import_kernel_key (k));
}

void
import_launch_init (ImportLaunch   *launch,
                    CuoccKernelList *list)
{
  launch->loaded_arch = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!launch->have_gpu)
    return;
  cuocc_kernel_list_select (list, launch->gpu.cap.major, launch->gpu.cap.minor);
  for (guint i = 0; i < list->n_kernels; i++)
    if (list->kernels[i].loaded == CUOCC_LOAD_YES)
      g_hash_table_replace (launch->loaded_arch, import_kernel_key (&list->kernels[i]), g_strdup (list->kernels[i].arch));
}

void
import_launch_clear (ImportLaunch *launch)
{
  g_clear_pointer (&launch->loaded_arch, g_hash_table_unref);
}

gboolean
import_entry_runs (const ImportLaunch *launch,
                   const CuoccKernel  *k)
{
  /* Without a GPU each machine code entry runs on its own architecture;
   * PTX runs only where it is the entry the driver loads. */
  if (!launch->have_gpu)
    return k->code == CUOCC_CODE_SASS;
  return k->loaded == CUOCC_LOAD_YES || k->loaded == CUOCC_LOAD_UNKNOWN;
}

char *
import_file_label (const CuoccKernel *k)
{
  if (k->file == NULL)
    return NULL;
  if (k->entry == NULL)
    return g_strdup (k->file);
  return g_strdup_printf ("%s (%s)", k->file, k->entry);
}

static int
declared_threads (const CuoccKernel *k)
{
  if (k->block_size > 0)
    return k->block_size;
  return k->max_threads > 0 ? k->max_threads : 0;
}

/* Blocks per cluster of the kernel's declared cluster dimensions, or 0. */
static int
declared_cluster_size (const CuoccKernel *k)
{
  gint64 size = 1;

  if (k->cluster_dims[0] <= 0)
    return 0;
  /* Each dimension is capped so that a hostile file's product cannot
   * overflow; the model refuses anything past the GPU's largest cluster. */
  for (guint d = 0; d < 3; d++)
    size *= CLAMP (k->cluster_dims[d], 1, 1024);
  return (int) size;
}

/* Why the entry is not worked out on the chosen GPU; NULL when it is. */
static char *
not_loaded_reason (const ImportLaunch *launch,
                   const CuoccKernel  *k,
                   ImportEvaluation   *ev)
{
  const CuoccCapability *cap = &launch->gpu.cap;

  ev->failed = FALSE;
  if (k->loaded == CUOCC_LOAD_OTHER)
    {
      g_autofree char *key = import_kernel_key (k);
      const char *arch = g_hash_table_lookup (launch->loaded_arch, key);

      ev->reason = IMPORT_WHY_NOT_LOADED;
      return g_strdup_printf (_("not loaded: the driver loads this kernel's %s entry on compute capability %d.%d"),
                              arch != NULL ? arch : "?", cap->major, cap->minor);
    }
  if (k->loaded == CUOCC_LOAD_NONE)
    {
      ev->failed = TRUE;
      ev->reason = IMPORT_WHY_NO_ENTRY;
      return g_strdup_printf (_("cannot run on compute capability %d.%d: no entry of this kernel is built for it"),
                              cap->major, cap->minor);
    }
  return NULL;
}

void
import_evaluate (const ImportLaunch *launch,
                 const CuoccKernel  *k,
                 ImportEvaluation   *ev)
{
  g_autoptr (GError) error = NULL;
  int threads = launch->threads > 0 ? launch->threads : declared_threads (k);
  gint64 dynamic = launch->dynamic_smem >= 0 ? launch->dynamic_smem : MAX (k->dynamic_smem, 0);

  memset (ev, 0, sizeof *ev);
  if (launch->have_gpu && (ev->why = not_loaded_reason (launch, k, ev)) != NULL)
    return;
  ev->failed = TRUE;
  if (k->code == CUOCC_CODE_PTX)
    {
      ev->reason = IMPORT_WHY_PTX;
      ev->why = g_strdup (_("PTX: registers are known only after JIT"));
      return;
    }
  if (threads <= 0)
    {
      ev->reason = IMPORT_WHY_NO_BLOCK_SIZE;
      ev->why = g_strdup (_("the kernel declares no block size: give one with --threads"));
      return;
    }
  ev->reason = IMPORT_WHY_MODEL;
  if (launch->have_gpu)
    ev->gpu = launch->gpu;
  else if (k->cc_major <= 0)
    {
      ev->reason = IMPORT_WHY_NO_ARCH;
      ev->why = g_strdup (_("the input names no architecture: choose the GPU with --gpu or --cc"));
      return;
    }
  else if (!cuocc_gpu_for_cc_numbers (k->cc_major, k->cc_minor, &ev->gpu, &error))
    {
      ev->why = g_strdup (error->message);
      return;
    }

  cuocc_input_init (&ev->input);
  ev->input.threads = threads;
  ev->input.regs = MAX (k->regs, 0);
  ev->input.smem = MAX (k->smem, 0) + dynamic;
  if (k->barriers >= 0)
    ev->input.barriers = k->barriers;
  /* A kernel that declares its cluster (__cluster_dims__, Triton's num_ctas)
   * can only be launched with it: work it out as --cluster-size would. */
  ev->input.cluster_size = declared_cluster_size (k);
  if (!cuocc_calculate (&ev->gpu, &ev->input, &ev->result, &error) ||
      (ev->input.cluster_size > 0 && !cuocc_clusters (&ev->gpu, &ev->input, &ev->result, &ev->clusters, &error)))
    {
      ev->why = g_strdup (error->message);
      return;
    }
  ev->have_clusters = ev->input.cluster_size > 0;
  ev->limiters = cuocc_limiters_to_string (ev->result.limiters);
  ev->ok = TRUE;
  ev->failed = FALSE;
  ev->reason = IMPORT_WHY_NONE;
}

void
import_evaluation_clear (ImportEvaluation *ev)
{
  g_clear_pointer (&ev->why, g_free);
  g_clear_pointer (&ev->limiters, g_free);
}

char *
import_smem_note (const CuoccKernel      *k,
                  const ImportEvaluation *ev)
{
  gint64 dynamic = ev->input.smem - MAX (k->smem, 0);

  if (!ev->ok || ev->input.smem <= IMPORT_SMEM_WITHOUT_OPT_IN)
    return NULL;
  return g_strdup_printf (_("%s: %lld bytes of shared memory a block pass 48 KiB: the kernel must opt in with "
                            "cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, %lld)"),
                          k->name, (long long) ev->input.smem, (long long) dynamic);
}
