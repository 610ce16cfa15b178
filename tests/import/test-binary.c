/* test-binary.c — kernels read from cubins, fat binaries and host files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fixtures in data/binary/ are nvcc 13.0 output (make-fixtures.sh). The
 * expected figures come from the ptxas -v log of the same build, read by the
 * ptxas reader (another path through the library); what the log does not
 * print (launch bounds, register limit, cluster dimensions) is worked out
 * from kernels.cu, cluster.cu and the flags in make-fixtures.sh.
 */
#define _GNU_SOURCE              /* memmem, RTLD_NEXT */
#include <dlfcn.h>
#include <string.h>
#include <lz4.h>
#include <zstd.h>

#include "cuocc-import-private.h"

#define U CUOCC_IMPORT_UNKNOWN

/* ----- the bytes the library decompresses ----- */

/* The decompressors the library calls, wrapped: this program's definitions
 * come before libzstd's and liblz4's (the library's calls go through the
 * dynamic linker, or resolve here when the sanitizer script links its
 * objects in), and each calls the real one and adds up what it wrote. A
 * count of work that no machine changes, where a clock would measure the
 * machine. */
static guint64 decompressed_bytes;

/* The real function: the next definition after this program's, or, where
 * the linker dropped the library whose every call this program answers
 * (liblz4 here), the library's own. */
static gpointer
real_symbol (const char *library,
             const char *name)
{
  gpointer symbol = dlsym (RTLD_NEXT, name);

  if (symbol == NULL)
    {
      void *handle = dlopen (library, RTLD_NOW | RTLD_LOCAL);

      g_assert_nonnull (handle);
      symbol = dlsym (handle, name);
    }
  g_assert_nonnull (symbol);
  return symbol;
}

size_t
ZSTD_decompressStream (ZSTD_DCtx      *dctx,
                       ZSTD_outBuffer *output,
                       ZSTD_inBuffer  *input)
{
  static size_t (*real) (ZSTD_DCtx *, ZSTD_outBuffer *, ZSTD_inBuffer *);
  size_t before = output->pos;
  size_t r;

  if (real == NULL)
    real = (size_t (*) (ZSTD_DCtx *, ZSTD_outBuffer *, ZSTD_inBuffer *)) real_symbol ("libzstd.so.1", "ZSTD_decompressStream");
  r = real (dctx, output, input);
  decompressed_bytes += output->pos - before;
  return r;
}

size_t
ZSTD_decompressDCtx (ZSTD_DCtx  *dctx,
                     void       *dst,
                     size_t      dst_capacity,
                     const void *src,
                     size_t      src_size)
{
  static size_t (*real) (ZSTD_DCtx *, void *, size_t, const void *, size_t);
  size_t r;

  if (real == NULL)
    real = (size_t (*) (ZSTD_DCtx *, void *, size_t, const void *, size_t)) real_symbol ("libzstd.so.1", "ZSTD_decompressDCtx");
  r = real (dctx, dst, dst_capacity, src, src_size);
  if (!ZSTD_isError (r))
    decompressed_bytes += r;
  return r;
}

int
LZ4_decompress_safe (const char *src,
                     char       *dst,
                     int         compressed_size,
                     int         dst_capacity)
{
  static int (*real) (const char *, char *, int, int);
  int r;

  if (real == NULL)
    real = (int (*) (const char *, char *, int, int)) real_symbol ("liblz4.so.1", "LZ4_decompress_safe");
  r = real (src, dst, compressed_size, dst_capacity);
  if (r > 0)
    decompressed_bytes += (guint64) r;
  return r;
}

int
LZ4_decompress_safe_partial (const char *src,
                             char       *dst,
                             int         compressed_size,
                             int         target_output_size,
                             int         dst_capacity)
{
  static int (*real) (const char *, char *, int, int, int);
  int r;

  if (real == NULL)
    real = (int (*) (const char *, char *, int, int, int)) real_symbol ("liblz4.so.1", "LZ4_decompress_safe_partial");
  r = real (src, dst, compressed_size, target_output_size, dst_capacity);
  if (r > 0)
    decompressed_bytes += (guint64) r;
  return r;
}

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "import", "data", "binary", name, NULL);
}

static CuoccKernelList *
read_fixture (const char *name)
{
  g_autofree char *path = fixture (name);
  g_autoptr (GError) error = NULL;
  CuoccKernelList *list = cuocc_import_parse_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (list);
  return list;
}

/* What kernels.cu and cluster.cu declare, and the register limit ptxas
 * applied: -maxrregcount=32 for kernels.cu, except where __maxnreg__ or
 * __launch_bounds__ set one (65536 registers / (256 threads × 2 blocks)). */
typedef struct {
  const char *mangled;
  int max_threads;
  int max_regs;
  int cluster[3];
  /* PTX says only what the source declares: min blocks, __maxnreg__ */
  int ptx_min_blocks;
  int ptx_max_regs;
} Declared;

static const Declared declared[] = {
  { "_ZN5cuocc4test5scaleIfLi128EEEvPT_S2_", 256, 128, { 0, 0, 0 }, 2, U },
  { "_ZN5cuocc4test5scaleIdLi64EEEvPT_S2_", 256, 128, { 0, 0, 0 }, 2, U },
  { "capped", U, 40, { 0, 0, 0 }, U, 40 },
  { "named_barrier", U, 32, { 0, 0, 0 }, U, U },
  { "spills", U, 32, { 0, 0, 0 }, U, U },
  { "clustered", U, U, { 2, 2, 1 }, U, U },
  /* 65536 / (128 × 3) = 170, down to ptxas's allocation unit of 8 */
  { "bounded_cluster", 128, 168, { 0, 0, 0 }, 3, U },
};

static const Declared *
find_declared (const char *mangled)
{
  for (guint i = 0; i < G_N_ELEMENTS (declared); i++)
    if (strcmp (declared[i].mangled, mangled) == 0)
      return &declared[i];
  g_assert_not_reached ();
}

static const CuoccKernel *
find_kernel (const CuoccKernelList *list, const char *mangled, const char *arch)
{
  for (guint i = 0; i < list->n_kernels; i++)
    if (strcmp (list->kernels[i].mangled, mangled) == 0 && g_strcmp0 (list->kernels[i].arch, arch) == 0)
      return &list->kernels[i];
  return NULL;
}

/* A PTX entry's kernel: a name the log knows, a virtual architecture and
 * no resource figure at all. */
static void
check_ptx (const CuoccKernel *k, const CuoccKernelList *log)
{
  const Declared *d = find_declared (k->mangled);
  gboolean in_log = FALSE;

  for (guint i = 0; i < log->n_kernels; i++)
    in_log |= strcmp (log->kernels[i].mangled, k->mangled) == 0;
  g_assert_true (in_log);
  g_assert_true (g_str_has_prefix (k->arch, "compute_"));
  g_assert_true (g_str_has_suffix (k->entry, " PTX"));
  g_assert_true (g_str_has_prefix (k->entry, k->arch));
  g_assert_cmpint (k->regs, ==, U);
  g_assert_cmpint (k->smem, ==, U);
  g_assert_cmpint (k->barriers, ==, U);
  g_assert_cmpint (k->stack, ==, U);
  g_assert_cmpint (k->spill_stores, ==, U);
  g_assert_cmpint (k->cmem, ==, U);
  g_assert_cmpint (k->max_threads, ==, d->max_threads);
  g_assert_cmpint (k->min_blocks, ==, d->ptx_min_blocks);
  g_assert_cmpint (k->max_regs, ==, d->ptx_max_regs);
  g_assert_cmpmem (k->cluster_dims, sizeof k->cluster_dims, d->cluster, sizeof d->cluster);
}

/* Every SASS kernel of the binary matches the log's entry of the same name
 * and architecture; every kernel of the log is found. */
static void
check_against_log (const CuoccKernelList *got, const CuoccKernelList *log, const char *file)
{
  guint n_sass = 0;

  for (guint i = 0; i < got->n_kernels; i++)
    {
      const CuoccKernel *k = &got->kernels[i];
      const CuoccKernel *want;
      const Declared *d;

      if (k->code == CUOCC_CODE_PTX)
        {
          check_ptx (k, log);
          continue;
        }
      n_sass++;
      want = find_kernel (log, k->mangled, k->arch);
      if (want == NULL)
        g_error ("%s: %s on %s is not in the log", file, k->mangled, k->arch);
      g_assert_cmpstr (k->name, ==, want->name);
      g_assert_cmpint (k->cc_major, ==, want->cc_major);
      g_assert_cmpint (k->cc_minor, ==, want->cc_minor);
      g_assert_cmpint (k->regs, ==, want->regs);
      g_assert_cmpint (k->smem, ==, want->smem);
      g_assert_cmpint (k->barriers, ==, want->barriers);
      g_assert_cmpint (k->stack, ==, want->stack);
      if (want->cmem >= 0)          /* ptxas 13 prints cmem[0] only up to sm_89 */
        g_assert_cmpint (k->cmem, ==, want->cmem);
      /* ptxas does not record them in the cubin */
      g_assert_cmpint (k->spill_stores, ==, U);
      g_assert_cmpint (k->spill_loads, ==, U);
      g_assert_cmpint (k->min_blocks, ==, U);

      d = find_declared (k->mangled);
      g_assert_cmpint (k->max_threads, ==, d->max_threads);
      g_assert_cmpint (k->max_regs, ==, d->max_regs);
      g_assert_cmpmem (k->cluster_dims, sizeof k->cluster_dims, d->cluster, sizeof d->cluster);
      g_assert_cmpstr (k->file, !=, NULL);
      g_assert_true (g_str_has_suffix (k->file, file));
      if (k->entry != NULL)
        {
          g_autofree char *entry = g_strdup_printf ("%s SASS", k->arch);

          g_assert_cmpstr (k->entry, ==, entry);
        }
    }
  g_assert_cmpuint (n_sass, ==, log->n_kernels);
}

/* ---------------------------------------------------------------- cubins */

static const char *const cubin_archs[] = { "sm_75", "sm_80", "sm_90a", "sm_100f", "sm_120" };

static void
test_cubin (gconstpointer data)
{
  const char *arch = data;
  g_autofree char *name = g_strdup_printf ("kernels-%s.cubin", arch);
  g_autofree char *log_name = g_strdup_printf ("kernels-%s.log", arch);
  g_autoptr (CuoccKernelList) got = read_fixture (name);
  g_autoptr (CuoccKernelList) log = read_fixture (log_name);

  g_assert_cmpint (got->format, ==, CUOCC_IMPORT_FORMAT_CUBIN);
  g_assert_cmpuint (got->n_kernels, ==, 5);
  for (guint i = 0; i < got->n_kernels; i++)
    {
      g_assert_cmpstr (got->kernels[i].arch, ==, arch);
      g_assert_null (got->kernels[i].entry);
      g_assert_cmpint (got->kernels[i].code, ==, CUOCC_CODE_SASS);
    }
  check_against_log (got, log, name);
}

static void
test_cubin_cluster (void)
{
  g_autoptr (CuoccKernelList) got = read_fixture ("cluster-sm_90a.cubin");
  g_autoptr (CuoccKernelList) log = read_fixture ("cluster-sm_90a.log");

  g_assert_cmpuint (got->n_kernels, ==, 2);
  check_against_log (got, log, "cluster-sm_90a.cubin");
}

/* data/binary/cuda118 (issue 29): the same PTX through CUDA 11.8's and 13's
 * ptxas. Static shared memory follows the compiler: smem.cu's arrays are
 * 752 floats (3,008 bytes) and 10,000 floats (40,000 bytes); the two other
 * kernels have none. CUDA 11.8's sm_90 sections hold the runtime's 1 KiB
 * reserve too (4,032 and 41,024 bytes; 1,024 for the kernels without any)
 * with no .nv.shared.reserved section to say so. Each figure also matches
 * the ptxas -v log of the same run. */
static void
test_cubin_cuda118 (gconstpointer data)
{
  const char *name = data;
  g_autofree char *cubin = g_strdup_printf ("cuda118/%s.cubin", name);
  g_autofree char *log_name = g_strdup_printf ("cuda118/%s.log", name);
  g_autoptr (CuoccKernelList) got = read_fixture (cubin);
  g_autoptr (CuoccKernelList) log = read_fixture (log_name);
  static const struct { const char *kernel; gint64 smem; } want[] = {
    { "with_smem", 3008 }, { "without_smem", 0 }, { "dynamic_only", 0 }, { "static_40000", 40000 },
  };
  const char *arch = strstr (name, "sm_");

  g_assert_cmpint (got->format, ==, CUOCC_IMPORT_FORMAT_CUBIN);
  g_assert_cmpuint (got->n_kernels, ==, G_N_ELEMENTS (want));
  g_assert_cmpuint (log->n_kernels, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      const CuoccKernel *k = find_kernel (got, want[i].kernel, arch);
      const CuoccKernel *from_log = find_kernel (log, want[i].kernel, arch);

      g_test_message ("%s %s", name, want[i].kernel);
      g_assert_nonnull (k);
      g_assert_nonnull (from_log);
      g_assert_cmpint (k->smem, ==, want[i].smem);
      g_assert_cmpint (from_log->smem, ==, want[i].smem);
      g_assert_cmpint (k->regs, ==, from_log->regs);
      g_assert_cmpint (k->regs, >, 0);
    }
}

/* A cubin read from memory has no file name. */
static void
test_cubin_in_memory (void)
{
  g_autofree char *path = fixture ("kernels-sm_80.cubin");
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  list = cuocc_import_parse (data, len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->n_kernels, ==, 5);
  g_assert_null (list->kernels[0].file);
}

/* heavy.cu (issue 18): nvcc -cubin -arch=sm_90 puts two device functions
 * into the kernel's own .text section, a WEAK
 * $__internal_0_$__cuda_sm20_div_rn_f64_full and a LOCAL
 * $_Z5heavyPKdPdi$__internal_trig_reduction_slowpathd; only the kernel
 * (STO_CUDA_ENTRY in st_other) is a row, with its figures from the log, and
 * the list counts the two. */
static void
test_cubin_helpers (void)
{
  g_autoptr (CuoccKernelList) got = read_fixture ("heavy-sm_90.cubin");
  g_autoptr (CuoccKernelList) log = read_fixture ("heavy-sm_90.log");

  g_assert_cmpuint (log->n_kernels, ==, 1);
  g_assert_cmpuint (got->n_kernels, ==, 1);
  g_assert_cmpstr (got->kernels[0].mangled, ==, "_Z5heavyPKdPdi");
  g_assert_cmpstr (got->kernels[0].name, ==, log->kernels[0].name);
  g_assert_cmpint (got->kernels[0].regs, ==, 30);
  g_assert_cmpint (got->kernels[0].regs, ==, log->kernels[0].regs);
  g_assert_cmpint (got->kernels[0].stack, ==, 40);
  g_assert_cmpint (got->kernels[0].stack, ==, log->kernels[0].stack);
  g_assert_cmpuint (got->n_helpers, ==, 2);
  g_assert_cmpuint (log->n_helpers, ==, 0);
}

/* heavy-sm_90.cubin's global .nv.info, as nvcc 13 writes it: the kernel's
 * (symbol 14) register count, the two helpers' (11, 10) frame sizes, then
 * the kernel's frame and minimum stack. Written again with the helpers'
 * records after the kernel's and holding other figures (a register count
 * too, which the generated library's cubins carry): the kernel keeps its
 * own 30 registers and 40-byte frame, and the helpers' figures are
 * nobody's. */
static void
test_cubin_helper_records (void)
{
  static const guint8 nvcc[] = {
    0x04, 0x2f, 0x08, 0x00, 14, 0, 0, 0, 30, 0, 0, 0,
    0x04, 0x11, 0x08, 0x00, 11, 0, 0, 0, 40, 0, 0, 0,
    0x04, 0x11, 0x08, 0x00, 10, 0, 0, 0, 40, 0, 0, 0,
    0x04, 0x11, 0x08, 0x00, 14, 0, 0, 0, 40, 0, 0, 0,
    0x04, 0x12, 0x08, 0x00, 14, 0, 0, 0, 40, 0, 0, 0,
  };
  static const guint8 helpers_last[] = {
    0x04, 0x2f, 0x08, 0x00, 14, 0, 0, 0, 30, 0, 0, 0,
    0x04, 0x11, 0x08, 0x00, 14, 0, 0, 0, 40, 0, 0, 0,
    0x04, 0x12, 0x08, 0x00, 14, 0, 0, 0, 40, 0, 0, 0,
    0x04, 0x2f, 0x08, 0x00, 11, 0, 0, 0, 200, 0, 0, 0,
    0x04, 0x11, 0x08, 0x00, 10, 0, 0, 0, 8, 0, 0, 0,
  };
  g_autofree char *path = fixture ("heavy-sm_90.cubin");
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  gsize len;
  char *info;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  /* the section's place, as readelf -S shows it */
  g_assert_cmpuint (len, >, 0x838 + sizeof nvcc);
  info = data + 0x838;
  g_assert_cmpmem (info, sizeof nvcc, nvcc, sizeof nvcc);
  memcpy (info, helpers_last, sizeof helpers_last);
  list = cuocc_import_parse (data, len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->n_kernels, ==, 1);
  g_assert_cmpstr (list->kernels[0].mangled, ==, "_Z5heavyPKdPdi");
  g_assert_cmpint (list->kernels[0].regs, ==, 30);
  g_assert_cmpint (list->kernels[0].stack, ==, 40);
  g_assert_cmpuint (list->n_helpers, ==, 2);
}

/* ---------------------------------------------------------------- fat binaries */

static const char *const modes[] = { "none", "default", "size", "speed", "balance" };

/* kernels-MODE.fatbin: five SASS entries and one PTX entry, the same
 * figures in every compression mode. */
static void
test_fatbin (gconstpointer data)
{
  const char *mode = data;
  g_autofree char *name = g_strdup_printf ("kernels-%s.fatbin", mode);
  g_autoptr (CuoccKernelList) got = read_fixture (name);
  g_autoptr (CuoccKernelList) log = read_fixture ("kernels-fatbin.log");
  guint n_ptx = 0;

  g_assert_cmpint (got->format, ==, CUOCC_IMPORT_FORMAT_FATBIN);
  g_assert_cmpuint (got->n_kernels, ==, 6 * 5);
  check_against_log (got, log, name);
  for (guint i = 0; i < got->n_kernels; i++)
    if (got->kernels[i].code == CUOCC_CODE_PTX)
      {
        g_assert_cmpstr (got->kernels[i].entry, ==, "compute_120 PTX");
        n_ptx++;
      }
  g_assert_cmpuint (n_ptx, ==, 5);
}

/* The PTX entry of an uncompressed fat binary, read here from the file's
 * bytes rather than by the reader under test: a 16-byte header (magic
 * 0xBA55ED50, version, header size, size of the entries), then entries
 * each with a header (kind 1 PTX or 2 ELF at 0, the header's size at 4, the
 * payload's at 8) and its payload. */
static GBytes *
ptx_by_hand (const guint8 *fatbin,
             gsize         len)
{
  gsize offset;
  guint32 magic;
  guint16 header_size;

  g_assert_cmpuint (len, >=, 16);
  memcpy (&magic, fatbin, 4);
  memcpy (&header_size, fatbin + 6, 2);
  g_assert_cmphex (magic, ==, 0xBA55ED50);
  for (offset = header_size; offset + 16 <= len;)
    {
      guint16 kind;
      guint32 entry_header;
      guint64 payload;

      memcpy (&kind, fatbin + offset, 2);
      memcpy (&entry_header, fatbin + offset + 4, 4);
      memcpy (&payload, fatbin + offset + 8, 8);
      g_assert_cmpuint (offset + entry_header + payload, <=, len);
      if (kind == 1)
        return g_bytes_new (fatbin + offset + entry_header, payload);
      offset += entry_header + payload;
    }
  g_assert_not_reached ();
}

/* Each entry, decompressed, is byte for byte what nvcc -cubin wrote for
 * its architecture; the PTX is the same text in every mode, the text the
 * uncompressed fat binary holds. */
static void
test_fatbin_bytes (gconstpointer data)
{
  const char *mode = data;
  g_autofree char *name = g_strdup_printf ("kernels-%s.fatbin", mode);
  g_autofree char *path = fixture (name);
  g_autofree char *plain_path = fixture ("kernels-none.fatbin");
  g_autofree char *fatbin = NULL;
  g_autofree char *plain = NULL;
  gsize len, plain_len;
  guint index;

  g_assert_true (g_file_get_contents (path, &fatbin, &len, NULL));
  g_assert_true (g_file_get_contents (plain_path, &plain, &plain_len, NULL));
  for (index = 0; index < 6; index++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *entry = NULL;
      g_autoptr (GBytes) bytes = _cuocc_import_fatbin_entry ((const guint8 *) fatbin, len, index, &entry, &error);
      g_autoptr (GBytes) expected = NULL;

      g_assert_no_error (error);
      if (g_str_has_suffix (entry, " SASS"))
        {
          g_autofree char *arch = g_strndup (entry, strlen (entry) - 5);
          g_autofree char *cubin_name = g_strdup_printf ("kernels-%s.cubin", arch);
          g_autofree char *cubin_path = fixture (cubin_name);
          g_autofree char *cubin = NULL;
          gsize cubin_len;

          g_assert_true (g_file_get_contents (cubin_path, &cubin, &cubin_len, NULL));
          expected = g_bytes_new (cubin, cubin_len);
        }
      else
        {
          expected = ptx_by_hand ((const guint8 *) plain, plain_len);
          g_assert_cmpstr (entry, ==, "compute_120 PTX");
        }
      if (g_str_has_suffix (entry, " PTX"))
        {
          /* an uncompressed entry is padded with NULs to 8 bytes */
          const char *text = g_bytes_get_data (bytes, NULL);
          const char *expected_text = g_bytes_get_data (expected, NULL);

          g_assert_cmpmem (text, strnlen (text, g_bytes_get_size (bytes)),
                           expected_text, strnlen (expected_text, g_bytes_get_size (expected)));
          g_assert_nonnull (g_strstr_len (text, g_bytes_get_size (bytes), ".entry spills("));
        }
      else
        g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                         g_bytes_get_data (expected, NULL), g_bytes_get_size (expected));
    }
}

/* The host files carry SASS for sm_80 and sm_120 and PTX for compute_120. */
static void
test_host (gconstpointer data)
{
  const char *name = data;
  g_autoptr (CuoccKernelList) got = read_fixture (name);
  g_autoptr (CuoccKernelList) log = read_fixture ("kernels-host.log");

  g_assert_cmpuint (got->n_kernels, ==, 3 * 5);
  check_against_log (got, log, name);
}

/* An archive of kernels.o and the relocatable cluster-rdc.o: each kernel
 * names its member. */
static void
test_archive (void)
{
  g_autoptr (CuoccKernelList) got = read_fixture ("libkernels.a");
  g_autoptr (CuoccKernelList) host_log = read_fixture ("kernels-host.log");
  g_autoptr (CuoccKernelList) rdc_log = read_fixture ("cluster-rdc.log");
  CuoccKernelList members[2] = { { 0 }, { 0 } };
  GArray *split[2] = { g_array_new (FALSE, FALSE, sizeof (CuoccKernel)), g_array_new (FALSE, FALSE, sizeof (CuoccKernel)) };

  g_assert_cmpuint (got->n_kernels, ==, 3 * 5 + 2);
  for (guint i = 0; i < got->n_kernels; i++)
    {
      gboolean rdc = g_str_has_suffix (got->kernels[i].file, "libkernels.a(cluster-rdc.o)");

      g_assert_true (rdc || g_str_has_suffix (got->kernels[i].file, "libkernels.a(kernels.o)"));
      g_array_append_val (split[rdc], got->kernels[i]);
    }
  for (guint m = 0; m < 2; m++)
    {
      members[m].n_kernels = split[m]->len;
      members[m].kernels = (CuoccKernel *) (gpointer) split[m]->data;
    }
  check_against_log (&members[0], host_log, "libkernels.a(kernels.o)");
  check_against_log (&members[1], rdc_log, "libkernels.a(cluster-rdc.o)");
  for (guint m = 0; m < 2; m++)
    g_array_unref (split[m]);   /* copies: the kernels' strings belong to got */
}

/* A shared library from a JAX wheel: what cuobjdump --dump-resource-usage
 * printed for it, kernel for kernel and architecture for architecture. */
static void
test_jax_sample (void)
{
  const char *path = g_getenv ("CUOCC_PRNG_SO");
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) got = NULL;
  g_autoptr (CuoccKernelList) dump = read_fixture ("_prng.so.resource-usage.txt");
  guint n_sass = 0, n_ptx = 0;

  if (path == NULL)
    {
      g_test_skip ("CUOCC_PRNG_SO is not set (the test runs from meson)");
      return;
    }
  got = cuocc_import_parse_file (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < got->n_kernels; i++)
    {
      const CuoccKernel *k = &got->kernels[i];
      const CuoccKernel *want;

      if (k->code == CUOCC_CODE_PTX)
        {
          n_ptx++;
          g_assert_cmpint (k->regs, ==, U);
          continue;
        }
      n_sass++;
      want = find_kernel (dump, k->mangled, k->arch);
      g_assert_nonnull (want);
      g_assert_cmpint (k->regs, ==, want->regs);
      g_assert_cmpint (k->smem, ==, want->smem);
      g_assert_cmpint (k->stack, ==, want->stack);
      g_assert_cmpint (k->cmem, ==, want->cmem);
    }
  g_assert_cmpuint (n_sass, ==, dump->n_kernels);
  g_assert_cmpuint (n_ptx, >, 0);
}

/* ---------------------------------------------------------------- hostile files */

static GBytes *
load (const char *name)
{
  g_autofree char *path = fixture (name);
  char *data;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

/* Either kernels or a message; never a crash. */
static void
parse_anything (const guint8 *data, gsize len)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse ((const char *) data, len, &error);

  g_assert_true ((list == NULL) != (error == NULL));
  if (error != NULL)
    g_assert_cmpstr (error->message, !=, "");
  else
    for (guint i = 0; i < list->n_kernels; i++)
      g_assert_true (g_utf8_validate (list->kernels[i].name, -1, NULL));
}

static const char *const hostile_seeds[] = {
  "kernels-sm_90a.cubin", "kernels-size.fatbin", "kernels-speed.fatbin", "libkernels.a", "kernels.o",
};

/* Every prefix of a cubin, fat binary, archive and object. */
static void
test_truncated (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (hostile_seeds); f++)
    {
      g_autoptr (GBytes) bytes = load (hostile_seeds[f]);
      gsize len;
      const guint8 *data = g_bytes_get_data (bytes, &len);

      for (gsize cut = 0; cut < len; cut += cut < 256 ? 1 : 97)
        {
          g_autofree guint8 *copy = g_memdup2 (data, cut);   /* ASan sees reads past the cut */

          parse_anything (copy, cut);
        }
    }
}

/* The same files with bytes changed at random (a fixed seed). */
static void
test_corrupted (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);

  for (guint f = 0; f < G_N_ELEMENTS (hostile_seeds); f++)
    {
      g_autoptr (GBytes) bytes = load (hostile_seeds[f]);
      gsize len;
      const guint8 *data = g_bytes_get_data (bytes, &len);

      for (guint round = 0; round < 300; round++)
        {
          g_autofree guint8 *copy = g_memdup2 (data, len);
          guint n = (guint) g_rand_int_range (rand, 1, 9);

          for (guint i = 0; i < n; i++)
            {
              gsize at = round % 2 == 0 ? (gsize) g_rand_int_range (rand, 0, (gint32) MIN (len, 512))
                                        : (gsize) g_rand_int_range (rand, 0, (gint32) len);

              copy[at] = (guint8) g_rand_int (rand);
            }
          parse_anything (copy, len);
        }
    }
}

static void
put (guint8 *p, guint64 v, int bytes)
{
  for (int i = 0; i < bytes; i++)
    p[i] = (guint8) (v >> (8 * i));
}

static void
expect_message (const guint8 *data, gsize len, const char *part)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse ((const char *) data, len, &error);

  g_assert_null (list);
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
  if (strstr (error->message, part) == NULL)
    g_error ("“%s” does not say “%s”", error->message, part);
}

/* Headers that lie: millions of sections, a table past the end. */
static void
test_lying_elf (void)
{
  g_autoptr (GBytes) bytes = load ("kernels-sm_80.cubin");
  gsize len = g_bytes_get_size (bytes);
  g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (bytes, NULL), len);
  guint64 shoff = copy[40] | (guint64) copy[41] << 8 | (guint64) copy[42] << 16 | (guint64) copy[43] << 24;

  put (copy + 60, 0, 2);            /* e_shnum 0: the count is section 0's sh_size */
  put (copy + shoff + 32, 10000000, 8);
  expect_message (copy, len, "10000000 sections");
  put (copy + shoff + 32, 0, 8);
  put (copy + 60, 30, 2);
  put (copy + 40, len - 64, 8);     /* the table would run past the end */
  expect_message (copy, len, "outside the file");
  put (copy + 40, shoff, 8);
  put (copy + 4, 7, 1);             /* no ELF class */
  expect_message (copy, len, "32- or 64-bit");
}

/* An entry that claims 4 GiB, and one that expands past what it claims. */
static void
test_lying_fatbin (void)
{
  g_autoptr (GBytes) bytes = load ("kernels-size.fatbin");
  gsize len = g_bytes_get_size (bytes);
  g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (bytes, NULL), len);
  guint8 *entry = copy + 16;
  guint64 claimed = 0;

  for (int i = 7; i >= 0; i--)
    claimed = claimed << 8 | entry[56 + i];
  g_assert_cmpuint (claimed, >, 1000);   /* the first entry is compressed */

  /* Only the first entry: the others would still give kernels. */
  put (copy + 8, (guint64) (entry[4] | entry[5] << 8) + (entry[8] | entry[9] << 8 | entry[10] << 16), 8);
  put (entry + 56, G_GUINT64_CONSTANT (4) << 30, 8);
  expect_message (copy, len, "claims 4294967296 bytes");
  put (entry + 56, 100, 8);
  expect_message (copy, len, "corrupt");
  put (entry + 56, claimed, 8);
  parse_anything (copy, len);
}

static void
append_member (GByteArray *ar, const char *name, const guint8 *data, gsize len)
{
  char header[61];

  g_snprintf (header, sizeof header, "%-16s%-12s%-6s%-6s%-8s%-10" G_GSIZE_FORMAT "`\n",
              name, "0", "0", "0", "644", len);
  g_byte_array_append (ar, (const guint8 *) header, 60);
  g_byte_array_append (ar, data, (guint) len);
  if (len % 2 != 0)
    g_byte_array_append (ar, (const guint8 *) "\n", 1);
}

static GByteArray *
archive_of (const char *name, const guint8 *data, gsize len)
{
  GByteArray *ar = g_byte_array_new ();

  g_byte_array_append (ar, (const guint8 *) "!<arch>\n", 8);
  append_member (ar, name, data, len);
  return ar;
}

/* An archive in an archive is read; one more level is refused. */
static void
test_nested_archives (void)
{
  g_autoptr (GBytes) cubin = load ("kernels-sm_80.cubin");
  gsize len;
  const guint8 *data = g_bytes_get_data (cubin, &len);
  g_autoptr (GByteArray) inner = archive_of ("k.cubin/", data, len);
  g_autoptr (GByteArray) outer = archive_of ("inner.a/", inner->data, inner->len);
  g_autoptr (GByteArray) deeper = archive_of ("outer.a/", outer->data, outer->len);
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse ((const char *) outer->data, outer->len, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (list->n_kernels, ==, 5);
  g_assert_cmpstr (list->kernels[0].file, ==, "(inner.a)(k.cubin)");
  g_assert_cmpint (list->kernels[0].regs, >, 0);
  expect_message (deeper->data, deeper->len, "nested deeper");
}

/* Magic numbers followed by nothing sensible, and an ELF file without
 * device code (this test program). */
static void
test_garbage (void)
{
  static const guint8 fatbin_magic[] = { 0x50, 0xed, 0x55, 0xba, 1, 0, 16, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0,
                                         2, 0, 1, 1, 0x40, 0, 0, 0 };
  static const char archive[] = "!<arch>\nthis is no member header at all, nor a size\n";
  g_autofree char *self = NULL;
  gsize len;

  parse_anything (fatbin_magic, sizeof fatbin_magic);
  expect_message (fatbin_magic, sizeof fatbin_magic, "larger than the data");
  parse_anything ((const guint8 *) archive, sizeof archive - 1);
  g_assert_true (g_file_get_contents ("/proc/self/exe", &self, &len, NULL));
  expect_message ((const guint8 *) self, len, ".nv_fatbin");
}

/* Binary content fed in pieces (standard input) reads as it does whole;
 * nothing at all is no crash either. */
static void
test_streamed (void)
{
  g_autoptr (GError) empty_error = NULL;
  g_autoptr (CuoccKernelList) empty = cuocc_import_parse (NULL, 0, &empty_error);

  g_autoptr (GBytes) bytes = load ("libkernels.a");
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  CuoccImportParser *parser = cuocc_import_parser_new ();
  g_autoptr (CuoccKernelList) whole = cuocc_import_parse (data, len, NULL);
  g_autoptr (CuoccKernelList) pieces = NULL;

  for (gsize at = 0; at < len; at += 3)
    cuocc_import_parser_feed (parser, data + at, MIN (3, len - at));
  pieces = cuocc_import_parser_finish (parser, NULL);
  g_assert_null (empty);
  g_assert_error (empty_error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
  g_assert_nonnull (whole);
  g_assert_nonnull (pieces);
  g_assert_cmpuint (whole->n_kernels, ==, pieces->n_kernels);
  for (guint i = 0; i < whole->n_kernels; i++)
    {
      g_assert_cmpstr (whole->kernels[i].name, ==, pieces->kernels[i].name);
      g_assert_cmpstr (whole->kernels[i].entry, ==, pieces->kernels[i].entry);
      g_assert_cmpint (whole->kernels[i].regs, ==, pieces->kernels[i].regs);
    }
}

/* ---------------------------------------------------------------- fat binaries kept as data */

static void put_le (guint8 *p, guint64 v, int bytes);

/* The kernels of list whose file ends with suffix, as a list of their own
 * (the kernels are the list's). */
static CuoccKernelList
kernels_of (const CuoccKernelList *list, const char *suffix, GArray **keep)
{
  CuoccKernelList part = { 0 };

  *keep = g_array_new (FALSE, FALSE, sizeof (CuoccKernel));
  for (guint i = 0; i < list->n_kernels; i++)
    if (g_str_has_suffix (list->kernels[i].file, suffix))
      g_array_append_val (*keep, list->kernels[i]);
  part.n_kernels = (*keep)->len;
  part.kernels = (CuoccKernel *) (gpointer) (*keep)->data;
  return part;
}

/* libembedded.so keeps kernels-size.fatbin twice as data, as a program that
 * loads it itself (cuModuleLoadFatBinary) does: a const array in .rodata
 * and another in .data (gcc puts the second at .data+8, after
 * __dso_handle). Both are found, each named by section and offset, each with
 * the figures of the ptxas log. */
static void
test_embedded_arrays (void)
{
  g_autoptr (CuoccKernelList) got = read_fixture ("libembedded.so");
  g_autoptr (CuoccKernelList) log = read_fixture ("kernels-fatbin.log");
  const char *const where[] = { "libembedded.so[.rodata+0x0]", "libembedded.so[.data+0x8]" };

  g_assert_cmpuint (got->n_kernels, ==, 2 * 6 * 5);
  for (guint w = 0; w < G_N_ELEMENTS (where); w++)
    {
      g_autoptr (GArray) keep = NULL;
      CuoccKernelList part = kernels_of (got, where[w], &keep);

      g_assert_cmpuint (part.n_kernels, ==, 6 * 5);
      check_against_log (&part, log, where[w]);
    }
}

/* ld -r -b binary kernels-size.fatbin: the file's bytes in .data. */
static void
test_embedded_binary (void)
{
  g_autoptr (CuoccKernelList) got = read_fixture ("embedded-binary.o");
  g_autoptr (CuoccKernelList) log = read_fixture ("kernels-fatbin.log");

  g_assert_cmpuint (got->n_kernels, ==, 6 * 5);
  check_against_log (got, log, "embedded-binary.o");
}

/* Bytes that start like a fat binary but whose structure does not check out
 * are no fat binary: spoil one entry header of the .rodata copy (a header
 * size that is no multiple of 8, then sizes that overrun the fat binary, then
 * no version 1) and only the .data copy is read; spoil both and there is no
 * device code at all. */
static void
test_embedded_checked (void)
{
  static const guint8 magic[4] = { 0x50, 0xed, 0x55, 0xba };
  g_autoptr (GBytes) bytes = load ("libembedded.so");
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  const guint8 *first = memmem (data, len, magic, 4);
  const guint8 *second = memmem (first + 4, len - (gsize) (first + 4 - data), magic, 4);
  const gsize spoil[][2] = { { 16 + 4, 65 }, { 16 + 8, 0x7fffff }, { 4, 2 } };

  g_assert_nonnull (first);
  g_assert_nonnull (second);
  for (guint i = 0; i < G_N_ELEMENTS (spoil); i++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, len);
      g_autoptr (GError) error = NULL;
      g_autoptr (CuoccKernelList) list = NULL;

      copy[(first - data) + spoil[i][0]] = (guint8) (spoil[i][1] & 0xff);
      copy[(first - data) + spoil[i][0] + 1] = (guint8) ((spoil[i][1] >> 8) & 0xff);
      copy[(first - data) + spoil[i][0] + 2] = (guint8) ((spoil[i][1] >> 16) & 0xff);
      list = cuocc_import_parse ((const char *) copy, len, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (list->n_kernels, ==, 6 * 5);
      for (guint k = 0; k < list->n_kernels; k++)
        g_assert_cmpstr (list->kernels[k].file, ==, NULL);

      /* and the other copy too */
      copy[(second - data) + spoil[i][0]] = (guint8) (spoil[i][1] & 0xff);
      copy[(second - data) + spoil[i][0] + 1] = (guint8) ((spoil[i][1] >> 8) & 0xff);
      copy[(second - data) + spoil[i][0] + 2] = (guint8) ((spoil[i][1] >> 16) & 0xff);
      expect_message (copy, len, "no CUDA device code");
    }
}

/* Overwrites len bytes at p with a chain of 64-byte entry headers, each
 * carrying in its last 16 bytes the header of a fat binary whose entries
 * are the rest of the chain, which ends in an entry of kind 0: every one of
 * these candidates fails, but only at the end of the chain. */
static void
spoil_with_chain (guint8 *p, gsize len)
{
  gsize n = (len - 16) / 64;
  gsize end = 16 + n * 64;

  memset (p, 0, len);
  put_le (p, 0xba55ed50, 4);
  put_le (p + 4, 1, 2);
  put_le (p + 6, 16, 2);
  put_le (p + 8, end - 16, 8);
  for (gsize i = 0; i < n; i++)
    {
      guint8 *e = p + 16 + i * 64;

      put_le (e, i + 1 < n ? 2 : 0, 2);
      put_le (e + 4, 64, 4);
      put_le (e + 48, 0xba55ed50, 4);
      put_le (e + 52, 1, 2);
      put_le (e + 54, 16, 2);
      put_le (e + 56, end - (gsize) (e + 64 - p), 8);
    }
}

/* Candidates that fail late would each walk the same chain again, a
 * quadratic amount of work: the search of a section stops after four
 * looks per 64 bytes, and says so. */
static void
test_embedded_false_starts (void)
{
  static const guint8 magic[4] = { 0x50, 0xed, 0x55, 0xba };
  g_autoptr (GBytes) bytes = load ("libembedded.so");
  g_autoptr (GBytes) fatbin = load ("kernels-size.fatbin");
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  g_autofree guint8 *copy = g_memdup2 (data, len);
  guint8 *first = memmem (copy, len, magic, 4);
  guint8 *second = memmem (first + 4, len - (gsize) (first + 4 - copy), magic, 4);

  spoil_with_chain (first, g_bytes_get_size (fatbin));
  spoil_with_chain (second, g_bytes_get_size (fatbin));
  expect_message (copy, len, "stopped looking for fat binaries in .rodata: too many that are none");
}

/* libmodules.so: modules-a.cu (sm_80 and sm_86) and modules-b.cu (sm_80
 * only) both instantiate scale<4>; each unit is a fat binary, which the
 * driver loads as a module of its own. On compute capability 8.6 each
 * module runs its own best entry: a's sm_86 and b's sm_80 (the rules in
 * cuocc-import-select.c, applied per module); on 8.0 both sm_80 entries. */
static void
test_modules (void)
{
  g_autoptr (CuoccKernelList) got = read_fixture ("libmodules.so");
  const CuoccKernel *k = got->kernels;
  CuoccKernelPair *pairs;
  guint n_pairs;

  g_assert_cmpuint (got->n_kernels, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (k[i].mangled, ==, "_Z5scaleILi4EEvPfi");
  g_assert_cmpstr (k[0].arch, ==, "sm_80");
  g_assert_cmpstr (k[1].arch, ==, "sm_86");
  g_assert_cmpstr (k[2].arch, ==, "sm_80");
  g_assert_cmpstr (k[0].file, ==, k[1].file);
  g_assert_cmpstr (k[0].file, !=, k[2].file);
  g_assert_true (g_str_has_suffix (k[0].file, "libmodules.so[.nv_fatbin+0x5f8]"));
  g_assert_true (g_str_has_suffix (k[2].file, "libmodules.so[.nv_fatbin+0x20d8]"));

  cuocc_kernel_list_select (got, 8, 6);
  g_assert_cmpint (k[0].loaded, ==, CUOCC_LOAD_OTHER);
  g_assert_cmpint (k[1].loaded, ==, CUOCC_LOAD_YES);
  g_assert_cmpint (k[2].loaded, ==, CUOCC_LOAD_YES);
  cuocc_kernel_list_select (got, 8, 0);
  g_assert_cmpint (k[0].loaded, ==, CUOCC_LOAD_YES);
  g_assert_cmpint (k[1].loaded, ==, CUOCC_LOAD_OTHER);
  g_assert_cmpint (k[2].loaded, ==, CUOCC_LOAD_YES);
  cuocc_kernel_list_select (got, 9, 0);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (k[i].loaded, ==, CUOCC_LOAD_NONE);

  /* Two builds pair entry by entry whatever their fat binaries' offsets. */
  pairs = cuocc_kernel_list_diff (got, got, &n_pairs);
  g_assert_cmpuint (n_pairs, ==, 3);
  for (guint i = 0; i < n_pairs; i++)
    {
      g_assert_cmpint (pairs[i].change, ==, CUOCC_KERNEL_SAME);
      g_assert_true (pairs[i].before == pairs[i].after);
    }
  g_free (pairs);
}

/* ---------------------------------------------------------------- bounded decompression */

/* A Zstandard frame (RFC 8878) of `size` bytes: `head` in a raw block, then
 * zeros in RLE blocks of at most 128 KiB; single segment, the content size
 * in the header. Some 4 KB claim 128 MiB. */
static void
append_zstd_frame (GByteArray *out, const guint8 *head, guint32 head_len, guint64 size)
{
  static const guint8 magic[] = { 0x28, 0xb5, 0x2f, 0xfd, 0xe0 };
  guint64 left = size - head_len;
  guint8 le[8];

  g_byte_array_append (out, magic, sizeof magic);
  for (int i = 0; i < 8; i++)
    le[i] = (guint8) (size >> (8 * i));
  g_byte_array_append (out, le, 8);
  if (head_len > 0)
    {
      guint32 header = (head_len << 3) | (left == 0 ? 1 : 0);     /* raw block */
      guint8 h[3] = { header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff };

      g_byte_array_append (out, h, 3);
      g_byte_array_append (out, head, head_len);
    }
  while (left > 0)
    {
      guint32 n = (guint32) MIN (left, 128 * 1024);
      guint32 header = (n << 3) | (1 << 1) | (left == n ? 1 : 0); /* RLE block */
      guint8 block[4] = { header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, 0 };

      g_byte_array_append (out, block, 4);
      left -= n;
    }
}

/* An LZ4 block of `size` bytes: zeros (a literal and one long match), then
 * five literal zeros, as the format's last sequence must be. */
static void
append_lz4_zeros (GByteArray *out, guint32 size)
{
  guint32 match = size - 1 - 5;
  guint32 extra = match - 4 - 15;
  const guint8 first[] = { 0x1f, 0, 1, 0 };                   /* 1 literal, match of 19+, offset 1 */
  const guint8 last[] = { 0x50, 0, 0, 0, 0, 0 };

  g_byte_array_append (out, first, sizeof first);
  for (; extra >= 255; extra -= 255)
    g_byte_array_append (out, (const guint8 *) "\xff", 1);
  {
    guint8 b = (guint8) extra;

    g_byte_array_append (out, &b, 1);
  }
  g_byte_array_append (out, last, sizeof last);
}

static void
put_le (guint8 *p, guint64 v, int bytes)
{
  for (int i = 0; i < bytes; i++)
    p[i] = (guint8) (v >> (8 * i));
}

/* One fat binary entry as nvcc writes it (see cuocc-import-fatbin.c). */
static void
append_entry (GByteArray *fatbin, guint kind, guint sm, guint64 flags, const guint8 *payload, gsize len,
              guint64 uncompressed)
{
  guint8 header[64] = { 0 };
  gsize padded = (len + 7) & ~(gsize) 7;
  static const guint8 zeros[8] = { 0 };

  put_le (header, kind, 2);
  put_le (header + 2, 0x101, 2);
  put_le (header + 4, 64, 4);
  put_le (header + 8, padded, 8);
  put_le (header + 16, flags & 0xa000 ? len : 0, 4);
  put_le (header + 24, 0x10008, 4);
  put_le (header + 28, sm, 4);
  put_le (header + 40, flags, 8);
  put_le (header + 56, uncompressed, 8);
  g_byte_array_append (fatbin, header, sizeof header);
  g_byte_array_append (fatbin, payload, (guint) len);
  g_byte_array_append (fatbin, zeros, (guint) (padded - len));
}

static GByteArray *
fatbin_of (GByteArray *entries)
{
  GByteArray *fatbin = g_byte_array_new ();
  guint8 header[16] = { 0 };

  put_le (header, 0xba55ed50, 4);
  put_le (header + 4, 1, 2);
  put_le (header + 6, 16, 2);
  put_le (header + 8, entries->len, 8);
  g_byte_array_append (fatbin, header, sizeof header);
  g_byte_array_append (fatbin, entries->data, entries->len);
  return fatbin;
}

/* Issue 18: 2,000 Zstandard entries, each 4 KB of zeros that claim
 * 128 MiB, kept cuocc busy for 137 s. Each is now decompressed only as far
 * as its first bytes (no ELF header), skipped and counted, and the cubin
 * after them is read; the same for PTX entries and for LZ4. */
static void
test_hostile_zero_frames (void)
{
  g_autoptr (GByteArray) entries = g_byte_array_new ();
  g_autoptr (GByteArray) frame = g_byte_array_new ();
  g_autoptr (GByteArray) lz4 = g_byte_array_new ();
  g_autoptr (GByteArray) fatbin = NULL;
  g_autoptr (GBytes) cubin = load ("kernels-sm_80.cubin");
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  gsize cubin_len;
  const guint8 *cubin_data = g_bytes_get_data (cubin, &cubin_len);

  append_zstd_frame (frame, NULL, 0, CUOCC_IMPORT_MAX_ENTRY);
  g_assert_cmpuint (frame->len, <, 5000);
  append_lz4_zeros (lz4, 16 << 20);
  for (guint i = 0; i < 2000; i++)
    append_entry (entries, 2, 80, 0x8011, frame->data, frame->len, CUOCC_IMPORT_MAX_ENTRY);
  for (guint i = 0; i < 100; i++)
    append_entry (entries, 1, 80, 0x8011, frame->data, frame->len, CUOCC_IMPORT_MAX_ENTRY);
  for (guint i = 0; i < 100; i++)
    append_entry (entries, 2, 80, 0x2011, lz4->data, lz4->len, 16 << 20);
  append_entry (entries, 2, 80, 0x11, cubin_data, cubin_len, 0);
  fatbin = fatbin_of (entries);

  decompressed_bytes = 0;
  list = cuocc_import_parse ((const char *) fatbin->data, fatbin->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->n_kernels, ==, 5);
  g_assert_cmpuint (list->n_skipped_entries, ==, 2200);
  g_assert_cmpuint (g_strv_length (list->skipped), ==, 20);
  g_assert_cmpstr (list->skipped[0], ==, "-[+0x0]: sm_80 SASS: its first decompressed bytes are no ELF header (Zstandard)");
  /* The work, in bytes: each of the 2,200 entries decompressed as far as
   * an ELF64 header's 64 bytes (the first thing an entry must hold) and no
   * further, where whole entries were 2,100 × 128 MiB and 100 × 16 MiB of
   * zeros, 137 s. The cubin is stored plain. */
  g_test_message ("%" G_GUINT64_FORMAT " bytes decompressed for 2,200 hostile entries", decompressed_bytes);
  g_assert_cmpuint (decompressed_bytes, ==, 2200 * 64);

  /* Only the hostile entries: their reason is the error. */
  g_byte_array_set_size (entries, 0);
  for (guint i = 0; i < 100; i++)
    append_entry (entries, 1, 80, 0x8011, frame->data, frame->len, CUOCC_IMPORT_MAX_ENTRY);
  append_entry (entries, 2, 80, 0x2011, lz4->data, lz4->len, 16 << 20);
  g_clear_pointer (&fatbin, g_byte_array_unref);
  fatbin = fatbin_of (entries);
  expect_message (fatbin->data, fatbin->len, "compute_80 PTX: its first decompressed bytes are no PTX text (Zstandard)");
  g_byte_array_set_size (entries, 0);
  append_entry (entries, 2, 80, 0x2011, lz4->data, lz4->len, 16 << 20);
  g_clear_pointer (&fatbin, g_byte_array_unref);
  fatbin = fatbin_of (entries);
  expect_message (fatbin->data, fatbin->len, "sm_80 SASS: its first decompressed bytes are no ELF header (LZ4)");
}

/* Entries that start like an ELF file and go on with zeros are decompressed
 * whole, but a file gets 1 GiB of decompression (16 times its size when
 * that is more): of twelve that claim 128 MiB, eight are decompressed (and
 * are no cubins), four are skipped, saying why, and the plain cubin after
 * them is still read. */
static void
test_hostile_budget (void)
{
  static const guint8 elf_head[] = { 0x7f, 'E', 'L', 'F', 2, 1, 1 };
  g_autoptr (GByteArray) entries = g_byte_array_new ();
  g_autoptr (GByteArray) frame = g_byte_array_new ();
  g_autoptr (GByteArray) fatbin = NULL;
  g_autoptr (GBytes) cubin = load ("kernels-sm_80.cubin");
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;
  gsize cubin_len;
  const guint8 *cubin_data = g_bytes_get_data (cubin, &cubin_len);

  append_zstd_frame (frame, elf_head, sizeof elf_head, CUOCC_IMPORT_MAX_ENTRY);
  for (guint i = 0; i < 12; i++)
    append_entry (entries, 2, 80, 0x8011, frame->data, frame->len, CUOCC_IMPORT_MAX_ENTRY);
  append_entry (entries, 2, 80, 0x11, cubin_data, cubin_len, 0);
  fatbin = fatbin_of (entries);
  g_assert_cmpuint (fatbin->len * 16, <, 1 << 30);

  list = cuocc_import_parse ((const char *) fatbin->data, fatbin->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->n_kernels, ==, 5);
  g_assert_cmpuint (list->n_skipped_entries, ==, 4);
  g_assert_cmpuint (g_strv_length (list->skipped), ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpstr (list->skipped[i], ==, "-[+0x0]: sm_80 SASS: the file's decompression limit of 1024 MiB is reached");
}

/* CUDA 13 calls Jetson Thor sm_110 (compute capability 11.0); CUDA 12.8 and
 * 12.9 called it sm_101, which their binaries and logs still say. */
static void
test_sm_101 (void)
{
  static const char log[] =
    "ptxas info    : Compiling entry function 'thor' for 'sm_101'\n"
    "ptxas info    : Used 16 registers, used 0 barriers, 360 bytes cmem[0]\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse (log, sizeof log - 1, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (list->n_kernels, ==, 1);
  g_assert_cmpstr (list->kernels[0].arch, ==, "sm_101");
  g_assert_cmpint (list->kernels[0].cc_major, ==, 11);
  g_assert_cmpint (list->kernels[0].cc_minor, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cubin_archs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cuocc/import/binary/cubin/%s", cubin_archs[i]);

      g_test_add_data_func (path, cubin_archs[i], test_cubin);
    }
  g_test_add_func ("/cuocc/import/binary/cubin/cluster", test_cubin_cluster);
  g_test_add_data_func ("/cuocc/import/binary/cubin/cuda118-sm_80", "cuda118-sm_80", test_cubin_cuda118);
  g_test_add_data_func ("/cuocc/import/binary/cubin/cuda118-sm_90", "cuda118-sm_90", test_cubin_cuda118);
  g_test_add_data_func ("/cuocc/import/binary/cubin/cuda13-sm_90", "cuda13-sm_90", test_cubin_cuda118);
  g_test_add_func ("/cuocc/import/binary/cubin/in-memory", test_cubin_in_memory);
  g_test_add_func ("/cuocc/import/binary/cubin/helpers", test_cubin_helpers);
  g_test_add_func ("/cuocc/import/binary/cubin/helper-records", test_cubin_helper_records);
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cuocc/import/binary/fatbin/%s", modes[i]);
      g_autofree char *bytes_path = g_strdup_printf ("/cuocc/import/binary/fatbin-bytes/%s", modes[i]);

      g_test_add_data_func (path, modes[i], test_fatbin);
      g_test_add_data_func (bytes_path, modes[i], test_fatbin_bytes);
    }
  g_test_add_data_func ("/cuocc/import/binary/host/object", "kernels.o", test_host);
  g_test_add_data_func ("/cuocc/import/binary/host/shared-library", "libkernels.so", test_host);
  g_test_add_data_func ("/cuocc/import/binary/host/executable", "kernels-exe", test_host);
  g_test_add_func ("/cuocc/import/binary/host/archive", test_archive);
  g_test_add_func ("/cuocc/import/binary/jax-sample", test_jax_sample);
  g_test_add_func ("/cuocc/import/binary/embedded/arrays", test_embedded_arrays);
  g_test_add_func ("/cuocc/import/binary/embedded/ld-binary", test_embedded_binary);
  g_test_add_func ("/cuocc/import/binary/embedded/checked", test_embedded_checked);
  g_test_add_func ("/cuocc/import/binary/embedded/false-starts", test_embedded_false_starts);
  g_test_add_func ("/cuocc/import/binary/modules", test_modules);
  g_test_add_func ("/cuocc/import/binary/hostile/zero-frames", test_hostile_zero_frames);
  g_test_add_func ("/cuocc/import/binary/hostile/decompression-limit", test_hostile_budget);
  g_test_add_func ("/cuocc/import/binary/sm-101", test_sm_101);
  g_test_add_func ("/cuocc/import/binary/hostile/truncated", test_truncated);
  g_test_add_func ("/cuocc/import/binary/hostile/corrupted", test_corrupted);
  g_test_add_func ("/cuocc/import/binary/hostile/lying-elf", test_lying_elf);
  g_test_add_func ("/cuocc/import/binary/hostile/lying-fatbin", test_lying_fatbin);
  g_test_add_func ("/cuocc/import/binary/hostile/nested-archives", test_nested_archives);
  g_test_add_func ("/cuocc/import/binary/hostile/garbage", test_garbage);
  g_test_add_func ("/cuocc/import/binary/streamed", test_streamed);
  return g_test_run ();
}
