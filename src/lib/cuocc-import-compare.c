/* cuocc-import-compare.c — the kernels of a list on several GPUs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cuocc --import FILE --gpu A --gpu B` and any view that compares GPUs read
 * the list once: for each GPU the driver's choice of entry is made
 * (cuocc_kernel_list_select) and kept as a byte an entry, and each kernel is
 * then worked out on a GPU with the entry that loads there, or with its first
 * entry when none does, whose evaluation then says why it cannot run.
 *
 * A PTX entry that loads on a GPU gets its figures from ptxas for that GPU's
 * target (cuocc_import_comparison_assemble_ptx()); the same entry can load
 * on two GPUs of different targets, so the figures are kept a GPU, apart
 * from the list, in a copy of each such entry that the assembly of
 * cuocc-ptxas-assemble.c fills as it fills a list of its own.
 */
#include "config.h"

#include "cuocc-private.h"

#define NO_ENTRY G_MAXUINT

struct _CuoccImportComparison {
  CuoccKernelList *list;           /* not owned */
  guint n_gpus;
  CuoccImportLaunch *launches;     /* one a GPU, after cuocc_import_launch_init () */
  guint8 **loaded;                 /* [gpu][entry]: the entry's CuoccLoad on that GPU */
  guint *first;                    /* [kernel]: its first entry */
  guint *kernel_of;                /* [entry]: its kernel */
  guint n_kernels;
  guint *entry_of;                 /* [kernel * n_gpus + gpu]: the entry that runs there, or NO_ENTRY */
  CuoccKernel **ptx;               /* [gpu][kernel]: a shallow copy of the PTX entry that runs there, with
                                    * figures of its own (owned: figures_from, ptx_problem); ptx NULL
                                    * where none does; [gpu] NULL until assembled */
};

/* The kernels, each once, in the order of their first entry. */
static guint *
group_kernels (CuoccKernelList *list,
               guint           *kernel_of,
               guint           *n_kernels)
{
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint *first = g_new (guint, MAX (list->n_kernels, 1));

  *n_kernels = 0;
  for (guint i = 0; i < list->n_kernels; i++)
    {
      char *key = cuocc_import_kernel_key (&list->kernels[i]);
      gpointer found;

      if (g_hash_table_lookup_extended (index, key, NULL, &found))
        {
          kernel_of[i] = GPOINTER_TO_UINT (found);
          g_free (key);
          continue;
        }
      kernel_of[i] = *n_kernels;
      first[(*n_kernels)++] = i;
      g_hash_table_insert (index, key, GUINT_TO_POINTER (kernel_of[i]));
    }
  return first;
}

/**
 * cuocc_import_comparison_new:
 * @list: the kernels; the comparison keeps a pointer to it, and marks its
 *   entries as cuocc_import_launch_init() does (for the last GPU)
 * @launches: (array length=n_gpus): a launch a GPU: `have_gpu`, `gpu`,
 *   `threads`, `dynamic_smem` (and `default_threads`) set, not yet
 *   initialised; they are copied
 * @n_gpus: how many, at least 1
 *
 * Chooses, for each kernel of @list and each GPU, the entry the CUDA driver
 * loads there, reading the list once.
 *
 * Returns: (transfer full): the comparison; free with cuocc_import_comparison_free()
 */
CuoccImportComparison *
cuocc_import_comparison_new (CuoccKernelList         *list,
                             const CuoccImportLaunch *launches,
                             guint                    n_gpus)
{
  CuoccImportComparison *c;
  guint *kernel_of;

  g_return_val_if_fail (list != NULL && launches != NULL && n_gpus > 0, NULL);

  c = g_new0 (CuoccImportComparison, 1);
  c->list = list;
  c->n_gpus = n_gpus;
  kernel_of = c->kernel_of = g_new (guint, MAX (list->n_kernels, 1));
  c->first = group_kernels (list, kernel_of, &c->n_kernels);
  c->entry_of = g_new (guint, MAX ((gsize) c->n_kernels * n_gpus, 1));
  for (gsize e = 0; e < (gsize) c->n_kernels * n_gpus; e++)
    c->entry_of[e] = NO_ENTRY;
  c->launches = g_new0 (CuoccImportLaunch, n_gpus);
  c->loaded = g_new0 (guint8 *, n_gpus);
  c->ptx = g_new0 (CuoccKernel *, n_gpus);
  for (guint g = 0; g < n_gpus; g++)
    {
      c->launches[g] = launches[g];
      c->launches[g].loaded_arch = NULL;
      /* The selection marks the list itself; the marks are kept apart, so
       * that the next GPU's selection does not lose them. */
      cuocc_import_launch_init (&c->launches[g], list);
      c->loaded[g] = g_new (guint8, MAX (list->n_kernels, 1));
      for (guint i = 0; i < list->n_kernels; i++)
        {
          const CuoccKernel *k = &list->kernels[i];
          guint *slot = &c->entry_of[(gsize) kernel_of[i] * n_gpus + g];

          c->loaded[g][i] = (guint8) k->loaded;
          if (*slot == NO_ENTRY && cuocc_import_entry_runs (&c->launches[g], k))
            *slot = i;
        }
    }
  return c;
}

/**
 * cuocc_import_comparison_free:
 * @c: (transfer full) (nullable): a comparison
 *
 * Frees @c, not the list it compares.
 */
void
cuocc_import_comparison_free (CuoccImportComparison *c)
{
  if (c == NULL)
    return;
  for (guint g = 0; g < c->n_gpus; g++)
    {
      cuocc_import_launch_clear (&c->launches[g]);
      g_free (c->loaded[g]);
      for (guint k = 0; c->ptx[g] != NULL && k < c->n_kernels; k++)
        {
          g_free (c->ptx[g][k].figures_from);
          g_free (c->ptx[g][k].ptx_problem);
        }
      g_free (c->ptx[g]);
    }
  g_free (c->ptx);
  g_free (c->loaded);
  g_free (c->launches);
  g_free (c->first);
  g_free (c->kernel_of);
  g_free (c->entry_of);
  g_free (c);
}

/**
 * cuocc_import_comparison_n_kernels:
 * @c: a comparison
 *
 * How many kernels the list holds: entries of one file and name are one kernel.
 *
 * Returns: the number of kernels
 */
guint
cuocc_import_comparison_n_kernels (const CuoccImportComparison *c)
{
  g_return_val_if_fail (c != NULL, 0);
  return c->n_kernels;
}

/**
 * cuocc_import_comparison_kernel_of:
 * @c: a comparison
 * @entry: an entry's index in the list compared
 *
 * Which kernel an entry is an entry of: entries of one file and name are
 * one kernel, numbered in the order of their first entry.
 *
 * Returns: the kernel's index
 */
guint
cuocc_import_comparison_kernel_of (const CuoccImportComparison *c,
                                   guint                        entry)
{
  g_return_val_if_fail (c != NULL && entry < c->list->n_kernels, 0);
  return c->kernel_of[entry];
}

/**
 * cuocc_import_comparison_entry_index:
 * @c: a comparison
 * @kernel: the kernel's index
 * @gpu: the GPU's index
 *
 * The index in the list of the entry cuocc_import_comparison_entry() gives:
 * the one that runs on the GPU, or, when none does, the kernel's first.
 *
 * Returns: the entry's index in the list
 */
guint
cuocc_import_comparison_entry_index (const CuoccImportComparison *c,
                                     guint                        kernel,
                                     guint                        gpu)
{
  guint index;

  g_return_val_if_fail (c != NULL && kernel < c->n_kernels && gpu < c->n_gpus, 0);
  index = c->entry_of[(gsize) kernel * c->n_gpus + gpu];
  return index == NO_ENTRY ? c->first[kernel] : index;
}

/**
 * cuocc_import_comparison_launch:
 * @c: a comparison
 * @gpu: the GPU's index, in the order of the launches given
 *
 * The launch of a GPU, initialised.
 *
 * Returns: (transfer none): the launch
 */
const CuoccImportLaunch *
cuocc_import_comparison_launch (const CuoccImportComparison *c,
                                guint                        gpu)
{
  g_return_val_if_fail (c != NULL && gpu < c->n_gpus, NULL);
  return &c->launches[gpu];
}

/**
 * cuocc_import_comparison_entry:
 * @c: a comparison
 * @kernel: the kernel's index, in the order of the list
 * @gpu: the GPU's index
 * @entry: (out caller-allocates): a shallow copy of the entry, its `loaded`
 *   mark that of @gpu; its strings belong to the list
 *
 * The entry of a kernel that runs on a GPU, or, when none does, its first.
 *
 * Returns: whether an entry of the kernel runs on the GPU
 */
gboolean
cuocc_import_comparison_entry (const CuoccImportComparison *c,
                               guint                        kernel,
                               guint                        gpu,
                               CuoccKernel                 *entry)
{
  guint index;

  g_return_val_if_fail (c != NULL && kernel < c->n_kernels && gpu < c->n_gpus && entry != NULL, FALSE);

  index = c->entry_of[(gsize) kernel * c->n_gpus + gpu];
  if (index == NO_ENTRY)
    index = c->first[kernel];
  *entry = c->list->kernels[index];
  entry->loaded = c->loaded[gpu][index];
  if (c->entry_of[(gsize) kernel * c->n_gpus + gpu] == NO_ENTRY)
    return FALSE;
  if (c->ptx[gpu] != NULL && c->ptx[gpu][kernel].ptx != NULL)
    {
      const CuoccKernel *f = &c->ptx[gpu][kernel];

      /* The figures ptxas gave for this GPU, as cuocc-ptxas-assemble.c's take_figures () sets them. */
      entry->regs = f->regs;
      entry->smem = f->smem;
      entry->barriers = f->barriers;
      entry->stack = f->stack;
      entry->spill_stores = f->spill_stores;
      entry->spill_loads = f->spill_loads;
      entry->lmem = f->lmem;
      entry->cmem = f->cmem;
      entry->figures_from = f->figures_from;
      entry->ptx_problem = f->ptx_problem;
    }
  return TRUE;
}

/* The PTX entry that runs on @gpu for @kernel, needing ptxas; NULL if none. */
static const CuoccKernel *
ptx_entry (const CuoccImportComparison *c,
           guint                        kernel,
           guint                        gpu)
{
  guint index = c->entry_of[(gsize) kernel * c->n_gpus + gpu];
  CuoccKernel entry;

  if (index == NO_ENTRY)
    return NULL;
  entry = c->list->kernels[index];
  entry.loaded = c->loaded[gpu][index];
  if (c->ptx[gpu] != NULL && c->ptx[gpu][kernel].ptx != NULL)
    return cuocc_kernel_needs_ptxas (&c->ptx[gpu][kernel]) ? &c->ptx[gpu][kernel] : NULL;
  return cuocc_kernel_needs_ptxas (&entry) ? &c->list->kernels[index] : NULL;
}

/**
 * cuocc_import_comparison_count_ptx:
 * @c: a comparison
 * @gpu: the GPU's index
 *
 * How many kernels run on the GPU from a PTX entry that has no figures yet
 * (cuocc_kernel_needs_ptxas()).
 *
 * Returns: the number of kernels
 */
guint
cuocc_import_comparison_count_ptx (const CuoccImportComparison *c,
                                   guint                        gpu)
{
  guint n = 0;

  g_return_val_if_fail (c != NULL && gpu < c->n_gpus, 0);

  for (guint k = 0; k < c->n_kernels; k++)
    n += ptx_entry (c, k, gpu) != NULL;
  return n;
}

/**
 * cuocc_import_comparison_assemble_ptx:
 * @c: a comparison
 * @gpu: the GPU's index
 * @options: as for cuocc_kernel_list_assemble_ptx(); its @major and @minor
 *   are ignored: those of the GPU's launch are used
 * @cancellable: (nullable): stops the assembly
 * @summary: (out caller-allocates) (optional): what was done
 * @error: return location for a #GError
 *
 * Gives the PTX entries that run on the GPU the figures of ptxas for its
 * target, as cuocc_kernel_list_assemble_ptx() does for a list and one GPU
 * (the same cache, runs and summary), and keeps them for that GPU alone:
 * cuocc_import_comparison_entry() and cuocc_import_comparison_evaluate()
 * give them on that GPU, while the list itself is left as it was.
 *
 * Returns: %FALSE with %G_IO_ERROR_CANCELLED when cancelled; the figures
 *   that came before are kept
 */
gboolean
cuocc_import_comparison_assemble_ptx (CuoccImportComparison   *c,
                                      guint                    gpu,
                                      const CuoccPtxasOptions *options,
                                      GCancellable            *cancellable,
                                      CuoccPtxasSummary       *summary,
                                      GError                 **error)
{
  CuoccPtxasOptions o;
  CuoccKernelList entries = { 0 };

  g_return_val_if_fail (c != NULL && gpu < c->n_gpus, FALSE);
  g_return_val_if_fail (options != NULL && options->ptxas != NULL, FALSE);

  if (c->ptx[gpu] == NULL)
    {
      c->ptx[gpu] = g_new0 (CuoccKernel, MAX (c->n_kernels, 1));
      for (guint k = 0; k < c->n_kernels; k++)
        {
          const CuoccKernel *e = ptx_entry (c, k, gpu);

          if (e == NULL)
            continue;
          /* Shallow: its strings stay the list's, but for the two the assembly sets. */
          c->ptx[gpu][k] = *e;
          c->ptx[gpu][k].loaded = CUOCC_LOAD_YES;
          c->ptx[gpu][k].figures_from = NULL;
          c->ptx[gpu][k].ptx_problem = NULL;
        }
    }
  o = *options;
  o.major = c->launches[gpu].gpu.cap.major;
  o.minor = c->launches[gpu].gpu.cap.minor;
  /* A list of its own over the copies: what the assembly does not need of a list stays empty. */
  entries.format = c->list->format;
  entries.n_kernels = c->n_kernels;
  entries.kernels = c->ptx[gpu];
  return cuocc_kernel_list_assemble_ptx (&entries, &o, cancellable, summary, error);
}

/**
 * cuocc_import_comparison_evaluate:
 * @c: a comparison
 * @kernel: the kernel's index
 * @gpu: the GPU's index
 * @entry: (out caller-allocates): the entry, as cuocc_import_comparison_entry() gives it
 * @ev: (out caller-allocates): the answer, or why there is none; clear it
 *   with cuocc_import_evaluation_clear()
 *
 * Works a kernel out on a GPU with the entry that runs there, as
 * `cuocc --import FILE --gpu G` works that entry out.
 *
 * Returns: whether an entry of the kernel runs on the GPU
 */
gboolean
cuocc_import_comparison_evaluate (const CuoccImportComparison *c,
                                  guint                        kernel,
                                  guint                        gpu,
                                  CuoccKernel                 *entry,
                                  CuoccImportEvaluation       *ev)
{
  gboolean runs;

  g_return_val_if_fail (c != NULL && kernel < c->n_kernels && gpu < c->n_gpus && entry != NULL && ev != NULL,
                        FALSE);

  runs = cuocc_import_comparison_entry (c, kernel, gpu, entry);
  cuocc_import_evaluate (&c->launches[gpu], entry, ev);
  return runs;
}

/**
 * cuocc_import_evaluation_occupancy_pct:
 * @ev: an evaluation
 *
 * The occupancy a comparison of GPUs counts: 0 where the kernel cannot
 * launch at all (no entry runs, its launch bounds refuse the block, or the
 * model fits no block: shared memory over what a block may have, say).
 *
 * Returns: the occupancy in percent; 0 where the kernel cannot launch; -1
 *   where it is not known (PTX before JIT, no block size)
 */
double
cuocc_import_evaluation_occupancy_pct (const CuoccImportEvaluation *ev)
{
  g_return_val_if_fail (ev != NULL, -1);

  if (ev->ok)
    return ev->result.occupancy * 100.0;
  if (ev->reason == CUOCC_IMPORT_WHY_NO_ENTRY || ev->reason == CUOCC_IMPORT_WHY_LAUNCH_BOUNDS)
    return 0;
  return -1;
}

/**
 * cuocc_import_evaluation_launchable:
 * @ev: an evaluation, of cuocc_import_evaluate() or
 *   cuocc_import_comparison_evaluate()
 *
 * Whether the kernel launches as evaluated, and if not, why: what a
 * comparison of GPUs says in a cell where a kernel cannot launch. A block
 * the model fits none of (%CUOCC_IMPORT_NO_BLOCK_FITS and the two limits
 * before it) is a launch the CUDA runtime refuses ("too many resources
 * requested"), as is a block past the kernel's launch bounds and a GPU for
 * which no entry of the kernel is built.
 *
 * Returns: the #CuoccImportLaunchable
 */
CuoccImportLaunchable
cuocc_import_evaluation_launchable (const CuoccImportEvaluation *ev)
{
  g_return_val_if_fail (ev != NULL, CUOCC_IMPORT_LAUNCH_UNKNOWN);

  if (ev->ok && ev->result.active_blocks > 0)
    return CUOCC_IMPORT_LAUNCHES;
  if (ev->ok && ev->input.smem > ev->gpu.cap.smem_per_block_optin)
    return CUOCC_IMPORT_OVER_SMEM_PER_BLOCK;
  if (ev->ok && ev->input.threads > ev->gpu.cap.max_threads_per_block)
    return CUOCC_IMPORT_OVER_THREADS_PER_BLOCK;
  if (ev->ok)
    return CUOCC_IMPORT_NO_BLOCK_FITS;
  if (ev->reason == CUOCC_IMPORT_WHY_NO_ENTRY)
    return CUOCC_IMPORT_NO_ENTRY_RUNS;
  if (ev->reason == CUOCC_IMPORT_WHY_LAUNCH_BOUNDS)
    return CUOCC_IMPORT_OVER_LAUNCH_BOUNDS;
  return CUOCC_IMPORT_LAUNCH_UNKNOWN;
}

/**
 * cuocc_import_occupancy_difference:
 * @values: (array length=n_values): occupancies of cuocc_import_evaluation_occupancy_pct()
 * @n_values: how many
 *
 * The largest difference between the known occupancies of a kernel on
 * several GPUs.
 *
 * Returns: the difference in percentage points, or -1 where fewer than two
 *   are known
 */
double
cuocc_import_occupancy_difference (const double *values,
                                   guint         n_values)
{
  double low = G_MAXDOUBLE, high = -1;
  guint known = 0;

  g_return_val_if_fail (values != NULL || n_values == 0, -1);

  for (guint i = 0; i < n_values; i++)
    {
      if (values[i] < 0)
        continue;
      known++;
      low = MIN (low, values[i]);
      high = MAX (high, values[i]);
    }
  return known >= 2 ? high - low : -1;
}
