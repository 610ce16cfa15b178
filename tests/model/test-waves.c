/* test-waves.c — how a grid of blocks, or of clusters, runs on the whole GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cuocc.h>

/* H100 SXM5, 132 SMs; 128 threads × 37 registers on 9.0: 12 blocks per SM
 * (registers: 1280 per warp, 12 warps per quarter). A wave is 1584 blocks;
 * 4000 blocks are 2 full waves and 832 more: 3 waves, the last 52.5 % full,
 * 4000 / 4752 = 84.2 % of the slots busy. */
static void
test_waves (void)
{
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  CuoccWaves w;

  g_assert_true (cuocc_gpu_find ("H100 SXM5", &gpu, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gpu.sm_count, ==, 132);
  cuocc_input_init (&in);
  in.threads = 128;
  in.regs = 37;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, NULL));
  g_assert_cmpint (r.active_blocks, ==, 12);
  g_assert_true (cuocc_waves (&gpu, &r, 4000, &w, &error));
  g_assert_no_error (error);
  g_assert_cmpint (w.blocks_per_wave, ==, 1584);
  g_assert_cmpint (w.full_waves, ==, 2);
  g_assert_cmpint (w.tail_blocks, ==, 832);
  g_assert_cmpint (w.waves, ==, 3);
  g_assert_cmpfloat_with_epsilon (w.tail_fill, 832.0 / 1584.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (w.efficiency, 4000.0 / 4752.0, 1e-9);

  /* Exactly two waves: no tail. */
  g_assert_true (cuocc_waves (&gpu, &r, 3168, &w, NULL));
  g_assert_cmpint (w.waves, ==, 2);
  g_assert_cmpint (w.tail_blocks, ==, 0);
  g_assert_cmpfloat (w.efficiency, ==, 1.0);

  /* A bare compute capability has no SM count. */
  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  g_assert_false (cuocc_waves (&gpu, &r, 4000, &w, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
}

/* A grid of 1000 clusters of 4 with 248 at once: 4 full waves and 8 left. */
static void
test_cluster_waves (void)
{
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  CuoccClusters c;
  CuoccWaves w;

  g_assert_true (cuocc_gpu_find ("H100 SXM5", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  in.cluster_size = 4;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_no_error (error);
  g_assert_true (cuocc_clusters (&gpu, &in, &r, &c, &error));
  g_assert_no_error (error);
  g_assert_true (cuocc_cluster_waves (&gpu, &c, 1000, &w, NULL));
  g_assert_cmpint (w.blocks_per_wave, ==, 248);
  g_assert_cmpint (w.full_waves, ==, 4);
  g_assert_cmpint (w.tail_blocks, ==, 8);
  g_assert_cmpint (w.waves, ==, 5);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/waves/tail", test_waves);
  g_test_add_func ("/cuocc/waves/clusters", test_cluster_waves);

  return g_test_run ();
}
