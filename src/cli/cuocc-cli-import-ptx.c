/* cuocc-cli-import-ptx.c — cuocc --import: figures for the PTX that loads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the entry a kernel loads on the chosen GPU is PTX, its figures come
 * from ptxas (libcuocc's cuocc-ptxas.h). What the cache holds is always
 * used: it costs a hash of the modules and a file read a module (and a
 * `ptxas --version` where its answer is not remembered). ptxas itself
 * runs only when asked (--ptxas PATH or --assemble-ptx), because a
 * library's PTX can take minutes of ptxas (all of cuBLAS: 4.5 min of CPU),
 * and an import that took a second must not silently take minutes; what is
 * left without figures is said in one line, with what to pass. Progress
 * goes to standard error when it is a terminal, and Ctrl+C stops the runs,
 * keeping what finished in the cache; so do SIGTERM and SIGHUP (a `kill`, a
 * closed terminal, a job control system stopping the job), which would
 * otherwise end cuocc at once and leave the ptxas runs (each in a process
 * group of its own, which a signal to cuocc does not reach) and their
 * temporary folder behind. Each exits with 128 + the signal's number, as a
 * shell reports a program a signal ended.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <glib-unix.h>
#include <glib/gi18n.h>

#include "cuocc-cli.h"
#include "cuocc-cli-import-private.h"

/* The signals that stop an assembly as Ctrl+C does. */
static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };

typedef struct {
  GMainContext *context;
  GCancellable *cancellable;
  gboolean stop;
  int signal;                      /* the first that came; 0: none */
} Interrupt;

typedef struct {
  Interrupt *interrupt;
  int signal;
} Watch;

static gboolean
on_interrupt (gpointer data)
{
  Watch *watch = data;

  g_atomic_int_compare_and_exchange (&watch->interrupt->signal, 0, watch->signal);
  g_cancellable_cancel (watch->interrupt->cancellable);
  return G_SOURCE_CONTINUE;
}

/* Ctrl+C (or SIGTERM, SIGHUP) cancels the assembly: a thread of its own
 * watches for them. */
static gpointer
watch_interrupt (gpointer data)
{
  Interrupt *interrupt = data;

  /* A flag, not a GMainLoop: a quit that comes before the loop runs would be lost. */
  while (!g_atomic_int_get (&interrupt->stop))
    g_main_context_iteration (interrupt->context, TRUE);
  return NULL;
}

static void
show_progress (guint done, guint total, gpointer user_data)
{
  g_printerr ("\r");
  g_printerr (_("assembling PTX: %u/%u modules"), done, total);
  if (done == total)
    g_printerr ("\r\033[K");
}

static gboolean
any_needs_ptxas (const CuoccKernelList *list, guint *n)
{
  *n = 0;
  for (guint i = 0; i < list->n_kernels; i++)
    *n += cuocc_kernel_needs_ptxas (&list->kernels[i]);
  return *n > 0;
}

static char *
size_text (guint64 bytes)
{
  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}

/* What assembles: a list for one GPU, or a comparison's GPU. */
typedef gboolean (*AssembleFunc) (gpointer target, guint gpu, const CuoccPtxasOptions *options,
                                  GCancellable *cancellable, CuoccPtxasSummary *summary, GError **error);

static gboolean
assemble_list (gpointer target, guint gpu, const CuoccPtxasOptions *options, GCancellable *cancellable,
               CuoccPtxasSummary *summary, GError **error)
{
  return cuocc_kernel_list_assemble_ptx (target, options, cancellable, summary, error);
}

static gboolean
assemble_comparison (gpointer target, guint gpu, const CuoccPtxasOptions *options, GCancellable *cancellable,
                     CuoccPtxasSummary *summary, GError **error)
{
  return cuocc_import_comparison_assemble_ptx (target, gpu, options, cancellable, summary, error);
}

/* ptxas found (or named), not yet run; NULL with the exit status in *status
 * when there is none, after saying so. */
static CuoccPtxas *
find_ptxas (const ImportPtxOptions *o, guint n, int *status)
{
  g_autoptr (GError) error = NULL;
  CuoccPtxas *ptxas = cuocc_ptxas_new (o->path, &error);

  *status = CLI_EXIT_OK;
  if (ptxas == NULL && o->path != NULL)
    *status = cli_usage_error ("", "--ptxas: %s", error->message);
  else if (ptxas == NULL)
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "cuocc: %u kernel runs from PTX and has no figures: %s\n",
                             "cuocc: %u kernels run from PTX and have no figures: %s\n", n), n, error->message);
  return ptxas;
}

/* One GPU's assembly, with progress, Ctrl+C and what is said of it. */
static int
assemble (const ImportPtxOptions *o, CuoccPtxas *ptxas, const CuoccCapability *cap, AssembleFunc func,
          gpointer target, guint gpu)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  CuoccPtxasOptions options = { 0 };
  CuoccPtxasSummary summary = { 0 };
  Interrupt interrupt = { 0 };
  Watch watches[G_N_ELEMENTS (stop_signals)];
  GSource *sources[G_N_ELEMENTS (stop_signals)];
  GThread *watcher;
  gboolean finished;
  int sig;

  options.ptxas = ptxas;
  options.major = cap->major;
  options.minor = cap->minor;
  options.assemble = o->path != NULL || o->assemble;
  options.timeout_s = o->timeout_s;
  if (options.assemble && isatty (STDERR_FILENO))
    options.progress = show_progress;

  interrupt.context = g_main_context_new ();
  interrupt.cancellable = cancellable;
  for (guint i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    {
      watches[i].interrupt = &interrupt;
      watches[i].signal = stop_signals[i];
      sources[i] = g_unix_signal_source_new (stop_signals[i]);
      g_source_set_callback (sources[i], on_interrupt, &watches[i], NULL);
      g_source_attach (sources[i], interrupt.context);
    }
  watcher = g_thread_new ("cuocc-interrupt", watch_interrupt, &interrupt);
  finished = func (target, gpu, &options, cancellable, &summary, &error);
  g_atomic_int_set (&interrupt.stop, TRUE);
  g_main_context_wakeup (interrupt.context);
  g_thread_join (watcher);
  for (guint i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    {
      g_source_destroy (sources[i]);
      g_source_unref (sources[i]);
    }
  g_main_context_unref (interrupt.context);

  if (!finished)
    {
      sig = g_atomic_int_get (&interrupt.signal);
      if (options.progress != NULL)
        g_printerr ("\r\033[K");
      if (sig == SIGINT || sig == 0)
        g_printerr (_("cuocc: interrupted: %u of %u PTX modules assembled, kept in the cache for the next import\n"),
                    summary.n_modules - summary.n_left, summary.n_modules);
      else
        /* TRANSLATORS: %s is the signal's name, SIGTERM or SIGHUP */
        g_printerr (_("cuocc: stopped by %s: %u of %u PTX modules assembled, kept in the cache for the next import\n"),
                    sig == SIGTERM ? "SIGTERM" : "SIGHUP", summary.n_modules - summary.n_left, summary.n_modules);
      return CLI_EXIT_SIGNALLED + (sig != 0 ? sig : SIGINT);
    }
  if (summary.n_figures > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "cuocc: note: %u kernel's figures come from ptxas %s for sm_%d%d (figures_from); "
                             "the driver's JIT compiler may give others\n",
                             "cuocc: note: %u kernels' figures come from ptxas %s for sm_%d%d (figures_from); "
                             "the driver's JIT compiler may give others\n", summary.n_figures),
                summary.n_figures, cuocc_ptxas_get_version (ptxas), options.major, options.minor);
  if (summary.n_left > 0)
    {
      g_autofree char *size = size_text (summary.left_bytes);

      g_printerr (g_dngettext (GETTEXT_PACKAGE,
                               "cuocc: %u kernel runs from PTX without figures (%u modules, %s of PTX): "
                               "--assemble-ptx assembles it with ptxas %s (%s), kept in the cache\n",
                               "cuocc: %u kernels run from PTX without figures (%u modules, %s of PTX): "
                               "--assemble-ptx assembles them with ptxas %s (%s), kept in the cache\n",
                               summary.n_left_kernels),
                  summary.n_left_kernels, summary.n_left, size, cuocc_ptxas_get_version (ptxas),
                  cuocc_ptxas_get_path (ptxas));
    }
  return CLI_EXIT_OK;
}

int
_cli_import_assemble_ptx (const ImportPtxOptions *o, const ImportLaunch *launch, CuoccKernelList *list)
{
  g_autoptr (CuoccPtxas) ptxas = NULL;
  guint n;
  int status;

  if (!launch->have_gpu || o->never)
    return CLI_EXIT_OK;
  cuocc_kernel_list_select (list, launch->gpu.cap.major, launch->gpu.cap.minor);
  if (!any_needs_ptxas (list, &n))
    return CLI_EXIT_OK;
  if ((ptxas = find_ptxas (o, n, &status)) == NULL)
    return status;
  return assemble (o, ptxas, &launch->gpu.cap, assemble_list, list, 0);
}

int
_cli_import_assemble_ptx_gpus (const ImportPtxOptions *o, CuoccImportComparison *comparison, guint n_gpus)
{
  g_autoptr (CuoccPtxas) ptxas = NULL;
  guint n = 0;
  int status = CLI_EXIT_OK;

  if (o->never)
    return CLI_EXIT_OK;
  for (guint g = 0; g < n_gpus; g++)
    n += cuocc_import_comparison_count_ptx (comparison, g);
  if (n == 0)
    return CLI_EXIT_OK;
  if ((ptxas = find_ptxas (o, n, &status)) == NULL)
    return status;
  /* A GPU after another: each module is assembled once a target, the
   * GPUs of one target after the first finding it in the cache. */
  for (guint g = 0; g < n_gpus && status == CLI_EXIT_OK; g++)
    if (cuocc_import_comparison_count_ptx (comparison, g) > 0)
      status = assemble (o, ptxas, &cuocc_import_comparison_launch (comparison, g)->gpu.cap, assemble_comparison,
                         comparison, g);
  return status;
}
