/* test-clusters.c — thread block clusters on the whole GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The max active clusters of the products the GH100 table covers are
 * checked against the measured file itself (tests/data, a copy of the
 * reference), not against the library's copy of it; everything else is
 * worked out by hand in the comments.
 */
#include <stdio.h>
#include <string.h>

#include <cuocc.h>

/* measured[b - 1][size - 1], read from the data file. */
static int measured[CUOCC_CLUSTER_TABLE_BLOCKS][CUOCC_MAX_CLUSTER_SIZE];

static void
load_measured_table (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "clusters-gh100-132sm.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      int b, size, clusters;

      if (lines[i][0] == '#' || sscanf (lines[i], "%d,%d,%d", &b, &size, &clusters) != 3)
        continue;
      g_assert_cmpint (b, >=, 1);
      g_assert_cmpint (b, <=, CUOCC_CLUSTER_TABLE_BLOCKS);
      g_assert_cmpint (size, >=, 1);
      g_assert_cmpint (size, <=, CUOCC_MAX_CLUSTER_SIZE);
      measured[b - 1][size - 1] = clusters;
      n++;
    }
  g_assert_cmpuint (n, ==, 128);
}

/* A trivial kernel held to `blocks` per SM by its shared memory alone. */
static void
pinned_input (const CuoccGpu *gpu,
              int             blocks,
              CuoccInput     *in)
{
  const CuoccCapability *cap = &gpu->cap;
  CuoccResult r;

  cuocc_input_init (in);
  in->threads = 128;
  in->regs = 0;
  in->smem = cap->smem_per_sm / blocks / 128 * 128 - 1024;
  in->smem = MIN (in->smem, cap->smem_per_block_optin);
  g_assert_true (cuocc_calculate (gpu, in, &r, NULL));
  g_assert_cmpint (r.active_blocks, ==, blocks);
}

static void
clusters_for (const CuoccGpu *gpu,
              CuoccInput     *in,
              int             size,
              CuoccResult    *r,
              CuoccClusters  *c)
{
  g_autoptr(GError) error = NULL;

  in->cluster_size = size;
  g_assert_true (cuocc_calculate (gpu, in, r, &error));
  g_assert_no_error (error);
  g_assert_true (cuocc_clusters (gpu, in, r, c, &error));
  g_assert_no_error (error);
}

static void
test_measured_products (void)
{
  static const char *const covered[] = { "NVIDIA H100 SXM5", "NVIDIA H100 NVL", "NVIDIA H200", "NVIDIA GH200" };

  for (guint p = 0; p < G_N_ELEMENTS (covered); p++)
    {
      CuoccGpu gpu;

      g_assert_true (cuocc_gpu_find (covered[p], &gpu, NULL));
      g_assert_nonnull (cuocc_cluster_table_for_gpu (&gpu));
      for (int b = 1; b <= CUOCC_CLUSTER_TABLE_BLOCKS; b++)
        for (int size = 1; size <= CUOCC_MAX_CLUSTER_SIZE; size++)
          {
            CuoccInput in;
            CuoccResult r;
            CuoccClusters c;

            pinned_input (&gpu, b, &in);
            clusters_for (&gpu, &in, size, &r, &c);
            g_assert_cmpint (c.basis, ==, CUOCC_CLUSTERS_MEASURED);
            g_assert_cmpint (c.blocks_per_sm, ==, b);
            g_assert_cmpint (c.max_active_clusters, ==, measured[b - 1][size - 1]);
            g_assert_cmpint (c.blocks_lost, ==, 132 * b - measured[b - 1][size - 1] * size);
          }
    }
}

/* 128 threads × 32 registers hold 16 blocks per SM without clusters (64
 * warps / 4); a cluster launch holds 8, the table's last row. */
static void
test_capped_at_eight (void)
{
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  CuoccClusters c;

  g_assert_true (cuocc_gpu_find ("H100 SXM5", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  in.regs = 32;
  clusters_for (&gpu, &in, 4, &r, &c);
  g_assert_cmpint (r.active_blocks, ==, 16);
  g_assert_cmpint (c.blocks_per_sm, ==, 8);
  g_assert_cmpint (c.blocks_lost_per_sm, ==, 8);
  g_assert_false (c.cap_assumed);
  /* Row 8, size 4 of the table: 248 clusters = 992 blocks of 132 × 16 =
   * 2112: 1120 lost, 53.03 %. */
  g_assert_cmpint (c.max_active_clusters, ==, measured[7][3]);
  g_assert_cmpint (c.max_active_clusters, ==, 248);
  g_assert_cmpint (c.blocks_lost, ==, 1120);
  g_assert_cmpfloat_with_epsilon (c.blocks_lost_fraction, 1120.0 / 2112.0, 1e-12);
}

/* No table: ⌊SMs × blocks per SM ÷ cluster size⌋, labelled as a bound. */
static void
test_upper_bound (void)
{
  static const struct {
    const char *gpu;
    int threads, size;
    gint64 clusters, lost;
  } cases[] = {
    /* H100 PCIe, 114 SMs: 16 blocks → 8 under clusters; 114 × 8 / 4 = 228
     * clusters = 912 blocks of 1824. */
    { "H100 PCIe", 128, 4, 228, 912 },
    /* 114 × 8 / 3 = 304 (304.0): 912 blocks of 1824 again. */
    { "H100 PCIe", 128, 3, 304, 912 },
    /* B200, 148 SMs, clusters of 1: 148 × 8 = 1184, the published figure;
     * the 2368 blocks without clusters lose half. */
    { "B200", 128, 1, 1184, 1184 },
    /* 512 threads = 16 warps: 4 blocks per SM, under the cap. 148 × 4 / 16
     * = 37 clusters = 592 blocks, none lost by the bound. */
    { "B200", 512, 16, 37, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CuoccGpu gpu;
      CuoccInput in;
      CuoccResult r;
      CuoccClusters c;

      g_assert_true (cuocc_gpu_find (cases[i].gpu, &gpu, NULL));
      g_assert_null (cuocc_cluster_table_for_gpu (&gpu));
      cuocc_input_init (&in);
      in.threads = cases[i].threads;
      in.regs = 32;
      clusters_for (&gpu, &in, cases[i].size, &r, &c);
      g_assert_cmpint (c.basis, ==, CUOCC_CLUSTERS_UPPER_BOUND);
      g_assert_cmpstr (cuocc_clusters_basis_name (c.basis), ==, "upper-bound");
      g_assert_cmpint (c.max_active_clusters, ==, cases[i].clusters);
      g_assert_cmpint (c.blocks_lost, ==, cases[i].lost);
    }
}

/* A bare compute capability has no SM count: per-SM figures only. */
static void
test_per_sm_only (void)
{
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  CuoccClusters c;

  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 64;                 /* 2 warps: 32 blocks by warps, 32 by the block limit */
  in.regs = 0;
  clusters_for (&gpu, &in, 2, &r, &c);
  g_assert_cmpint (r.active_blocks, ==, 32);
  g_assert_cmpint (c.basis, ==, CUOCC_CLUSTERS_PER_SM);
  g_assert_cmpint (c.max_active_clusters, ==, -1);
  g_assert_cmpint (c.blocks_lost, ==, -1);
  g_assert_cmpint (c.blocks_per_sm, ==, 8);
  g_assert_cmpint (c.blocks_lost_per_sm, ==, 24);
  g_assert_cmpfloat_with_epsilon (c.blocks_lost_fraction, 0.75, 1e-12);
}

/* A custom device inherits the cluster limits of its base, but the cap is
 * an assumption there, and with no table its clusters are only bounded:
 * 200 SMs × 8 / 2 = 800. */
static void
test_custom_device (void)
{
  static const char data[] = "[Device]\nname=Future GPU\ncompute-capability=9.0\nsm-count=200\n";
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  CuoccClusters c;

  g_assert_true (cuocc_gpu_load_data (data, sizeof data - 1, &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  clusters_for (&gpu, &in, 2, &r, &c);
  g_assert_true (c.cap_assumed);
  g_assert_cmpint (c.basis, ==, CUOCC_CLUSTERS_UPPER_BOUND);
  g_assert_cmpint (c.max_active_clusters, ==, 800);
}

/* The driver's answers come first, where it gave them. */
static void
test_driver_basis (void)
{
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  CuoccClusters c;

  g_assert_true (cuocc_gpu_find ("H100 PCIe", &gpu, NULL));
  gpu.driver_clusters[7][1] = 420;
  cuocc_input_init (&in);
  in.threads = 128;
  clusters_for (&gpu, &in, 2, &r, &c);
  g_assert_cmpint (c.basis, ==, CUOCC_CLUSTERS_DRIVER);
  g_assert_cmpint (c.max_active_clusters, ==, 420);
  /* Size 3 was not asked: the bound, 114 × 8 / 3 = 304. */
  clusters_for (&gpu, &in, 3, &r, &c);
  g_assert_cmpint (c.basis, ==, CUOCC_CLUSTERS_UPPER_BOUND);
  g_assert_cmpint (c.max_active_clusters, ==, 304);
}

static void
test_sizes_refused (void)
{
  static const struct {
    const char *cc;
    int size;
    gboolean valid;
    gboolean assumed;
  } cases[] = {
    { "8.0", 1, FALSE, FALSE }, { "8.9", 2, FALSE, FALSE }, { "7.5", 8, FALSE, FALSE },
    { "9.0", 8, TRUE, FALSE }, { "9.0", 16, TRUE, FALSE }, { "9.0", 17, FALSE, FALSE },
    { "10.0", 16, TRUE, FALSE }, { "10.3", 16, TRUE, TRUE },
    { "11.0", 8, TRUE, TRUE }, { "11.0", 9, FALSE, FALSE },
    { "12.0", 8, TRUE, TRUE }, { "12.0", 9, FALSE, FALSE }, { "12.1", 16, FALSE, FALSE },
    { "9.0", -1, FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      CuoccGpu gpu;
      CuoccInput in;
      CuoccResult r;
      CuoccClusters c;

      g_assert_true (cuocc_gpu_for_cc (cases[i].cc, &gpu, NULL));
      cuocc_input_init (&in);
      in.cluster_size = cases[i].size;
      g_assert_cmpint (cuocc_calculate (&gpu, &in, &r, &error), ==, cases[i].valid);
      if (!cases[i].valid)
        {
          g_assert_nonnull (error);
          g_assert_nonnull (strstr (error->message, gpu.cap.max_cluster_size == 0 ? "9.0" : "blocks"));
          continue;
        }
      g_assert_true (cuocc_clusters (&gpu, &in, &r, &c, NULL));
      g_assert_cmpint (c.cap_assumed, ==, cases[i].assumed);
    }
}

/* 128 threads, 32 registers on an H100 SXM5: 8 blocks per SM under a
 * cluster launch. Clusters of 8: 124 × 8 = 992 blocks. Smaller: 7 → 139 × 7
 * = 973, 6 → 978, 5 → 965, 4 → 992 (a tie is no gain), 3 → 981, 2 → 1056,
 * 1 → 1056 (the tie goes to 2, the nearer). Larger: 9 → 918 … 16 → 928,
 * none above 992. So one piece of advice: clusters of 2. */
static void
test_advice (void)
{
  g_autoptr(GPtrArray) advice = NULL;
  const CuoccAdvice *found = NULL;
  guint n_found = 0;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_find ("H100 SXM5", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  in.cluster_size = 8;
  advice = cuocc_advise (&gpu, &in, NULL, NULL);
  g_assert_nonnull (advice);
  for (guint i = 0; i < advice->len; i++)
    {
      const CuoccAdvice *a = g_ptr_array_index (advice, i);

      if (a->kind == CUOCC_ADVICE_CLUSTER_SIZE)
        {
          found = a;
          n_found++;
        }
    }
  g_assert_cmpuint (n_found, ==, 1);
  g_assert_cmpint (found->cluster_size, ==, 2);
  g_assert_cmpint (found->gpu_blocks, ==, 1056);
  g_assert_nonnull (strstr (found->text, "1056"));
  g_assert_nonnull (strstr (found->text, "992"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  load_measured_table ();

  g_test_add_func ("/cuocc/clusters/measured-products", test_measured_products);
  g_test_add_func ("/cuocc/clusters/capped-at-eight", test_capped_at_eight);
  g_test_add_func ("/cuocc/clusters/upper-bound", test_upper_bound);
  g_test_add_func ("/cuocc/clusters/per-sm-only", test_per_sm_only);
  g_test_add_func ("/cuocc/clusters/driver-basis", test_driver_basis);
  g_test_add_func ("/cuocc/clusters/custom-device", test_custom_device);
  g_test_add_func ("/cuocc/clusters/sizes-refused", test_sizes_refused);
  g_test_add_func ("/cuocc/clusters/advice", test_advice);

  return g_test_run ();
}
