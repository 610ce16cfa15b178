/* test-import-memory.c — what an import of real names holds, counted
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 29 §6: `cuocc --import` of cuBLASLt peaked at 195–202 MB, and
 * 677 MB on a library of real-length names, because each of a kernel's
 * entries held its own copy of its mangled and its demangled name (real
 * CUTLASS and xmma names are 150 to 2,198 characters and demangle to up to
 * 41 KB). Memory is bounded here by counting, not by the clock or the
 * resident size: on tests/gen-library.py's library with --names real
 * (57,600 entries, 9,600 names of 164 to 2,021 characters, each in six
 * entries), every name, mangled or demangled, is held once however many
 * entries carry it, and the mangled names held take exactly the bytes the
 * generator wrote (its manifest's name_bytes), not six times that.
 *
 * And CUDA 11.8's cuBLASLt holds LZ4 cubins of up to 75 MB decompressed,
 * which were held whole while read, nine tenths of them machine code that
 * nothing reads: on tests/import/gen-big-cubin.py's two entries of 10 MiB
 * (section headers first, as nvcc writes them, and last), the pages of
 * decompressed entries written, as the reader counts them, stay under a
 * tenth of an entry, and the kernels are read as the generator wrote them.
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "cuocc-import-private.h"

/* How many distinct pointers and distinct texts one string field of the
 * kernels has, and the bytes of the distinct pointers' texts. */
typedef struct {
  guint pointers;
  guint texts;
  guint64 bytes;
} Held;

static Held
count_held (const CuoccKernelList *list, gsize offset)
{
  g_autoptr (GHashTable) pointers = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GHashTable) texts = g_hash_table_new (g_str_hash, g_str_equal);
  Held held = { 0 };

  for (guint i = 0; i < list->n_kernels; i++)
    {
      const char *s = G_STRUCT_MEMBER (const char *, &list->kernels[i], offset);

      if (s == NULL)
        continue;
      if (g_hash_table_add (pointers, (gpointer) s))
        held.bytes += strlen (s);
      g_hash_table_add (texts, (gpointer) s);
    }
  held.pointers = g_hash_table_size (pointers);
  held.texts = g_hash_table_size (texts);
  return held;
}

static gint64
manifest_int (JsonObject *manifest, const char *member)
{
  g_assert_true (json_object_has_member (manifest, member));
  return json_object_get_int_member (manifest, member);
}

static void
test_real_names (void)
{
  const char *path = g_getenv ("CUOCC_REAL_NAMES_LIBRARY");
  const char *manifest_path = g_getenv ("CUOCC_REAL_NAMES_MANIFEST");
  static const struct {
    const char *field;
    gsize offset;
  } fields[] = {
    { "name", G_STRUCT_OFFSET (CuoccKernel, name) },
    { "mangled", G_STRUCT_OFFSET (CuoccKernel, mangled) },
    { "arch", G_STRUCT_OFFSET (CuoccKernel, arch) },
    { "file", G_STRUCT_OFFSET (CuoccKernel, file) },
    { "entry", G_STRUCT_OFFSET (CuoccKernel, entry) },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (CuoccKernelList) list = NULL;
  JsonObject *manifest;
  Held mangled, name;
  guint64 demangled_longer = 0;

  if (path == NULL || manifest_path == NULL)
    {
      g_test_skip ("CUOCC_REAL_NAMES_LIBRARY is not set (the test runs from meson, which generates it)");
      return;
    }
  g_assert_true (json_parser_load_from_file (parser, manifest_path, &error));
  g_assert_no_error (error);
  manifest = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (manifest, "names"), ==, "real");

  list = cuocc_import_parse_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (list);
  g_assert_cmpuint (list->n_kernels, ==, manifest_int (manifest, "rows"));
  g_assert_cmpuint (list->n_kernels, >=, 50000);

  /* Every string field: one copy a text, whatever the number of entries. */
  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    {
      Held held = count_held (list, fields[f].offset);

      g_test_message ("%s: %u texts, %u copies, %" G_GUINT64_FORMAT " bytes held for %u entries", fields[f].field,
                      held.texts, held.pointers, held.bytes, list->n_kernels);
      g_assert_cmpuint (held.pointers, ==, held.texts);
    }

  /* The names are the generator's, each read, each held once: the mangled
   * names held take the bytes of the distinct names written. */
  mangled = count_held (list, G_STRUCT_OFFSET (CuoccKernel, mangled));
  g_assert_cmpuint (mangled.texts, ==, manifest_int (manifest, "kernels"));
  g_assert_cmpuint (mangled.bytes, ==, manifest_int (manifest, "name_bytes"));

  /* They demangled (a name that does not stays mangled in `name` and
   * empties nothing), and their demangled text is held once too, although
   * it is several times longer. */
  name = count_held (list, G_STRUCT_OFFSET (CuoccKernel, name));
  g_assert_cmpuint (name.texts, ==, mangled.texts);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];

      g_assert_cmpstr (k->name, !=, k->mangled);
      demangled_longer += strlen (k->name) > strlen (k->mangled);
    }
  g_assert_cmpuint (demangled_longer, ==, list->n_kernels);
  g_assert_cmpuint (name.bytes, >, mangled.bytes);
  g_test_message ("held for names: %" G_GUINT64_FORMAT " bytes, %" G_GUINT64_FORMAT " a kernel entry; a copy each "
                  "would be %" G_GUINT64_FORMAT, name.bytes + mangled.bytes,
                  (name.bytes + mangled.bytes) / list->n_kernels,
                  (name.bytes + mangled.bytes) * list->n_kernels / name.texts);
}

/* gen-big-cubin.py's entries: 10 MiB each decompressed. */
#define BIG_ENTRY_BYTES ((gsize) 10 << 20)

static void
test_big_cubins (void)
{
  const char *path = g_getenv ("CUOCC_BIG_CUBINS");
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  gsize peak;

  if (path == NULL)
    {
      g_test_skip ("CUOCC_BIG_CUBINS is not set (the test runs from meson, which generates it)");
      return;
    }
  _cuocc_import_fatbin_peak_resident (TRUE);
  list = cuocc_import_parse_file (path, &error);
  g_assert_no_error (error);
  peak = _cuocc_import_fatbin_peak_resident (TRUE);
  g_test_message ("decompressed pages written at most at once: %" G_GSIZE_FORMAT " bytes (an entry: %" G_GSIZE_FORMAT
                  ")", peak, BIG_ENTRY_BYTES);

  /* As the generator wrote them: kernel i uses 32 + i registers and
   * 1,024 × (i + 1) bytes of shared memory, for sm_80 and for sm_86. */
  g_assert_cmpuint (list->n_kernels, ==, 16);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];
      g_autofree char *name = g_strdup_printf ("big_kernel_%u", i % 8);

      g_assert_cmpstr (k->name, ==, name);
      g_assert_cmpstr (k->arch, ==, i < 8 ? "sm_80" : "sm_86");
      g_assert_cmpint (k->regs, ==, 32 + (int) (i % 8));
      g_assert_cmpint (k->smem, ==, 1024 * (gint64) (i % 8 + 1));
    }

  /* The code was never written: whole, one entry alone is 10 MiB. */
  g_assert_cmpuint (peak, >, 0);
  g_assert_cmpuint (peak, <, BIG_ENTRY_BYTES / 10);
  /* and every buffer counted was given back */
  g_assert_cmpuint (_cuocc_import_fatbin_peak_resident (FALSE), ==, 0);
}

/* The sm_86 entry with its LZ4 block cut in half: said to be corrupt, and
 * nothing it wrote is kept. */
static void
test_big_cubin_corrupt (void)
{
  const char *path = g_getenv ("CUOCC_BIG_CUBIN_CORRUPT");
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;

  if (path == NULL)
    {
      g_test_skip ("CUOCC_BIG_CUBIN_CORRUPT is not set (the test runs from meson, which generates it)");
      return;
    }
  _cuocc_import_fatbin_peak_resident (TRUE);
  list = cuocc_import_parse_file (path, &error);
  g_assert_null (list);
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "sm_86 SASS: the compressed entry is corrupt (LZ4)"));
  _cuocc_import_fatbin_peak_resident (TRUE);
  g_assert_cmpuint (_cuocc_import_fatbin_peak_resident (FALSE), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cuocc/import/memory/real-names", test_real_names);
  g_test_add_func ("/cuocc/import/memory/big-cubins", test_big_cubins);
  g_test_add_func ("/cuocc/import/memory/big-cubin-corrupt", test_big_cubin_corrupt);
  return g_test_run ();
}
