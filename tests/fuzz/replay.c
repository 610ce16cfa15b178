/* replay.c — a fuzz target's corpus, replayed in the normal test suite
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked with one fuzz-*.c instead of libFuzzer: every file of
 * tests/fuzz/corpus/TARGET/ goes through the target's LLVMFuzzerTestOneInput,
 * whose own checks abort on a wrong result. The seeds, the inputs picked from
 * the fuzzers' runs and every input that once crashed or misled (regress-*)
 * stay there, so this is their regression test; it needs no clang.
 *
 *   replay-TARGET CORPUS-DIR [--tap]
 */
#include <stdint.h>
#include <string.h>

#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv) __attribute__ ((weak));

/* ----- replay ----- */

static void
replay (gconstpointer path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, &error);
  gsize len;
  g_autofree guint8 *exact = NULL;

  g_assert_no_error (error);
  /* libFuzzer hands the target a buffer of exactly the input's length, never NULL. */
  len = g_mapped_file_get_length (file);
  exact = g_malloc (MAX (len, 1));
  if (len > 0)
    memcpy (exact, g_mapped_file_get_contents (file), len);
  g_assert_cmpint (LLVMFuzzerTestOneInput (exact, len), ==, 0);
}

/* ----- main ----- */

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *target = NULL;
  const char *corpus;
  const char *entry;
  guint n = 0;

  g_test_init (&argc, &argv, NULL);
  if (argc != 2)
    g_error ("usage: %s CORPUS-DIR", argv[0]);
  corpus = argv[1];
  target = g_path_get_basename (corpus);
  if (LLVMFuzzerInitialize != NULL)
    LLVMFuzzerInitialize (&argc, &argv);

  dir = g_dir_open (corpus, 0, &error);
  g_assert_no_error (error);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      char *path = g_build_filename (corpus, entry, NULL);
      g_autofree char *test_path = g_strdup_printf ("/cuocc/fuzz/%s/%s", target, entry);

      g_ptr_array_add (paths, path);
      g_test_add_data_func (test_path, path, replay);
      n++;
    }
  /* An empty or missing corpus would pass without replaying anything. */
  g_assert_cmpuint (n, >, 0);
  return g_test_run ();
}
