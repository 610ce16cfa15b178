/* test-import.c — reading kernel resource usage from tool output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ptxas fixtures are real nvcc 13.0 output for tests/import/data/ (kernels.cu, constant.cu)
 * (the commands are in data/README); the others are written after real
 * samples of each tool's output. Every figure below is read off the fixture.
 */
#include <pthread.h>
#include <string.h>

#include <gio/gio.h>

#include "cuocc.h"

#define U CUOCC_IMPORT_UNKNOWN

typedef struct {
  const char *file;
  guint index;
  const char *name;
  const char *mangled;
  const char *arch;
  int cc_major, cc_minor;
  int regs;
  gint64 smem;
  int barriers;
  gint64 stack, spill_stores, spill_loads, lmem, cmem;
} KernelCase;

static const KernelCase kernel_cases[] = {
  /* nvcc -Xptxas -v -gencode arch=compute_90,code=sm_90 kernels.cu */
  { "ptxas-sm90.log", 0, "void cuocc::test::scale<double, 1024>(double*, double const*, double)",
    "_ZN5cuocc4test5scaleIdLi1024EEEvPT_PKS2_S2_", "sm_90", 9, 0, 12, 0, 0, 0, 0, 0, 0, U },
  { "ptxas-sm90.log", 2, "void by_struct<Pair>(Pair, Pair*, unsigned long long, char const*)",
    "_Z9by_structI4PairEvT_PS1_yPKc", "sm_90", 9, 0, 8, 0, 0, 0, 0, 0, 0, U },
  { "ptxas-sm90.log", 3, "calls_helper(int*)", "_Z12calls_helperPi", "sm_90", 9, 0, 10, 0, 0, 64, 0, 0, 0, U },
  { "ptxas-sm90.log", 4, "named_barriers(int*)", "_Z14named_barriersPi", "sm_90", 9, 0, 10, 256, 3, 0, 0, 0, 0, U },
  { "ptxas-sm90.log", 6, "heavy(float const*, float*)", "_Z5heavyPKfPf", "sm_90", 9, 0, 72, 0, 0, 0, 0, 0, 0, U },
  { "ptxas-sm90.log", 7, "dynamic_smem(float*, int)", "_Z12dynamic_smemPfi", "sm_90", 9, 0, 10, 0, 1, 0, 0, 0, 0, U },
  { "ptxas-sm90.log", 8, "bounded(float*, float const*)", "_Z7boundedPfPKf", "sm_90", 9, 0, 27, 9216, 1, 0, 0, 0, 0, U },
  { "ptxas-sm90.log", 9, "plain_c_kernel", "plain_c_kernel", "sm_90", 9, 0, 10, 512, 1, 0, 0, 0, 0, U },
  /* ... -maxrregcount=32 -gencode arch=compute_80,code=sm_80: the unrolled kernel spills */
  { "ptxas-maxrreg32-sm80.log", 6, "heavy(float const*, float*)", "_Z5heavyPKfPf", "sm_80", 8, 0,
    32, 0, 0, 992, 2076, 2344, 0, 368 },
  { "ptxas-maxrreg32-sm80.log", 8, "bounded(float*, float const*)", "_Z7boundedPfPKf", "sm_80", 8, 0,
    24, 9216, 1, 0, 0, 0, 0, 368 },
  /* nvcc --resource-usage with seven -gencode targets */
  { "resource-usage-multi.log", 0, "void cuocc::test::scale<double, 1024>(double*, double const*, double)",
    "_ZN5cuocc4test5scaleIdLi1024EEEvPT_PKS2_S2_", "sm_75", 7, 5, 10, 0, 0, 0, 0, 0, 0, 376 },
  { "resource-usage-multi.log", 56, "heavy(float const*, float*)", "_Z5heavyPKfPf", "sm_100", 10, 0,
    72, 0, 0, 0, 0, 0, 0, U },
  { "resource-usage-multi.log", 69, "plain_c_kernel", "plain_c_kernel", "sm_120", 12, 0, 8, 512, 1, 0, 0, 0, 0, U },
  /* sm_90a, sm_120a and sm_75 targets of constant.cu */
  { "ptxas-arch-specific.log", 0, "polynomial(float*, float const*, int)", "_Z10polynomialPfPKfi", "sm_90a", 9, 0,
    14, 0, 0, 0, 0, 0, 0, U },
  { "ptxas-arch-specific.log", 1, "polynomial(float*, float const*, int)", "_Z10polynomialPfPKfi", "sm_120a", 12, 0,
    12, 0, 0, 0, 0, 0, 0, U },
  { "ptxas-arch-specific.log", 2, "polynomial(float*, float const*, int)", "_Z10polynomialPfPKfi", "sm_75", 7, 5,
    10, 0, 0, 0, 0, 0, 0, 372 },
  /* Older ptxas: CUDA 2 (no arch), CUDA 3 (static+parameter smem, lmem), CUDA 8, MSVC, nvlink */
  { "ptxas-cuda2.log", 0, "histogram64(unsigned int*, unsigned int const*, unsigned int)", "_Z11histogram64PjPKjj",
    NULL, 0, 0, 12, 276, U, U, U, U, 0, U },
  { "ptxas-cuda3-sm13.log", 0, "transpose(float*, float*, int, int)", "_Z9transposePfS_ii", "sm_13", 1, 3,
    9, 1104, U, U, U, U, 0, U },
  { "ptxas-cuda3-sm13.log", 1, "reduce(int*, int*, unsigned int)", "_Z6reducePiS_j", "sm_13", 1, 3,
    7, 56, U, U, U, U, 8, U },
  { "ptxas-cuda8-sm61.log", 0, "void stencil::compute<8>(float const*, float*, int)", "_ZN7stencil7computeILi8EEEvPKfPfi",
    "sm_61", 6, 1, 63, 4352, U, 24, 8, 12, 0, 340 },
  { "ptxas-cuda8-sm61.log", 1, "fill(float*, int, float)", "_Z4fillPfif", "sm_61", 6, 1, 6, 0, U, 0, 0, 0, 0, 336 },
  { "ptxas-msvc-sm52.log", 0, "scan_block(float*, int)", "", "sm_52", 5, 2, 30, 2048, U, 48, 0, 0, 0, 332 },
  { "nvlink-rdc.log", 0, "gather(int const*, float*, int)", "_Z6gatherPKiPfi", NULL, 0, 0, 21, 1024, U, 16, U, U, 0, 364 },
  /* cuobjdump --dump-resource-usage */
  { "cuobjdump-multi.txt", 0, "void blur::horizontal<5>(float4 const*, float4*, int, int)",
    "_ZN4blur10horizontalILi5EEEvPK6float4PS1_ii", "sm_80", 8, 0, 40, 6144, U, 0, U, U, 0, 384 },
  { "cuobjdump-multi.txt", 3, "compress(unsigned char const*, unsigned char*, unsigned long)", "_Z8compressPKhPhm",
    "sm_90", 9, 0, 168, 0, U, 288, U, U, 64, 600 },
  { "cuobjdump-cubin-oneline.txt", 0, "lookup_kernel", "lookup_kernel", NULL, 0, 0, 24, 512, U, 8, U, U, 0, 360 },
  /* Nsight Compute */
  { "ncu-details-sm86.csv", 0, "vec_add(const float *, const float *, float *, int)", "", "sm_86", 8, 6,
    32, 0, U, U, U, U, U, U },
  { "ncu-details-sm86.csv", 1, "void stencil::compute<8>(const float *, float *, int)", "", "sm_86", 8, 6,
    72, 16380, U, U, U, U, U, U },
  { "ncu-details-sm86.csv", 2, "dynamic_smem(float*, int)", "_Z12dynamic_smemPfi", "sm_86", 8, 6, 16, 0, U, U, U, U, U, U },
  { "ncu-details-2020.csv", 1, "time_step", "time_step", NULL, 0, 0, 22, 0, U, U, U, U, U, U },
  { "ncu-raw-sm90.csv", 0, "void gpt::layernorm<256>(__half const*, __half*, int)",
    "_ZN3gpt9layernormILi256EEEvPK6__halfPS1_i", "sm_90", 9, 0, 40, 8192, U, U, U, U, U, U },
  { "ncu-raw-sm90.csv", 1, "softmax_f32", "softmax_f32", "sm_90", 9, 0, 30, 0, U, U, U, U, U, U },
};

typedef struct {
  const char *file;
  CuoccImportFormat format;
  guint n_kernels;
} FileCase;

static const FileCase file_cases[] = {
  { "ptxas-sm90.log", CUOCC_IMPORT_FORMAT_PTXAS, 10 },
  { "ptxas-maxrreg32-sm80.log", CUOCC_IMPORT_FORMAT_PTXAS, 10 },
  { "resource-usage-multi.log", CUOCC_IMPORT_FORMAT_PTXAS, 70 },
  { "ptxas-arch-specific.log", CUOCC_IMPORT_FORMAT_PTXAS, 3 },
  { "ptxas-cuda2.log", CUOCC_IMPORT_FORMAT_PTXAS, 1 },
  { "ptxas-cuda3-sm13.log", CUOCC_IMPORT_FORMAT_PTXAS, 2 },
  { "ptxas-cuda8-sm61.log", CUOCC_IMPORT_FORMAT_PTXAS, 2 },
  { "ptxas-msvc-sm52.log", CUOCC_IMPORT_FORMAT_PTXAS, 1 },
  { "nvlink-rdc.log", CUOCC_IMPORT_FORMAT_PTXAS, 2 },
  { "cuobjdump-multi.txt", CUOCC_IMPORT_FORMAT_CUOBJDUMP, 4 },
  { "cuobjdump-cubin-oneline.txt", CUOCC_IMPORT_FORMAT_CUOBJDUMP, 1 },
  { "ncu-details-sm86.csv", CUOCC_IMPORT_FORMAT_NCU_CSV, 3 },
  { "ncu-details-2020.csv", CUOCC_IMPORT_FORMAT_NCU_CSV, 3 },
  { "ncu-raw-sm90.csv", CUOCC_IMPORT_FORMAT_NCU_RAW, 2 },
};

static CuoccKernelList *
load (const char *file)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", file, NULL);
  g_autoptr (GError) error = NULL;
  CuoccKernelList *list = cuocc_import_parse_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (list);
  return list;
}

static void
test_file (gconstpointer data)
{
  const FileCase *c = data;
  g_autoptr (CuoccKernelList) list = load (c->file);

  g_assert_cmpint (list->format, ==, c->format);
  g_assert_cmpuint (list->n_kernels, ==, c->n_kernels);
  g_assert_false (list->truncated);
  g_assert_cmpuint (list->n_skipped_lines, ==, 0);
}

static void
test_kernel (gconstpointer data)
{
  const KernelCase *c = data;
  g_autoptr (CuoccKernelList) list = load (c->file);
  const CuoccKernel *k;

  g_assert_cmpuint (c->index, <, list->n_kernels);
  k = &list->kernels[c->index];
  g_assert_cmpstr (k->name, ==, c->name);
  g_assert_cmpstr (k->mangled, ==, c->mangled);
  g_assert_cmpstr (k->arch, ==, c->arch);
  g_assert_cmpint (k->cc_major, ==, c->cc_major);
  g_assert_cmpint (k->cc_minor, ==, c->cc_minor);
  g_assert_cmpint (k->regs, ==, c->regs);
  g_assert_cmpint (k->smem, ==, c->smem);
  g_assert_cmpint (k->barriers, ==, c->barriers);
  g_assert_cmpint (k->stack, ==, c->stack);
  g_assert_cmpint (k->spill_stores, ==, c->spill_stores);
  g_assert_cmpint (k->spill_loads, ==, c->spill_loads);
  g_assert_cmpint (k->lmem, ==, c->lmem);
  g_assert_cmpint (k->cmem, ==, c->cmem);
}

static void
test_ncu_launch (void)
{
  g_autoptr (CuoccKernelList) list = load ("ncu-details-sm86.csv");
  const CuoccKernel *k = &list->kernels[1];

  g_assert_cmpint (k->block_size, ==, 128);
  g_assert_cmpint (k->grid_size, ==, 2048);
  g_assert_cmpint (k->dynamic_smem, ==, 0);
  g_assert_cmpint (k->driver_smem, ==, 1020);
  g_assert_cmpint (k->smem_config, ==, 102400);
  g_assert_cmpfloat_with_epsilon (k->theoretical_occupancy, 41.67, 1e-9);
  g_assert_cmpfloat_with_epsilon (k->achieved_occupancy, 39.02, 1e-9);
  g_assert_cmpfloat_with_epsilon (k->theoretical_warps, 20, 1e-9);
  g_assert_cmpint (k->block_limit_regs, ==, 7);
  g_assert_cmpint (k->block_limit_smem, ==, 5);
  g_assert_cmpint (k->block_limit_warps, ==, 12);
  g_assert_cmpint (k->block_limit_blocks, ==, 16);

  /* "4,096" has a thousands separator; "n/a" is no figure. */
  g_assert_cmpint (list->kernels[0].grid_size, ==, 4096);
  g_assert_cmpint (list->kernels[0].sm_count, ==, 46);
  g_assert_cmpint (list->kernels[2].dynamic_smem, ==, 2050);
  g_assert_cmpfloat (list->kernels[2].achieved_occupancy, <, 0);
}

static void
test_ncu_raw_units (void)
{
  g_autoptr (CuoccKernelList) list = load ("ncu-raw-sm90.csv");
  const CuoccKernel *k = &list->kernels[1];

  g_assert_cmpint (k->block_size, ==, 1024);
  g_assert_cmpint (k->grid_size, ==, 96);
  g_assert_cmpint (k->dynamic_smem, ==, 49152);
  g_assert_cmpint (k->driver_smem, ==, 1020);
  g_assert_cmpint (k->smem_config, ==, 233470);
  g_assert_cmpfloat_with_epsilon (k->theoretical_occupancy, 100, 1e-9);
  g_assert_cmpint (k->block_limit_regs, ==, 2);
}

static const struct {
  const char *mangled;
  const char *demangled;           /* what c++filt (binutils 2.40) prints; NULL: not demangled */
} demangle_cases[] = {
  { "_ZN5cuocc4test5scaleIdLi1024EEEvPT_PKS2_S2_", "void cuocc::test::scale<double, 1024>(double*, double const*, double)" },
  { "_Z9by_structI4PairEvT_PS1_yPKc", "void by_struct<Pair>(Pair, Pair*, unsigned long long, char const*)" },
  { "_Z1fILj9ELb1ELl5ELm5ELx5ELy5ELin5ELc65ELh1ELs1ELt1EEvv",
    "void f<9u, true, 5l, 5ul, 5ll, 5ull, -5, (char)65, (unsigned char)1, (short)1, (unsigned short)1>()" },
  { "_Z1fIN1a1bIiEEEvv", "void f<a::b<int> >()" },
  { "_Z6kernelIZ4mainEUliE_EvT_", "void kernel<main::{lambda(int)#1}>(main::{lambda(int)#1})" },
  { "_Z1fPFviEPA10_iKPFviE", "f(void (*)(int), int (*) [10], void (* const)(int))" },
  { "_ZN12_GLOBAL__N_16kernelEPf", "(anonymous namespace)::kernel(float*)" },
  { "_Z1fRiOiPVKi", "f(int&, int&&, int const volatile*)" },
  { "_Z1fDnDhDsDiDu", "f(decltype(nullptr), half, char16_t, char32_t, char8_t)" },
  { "_Z1fIJifEEvDpT_", "void f<int, float>(int, float)" },
  { "_Z3fooIJEEvDpT_", "void foo<>()" },
  /* Template parameters past the tenth: T13_ is the 15th, decimal (g++ 12's
   * mangling of cuBLAS's gemv kernel; the demangled text is c++filt's). */
  { "_Z17gemv2N_kernel_valIiiddddLi128ELi2ELi4ELi1ELb0ELb0ELb1ELb0E18cublasGemvParamsExIiPKdS2_PdS2_EEvT13_T4_S6_",
    "void gemv2N_kernel_val<int, int, double, double, double, double, 128, 2, 4, 1, false, false, true, false, "
    "cublasGemvParamsEx<int, double const*, double const*, double*, double const*> >(cublasGemvParamsEx<int, "
    "double const*, double const*, double*, double const*>, double, double)" },
  { "_Z1fIiiiiiiiiiiicEvT10_", "void f<int, int, int, int, int, int, int, int, int, int, int, char>(char)" },
  { "_Z1fIiEvT1A_", NULL },
  /* nvcc's static kernels (nvcc 13, -rdc=true): the name after the tag. */
  { "__nv_static_25__a1051d01_4_s_cu_d589cb60__ZN2ns5scaleIfLi64EEEvPT_i", "void ns::scale<float, 64>(float*, int)" },
  { "__nv_static_25__a1051d01_4_s_cu_d589cb60__Z5plainPf", "plain(float*)" },
  { "__nv_static_99__a1051d01__Z5plainPf", NULL },
  { "__nv_static__Z5plainPf", NULL },
  { "_Z3fooIiJEEvT_DpT0_", "void foo<int>(int)" },
  { "_ZN4dim3C2Ejjj", "dim3::dim3(unsigned int, unsigned int, unsigned int)" },
  { "_ZN2ns1AD1Ev", "ns::A::~A()" },
  { "_ZNK2ns1A1fEv", "ns::A::f() const" },
  { "_Z1fM1AFivEM1Ai", "f(int (A::*)(), int A::*)" },
  { "_Z1fILf3f800000EEvv", "void f<(float)[3f800000]>()" },
  { "_ZSt4moveIRiEONSt16remove_referenceIT_E4typeEOS2_", "std::remove_reference<int&>::type&& std::move<int&>(int&)" },
  { "_Z1fSaIiESs", "f(std::allocator<int>, std::basic_string<char, std::char_traits<char>, std::allocator<char> >)" },
  { "_Z1fIiEvPN1AIT_E1BE", "void f<int>(A<int>::B*)" },
  { "_Z1fILZ1gvEEvv", "void f<g()>()" },
  { "_Z7digit_3ILj9ELj1248ELi12E13packer_cantorLj2048ELj640EEvP4equiIXT_EXT0_EE",
    "void digit_3<9u, 1248u, 12, packer_cantor, 2048u, 640u>(equi<9u, 1248u>*)" },
  { "_ZN3cub18DeviceReduceKernelINS_18DeviceReducePolicyIiiN6thrust4plusIiEEE9Policy600EPiS7_iS5_EEvT0_T1_T2_NS_13GridEvenShareIS9_EET3_",
    "void cub::DeviceReduceKernel<cub::DeviceReducePolicy<int, int, thrust::plus<int> >::Policy600, int*, int*, int, "
    "cub::DeviceReducePolicy<int, int, thrust::plus<int> > >(int*, int*, int, cub::GridEvenShare<int*>, "
    "cub::DeviceReducePolicy<int, int, thrust::plus<int> >)" },
  { "_ZN7cutlass6KernelINS_4gemm6kernel4GemmINS1_11threadblock12MmaPipelinedINS1_9GemmShapeILi128ELi128ELi8EEEEELb0EEEEEvNT_6ParamsE",
    "void cutlass::Kernel<cutlass::gemm::kernel::Gemm<cutlass::gemm::threadblock::MmaPipelined<cutlass::gemm::GemmShape<128, 128, 8> >, false> >"
    "(cutlass::gemm::kernel::Gemm<cutlass::gemm::threadblock::MmaPipelined<cutlass::gemm::GemmShape<128, 128, 8> >, false>::Params)" },
  { "_ZZ4mainENKUliE_clEi", "main::{lambda(int)#1}::operator()(int) const" },
  { "_Z1fA2_A3_i", "f(int [2][3])" },
  { "_Z1fPA2_A3_i", "f(int (*) [2][3])" },
  { "_Z3addIfLi4EEvPKT_S2_PS0_", "void add<float, 4>(float const*, float const*, float*)" },
  { "_ZN42_INTERNAL_3426c76c_11_constant_cu_5ec199af9atomicAddEPii",
    "_INTERNAL_3426c76c_11_constant_cu_5ec199af::atomicAdd(int*, int)" },
  { "_Z1fRA10_KcPFPFvvEiE", "f(char const (&) [10], void (*(*)(int))())" },
  { "_Z1fIXadL_Z1gvEEEvv", "void f<&(g())>()" },
  /* cuBLASLt 11.8's (issue 29): an enable_if return with an expression,
   * T11_, back references; once left mangled. */
  { "_ZN8internal5gemvx6kernelIllafffLb0ELb0ELb1ELb0ELi9ELb0E16cublasGemvParamsI30cublasGemvTensorStridedBatchedIKaES3_IKfES3_IfEfEEENSt9enable_ifIXntT5_EvE4typeET11_",
    "std::enable_if<!(false), void>::type internal::gemvx::kernel<long, long, signed char, float, float, float, "
    "false, false, true, false, 9, false, cublasGemvParams<cublasGemvTensorStridedBatched<signed char const>, "
    "cublasGemvTensorStridedBatched<float const>, cublasGemvTensorStridedBatched<float>, float> >"
    "(cublasGemvParams<cublasGemvTensorStridedBatched<signed char const>, cublasGemvTensorStridedBatched<float const>, "
    "cublasGemvTensorStridedBatched<float>, float>)" },
  /* Not demangled: not C++, malformed. */
  { "plain_c_kernel", NULL },
  { "_Z", NULL },
  { "_Z1fPN2ns1AES1_S2_", NULL },
  { "_ZN5cuocc4test5scaleIdLi1024EEEvPT_PKS2_S9_", NULL },
  { "_Z99999999999999999999f", NULL },
};

static void
test_demangle (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (demangle_cases); i++)
    {
      g_autofree char *got = cuocc_demangle (demangle_cases[i].mangled);

      g_test_message ("%s", demangle_cases[i].mangled);
      g_assert_cmpstr (got, ==, demangle_cases[i].demangled);
    }
}

/* NAME repeated: PREFIX, OPEN COUNT times, MIDDLE, CLOSE COUNT times, SUFFIX. */
static char *
nested_name (const char *prefix, const char *open, const char *middle, const char *close,
             const char *suffix, guint count)
{
  GString *s = g_string_new (prefix);

  for (guint i = 0; i < count; i++)
    g_string_append (s, open);
  g_string_append (s, middle);
  for (guint i = 0; i < count; i++)
    g_string_append (s, close);
  g_string_append (s, suffix);
  return g_string_free (s, FALSE);
}

/* Names of at most 4,096 bytes nested as deep as that allows, each kind
 * the demangler recurses on: cuocc_demangle must not crash on a thread with
 * a 2 MiB stack (a quarter of a thread's default), whatever it answers. */
static gpointer
demangle_deep_thread (gpointer data)
{
  char **names = data;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *got = NULL;

      g_assert_cmpuint (strlen (names[i]), <=, 4096);
      g_assert_cmpuint (strlen (names[i]), >, 4000);
      got = cuocc_demangle (names[i]);
      g_assert_true (got == NULL || g_utf8_validate (got, -1, NULL));
    }
  return GINT_TO_POINTER (1);
}

static void
test_demangle_deep (void)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) wide = g_string_new ("_Z1fI1A");
  g_autoptr (GString) long_name = g_string_new ("_Z1fi");
  g_autofree char *pointers = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  pthread_attr_t attr;
  pthread_t thread;
  gpointer ok = NULL;

  /* Pointers, templates, function types, arrays, qualifiers, member
   * pointers, expressions, nested names, pack expansions. */
  g_ptr_array_add (names, nested_name ("_Z1f", "P", "i", "", "", 4090));
  g_ptr_array_add (names, nested_name ("_Z1fI", "1AI", "i", "E", "Ev", 1021));
  g_ptr_array_add (names, nested_name ("_Z1f", "PF", "v", "E", "", 1363));
  g_ptr_array_add (names, nested_name ("_Z1f", "A1_", "i", "", "", 1363));
  g_ptr_array_add (names, nested_name ("_Z1f", "RKPVPKA1_", "i", "", "", 454));
  g_ptr_array_add (names, nested_name ("_Z1f", "FPM1AF", "v", "EE", "", 510));
  g_ptr_array_add (names, nested_name ("_Z1fIX", "pl", "Li1E", "Li1E", "EEvv", 680));
  g_ptr_array_add (names, nested_name ("_Z1fIX", "ntng", "Li1E", "", "EEvv", 1020));
  g_ptr_array_add (names, nested_name ("_Z1f", "N1AIN1BIN1CI", "i", "EEEEEE", "", 227));
  g_ptr_array_add (names, nested_name ("_Z1f", "DpDp", "T_", "", "", 1022));
  g_ptr_array_add (names, NULL);
  g_assert_cmpint (pthread_attr_init (&attr), ==, 0);
  g_assert_cmpint (pthread_attr_setstacksize (&attr, 2 * 1024 * 1024), ==, 0);
  g_assert_cmpint (pthread_create (&thread, &attr, demangle_deep_thread, names->pdata), ==, 0);
  g_assert_cmpint (pthread_join (thread, &ok), ==, 0);
  g_assert_nonnull (ok);
  pthread_attr_destroy (&attr);

  /* 200 levels of pointers read as c++filt reads them: f(int***…). */
  pointers = nested_name ("_Z1f", "P", "i", "", "", 200);
  expected = nested_name ("f(int", "*", ")", "", "", 200);
  got = cuocc_demangle (pointers);
  g_assert_cmpstr (got, ==, expected);
  g_clear_pointer (&got, g_free);

  /* Back references that double the text at each step (B<B<A, A>, B<A, A>>…):
   * 40 steps would print 2^40 As; the text stops at 64 KiB, and the time with it. */
  for (int i = 0; i < 40; i++)
    {
      /* S_ is A, S0_ is B, S1_ is B<A, A>, S2_ the next: seq-ids in base 36. */
      const char *digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
      int seq = i + 1;

      if (i == 0)
        g_string_append (wide, "1BIS_S_E");
      else
        g_string_append_printf (wide, "IS%c%c_S%c%c_E",
                                seq - 2 >= 36 ? digits[(seq - 2) / 36] : 0, digits[(seq - 2) % 36],
                                seq - 2 >= 36 ? digits[(seq - 2) / 36] : 0, digits[(seq - 2) % 36]);
    }
  g_string_append (wide, "EvT_");
  g_assert_null (cuocc_demangle (wide->str));

  /* Past 4,096 bytes a name is not demangled. */
  for (int i = 0; i < 1100; i++)
    g_string_append (long_name, "iiii");
  g_assert_null (cuocc_demangle (long_name->str));
}

/* Every name of tests/import/data/demangle/cutlass-names.txt.gz (kernels
 * shaped like CUTLASS, xmma and cuBLAS's, compiled by nvcc; 160 to 1,971
 * bytes) reads as `c++filt --no-recurse-limit` reads it. */
static void
test_demangle_cplusfilt (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "demangle", "cutlass-names.txt.gz", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) raw = g_file_read (file, NULL, NULL);
  g_autoptr (GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GMemoryOutputStream) out = G_MEMORY_OUTPUT_STREAM (g_memory_output_stream_new_resizable ());
  g_autoptr (GError) error = NULL;
  g_autofree char *cplusfilt = g_find_program_in_path ("c++filt");
  g_autofree char *input = NULL;
  g_autofree char *reference = NULL;
  g_auto (GStrv) names = NULL;
  g_auto (GStrv) expected = NULL;
  const char *argv[] = { NULL, "--no-recurse-limit", NULL };
  g_autoptr (GSubprocess) proc = NULL;
  guint past_limit = 0, longest = 0, past_old = 0;

  g_assert_nonnull (raw);
  in = g_converter_input_stream_new (G_INPUT_STREAM (raw), G_CONVERTER (gunzip));
  g_assert_cmpint (g_output_stream_splice (G_OUTPUT_STREAM (out), in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error), >, 0);
  g_assert_no_error (error);
  input = g_strndup (g_memory_output_stream_get_data (out), g_memory_output_stream_get_data_size (out));
  names = g_strsplit (input, "\n", -1);
  /* The file ends with a newline: the last piece is empty. */
  g_assert_cmpuint (g_strv_length (names), ==, 161);

  if (cplusfilt == NULL)
    {
      g_test_skip ("no c++filt (binutils) to compare with");
      return;
    }
  argv[0] = cplusfilt;
  proc = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (proc, input, NULL, &reference, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (proc));
  expected = g_strsplit (reference, "\n", -1);
  g_assert_cmpuint (g_strv_length (expected), ==, 161);

  for (guint i = 0; i < 160; i++)
    {
      g_autofree char *got = cuocc_demangle (names[i]);

      g_test_message ("%s", names[i]);
      /* c++filt prints a name it cannot read as it is. */
      g_assert_cmpstr (expected[i], !=, names[i]);
      g_assert_cmpstr (got, ==, expected[i]);
      longest = MAX (longest, strlen (names[i]));
      /* Plain c++filt (libiberty's recursion limit) refuses names past 1,024 bytes. */
      past_limit += strlen (names[i]) > 1024;
      /* Shapes the earlier demangler lacked: an expression as a template
       * argument (enable_if), template parameters and back references past 9. */
      past_old += strstr (names[i], "enable_ifIX") != NULL || strstr (names[i], "T10_") != NULL;
    }
  g_assert_cmpuint (longest, >=, 1900);
  g_assert_cmpuint (past_limit, >=, 40);
  g_assert_cmpuint (past_old, >=, 40);
}

static void
expect_parse_error (const char *data, gsize len)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse (data, len, &error);

  g_assert_null (list);
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "ptxas -v"));
}

static void
test_bad_input (void)
{
  static const char binary[] = "\x7f" "ELF\x02\x01\x01\0\0\0ptxas info : Used 4 registers\0\xff\xfe\n\n";
  static const char *const garbage[] = {
    "",
    "\n\n\n",
    "hello world\n",
    "ptxas info    : Used 12 registers, 40+16 bytes smem\n", /* figures without a kernel */
    "ptxas info    : Compiling entry function '_Z1kv' for 'sm_90'\n", /* a kernel without figures */
    "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Value\"\n\"0\",\"k\",\"Duration\",\"5\"\n",
    "REG:12 STACK:0 SHARED:0\n",
    " Function k:\n\n  REG:12\n",
    "\"unterminated,\"quote\n",
  };

  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (garbage); i++)
    expect_parse_error (garbage[i], strlen (garbage[i]));

  /* ELF content goes to the binary readers, never to the line readers. */
  list = cuocc_import_parse (binary, sizeof binary - 1, &error);
  g_assert_null (list);
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "ELF"));
}

static void
test_truncated (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "ptxas-sm90.log", NULL);
  g_autofree char *contents = NULL;
  gsize len;
  const char *cut;
  g_autoptr (CuoccKernelList) list = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  /* Cut inside the sixth kernel's figures: five kernels are whole. */
  cut = strstr (contents, "Used 8 registers, used 0 barriers\nptxas info    : Compile time = 4.907");
  g_assert_nonnull (cut);
  cut = strstr (cut, "'_Z5heavyPKfPf'");
  g_assert_nonnull (cut);
  list = cuocc_import_parse (contents, (gsize) (cut - contents), NULL);
  g_assert_nonnull (list);
  g_assert_cmpuint (list->n_kernels, ==, 6);
  g_assert_cmpstr (list->kernels[5].mangled, ==, "_Z10with_stackPii");
}

static void
test_long_lines (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (CuoccKernelList) list = NULL;

  /* A line past the limit is skipped, however it is cut; the next one is read. */
  g_string_append (text, "ptxas info    : Compiling entry function '_Z1av' for 'sm_80'\n");
  g_string_append (text, "ptxas info    : Used 9 registers, ");
  for (gsize i = 0; i < CUOCC_IMPORT_MAX_LINE; i++)
    g_string_append_c (text, 'x');
  g_string_append (text, "\nptxas info    : Compiling entry function '_Z1bv' for 'sm_80'\n");
  g_string_append (text, "ptxas info    : Used 17 registers, ");
  for (int i = 0; i < 5000; i++)
    g_string_append (text, "0 bytes lmem, ");
  g_string_append (text, "100 bytes smem\n");

  list = cuocc_import_parse (text->str, text->len, NULL);
  g_assert_nonnull (list);
  g_assert_cmpuint (list->n_kernels, ==, 1);
  g_assert_cmpuint (list->n_skipped_lines, ==, 1);
  g_assert_cmpstr (list->kernels[0].name, ==, "b()");
  g_assert_cmpint (list->kernels[0].regs, ==, 17);
  g_assert_cmpint (list->kernels[0].smem, ==, 100);
}

static void
test_pieces (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "ncu-details-sm86.csv", NULL);
  g_autofree char *contents = NULL;
  gsize len;
  g_autoptr (CuoccKernelList) whole = NULL;
  g_autoptr (CuoccKernelList) pieces = NULL;
  CuoccImportParser *parser = cuocc_import_parser_new ();

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  whole = cuocc_import_parse (contents, len, NULL);
  for (gsize i = 0; i < len; i++)
    cuocc_import_parser_feed (parser, contents + i, 1);
  pieces = cuocc_import_parser_finish (parser, NULL);
  g_assert_nonnull (whole);
  g_assert_nonnull (pieces);
  g_assert_cmpuint (whole->n_kernels, ==, pieces->n_kernels);
  for (guint i = 0; i < whole->n_kernels; i++)
    {
      g_assert_cmpstr (whole->kernels[i].name, ==, pieces->kernels[i].name);
      g_assert_cmpint (whole->kernels[i].regs, ==, pieces->kernels[i].regs);
      g_assert_cmpfloat (whole->kernels[i].theoretical_occupancy, ==, pieces->kernels[i].theoretical_occupancy);
    }
}

/* A 100 MB build log: the reader keeps the first CUOCC_IMPORT_MAX_KERNELS kernels. */
static void
test_huge (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "resource-usage-multi.log", NULL);
  g_autofree char *contents = NULL;
  gsize len;
  gsize total = 0;
  CuoccImportParser *parser = cuocc_import_parser_new ();
  g_autoptr (CuoccKernelList) list = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  while (total < 100 * 1000 * 1000)
    {
      cuocc_import_parser_feed (parser, contents, len);
      total += len;
    }
  list = cuocc_import_parser_finish (parser, NULL);
  g_assert_nonnull (list);
  g_assert_true (list->truncated);
  g_assert_cmpuint (list->n_kernels, ==, CUOCC_IMPORT_MAX_KERNELS);
  g_assert_cmpstr (list->kernels[CUOCC_IMPORT_MAX_KERNELS - 1].arch, !=, NULL);
}

/* CUDA 12.8 and 12.9 wrote Jetson Thor's code as sm_101; CUDA 13 calls it
 * sm_110, compute capability 11.0, and has no 10.1. Logs of either name
 * read as 11.0; the arch column keeps what the tool wrote. */
static void
test_sm_101 (void)
{
  static const char log[] =
    "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_101a'\n"
    "ptxas info    : Function properties for _Z1kPf\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 12 registers, used 0 barriers, 360 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_110'\n"
    "ptxas info    : Function properties for _Z1kPf\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 12 registers, used 0 barriers, 360 bytes cmem[0]\n";
  g_autoptr (GString) dump = g_string_new ("Fatbin elf code:\n================\narch = sm_101\n");
  g_autoptr (CuoccKernelList) list = cuocc_import_parse (log, sizeof log - 1, NULL);
  g_autoptr (CuoccKernelList) dumped = NULL;

  g_assert_nonnull (list);
  g_assert_cmpuint (list->n_kernels, ==, 2);
  g_assert_cmpstr (list->kernels[0].arch, ==, "sm_101a");
  g_assert_cmpstr (list->kernels[1].arch, ==, "sm_110");
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (list->kernels[i].cc_major, ==, 11);
      g_assert_cmpint (list->kernels[i].cc_minor, ==, 0);
    }

  g_string_append (dump, "code version = [1,8]\nhost = linux\ncompile_size = 64bit\n\n"
                   "Resource usage:\n Common:\n  GLOBAL:0\n Function _Z1kPf:\n"
                   "  REG:12 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:360 TEXTURE:0 SURFACE:0 SAMPLER:0\n");
  dumped = cuocc_import_parse (dump->str, dump->len, NULL);
  g_assert_nonnull (dumped);
  g_assert_cmpuint (dumped->n_kernels, ==, 1);
  g_assert_cmpstr (dumped->kernels[0].arch, ==, "sm_101");
  g_assert_cmpint (dumped->kernels[0].cc_major, ==, 11);
  g_assert_cmpint (dumped->kernels[0].cc_minor, ==, 0);
}

/* Figures past any real one are dropped, not wrapped around. */
static void
test_overflow (void)
{
  static const char ncu[] =
    "\"ID\",\"Kernel Name\",\"CC\",\"Block Size\",\"Metric Name\",\"Metric Value\"\n"
    "\"0\",\"k\",\"99999999999999.5\",\"(555555555555555, 5555555, 1)\",\"Registers Per Thread\",\"8\"\n"
    "\"0\",\"k\",\"9.0\",\"(1, 1, 1)\",\"device__attribute_compute_capability_major\",\"1e300\"\n";
  g_autoptr (GString) text = g_string_new ("ptxas info    : Compiling entry function '_Z1kv' for 'sm_90'\n"
                                           "ptxas info    : Used 8 registers, ");
  g_autoptr (CuoccKernelList) list = NULL;
  g_autoptr (CuoccKernelList) ncu_list = NULL;

  for (int i = 0; i < 20000; i++)
    g_string_append (text, "999999999999999+");
  g_string_append (text, "1 bytes smem\n");
  list = cuocc_import_parse (text->str, text->len, NULL);
  g_assert_nonnull (list);
  g_assert_cmpint (list->kernels[0].regs, ==, 8);
  g_assert_cmpint (list->kernels[0].smem, ==, 0);

  ncu_list = cuocc_import_parse (ncu, sizeof ncu - 1, NULL);
  g_assert_nonnull (ncu_list);
  g_assert_cmpuint (ncu_list->n_kernels, ==, 1);
  g_assert_null (ncu_list->kernels[0].arch);
  g_assert_cmpint (ncu_list->kernels[0].block_size, ==, CUOCC_IMPORT_UNKNOWN);
  g_assert_cmpint (ncu_list->kernels[0].regs, ==, 8);
}

static void
test_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse_file ("/nonexistent/build.log", &error);

  g_assert_null (list);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "import", "data", name, NULL);
}

/* What the app's Open asks before reading a whole file: the format from the
 * first CUOCC_IMPORT_DETECT_BYTES, the same the import then reads. The
 * fixtures are the real tools' output (tests/import/data/README). */
static void
test_detect (void)
{
  static const struct {
    const char *file;
    CuoccImportFormat format;
  } cases[] = {
    { "ptxas-sm90.log", CUOCC_IMPORT_FORMAT_PTXAS },
    { "ptxas-cuda2.log", CUOCC_IMPORT_FORMAT_PTXAS },
    { "cuobjdump-multi.txt", CUOCC_IMPORT_FORMAT_CUOBJDUMP },
    { "ncu-details-sm86.csv", CUOCC_IMPORT_FORMAT_NCU_CSV },
    { "ncu-raw-sm90.csv", CUOCC_IMPORT_FORMAT_NCU_RAW },
    { "binary/kernels-sm_90a.cubin", CUOCC_IMPORT_FORMAT_CUBIN },
    { "binary/kernels-default.fatbin", CUOCC_IMPORT_FORMAT_FATBIN },
    { "binary/kernels.o", CUOCC_IMPORT_FORMAT_FATBIN },
    { "binary/libkernels.so", CUOCC_IMPORT_FORMAT_FATBIN },
    { "binary/libkernels.a", CUOCC_IMPORT_FORMAT_FATBIN },
    { "binary/kernels-exe", CUOCC_IMPORT_FORMAT_FATBIN },
    /* The CUDA source is no format the import reads. */
    { "kernels.cu", CUOCC_IMPORT_FORMAT_UNKNOWN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fixture (cases[i].file);
      g_autofree char *contents = NULL;
      gsize len;

      g_test_message ("%s", cases[i].file);
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      g_assert_cmpstr (cuocc_import_format_name (cuocc_import_detect (contents, MIN (len, CUOCC_IMPORT_DETECT_BYTES))),
                       ==, cuocc_import_format_name (cases[i].format));
    }

  /* A line cut off at the end of the bytes given is not read: the ptxas
   * entry's header is only whole with its quote. */
  {
    const char *cut = "ptxas info    : Compiling entry function '_Z5heavyPf' for 'sm_80'";

    g_assert_cmpint (cuocc_import_detect (cut, strlen (cut)), ==, CUOCC_IMPORT_FORMAT_UNKNOWN);
    g_assert_cmpint (cuocc_import_detect ("", 0), ==, CUOCC_IMPORT_FORMAT_UNKNOWN);
    g_assert_cmpint (cuocc_import_detect ("[Kernel]\ngpu=NVIDIA H100 SXM5\nthreads=256\n", 43), ==,
                     CUOCC_IMPORT_FORMAT_UNKNOWN);
    g_assert_cmpint (cuocc_import_detect ("{\"name\": \"add_kernel\"}", 24), ==, CUOCC_IMPORT_FORMAT_TRITON);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (file_cases); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/cuocc/import/file/%s", file_cases[i].file);

      g_test_add_data_func (test_path, &file_cases[i], test_file);
    }
  for (guint i = 0; i < G_N_ELEMENTS (kernel_cases); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/cuocc/import/kernel/%s/%u",
                                                    kernel_cases[i].file, kernel_cases[i].index);

      g_test_add_data_func (test_path, &kernel_cases[i], test_kernel);
    }
  g_test_add_func ("/cuocc/import/ncu/launch", test_ncu_launch);
  g_test_add_func ("/cuocc/import/detect", test_detect);
  g_test_add_func ("/cuocc/import/arch/sm-101", test_sm_101);
  g_test_add_func ("/cuocc/import/ncu/raw-units", test_ncu_raw_units);
  g_test_add_func ("/cuocc/import/demangle/cases", test_demangle);
  g_test_add_func ("/cuocc/import/demangle/deep", test_demangle_deep);
  g_test_add_func ("/cuocc/import/demangle/cplusfilt", test_demangle_cplusfilt);
  g_test_add_func ("/cuocc/import/bad/garbage", test_bad_input);
  g_test_add_func ("/cuocc/import/bad/truncated", test_truncated);
  g_test_add_func ("/cuocc/import/bad/long-lines", test_long_lines);
  g_test_add_func ("/cuocc/import/bad/huge", test_huge);
  g_test_add_func ("/cuocc/import/bad/overflow", test_overflow);
  g_test_add_func ("/cuocc/import/bad/missing-file", test_missing_file);
  g_test_add_func ("/cuocc/import/pieces", test_pieces);

  return g_test_run ();
}
