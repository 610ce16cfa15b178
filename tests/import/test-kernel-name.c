/* test-kernel-name.c — a demangled kernel name shortened for a table's row
 * (src/lib/cuocc-kernel-name.c): the cases worked out by hand from the
 * names' brackets and qualifiers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cuocc.h"

/* Names without return type and parameters, the template arguments kept. */
static void
test_short_names (void)
{
  static const struct { const char *name; const char *expected;
  } cases[] = {
    { "void cuocc::test::scale<float, 256>(float*, float const*, float)", "cuocc::test::scale<float, 256>" },
    { "void splitKreduce_kernel<8, 32, int, float, float, float, float, false, "
      "true>(cublasSplitKParams<float>, "
      "int const*, float const*, float*, float const*, float const*, float const*)",
      "splitKreduce_kernel<8, 32, int, float, float, float, float, false, true>" },
    { "heavy(float const*, float*)", "heavy" },
    { "plain_c_kernel", "plain_c_kernel" },
    { "void (anonymous namespace)::k<(int)3>(int)", "(anonymous namespace)::k<(int)3>" },
    { "std::enable_if<true, void>::type f<int>(int)", "f<int>" },
    { "void cut<int, (", "void cut<int, (" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shortened = cuocc_kernel_short_name (cases[i].name);

      g_assert_cmpstr (shortened, ==, cases[i].expected);
    }
}

/* The kernel column drops the qualifiers a library's kernels share, in the
 * name and in its template arguments; a qualifier that is a template
 * instance stays. */
static void
test_unqualified (void)
{
  static const struct { const char *name; const char *expected;
  } cases[] = {
    { "cuocc::test::scale<float, 256>", "scale<float, 256>" },
    { "cutlass::Kernel<cutlass::gemm::kernel::Gemm<cutlass::gemm::GemmShape<64, 64, 32>, cutlass::half_t> >",
      "Kernel<Gemm<GemmShape<64, 64, 32>, half_t> >" },
    { "cub::CUB_200200_800_NS::DeviceReduceKernel<cub::CUB_200200_800_NS::AgentReducePolicy<128, 4, float, "
      "4, "
      "(cub::CUB_200200_800_NS::BlockReduceAlgorithm)2>, float*, cub::CUB_200200_800_NS::Sum>",
      "DeviceReduceKernel<AgentReducePolicy<128, 4, float, 4, (BlockReduceAlgorithm)2>, float*, Sum>" },
    { "cub::DeviceReducePolicy<float, int>::Policy600", "DeviceReducePolicy<float, int>::Policy600" },
    { "(anonymous namespace)::k<(int)3>", "k<(int)3>" },
    { "kernel<main::{lambda(int)#1}>", "kernel<{lambda(int)#1}>" },
    { "ns2::k<ns3::A<1>::B, 2>", "k<A<1>::B, 2>" },
    { "::global", "::global" },
    { "splitKreduce_kernel<8, 32, int, float, float, float, float, false, true>",
      "splitKreduce_kernel<8, 32, int, float, float, float, float, false, true>" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *unqualified = cuocc_kernel_unqualified (cases[i].name);

      g_assert_cmpstr (unqualified, ==, cases[i].expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/kernel-name/short", test_short_names);
  g_test_add_func ("/cuocc/kernel-name/unqualified", test_unqualified);

  return g_test_run ();
}
