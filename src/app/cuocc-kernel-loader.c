/* cuocc-kernel-loader.c — reads logs into lists of kernel items.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Logs are read in a worker thread (a build log can be 100 MB). Only the
 * newest read reports; an older one still running is cancelled. A file
 * read successfully is watched and read again when it changes on disk.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <cuocc.h>

#include "cuocc-kernel-item.h"
#include "cuocc-kernel-loader.h"

/* A log being rewritten changes several times in a row: read it once. */
#define REREAD_DELAY_MS 250

/* ----- struct ----- */

struct _CuoccKernelLoader
{
  GObject parent_instance;

  GCancellable *cancellable;       /* the read under way */
  GFile *file;                     /* the file watched */
  GFileMonitor *monitor;
  guint reread_id;
  int gpu_major;                   /* the GPU the entries are marked for */
  int gpu_minor;
  CuoccKernelLaunch launch;        /* what the rows are worked out for */
};

typedef struct {
  GFile *file;                     /* or */
  char *text;
  char *source_name;
  gboolean reread;
  int gpu_major;
  int gpu_minor;
  CuoccKernelLaunch launch;
} LoadJob;

typedef struct {
  GListStore *store;
  gboolean truncated;
  int gpu_major;                   /* what the items' load marks are for */
  int gpu_minor;
  CuoccKernelLaunch launch;        /* what the items are worked out for */
  char **arches;                   /* the architectures, in the order they come */
} LoadResult;

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelLoader, cuocc_kernel_loader, G_TYPE_OBJECT)

enum {
  LOADED,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

/* ----- helpers ----- */

/* The read under way (taken), or NULL for none: "busy" is notified as it
 * starts and ends, not as one read takes another's place. */
static void
set_cancellable (CuoccKernelLoader *self,
                 GCancellable      *cancellable)
{
  gboolean was_busy = self->cancellable != NULL;

  g_clear_object (&self->cancellable);
  self->cancellable = cancellable;
  if (was_busy != (cancellable != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
}

static void
load_job_free (LoadJob *job)
{
  g_clear_object (&job->file);
  g_free (job->text);
  g_free (job->source_name);
  g_free (job);
}

static void
load_result_free (LoadResult *result)
{
  g_clear_object (&result->store);
  g_strfreev (result->arches);
  g_free (result);
}

static void start_load (CuoccKernelLoader *self, LoadJob *job);

static void
stop_watching (CuoccKernelLoader *self)
{
  g_clear_handle_id (&self->reread_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_file_monitor_cancel (self->monitor);
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_clear_object (&self->monitor);
    }
  g_clear_object (&self->file);
}

static gboolean
reread_cb (gpointer user_data)
{
  CuoccKernelLoader *self = user_data;
  LoadJob *job;

  self->reread_id = 0;
  g_assert (self->file != NULL);

  job = g_new0 (LoadJob, 1);
  job->file = g_object_ref (self->file);
  job->source_name = g_file_get_basename (self->file);
  job->reread = TRUE;
  start_load (self, job);

  return G_SOURCE_REMOVE;
}

static void
file_changed_cb (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 CuoccKernelLoader *self)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_RENAMED:
      g_clear_handle_id (&self->reread_id, g_source_remove);
      self->reread_id = g_timeout_add (REREAD_DELAY_MS, reread_cb, self);
      break;

    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    default:
      /* A deleted log keeps its kernels: a rebuild writes it again. */
      break;
    }
}

static void
watch (CuoccKernelLoader *self,
       GFile             *file)
{
  g_autoptr(GError) error = NULL;

  if (self->file != NULL && g_file_equal (self->file, file))
    return;

  stop_watching (self);
  self->file = g_object_ref (file);
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, &error);
  if (self->monitor == NULL)
    {
      /* The list works without it; only the automatic re-read is lost. */
      g_debug ("Cannot watch the imported log: %s", error->message);
      return;
    }
  g_signal_connect (self->monitor, "changed", G_CALLBACK (file_changed_cb), self);
}

/* ----- the worker thread ----- */

/* The architectures of the entries, each once, in the order they come: the
 * table's architecture filter offers them. */
static char **
list_arches (const CuoccKernelList *list)
{
  g_autoptr(GPtrArray) arches = g_ptr_array_new ();

  for (guint i = 0; i < list->n_kernels; i++)
    {
      const char *arch = list->kernels[i].arch;

      if (arch != NULL && !g_ptr_array_find_with_equal_func (arches, arch, g_str_equal, NULL))
        g_ptr_array_add (arches, (gpointer) arch);
    }
  g_ptr_array_add (arches, NULL);
  return g_strdupv ((char **) arches->pdata);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadJob *job = task_data;
  g_autoptr(CuoccKernelList) list = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree CuoccKernelEval *evals = NULL;
  LoadResult *result;

  if (job->file != NULL)
    {
      g_autofree char *path = g_file_get_path (job->file);

      if (path == NULL)
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened."));
      else
        list = cuocc_import_parse_file (path, &error);
    }
  else
    list = cuocc_import_parse (job->text, strlen (job->text), &error);

  if (list == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The entries the driver loads, marked here: for a library of 60,000
   * entries this is a tenth of a second the window need not wait. */
  cuocc_kernel_list_select (list, job->gpu_major, job->gpu_minor);
  /* And worked out for the launch the table shows, as the table would:
   * the rows reach the screen with their figures, in one pass. */
  if (job->launch.threads >= 0 && job->launch.gpu.cap.major == job->gpu_major &&
      job->launch.gpu.cap.minor == job->gpu_minor)
    {
      CuoccImportLaunch launch;

      cuocc_kernel_launch_to_import (&job->launch, &launch);
      evals = g_new0 (CuoccKernelEval, MAX (list->n_kernels, 1));
      for (guint i = 0; i < list->n_kernels; i++)
        {
          /* A newer read or the owner's end: nobody hears of this one. */
          if ((i & 4095) == 0 && g_task_return_error_if_cancelled (task))
            return;
          cuocc_kernel_eval_compute (&evals[i], &launch, &list->kernels[i], NULL);
        }
    }
  result = g_new0 (LoadResult, 1);
  result->gpu_major = job->gpu_major;
  result->gpu_minor = job->gpu_minor;
  result->truncated = list->truncated;
  result->arches = list_arches (list);
  result->store = cuocc_kernel_item_list_new (g_steal_pointer (&list));
  if (evals != NULL)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (result->store));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (result->store), i);

          cuocc_kernel_item_set_eval (item, &evals[i]);
        }
      result->launch = job->launch;
    }
  else
    result->launch.threads = -1;
  g_task_return_pointer (task, result, (GDestroyNotify) load_result_free);
}

static void
load_done_cb (GObject      *object,
              GAsyncResult *res,
              gpointer      user_data)
{
  CuoccKernelLoader *self = CUOCC_KERNEL_LOADER (object);
  LoadJob *job = g_task_get_task_data (G_TASK (res));
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));
  g_autoptr(GError) error = NULL;
  LoadResult *result;

  result = g_task_propagate_pointer (G_TASK (res), &error);
  if (g_cancellable_is_cancelled (cancellable))
    {
      /* A newer read took its place, or the owner is gone. */
      g_clear_pointer (&result, load_result_free);
      return;
    }

  /* "busy" is notified once what was read is told of. */
  g_object_freeze_notify (G_OBJECT (self));
  set_cancellable (self, NULL);

  if (result == NULL)
    {
      g_signal_emit (self, signals[FAILED], 0, job->source_name, error, job->reread);
      g_object_thaw_notify (G_OBJECT (self));
      return;
    }

  if (job->file != NULL)
    watch (self, job->file);
  else
    stop_watching (self);

  g_object_set_data (G_OBJECT (result->store), "cuocc-marked-for",
                     GINT_TO_POINTER (result->gpu_major * 1000 + result->gpu_minor));
  g_object_set_data_full (G_OBJECT (result->store), "cuocc-arches", g_steal_pointer (&result->arches),
                          (GDestroyNotify) g_strfreev);
  if (result->launch.threads >= 0)
    g_object_set_data_full (G_OBJECT (result->store), "cuocc-evaluated-for",
                            g_memdup2 (&result->launch, sizeof result->launch), g_free);
  g_signal_emit (self, signals[LOADED], 0, result->store, job->source_name, result->truncated, job->reread);
  load_result_free (result);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
start_load (CuoccKernelLoader *self,
            LoadJob           *job)
{
  g_autoptr(GTask) task = NULL;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  set_cancellable (self, g_cancellable_new ());
  job->gpu_major = self->gpu_major;
  job->gpu_minor = self->gpu_minor;
  job->launch = self->launch;

  task = g_task_new (self, self->cancellable, load_done_cb, NULL);
  g_task_set_source_tag (task, start_load);
  g_task_set_task_data (task, job, (GDestroyNotify) load_job_free);
  g_task_run_in_thread (task, load_thread);
}

/* ----- dispose ----- */

static void
cuocc_kernel_loader_dispose (GObject *object)
{
  CuoccKernelLoader *self = CUOCC_KERNEL_LOADER (object);

  cuocc_kernel_loader_cancel (self);
  stop_watching (self);

  G_OBJECT_CLASS (cuocc_kernel_loader_parent_class)->dispose (object);
}

static void
cuocc_kernel_loader_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CuoccKernelLoader *self = CUOCC_KERNEL_LOADER (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->cancellable != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_kernel_loader_class_init (CuoccKernelLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cuocc_kernel_loader_dispose;
  object_class->get_property = cuocc_kernel_loader_get_property;

  /* Whether a read is under way, notified once its kernels or its failure
   * were told of. */
  props[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* The kernels (a GListModel of CuoccKernelItem), the source's name,
   * whether the log held more kernels than were read, and whether this
   * was a re-read of a changed file. */
  signals[LOADED] =
    g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_LIST_MODEL, G_TYPE_STRING, G_TYPE_BOOLEAN, G_TYPE_BOOLEAN);
  /* The source's name, the error, and whether it was a re-read. */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_ERROR, G_TYPE_BOOLEAN);
}

static void
cuocc_kernel_loader_init (CuoccKernelLoader *self)
{
  self->launch.threads = -1;
}

/* ----- public API ----- */

CuoccKernelLoader *
cuocc_kernel_loader_new (void)
{
  return g_object_new (CUOCC_TYPE_KERNEL_LOADER, NULL);
}

void
cuocc_kernel_loader_load_file (CuoccKernelLoader *self,
                               GFile             *file)
{
  LoadJob *job;

  g_return_if_fail (CUOCC_IS_KERNEL_LOADER (self));
  g_return_if_fail (G_IS_FILE (file));

  job = g_new0 (LoadJob, 1);
  job->file = g_object_ref (file);
  job->source_name = g_file_get_basename (file);
  start_load (self, job);
}

void
cuocc_kernel_loader_load_text (CuoccKernelLoader *self,
                               const char        *text,
                               const char        *source_name)
{
  LoadJob *job;

  g_return_if_fail (CUOCC_IS_KERNEL_LOADER (self));
  g_return_if_fail (text != NULL);

  job = g_new0 (LoadJob, 1);
  job->text = g_strdup (text);
  job->source_name = g_strdup (source_name);
  start_load (self, job);
}

/* The read under way, if any, never reports. */
void
cuocc_kernel_loader_cancel (CuoccKernelLoader *self)
{
  g_return_if_fail (CUOCC_IS_KERNEL_LOADER (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  set_cancellable (self, NULL);
}

/* Whether a read is under way: the "busy" property. */
gboolean
cuocc_kernel_loader_is_busy (CuoccKernelLoader *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_LOADER (self), FALSE);

  return self->cancellable != NULL;
}

/* The file watched: the last one read successfully, NULL after text. */
GFile *
cuocc_kernel_loader_get_file (CuoccKernelLoader *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_LOADER (self), NULL);

  return self->file;
}

/* The GPU whose loaded entries a read marks (0: none): the entry the CUDA
 * driver loads there, as cuocc_kernel_list_select () marks it. The store a
 * read gives carries what it was marked for as "cuocc-marked-for",
 * major × 1000 + minor. */
void
cuocc_kernel_loader_set_gpu (CuoccKernelLoader *self,
                             int                major,
                             int                minor)
{
  g_return_if_fail (CUOCC_IS_KERNEL_LOADER (self));

  self->gpu_major = major;
  self->gpu_minor = minor;
}

/* The launch (a GPU of the compute capability set_gpu () marks for, and the
 * block size chosen) whose figures a read works out for each entry as
 * the table does (cuocc_kernel_eval_compute ()); NULL: none. The store a read gives then
 * carries it as "cuocc-evaluated-for", a CuoccKernelLaunch, and its items
 * their evaluation. Every store a read gives carries its entries'
 * architectures, each once in the order they come, as "cuocc-arches", a
 * GStrv. */
void
cuocc_kernel_loader_set_launch (CuoccKernelLoader *self,
                                const CuoccGpu    *gpu,
                                int                threads)
{
  g_return_if_fail (CUOCC_IS_KERNEL_LOADER (self));

  memset (&self->launch, 0, sizeof self->launch);
  self->launch.threads = -1;
  if (gpu == NULL)
    return;
  self->launch.gpu = *gpu;
  self->launch.threads = MAX (threads, 0);
}
