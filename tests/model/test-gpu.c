/* test-gpu.c — the GPU database, lookup by name, and custom device files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <cuocc.h>

/* The compute capabilities the project promises, 1.0 to 12.1, and Rubin's 10.7. */
static const char *promised[] = {
  "1.0", "1.1", "1.2", "1.3", "2.0", "2.1", "3.0", "3.2", "3.5", "3.7", "5.0", "5.2", "5.3",
  "6.0", "6.1", "6.2", "7.0", "7.2", "7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "10.3",
  "10.7", "11.0", "12.0", "12.1",
};

static void
test_every_capability (void)
{
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);

  g_assert_cmpuint (n, ==, G_N_ELEMENTS (promised));
  for (guint i = 0; i < G_N_ELEMENTS (promised); i++)
    {
      g_autoptr(GError) error = NULL;
      CuoccGpu gpu;

      g_assert_true (cuocc_gpu_for_cc (promised[i], &gpu, &error));
      g_assert_no_error (error);
      g_assert_true (cuocc_capability_validate (&gpu.cap, &error));
      g_assert_no_error (error);
      g_assert_nonnull (gpu.cap.source);
      g_assert_cmpstr (gpu.cap.source, !=, "");
      g_assert_nonnull (gpu.cap.architecture);
    }

  /* Ascending, each configuration list largest first. */
  for (guint i = 1; i < n; i++)
    g_assert_true (caps[i].major * 10 + caps[i].minor > caps[i - 1].major * 10 + caps[i - 1].minor);
  for (guint i = 0; i < n; i++)
    for (int c = 1; c < caps[i].n_smem_configs; c++)
      g_assert_cmpint (caps[i].smem_configs[c], <, caps[i].smem_configs[c - 1]);
}

/* Figures checked against the Programming Guide's tables and deviceQuery,
 * independently of the table's own comments. */
typedef struct {
  const char *cc;
  int warps, blocks, regs_per_block, smem_per_sm, optin, reserved;
} Figures;

static void
test_known_figures (void)
{
  static const Figures figures[] = {
    { "1.0", 24, 8, 8192, 16384, 16384, 0 },
    { "2.0", 48, 8, 32768, 49152, 49152, 0 },
    { "3.2", 64, 16, 32768, 49152, 49152, 0 },   /* Jetson TK1: 32 K registers per block */
    { "3.7", 64, 16, 65536, 114688, 49152, 0 },
    { "5.3", 64, 32, 32768, 65536, 49152, 0 },
    { "6.2", 64, 32, 32768, 65536, 49152, 0 },   /* Jetson TX2: 32 K registers per block */
    { "7.0", 64, 32, 65536, 98304, 98304, 0 },
    { "7.5", 32, 16, 65536, 65536, 65536, 0 },
    { "8.0", 64, 32, 65536, 167936, 166912, 1024 },
    { "8.6", 48, 16, 65536, 102400, 101376, 1024 }, /* the sheet forgets the 1 KB here */
    { "8.7", 48, 16, 65536, 167936, 166912, 1024 },
    { "8.9", 48, 24, 65536, 102400, 101376, 1024 },
    { "9.0", 64, 32, 65536, 233472, 232448, 1024 },
    { "10.0", 64, 32, 65536, 233472, 232448, 1024 },
    { "10.3", 64, 32, 65536, 233472, 232448, 1024 },
    /* CUTLASS's 334848 bytes a block (327 KiB) and the 1 KB reservation. */
    { "10.7", 64, 32, 65536, 335872, 334848, 1024 },
    { "11.0", 48, 24, 65536, 233472, 232448, 1024 },
    { "12.0", 48, 24, 65536, 102400, 101376, 1024 },
    { "12.1", 48, 24, 65536, 102400, 101376, 1024 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      CuoccGpu gpu;

      g_assert_true (cuocc_gpu_for_cc (figures[i].cc, &gpu, NULL));
      g_assert_cmpint (gpu.cap.max_warps_per_sm, ==, figures[i].warps);
      g_assert_cmpint (gpu.cap.max_blocks_per_sm, ==, figures[i].blocks);
      g_assert_cmpint (gpu.cap.max_regs_per_block, ==, figures[i].regs_per_block);
      g_assert_cmpint (gpu.cap.smem_per_sm, ==, figures[i].smem_per_sm);
      g_assert_cmpint (gpu.cap.smem_per_block_optin, ==, figures[i].optin);
      g_assert_cmpint (gpu.cap.smem_reserved_per_block, ==, figures[i].reserved);
    }
}

static void
test_products (void)
{
  guint n;
  const CuoccProduct *products = cuocc_products (&n);

  g_assert_cmpuint (n, >=, 40);
  for (guint i = 0; i < n; i++)
    {
      g_assert_nonnull (cuocc_capability_lookup (products[i].major, products[i].minor));
      g_assert_cmpint (products[i].sm_count, >, 0);
      g_assert_nonnull (products[i].source);
      for (guint j = i + 1; j < n; j++)
        g_assert_cmpint (g_ascii_strcasecmp (products[i].name, products[j].name), !=, 0);
    }
}

typedef struct {
  const char *query;
  const char *name;        /* NULL: an error */
  int sm_count;
  int error_code;
  const char *in_message;
} FindCase;

/* The note names the products, and says what needs one of them. */
static void
test_find_note (void)
{
  g_autofree char *note = NULL;
  g_autofree char *none = NULL;
  CuoccGpu gpu;

  g_assert_true (cuocc_gpu_find_with_note ("V100", &gpu, &note, NULL));
  g_assert_cmpint (gpu.cap.major, ==, 7);
  g_assert_cmpint (gpu.cap.minor, ==, 0);
  g_assert_cmpint (gpu.sm_count, ==, 0);
  g_assert_nonnull (strstr (note, "NVIDIA Tesla V100 SXM2, NVIDIA Tesla V100 PCIe"));
  g_assert_nonnull (strstr (note, "waves"));
  g_assert_true (cuocc_gpu_find_with_note ("NVIDIA Tesla V100 SXM2", &gpu, &none, NULL));
  g_assert_null (none);
}

/* Every product added for issue 12 is there, with its source; the SM
 * counts that no source gives say so. */
/* Rubin's figures: only its shared memory per block has a source (CUTLASS);
 * every other figure says it is assumed. A capability with every figure
 * sourced (9.0) marks none but what it always did. */
static void
test_assumed_figures (void)
{
  const CuoccCapability *rubin = cuocc_capability_lookup (10, 7);
  const CuoccCapability *hopper = cuocc_capability_lookup (9, 0);

  g_assert_nonnull (rubin);
  g_assert_nonnull (hopper);
  for (guint f = 0; f < CUOCC_N_FIGURES; f++)
    {
      CuoccFigureValue r, h;

      cuocc_capability_figure (rubin, f, &r);
      cuocc_capability_figure (hopper, f, &h);
      g_assert_false (r.absent);
      if (r.assumed != (f != CUOCC_FIGURE_SMEM_PER_BLOCK_OPTIN))
        g_error ("figure %u of 10.7: assumed %d", f, r.assumed);
      g_assert_false (h.assumed);
    }
  g_assert_nonnull (strstr (rubin->notes, "assumed"));
  g_assert_nonnull (strstr (rubin->source, "CUTLASS"));
}

/* cc-limits.csv: one cell of it, or NULL where the row has no plain number
 * there ("1024?", "32768 (L1+L2 ca) / 65536", empty). */
static const char *
reference_cell (GStrv header, GStrv row, const char *column)
{
  for (guint i = 0; header[i] != NULL && row[i] != NULL; i++)
    if (g_str_equal (header[i], column))
      {
        for (const char *c = row[i]; *c != '\0'; c++)
          if (!g_ascii_isdigit (*c))
            return NULL;
        return row[i][0] != '\0' ? row[i] : NULL;
      }
  return NULL;
}

/* The limits compared with shared/reference/cc-limits.csv (gathered from the
 * Programming Guide, the Excel sheet and deviceQuery by others) wherever it
 * has the row and a plain number; it has no 10.7 row. The only differences
 * are the two the data's notes give: Jetson TK1 (3.2) and TX2 (6.2) report
 * 32768 registers a block where the sheet says 65536. */
static void
test_reference_limits (void)
{
  static const struct { const char *column; glong offset; } columns[] = {
    { "max_resident_blocks_per_sm", G_STRUCT_OFFSET (CuoccCapability, max_blocks_per_sm) },
    { "max_warps_per_sm", G_STRUCT_OFFSET (CuoccCapability, max_warps_per_sm) },
    { "regs_per_sm_32bit", G_STRUCT_OFFSET (CuoccCapability, regs_per_sm) },
    { "max_regs_per_block", G_STRUCT_OFFSET (CuoccCapability, max_regs_per_block) },
    { "max_regs_per_thread", G_STRUCT_OFFSET (CuoccCapability, max_regs_per_thread) },
    { "max_smem_per_sm_bytes", G_STRUCT_OFFSET (CuoccCapability, smem_per_sm) },
    { "max_smem_per_block_bytes", G_STRUCT_OFFSET (CuoccCapability, smem_per_block_optin) },
    { "max_threads_per_block", G_STRUCT_OFFSET (CuoccCapability, max_threads_per_block) },
  };
  const char *root = g_getenv ("CUOCC_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root != NULL ? root : ".", "..", "shared", "reference",
                                            "cc-limits.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) header = NULL;
  guint compared = 0, differ = 0, rows_10_12 = 0;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    {
      g_test_skip ("shared/reference/cc-limits.csv is not beside the source tree");
      return;
    }
  lines = g_strsplit (text, "\n", -1);
  header = g_strsplit (lines[0], ",", -1);
  for (guint l = 1; lines[l] != NULL; l++)
    {
      g_auto (GStrv) row = g_strsplit (lines[l], ",", -1);
      const CuoccCapability *cap;
      int major, minor;

      if (sscanf (lines[l], "%d.%d,", &major, &minor) != 2)
        continue;
      g_assert_false (major == 10 && minor == 7);
      cap = cuocc_capability_lookup (major, minor);
      g_assert_nonnull (cap);
      rows_10_12 += major >= 10;
      for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
        {
          const char *cell = reference_cell (header, row, columns[c].column);
          int ours = G_STRUCT_MEMBER (int, cap, columns[c].offset);

          if (cell == NULL)
            continue;
          compared++;
          if (ours != atoi (cell))
            {
              gboolean known = (major == 3 && minor == 2) || (major == 6 && minor == 2);

              if (!known || !g_str_equal (columns[c].column, "max_regs_per_block") || ours != 32768)
                g_error ("%d.%d %s: %d here, %s in cc-limits.csv", major, minor, columns[c].column, ours, cell);
              differ++;
            }
        }
    }
  g_assert_cmpuint (rows_10_12, ==, 5);    /* 10.0, 10.3, 11.0, 12.0, 12.1 */
  g_assert_cmpuint (compared, >, 150);
  g_assert_cmpuint (differ, ==, 2);
}

static void
test_new_products (void)
{
  static const char *names[] = {
    "NVIDIA GeForce RTX 4070 Ti", "NVIDIA GeForce RTX 4060 Ti", "NVIDIA GeForce RTX 3060 Ti",
    "NVIDIA GeForce RTX 3080 Ti", "NVIDIA GeForce RTX 4080 SUPER", "NVIDIA GeForce RTX 4070 SUPER",
    "NVIDIA GeForce RTX 4070 Ti SUPER", "NVIDIA GeForce RTX 2060 SUPER", "NVIDIA GeForce RTX 2080 SUPER",
    "NVIDIA GeForce RTX 5050", "NVIDIA GeForce RTX 5060", "NVIDIA GeForce RTX 5060 Ti",
    "NVIDIA GeForce RTX 5070", "NVIDIA GeForce RTX 5070 Ti", "NVIDIA GeForce RTX 5080",
    "NVIDIA GeForce RTX 5090", "NVIDIA H800 SXM5", "NVIDIA H20", "NVIDIA L20",
    "NVIDIA RTX PRO 6000 Blackwell", "NVIDIA B300", "NVIDIA GB200", "NVIDIA GB300",
    "NVIDIA Jetson AGX Orin 32GB", "NVIDIA Jetson Orin NX 8GB", "NVIDIA Jetson Orin Nano 4GB",
    "NVIDIA Rubin", "NVIDIA Jetson T5000", "NVIDIA Jetson T4000",
  };
  guint n;
  const CuoccProduct *products = cuocc_products (&n);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const CuoccProduct *found = NULL;

      for (guint j = 0; j < n; j++)
        if (g_str_equal (products[j].name, names[i]))
          found = &products[j];
      g_assert_nonnull (found);
      g_assert_cmpint (found->sm_count, >, 0);
      g_assert_nonnull (found->source);
      /* A count from a core count divides evenly. */
      if (g_str_has_prefix (found->source, "SPEC: "))
        {
          int cores = atoi (found->source + 6);
          const char *per = strstr (found->source, "cores, ");

          g_assert_nonnull (per);
          g_assert_cmpint (cores, ==, found->sm_count * atoi (per + 7));
        }
      else if (g_str_has_prefix (names[i], "NVIDIA H20") || g_str_has_prefix (names[i], "NVIDIA GB") ||
               g_str_has_prefix (names[i], "NVIDIA H800") || g_str_has_prefix (names[i], "NVIDIA L20"))
        g_assert_nonnull (strstr (found->source, "ASSUMED"));
    }
}

static void
test_find (void)
{
  static const FindCase finds[] = {
    { "NVIDIA GeForce RTX 4090", "NVIDIA GeForce RTX 4090", 128, 0, NULL },
    { "rtx 4090", "NVIDIA GeForce RTX 4090", 128, 0, NULL },
    { "RTX 3080", "NVIDIA GeForce RTX 3080", 68, 0, NULL },
    { "rtx 3080 laptop", "NVIDIA GeForce RTX 3080 Laptop GPU", 48, 0, NULL },
    { "tesla k80", "NVIDIA Tesla K80 (per GPU)", 13, 0, NULL },
    { "A10", "NVIDIA A10", 72, 0, NULL },
    { "l40s", "NVIDIA L40S", 142, 0, NULL },
    { "Jetson Thor", "NVIDIA Jetson AGX Thor", 20, 0, NULL },
    { "gb10", "NVIDIA GB10 (DGX Spark)", 48, 0, NULL },
    { "B300", "NVIDIA B300", 148, 0, NULL },
    { "t4", "NVIDIA Tesla T4", 40, 0, NULL },
    { "8.6", "Compute capability 8.6", 0, 0, NULL },
    { "Compute capability 12.1", "Compute capability 12.1", 0, 0, NULL },
    /* Names as nvidia-smi and the driver print them. */
    { "NVIDIA H100 80GB HBM3", "NVIDIA H100 SXM5", 132, 0, NULL },
    { "Tesla V100-SXM2-16GB", "NVIDIA Tesla V100 SXM2", 80, 0, NULL },
    { "Tesla V100-PCIE-32GB", "NVIDIA Tesla V100 PCIe", 80, 0, NULL },
    { "A100-SXM4-80GB", "NVIDIA A100 SXM4", 108, 0, NULL },
    { "NVIDIA A100-PCIE-40GB", "NVIDIA A100 PCIe", 108, 0, NULL },
    { "NVIDIA GH200 480GB", "NVIDIA GH200", 132, 0, NULL },
    /* Whole words: the H20 is not the H200, the A10 not the A100. */
    { "NVIDIA H20", "NVIDIA H20", 78, 0, NULL },
    { "NVIDIA H200", "NVIDIA H200", 132, 0, NULL },
    { "rtx 4070 ti", "NVIDIA GeForce RTX 4070 Ti", 60, 0, NULL },
    { "4080 SUPER", "NVIDIA GeForce RTX 4080 SUPER", 80, 0, NULL },
    { "3060 Ti", "NVIDIA GeForce RTX 3060 Ti", 38, 0, NULL },
    { "rtx 5060 ti", "NVIDIA GeForce RTX 5060 Ti", 36, 0, NULL },
    /* Several products of one compute capability: its figures, no SM count. */
    { "H100", "H100 (compute capability 9.0)", 0, 0, NULL },
    { "a100", "a100 (compute capability 8.0)", 0, 0, NULL },
    { "Orin", "Orin (compute capability 8.7)", 0, 0, NULL },
    /* Several capabilities: which one is meant? */
    { "Jetson", NULL, 0, CUOCC_ERROR_AMBIGUOUS_GPU, "NVIDIA Jetson Nano" },
    { "RTX 40", NULL, 0, CUOCC_ERROR_UNKNOWN_GPU, NULL },
    { "Radeon 7900", NULL, 0, CUOCC_ERROR_UNKNOWN_GPU, "cuocc --list-gpus" },
    { "", NULL, 0, CUOCC_ERROR_UNKNOWN_GPU, NULL },
    { "13.0", NULL, 0, CUOCC_ERROR_UNKNOWN_CC, "--device-file" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (finds); i++)
    {
      g_autoptr(GError) error = NULL;
      CuoccGpu gpu;
      gboolean ok = cuocc_gpu_find (finds[i].query, &gpu, &error);

      if (finds[i].name != NULL)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpstr (gpu.name, ==, finds[i].name);
          g_assert_cmpint (gpu.sm_count, ==, finds[i].sm_count);
        }
      else
        {
          g_assert_false (ok);
          g_assert_error (error, CUOCC_ERROR, finds[i].error_code);
          if (finds[i].in_message != NULL)
            g_assert_nonnull (strstr (error->message, finds[i].in_message));
        }
    }
}

static void
test_device_file (void)
{
  static const char file[] =
    "# A GPU NVIDIA has not shipped yet\n"
    "[Device]\n"
    "name=Future GPU\n"
    "compute-capability=13.0\n"
    "sm-count=200\n"
    "max-warps-per-sm=64\n"
    "max-blocks-per-sm=32\n"
    "shared-memory-per-sm=256K\n"
    "shared-memory-configs=256K;128K;64K;0\n"
    "shared-memory-per-block-optin=255K\n";
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;

  g_assert_true (cuocc_gpu_load_data (file, -1, &gpu, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gpu.name, ==, "Future GPU");
  g_assert_cmpint (gpu.cap.major, ==, 13);
  g_assert_cmpint (gpu.sm_count, ==, 200);
  g_assert_cmpint (gpu.cap.n_smem_configs, ==, 4);
  g_assert_cmpint (gpu.cap.smem_configs[1], ==, 131072);
  /* Everything not named comes from 12.1, the newest capability below. */
  g_assert_cmpint (gpu.cap.smem_reserved_per_block, ==, 1024);
  g_assert_cmpint (gpu.cap.barriers_per_block_slot, ==, 1);

  /* 256 threads × 32 registers: 8 blocks by registers, 8 by warps. */
  cuocc_input_init (&in);
  g_assert_true (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_cmpint (r.active_blocks, ==, 8);
  g_assert_cmpint (r.active_warps, ==, 64);
}

static const char *count_keys[] = {
  "sm-count", "warp-size", "max-threads-per-block", "max-warps-per-sm", "max-blocks-per-sm",
  "registers-per-sm", "max-registers-per-block", "max-registers-per-thread",
  "register-allocation-unit", "warp-allocation-granularity", "sub-partitions", "barriers-per-block-slot",
};

/* GPU ids as the app's GPU list and its session files write them: each
 * kind resolves to the GPU it names, and what names none says so. */
static void
test_gpu_id (void)
{
  static const char device[] =
    "[Device]\n"
    "name=Future GPU\n"
    "compute-capability=13.0\n"
    "sm-count=200\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cuocc-gpu-id-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *cc_id = cuocc_gpu_cc_id (8, 6);
  CuoccGpu gpu;

  g_assert_no_error (error);

  /* Not translated: a session written in German opens in English. */
  g_assert_cmpstr (cc_id, ==, "Compute capability 8.6");
  g_assert_true (cuocc_gpu_resolve_id (cc_id, &gpu, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gpu.cap.major, ==, 8);
  g_assert_cmpint (gpu.cap.minor, ==, 6);

  /* A product by the name cuocc --gpu takes: the H100 SXM5 has 132 SMs
   * (deviceQuery, ../shared/reference). */
  g_assert_true (cuocc_gpu_resolve_id ("H100 SXM5", &gpu, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gpu.name, ==, "NVIDIA H100 SXM5");
  g_assert_cmpint (gpu.sm_count, ==, 132);

  /* A custom device file by its absolute path. */
  path = g_build_filename (dir, "future.device", NULL);
  g_assert_true (g_file_set_contents (path, device, -1, &error));
  g_assert_true (cuocc_gpu_resolve_id (path, &gpu, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gpu.name, ==, "Future GPU");
  g_assert_cmpint (gpu.sm_count, ==, 200);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);

  /* A file that is gone is an error, not a GPU. */
  g_assert_false (cuocc_gpu_resolve_id (path, &gpu, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* A capability cuocc does not know, and a name no GPU has. */
  g_assert_false (cuocc_gpu_resolve_id ("Compute capability 1.4", &gpu, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_CC);
  g_clear_error (&error);
  g_assert_false (cuocc_gpu_resolve_id ("GeForce 9999 Ultra", &gpu, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU);
  g_clear_error (&error);

  /* This machine's GPU: the driver's first, or an error saying why none. */
  if (!cuocc_gpu_resolve_id (CUOCC_GPU_ID_DETECTED, &gpu, &error))
    {
      g_assert_nonnull (error);
      g_test_message ("no GPU detected: %s", error->message);
    }
}

static void
test_device_file_errors (void)
{
  static const struct { const char *text; const char *in_message; } bad[] = {
    { "not a key file", NULL },
    { "[Other]\nx=1\n", "[Device]" },
    { "[Device]\nname=x\n", "compute-capability" },
    { "[Device]\ncompute-capability=9.0\nwarps=4\n", "Unknown key" },
    { "[Device]\ncompute-capability=9.0\nmax-warps-per-sm=lots\n", "lots" },
    { "[Device]\ncompute-capability=9.0\nshared-memory-configs=1G\n", "shared-memory-configs" },
    { "[Device]\ncompute-capability=9.0\nshared-memory-configs=300K\n", "shared-memory-per-sm" },
    { "[Device]\ncompute-capability=9.0\nwarp-size=48\n", "powers of two" },
    { "[Device]\ncompute-capability=9.0\nbase=4.2\n", "4.2" },
    { "[Device]\ncompute-capability=9.0\nregister-allocation-granularity=thread\n", "warp or block" },
    /* The graphs read before an empty array when a block is smaller than a warp. */
    { "[Device]\ncompute-capability=9.0\nmax-threads-per-block=16\n", "max-threads-per-block" },
    { "[Device]\ncompute-capability=9.0\nwarp-size=1\n", "warp-size" },
    { "[Device]\ncompute-capability=9.0\nwarp-size=64\nmax-warps-per-sm=8\n", "max-warps-per-sm" },
    /* 64 / 65 = 98.46 % is no occupancy a GPU with four sub-partitions shows. */
    { "[Device]\ncompute-capability=9.0\nmax-warps-per-sm=65\n", "must be a multiple" },
    { "[Device]\ncompute-capability=9.0\nmax-blocks-per-sm=100\n", "max-blocks-per-sm" },
    { "[Device]\ncompute-capability=9.0\nregisters-per-sm=2147483647\n", "registers-per-sm" },
    { "[Device]\ncompute-capability=9.0\nregisters-per-sm=65537\nmax-registers-per-block=256\n", "registers-per-sm" },
    { "[Device]\ncompute-capability=9.0\nmax-registers-per-thread=2147483647\n", "1024" },
    { "[Device]\ncompute-capability=9.0\nshared-memory-per-sm=2047M\n", "shared-memory-per-sm" },
    { "[Device]\ncompute-capability=9.0\nshared-memory-per-block-optin=2097151K\n", "shared-memory-per-block-optin" },
    { "[Device]\ncompute-capability=9.0\nshared-memory-allocation-unit=0\n", "shared-memory-allocation-unit" },
    { "[Device]\ncompute-capability=9.0\nshared-memory-configs=228K;228K;100K\n", "twice" },
    { "[Device]\ncompute-capability=9.0\nsub-partitions=0\n", "sub-partitions" },
    { "[Device]\ncompute-capability=9.0\nbarriers-per-block-slot=17\n", "0 to 16" },
    { "[Device]\ncompute-capability=9.0\nsm-count=0\n", "sm-count" },
    { "[Device]\ncompute-capability=9.0\nsm-count=70000\n", "1 to 65536" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      CuoccGpu gpu;

      if (cuocc_gpu_load_data (bad[i].text, -1, &gpu, &error))
        g_error ("case %u is accepted", i);
      g_assert_nonnull (error);
      if (bad[i].in_message != NULL && strstr (error->message, bad[i].in_message) == NULL)
        g_error ("case %u: “%s” does not mention “%s”", i, error->message, bad[i].in_message);
    }

  /* Counts take no size suffix, and their messages speak of no bytes. */
  for (guint i = 0; i < G_N_ELEMENTS (count_keys); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strdup_printf ("[Device]\ncompute-capability=9.0\n%s=2K\n", count_keys[i]);
      CuoccGpu gpu;

      g_assert_false (cuocc_gpu_load_data (text, -1, &gpu, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, count_keys[i]));
      if (strstr (error->message, "byte") != NULL)
        g_error ("“%s” speaks of bytes", error->message);
    }

  {
    g_autoptr(GError) error = NULL;
    CuoccGpu gpu;

    g_assert_false (cuocc_gpu_load_file ("/nonexistent/device.ini", &gpu, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  }
}

/* The largest figures the ranges allow, with the finest steps: every graph,
 * heatmap and search stays within a few thousand points, and fast. */
/* A name longer than the GPU's field is cut between characters, never inside
 * one; a name or figure that is no UTF-8 is refused, not taken as absent. */
static void
test_device_file_text (void)
{
  g_autoptr(GString) file = g_string_new ("[Device]\ncompute-capability=9.0\nname=x");
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;

  for (int i = 0; i < 100; i++)
    g_string_append (file, "é");
  g_string_append_c (file, '\n');
  g_assert_true (cuocc_gpu_load_data (file->str, -1, &gpu, &error));
  g_assert_no_error (error);
  g_assert_true (g_utf8_validate (gpu.name, -1, NULL));
  /* "x" and 63 two-byte characters fill 127 of the 128 bytes. */
  g_assert_cmpuint (strlen (gpu.name), ==, 127);
  g_assert_cmpuint (g_utf8_strlen (gpu.name, -1), ==, 64);

  g_assert_false (cuocc_gpu_load_data ("[Device]\ncompute-capability=9.0\nname=\xff\xfe\n", -1, &gpu, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "name"));
  g_clear_error (&error);
  g_assert_false (cuocc_gpu_load_data ("[Device]\ncompute-capability=9.0\nsm-count=\xff\n", -1, &gpu, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "sm-count"));
}

static void
test_device_file_extremes (void)
{
  static const char file[] =
    "[Device]\n"
    "compute-capability=9.0\n"
    "warp-size=4\n"
    "max-threads-per-block=4096\n"
    "max-warps-per-sm=1024\n"
    "max-blocks-per-sm=1024\n"
    "registers-per-sm=16777216\n"
    "max-registers-per-block=16777216\n"
    "max-registers-per-thread=1024\n"
    "register-allocation-unit=1\n"
    "sub-partitions=64\n"
    "shared-memory-per-sm=16384K\n"
    "shared-memory-configs=16384K;8192K;0\n"
    "shared-memory-per-block=48K\n"
    "shared-memory-per-block-optin=16383K\n"
    "shared-memory-allocation-unit=1\n"
    "sm-count=65536\n";
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  int min_grid;

  g_assert_true (cuocc_gpu_load_data (file, -1, &gpu, &error));
  g_assert_no_error (error);

  cuocc_input_init (&in);
  in.threads = 4096;
  in.regs = 1024;
  in.smem = 16383 * 1024;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, &error));
  /* 1024 warps of 4096 registers: 4 Mi of the 16 Mi file, whose 64 partitions
   * of 256 Ki hold 64 such warps each, 4096 in all: 4 blocks by registers.
   * Warps allow 1024 / 1024 = 1, and so does shared memory: 16383 KiB plus
   * 9.0's 1 KiB reservation is the whole 16384 KiB configuration. */
  g_assert_cmpint (r.warps_per_block, ==, 1024);
  g_assert_cmpint (r.blocks_by_regs, ==, 4);
  g_assert_cmpint (r.blocks_by_warps, ==, 1);
  g_assert_cmpint (r.blocks_by_smem, ==, 1);
  g_assert_cmpint (r.active_blocks, ==, 1);
  g_assert_cmpint (r.active_threads, ==, 4096);
  g_assert_cmpint (r.limiters, ==, CUOCC_LIMIT_WARPS | CUOCC_LIMIT_SHARED_MEMORY);

  in.threads = 4096;
  in.regs = 4;
  in.smem = 0;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, &error));
  /* 1024 warps of 16 registers fill the SM's warps: 1 block, 100 %. */
  g_assert_cmpint (r.active_blocks, ==, 1);
  g_assert_cmpint (r.active_warps, ==, 1024);
  g_assert_cmpint (r.active_threads, ==, 4096);

  for (CuoccSeriesKind k = CUOCC_SERIES_THREADS; k <= CUOCC_SERIES_SMEM; k++)
    {
      CuoccSeries *series = cuocc_series_new (&gpu, &in, k);

      for (guint l = 0; l < series->n_lines; l++)
        {
          g_assert_cmpuint (series->lines[l].n_points, >=, 2);
          g_assert_cmpuint (series->lines[l].n_points, <=, 4096 + 1);
        }
      cuocc_series_free (series);
    }
  for (CuoccSeriesKind k = CUOCC_SERIES_REGS; k <= CUOCC_SERIES_SMEM; k++)
    {
      CuoccGrid *grid = cuocc_grid_new (&gpu, &in, k);

      g_assert_cmpuint (grid->n_x, <=, 256);
      g_assert_cmpuint (grid->n_y, <=, 257);
      g_assert_cmpint (grid->x_values[grid->n_x - 1], ==, 4096);
      cuocc_grid_free (grid);
    }
  g_assert_cmpint (cuocc_best_block_size (&gpu, &in, &min_grid), ==, 4096);
  g_assert_cmpint (min_grid, ==, 65536);
  {
    g_autoptr(GPtrArray) advice = cuocc_advise (&gpu, &in, NULL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (advice);
    if (advice->len > 0)
      g_ptr_array_set_free_func (advice, (GDestroyNotify) cuocc_advice_free);
  }

  /* The work is bounded by what is counted above: at most 4,097 points a
   * line and 256 × 257 cells a grid, each one calculation (an unbounded run
   * made 16 million points a line and took minutes). No clock: it would
   * measure the machine. */
}

/* The figures of 8.6 as NVIDIA's GPU data gives them (the derived ones by
 * hand: 48 warps × 32 threads), and what 9.0 and 10.3 add: 2 barriers a
 * block slot × 32 slots, clusters of up to 16, a cluster cap seen on 9.0
 * and assumed on 10.3. */
/* Every figure's label, in each wording, written once in the library: the
 * two wordings differ only where the command line's table puts the unit in
 * the label or words a figure apart from the app's page (as each did before
 * the labels moved into the library), and no two figures share a label. */
static void
test_figure_labels (void)
{
  static const char *const report[CUOCC_N_FIGURES] = {
    "Threads per warp", "Max threads per block", "Max warps per SM", "Max threads per SM",
    "Max thread blocks per SM", "Registers per SM", "Max registers per block", "Max registers per thread",
    "Register allocation unit", "Warp allocation granularity", "SM sub-partitions",
    "Shared memory per SM (bytes)", "Max shared memory per block", "… with opt-in",
    "Shared memory reserved per block", "Shared memory allocation unit", "Barriers per SM",
    "Max cluster size", "Cluster blocks per SM (*: assumed)",
  };
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint f = 0; f < CUOCC_N_FIGURES; f++)
    {
      const char *page = cuocc_figure_label (f, CUOCC_FIGURE_WORDING_PAGE);

      g_assert_cmpstr (cuocc_figure_label (f, CUOCC_FIGURE_WORDING_REPORT), ==, report[f]);
      if (f == CUOCC_FIGURE_MAX_BLOCKS_PER_SM)
        g_assert_cmpstr (page, ==, "Max blocks per SM");
      else if (f == CUOCC_FIGURE_SMEM_PER_SM)
        g_assert_cmpstr (page, ==, "Shared memory per SM");
      else if (f == CUOCC_FIGURE_SMEM_RESERVED_PER_BLOCK)
        g_assert_cmpstr (page, ==, "Reserved shared memory per block");
      else
        g_assert_cmpstr (page, ==, report[f]);
      g_assert_true (g_hash_table_add (seen, (gpointer) page));
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, CUOCC_N_FIGURES);
}

static void
test_figures (void)
{
  static const gint64 sm86[CUOCC_N_FIGURES] = {
    32, 1024, 48, 1536, 16, 65536, 65536, 255, 256, 4, 4, 102400, 49152, 101376, 1024, 128, 0, 0, 0,
  };
  CuoccFigureValue v;
  const CuoccCapability *cap = cuocc_capability_lookup (8, 6);

  for (guint f = 0; f < CUOCC_N_FIGURES; f++)
    {
      cuocc_capability_figure (cap, f, &v);
      g_assert_cmpint (v.value, ==, sm86[f]);
      g_assert_cmpint (v.unit, ==, f >= CUOCC_FIGURE_SMEM_PER_SM && f <= CUOCC_FIGURE_SMEM_ALLOC_UNIT
                                   ? CUOCC_UNIT_BYTES : CUOCC_UNIT_COUNT);
      g_assert_cmpint (v.absent, ==, f >= CUOCC_FIGURE_BARRIERS_PER_SM);
      g_assert_false (v.assumed);
    }

  cap = cuocc_capability_lookup (9, 0);
  cuocc_capability_figure (cap, CUOCC_FIGURE_BARRIERS_PER_SM, &v);
  g_assert_true (!v.absent && v.value == 64);
  cuocc_capability_figure (cap, CUOCC_FIGURE_MAX_CLUSTER_SIZE, &v);
  g_assert_true (!v.absent && v.value == 16);
  cuocc_capability_figure (cap, CUOCC_FIGURE_CLUSTER_BLOCKS_PER_SM, &v);
  g_assert_true (!v.absent && !v.assumed && v.value == 8);
  cuocc_capability_figure (cuocc_capability_lookup (10, 3), CUOCC_FIGURE_CLUSTER_BLOCKS_PER_SM, &v);
  g_assert_true (!v.absent && v.assumed && v.value == 8);

  /* 1.x has no sub-partitions: a figure of 0, not an absent one. */
  cuocc_capability_figure (cuocc_capability_lookup (1, 0), CUOCC_FIGURE_SUB_PARTITIONS, &v);
  g_assert_true (!v.absent && v.value == 0);
}

/* The app's search takes every name the command line takes, through
 * cuocc_gpu_matches: the names a user copies from nvidia-smi or a spec sheet
 * find the product cuocc_gpu_find gives, and not its neighbours. */
static void
test_matches (void)
{
  static const struct {
    const char *query;
    const char *name;
    int major, minor;
    gboolean matches;
  } cases[] = {
    /* The driver's name of the H100 SXM5 (the product table's alias). */
    { "NVIDIA H100 80GB HBM3", "NVIDIA H100 SXM5", 9, 0, TRUE },
    { "NVIDIA H100 80GB HBM3", "NVIDIA H100 PCIe", 9, 0, FALSE },
    /* nvidia-smi's names: separators and memory sizes are not the table's. */
    { "Tesla V100-SXM2-16GB", "NVIDIA Tesla V100 SXM2", 7, 0, TRUE },
    { "Tesla V100-SXM2-16GB", "NVIDIA Tesla V100 PCIe", 7, 0, FALSE },
    { "A100-SXM4-80GB", "NVIDIA A100 SXM4", 8, 0, TRUE },
    { "A100-SXM4-80GB", "NVIDIA A100 PCIe", 8, 0, FALSE },
    /* Written together, as in a config file. */
    { "rtx4090", "NVIDIA GeForce RTX 4090", 8, 9, TRUE },
    { "rtx4090", "NVIDIA GeForce RTX 4080", 8, 9, FALSE },
    /* While typing: words of the name, the capability, the architecture. */
    { "4090", "NVIDIA GeForce RTX 4090", 8, 9, TRUE },
    { "geforce 40", "NVIDIA GeForce RTX 4090", 8, 9, TRUE },
    { "8.9", "NVIDIA GeForce RTX 4090", 8, 9, TRUE },
    { "SM_89", "NVIDIA GeForce RTX 4090", 8, 9, TRUE },
    { "ada", "NVIDIA GeForce RTX 4090", 8, 9, TRUE },
    { "hopper", "Compute capability 9.0", 9, 0, TRUE },
    { "hopper", "Compute capability 8.9", 8, 9, FALSE },
    { "volta 4090", "NVIDIA GeForce RTX 4090", 8, 9, FALSE },
    /* A custom device: its name and capability only. */
    { "next gpu", "Next GPU (next.ini)", 12, 0, TRUE },
    { "", "NVIDIA GeForce RTX 4090", 8, 9, FALSE },
    { "   ", "NVIDIA GeForce RTX 4090", 8, 9, FALSE },
  };
  guint n;
  const CuoccProduct *products = cuocc_products (&n);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s in %s", cases[i].query, cases[i].name);
      g_assert_cmpint (cuocc_gpu_matches (cases[i].query, cases[i].name, cases[i].major, cases[i].minor), ==,
                       cases[i].matches);
    }

  /* Every product is found by its own name and by each of the driver's. */
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (cuocc_gpu_matches (products[i].name, products[i].name, products[i].major, products[i].minor));
      for (guint a = 0; products[i].driver_names != NULL && products[i].driver_names[a] != NULL; a++)
        g_assert_true (cuocc_gpu_matches (products[i].driver_names[a], products[i].name,
                                          products[i].major, products[i].minor));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/gpu/every-capability", test_every_capability);
  g_test_add_func ("/cuocc/gpu/known-figures", test_known_figures);
  g_test_add_func ("/cuocc/gpu/figures", test_figures);
  g_test_add_func ("/cuocc/gpu/figure-labels", test_figure_labels);
  g_test_add_func ("/cuocc/gpu/products", test_products);
  g_test_add_func ("/cuocc/gpu/find", test_find);
  g_test_add_func ("/cuocc/gpu/matches", test_matches);
  g_test_add_func ("/cuocc/gpu/find-note", test_find_note);
  g_test_add_func ("/cuocc/gpu/new-products", test_new_products);
  g_test_add_func ("/cuocc/gpu/assumed-figures", test_assumed_figures);
  g_test_add_func ("/cuocc/gpu/reference-limits", test_reference_limits);
  g_test_add_func ("/cuocc/gpu/device-file", test_device_file);
  g_test_add_func ("/cuocc/gpu/device-file-errors", test_device_file_errors);
  g_test_add_func ("/cuocc/gpu/id", test_gpu_id);
  g_test_add_func ("/cuocc/gpu/device-file-text", test_device_file_text);
  g_test_add_func ("/cuocc/gpu/device-file-extremes", test_device_file_extremes);

  return g_test_run ();
}
