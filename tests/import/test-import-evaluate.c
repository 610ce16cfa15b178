/* test-import-evaluate.c — one kernel worked out for a launch
 * (cuocc_import_evaluate ()): the one evaluation that `cuocc --import`, its
 * export and the app's kernels table share. Each figure by hand, on an
 * H100 (9.0: 64 warps, 32 blocks and 65,536 registers an SM, clusters of 1
 * to 16 blocks).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "cuocc.h"

static CuoccImportLaunch
h100_launch (int threads,
             int default_threads)
{
  CuoccImportLaunch launch = { 0 };

  launch.have_gpu = TRUE;
  g_assert_true (cuocc_gpu_resolve_id ("NVIDIA H100 SXM5", &launch.gpu, NULL));
  launch.threads = threads;
  launch.default_threads = default_threads;
  launch.dynamic_smem = -1;
  return launch;
}

static CuoccKernel
sm90_kernel (int regs)
{
  CuoccKernel k;

  memset (&k, 0, sizeof k);
  k.code = CUOCC_CODE_SASS;
  k.loaded = CUOCC_LOAD_YES;
  k.arch = (char *) "sm_90";
  k.cc_major = 9;
  k.regs = regs;
  k.smem = 0;
  k.barriers = 1;
  k.stack = 0;
  k.block_size = k.max_threads = k.min_blocks = k.max_regs = CUOCC_IMPORT_UNKNOWN;
  k.dynamic_smem = CUOCC_IMPORT_UNKNOWN;
  return k;
}

/* 64 registers at 256 threads: 16,384 a block, 4 blocks, 32 warps: 50 %.
 * Without the registers' limit the warps allow 8 blocks (64 / 8): 100 %,
 * so the registers cost 50 %. */
static void
test_worst_limiter (void)
{
  CuoccImportLaunch launch = h100_launch (0, 256);
  CuoccKernel k = sm90_kernel (64);
  CuoccImportEvaluation ev;

  cuocc_import_evaluate (&launch, &k, &ev);
  g_assert_true (ev.ok);
  g_assert_cmpint (ev.input.threads, ==, 256);
  g_assert_cmpint (ev.result.active_blocks, ==, 4);
  g_assert_cmpfloat_with_epsilon (ev.result.occupancy, 0.5, 1e-9);
  g_assert_cmpuint (ev.result.limiters, ==, CUOCC_LIMIT_REGISTERS);
  g_assert_cmpuint (ev.lost_to, ==, CUOCC_LIMIT_REGISTERS);
  g_assert_cmpfloat_with_epsilon (ev.lost, 0.5, 1e-9);
  cuocc_import_evaluation_clear (&ev);
}

/* __launch_bounds__ (128): the kernel runs at 128 threads where no block
 * size is asked for (8,192 registers a block, 8 blocks, 32 warps: 50 %);
 * a launch of 256 is refused, never worked out at 128 in its place. */
static void
test_launch_bounds (void)
{
  CuoccImportLaunch declared = h100_launch (0, 256);
  CuoccImportLaunch asked = h100_launch (256, 0);
  CuoccKernel k = sm90_kernel (64);
  CuoccImportEvaluation ev;

  k.max_threads = 128;
  cuocc_import_evaluate (&declared, &k, &ev);
  g_assert_true (ev.ok);
  g_assert_cmpint (ev.input.threads, ==, 128);
  g_assert_cmpint (ev.result.active_blocks, ==, 8);
  g_assert_cmpfloat_with_epsilon (ev.result.occupancy, 0.5, 1e-9);
  cuocc_import_evaluation_clear (&ev);

  cuocc_import_evaluate (&asked, &k, &ev);
  g_assert_false (ev.ok);
  g_assert_cmpint (ev.reason, ==, CUOCC_IMPORT_WHY_LAUNCH_BOUNDS);
  g_assert_nonnull (strstr (ev.why, "128"));
  cuocc_import_evaluation_clear (&ev);
}

/* __cluster_dims__: 2 blocks a cluster is worked out with its clusters; 32
 * (4 × 4 × 2) cannot launch on 9.0, whose clusters have 16 blocks at most. */
static void
test_cluster (void)
{
  CuoccImportLaunch launch = h100_launch (0, 256);
  CuoccKernel k = sm90_kernel (32);
  CuoccImportEvaluation ev;

  k.cluster_dims[0] = 2;
  k.cluster_dims[1] = k.cluster_dims[2] = 1;
  cuocc_import_evaluate (&launch, &k, &ev);
  g_assert_true (ev.ok);
  g_assert_true (ev.have_clusters);
  g_assert_cmpint (ev.clusters.cluster_size, ==, 2);
  cuocc_import_evaluation_clear (&ev);

  k.cluster_dims[0] = 4;
  k.cluster_dims[1] = 4;
  k.cluster_dims[2] = 2;
  cuocc_import_evaluate (&launch, &k, &ev);
  g_assert_false (ev.ok);
  g_assert_cmpint (ev.reason, ==, CUOCC_IMPORT_WHY_MODEL);
  g_assert_nonnull (strstr (ev.why, "32"));
  cuocc_import_evaluation_clear (&ev);
}

/* The dynamic shared memory a profile recorded (48 KiB) is the block's, unless
 * the launch gives its own (1 KiB). */
static void
test_dynamic_smem (void)
{
  CuoccImportLaunch launch = h100_launch (0, 256);
  CuoccKernel k = sm90_kernel (32);
  CuoccImportEvaluation ev;

  k.smem = 1024;
  k.dynamic_smem = 48 * 1024;
  cuocc_import_evaluate (&launch, &k, &ev);
  g_assert_true (ev.ok);
  g_assert_cmpint (ev.input.smem, ==, 49 * 1024);
  cuocc_import_evaluation_clear (&ev);

  launch.dynamic_smem = 1024;
  cuocc_import_evaluate (&launch, &k, &ev);
  g_assert_true (ev.ok);
  g_assert_cmpint (ev.input.smem, ==, 2048);
  cuocc_import_evaluation_clear (&ev);
}

/* Another entry loads: no figure, and without the map of what loads (the
 * app's table marks the entries itself) the reason says "?". */
static void
test_not_loaded_without_map (void)
{
  CuoccImportLaunch launch = h100_launch (0, 256);
  CuoccKernel k = sm90_kernel (32);
  CuoccImportEvaluation ev;

  k.loaded = CUOCC_LOAD_OTHER;
  cuocc_import_evaluate (&launch, &k, &ev);
  g_assert_false (ev.ok);
  g_assert_false (ev.failed);
  g_assert_cmpint (ev.reason, ==, CUOCC_IMPORT_WHY_NOT_LOADED);
  cuocc_import_evaluation_clear (&ev);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/import/evaluate/worst-limiter", test_worst_limiter);
  g_test_add_func ("/cuocc/import/evaluate/launch-bounds", test_launch_bounds);
  g_test_add_func ("/cuocc/import/evaluate/cluster", test_cluster);
  g_test_add_func ("/cuocc/import/evaluate/dynamic-smem", test_dynamic_smem);
  g_test_add_func ("/cuocc/import/evaluate/not-loaded-without-map", test_not_loaded_without_map);
  return g_test_run ();
}
