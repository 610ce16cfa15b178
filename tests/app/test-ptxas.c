/* test-ptxas.c — PTX kernels in the real window get the figures ptxas gives
 * them (issue 27): the chosen kernel alone at once, with a spinner; Assemble
 * PTX Kernels for every row that loads, with progress and Cancel; a ptxas
 * that is missing, fails, crashes, hangs or prints garbage, each said on
 * the row; and the generated library's 19,200 PTX entries with a fast fake
 * ptxas, at 800 × 600 and 1920 × 1080.
 *
 * The figures expected are what the real ptxas prints for the same PTX and
 * target, run here on its own and read by this file's own reading of its
 * output; the fake ptxas gives each kernel a register count worked out from
 * its name (the length of the mangled name, modulo 200, plus 8), which the
 * test works out again. Every ptxas run is counted by a wrapper script that
 * appends a line to a file. XDG_CACHE_HOME is a folder of this test's own,
 * emptied between tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "app-test.h"

#define REAL_PTXAS APP_TEST_REAL_PTXAS
#define VERSION_LINE \
  "if [ \"$1\" = --version ]; then echo 'Cuda compilation tools, release 13.0, V13.0.88'; exit 0; fi\n"

static char *scratch;              /* scripts and the run counts */
static char *cache_home;           /* XDG_CACHE_HOME */

/* ----- helpers ----- */

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "import", "data", name, NULL);
}

static void
remove_tree (const char *path)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", path);

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

/* A shell script in the scratch folder; its path. */
static char *
script (const char *name,
        const char *body)
{
  g_autofree char *text = g_strconcat ("#!/bin/sh\n", body, NULL);
  char *path = g_build_filename (scratch, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

/* ptxas with every assembly (not --version) counted in scratch/NAME.runs. */
static char *
counting (const char *name,
          const char *ptxas)
{
  g_autofree char *body = g_strdup_printf (
      "[ \"$1\" = --version ] || echo \"$*\" >> '%s/%s.runs'\nexec '%s' \"$@\"\n", scratch, name, ptxas);

  return script (name, body);
}

static guint
runs (const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.runs", scratch, name);
  g_autofree char *text = NULL;
  guint n = 0;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  for (const char *p = text; *p != '\0'; p++)
    n += *p == '\n';
  return n;
}

static guint
cache_files (void)
{
  g_autofree char *dir_path = g_build_filename (cache_home, "cuocc", "ptxas", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
fresh_cache (void)
{
  remove_tree (cache_home);
  g_assert_cmpint (g_mkdir_with_parents (cache_home, 0700), ==, 0);
}

static gboolean
idle_condition (CuoccWindow   *window,
                gconstpointer  data)
{
  return app_test_kernels_idle (window, NULL) &&
         !app_test_kernels_assembling (app_test_kernels_panel (window));
}

static gboolean
assembled_condition (CuoccWindow   *window,
                     gconstpointer  data)
{
  return !app_test_kernels_assembling (app_test_kernels_panel (window));
}

static gboolean
details_condition (CuoccWindow   *window,
                   gconstpointer  data)
{
  const char *text = app_test_details_text (app_test_kernels_panel (window), "ptx_label");

  return text != NULL && g_str_has_prefix (text, data);
}

static void
open_ptx (CuoccWindow *window,
          const char  *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  app_test_import (window, file);
  app_test_wait_until (window, idle_condition, NULL);
}

/* A window on an RTX 4090 (8.9) running ptxas, with kernels-compute80.ptx
 * open: compute_80 PTX, which the driver assembles there. */
static CuoccWindow *
ptx_window (const char *ptxas)
{
  CuoccWindow *window = app_test_window_new ();
  g_autofree char *ptx = fixture ("kernels-compute80.ptx");

  g_settings_set_string (app_test_settings (), "ptxas-path", ptxas);
  app_test_select_gpu (window, "NVIDIA GeForce RTX 4090");
  open_ptx (window, ptx);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), >, 0);
  return window;
}

/* The entries read, in the file's order, filters or not: the panel's
 * "kernels" (a new reference). */
static GListModel *
kernels_of (CuoccWindow *window)
{
  GListModel *kernels = NULL;

  g_object_get (app_test_kernels_panel (window), "kernels", &kernels, NULL);
  g_assert_nonnull (kernels);
  return kernels;
}

/* The entry @mangled (no reference added: the panel's "kernels" keeps it). */
static CuoccKernelItem *
row_of (CuoccWindow *window,
        const char  *mangled)
{
  g_autoptr(GListModel) store = kernels_of (window);

  for (guint i = 0; i < g_list_model_get_n_items (store); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);

      if (g_strcmp0 (cuocc_kernel_item_get_kernel (item)->mangled, mangled) == 0)
        return item;
    }
  g_error ("no row %s", mangled);
}

/* Chooses the row as a click in the table does. */
static void
choose_row (CuoccWindow     *window,
            CuoccKernelItem *row)
{
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);
  for (guint i = 0; i < app_test_n_shown (window); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);

      if (item == row)
        {
          cuocc_kernels_panel_choose (app_test_kernels_panel (window), i);
          return;
        }
    }
  g_error ("the row is not shown");
}

/* ----- tests ----- */

/* Choosing a PTX kernel assembles it alone (ptxas --entry) at once, with a
 * spinner in the details; its figures are ptxas's for sm_89 and reach the
 * inputs. */
static void
test_chosen_kernel (void)
{
  g_autofree char *ptxas = counting ("chosen", REAL_PTXAS);
  g_autofree char *ptx = fixture ("kernels-compute80.ptx");
  g_autoptr(GHashTable) want = app_test_ptxas_registers (ptx, "sm_89", "_Z5heavyPKfPf");
  CuoccWindow *window;
  CuoccKernelItem *row;
  const CuoccKernel *k;
  g_autofree char *limiter = NULL;

  SKIP_WITHOUT_DISPLAY ();
  if (!g_file_test (REAL_PTXAS, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the CUDA toolkit's ptxas is not installed");
      return;
    }
  fresh_cache ();
  window = ptx_window (ptxas);
  /* Reading the file ran no ptxas: only the cache is read (empty). */
  g_assert_cmpuint (runs ("chosen"), ==, 0);
  row = row_of (window, "_Z5heavyPKfPf");
  k = cuocc_kernel_item_get_kernel (row);
  g_assert_cmpint (k->code, ==, CUOCC_CODE_PTX);
  g_assert_cmpint (k->loaded, ==, CUOCC_LOAD_YES);
  g_assert_cmpint (k->regs, <, 0);
  limiter = app_test_cell (window, row, "limiter");
  g_assert_cmpstr (limiter, ==, "PTX");

  choose_row (window, row);
  /* At once, before any answer: the spinner and what it waits for. */
  g_assert_nonnull (app_test_details_text (app_test_kernels_panel (window), "ptx_label"));
  g_assert_true (app_test_details_spinning (app_test_kernels_panel (window)));
  g_assert_cmpstr (app_test_details_text (app_test_kernels_panel (window), "ptx_label"), ==,
                   "Assembling with ptxas 13.0 for sm_89…");
  g_clear_pointer (&limiter, g_free);
  limiter = app_test_cell (window, row, "limiter");
  g_assert_cmpstr (limiter, ==, "assembling…");

  app_test_wait_until (window, details_condition, "Figures from ptxas 13.0 for sm_89");
  g_assert_nonnull (app_test_details_text (app_test_kernels_panel (window), "ptx_label"));
  g_assert_false (app_test_details_spinning (app_test_kernels_panel (window)));
  g_assert_cmpint (k->regs, ==, GPOINTER_TO_INT (g_hash_table_lookup (want, "_Z5heavyPKfPf")));
  g_assert_cmpstr (k->figures_from, ==, "ptxas 13.0 for sm_89");
  /* The inputs took the kernel's registers, as a click on a kernel with figures does. */
  g_assert_cmpint (cuocc_calculation_get_input (app_test_calculation (window))->regs, ==, k->regs);
  /* One run, of that entry alone. */
  g_assert_cmpuint (runs ("chosen"), ==, 1);
  {
    g_autofree char *path = g_build_filename (scratch, "chosen.runs", NULL);
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "-arch=sm_89"));
    g_assert_nonnull (strstr (text, "--entry _Z5heavyPKfPf"));
  }
  /* The occupancy column shows a figure now. */
  g_clear_pointer (&limiter, g_free);
  limiter = app_test_cell (window, row, "occupancy");
  g_assert_cmpstr (limiter, !=, "–");

  /* Another GPU is another target: the figures go, and come back from
   * ptxas for sm_90 when chosen again. */
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  app_test_wait_until (window, idle_condition, NULL);
  row = row_of (window, "_Z5heavyPKfPf");
  k = cuocc_kernel_item_get_kernel (row);
  if (k->loaded == CUOCC_LOAD_YES && k->figures_from != NULL)
    g_assert_cmpstr (k->figures_from, ==, "ptxas 13.0 for sm_90");
  app_test_window_free (window);
}

/* Assemble PTX Kernels: every PTX row that loads gets ptxas's figures for
 * the whole module (one run), with progress; a second time costs no run
 * (the cache); the action is off when nothing is left to assemble. */
static void
test_assemble_all (void)
{
  g_autofree char *ptxas = counting ("all", REAL_PTXAS);
  g_autofree char *ptx = fixture ("kernels-compute80.ptx");
  g_autoptr(GHashTable) want = app_test_ptxas_registers (ptx, "sm_89", NULL);
  g_autoptr(GListModel) store = NULL;
  CuoccWindow *window;
  guint n_ptx = 0, applied = 0, most = 0;
  gboolean enabled = FALSE;

  SKIP_WITHOUT_DISPLAY ();
  if (!g_file_test (REAL_PTXAS, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the CUDA toolkit's ptxas is not installed");
      return;
    }
  fresh_cache ();
  window = ptx_window (ptxas);
  app_test_wait_until (window, assembled_condition, NULL);
  g_assert_true (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
  enabled = gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL);
  g_assert_true (enabled);
  /* Progress shows at once, with Cancel. */
  g_assert_nonnull (app_test_shown_text (GTK_WIDGET (app_test_kernels_panel (window)), "ptx_progress_label"));
  g_assert_true (gtk_widget_get_visible (app_test_find_by_id (GTK_WIDGET (app_test_kernels_panel (window)), GTK_TYPE_BUTTON, "ptx_cancel_button")));
  app_test_wait_until (window, assembled_condition, NULL);
  g_assert_null (app_test_shown_text (GTK_WIDGET (app_test_kernels_panel (window)), "ptx_progress_label"));

  g_clear_object (&store);
  store = kernels_of (window);
  for (guint i = 0; i < g_list_model_get_n_items (store); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

      if (k->code != CUOCC_CODE_PTX || k->loaded != CUOCC_LOAD_YES)
        continue;
      n_ptx++;
      g_assert_true (g_hash_table_contains (want, k->mangled));
      g_assert_cmpint (k->regs, ==, GPOINTER_TO_INT (g_hash_table_lookup (want, k->mangled)));
      g_assert_cmpstr (k->figures_from, ==, "ptxas 13.0 for sm_89");
    }
  /* kernels-compute80.ptx: its ten .entry lines, each once in ptxas's output. */
  g_assert_cmpuint (g_hash_table_size (want), ==, 10);
  g_assert_cmpuint (n_ptx, ==, 10);
  g_assert_cmpuint (runs ("all"), ==, 1);
  g_assert_cmpuint (cache_files (), ==, 1);
  cuocc_kernels_panel_get_ptxas_counts (app_test_kernels_panel (window), &applied, &most);
  g_assert_cmpuint (applied, ==, n_ptx);
  g_assert_false (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL) &&
                  app_test_kernels_assembling (app_test_kernels_panel (window)));
  app_test_window_free (window);

  /* The file opened again: every figure from the cache, no ptxas run. */
  window = ptx_window (ptxas);
  app_test_wait_until (window, assembled_condition, NULL);
  g_clear_object (&store);
  store = kernels_of (window);
  for (guint i = 0; i < g_list_model_get_n_items (store); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

      if (k->code == CUOCC_CODE_PTX && k->loaded == CUOCC_LOAD_YES)
        g_assert_cmpint (k->regs, ==, GPOINTER_TO_INT (g_hash_table_lookup (want, k->mangled)));
    }
  g_assert_cmpuint (runs ("all"), ==, 1);
  g_assert_false (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
  app_test_window_free (window);
}

typedef struct {
  const char *name;
  const char *body;                /* after the --version answer */
  const char *why;                 /* in the row's message */
} BadPtxas;

/* A ptxas that fails, crashes, hangs or prints garbage: the row says why,
 * with no figure; a path that is no ptxas says so, and what to do. */
static void
test_bad_ptxas (void)
{
  static const BadPtxas cases[] = {
    { "fails", "echo 'ptxas fatal   : out of luck' >&2; exit 3\n",
      "exited with status 3: ptxas fatal   : out of luck" },
    { "crashes", "kill -SEGV $$\n", "killed by signal 11" },
    { "hangs", "exec sleep 60\n", "took longer than 1 s" },
    { "garbage", "head -c 20000 /dev/urandom | tr -d '\\000'; echo 'ptxas info : Used 7 registers'\n",
      "gives no figures for this kernel" },
  };

  SKIP_WITHOUT_DISPLAY ();
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *body = g_strconcat (VERSION_LINE, cases[c].body, NULL);
      g_autofree char *fake = script (cases[c].name, body);
      g_autofree char *limiter = NULL;
      g_autofree char *expected = g_strdup_printf ("ptxas gave no figures: ptxas 13.0 for sm_89: ");
      CuoccWindow *window;
      CuoccKernelItem *row;
      const char *text;

      fresh_cache ();
      window = ptx_window (fake);
      cuocc_kernels_panel_set_ptxas_timeout (app_test_kernels_panel (window), 1);
      row = row_of (window, "_Z7boundedPfPKf");
      choose_row (window, row);
      app_test_wait_until (window, details_condition, "ptxas gave no figures");
      text = app_test_details_text (app_test_kernels_panel (window), "ptx_label");
      g_test_message ("%s: %s", cases[c].name, text);
      g_assert_true (g_str_has_prefix (text, expected));
      g_assert_nonnull (strstr (text, cases[c].why));
      g_assert_cmpint (cuocc_kernel_item_get_kernel (row)->regs, <, 0);
      g_assert_null (cuocc_kernel_item_get_kernel (row)->figures_from);
      limiter = app_test_cell (window, row, "limiter");
      g_assert_cmpstr (limiter, ==, "ptxas failed");
      g_clear_pointer (&limiter, g_free);
      limiter = app_test_cell (window, row, "occupancy");
      g_assert_cmpstr (limiter, ==, "–");

      /* Assemble PTX Kernels: every row that loads says why. */
      g_assert_true (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL));
      app_test_wait_until (window, assembled_condition, NULL);
      {
        g_autoptr(GListModel) store = kernels_of (window);

        for (guint i = 0; i < g_list_model_get_n_items (store); i++)
          {
            g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);
            const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

            if (k->code != CUOCC_CODE_PTX || k->loaded != CUOCC_LOAD_YES)
              continue;
            g_assert_cmpint (k->regs, <, 0);
            g_assert_nonnull (k->ptx_problem);
            g_assert_nonnull (strstr (k->ptx_problem, cases[c].why));
          }
      }
      app_test_window_free (window);
    }

  /* No ptxas where the user pointed: the details say so and what to do;
   * the action is off. */
  {
    g_autofree char *nowhere = g_build_filename (scratch, "nowhere", "ptxas", NULL);
    CuoccWindow *window = ptx_window (nowhere);
    CuoccKernelItem *row = row_of (window, "_Z7boundedPfPKf");
    const char *text;

    choose_row (window, row);
    app_test_wait_until (window, assembled_condition, NULL);
    text = app_test_details_text (app_test_kernels_panel (window), "ptx_label");
    g_test_message ("missing: %s", text);
    g_assert_nonnull (strstr (text, "no such program"));
    g_assert_nonnull (strstr (text, "The ptxas chosen cannot run: "));
    g_assert_nonnull (strstr (text, nowhere));
    g_assert_nonnull (strstr (text, "Choose ptxas…"));
    g_assert_false (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
    g_assert_cmpint (cuocc_kernel_item_get_kernel (row)->regs, <, 0);
    app_test_window_free (window);
  }
}

/* PTX that ptxas rejects: its error on the row. */
static void
test_rejected_ptx (void)
{
  g_autofree char *ptx = fixture ("kernels-compute80.ptx");
  g_autofree char *text = NULL;
  g_autofree char *bad = g_build_filename (scratch, "bad.ptx", NULL);
  g_autofree char *ptxas = counting ("rejected", REAL_PTXAS);
  CuoccWindow *window;
  CuoccKernelItem *row;
  const char *details;
  char *p;

  SKIP_WITHOUT_DISPLAY ();
  if (!g_file_test (REAL_PTXAS, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the CUDA toolkit's ptxas is not installed");
      return;
    }
  fresh_cache ();
  /* An instruction ptxas does not know, in every kernel's body. */
  g_assert_true (g_file_get_contents (ptx, &text, NULL, NULL));
  while ((p = strstr (text, "\tret;")) != NULL)
    memcpy (p, "\tbad;", 5);
  g_assert_true (g_file_set_contents (bad, text, -1, NULL));

  window = app_test_window_new ();
  g_settings_set_string (app_test_settings (), "ptxas-path", ptxas);
  app_test_select_gpu (window, "NVIDIA GeForce RTX 4090");
  open_ptx (window, bad);
  row = row_of (window, "_Z7boundedPfPKf");
  choose_row (window, row);
  app_test_wait_until (window, details_condition, "ptxas gave no figures");
  details = app_test_details_text (app_test_kernels_panel (window), "ptx_label");
  g_test_message ("rejected: %s", details);
  g_assert_nonnull (strstr (details, "exited with status 255"));
  g_assert_nonnull (strstr (details, "bad"));
  g_assert_cmpint (cuocc_kernel_item_get_kernel (row)->regs, <, 0);
  app_test_window_free (window);
  g_unlink (bad);
}

/* ----- the generated library ----- */

/* A fast ptxas: each .entry of the PTX gets (length of its name) % 200 + 8
 * registers, for the target it was asked for; slow: a pause first. */
static char *
fake_fast (const char *name,
           const char *pause)
{
  g_autofree char *body = g_strdup_printf (
    VERSION_LINE
    "echo run >> '%s/%s.runs'\n"
    "%s\n"
    "target=; for a in \"$@\"; do case \"$a\" in -arch=*) target=${a#-arch=};; esac; f=$a; done\n"
    "for n in $(grep -o '\\.entry [^(]*' \"$f\" | cut -d' ' -f2); do\n"
    "  echo \"ptxas info    : Compiling entry function '$n' for '$target'\"\n"
    "  echo \"ptxas info    : Used $(( ${#n} %% 200 + 8 )) registers, used 0 barriers\"\n"
    "done\n", scratch, name, pause);

  return script (name, body);
}

static guint
count_ptx_loaded (CuoccWindow *window,
                  guint       *with_figures)
{
  g_autoptr(GListModel) store = kernels_of (window);
  guint n = 0;

  *with_figures = 0;
  for (guint i = 0; i < g_list_model_get_n_items (store); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

      if (k->code != CUOCC_CODE_PTX || k->loaded != CUOCC_LOAD_YES)
        continue;
      n++;
      if (k->regs >= 0)
        {
          /* The fake's figure, worked out here. */
          g_assert_cmpint (k->regs, ==, (int) (strlen (k->mangled) % 200 + 8));
          g_assert_cmpstr (k->figures_from, ==, "ptxas 13.0 for sm_100");
          (*with_figures)++;
        }
    }
  return n;
}

static gboolean
some_applied_condition (CuoccWindow   *window,
                        gconstpointer  data)
{
  guint applied = 0, most = 0;

  cuocc_kernels_panel_get_ptxas_counts (app_test_kernels_panel (window), &applied, &most);
  return applied >= GPOINTER_TO_UINT (data);
}

static void
told_cb (guint *n_told)
{
  (*n_told)++;
}

/* full: a GPU changed and back (the cache), and Cancel, as well. */
static void
library_at_size (int      width,
                 int      height,
                 gboolean full)
{
  g_autofree char *path = app_test_generated_library (NULL);
  g_autofree char *manifest_path = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *manifest;
  guint want_rows, want_modules;
  g_autofree char *fast = NULL;
  g_autofree char *slow = NULL;
  CuoccWindow *window;
  AppTestStalls stalls;
  guint n_ptx, with = 0, applied = 0, most = 0, slow_runs;
  guint n_told = 0;
  gulong told;

  SKIP_WITHOUT_DISPLAY ();
  if (path == NULL)
    {
      g_test_skip ("no generated library in the build folder, or under the sanitizers");
      return;
    }
  /* What tests/gen-library.py says it wrote: each kernel name in
   * names_in_modules fat binaries, each of which holds one PTX module (their
   * targets differ: compute_90 and compute_80), of kernels_per_module kernels. */
  manifest_path = g_strdup (path);
  strcpy (strrchr (manifest_path, '.'), ".json");
  g_assert_true (json_parser_load_from_file (parser, manifest_path, NULL));
  manifest = json_node_get_object (json_parser_get_root (parser));
  want_rows = json_object_get_int_member (manifest, "kernels") *
              json_object_get_int_member (manifest, "names_in_modules");
  want_modules = json_object_get_int_member (manifest, "modules");
  g_assert_cmpuint (want_rows, ==,
                    want_modules * json_object_get_int_member (manifest, "kernels_per_module"));
  fast = fake_fast ("fast", "");
  /* The runs of this window size alone. */
  for (const char *const *n = (const char *const[]) { "fast", "slow", NULL }; *n != NULL; n++)
    {
      g_autofree char *counted = g_strdup_printf ("%s/%s.runs", scratch, *n);

      g_unlink (counted);
    }
  slow = fake_fast ("slow", "sleep 0.2");
  fresh_cache ();
  window = app_test_window_at_size (width, height, NULL);
  g_settings_set_string (app_test_settings (), "ptxas-path", fast);
  /* Compute capability 10.0: no SASS of the library runs there; every
   * kernel's entry that loads is its compute_90 or compute_80 PTX. */
  app_test_select_gpu (window, "NVIDIA B200");
  app_test_import_library (window, path);
  app_test_wait_until (window, assembled_condition, NULL);
  n_ptx = count_ptx_loaded (window, &with);
  g_assert_cmpuint (n_ptx, ==, want_rows);
  g_assert_cmpuint (with, ==, 0);
  g_assert_true (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));

  app_test_stalls_start (&stalls);
  app_test_stalls_watch_table (&stalls,
                               app_test_column_view (app_test_kernels_panel (window)));
  told = g_signal_connect_swapped (app_test_kernels_panel (window), "notify::assembling", G_CALLBACK (told_cb),
                                   &n_told);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL));
  while (app_test_kernels_assembling (app_test_kernels_panel (window)))
    app_test_stalls_iterate (&stalls);
  app_test_stalls_stop (&stalls);
  g_signal_handler_disconnect (app_test_kernels_panel (window), told);
  /* "assembling" was told of twice: as the assembly began, and as it
   * ended (not once a batch of rows, nor as the cache's read gave way). */
  g_assert_cmpuint (n_told, ==, 2);
  n_ptx = count_ptx_loaded (window, &with);
  g_assert_cmpuint (with, ==, want_rows);
  g_assert_cmpuint (runs ("fast"), ==, want_modules);
  g_assert_cmpuint (cache_files (), ==, want_modules);
  cuocc_kernels_panel_get_ptxas_counts (app_test_kernels_panel (window), &applied, &most);
  g_test_message ("%u rows took ptxas's figures, at most %u an iteration; the table's rows changed %u times "
                  "(at most %u in a stretch), %u cells bound at most in a stretch",
                  applied, most, stalls.changes, stalls.most_changes, stalls.most_binds);
  g_assert_cmpuint (applied, ==, want_rows);
  /* Rows filled in over many iterations, never more than 256 in one. */
  g_assert_cmpuint (most, <=, 256);
  /* The rows were sorted and filtered again once, at the end. */
  g_assert_cmpuint (stalls.most_changes, <=, 1);

  if (!full)
    {
      app_test_window_free (window);
      return;
    }

  /* Another GPU and back: from the cache, no run. */
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  app_test_wait_until (window, idle_condition, NULL);
  app_test_select_gpu (window, "NVIDIA B200");
  app_test_wait_until (window, idle_condition, NULL);
  count_ptx_loaded (window, &with);
  g_assert_cmpuint (with, ==, want_rows);
  g_assert_cmpuint (runs ("fast"), ==, want_modules);

  /* Cancel, with a slow ptxas and an empty cache: the runs stop, the rows
   * that came keep their figures, the cache what finished. */
  fresh_cache ();
  g_settings_set_string (app_test_settings (), "ptxas-path", slow);
  app_test_select_gpu (window, "NVIDIA H100 SXM5");
  app_test_wait_until (window, idle_condition, NULL);
  app_test_select_gpu (window, "NVIDIA B200");
  app_test_wait_until (window, idle_condition, NULL);
  count_ptx_loaded (window, &with);
  g_assert_cmpuint (with, ==, 0);
  cuocc_kernels_panel_get_ptxas_counts (app_test_kernels_panel (window), &applied, &most);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL));
  app_test_wait_until (window, some_applied_condition, GUINT_TO_POINTER (applied + 24));
  gtk_widget_activate (app_test_find_by_id (GTK_WIDGET (app_test_kernels_panel (window)), GTK_TYPE_BUTTON, "ptx_cancel_button"));
  app_test_wait_until (window, assembled_condition, NULL);
  slow_runs = runs ("slow");
  count_ptx_loaded (window, &with);
  g_test_message ("cancelled after %u runs: %u rows with figures, %u cache files", slow_runs, with,
                  cache_files ());
  g_assert_cmpuint (with, >=, 24);
  g_assert_cmpuint (with, <, want_rows);
  g_assert_cmpuint (slow_runs, <, want_modules);
  /* Each module that finished is in the cache: 24 kernels a module. */
  g_assert_cmpuint (cache_files (), ==, with / 24);
  /* No ptxas is left running: no run starts after the cancel. */
  g_usleep (G_USEC_PER_SEC / 2);
  g_assert_cmpuint (runs ("slow"), ==, slow_runs);
  g_assert_null (app_test_shown_text (GTK_WIDGET (app_test_kernels_panel (window)), "ptx_progress_label"));
  g_assert_true (cuocc_kernels_panel_can_assemble (app_test_kernels_panel (window)));
  app_test_window_free (window);
}

static void
test_library_small (void)
{
  library_at_size (800, 600, TRUE);
}

static void
test_library_large (void)
{
  library_at_size (1920, 1080, FALSE);
}

/* The details of a kernel ptxas assembled, of one it failed on, and
 * Assemble PTX Kernels under way (a slow fake ptxas), light and dark, at
 * 800 × 600 and 1920 × 1080, left in the build folder to be looked at. */
static void
test_screenshots (void)
{
  static const struct { int width, height; } sizes[] = { { 800, 600 }, { 1920, 1080 } };
  static const struct { AdwColorScheme scheme; const char *name; } schemes[] = {
    { ADW_COLOR_SCHEME_FORCE_LIGHT, "light" },
    { ADW_COLOR_SCHEME_FORCE_DARK, "dark" },
  };
  const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
  g_autofree char *ptx = fixture ("kernels-compute80.ptx");
  g_autofree char *fails =
      script ("shot-fails", VERSION_LINE "echo 'ptxas fatal   : out of luck' >&2; exit 3\n");
  g_autofree char *slow = script ("shot-slow", VERSION_LINE "sleep 30\n");
  const struct { const char *name; const char *ptxas; const char *kernel; gboolean all; } states[] = {
    { "figures", REAL_PTXAS, "_Z5heavyPKfPf", FALSE },
    { "failed", fails, "_Z7boundedPfPKf", FALSE },
    { "assembling", slow, "_Z5heavyPKfPf", TRUE },
  };

  SKIP_WITHOUT_DISPLAY ();
  if (!g_file_test (REAL_PTXAS, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the CUDA toolkit's ptxas is not installed");
      return;
    }
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint t = 0; t < G_N_ELEMENTS (states); t++)
      {
        g_autoptr(GFile) file = g_file_new_for_path (ptx);
        CuoccWindow *window;

        fresh_cache ();
        window = app_test_window_at_size (sizes[s].width, sizes[s].height, NULL);
        g_settings_set_string (app_test_settings (), "ptxas-path", states[t].ptxas);
        app_test_select_gpu (window, "NVIDIA GeForce RTX 4090");
        app_test_import (window, file);
        app_test_wait_until (window, idle_condition, NULL);
        app_test_show_kernels (window, TRUE);
        if (states[t].all)
          {
            g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.assemble-ptx", NULL));
            choose_row (window, row_of (window, states[t].kernel));
          }
        else
          {
            choose_row (window, row_of (window, states[t].kernel));
            app_test_wait_until (window, assembled_condition, NULL);
          }
        for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
          {
            g_autoptr(GdkTexture) texture = NULL;
            g_autofree char *name = g_strdup_printf ("cuocc-ptxas-%s-%dx%d-%s.png", states[t].name,
                                                     sizes[s].width, sizes[s].height, schemes[i].name);
            g_autofree char *path = g_build_filename (dir ? dir : g_get_tmp_dir (), name, NULL);

            adw_style_manager_set_color_scheme (adw_style_manager_get_default (), schemes[i].scheme);
            app_test_wait_for_frame (GTK_WIDGET (window));
            app_test_wait_for_sidebar (window, TRUE);
            app_test_wait_for_frame (GTK_WIDGET (window));
            texture = app_test_render_widget (GTK_WIDGET (window));
            g_assert_true (gdk_texture_save_to_png (texture, path));
            g_test_message ("screenshot: %s", path);
          }
        adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
        app_test_window_free (window);
      }
}

/* A window closed while ptxas is still being looked for (its --version
 * hangs) lets its kernels panel go at once: the lookup holds the panel
 * weakly, and the panel's dispose cancels it. It used to keep the panel
 * alive until the lookup's time limit. */
static gboolean
looking_condition (CuoccWindow   *window,
                   gconstpointer  data)
{
  gboolean looking;

  g_object_get (app_test_kernels_panel (window), "ptxas-looking", &looking, NULL);
  return looking;
}

static void
test_close_while_looking (void)
{
  g_autofree char *fake = script ("version-hangs", "exec sleep 60 </dev/null >/dev/null 2>&1\n");
  g_autofree char *ptx = fixture ("kernels-compute80.ptx");
  g_autoptr(GFile) file = g_file_new_for_path (ptx);
  CuoccWindow *window;
  gpointer panel;

  SKIP_WITHOUT_DISPLAY ();
  fresh_cache ();
  window = app_test_window_new ();
  g_settings_set_string (app_test_settings (), "ptxas-path", fake);
  app_test_select_gpu (window, "NVIDIA GeForce RTX 4090");
  app_test_import (window, file);
  /* Its PTX rows need ptxas, and --version has not answered (it cannot). */
  app_test_wait_until (window, looking_condition, NULL);
  g_assert_true (app_test_kernels_assembling (app_test_kernels_panel (window)));
  {
    g_autofree char *error = NULL;
    g_autofree char *found = app_test_ptxas_found (app_test_kernels_panel (window), NULL, &error);

    /* Neither found nor failed: still looked for. */
    g_assert_null (found);
    g_assert_null (error);
  }
  panel = app_test_kernels_panel (window);
  g_object_add_weak_pointer (panel, &panel);
  app_test_window_free (window);
  g_assert_null (panel);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Before GLib reads it: the cache of this test's own. */
  scratch = g_dir_make_tmp ("cuocc-test-ptxas-XXXXXX", NULL);
  g_assert (scratch != NULL);
  cache_home = g_build_filename (scratch, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);

  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/ptxas/chosen-kernel", test_chosen_kernel);
  g_test_add_func ("/cuocc/app/ptxas/assemble-all", test_assemble_all);
  g_test_add_func ("/cuocc/app/ptxas/bad-ptxas", test_bad_ptxas);
  g_test_add_func ("/cuocc/app/ptxas/rejected-ptx", test_rejected_ptx);
  g_test_add_func ("/cuocc/app/ptxas/close-while-looking", test_close_while_looking);
  g_test_add_func ("/cuocc/app/ptxas/screenshots", test_screenshots);
  g_test_add_func ("/cuocc/app/ptxas/library/800x600", test_library_small);
  g_test_add_func ("/cuocc/app/ptxas/library/1920x1080", test_library_large);

  status = g_test_run ();
  remove_tree (scratch);
  g_free (cache_home);
  g_free (scratch);
  return status;
}
