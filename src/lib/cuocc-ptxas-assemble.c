/* cuocc-ptxas-assemble.c — the figures of a list's PTX kernels, from ptxas
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The PTX entries that load on the GPU (cuocc_kernel_list_select()) are
 * grouped by module; each module is one job: its cached output, or one
 * ptxas run over the whole module (a library's module holds tens of
 * kernels, and ptxas assembles them in one go faster than one run each).
 * The jobs run on a pool of threads, as many as processors, each waiting on
 * its own ptxas; their results come back to the calling thread through a
 * queue, which puts the figures into the list and reports progress, so the
 * list is only ever touched by the caller. A cancel stops the runs under
 * way (their process groups are killed) and keeps what finished, in the
 * list and in the cache.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "cuocc-ptxas-private.h"

typedef struct {
  CuoccPtxModule *module;
  char *entry;                     /* per entry: the kernel's mangled name; NULL: the whole module */
  char *target;                    /* "sm_89" */
  GArray *kernels;                 /* guint: the list's kernels this job gives figures */
  guint index;

  /* the result */
  gboolean cached;
  gboolean ran;
  gboolean left;                   /* neither cached nor assembled */
  gboolean cancelled;
  char *output;                    /* what ptxas printed (NULL: nothing to read) */
  char *problem;                   /* why there are no figures, for every kernel of the job */
} Job;

typedef struct {
  const CuoccPtxasOptions *options;
  char *cache_dir;
  char *tmp_dir;                   /* where the PTX is written for ptxas; NULL: not made yet */
  GMutex tmp_lock;
  GAsyncQueue *done;
  GCancellable *cancellable;
} Work;

static void
job_free (Job *job)
{
  g_clear_pointer (&job->module, cuocc_ptx_module_unref);
  g_free (job->entry);
  g_free (job->target);
  g_array_unref (job->kernels);
  g_free (job->output);
  g_free (job->problem);
  g_free (job);
}

/**
 * cuocc_kernel_needs_ptxas:
 * @k: an entry
 *
 * Returns: whether the entry is PTX that loads on the chosen GPU and has no
 *   figures yet, which ptxas can give
 */
gboolean
cuocc_kernel_needs_ptxas (const CuoccKernel *k)
{
  g_return_val_if_fail (k != NULL, FALSE);

  return k->code == CUOCC_CODE_PTX && k->loaded == CUOCC_LOAD_YES && k->ptx != NULL && k->regs < 0;
}

/* ----- a job, on a thread of the pool ----- */

static char *
temp_dir (Work *work, GError **error)
{
  char *dir;

  g_mutex_lock (&work->tmp_lock);
  if (work->tmp_dir == NULL)
    work->tmp_dir = g_dir_make_tmp ("cuocc-ptxas-XXXXXX", error);
  dir = g_strdup (work->tmp_dir);
  g_mutex_unlock (&work->tmp_lock);
  return dir;
}

/* ptxas reads the PTX from a file of a private folder: a pipe to its
 * standard input could fill while it writes its own output. */
static void
assemble (Work *work, Job *job, const char *key)
{
  const CuoccPtxasOptions *o = work->options;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) text = cuocc_ptx_module_get_text (job->module, &error);
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autofree char *arch = g_strconcat ("-arch=", job->target, NULL);
  g_autofree char *problem = NULL;
  g_autofree char *output = NULL;
  const char *argv[10];
  guint n = 0;
  PtxasRunStatus status;
  int exit_status = 0;
  gconstpointer data;
  gsize len;

  if (text == NULL)
    {
      job->problem = g_strdup_printf (_("its PTX could not be read again: %s"), error->message);
      return;
    }
  if ((dir = temp_dir (work, &error)) == NULL)
    {
      job->problem = g_strdup_printf (_("no folder for ptxas's input: %s"), error->message);
      return;
    }
  name = g_strdup_printf ("module-%u.ptx", job->index);
  path = g_build_filename (dir, name, NULL);
  data = g_bytes_get_data (text, &len);
  if (!g_file_set_contents (path, data, (gssize) len, &error))
    {
      job->problem = g_strdup_printf (_("no file for ptxas's input: %s"), error->message);
      return;
    }
  argv[n++] = cuocc_ptxas_get_path (o->ptxas);
  argv[n++] = arch;
  argv[n++] = "-v";
  if (job->entry != NULL)
    {
      argv[n++] = "--entry";
      argv[n++] = job->entry;
    }
  argv[n++] = "-o";
  argv[n++] = "/dev/null";
  argv[n++] = path;
  argv[n] = NULL;
  job->ran = TRUE;
  status = _cuocc_ptxas_run (argv, o->timeout_s, work->cancellable, &output, &problem, &exit_status);
  g_unlink (path);
  switch (status)
    {
    case PTXAS_RUN_CANCELLED:
      job->cancelled = TRUE;
      return;
    case PTXAS_RUN_OK:
    case PTXAS_RUN_REJECTED:
      /* Either is what this ptxas always says of this PTX. */
      _cuocc_ptxas_cache_store (work->cache_dir, key, exit_status, output, NULL);
      break;
    case PTXAS_RUN_FAILED:
    default:
      break;
    }
  if (status == PTXAS_RUN_OK)
    job->output = g_steal_pointer (&output);
  else
    job->problem = g_steal_pointer (&problem);
}

static void
run_job (gpointer data, gpointer user_data)
{
  Job *job = data;
  Work *work = user_data;
  g_autofree char *key = NULL;
  g_autofree char *output = NULL;
  int exit_status;

  if (g_cancellable_is_cancelled (work->cancellable))
    job->cancelled = TRUE;
  else
    {
      key = _cuocc_ptxas_cache_key (work->options->ptxas, job->module, job->target, job->entry);
      if (_cuocc_ptxas_cache_load (work->cache_dir, key, &exit_status, &output))
        {
          job->cached = TRUE;
          if (exit_status == 0)
            job->output = g_steal_pointer (&output);
          else
            {
              g_autofree char *why = _cuocc_ptxas_first_error (output);

              job->problem = g_strdup_printf (_("it exited with status %d: %s"), exit_status, why);
            }
        }
      else if (!work->options->assemble)
        job->left = TRUE;
      else
        assemble (work, job, key);
    }
  g_async_queue_push (work->done, job);
}

/* ----- the results, in the caller's thread ----- */

static void
set_problem (CuoccKernel *k, const CuoccPtxas *ptxas, const char *target, const char *why)
{
  g_free (k->ptx_problem);
  k->ptx_problem = g_strdup_printf (_("ptxas %s for %s: %s"), cuocc_ptxas_get_version (ptxas), target, why);
}

static void
take_figures (CuoccKernel *k, const CuoccKernel *f, const char *from)
{
  k->regs = f->regs;
  k->smem = f->smem;
  k->barriers = f->barriers;
  k->stack = f->stack;
  k->spill_stores = f->spill_stores;
  k->spill_loads = f->spill_loads;
  k->lmem = f->lmem;
  k->cmem = f->cmem;
  g_free (k->figures_from);
  k->figures_from = g_strdup (from);
  g_clear_pointer (&k->ptx_problem, g_free);
}

/* What ptxas printed, read as any ptxas -v log is; a kernel whose name or
 * target it does not print gets no figures. */
static void
apply (CuoccKernelList *list, const CuoccPtxasOptions *o, Job *job, CuoccPtxasSummary *summary)
{
  g_autoptr (CuoccKernelList) printed = NULL;
  g_autoptr (GHashTable) by_name = NULL;
  g_autofree char *from = NULL;

  if (job->left || job->cancelled)
    {
      summary->n_left++;
      summary->n_left_kernels += job->kernels->len;
      summary->left_bytes += cuocc_ptx_module_get_size (job->module);
      return;
    }
  summary->n_cached += job->cached;
  summary->n_runs += job->ran;
  from = g_strdup_printf ("ptxas %s for %s", cuocc_ptxas_get_version (o->ptxas), job->target);
  if (job->output != NULL)
    printed = _cuocc_import_parse_ptxas_output (job->output, strlen (job->output));
  by_name = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; printed != NULL && i < printed->n_kernels; i++)
    {
      CuoccKernel *f = &printed->kernels[i];

      if (f->format == CUOCC_IMPORT_FORMAT_PTXAS && f->mangled != NULL && f->regs >= 0 &&
          (f->arch == NULL || strcmp (f->arch, job->target) == 0))
        g_hash_table_insert (by_name, f->mangled, f);
    }
  for (guint i = 0; i < job->kernels->len; i++)
    {
      CuoccKernel *k = &list->kernels[g_array_index (job->kernels, guint, i)];
      const CuoccKernel *f = k->mangled != NULL ? g_hash_table_lookup (by_name, k->mangled) : NULL;

      if (f != NULL)
        {
          take_figures (k, f, from);
          summary->n_figures++;
          continue;
        }
      set_problem (k, o->ptxas, job->target,
                   job->problem != NULL ? job->problem : _("its output gives no figures for this kernel"));
      summary->n_problems++;
    }
}

/* ----- public API ----- */

static GPtrArray *
make_jobs (CuoccKernelList *list, const CuoccPtxasOptions *o, CuoccPtxasSummary *summary)
{
  g_autoptr (GHashTable) by_module = g_hash_table_new (g_direct_hash, g_direct_equal);
  GPtrArray *jobs = g_ptr_array_new_with_free_func ((GDestroyNotify) job_free);

  for (guint i = 0; i < list->n_kernels; i++)
    {
      CuoccKernel *k = &list->kernels[i];
      Job *job = o->per_entry ? NULL : g_hash_table_lookup (by_module, k->ptx);

      if (!cuocc_kernel_needs_ptxas (k))
        continue;
      summary->n_kernels++;
      if (job == NULL)
        {
          job = g_new0 (Job, 1);
          job->module = cuocc_ptx_module_ref (k->ptx);
          job->entry = o->per_entry ? g_strdup (k->mangled) : NULL;
          job->target = cuocc_ptxas_target (k->ptx, o->major, o->minor);
          job->kernels = g_array_new (FALSE, FALSE, sizeof (guint));
          job->index = jobs->len;
          g_ptr_array_add (jobs, job);
          if (!o->per_entry)
            g_hash_table_insert (by_module, k->ptx, job);
        }
      g_array_append_val (job->kernels, i);
    }
  summary->n_modules = jobs->len;
  return jobs;
}

static int
larger_first (gconstpointer a, gconstpointer b)
{
  const Job *x = *(const Job *const *) a;
  const Job *y = *(const Job *const *) b;
  gsize xs = cuocc_ptx_module_get_size (x->module);
  gsize ys = cuocc_ptx_module_get_size (y->module);

  if (xs != ys)
    return xs > ys ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static void
remove_temp_dir (Work *work)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (work->tmp_dir == NULL)
    return;
  /* Each job removes its file; one stopped at the wrong moment may not. */
  if ((dir = g_dir_open (work->tmp_dir, 0, NULL)) != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (work->tmp_dir, name, NULL);

        g_unlink (path);
      }
  g_rmdir (work->tmp_dir);
  g_clear_pointer (&work->tmp_dir, g_free);
}

/**
 * cuocc_kernel_list_assemble_ptx:
 * @list: the kernels, after cuocc_kernel_list_select() for the GPU
 * @options: the ptxas, the GPU, whether to run ptxas or read only the cache
 * @cancellable: (nullable): stops the runs under way
 * @summary: (out caller-allocates) (optional): what was done
 * @error: return location for a #GError
 *
 * Gives figures to the PTX entries that load on the GPU
 * (cuocc_kernel_needs_ptxas()): from the cache, or, with
 * @options->assemble, from ptxas, each module once (per entry with
 * @options->per_entry), @options->max_jobs at a time, each run under
 * @options->timeout_s. A kernel that gets figures says where from
 * (CuoccKernel.figures_from); one that ptxas gives none says why
 * (CuoccKernel.ptx_problem). What finishes is cached.
 *
 * Returns: %FALSE with %G_IO_ERROR_CANCELLED when cancelled; the figures
 *   that came before stay in the list
 */
gboolean
cuocc_kernel_list_assemble_ptx (CuoccKernelList         *list,
                                const CuoccPtxasOptions *options,
                                GCancellable            *cancellable,
                                CuoccPtxasSummary       *summary,
                                GError                 **error)
{
  g_autoptr (GPtrArray) jobs = NULL;
  CuoccPtxasSummary local = { 0 };
  Work work = { 0 };
  GThreadPool *pool;
  guint n_jobs;

  g_return_val_if_fail (list != NULL, FALSE);
  g_return_val_if_fail (options != NULL && options->ptxas != NULL, FALSE);

  if (summary == NULL)
    summary = &local;
  memset (summary, 0, sizeof *summary);
  jobs = make_jobs (list, options, summary);
  if (jobs->len == 0)
    return TRUE;

  work.options = options;
  work.cache_dir = options->cache_dir != NULL ? g_strdup (options->cache_dir) : _cuocc_ptxas_cache_dir ();
  work.done = g_async_queue_new ();
  work.cancellable = g_cancellable_new ();
  g_mutex_init (&work.tmp_lock);
  n_jobs = options->max_jobs > 0 ? options->max_jobs : g_get_num_processors ();
  /* The largest modules first: a large one started last would leave the
   * other processors idle while it alone runs (cuBLAS's modules go from
   * 4 KB to megabytes of PTX). Only the order of the runs changes. */
  g_ptr_array_sort (jobs, larger_first);
  pool = g_thread_pool_new (run_job, &work, (int) MAX (1, MIN (n_jobs, jobs->len)), FALSE, NULL);
  for (guint i = 0; i < jobs->len; i++)
    g_thread_pool_push (pool, g_ptr_array_index (jobs, i), NULL);

  for (guint done = 0; done < jobs->len;)
    {
      Job *job = g_async_queue_timeout_pop (work.done, 50 * G_TIME_SPAN_MILLISECOND);

      if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
        g_cancellable_cancel (work.cancellable);
      if (job == NULL)
        continue;
      apply (list, options, job, summary);
      done++;
      if (options->progress != NULL)
        options->progress (done, jobs->len, options->user_data);
    }
  g_thread_pool_free (pool, FALSE, TRUE);
  remove_temp_dir (&work);
  g_mutex_clear (&work.tmp_lock);
  g_async_queue_unref (work.done);
  g_free (work.cache_dir);
  g_object_unref (work.cancellable);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}
