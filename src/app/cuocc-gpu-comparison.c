/* cuocc-gpu-comparison.c — the kernels table's kernels on several GPUs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one evaluation of a kernel is the library's (issue 28): the entries
 * are handed to cuocc_import_comparison_new (), which chooses for each GPU
 * the entry the driver loads there, and each kernel is worked out on each
 * GPU by cuocc_import_comparison_evaluate (), as
 * `cuocc --import FILE --gpu A --gpu B` works it out; whether it launches,
 * and why not, is cuocc_import_evaluation_launchable ()'s, and the
 * difference cuocc_import_occupancy_difference ()'s. What is kept is what
 * the cells show and sort by: a few numbers a kernel and GPU, and the
 * evaluation's reason where there is one. GLib only, so that it runs in a
 * worker thread.
 *
 * A PTX entry has figures only once ptxas assembled it for the GPU's
 * target, and one entry can run on GPUs of several targets; the library
 * keeps them a GPU (cuocc_import_comparison_assemble_ptx ()), from the
 * cache that the table's own assemblies fill, or from ptxas when asked.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-gpu-comparison.h"

struct _CuoccGpuComparison {
  gatomicrefcount ref;
  GObject *owner;                  /* keeps the entries' strings alive */
  guint n_gpus;
  CuoccGpu *gpus;
  guint n_entries;
  guint *kernel_of;                /* [entry]: its kernel; the top bit: it stands for its kernel */
  guint n_kernels;
  guint n_ptx_unknown;             /* cells of PTX that runs without figures */
  double *difference;              /* [kernel] */
  CuoccGpuCell *cells;             /* [kernel * n_gpus + gpu] */
  /* The entries whose kernels are worked out, from the first (atomic: the
   * worker writes, the main thread reads): their cells and differences
   * stay as they are from then on, and may be read while it works on. */
  int ready;
  gboolean stale;                  /* the main thread's: its cells show nothing (it is replaced) */
};

#define STANDS_FOR (1u << 31)

/* A GPU's kernels that are left without figures after the modules' cache
 * are looked up alone (`ptxas --entry`, as choosing a kernel in the table
 * assembles it) when they are at most this many: each lookup hashes its
 * whole module, which for a library's thousands would cost seconds. */
#define ENTRY_LOOKUPS 64

/* ----- computing ----- */

typedef struct {
  const CuoccGpuComparisonPtx *ptx;
  guint gpu;
} Progress;

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  Progress *p = user_data;

  p->ptx->progress (p->gpu, done, total, p->ptx->user_data);
}

/* The figures of the PTX that runs on each GPU, where the cache (or, when
 * asked, ptxas) has them for its target. */
static void
assemble_ptx (CuoccImportComparison       *c,
              guint                        n_gpus,
              const CuoccGpuComparisonPtx *ptx)
{
  for (guint g = 0; g < n_gpus; g++)
    {
      CuoccPtxasOptions options = { 0 };
      Progress progress = { ptx, g };
      guint left;

      if (g_cancellable_is_cancelled (ptx->cancellable))
        return;
      if (cuocc_import_comparison_count_ptx (c, g) == 0)
        continue;
      options.ptxas = ptx->ptxas;
      options.assemble = ptx->assemble;
      options.timeout_s = ptx->timeout_s;
      if (ptx->progress != NULL)
        {
          options.progress = progress_cb;
          options.user_data = &progress;
        }
      cuocc_import_comparison_assemble_ptx (c, g, &options, ptx->cancellable, NULL, NULL);
      left = cuocc_import_comparison_count_ptx (c, g);
      if (left > 0 && left <= ENTRY_LOOKUPS)
        {
          options.assemble = FALSE;
          options.per_entry = TRUE;
          options.progress = NULL;
          cuocc_import_comparison_assemble_ptx (c, g, &options, ptx->cancellable, NULL, NULL);
        }
    }
}

/* Kernel @k on each GPU: its cells and its difference. */
static void
evaluate (CuoccGpuComparison    *self,
          CuoccImportComparison *c,
          guint                  k,
          double                *values)
{
  guint n_gpus = self->n_gpus;

  for (guint g = 0; g < n_gpus; g++)
    {
      CuoccGpuCell *cell = &self->cells[(gsize) k * n_gpus + g];
      CuoccImportEvaluation ev;
      CuoccKernel entry;

      cell->runs = cuocc_import_comparison_evaluate (c, k, g, &entry, &ev);
      /* The entry's strings are the list's copy's, which are the store's. */
      cell->arch = entry.arch;
      cell->code = entry.code;
      cell->max_threads = entry.max_threads;
      cell->launchable = cuocc_import_evaluation_launchable (&ev);
      cell->occupancy = values[g] = cuocc_import_evaluation_occupancy_pct (&ev);
      /* A block that does not fit counts 0, as the command line's text counts it. */
      if (cell->launchable != CUOCC_IMPORT_LAUNCHES && cell->launchable != CUOCC_IMPORT_LAUNCH_UNKNOWN)
        cell->occupancy = values[g] = 0;
      if (ev.ok)
        {
          cell->blocks = ev.result.active_blocks;
          cell->limiters = ev.result.limiters;
          cell->threads = ev.input.threads;
        }
      cell->reason = ev.reason;
      cell->why = g_steal_pointer (&ev.why);
      if (entry.code == CUOCC_CODE_PTX && cell->runs)
        {
          /* The comparison's copy of the figures goes with it. */
          cell->figures_from = g_strdup (entry.figures_from);
          cell->ptx_failed = entry.ptx_problem != NULL;
          self->n_ptx_unknown += ev.reason == CUOCC_IMPORT_WHY_PTX;
        }
      cuocc_import_evaluation_clear (&ev);
    }
  self->difference[k] = cuocc_import_occupancy_difference (values, n_gpus);
}

CuoccGpuComparison *
cuocc_gpu_comparison_compute (const CuoccKernel *entries,
                              guint              n_entries,
                              GObject           *owner,
                              const CuoccGpu    *gpus,
                              guint              n_gpus,
                              int                threads,
                              const CuoccGpuComparisonPtx *ptx,
                              guint              slice,
                              CuoccGpuComparisonSlice slice_cb,
                              gpointer           user_data,
                              GCancellable      *cancellable)
{
  g_autofree guint8 *done = NULL;
  g_autoptr(CuoccGpuComparison) self = NULL;
  g_autoptr(CuoccImportComparison) c = NULL;
  g_autofree CuoccImportLaunch *launches = NULL;
  g_autofree double *values = NULL;
  CuoccKernelList list = { 0 };

  g_return_val_if_fail (n_gpus > 0 && gpus != NULL, NULL);
  g_return_val_if_fail (n_entries < STANDS_FOR, NULL);
  g_return_val_if_fail (slice > 0, NULL);

  self = g_new0 (CuoccGpuComparison, 1);
  g_atomic_ref_count_init (&self->ref);
  self->owner = owner != NULL ? g_object_ref (owner) : NULL;
  self->n_gpus = n_gpus;
  self->gpus = g_memdup2 (gpus, sizeof *gpus * n_gpus);
  self->n_entries = n_entries;

  /* The comparison marks the entries it chooses from: a copy of them. */
  list.n_kernels = n_entries;
  list.kernels = g_memdup2 (entries, sizeof *entries * MAX (n_entries, 1));
  launches = g_new0 (CuoccImportLaunch, n_gpus);
  for (guint g = 0; g < n_gpus; g++)
    {
      /* As the table's own rows: a kernel's declared block size, else the
       * user's (`cuocc --import FILE --gpu G` and `… --threads N`). */
      launches[g].have_gpu = TRUE;
      launches[g].gpu = gpus[g];
      launches[g].threads = 0;
      launches[g].default_threads = MAX (threads, 0);
      launches[g].dynamic_smem = -1;
    }
  c = cuocc_import_comparison_new (&list, launches, n_gpus);
  if (ptx != NULL && ptx->ptxas != NULL)
    assemble_ptx (c, n_gpus, ptx);
  self->n_kernels = cuocc_import_comparison_n_kernels (c);
  self->kernel_of = g_new (guint, MAX (n_entries, 1));
  for (guint e = 0; e < n_entries; e++)
    self->kernel_of[e] = cuocc_import_comparison_kernel_of (c, e);
  self->difference = g_new (double, MAX (self->n_kernels, 1));
  self->cells = g_new0 (CuoccGpuCell, MAX ((gsize) self->n_kernels * n_gpus, 1));
  values = g_new (double, n_gpus);

  /* Which entry stands for each kernel, before any entry is ready. */
  for (guint k = 0; k < self->n_kernels; k++)
    self->kernel_of[cuocc_import_comparison_entry_index (c, k, 0)] |= STANDS_FOR;
  done = g_new0 (guint8, MAX (self->n_kernels, 1));

  /* In the entries' order, a kernel when its first entry comes, so that
   * the first entries are ready a slice at a time, for the rows to show
   * while the rest are worked out. */
  for (guint e = 0; e <= n_entries; e++)
    {
      if (e < n_entries)
        {
          guint k = self->kernel_of[e] & ~STANDS_FOR;

          if ((e & 1023) == 0 && g_cancellable_is_cancelled (cancellable))
            {
              g_free (list.kernels);
              return NULL;
            }
          if (!done[k])
            evaluate (self, c, k, values);
          done[k] = TRUE;
        }
      else
        {
          /* Every kernel has an entry; should one not, it is worked out too. */
          for (guint k = 0; k < self->n_kernels; k++)
            if (!done[k])
              evaluate (self, c, k, values);
        }
      /* A slice's end, or the last entries after the last whole slice. */
      if (e < n_entries ? (e + 1) % slice == 0 : n_entries % slice != 0 || n_entries == 0)
        {
          guint ready = MIN (e + 1, n_entries);

          g_atomic_int_set (&self->ready, (int) ready);
          if (slice_cb != NULL)
            slice_cb (self, ready, user_data);
        }
    }
  g_free (list.kernels);
  return g_steal_pointer (&self);
}

/* ----- the comparison ----- */

CuoccGpuComparison *
cuocc_gpu_comparison_ref (CuoccGpuComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
cuocc_gpu_comparison_unref (CuoccGpuComparison *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref))
    return;
  for (gsize c = 0; self->cells != NULL && c < (gsize) self->n_kernels * self->n_gpus; c++)
    {
      g_free (self->cells[c].why);
      g_free (self->cells[c].figures_from);
    }
  g_free (self->cells);
  g_free (self->difference);
  g_free (self->kernel_of);
  g_free (self->gpus);
  g_clear_object (&self->owner);
  g_free (self);
}

G_DEFINE_BOXED_TYPE (CuoccGpuComparison, cuocc_gpu_comparison, cuocc_gpu_comparison_ref, cuocc_gpu_comparison_unref)

guint
cuocc_gpu_comparison_get_n_gpus (CuoccGpuComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_gpus;
}

const CuoccGpu *
cuocc_gpu_comparison_get_gpu (CuoccGpuComparison *self,
                              guint               gpu)
{
  g_return_val_if_fail (self != NULL && gpu < self->n_gpus, NULL);

  return &self->gpus[gpu];
}

guint
cuocc_gpu_comparison_kernel_of (CuoccGpuComparison *self,
                                guint               entry,
                                gboolean           *stands_for)
{
  g_return_val_if_fail (self != NULL && entry < self->n_entries, 0);

  if (stands_for != NULL)
    *stands_for = (self->kernel_of[entry] & STANDS_FOR) != 0;
  return self->kernel_of[entry] & ~STANDS_FOR;
}

double
cuocc_gpu_comparison_get_difference (CuoccGpuComparison *self,
                                     guint               kernel)
{
  g_return_val_if_fail (self != NULL && kernel < self->n_kernels, -1);

  return self->difference[kernel];
}

const CuoccGpuCell *
cuocc_gpu_comparison_get_cell (CuoccGpuComparison *self,
                               guint               kernel,
                               guint               gpu)
{
  g_return_val_if_fail (self != NULL && kernel < self->n_kernels && gpu < self->n_gpus, NULL);

  return &self->cells[(gsize) kernel * self->n_gpus + gpu];
}

guint
cuocc_gpu_comparison_get_n_ready (CuoccGpuComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return (guint) g_atomic_int_get (&self->ready);
}

void
cuocc_gpu_comparison_set_stale (CuoccGpuComparison *self,
                                gboolean            stale)
{
  g_return_if_fail (self != NULL);

  self->stale = stale;
}

gboolean
cuocc_gpu_comparison_is_stale (CuoccGpuComparison *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->stale;
}

guint
cuocc_gpu_comparison_count_ptx_unknown (CuoccGpuComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_ptx_unknown;
}

/* ----- what a cell says ----- */

/* The entry that runs: "sm_90", "compute_80 JIT", "no entry". */
static char *
entry_text (const CuoccGpuCell *cell)
{
  if (!cell->runs)
    /* Translators: a kernel in a GPU's column of the comparison: no entry of it runs on that GPU */
    return g_strdup (_("no entry"));
  if (cell->arch == NULL)
    return g_strdup ("–");
  if (cell->code == CUOCC_CODE_PTX && cell->figures_from != NULL)
    /* Translators: the entry that runs is PTX, whose figures ptxas gave (figures_from says which) */
    return g_strdup_printf (_("%s → ptxas"), cell->arch);
  if (cell->code == CUOCC_CODE_PTX)
    /* Translators: the entry that runs is PTX, compiled by the driver when it loads it, e.g. "compute_80 JIT" */
    return g_strdup_printf (_("%s JIT"), cell->arch);
  return g_strdup (cell->arch);
}

void
cuocc_gpu_cell_texts (const CuoccGpuCell *cell,
                      const CuoccGpu     *gpu,
                      char              **first,
                      char              **second,
                      char              **tooltip)
{
  g_autofree char *entry = entry_text (cell);
  g_autofree char *why = NULL;
  g_autofree char *bytes = NULL;

  switch (cell->launchable)
    {
    case CUOCC_IMPORT_LAUNCHES:
      *first = cuocc_format_percent (cell->occupancy / 100.0);
      why = cuocc_format_limiters (cell->limiters);
      break;
    case CUOCC_IMPORT_NO_ENTRY_RUNS:
      *first = g_strdup (_("Cannot launch"));
      /* Translators: why a kernel cannot launch on a GPU of the comparison, e.g. "no entry for 9.0" */
      why = g_strdup_printf (_("no entry for %d.%d"), gpu->cap.major, gpu->cap.minor);
      break;
    case CUOCC_IMPORT_OVER_LAUNCH_BOUNDS:
      *first = g_strdup (_("Cannot launch"));
      /* Translators: why a kernel cannot launch: the block passes its __launch_bounds__, e.g. "launch bounds 128" */
      why = g_strdup_printf (_("launch bounds %d"), cell->max_threads);
      break;
    case CUOCC_IMPORT_OVER_SMEM_PER_BLOCK:
      *first = g_strdup (_("Cannot launch"));
      bytes = cuocc_format_bytes (gpu->cap.smem_per_block_optin);
      /* Translators: why a kernel cannot launch: its block needs more shared memory than a block may have, e.g. "shared memory > 227 KiB" */
      why = g_strdup_printf (_("shared memory > %s"), bytes);
      break;
    case CUOCC_IMPORT_OVER_THREADS_PER_BLOCK:
      *first = g_strdup (_("Cannot launch"));
      /* Translators: why a kernel cannot launch: its block has more threads than a block may have, e.g. "block > 1024 threads" */
      why = g_strdup_printf (_("block > %d threads"), gpu->cap.max_threads_per_block);
      break;
    case CUOCC_IMPORT_NO_BLOCK_FITS:
      *first = g_strdup (_("Cannot launch"));
      /* Translators: why a kernel cannot launch: no block fits on an SM, for this limiter, e.g. "Registers: no block fits" */
      why = g_strdup_printf (_("%s: no block fits"), cuocc_limit_title (cell->limiters & -cell->limiters));
      break;
    case CUOCC_IMPORT_LAUNCH_UNKNOWN:
    default:
      *first = g_strdup ("–");
      why = g_strdup (cell->reason == CUOCC_IMPORT_WHY_PTX && cell->ptx_failed ? _("ptxas failed")
                      /* Translators: a PTX kernel in the comparison: its figures come once ptxas assembles it for this GPU */
                      : cell->reason == CUOCC_IMPORT_WHY_PTX ? _("needs assembly")
                      : cell->reason == CUOCC_IMPORT_WHY_NO_BLOCK_SIZE ? _("no block size")
                      : _("not known"));
      break;
    }
  /* Translators: a comparison cell's second line: the limiter or why it cannot launch, then the entry that runs, e.g. "Warps · sm_90" */
  *second = cell->runs ? g_strdup_printf (_("%s · %s"), why, entry) : g_strdup (why);
  if (tooltip != NULL)
    {
      g_autofree char *name = g_strdup (gpu->name);

      if (cell->figures_from != NULL)
        /* Translators: a comparison cell's tooltip, e.g. "NVIDIA H100 SXM5: compute_80 → ptxas\nFigures from ptxas 13.0 for sm_90; …" */
        *tooltip = g_strdup_printf (_("%s: %s\nFigures from %s; the CUDA driver’s JIT compiler may give other figures."),
                                    name, entry, cell->figures_from);
      else if (cell->reason == CUOCC_IMPORT_WHY_PTX && !cell->ptx_failed)
        /* Translators: a comparison cell's tooltip, e.g. "NVIDIA H100 SXM5: compute_80 JIT\nAssemble PTX Kernels …" */
        *tooltip = g_strdup_printf (_("%s: %s\nIts registers are known once ptxas assembles it for this GPU: "
                                      "Assemble PTX Kernels in the main menu."), name, entry);
      else if (cell->why != NULL)
        *tooltip = g_strdup_printf ("%s: %s\n%s", name, entry, cell->why);
      else
        *tooltip = g_strdup_printf ("%s: %s", name, entry);
    }
}

char *
cuocc_gpu_short_name (const CuoccGpu *gpu)
{
  static const char *prefixes[] = { "NVIDIA ", "GeForce " };
  const char *name = gpu->name;

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (name, prefixes[i]))
      name += strlen (prefixes[i]);
  return g_strdup (name);
}
