/* test-import-formats.c — the table of import formats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every format is one entry of _cuocc_import_formats[] (cuocc-import-formats.c):
 * its identifier, its name, its sniff and its reader. These tests hold the
 * table to what the parser relies on: one entry per format with a name of
 * its own, each format's sniff sure of its own fixtures and of no other
 * format's, detection and reading going by the same table, and text read
 * by the one line reader that read its first kernel. The fixtures are the
 * real tools' output (tests/import/data/README).
 */
#include <string.h>

#include "cuocc-import-private.h"

/* The names cuocc_import_format_name () documents, one per format. */
static const struct {
  CuoccImportFormat format;
  const char *name;
} documented[] = {
  { CUOCC_IMPORT_FORMAT_PTXAS, "ptxas" },
  { CUOCC_IMPORT_FORMAT_CUOBJDUMP, "cuobjdump" },
  { CUOCC_IMPORT_FORMAT_NCU_CSV, "ncu-csv" },
  { CUOCC_IMPORT_FORMAT_NCU_RAW, "ncu-raw" },
  { CUOCC_IMPORT_FORMAT_CUBIN, "cubin" },
  { CUOCC_IMPORT_FORMAT_FATBIN, "fatbin" },
  { CUOCC_IMPORT_FORMAT_TRITON, "triton" },
  { CUOCC_IMPORT_FORMAT_PTX, "ptx" },
};

/* Each fixture and the format it is, as the tool that wrote it says. */
static const struct {
  const char *file;
  CuoccImportFormat format;
} fixtures[] = {
  { "ptxas-sm90.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "ptxas-maxrreg32-sm80.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "resource-usage-multi.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "ptxas-arch-specific.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "ptxas-cuda2.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "ptxas-cuda3-sm13.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "ptxas-cuda8-sm61.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "ptxas-msvc-sm52.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "nvlink-rdc.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "binary/kernels-sm_90a.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "binary/kernels-fatbin.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "binary/cluster-rdc.log", CUOCC_IMPORT_FORMAT_PTXAS },
  { "cuobjdump-multi.txt", CUOCC_IMPORT_FORMAT_CUOBJDUMP },
  { "cuobjdump-cubin-oneline.txt", CUOCC_IMPORT_FORMAT_CUOBJDUMP },
  { "binary/_prng.so.resource-usage.txt", CUOCC_IMPORT_FORMAT_CUOBJDUMP },
  { "ncu-details-sm86.csv", CUOCC_IMPORT_FORMAT_NCU_CSV },
  { "ncu-details-2020.csv", CUOCC_IMPORT_FORMAT_NCU_CSV },
  { "ncu-raw-sm90.csv", CUOCC_IMPORT_FORMAT_NCU_RAW },
  { "binary/kernels-sm_90a.cubin", CUOCC_IMPORT_FORMAT_CUBIN },
  { "binary/kernels-sm_75.cubin", CUOCC_IMPORT_FORMAT_CUBIN },
  { "binary/kernels-sm_100f.cubin", CUOCC_IMPORT_FORMAT_CUBIN },
  { "binary/cluster-sm_90a.cubin", CUOCC_IMPORT_FORMAT_CUBIN },
  { "triton/FLSTPEOZS6SYYGJQIJM7XMPON3WWAKFXEZP2Q4SQXHFONIF6EZTA/add_kernel.cubin", CUOCC_IMPORT_FORMAT_CUBIN },
  { "binary/kernels-default.fatbin", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/kernels-speed.fatbin", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/kernels-none.fatbin", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/kernels.o", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/cluster-rdc.o", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/embedded-binary.o", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/libkernels.so", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/libkernels.a", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/libembedded.so", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/libmodules.so", CUOCC_IMPORT_FORMAT_FATBIN },
  { "binary/kernels-exe", CUOCC_IMPORT_FORMAT_FATBIN },
  { "triton/FLSTPEOZS6SYYGJQIJM7XMPON3WWAKFXEZP2Q4SQXHFONIF6EZTA/add_kernel.json", CUOCC_IMPORT_FORMAT_TRITON },
  { "triton/MPADQTD4BVY34WCA37SCV3JBBKABKEA7XIRNVTDCOHIYJNNADL7Q/__grp__matmul_kernel.json", CUOCC_IMPORT_FORMAT_TRITON },
  { "kernels-compute80.ptx", CUOCC_IMPORT_FORMAT_PTX },
  /* No format the import reads. */
  { "kernels.cu", CUOCC_IMPORT_FORMAT_UNKNOWN },
  { "binary/modules.h", CUOCC_IMPORT_FORMAT_UNKNOWN },
  { "binary/make-fixtures.sh", CUOCC_IMPORT_FORMAT_UNKNOWN },
  { "binary/_prng.so.gz", CUOCC_IMPORT_FORMAT_UNKNOWN },
};

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "import", "data", name, NULL);
}

static ImportSniff
sniff (const ImportFormatInfo *info, const char *data, gsize len)
{
  if (info->sniff != NULL)
    return info->sniff ((const guint8 *) data, len, FALSE);
  return _cuocc_import_sniff_lines (info, (const guint8 *) data, len);
}

/* One entry per format, each with the name the API documents, and a reader
 * of one shape or the other. */
static void
test_table (void)
{
  g_assert_cmpuint (_cuocc_import_n_formats, ==, G_N_ELEMENTS (documented));
  for (guint i = 0; i < G_N_ELEMENTS (documented); i++)
    {
      const ImportFormatInfo *info = _cuocc_import_format_info (documented[i].format);
      guint entries = 0;

      for (guint j = 0; j < _cuocc_import_n_formats; j++)
        entries += _cuocc_import_formats[j].format == documented[i].format;
      g_assert_cmpuint (entries, ==, 1);
      g_assert_nonnull (info);
      g_assert_cmpstr (info->name, ==, documented[i].name);
      g_assert_cmpstr (cuocc_import_format_name (documented[i].format), ==, documented[i].name);
    }
  for (guint i = 0; i < _cuocc_import_n_formats; i++)
    {
      const ImportFormatInfo *info = &_cuocc_import_formats[i];
      const ImportReader *reader = info->reader;

      g_assert_cmpint (info->format, !=, CUOCC_IMPORT_FORMAT_UNKNOWN);
      g_assert_cmpstr (info->name, !=, "unknown");
      for (guint j = i + 1; j < _cuocc_import_n_formats; j++)
        g_assert_cmpstr (info->name, !=, _cuocc_import_formats[j].name);
      g_assert_nonnull (reader);
      /* A line reader has its state; a whole reader a sniff that sends it the bytes. */
      g_assert_true ((reader->line != NULL) != (reader->read != NULL));
      if (reader->line != NULL)
        g_assert_true (reader->state_new != NULL && reader->state_free != NULL);
      else
        g_assert_nonnull (info->sniff);
      if (info->sniff == NULL)
        g_assert_nonnull (reader->line);
    }
  g_assert_null (_cuocc_import_format_info (CUOCC_IMPORT_FORMAT_UNKNOWN));
  g_assert_cmpstr (cuocc_import_format_name (CUOCC_IMPORT_FORMAT_UNKNOWN), ==, "unknown");
  g_assert_cmpstr (cuocc_import_format_name ((CuoccImportFormat) 1000), ==, "unknown");
}

/* Each format's sniff is sure of its own fixtures and of no other's, and
 * cuocc_import_detect () says what the sniffs say. */
static void
test_sniff (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autofree char *path = fixture (fixtures[f].file);
      g_autofree char *contents = NULL;
      gsize len;

      g_test_message ("%s", fixtures[f].file);
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      len = MIN (len, CUOCC_IMPORT_DETECT_BYTES);
      for (guint i = 0; i < _cuocc_import_n_formats; i++)
        {
          const ImportFormatInfo *info = &_cuocc_import_formats[i];

          if (info->format == fixtures[f].format)
            g_assert_cmpint (sniff (info, contents, len), ==, IMPORT_SNIFF_SURE);
          else
            g_assert_cmpint (sniff (info, contents, len), ==, IMPORT_SNIFF_NO);
        }
      g_assert_cmpstr (cuocc_import_format_name (cuocc_import_detect (contents, len)), ==,
                       cuocc_import_format_name (fixtures[f].format));
    }
}

/* A folder is a Triton cache's, whichever folder; no other format takes one. */
static void
test_sniff_folder (void)
{
  g_autofree char *cache = fixture ("triton");
  g_autoptr (CuoccKernelList) list = NULL;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < _cuocc_import_n_formats; i++)
    {
      const ImportFormatInfo *info = &_cuocc_import_formats[i];
      gboolean takes = info->sniff != NULL && info->sniff (NULL, 0, TRUE) == IMPORT_SNIFF_SURE;

      g_assert_cmpint (takes, ==, info->format == CUOCC_IMPORT_FORMAT_TRITON);
      g_assert_cmpint (takes, ==, info->reader->read_folder != NULL);
    }
  list = cuocc_import_parse_file (cache, &error);
  g_assert_no_error (error);
  /* add_kernel, matmul_kernel, softmax_kernel: one folder each */
  g_assert_cmpuint (list->n_kernels, ==, 3);
  g_assert_cmpint (list->format, ==, CUOCC_IMPORT_FORMAT_TRITON);
}

/* Reading goes by the same table: every fixture's kernels are of the
 * format detection names, read whole or in pieces. */
static void
test_read_as_detected (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autofree char *path = fixture (fixtures[f].file);
      g_autofree char *contents = NULL;
      g_autoptr (CuoccKernelList) list = NULL;
      gsize len;

      /* A __grp__ file lists a kernel's files: JSON, but no kernel's metadata. */
      if (fixtures[f].format == CUOCC_IMPORT_FORMAT_UNKNOWN || strstr (fixtures[f].file, "__grp__") != NULL)
        continue;
      g_test_message ("%s", fixtures[f].file);
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      list = cuocc_import_parse_file (path, NULL);
      g_assert_nonnull (list);
      for (guint i = 0; i < list->n_kernels; i++)
        g_assert_cmpstr (cuocc_import_format_name (list->kernels[i].format), ==,
                         cuocc_import_format_name (fixtures[f].format));
    }
}

/* Each line reader reads text in its own state: a build log with ptxas -v
 * output and then a cuobjdump dump, or the other way round, gives every
 * kernel of both, each with its own format, whole or in pieces. */
static void
test_mixed_text (void)
{
  g_autofree char *ptxas_path = fixture ("ptxas-sm90.log");
  g_autofree char *dump_path = fixture ("cuobjdump-multi.txt");
  g_autofree char *ptxas = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *ptxas_first = NULL;
  g_autofree char *dump_first = NULL;
  g_autoptr (CuoccKernelList) a = NULL;
  g_autoptr (CuoccKernelList) b = NULL;
  CuoccImportParser *parser;
  guint n_ptxas = 0, n_dump = 0;

  g_assert_true (g_file_get_contents (ptxas_path, &ptxas, NULL, NULL));
  g_assert_true (g_file_get_contents (dump_path, &dump, NULL, NULL));
  ptxas_first = g_strconcat (ptxas, dump, NULL);
  dump_first = g_strconcat (dump, ptxas, NULL);

  /* ptxas-sm90.log holds 10 kernels, cuobjdump-multi.txt 4 (test-import). */
  a = cuocc_import_parse (ptxas_first, strlen (ptxas_first), NULL);
  g_assert_nonnull (a);
  g_assert_cmpuint (a->n_kernels, ==, 14);
  for (guint i = 0; i < a->n_kernels; i++)
    {
      g_assert_cmpint (a->kernels[i].format, ==, i < 10 ? CUOCC_IMPORT_FORMAT_PTXAS : CUOCC_IMPORT_FORMAT_CUOBJDUMP);
      n_ptxas += a->kernels[i].format == CUOCC_IMPORT_FORMAT_PTXAS;
    }
  g_assert_cmpuint (n_ptxas, ==, 10);
  g_assert_cmpint (cuocc_import_detect (ptxas_first, strlen (ptxas_first)), ==,
                   CUOCC_IMPORT_FORMAT_PTXAS);

  /* The other way round, in pieces, as standard input comes. */
  parser = cuocc_import_parser_new ();
  for (gsize at = 0, len = strlen (dump_first); at < len; at += 5)
    cuocc_import_parser_feed (parser, dump_first + at, MIN (5, len - at));
  b = cuocc_import_parser_finish (parser, NULL);
  g_assert_nonnull (b);
  g_assert_cmpuint (b->n_kernels, ==, 14);
  for (guint i = 0; i < b->n_kernels; i++)
    n_dump += b->kernels[i].format == CUOCC_IMPORT_FORMAT_CUOBJDUMP;
  g_assert_cmpuint (n_dump, ==, 4);
  g_assert_cmpint (b->kernels[0].format, ==, CUOCC_IMPORT_FORMAT_CUOBJDUMP);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cuocc/import/formats/table", test_table);
  g_test_add_func ("/cuocc/import/formats/sniff", test_sniff);
  g_test_add_func ("/cuocc/import/formats/sniff-folder", test_sniff_folder);
  g_test_add_func ("/cuocc/import/formats/read-as-detected", test_read_as_detected);
  g_test_add_func ("/cuocc/import/formats/mixed-text", test_mixed_text);
  return g_test_run ();
}
