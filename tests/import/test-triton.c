/* test-triton.c — kernels of a Triton cache
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * data/triton/ holds three entries of a Triton 3.6 cache compiled on an H100
 * (sm_90), with truth.csv: what Triton and the CUDA driver reported after
 * loading each (num_warps, the launch's dynamic shared memory, n_regs,
 * n_spills, cuOccupancyMaxActiveBlocksPerMultiprocessor for those threads
 * and that shared memory). The reader must
 * give those figures, and the model on the H100 SXM5 the driver's blocks
 * per SM. The cases of bad input are folders written by the test, around a
 * copy of a real cubin.
 */
#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "cuocc.h"

typedef struct {
  char *triton_name;
  int threads;
  gint64 shared;
  int regs;
  gint64 spills;
  int driver_blocks;
} Truth;

/* data/triton, data/triton/A or data/triton/A/B. */
static char *
data_path (const char *a, const char *b)
{
  return g_test_build_filename (G_TEST_DIST, "import", "data", "triton", a != NULL ? a : "", b != NULL ? b : "", NULL);
}

/* truth.csv: kernel,triton_name,hash,num_warps,num_stages,threads,shared,n_regs,n_spills,driver_blocks_per_sm */
static GArray *
read_truth (void)
{
  g_autofree char *path = data_path ("truth.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (Truth));

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "kernel,triton_name,hash,num_warps,num_stages,threads,shared,"
                                               "n_regs,n_spills,driver_blocks_per_sm"));
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      Truth t;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      g_assert_cmpuint (g_strv_length (f), ==, 10);
      t.triton_name = g_strdup (f[1]);
      t.threads = atoi (f[5]);
      g_assert_cmpint (t.threads, ==, 32 * atoi (f[3]));
      t.shared = g_ascii_strtoll (f[6], NULL, 10);
      t.regs = atoi (f[7]);
      t.spills = g_ascii_strtoll (f[8], NULL, 10);
      t.driver_blocks = atoi (f[9]);
      g_array_append_val (rows, t);
    }
  g_assert_cmpuint (rows->len, ==, 3);
  return rows;
}

static void
truth_free (GArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    g_free (g_array_index (rows, Truth, i).triton_name);
  g_array_unref (rows);
}

static const CuoccKernel *
find_kernel (const CuoccKernelList *list, const char *name)
{
  for (guint i = 0; i < list->n_kernels; i++)
    if (strcmp (list->kernels[i].name, name) == 0)
      return &list->kernels[i];
  g_assert_not_reached ();
  return NULL;
}

static void
check_against_truth (const CuoccKernel *k, const Truth *t)
{
  CuoccGpu gpu;
  CuoccInput input;
  CuoccResult result;
  g_autoptr (GError) error = NULL;

  g_test_message ("%s", t->triton_name);
  g_assert_cmpint (k->format, ==, CUOCC_IMPORT_FORMAT_TRITON);
  g_assert_cmpint (k->code, ==, CUOCC_CODE_SASS);
  g_assert_cmpstr (k->mangled, ==, t->triton_name);
  g_assert_cmpint (k->block_size, ==, t->threads);
  g_assert_cmpint (k->dynamic_smem, ==, t->shared);
  g_assert_cmpint (k->regs, ==, t->regs);
  /* Triton's n_spills is the driver's CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES / 4
   * (triton/backends/nvidia/driver.c); the cubin's per-thread stack is that
   * local size. */
  g_assert_cmpint (k->stack, ==, 4 * t->spills);
  g_assert_cmpint (k->cc_major, ==, 9);
  g_assert_cmpint (k->cc_minor, ==, 0);
  g_assert_true (g_str_has_prefix (k->arch, "sm_90"));
  /* One CTA per program: Triton launches no cluster. */
  g_assert_cmpint (k->cluster_dims[0], ==, 0);
  g_assert_true (g_str_has_suffix (k->file, ".json"));
  g_assert_nonnull (strstr (k->file, t->triton_name));

  g_assert_true (cuocc_gpu_find ("H100 SXM5", &gpu, &error));
  cuocc_input_init (&input);
  input.threads = k->block_size;
  input.regs = k->regs;
  input.smem = (k->smem > 0 ? k->smem : 0) + k->dynamic_smem;
  g_assert_true (cuocc_calculate (&gpu, &input, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (result.active_blocks, ==, t->driver_blocks);
}

/* The cache folder: every entry in it. */
static void
test_cache (void)
{
  GArray *truth = read_truth ();
  g_autofree char *path = data_path (NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (list);
  g_assert_cmpuint (list->n_kernels, ==, truth->len);
  g_assert_cmpint (list->format, ==, CUOCC_IMPORT_FORMAT_TRITON);
  for (guint i = 0; i < truth->len; i++)
    {
      const Truth *t = &g_array_index (truth, Truth, i);

      check_against_truth (find_kernel (list, t->triton_name), t);
    }
  truth_free (truth);
}

/* One kernel's folder, and its .json, give that kernel alone. */
static void
test_entry (void)
{
  static const struct { const char *hash, *name; } entries[] = {
    { "FLSTPEOZS6SYYGJQIJM7XMPON3WWAKFXEZP2Q4SQXHFONIF6EZTA", "add_kernel" },
    { "6IOZT6HCOSRRY3PCWJSFIGBFR6VRL3I5H4BMRUMA4GT7JVVVDLCA", "softmax_kernel" },
    { "MPADQTD4BVY34WCA37SCV3JBBKABKEA7XIRNVTDCOHIYJNNADL7Q", "matmul_kernel" },
  };
  GArray *truth = read_truth ();

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      g_autofree char *json = g_strconcat (entries[i].name, ".json", NULL);
      char *paths[] = { data_path (entries[i].hash, NULL), data_path (entries[i].hash, json) };
      const Truth *t = NULL;

      for (guint j = 0; j < truth->len; j++)
        if (strcmp (g_array_index (truth, Truth, j).triton_name, entries[i].name) == 0)
          t = &g_array_index (truth, Truth, j);
      g_assert_nonnull (t);
      for (guint p = 0; p < G_N_ELEMENTS (paths); p++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (CuoccKernelList) list = cuocc_import_parse_file (paths[p], &error);

          g_assert_no_error (error);
          g_assert_cmpuint (list->n_kernels, ==, 1);
          check_against_truth (&list->kernels[0], t);
          g_assert_cmpstr (list->kernels[0].file, ==, paths[1]);
          g_free (paths[p]);
        }
    }
  truth_free (truth);
}

/* ---------------------------------------------------------------- bad input */

static char *
make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("cuocc-triton-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
write_file (const char *dir, const char *name, const char *contents, gssize len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, contents, len, &error));
}

/* A real cubin (add_kernel's) under the name `name`. */
static void
write_cubin (const char *dir, const char *name)
{
  g_autofree char *src = data_path ("FLSTPEOZS6SYYGJQIJM7XMPON3WWAKFXEZP2Q4SQXHFONIF6EZTA", "add_kernel.cubin");
  g_autofree char *bytes = NULL;
  g_autofree char *file = g_strconcat (name, ".cubin", NULL);
  gsize len;

  g_assert_true (g_file_get_contents (src, &bytes, &len, NULL));
  write_file (dir, file, bytes, (gssize) len);
}

#define META(extra) \
  "{\"hash\": \"x\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, \"warp_size\": 32}, " \
  "\"num_warps\": 8, \"num_ctas\": 1, \"shared\": 1024, \"name\": \"add_kernel\"" extra "}"

typedef struct {
  const char *what;
  const char *json;                /* add_kernel.json */
  const char *words[3];            /* the message names these */
} BadCase;

static const BadCase bad_cases[] = {
  { "not-triton", "{\"hello\": [1, 2, 3]}", { "not a Triton kernel", "name", "num_warps" } },
  { "no-warps", "{\"name\": \"add_kernel\", \"shared\": 0}", { "num_warps", NULL } },
  { "no-shared", "{\"name\": \"add_kernel\", \"num_warps\": 4}", { "shared", NULL } },
  { "warps-zero", "{\"name\": \"add_kernel\", \"num_warps\": 0, \"shared\": 0}", { "num_warps", "1 to 32768" } },
  { "warps-huge", "{\"name\": \"add_kernel\", \"num_warps\": 1e300, \"shared\": 0}", { "num_warps", "1 to 32768" } },
  { "warps-text", "{\"name\": \"add_kernel\", \"num_warps\": \"4\", \"shared\": 0}", { "num_warps", NULL } },
  { "shared-negative", "{\"name\": \"add_kernel\", \"num_warps\": 4, \"shared\": -1}", { "shared", "0 to" } },
  { "shared-huge", "{\"name\": \"add_kernel\", \"num_warps\": 4, \"shared\": 99999999999999999999}", { "shared", NULL } },
  { "name-number", "{\"name\": 7, \"num_warps\": 4, \"shared\": 0}", { "name", NULL } },
  { "name-path", "{\"name\": \"../../etc/passwd\", \"num_warps\": 4, \"shared\": 0}", { "no file name", "passwd" } },
  { "hip", "{\"name\": \"add_kernel\", \"num_warps\": 4, \"shared\": 0, "
           "\"target\": {\"backend\": \"hip\", \"arch\": \"gfx942\", \"warp_size\": 64}}", { "hip", "not for CUDA" } },
  { "cluster-dims-short", META (", \"num_ctas\": 2, \"cluster_dims\": [2, 1]"), { "cluster_dims", "1 to 1024" } },
  { "cluster-dims-zero", META (", \"num_ctas\": 2, \"cluster_dims\": [0, 1, 1]"), { "cluster_dims", NULL } },
  { "truncated", "{\"name\": \"add_kernel\", \"num_warps\": 4, \"sha", { "not valid JSON", NULL } },
  { "not-utf8", "{\"name\": \"add\xff\xfe\", \"num_warps\": 4, \"shared\": 0}", { "add_kernel.json", NULL } },
};

/* A .json given by name that is not Triton's is refused with what is wrong. */
static void
test_bad (gconstpointer data)
{
  const BadCase *c = data;
  g_autofree char *dir = make_dir ();
  g_autofree char *json = g_build_filename (dir, "add_kernel.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) dir_error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  g_autoptr (CuoccKernelList) dir_list = NULL;

  write_file (dir, "add_kernel.json", c->json, -1);
  write_cubin (dir, "add_kernel");
  list = cuocc_import_parse_file (json, &error);
  g_assert_null (list);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "add_kernel.json"));
  for (guint i = 0; i < G_N_ELEMENTS (c->words) && c->words[i] != NULL; i++)
    g_assert_nonnull (strstr (error->message, c->words[i]));

  /* The same in a folder: nothing to read, and the folder's message says why. */
  dir_list = cuocc_import_parse_file (dir, &dir_error);
  g_assert_null (dir_list);
  g_assert_nonnull (strstr (dir_error->message, "No Triton kernel"));
  g_assert_nonnull (strstr (dir_error->message, error->message));
  remove_tree (dir);
}

/* Launch figures that make the occupancy are taken as written; a cluster
 * only where Triton launches one (num_ctas > 1). */
static void
test_launch (void)
{
  static const struct {
    const char *json;
    int threads;
    gint64 dynamic_smem;
    int cluster[3];
    int max_regs;
    int cc_major;
  } cases[] = {
    { META (""), 256, 1024, { 0, 0, 0 }, CUOCC_IMPORT_UNKNOWN, 9 },
    /* Triton 3.0-3.2 wrote cluster_dims [1, 1, 1] for every kernel. */
    { META (", \"cluster_dims\": [1, 1, 1]"), 256, 1024, { 0, 0, 0 }, CUOCC_IMPORT_UNKNOWN, 9 },
    { "{\"name\": \"add_kernel\", \"num_warps\": 4, \"num_ctas\": 2, \"shared\": 0}", 128, 0, { 2, 1, 1 },
      CUOCC_IMPORT_UNKNOWN, 0 },
    { "{\"name\": \"add_kernel\", \"num_warps\": 4, \"num_ctas\": 4, \"cluster_dims\": [2, 2, 1], \"shared\": 0}",
      128, 0, { 2, 2, 1 }, CUOCC_IMPORT_UNKNOWN, 0 },
    { "{\"name\": \"add_kernel\", \"num_warps\": 1, \"shared\": 232448, \"maxnreg\": 128, "
      "\"target\": [\"cuda\", 100, 32]}", 32, 232448, { 0, 0, 0 }, 128, 10 },
    { "{\"name\": \"add_kernel\", \"num_warps\": 32, \"shared\": 0, \"target\": \"cuda:80\"}", 1024, 0,
      { 0, 0, 0 }, CUOCC_IMPORT_UNKNOWN, 8 },
    { "\xef\xbb\xbf  {\"name\": \"add_kernel\", \"num_warps\": 2, \"shared\": 0, \"arch\": \"sm120a\"}", 64, 0,
      { 0, 0, 0 }, CUOCC_IMPORT_UNKNOWN, 12 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *dir = make_dir ();
      g_autofree char *json = g_build_filename (dir, "add_kernel.json", NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (CuoccKernelList) list = NULL;
      const CuoccKernel *k;

      g_test_message ("%s", cases[i].json);
      write_file (dir, "add_kernel.json", cases[i].json, -1);
      write_cubin (dir, "add_kernel");
      list = cuocc_import_parse_file (json, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (list->n_kernels, ==, 1);
      k = &list->kernels[0];
      g_assert_cmpint (k->block_size, ==, cases[i].threads);
      g_assert_cmpint (k->dynamic_smem, ==, cases[i].dynamic_smem);
      for (guint d = 0; d < 3; d++)
        g_assert_cmpint (k->cluster_dims[d], ==, cases[i].cluster[d]);
      g_assert_cmpint (k->max_regs, ==, cases[i].max_regs);
      /* Without a target in the metadata the cubin's own architecture stays. */
      g_assert_cmpint (k->cc_major, ==, cases[i].cc_major != 0 ? cases[i].cc_major : 9);
      g_assert_cmpint (k->regs, ==, 26);
      remove_tree (dir);
    }
}

/* Folders: passed-over JSON, a missing cubin, nothing at all, too much. */
static void
test_folders (void)
{
  g_autofree char *cache = make_dir ();
  g_autofree char *good = g_build_filename (cache, "AAAA", NULL);
  g_autofree char *no_cubin = g_build_filename (cache, "BBBB", NULL);
  g_autofree char *autotune = g_build_filename (cache, "CCCC", NULL);
  g_autofree char *empty = make_dir ();
  g_autofree char *no_cubin_json = g_build_filename (no_cubin, "add_kernel.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  g_autoptr (CuoccKernelList) none = NULL;
  g_autoptr (CuoccKernelList) lone = NULL;
  g_autoptr (CuoccKernelList) big = NULL;
  GString *huge;

  g_assert_cmpint (g_mkdir (good, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (no_cubin, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (autotune, 0700), ==, 0);
  write_file (good, "add_kernel.json", META (""), -1);
  write_file (good, "__grp__add_kernel.json", "{\"child_paths\": {}}", -1);
  write_cubin (good, "add_kernel");
  write_file (no_cubin, "add_kernel.json", META (""), -1);
  write_file (autotune, "matmul.autotune.json", "{\"configs_timings\": [[{}, [0.1]]]}", -1);
  write_file (cache, "README", "not a folder", -1);

  /* The cache: the one good entry, the others passed over. */
  list = cuocc_import_parse_file (cache, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->n_kernels, ==, 1);
  g_assert_cmpint (list->kernels[0].block_size, ==, 256);

  /* The entry without its cubin says so. */
  lone = cuocc_import_parse_file (no_cubin_json, &error);
  g_assert_null (lone);
  g_assert_nonnull (strstr (error->message, "add_kernel.cubin"));
  g_clear_error (&error);

  /* A folder with nothing of Triton's. */
  none = cuocc_import_parse_file (empty, &error);
  g_assert_null (none);
  g_assert_nonnull (strstr (error->message, "No Triton kernel"));
  g_assert_nonnull (strstr (error->message, "cache"));
  g_clear_error (&error);

  /* Too large for metadata: refused before it is parsed. */
  huge = g_string_new ("{\"name\": \"add_kernel\", \"num_warps\": 4, \"shared\": 0, \"pad\": \"");
  while (huge->len < 5 * 1024 * 1024)
    g_string_append (huge, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
  g_string_append (huge, "\"}");
  write_file (empty, "add_kernel.json", huge->str, (gssize) huge->len);
  write_cubin (empty, "add_kernel");
  g_string_free (huge, TRUE);
  {
    g_autofree char *path = g_build_filename (empty, "add_kernel.json", NULL);

    big = cuocc_import_parse_file (path, &error);
    g_assert_null (big);
    g_assert_nonnull (strstr (error->message, "larger than 4 MiB"));
    g_clear_error (&error);
  }

  remove_tree (cache);
  remove_tree (empty);
}

/* Nesting that would drive a recursive parser off its stack is refused. */
static void
test_deep (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "add_kernel.json", NULL);
  g_autoptr (GString) deep = g_string_new ("{\"name\": \"add_kernel\", \"num_warps\": 4, \"shared\": 0, \"x\": ");
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;

  for (int i = 0; i < 200000; i++)
    g_string_append_c (deep, '[');
  for (int i = 0; i < 200000; i++)
    g_string_append_c (deep, ']');
  g_string_append_c (deep, '}');
  write_file (dir, "add_kernel.json", deep->str, (gssize) deep->len);
  write_cubin (dir, "add_kernel");
  list = cuocc_import_parse_file (path, &error);
  g_assert_null (list);
  g_assert_nonnull (strstr (error->message, "nests deeper than 32 levels"));
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/import/triton/cache", test_cache);
  g_test_add_func ("/cuocc/import/triton/entry", test_entry);
  g_test_add_func ("/cuocc/import/triton/launch", test_launch);
  g_test_add_func ("/cuocc/import/triton/folders", test_folders);
  g_test_add_func ("/cuocc/import/triton/deep", test_deep);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cuocc/import/triton/bad/%s", bad_cases[i].what);

      g_test_add_data_func (path, &bad_cases[i], test_bad);
    }
  return g_test_run ();
}
