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
#include <string.h>

#include "cuocc.h"

#define U CUOCC_IMPORT_UNKNOWN

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
} Declared;

static const Declared declared[] = {
  { "_ZN5cuocc4test5scaleIfLi128EEEvPT_S2_", 256, 128, { 0, 0, 0 } },
  { "_ZN5cuocc4test5scaleIdLi64EEEvPT_S2_", 256, 128, { 0, 0, 0 } },
  { "capped", U, 40, { 0, 0, 0 } },
  { "named_barrier", U, 32, { 0, 0, 0 } },
  { "spills", U, 32, { 0, 0, 0 } },
  { "clustered", U, U, { 2, 2, 1 } },
  /* 65536 / (128 × 3) = 170, down to ptxas's allocation unit of 8 */
  { "bounded_cluster", 128, 168, { 0, 0, 0 } },
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
        continue;
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
  g_test_add_func ("/cuocc/import/binary/cubin/in-memory", test_cubin_in_memory);
  g_test_add_func ("/cuocc/import/binary/sm-101", test_sm_101);
  return g_test_run ();
}
