/* cuocc-kernels-panel-gpus-job.c — the GPU comparison worked out in a
 * worker, and its rows filling in as it works (issue 27 §3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The worker gets the store's entries as read by reference
 * (cuocc-kernel-entries.c) and copies them itself, so that starting a
 * comparison costs the main thread no copy of the library. It works the
 * kernels out in the entries' order and tells the main loop each time the
 * next ROWS_PER_ITERATION rows are ready (cuocc_gpu_comparison_compute ()'s
 * slices): the rows take them, at most that many an iteration, while it
 * works on. Before the first row takes a comparison its columns come (one
 * an iteration, cuocc-kernels-panel-gpus.c), and the comparison the rows
 * showed is marked stale: its cells show "…", so that the table shows the
 * new comparison where it has come and nothing elsewhere, never a mix of
 * two. The progress above the table says how many rows have it; its Cancel
 * stops the worker and brings the last comparison back the same way (or
 * none). The rows are filtered and sorted once, when all have it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernel-entries.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"
#include "cuocc-workers.h"

/* ----- the comparison's worker ----- */

/* Where the worker's ptxas runs are, for the progress above the table. */
typedef struct _CuoccGpusProgress CuoccGpusProgress;
struct _CuoccGpusProgress {
  int gpu;
  int done;
  int total;
};

/* For the tests (cuocc_kernels_panel_hold_gpus_slices ()): the worker waits
 * after each slice until the rows show it, and at @limit rows until the
 * test lets it go on, so that what arrives in parts can be counted
 * whatever the machine's speed. */
typedef struct _CuoccGpusGate CuoccGpusGate;
struct _CuoccGpusGate {
  GMutex lock;
  GCond cond;
  guint shown;                     /* the rows that show the comparison */
  guint limit;
  gboolean open;                   /* the worker waits no more */
};

static void
gate_clear (CuoccGpusGate *gate)
{
  g_mutex_clear (&gate->lock);
  g_cond_clear (&gate->cond);
}

static void
gate_release (CuoccGpusGate *gate)
{
  g_atomic_rc_box_release_full (gate, (GDestroyNotify) gate_clear);
}

static void
gate_set (CuoccGpusGate *gate,
          guint          shown,
          gboolean       open)
{
  g_mutex_lock (&gate->lock);
  gate->shown = MAX (gate->shown, shown);
  gate->open |= open;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

/* The entries the worker works out between the times it tells the main
 * loop that more rows are ready: as many as the rows take in an iteration. */
#define ROWS_PER_ITERATION 4096

typedef struct {
  CuoccKernelEntries *read;        /* the store's entries as read, copied in the worker */
  CuoccKernel *entries;            /* or a copy made here, their strings the items' */
  guint n;
  GListStore *store;
  CuoccGpu *gpus;
  guint n_gpus;
  int threads;
  guint generation;
  GWeakRef *panel;                 /* for the slices the worker tells of (panel_ref_new ()) */
  gboolean look_again;             /* worked out without ptxas: its cache, after */
  CuoccPtxas *ptxas;               /* NULL: none found (yet) */
  gboolean assemble;
  guint timeout_s;
  GCancellable *cancellable;
  GCancellable *ptx_cancellable;   /* stops ptxas alone */
  CuoccGpusProgress *progress;
  CuoccGpusGate *gate;             /* the tests': NULL */
  CuoccGpuComparison *out;
  guint slices;                    /* told of by the worker (the tests' count) */
} GpusJob;

/* The panel, weakly, shared by the job and its slices: the worker hands it
 * on without ever holding the panel itself, so that a panel closed meanwhile
 * is never finalized in the worker (a g_weak_ref_get () there would hold
 * it for a moment, and its release could be the last). */
static void
panel_ref_clear (gpointer data)
{
  g_weak_ref_clear (data);
}

static GWeakRef *
panel_ref_new (gpointer panel)
{
  GWeakRef *ref = g_atomic_rc_box_new0 (GWeakRef);

  g_weak_ref_init (ref, panel);
  return ref;
}

static void
panel_ref_release (GWeakRef *ref)
{
  g_atomic_rc_box_release_full (ref, panel_ref_clear);
}

static void
gpus_job_free (GpusJob *job)
{
  cuocc_kernel_entries_release (job->read);
  g_free (job->entries);
  g_free (job->gpus);
  g_clear_object (&job->store);
  panel_ref_release (job->panel);
  g_clear_pointer (&job->ptxas, cuocc_ptxas_unref);
  g_clear_object (&job->cancellable);
  g_clear_object (&job->ptx_cancellable);
  g_atomic_rc_box_release (job->progress);
  g_clear_pointer (&job->gate, gate_release);
  g_clear_pointer (&job->out, cuocc_gpu_comparison_unref);
  g_free (job);
}

static void
progress_cb (guint    gpu,
             guint    done,
             guint    total,
             gpointer user_data)
{
  CuoccGpusProgress *progress = user_data;

  g_atomic_int_set (&progress->gpu, (int) gpu);
  g_atomic_int_set (&progress->total, (int) total);
  g_atomic_int_set (&progress->done, (int) done);
}

/* A slice the worker made ready, on its way to the main loop. */
typedef struct {
  GWeakRef *panel;                 /* the job's (panel_ref_new ()) */
  guint generation;
  gboolean look_again;
  CuoccGpuComparison *gpus;
} Slice;

static void
slice_free (gpointer data)
{
  Slice *slice = data;

  panel_ref_release (slice->panel);
  cuocc_gpu_comparison_unref (slice->gpus);
  g_free (slice);
}

static void arrive (CuoccKernelsPanel *self, CuoccGpuComparison *gpus, gboolean look_again);

/* In the main thread: the rows take what is ready (or begin to). */
static gboolean
slice_arrived_cb (gpointer data)
{
  Slice *slice = data;
  g_autoptr(CuoccKernelsPanel) self = g_weak_ref_get (slice->panel);

  if (self == NULL || slice->generation != self->gpus_generation || self->gpus_cancellable == NULL)
    return G_SOURCE_REMOVE;
  arrive (self, slice->gpus, slice->look_again);
  return G_SOURCE_REMOVE;
}

/* In the worker: the next rows are ready. */
static void
slice_cb (CuoccGpuComparison *gpus,
          guint               ready,
          gpointer            user_data)
{
  GpusJob *job = user_data;
  Slice *slice = g_new0 (Slice, 1);

  slice->panel = g_atomic_rc_box_acquire (job->panel);
  slice->generation = job->generation;
  slice->look_again = job->look_again;
  slice->gpus = cuocc_gpu_comparison_ref (gpus);
  job->slices++;
  {
    /* Never g_main_context_invoke (), which runs it here, in the worker,
     * whenever the main thread does not hold the context at that moment. */
    g_autoptr(GSource) source = g_idle_source_new ();

    g_source_set_priority (source, GDK_PRIORITY_REDRAW);
    g_source_set_callback (source, slice_arrived_cb, slice, slice_free);
    g_source_set_static_name (source, "[cuocc] GPU comparison slice");
    g_source_attach (source, NULL);
  }
  if (job->gate != NULL)
    {
      g_mutex_lock (&job->gate->lock);
      while ((job->gate->shown < ready || ready >= job->gate->limit) && !job->gate->open &&
             ready < job->n)
        g_cond_wait (&job->gate->cond, &job->gate->lock);
      g_mutex_unlock (&job->gate->lock);
    }
}

static void
gpus_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GpusJob *job = task_data;
  CuoccGpuComparisonPtx ptx = { 0 };

  ptx.ptxas = job->ptxas;
  ptx.assemble = job->assemble;
  ptx.timeout_s = job->timeout_s;
  ptx.cancellable = job->ptx_cancellable;
  ptx.progress = progress_cb;
  ptx.user_data = job->progress;
  if (job->read != NULL)
    {
      guint n;

      job->entries = cuocc_kernel_entries_copy (job->read, &n);
      g_assert (n == job->n);
    }
  job->out = cuocc_gpu_comparison_compute (job->entries, job->n, G_OBJECT (job->store), job->gpus, job->n_gpus,
                                           job->threads, &ptx, ROWS_PER_ITERATION, slice_cb, job, cancellable);
  g_task_return_boolean (task, job->out != NULL);
}


static gboolean
progress_tick_cb (gpointer data)
{
  _cuocc_kernels_panel_ptxas_gpus_changed (data);
  return G_SOURCE_CONTINUE;
}

static void
stop_progress (CuoccKernelsPanel *self)
{
  g_clear_handle_id (&self->gpus_progress_source, g_source_remove);
  g_clear_pointer (&self->gpus_progress, g_atomic_rc_box_release);
  self->gpus_assembling = FALSE;
}


static void
gpus_done_cb (GObject      *object,
              GAsyncResult *res,
              gpointer      user_data)
{
  GpusJob *job = g_task_get_task_data (G_TASK (res));
  g_autoptr(CuoccKernelsPanel) self = g_weak_ref_get (job->panel);
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));

  /* The worker returned, its ptxas runs and their folder gone. */
  cuocc_workers_end ();
  if (self == NULL || g_cancellable_is_cancelled (cancellable) || job->generation != self->gpus_generation || job->out == NULL ||
      job->store != self->store || job->n != g_list_model_get_n_items (G_LIST_MODEL (self->store)))
    return;

  /* Counted here, not as each slice reaches the main loop: the last one's
   * may come after this, which takes the whole comparison anyway. */
  self->gpus_slices += job->slices;
  g_clear_object (&self->gpus_cancellable);
  g_clear_object (&self->gpus_ptx_cancellable);
  g_clear_pointer (&self->gpus_gate, gate_release);
  stop_progress (self);
  /* The rows take what they have not yet (the slices told of may be on
   * their way still); ptxas was found while this was worked out without
   * it: its cache, after. */
  if (self->gpus == job->out && self->gpus_arriving == NULL)
    {
      /* The rows took it all before the worker's end came. */
      _cuocc_kernels_panel_ptxas_gpus_changed (self);
      if (job->look_again)
        _cuocc_kernels_panel_gpus_ptxas (self, FALSE);
    }
  else
    arrive (self, job->out, job->look_again);
  _cuocc_kernels_panel_set_busy (self);
  _cuocc_kernels_panel_gpus_update_progress (self);
}

/* ----- the comparison's arrival ----- */

/* The rows a comparison is ready for: all of them for none. */
static guint
n_ready (CuoccKernelsPanel  *self,
         CuoccGpuComparison *gpus)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  return gpus != NULL ? MIN (cuocc_gpu_comparison_get_n_ready (gpus), n) : n;
}

/* One iteration: first the columns come or go, one an iteration, and get
 * their titles; then the next rows the worker has made ready take the
 * comparison, at most ROWS_PER_ITERATION (waiting for the worker where
 * they have all those it made ready); at the end the rows are filtered and
 * sorted once. The cells on screen show each slice as it comes; a row not
 * yet reached shows "…", its comparison marked stale. */
static gboolean
apply_cb (gpointer data)
{
  CuoccKernelsPanel *self = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  gboolean look_again = self->gpus_apply_look_again;
  CuoccGpuComparison *gpus = self->gpus_arriving;
  guint end, rows;
  gboolean shown_changed;

  self->gpus_apply_iterations++;
  if (self->gpus_apply_store != self->store)
    {
      /* Another file's rows: the comparison was not theirs (the next one is worked out for them). */
      self->gpus_apply_id = 0;
      if (gpus != NULL)
        cuocc_gpu_comparison_set_stale (gpus, TRUE);
      g_clear_pointer (&self->gpus_arriving, cuocc_gpu_comparison_unref);
      g_clear_object (&self->gpus_apply_store);
      _cuocc_kernels_panel_set_busy (self);
      _cuocc_kernels_panel_gpus_update_progress (self);
      return G_SOURCE_REMOVE;
    }
  if (!self->gpus_columns_ready)
    {
      if (_cuocc_kernels_panel_gpus_columns_step (self, gpus))
        {
          self->gpus_columns_changed++;
          return G_SOURCE_CONTINUE;
        }
      /* The columns are this comparison's: its cells may show. */
      _cuocc_kernels_panel_gpus_columns_done (self, gpus);
      self->gpus_columns_ready = TRUE;
      if (gpus != NULL)
        cuocc_gpu_comparison_set_stale (gpus, FALSE);
    }

  end = MIN (self->gpus_apply_next + ROWS_PER_ITERATION, n_ready (self, gpus));
  rows = end - MIN (self->gpus_apply_next, end);
  for (guint i = self->gpus_apply_next; i < end; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_set_gpus (item, gpus, i);
    }
  self->gpus_apply_next = MAX (self->gpus_apply_next, end);
  self->gpus_most_rows = MAX (self->gpus_most_rows, rows);
  if (self->gpus_gate != NULL)
    gate_set (self->gpus_gate, self->gpus_apply_next, FALSE);
  if (rows > 0)
    {
      if (self->gpus_cancellable != NULL && self->gpus_apply_next < n)
        self->gpus_rows_while_working = MAX (self->gpus_rows_while_working, self->gpus_apply_next);
      cuocc_kernels_table_update_cells (self->table);
      _cuocc_kernels_panel_gpus_update_progress (self);
      return G_SOURCE_CONTINUE;
    }
  if (self->gpus_apply_next < n)
    {
      /* The worker's next slice brings the next rows (arrive ()). */
      self->gpus_apply_id = 0;
      return G_SOURCE_REMOVE;
    }

  self->gpus_apply_id = 0;
  g_clear_object (&self->gpus_apply_store);
  if (self->gpus != NULL && self->gpus != gpus)
    cuocc_gpu_comparison_set_stale (self->gpus, TRUE);
  shown_changed = self->gpus != gpus;
  g_clear_pointer (&self->gpus, cuocc_gpu_comparison_unref);
  self->gpus = g_steal_pointer (&self->gpus_arriving);
  _cuocc_kernels_panel_refresh_shown (self, TRUE);
  if (shown_changed)
    g_object_notify (G_OBJECT (self), "gpu-comparison");
  _cuocc_kernels_panel_set_busy (self);
  _cuocc_kernels_panel_gpus_update_progress (self);
  /* ptxas looked for, Assemble PTX Kernels on or off, its progress gone. */
  _cuocc_kernels_panel_ptxas_gpus_changed (self);
  if (look_again && self->gpus_cancellable == NULL)
    _cuocc_kernels_panel_gpus_ptxas (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* The rows take @gpus (NULL: none) over the next iterations of the main
 * loop, at the frame clock's priority (below it, a busy window's frames
 * would starve it), so that the window keeps drawing: the comparison they
 * show now, and the one that was arriving, show nothing from now on, until
 * the columns are those of @gpus and a row has taken it. */
void
_cuocc_kernels_panel_gpus_apply (CuoccKernelsPanel  *self,
       CuoccGpuComparison *gpus,
       gboolean            look_again)
{
  g_clear_handle_id (&self->gpus_apply_id, g_source_remove);
  if (self->gpus != NULL)
    cuocc_gpu_comparison_set_stale (self->gpus, TRUE);
  if (self->gpus_arriving != NULL)
    cuocc_gpu_comparison_set_stale (self->gpus_arriving, TRUE);
  if (gpus != NULL)
    cuocc_gpu_comparison_set_stale (gpus, TRUE);
  g_clear_pointer (&self->gpus_arriving, cuocc_gpu_comparison_unref);
  self->gpus_arriving = gpus != NULL ? cuocc_gpu_comparison_ref (gpus) : NULL;
  self->gpus_apply_next = 0;
  self->gpus_columns_ready = FALSE;
  self->gpus_apply_look_again = look_again;
  g_set_object (&self->gpus_apply_store, self->store);
  self->gpus_apply_id = g_idle_add_full (GDK_PRIORITY_REDRAW, apply_cb, self, NULL);
  cuocc_kernels_table_update_cells (self->table);
  _cuocc_kernels_panel_set_busy (self);
}

/* The worker made more rows of @gpus ready (or all): the rows begin to take
 * it, or go on taking it. */
static void
arrive (CuoccKernelsPanel  *self,
        CuoccGpuComparison *gpus,
        gboolean            look_again)
{
  if (gpus == self->gpus && self->gpus_arriving == NULL)
    return;                        /* all there */
  if (gpus != self->gpus_arriving)
    _cuocc_kernels_panel_gpus_apply (self, gpus, look_again);
  else if (self->gpus_apply_id == 0)
    self->gpus_apply_id = g_idle_add_full (GDK_PRIORITY_REDRAW, apply_cb, self, NULL);
  _cuocc_kernels_panel_gpus_update_progress (self);
}

/* ----- the comparison's progress above the table ----- */

/* Whether a comparison is worked out, or arriving (not the last one coming back after a Cancel). */
static gboolean
comparing (CuoccKernelsPanel *self)
{
  return self->gpus_cancellable != NULL || self->gpus_wait_ptxas ||
         (self->gpus_arriving != NULL && !self->gpus_restoring);
}

void
_cuocc_kernels_panel_gpus_update_progress (CuoccKernelsPanel *self)
{
  guint n = self->store != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->store)) : 0;
  CuoccGpu gpus[CUOCC_COMPARE_MAX_GPUS];
  guint n_gpus;
  g_autofree char *text = NULL;

  if (!comparing (self))
    {
      self->gpus_restoring = self->gpus_restoring && self->gpus_apply_id != 0;
      gtk_widget_set_visible (self->gpus_box, FALSE);
      return;
    }
  n_gpus = _cuocc_kernels_panel_gpus_chosen (self, gpus);
  if (self->gpus_arriving == NULL)
    /* Translators: above the kernels table, while the kernels are worked out on the GPUs compared, before any row has them */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Comparing %u GPU…", "Comparing %u GPUs…", n_gpus), n_gpus);
  else
    {
      g_autofree char *done = cuocc_format_count (self->gpus_apply_next);
      g_autofree char *total = cuocc_format_count (n);

      /* Translators: above the kernels table, e.g. "Comparing 3 GPUs: 8,192 of 57,600 rows" */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Comparing %u GPU: %s of %s rows",
                                           "Comparing %u GPUs: %s of %s rows", n_gpus), n_gpus, done, total);
    }
  gtk_label_set_label (self->gpus_label, text);
  gtk_progress_bar_set_fraction (self->gpus_bar, n > 0 && self->gpus_arriving != NULL ?
                                                 (double) self->gpus_apply_next / n : 0.0);
  gtk_widget_set_visible (self->gpus_box, TRUE);
}

/* Cancel: the worker stops, and the table shows the last comparison again
 * (or none), whose rows that had taken the new one take it back a slice an
 * iteration, showing nothing meanwhile. */
static void
cancel_compare_cb (CuoccKernelsPanel *self)
{
  gboolean arriving = self->gpus_arriving != NULL;

  if (!comparing (self))
    return;
  /* Told of once the last one is coming back, not as this one stops. */
  self->state_frozen++;
  _cuocc_kernels_panel_gpus_stop (self);
  self->gpus_generation++;
  if (arriving || self->gpus_apply_id != 0)
    {
      self->gpus_restoring = TRUE;
      _cuocc_kernels_panel_gpus_apply (self, self->gpus, FALSE);
    }
  self->state_frozen--;
  _cuocc_kernels_panel_set_busy (self);
  _cuocc_kernels_panel_ptxas_gpus_changed (self);
  _cuocc_kernels_panel_gpus_update_progress (self);
}

/* ----- starting ----- */

/* Works the kernels out on @gpus in a worker (with @assemble, running
 * ptxas for what the cache lacks); the rows take it as it comes. */
void
_cuocc_kernels_panel_gpus_start (CuoccKernelsPanel *self,
                                 const CuoccGpu    *gpus,
                                 guint              n_gpus,
                                 gboolean           assemble)
{
  g_autoptr(GTask) task = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  GpusJob *job;

  job = g_new0 (GpusJob, 1);
  job->n = n;
  /* The entries as read: PTX that ptxas assembled for the calculator's GPU
   * has figures for its target alone; the comparison takes each GPU's from
   * the cache (or ptxas) for that GPU's target. A read's entries are
   * shared with the worker, which copies them (57,600 entries of the
   * generated library took 6 to 100 ms of this thread to copy here); the
   * items of a store made otherwise are copied here. */
  job->read = cuocc_kernel_entries_of_store (G_LIST_MODEL (self->store));
  if (job->read == NULL)
    {
      self->gpus_entries_copied += n;
      job->entries = g_new (CuoccKernel, MAX (n, 1));
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

          cuocc_kernel_item_get_read_kernel (item, &job->entries[i]);
        }
    }
  job->store = g_object_ref (self->store);
  job->gpus = g_memdup2 (gpus, sizeof gpus[0] * n_gpus);
  job->n_gpus = n_gpus;
  job->threads = self->threads;
  job->generation = self->gpus_generation;
  job->panel = panel_ref_new (self);
  job->ptxas = self->ptxas != NULL ? cuocc_ptxas_ref (self->ptxas) : NULL;
  /* Worked out without ptxas: its cache, once ptxas is found. */
  job->look_again = job->ptxas == NULL;
  job->assemble = assemble && job->ptxas != NULL;
  job->timeout_s = self->ptxas_timeout_s;
  job->ptx_cancellable = g_cancellable_new ();
  job->progress = g_atomic_rc_box_new0 (CuoccGpusProgress);
  g_atomic_int_set (&job->progress->gpu, -1);

  self->gpus_cancellable = g_cancellable_new ();
  job->cancellable = g_object_ref (self->gpus_cancellable);
  self->gpus_ptx_cancellable = g_object_ref (job->ptx_cancellable);
  if (self->gpus_hold_limit > 0)
    {
      job->gate = g_atomic_rc_box_new0 (CuoccGpusGate);
      g_mutex_init (&job->gate->lock);
      g_cond_init (&job->gate->cond);
      job->gate->limit = self->gpus_hold_limit;
      self->gpus_gate = g_atomic_rc_box_acquire (job->gate);
    }
  if (job->assemble)
    {
      self->gpus_assembling = TRUE;
      self->gpus_progress = g_atomic_rc_box_acquire (job->progress);
      self->gpus_progress_source = g_timeout_add (100, progress_tick_cb, self);
    }
  _cuocc_kernels_panel_set_busy (self);
  /* No source object: the task may end in the worker, and a panel it held
   * could be finalized there; the job holds the panel weakly instead. */
  task = g_task_new (NULL, self->gpus_cancellable, gpus_done_cb, NULL);
  g_task_set_source_tag (task, _cuocc_kernels_panel_compare_gpus);
  g_task_set_task_data (task, job, (GDestroyNotify) gpus_job_free);
  g_task_run_in_thread (task, gpus_thread);
  cuocc_workers_begin ();
}

/* The comparison under way, if any, stops (its ptxas runs too). */
void
_cuocc_kernels_panel_gpus_stop (CuoccKernelsPanel *self)
{
  self->gpus_wait_ptxas = FALSE;
  if (self->gpus_cancellable != NULL)
    g_cancellable_cancel (self->gpus_cancellable);
  if (self->gpus_ptx_cancellable != NULL)
    g_cancellable_cancel (self->gpus_ptx_cancellable);
  g_clear_object (&self->gpus_cancellable);
  g_clear_object (&self->gpus_ptx_cancellable);
  if (self->gpus_gate != NULL)
    gate_set (self->gpus_gate, 0, TRUE);
  g_clear_pointer (&self->gpus_gate, gate_release);
  stop_progress (self);
  /* A comparison half taken by the rows: its rows show nothing (nor do the
   * rest, whose comparison it was replacing) until the next one replaces
   * it, or the last one comes back. */
  g_clear_handle_id (&self->gpus_apply_id, g_source_remove);
  if (self->gpus_arriving != NULL)
    cuocc_gpu_comparison_set_stale (self->gpus_arriving, TRUE);
  g_clear_pointer (&self->gpus_arriving, cuocc_gpu_comparison_unref);
  g_clear_object (&self->gpus_apply_store);
  _cuocc_kernels_panel_update_state (self);
}

/* The progress above the table (gpus_box in the panel's .ui), while a
 * comparison is worked out and its rows fill in; once, from the panel's
 * init. */
void
_cuocc_kernels_panel_init_gpus_progress (CuoccKernelsPanel *self)
{
  g_signal_connect_swapped (self->gpus_cancel, "clicked", G_CALLBACK (cancel_compare_cb), self);
}

/* The progress of the comparison's ptxas runs, or NULL. */
char *
_cuocc_kernels_panel_gpus_progress (CuoccKernelsPanel *self,
                                    double            *fraction)
{
  int gpu, done, total;
  g_autofree char *name = NULL;

  if (!self->gpus_assembling || self->gpus_progress == NULL || self->ptxas == NULL)
    return NULL;
  gpu = g_atomic_int_get (&self->gpus_progress->gpu);
  total = g_atomic_int_get (&self->gpus_progress->total);
  done = g_atomic_int_get (&self->gpus_progress->done);
  *fraction = total > 0 ? (double) done / total : 0.0;
  if (gpu < 0 || total <= 0)
    /* Translators: the progress of Assemble PTX Kernels for the GPUs compared, before the modules are counted */
    return g_strdup_printf (_("ptxas %s for the GPUs compared…"), cuocc_ptxas_get_version (self->ptxas));
  {
    CuoccGpu gpus[CUOCC_COMPARE_MAX_GPUS];
    guint n_gpus = _cuocc_kernels_panel_gpus_chosen (self, gpus);

    name = (guint) gpu < n_gpus ? cuocc_gpu_short_name (&gpus[gpu]) : g_strdup ("?");
  }
  /* Translators: the progress of Assemble PTX Kernels for a GPU compared, e.g. "ptxas 13.0 for H100 SXM5: 3 of 10 modules" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "ptxas %s for %s: %d of %d module",
                                       "ptxas %s for %s: %d of %d modules", total),
                          cuocc_ptxas_get_version (self->ptxas), name, done, total);
}

/* ----- for the tests ----- */

/* How the comparisons came in parts, all together since the panel was
 * made: the slices the workers of the comparisons that ended told of, the most rows that took one while
 * its worker was still at work, and the entries the main thread copied for
 * a worker (none for a store a file's read made). */
void
cuocc_kernels_panel_get_gpus_slices (CuoccKernelsPanel *self,
                                     guint             *slices,
                                     guint             *rows_while_working,
                                     guint             *entries_copied)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  *slices = self->gpus_slices;
  *rows_while_working = self->gpus_rows_while_working;
  *entries_copied = self->gpus_entries_copied;
}

/* With @limit > 0, the comparison's worker waits after each slice until
 * the rows show it, and once @limit rows are ready until a larger limit is
 * given (G_MAXUINT: none); for the comparison under way and those started
 * from now on. 0: no wait, from the next comparison on. */
void
cuocc_kernels_panel_hold_gpus_slices (CuoccKernelsPanel *self,
                                      guint              limit)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  self->gpus_hold_limit = limit;
  if (self->gpus_gate != NULL)
    {
      g_mutex_lock (&self->gpus_gate->lock);
      self->gpus_gate->limit = limit;
      g_cond_broadcast (&self->gpus_gate->cond);
      g_mutex_unlock (&self->gpus_gate->lock);
    }
}
