/* cuocc-ptxas.c — finding the user's ptxas, and running it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ptxas is looked for where users have it: $CUDA_PATH/bin, $CUDA_HOME/bin,
 * $PATH, /usr/local/cuda/bin; nothing is ever downloaded. A run is a
 * GSubprocess in a process group of its own, so that a time limit, Ctrl+C
 * or a cancel kills it and whatever it started, and its output is read up
 * to CUOCC_PTXAS_MAX_OUTPUT: a ptxas that hangs, crashes or floods the pipe
 * costs a row's message, never the import.
 */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "cuocc-ptxas-private.h"

struct _CuoccPtxas {
  gatomicrefcount ref;
  char *path;
  char *version;                   /* "13.0" */
  char *version_text;              /* all `ptxas --version` printed: part of the cache key */
};

/* ----- finding it ----- */

static char *
executable_in (const char *dir)
{
  g_autofree char *path = NULL;

  if (dir == NULL || dir[0] == '\0')
    return NULL;
  path = g_build_filename (dir, "ptxas", NULL);
  return g_file_test (path, G_FILE_TEST_IS_EXECUTABLE) && !g_file_test (path, G_FILE_TEST_IS_DIR)
         ? g_steal_pointer (&path) : NULL;
}

/**
 * cuocc_ptxas_find_path:
 *
 * Looks for ptxas as users have it: $CUDA_PATH/bin, $CUDA_HOME/bin, $PATH,
 * then /usr/local/cuda/bin; inside a Flatpak, then the host's (under
 * /run/host, links followed as the host would): $CUDA_PATH/bin,
 * $CUDA_HOME/bin, /usr/local/cuda/bin, the newest /usr/local/cuda-X.Y/bin
 * and /usr/bin.
 *
 * Returns: (transfer full) (nullable): its path; %NULL when there is none
 */
char *
cuocc_ptxas_find_path (void)
{
  const char *const envs[] = { "CUDA_PATH", "CUDA_HOME" };
  char *found;

  for (guint i = 0; i < G_N_ELEMENTS (envs); i++)
    {
      g_autofree char *bin = NULL;
      const char *root = g_getenv (envs[i]);

      if (root == NULL || root[0] == '\0')
        continue;
      bin = g_build_filename (root, "bin", NULL);
      if ((found = executable_in (bin)) != NULL)
        return found;
    }
  if ((found = g_find_program_in_path ("ptxas")) != NULL)
    return found;
  if ((found = executable_in ("/usr/local/cuda/bin")) != NULL)
    return found;
  if (_cuocc_ptxas_sandboxed ())
    return _cuocc_ptxas_find_on_host ("/run/host");
  return NULL;
}

/* path (absolute, as the host names it) as seen under root, each symbolic
 * link on the way followed by hand and an absolute target taken under root
 * again: inside the Flatpak, /run/host/usr/local/cuda is a link to
 * /usr/local/cuda-13.0 (through /etc/alternatives/cuda where NVIDIA's
 * packages made it), which the kernel would look for in the runtime's /usr,
 * not the host's. NULL after 40 links (a loop). */
char *
_cuocc_ptxas_host_path (const char *root, const char *path)
{
  g_autoptr (GString) resolved = g_string_new ("");
  g_autofree char *rest = g_strdup (path);
  guint links = 0;
  gboolean again = TRUE;

  while (again)
    {
      g_auto (GStrv) parts = g_strsplit (rest, "/", -1);

      again = FALSE;
      for (guint i = 0; parts[i] != NULL && !again; i++)
        {
          g_autofree char *full = NULL;
          g_autofree char *target = NULL;
          g_autofree char *tail = NULL;
          gsize mark = resolved->len;

          if (parts[i][0] == '\0' || strcmp (parts[i], ".") == 0)
            continue;
          if (strcmp (parts[i], "..") == 0)
            {
              const char *slash = strrchr (resolved->str, '/');

              g_string_truncate (resolved, slash != NULL ? (gsize) (slash - resolved->str) : 0);
              continue;
            }
          g_string_append_c (resolved, '/');
          g_string_append (resolved, parts[i]);
          full = g_build_filename (root, resolved->str, NULL);
          if ((target = g_file_read_link (full, NULL)) == NULL)
            continue;
          if (++links > 40)
            return NULL;
          /* Go on from the link's target, then what followed it. */
          g_string_truncate (resolved, g_path_is_absolute (target) ? 0 : mark);
          tail = g_strjoinv ("/", parts + i + 1);
          g_free (rest);
          rest = g_strconcat (target, "/", tail, NULL);
          again = TRUE;
        }
    }
  return g_build_filename (root, resolved->len > 0 ? resolved->str : "/", NULL);
}

static char *
executable_on_host (const char *root, const char *dir)
{
  g_autofree char *host_dir = NULL;

  if (dir == NULL || !g_path_is_absolute (dir))
    return NULL;
  host_dir = _cuocc_ptxas_host_path (root, dir);
  return host_dir != NULL ? executable_in (host_dir) : NULL;
}

/* "cuda-12.10" after "cuda-12.9": the filename collation compares numbers as numbers. */
static int
newest_first (gconstpointer a, gconstpointer b)
{
  g_autofree char *x = g_utf8_collate_key_for_filename (*(const char *const *) a, -1);
  g_autofree char *y = g_utf8_collate_key_for_filename (*(const char *const *) b, -1);

  return -strcmp (x, y);
}

/* The host's ptxas as the Flatpak sees it under root, where the manifest's
 * host-os permission shows the host's /usr (with /usr/local), /etc and
 * /lib*: $CUDA_PATH/bin and $CUDA_HOME/bin where the variables reached the
 * sandbox and name a host folder, /usr/local/cuda/bin, the newest
 * /usr/local/cuda-X.Y/bin, then /usr/bin (Debian's nvidia-cuda-toolkit).
 * Its ptxas needs only the C library, which the runtime has. What host-os
 * does not show (/opt, a home folder) is not reached: --ptxas names it
 * where a --filesystem override shares it. */
char *
_cuocc_ptxas_find_on_host (const char *root)
{
  const char *const envs[] = { "CUDA_PATH", "CUDA_HOME" };
  g_autofree char *local = NULL;
  g_autoptr (GPtrArray) versions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) dir = NULL;
  const char *name;
  char *found;

  for (guint i = 0; i < G_N_ELEMENTS (envs); i++)
    {
      g_autofree char *bin = NULL;
      const char *home = g_getenv (envs[i]);

      if (home == NULL || home[0] == '\0')
        continue;
      bin = g_build_filename (home, "bin", NULL);
      if ((found = executable_on_host (root, bin)) != NULL)
        return found;
    }
  if ((found = executable_on_host (root, "/usr/local/cuda/bin")) != NULL)
    return found;
  if ((local = _cuocc_ptxas_host_path (root, "/usr/local")) != NULL && (dir = g_dir_open (local, 0, NULL)) != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      if (g_str_has_prefix (name, "cuda-") && g_ascii_isdigit (name[5]))
        g_ptr_array_add (versions, g_strdup (name));
  g_ptr_array_sort (versions, newest_first);
  for (guint i = 0; i < versions->len; i++)
    {
      g_autofree char *bin = g_build_filename ("/usr/local", g_ptr_array_index (versions, i), "bin", NULL);

      if ((found = executable_on_host (root, bin)) != NULL)
        return found;
    }
  return executable_on_host (root, "/usr/bin");
}

/* Whether cuocc runs inside a Flatpak. */
gboolean
_cuocc_ptxas_sandboxed (void)
{
  return g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
}

/* "Cuda compilation tools, release 13.0, V13.0.88" → "13.0". */
static char *
parse_version (const char *text)
{
  const char *p = strstr (text, "release ");
  gsize n = 0;

  if (p == NULL)
    return NULL;
  p += 8;
  while (g_ascii_isdigit (p[n]) || (p[n] == '.' && n > 0))
    n++;
  if (n == 0 || n > 16 || !g_ascii_isdigit (p[n - 1]))
    return NULL;
  return g_strndup (p, n);
}

/* ----- what `ptxas --version` said, remembered ----- */

/* `ptxas --version` costs a cached import of the generated library a tenth
 * of its time (ptxas is a 37 MB program that sets itself up before it
 * answers), so what it printed is kept, in the cache folder's
 * ptxas-version/, in a file of the same format as a run's
 * (cuocc-ptxas-cache.c: checked, written atomically), under a key made of
 * the program's path and what stat says of the file it names: device,
 * inode, size, modification and change times to the nanosecond. A ptxas
 * replaced (a new toolkit, a package upgrade: a new inode) or changed in
 * place (its times) is asked again. Only for an ELF program: a script
 * (a wrapper that runs another ptxas) is asked every time, since the
 * program it runs may change under it. */
static char *
version_memo_key (const char *path)
{
  struct stat st;
  char magic[4];
  ssize_t got;
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  g_autofree char *text = NULL;

  if (fd < 0)
    return NULL;
  got = fstat (fd, &st) == 0 && S_ISREG (st.st_mode) ? read (fd, magic, sizeof magic) : -1;
  close (fd);
  if (got != (ssize_t) sizeof magic || memcmp (magic, "\177ELF", 4) != 0)
    return NULL;
  text = g_strdup_printf ("ptxas --version\n%s\n%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GINT64_FORMAT
                          " %" G_GINT64_FORMAT ".%09ld %" G_GINT64_FORMAT ".%09ld\n", path, (guint64) st.st_dev,
                          (guint64) st.st_ino, (gint64) st.st_size, (gint64) st.st_mtim.tv_sec,
                          (long) st.st_mtim.tv_nsec, (gint64) st.st_ctim.tv_sec, (long) st.st_ctim.tv_nsec);
  return _cuocc_ptxas_cache_hash (text, strlen (text));
}

static char *
version_memo_dir (void)
{
  g_autofree char *runs = _cuocc_ptxas_cache_dir ();
  g_autofree char *parent = g_path_get_dirname (runs);

  return g_build_filename (parent, "ptxas-version", NULL);
}

/**
 * cuocc_ptxas_new:
 * @path: (nullable): the ptxas to run; %NULL: the one cuocc_ptxas_find_path() finds
 * @error: return location for a #GError
 *
 * Runs `ptxas --version` and keeps what it says.
 *
 * Returns: (transfer full) (nullable): the ptxas; %NULL with
 *   %CUOCC_ERROR_UNSUPPORTED when there is none, it does not start, or it does
 *   not say a CUDA release
 */
CuoccPtxas *
cuocc_ptxas_new (const char *path, GError **error)
{
  g_autofree char *found = path != NULL ? g_strdup (path) : cuocc_ptxas_find_path ();
  g_autofree char *display = NULL;
  g_autofree char *output = NULL;
  g_autofree char *problem = NULL;
  g_autofree char *version = NULL;
  g_autofree char *memo_key = NULL;
  g_autofree char *memo_dir = NULL;
  const char *const argv[] = { NULL, "--version", NULL };
  CuoccPtxas *ptxas;
  int exit_status;

  if (found == NULL && _cuocc_ptxas_sandboxed ())
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                           _("no ptxas found (looked in $CUDA_PATH/bin, $CUDA_HOME/bin, $PATH, /usr/local/cuda/bin "
                             "and, on the host, through /run/host in /usr/local/cuda/bin, /usr/local/cuda-X.Y/bin "
                             "and /usr/bin): install the CUDA toolkit on the host, or name a ptxas the sandbox can "
                             "see with --ptxas PATH"));
      return NULL;
    }
  if (found == NULL)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                           _("no ptxas found (looked in $CUDA_PATH/bin, $CUDA_HOME/bin, $PATH and "
                             "/usr/local/cuda/bin): install the CUDA toolkit, or name it with --ptxas PATH"));
      return NULL;
    }
  display = g_filename_display_name (found);
  if (!g_file_test (found, G_FILE_TEST_IS_EXECUTABLE) || g_file_test (found, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED, _("%s: no such program (give the path of ptxas, "
                                                           "e.g. /usr/local/cuda/bin/ptxas)"), display);
      return NULL;
    }
  ((const char **) argv)[0] = found;
  memo_key = version_memo_key (found);
  memo_dir = memo_key != NULL ? version_memo_dir () : NULL;
  if (memo_key != NULL && _cuocc_ptxas_cache_load (memo_dir, memo_key, &exit_status, &output) && exit_status == 0)
    version = parse_version (output);
  if (version == NULL)
    {
      /* Not remembered, or a memo that says no release: ask it. */
      g_clear_pointer (&output, g_free);
      if (_cuocc_ptxas_run (argv, 30, NULL, &output, &problem, &exit_status) != PTXAS_RUN_OK)
        {
          g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED, _("%s --version: %s"), display, problem);
          return NULL;
        }
      version = parse_version (output);
      if (version != NULL && memo_key != NULL)
        _cuocc_ptxas_cache_store (memo_dir, memo_key, 0, output, NULL);
    }
  if (version == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("%s is no ptxas: --version names no CUDA release (“release 13.0”)"), display);
      return NULL;
    }
  ptxas = g_new0 (CuoccPtxas, 1);
  g_atomic_ref_count_init (&ptxas->ref);
  ptxas->path = g_steal_pointer (&found);
  ptxas->version = g_steal_pointer (&version);
  ptxas->version_text = g_steal_pointer (&output);
  return ptxas;
}

/**
 * cuocc_ptxas_ref:
 * @ptxas: a ptxas
 *
 * Returns: (transfer full): @ptxas
 */
CuoccPtxas *
cuocc_ptxas_ref (CuoccPtxas *ptxas)
{
  g_return_val_if_fail (ptxas != NULL, NULL);

  g_atomic_ref_count_inc (&ptxas->ref);
  return ptxas;
}

/**
 * cuocc_ptxas_unref:
 * @ptxas: (transfer full): a ptxas
 */
void
cuocc_ptxas_unref (CuoccPtxas *ptxas)
{
  g_return_if_fail (ptxas != NULL);

  if (!g_atomic_ref_count_dec (&ptxas->ref))
    return;
  g_free (ptxas->path);
  g_free (ptxas->version);
  g_free (ptxas->version_text);
  g_free (ptxas);
}

/**
 * cuocc_ptxas_get_path:
 * @ptxas: a ptxas
 *
 * Returns: the program's path
 */
const char *
cuocc_ptxas_get_path (const CuoccPtxas *ptxas)
{
  g_return_val_if_fail (ptxas != NULL, NULL);

  return ptxas->path;
}

/**
 * cuocc_ptxas_get_version:
 * @ptxas: a ptxas
 *
 * Returns: the CUDA release it says it is, "13.0"
 */
const char *
cuocc_ptxas_get_version (const CuoccPtxas *ptxas)
{
  g_return_val_if_fail (ptxas != NULL, NULL);

  return ptxas->version;
}

const char *
_cuocc_ptxas_get_version_text (const CuoccPtxas *ptxas)
{
  return ptxas->version_text;
}

/**
 * cuocc_ptxas_target:
 * @module: a PTX module
 * @major: the GPU's compute capability
 * @minor: its minor version
 *
 * The machine ptxas assembles the module for on that GPU: "sm_89"; PTX for
 * an architecture-specific or family target keeps its letter ("sm_90a").
 *
 * Returns: (transfer full): the target
 */
char *
cuocc_ptxas_target (const CuoccPtxModule *module, int major, int minor)
{
  const char *arch = cuocc_ptx_module_get_arch (module);
  gsize len = arch != NULL ? strlen (arch) : 0;
  char letter = len > 0 && (arch[len - 1] == 'a' || arch[len - 1] == 'f') ? arch[len - 1] : '\0';

  return letter != '\0' ? g_strdup_printf ("sm_%d%d%c", major, minor, letter) : g_strdup_printf ("sm_%d%d", major, minor);
}

/* ----- running it ----- */

typedef struct {
  GMainContext *context;
  GSubprocess *process;
  GInputStream *out;
  GByteArray *output;
  GCancellable *stop;              /* ends the reads and the wait */
  gboolean read_done;
  gboolean wait_done;
  gboolean timed_out;
  gboolean cancelled;
  gboolean flooded;
  guint8 buffer[65536];
} Run;

static void
child_setup (gpointer data)
{
  /* Its own process group: a kill reaches what it starts too. */
  setpgid (0, 0);
}

static void
kill_group (Run *run)
{
  const char *id = g_subprocess_get_identifier (run->process);

  if (id != NULL)
    {
      pid_t pid = (pid_t) g_ascii_strtoll (id, NULL, 10);

      if (pid > 0)
        kill (-pid, SIGKILL);
    }
  g_subprocess_force_exit (run->process);
}

static void read_more (Run *run);

static void
read_ready (GObject *source, GAsyncResult *result, gpointer data)
{
  Run *run = data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  if (n <= 0)
    {
      run->read_done = TRUE;
      return;
    }
  if (run->output->len + (gsize) n > CUOCC_PTXAS_MAX_OUTPUT)
    {
      run->flooded = TRUE;
      run->read_done = TRUE;
      kill_group (run);
      return;
    }
  g_byte_array_append (run->output, run->buffer, (guint) n);
  read_more (run);
}

static void
read_more (Run *run)
{
  g_input_stream_read_async (run->out, run->buffer, sizeof run->buffer, G_PRIORITY_DEFAULT, run->stop,
                             read_ready, run);
}

static void
wait_ready (GObject *source, GAsyncResult *result, gpointer data)
{
  Run *run = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  run->wait_done = TRUE;
}

static gboolean
time_up (gpointer data)
{
  Run *run = data;

  run->timed_out = TRUE;
  kill_group (run);
  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable, gpointer data)
{
  Run *run = data;

  /* From whichever thread cancels: only a flag, and a wake-up. */
  g_atomic_int_set (&run->cancelled, TRUE);
  g_main_context_wakeup (run->context);
}

/* The first line that says why ptxas failed ("… error : …", "ptxas fatal : …"). */
char *
_cuocc_ptxas_first_error (const char *output)
{
  g_auto (GStrv) lines = g_strsplit (output, "\n", 200);
  const char *pick = NULL;

  for (guint i = 0; lines[i] != NULL && pick == NULL; i++)
    if (strstr (lines[i], "error") != NULL || strstr (lines[i], "fatal") != NULL)
      pick = lines[i];
  for (guint i = 0; lines[i] != NULL && pick == NULL; i++)
    if (g_strstrip (lines[i])[0] != '\0')
      pick = lines[i];
  if (pick == NULL)
    return g_strdup (_("it printed nothing"));
  {
    g_autofree char *valid = g_utf8_make_valid (pick, -1);
    g_autofree char *stripped = g_strdup (g_strstrip (valid));

    if (g_utf8_strlen (stripped, -1) > 200)
      {
        char *cut = g_utf8_offset_to_pointer (stripped, 200);

        *cut = '\0';
        return g_strconcat (stripped, "…", NULL);
      }
    return g_steal_pointer (&stripped);
  }
}

/* Runs argv (argv[0] the program) with standard output and error merged,
 * in this thread, for at most timeout_s seconds. *output gets what it
 * printed (NUL-terminated); *problem why it did not succeed. */
PtxasRunStatus
_cuocc_ptxas_run (const char *const *argv, guint timeout_s, GCancellable *cancellable, char **output,
                  char **problem, int *exit_status)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSource) timer = NULL;
  Run run = { 0 };
  gulong handler = 0;
  PtxasRunStatus status;

  *output = NULL;
  *problem = NULL;
  *exit_status = -1;
  if (g_cancellable_is_cancelled (cancellable))
    return PTXAS_RUN_CANCELLED;
  run.context = g_main_context_new ();
  g_main_context_push_thread_default (run.context);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE |
                                        G_SUBPROCESS_FLAGS_STDIN_INHERIT);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  run.process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  if (run.process == NULL)
    {
      g_main_context_pop_thread_default (run.context);
      g_main_context_unref (run.context);
      *problem = g_strdup_printf (_("it could not be started: %s"), error->message);
      return PTXAS_RUN_FAILED;
    }
  run.out = g_subprocess_get_stdout_pipe (run.process);
  run.output = g_byte_array_new ();
  run.stop = g_cancellable_new ();
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), &run, NULL);
  timer = g_timeout_source_new_seconds (timeout_s > 0 ? timeout_s : CUOCC_PTXAS_DEFAULT_TIMEOUT);
  g_source_set_callback (timer, time_up, &run, NULL);
  g_source_attach (timer, run.context);
  read_more (&run);
  g_subprocess_wait_async (run.process, run.stop, wait_ready, &run);

  while (!(run.read_done && run.wait_done))
    {
      if (g_atomic_int_get (&run.cancelled) && !g_cancellable_is_cancelled (run.stop))
        {
          kill_group (&run);
          /* The pipe may stay open in a grandchild that escaped the group. */
          g_cancellable_cancel (run.stop);
        }
      if (run.timed_out && run.wait_done && !run.read_done)
        g_cancellable_cancel (run.stop);
      g_main_context_iteration (run.context, TRUE);
    }
  g_source_destroy (timer);
  if (handler != 0)
    g_cancellable_disconnect (cancellable, handler);

  g_byte_array_append (run.output, (const guint8 *) "", 1);
  *output = (char *) g_byte_array_free (g_steal_pointer (&run.output), FALSE);
  if (g_atomic_int_get (&run.cancelled))
    status = PTXAS_RUN_CANCELLED;
  else if (run.timed_out)
    {
      *problem = g_strdup_printf (_("it took longer than %u s and was stopped"),
                                  timeout_s > 0 ? timeout_s : CUOCC_PTXAS_DEFAULT_TIMEOUT);
      status = PTXAS_RUN_FAILED;
    }
  else if (run.flooded)
    {
      *problem = g_strdup_printf (_("it printed more than %u MiB and was stopped"),
                                  (guint) (CUOCC_PTXAS_MAX_OUTPUT >> 20));
      status = PTXAS_RUN_FAILED;
    }
  else if (g_subprocess_get_if_signaled (run.process))
    {
      int sig = g_subprocess_get_term_sig (run.process);

      *problem = g_strdup_printf (_("it was killed by signal %d (%s)"), sig, g_strsignal (sig));
      status = PTXAS_RUN_FAILED;
    }
  else if (g_subprocess_get_exit_status (run.process) != 0)
    {
      g_autofree char *why = _cuocc_ptxas_first_error (*output);

      *exit_status = g_subprocess_get_exit_status (run.process);
      *problem = g_strdup_printf (_("it exited with status %d: %s"), *exit_status, why);
      status = PTXAS_RUN_REJECTED;
    }
  else
    {
      *exit_status = 0;
      status = PTXAS_RUN_OK;
    }

  g_object_unref (run.stop);
  g_object_unref (run.process);
  g_main_context_pop_thread_default (run.context);
  /* What the cancelled reads left behind. */
  while (g_main_context_iteration (run.context, FALSE))
    ;
  g_main_context_unref (run.context);
  return status;
}
