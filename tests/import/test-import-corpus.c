/* test-import-corpus.c — the fuzzers' seed corpus, replayed through the readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every file under tests/fuzz/corpus/<format>/ goes through the import
 * readers, whole and in pieces, and through the demangler. Inputs that once
 * crashed a fuzzer stay in the corpus, so this is the regression test.
 */
#include <string.h>

#include "cuocc.h"
#include "cuocc-import-private.h"
#include "cuocc-ptxas-private.h"

static void
replay (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  gsize len;
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) whole = NULL;
  g_autoptr (CuoccKernelList) pieces = NULL;
  CuoccImportParser *parser = cuocc_import_parser_new ();
  g_autofree char *name = NULL;
  g_autofree char *demangled = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  whole = cuocc_import_parse (contents, len, &error);
  g_assert_true ((whole == NULL) == (error != NULL));
  for (gsize at = 0; at < len; at += 7)
    cuocc_import_parser_feed (parser, contents + at, MIN (7, len - at));
  pieces = cuocc_import_parser_finish (parser, NULL);
  /* Whole input is read by its content (a Triton .json); pieces as lines. */
  if (_cuocc_import_looks_like_json (contents, len))
    g_clear_pointer (&pieces, cuocc_kernel_list_free);
  else
    g_assert_true ((whole == NULL) == (pieces == NULL));
  if (whole != NULL && pieces != NULL)
    {
      g_assert_cmpuint (whole->n_kernels, ==, pieces->n_kernels);
      for (guint i = 0; i < whole->n_kernels; i++)
        {
          g_assert_true (g_utf8_validate (whole->kernels[i].name, -1, NULL));
          g_assert_cmpstr (whole->kernels[i].name, ==, pieces->kernels[i].name);
          g_assert_true (whole->kernels[i].regs >= 0 || whole->kernels[i].code == CUOCC_CODE_PTX);
        }
    }

  name = g_strndup (contents, len);
  demangled = cuocc_demangle (name);
  g_assert_true (demangled == NULL || g_utf8_validate (demangled, -1, NULL));
}

/* fuzz-triton's inputs: the metadata, a NUL, the cubin. */
static void
replay_triton (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  gsize len;
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  CuoccImportParser *parser = cuocc_import_parser_new ();
  const char *nul;
  gsize json_len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  nul = memchr (contents, '\0', len);
  json_len = nul != NULL ? (gsize) (nul - contents) : len;
  if (!_cuocc_import_read_triton_data (parser, contents, json_len, path, (const guint8 *) contents + json_len + (nul != NULL),
                                      len - json_len - (nul != NULL), &error))
    {
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      cuocc_import_parser_free (parser);
      return;
    }
  list = cuocc_import_parser_finish (parser, &error);
  g_assert_nonnull (list);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      g_assert_cmpint (list->kernels[i].format, ==, CUOCC_IMPORT_FORMAT_TRITON);
      g_assert_cmpint (list->kernels[i].block_size % 32, ==, 0);
      g_assert_cmpint (list->kernels[i].block_size, >=, 32);
    }
}

/* A ptxas cache file: the seed is a hit whose body, ptxas -v for sm_120,
 * names three kernels with their registers. */
static void
replay_ptxas_cache (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  g_autofree char *output = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  char key[33] = { 0 };
  const char *at;
  gsize len;
  int status = -1;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  at = strstr (contents, "\nkey ");
  g_assert_nonnull (at);
  memcpy (key, at + 5, 32);
  g_assert_true (_cuocc_ptxas_cache_parse (contents, len, key, &status, &output));
  g_assert_cmpint (status, ==, 0);
  list = cuocc_import_parse (output, strlen (output), NULL);
  g_assert_nonnull (list);
  g_assert_cmpuint (list->n_kernels, ==, 3);
  for (guint i = 0; i < list->n_kernels; i++)
    g_assert_cmpint (list->kernels[i].regs, >, 0);
  /* One byte changed anywhere in the body is no hit. */
  contents[len - 2] ^= 1;
  g_clear_pointer (&output, g_free);
  g_assert_false (_cuocc_ptxas_cache_parse (contents, len, key, &status, &output));
  g_assert_null (output);
}

int
main (int argc, char **argv)
{
  static const char *const formats[] = { "ptxas", "cuobjdump", "ncu", "demangle", "cubin", "fatbin", "ptx" };
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  g_test_init (&argc, &argv, NULL);

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", formats[f], NULL);
      g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *entry;

      g_assert_nonnull (dir);
      while ((entry = g_dir_read_name (dir)) != NULL)
        {
          char *path = g_build_filename (dir_path, entry, NULL);
          g_autofree char *test_path = g_strdup_printf ("/cuocc/import/corpus/%s/%s", formats[f], entry);

          g_ptr_array_add (paths, path);
          g_test_add_data_func (test_path, path, replay);
        }
    }
  {
    g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "triton", NULL);
    g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
    const char *entry;

    g_assert_nonnull (dir);
    while ((entry = g_dir_read_name (dir)) != NULL)
      {
        char *path = g_build_filename (dir_path, entry, NULL);
        g_autofree char *test_path = g_strdup_printf ("/cuocc/import/corpus/triton/%s", entry);

        g_ptr_array_add (paths, path);
        g_test_add_data_func (test_path, path, replay_triton);
      }
  }
  {
    g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "ptxas-cache", NULL);
    g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
    const char *entry;

    g_assert_nonnull (dir);
    /* The real cache files (*-hit.txt); the whole corpus goes through the
     * fuzz target itself (tests/fuzz, fuzz-corpus-ptxas-cache). */
    while ((entry = g_dir_read_name (dir)) != NULL)
      {
        char *path;
        g_autofree char *test_path = NULL;

        if (!g_str_has_suffix (entry, "-hit.txt"))
          continue;
        path = g_build_filename (dir_path, entry, NULL);
        test_path = g_strdup_printf ("/cuocc/import/corpus/ptxas-cache/%s", entry);

        g_ptr_array_add (paths, path);
        g_test_add_data_func (test_path, path, replay_ptxas_cache);
      }
  }
  return g_test_run ();
}
