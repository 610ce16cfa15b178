/* test-model.c — the occupancy model against examples worked out by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each case carries its derivation in the comment above it, from the
 * published rules (Programming Guide, the Excel sheet's formulas), not from
 * running the code.
 */
#include <string.h>

#include <cuocc.h>

#define U CUOCC_UNLIMITED
#define W CUOCC_LIMIT_WARPS
#define R CUOCC_LIMIT_REGISTERS
#define S CUOCC_LIMIT_SHARED_MEMORY
#define B CUOCC_LIMIT_BLOCKS
#define BAR CUOCC_LIMIT_BARRIERS

typedef struct {
  const char *name;
  const char *cc;
  int threads, regs;
  gint64 smem, smem_config;
  int barriers;
  CuoccCaching caching;
  /* expected */
  int blocks, warps;
  const char *pct;
  int by_warps, by_regs, by_smem, by_blocks, by_barriers;
  guint limiters;
  int regs_per_block;
  gint64 smem_per_block, config_in_effect;
  guint warnings;
} Case;

static const Case cases[] = {
  /* The seed example. 37 registers × 32 threads = 1184, rounded to the
   * 256-register unit: 1280 per warp. A quarter of the SM's 65536 registers
   * (16384) holds 12 such warps, 48 in the SM; 128 threads are 4 warps, so
   * 12 blocks = 48 warps of 64 = 75 %. Warps alone would allow 16. */
  { "volta-128x37", "7.0", 128, 37, 0, -1, 1, CUOCC_CACHING_OFF,
    12, 48, "75", 16, 12, U, 32, U, R, 5120, 0, 98304, 0 },
  /* 320 threads = 10 warps; 48 / 10 = 4 blocks = 40 warps = 62.5 %. */
  { "volta-320x37", "7.0", 320, 37, 0, -1, 1, CUOCC_CACHING_OFF,
    4, 40, "62.5", 6, 4, U, 32, U, R, 12800, 0, 98304, 0 },
  /* Fermi, the sheet's formulas: 512 threads = 16 warps; warps limit
   * 48 / 16 = 3. 16 registers: 512 per warp (a multiple of 64); 32768 / 512
   * = 64 warps → 4 blocks. 3 blocks = 48 warps = 100 %. */
  { "fermi-512x16", "2.0", 512, 16, 0, -1, 1, CUOCC_CACHING_OFF,
    3, 48, "100", 3, 4, U, 8, U, W, 8192, 0, 49152, 0 },
  /* 17 registers: 544 → 576 per warp; 32768 / 576 = 56 warps (even) →
   * 3 blocks: registers now bind as much as warps. */
  { "fermi-512x17", "2.0", 512, 17, 0, -1, 1, CUOCC_CACHING_OFF,
    3, 48, "100", 3, 3, U, 8, U, W | R, 9216, 0, 49152, 0 },
  /* 21 registers use the sheet's 128-register unit: 672 → 768 per warp;
   * 32768 / 768 = 42 warps → 2 blocks of 16 warps = 32 of 48 = 66.67 %. */
  { "fermi-512x21", "2.0", 512, 21, 0, -1, 1, CUOCC_CACHING_OFF,
    2, 32, "66.67", 3, 2, U, 8, U, R, 12288, 0, 49152, 0 },
  /* 1.3, block granularity: 256 threads = 8 warps; 8 × 16 × 32 = 4096
   * registers per block (a multiple of 512); 16384 / 4096 = 4 blocks;
   * warps 32 / 8 = 4 → 32 warps = 100 %. */
  { "gt200-256x16", "1.3", 256, 16, 0, -1, 1, CUOCC_CACHING_OFF,
    4, 32, "100", 4, 4, U, 8, U, W | R, 4096, 0, 16384, 0 },
  /* 1.0: 96 threads = 3 warps, rounded to 4 for registers: 4 × 16 × 32 =
   * 2048 per block; 8192 / 2048 = 4 blocks = 12 warps of 24 = 50 %. */
  { "g80-96x16", "1.0", 96, 16, 0, -1, 1, CUOCC_CACHING_OFF,
    4, 12, "50", 8, 4, U, 8, U, R, 2048, 0, 16384, 0 },
  /* 1.0: 128 threads × 17: 4 × 17 × 32 = 2176 → 2304; 8192 / 2304 = 3
   * blocks = 12 warps = 50 %. 2000 bytes of shared memory → 2048 (512
   * units); 16384 / 2048 = 8 blocks. */
  { "g80-128x17-smem", "1.0", 128, 17, 2000, -1, 1, CUOCC_CACHING_OFF,
    3, 12, "50", 6, 3, 8, 8, U, R, 2304, 2048, 16384, 0 },
  /* 8.6 with shared memory: 20000 + 1024 reserved = 21024 → 21120 (128
   * units); 102400 / 21120 = 4 blocks. Registers: 1024 per warp, 16 per
   * quarter → 64 warps → 8 blocks; warps 48 / 8 = 6. 4 blocks = 32 warps of
   * 48 = 66.67 %. (The sheet, without the reservation, would say 5.) */
  { "ampere-86-smem", "8.6", 256, 32, 20000, -1, 1, CUOCC_CACHING_OFF,
    4, 32, "66.67", 6, 8, 4, 16, U, S, 8192, 21120, 102400, 0 },
  /* 9.0 barriers: 64 threads, 3 barriers per block; the SM has 2 × 32 = 64
   * barriers → 21 blocks = 42 warps of 64 = 65.625 % → 65.63. Shared memory:
   * only the 1 KB reservation, 233472 / 1024 = 228. */
  { "hopper-barriers", "9.0", 64, 0, 0, -1, 3, CUOCC_CACHING_OFF,
    21, 42, "65.63", 32, U, 228, 32, 21, BAR, 0, 1024, 233472, 0 },
  /* GP100 has two register sub-partitions: 320 threads (10 warps) × 192
   * registers = 6144 per warp fits its check (10 warps × 6144 = 61440), but
   * GP10x rounds 10 warps to 12 (73728 > 65536), so no block may run. */
  { "gp100-compat", "6.0", 320, 192, 0, -1, 1, CUOCC_CACHING_OFF,
    0, 0, "0", 6, 0, U, 32, U, R, 61440, 0, 65536, CUOCC_WARN_REGS_EXCEED_BLOCK },
  /* 5.2 with partitioned caching: 1024 threads × 32 registers; 16 warps per
   * quarter, half an SM holds 32 warps = 1 block per half → 2 blocks; warps
   * (64 / 2) / 32 × 2 = 2. 64 warps = 100 %. */
  { "maxwell-caching-on", "5.2", 1024, 32, 0, -1, 1, CUOCC_CACHING_ON,
    2, 64, "100", 2, 2, U, 32, U, W | R, 32768, 0, 98304, 0 },
  /* With 64 registers, half an SM holds 16 warps: no block fits, so caching
   * is turned off: 32 warps per SM → 1 block = 50 %. */
  { "maxwell-caching-off", "5.2", 1024, 64, 0, -1, 1, CUOCC_CACHING_ON,
    1, 32, "50", 2, 1, U, 32, U, R, 65536, 0, 98304, CUOCC_WARN_CACHING_DISABLED },
  /* Strict caching does not give up: 0 blocks. */
  { "maxwell-caching-strict", "5.2", 1024, 64, 0, -1, 1, CUOCC_CACHING_STRICT,
    0, 0, "0", 2, 0, U, 32, U, R, 65536, 0, 98304, CUOCC_WARN_REGS_EXCEED_BLOCK },
  /* Volta raises a too-small carveout: 40000 → 40192 bytes do not fit the
   * 32 KB configuration, the driver picks 64 KB → 1 block. */
  { "volta-carveout-raised", "7.0", 256, 0, 40000, 32768, 1, CUOCC_CACHING_OFF,
    1, 8, "12.5", 8, U, 1, 32, U, S, 0, 40192, 65536, CUOCC_WARN_SMEM_CONFIG_RAISED },
  /* 8.0 with the 0 KB carveout still needs the 1 KB reservation: raised to
   * 8 KB → 8 blocks of 8 warps = 64 warps = 100 %. */
  { "ampere-zero-carveout", "8.0", 256, 0, 0, 0, 1, CUOCC_CACHING_OFF,
    8, 64, "100", 8, U, 8, 32, U, W | S, 0, 1024, 8192, CUOCC_WARN_SMEM_CONFIG_RAISED },
  /* Too many threads: a valid question with the answer 0. */
  { "too-many-threads", "8.9", 2048, 32, 0, -1, 1, CUOCC_CACHING_OFF,
    0, 0, "0", 0, 1, 100, 24, U, W, 65536, 1024, 102400, CUOCC_WARN_THREADS_EXCEED_BLOCK },
  /* Too much shared memory: 8.9 allows 99 KB per block (101376 bytes). */
  { "too-much-smem", "8.9", 128, 32, 101377, -1, 1, CUOCC_CACHING_OFF,
    0, 0, "0", 12, 16, 0, 24, U, S, 4096, 102528, 102400, CUOCC_WARN_SMEM_EXCEED_BLOCK },
  /* Exactly the opt-in maximum fits once: 101376 + 1024 = 102400. */
  { "optin-max", "8.9", 128, 32, 101376, -1, 1, CUOCC_CACHING_OFF,
    1, 4, "8.33", 12, 16, 1, 24, U, S, 4096, 102400, 102400, 0 },
  /* 3.0 hardware stops at 63 registers; the runtime's rules accept 255. */
  { "kepler-64-regs", "3.0", 256, 64, 0, -1, 1, CUOCC_CACHING_OFF,
    4, 32, "50", 8, 4, U, 16, U, R, 16384, 0, 49152, CUOCC_WARN_REGS_ABOVE_HARDWARE },
  /* 7.5: 32 warps per SM. 1024 threads × 64 registers = 2048 per warp, 8 per
   * quarter, 32 → 1 block = 100 %. */
  { "turing-1024x64", "7.5", 1024, 64, 0, -1, 1, CUOCC_CACHING_OFF,
    1, 32, "100", 1, 1, U, 16, U, W | R, 65536, 0, 65536, 0 },
  /* 100 threads: 4 warps, the last partly idle. */
  { "partial-warp", "12.0", 100, 0, 0, -1, 1, CUOCC_CACHING_OFF,
    12, 48, "100", 12, U, 100, 24, 24, W, 0, 1024, 102400, CUOCC_WARN_PARTIAL_WARP },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  char pct[CUOCC_TABLE_PERCENT_SIZE];

  g_assert_true (cuocc_gpu_for_cc (c->cc, &gpu, &error));
  g_assert_no_error (error);

  cuocc_input_init (&in);
  in.threads = c->threads;
  in.regs = c->regs;
  in.smem = c->smem;
  in.smem_config = c->smem_config;
  in.barriers = c->barriers;
  in.caching = c->caching;

  g_assert_true (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_no_error (error);

  cuocc_table_format_percent (r.occupancy, pct);
  g_assert_cmpint (r.active_blocks, ==, c->blocks);
  g_assert_cmpint (r.active_warps, ==, c->warps);
  g_assert_cmpint (r.active_threads, ==, c->blocks * c->threads);
  g_assert_cmpstr (pct, ==, c->pct);
  g_assert_cmpint (r.blocks_by_warps, ==, c->by_warps);
  g_assert_cmpint (r.blocks_by_regs, ==, c->by_regs);
  g_assert_cmpint (r.blocks_by_smem, ==, c->by_smem);
  g_assert_cmpint (r.blocks_by_blocks, ==, c->by_blocks);
  g_assert_cmpint (r.blocks_by_barriers, ==, c->by_barriers);
  g_assert_cmphex (r.limiters, ==, c->limiters);
  g_assert_cmpint (r.regs_per_block, ==, c->regs_per_block);
  g_assert_cmpint (r.smem_per_block, ==, c->smem_per_block);
  g_assert_cmpint (r.smem_config, ==, c->config_in_effect);
  g_assert_cmphex (r.warnings, ==, c->warnings);
}

/* Best block size: at 37 registers on 7.0, blocks of w warps fit 48 / w
 * times by registers, so w must divide 48 to reach 48 warps; the largest
 * such w is 24 (768 threads, 2 blocks). On an 80-SM V100 the full grid is
 * 160 blocks. */
static void
test_best_block_size (void)
{
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  int grid = 0;

  g_assert_true (cuocc_gpu_find ("Tesla V100 SXM2", &gpu, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gpu.sm_count, ==, 80);
  cuocc_input_init (&in);
  in.threads = 128;
  in.regs = 37;
  g_assert_cmpint (cuocc_best_block_size (&gpu, &in, &grid), ==, 768);
  g_assert_cmpint (grid, ==, 160);

  /* No registers, no shared memory: 1024 threads reach all 2048. */
  in.regs = 0;
  g_assert_cmpint (cuocc_best_block_size (&gpu, &in, &grid), ==, 1024);
  g_assert_cmpint (grid, ==, 160);
}

/* Available dynamic shared memory: 8.0's 164 KB configuration shared by 4
 * blocks is 41 KB each (41984, a multiple of 128); less the 1 KB
 * reservation and 1000 bytes of static memory: 39960. For one block, the
 * whole opt-in 163 KB less the static memory: 166912 - 1000 = 165912. */
static void
test_available_smem (void)
{
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  gint64 bytes = -1;

  g_assert_true (cuocc_gpu_for_cc ("8.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 256;
  in.regs = 32;
  in.smem = 1000;
  g_assert_true (cuocc_available_dynamic_smem (&gpu, &in, 4, &bytes, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bytes, ==, 39960);

  /* And it really fits four blocks. */
  in.smem += bytes;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, NULL));
  g_assert_cmpint (r.blocks_by_smem, >=, 4);
  in.smem += 1;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, NULL));
  g_assert_cmpint (r.blocks_by_smem, <, 4);

  in.smem = 1000;
  g_assert_true (cuocc_available_dynamic_smem (&gpu, &in, 1, &bytes, &error));
  g_assert_cmpint (bytes, ==, 165912);

  /* 256 threads × 32 registers: 8 blocks fit, not 9. */
  g_assert_false (cuocc_available_dynamic_smem (&gpu, &in, 9, &bytes, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
}

static void
test_invalid_input (void)
{
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;
  GError *error = NULL;

  g_assert_true (cuocc_gpu_for_cc ("8.6", &gpu, NULL));

  cuocc_input_init (&in);
  in.threads = 0;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  cuocc_input_init (&in);
  in.regs = -1;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  cuocc_input_init (&in);
  in.smem = -5;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  /* 48 KB is not one of 8.6's carveouts; the message lists those that are. */
  cuocc_input_init (&in);
  in.smem_config = 49152;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_SMEM_CONFIG);
  g_assert_nonnull (strstr (error->message, "102400, 65536, 32768, 16384, 8192, 0"));
  g_clear_error (&error);

  cuocc_input_init (&in);
  in.caching = CUOCC_CACHING_ON;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED);
  g_clear_error (&error);

  cuocc_input_init (&in);
  in.barriers = 17;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_clear_error (&error);
}

/* The ranges the app and the command line state. From the programming
 * guide's table of technical specifications: 7.0 launches blocks of up to 1024
 * threads, 255 registers per thread, 96 KiB (98304 bytes) of shared memory
 * per block with opt-in; 8.0 163 KiB (166912); 9.0 227 KiB (232448) and
 * clusters of up to 16 (non-portable); 12.0 clusters of up to 8, 7.0 none.
 * cuocc answers any GPU for 1 to 2^20 threads, 0 to 16 barriers. */
static void
test_input_ranges (void)
{
  static const struct {
    const char *cc;
    CuoccInputKind kind;
    gint64 min, max, launch_max;
  } ranges[] = {
    { "7.0", CUOCC_INPUT_THREADS, 1, 1048576, 1024 },
    { "7.0", CUOCC_INPUT_REGS, 0, G_MAXINT, 255 },
    { "7.0", CUOCC_INPUT_SMEM, 0, G_MAXINT, 98304 },
    { "8.0", CUOCC_INPUT_SMEM, 0, G_MAXINT, 166912 },
    { "9.0", CUOCC_INPUT_SMEM, 0, G_MAXINT, 232448 },
    { "7.0", CUOCC_INPUT_BARRIERS, 0, 16, 16 },
    { "7.0", CUOCC_INPUT_CLUSTER_SIZE, 0, 0, 0 },
    { "9.0", CUOCC_INPUT_CLUSTER_SIZE, 0, 16, 16 },
    { "12.0", CUOCC_INPUT_CLUSTER_SIZE, 0, 8, 8 },
    { "9.0", CUOCC_INPUT_CARVEOUT, 0, 100, 100 },
    { NULL, CUOCC_INPUT_THREADS, 1, 1048576, 1048576 },
    { NULL, CUOCC_INPUT_CLUSTER_SIZE, 0, 16, 16 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      CuoccGpu gpu;
      CuoccInputRange r;

      if (ranges[i].cc != NULL)
        g_assert_true (cuocc_gpu_for_cc (ranges[i].cc, &gpu, NULL));
      r = cuocc_input_range (ranges[i].cc != NULL ? &gpu.cap : NULL, ranges[i].kind);
      g_assert_cmpint (r.min, ==, ranges[i].min);
      g_assert_cmpint (r.max, ==, ranges[i].max);
      g_assert_cmpint (r.launch_max, ==, ranges[i].launch_max);
    }
}

/* Percent of the largest configuration, raised to the next one. 9.0 (228
 * KiB = 233472): 50 % = 116736 → 132 KiB; 25 % = 58368 → 64 KiB; 1 % =
 * 2334 → 8 KiB; 0 → 0. 7.5 (64 KiB, steps 32 and 64): 0 → 32 KiB, 51 % =
 * 33423 → 64 KiB. 8.6 (100 KiB): 64 % = 65536 → 64 KiB, 65 % = 66560 →
 * 100 KiB. */
static void
test_carveout_mapping (void)
{
  static const struct {
    const char *cc;
    int pct;
    gint64 config;
  } carveouts[] = {
    { "9.0", 100, 233472 }, { "9.0", 50, 135168 }, { "9.0", 25, 65536 }, { "9.0", 1, 8192 },
    { "9.0", 0, 0 }, { "7.5", 0, 32768 }, { "7.5", 51, 65536 }, { "8.6", 64, 65536 },
    { "8.6", 65, 102400 }, { "6.1", 50, -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (carveouts); i++)
    {
      CuoccGpu gpu;

      g_assert_true (cuocc_gpu_for_cc (carveouts[i].cc, &gpu, NULL));
      g_assert_cmpint (cuocc_carveout_config (&gpu.cap, carveouts[i].pct), ==, carveouts[i].config);
    }
}

/* H200, 256 threads, 40000 bytes: 41024 → 41088 per block. At 50 % (132
 * KiB) 3 blocks fit, the largest configuration would hold 5: the preference
 * limits, and says so. At 100 % nothing is said. */
static void
test_carveout_preference (void)
{
  g_autoptr(GError) error = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  CuoccResult r;

  g_assert_true (cuocc_gpu_find ("H200", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 256;
  in.smem = 40000;
  in.carveout = 50;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, NULL));
  g_assert_cmpint (r.smem_config, ==, 135168);
  g_assert_cmpint (r.active_blocks, ==, 3);
  g_assert_true (r.warnings & CUOCC_WARN_CARVEOUT_PREFERENCE);
  {
    g_autofree char *text = cuocc_warnings_to_string (&gpu, &in, &r);

    g_assert_nonnull (strstr (text, "a preference, not a guarantee: the driver may grant more shared memory and run more blocks"));
  }

  in.carveout = 100;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, NULL));
  g_assert_cmpint (r.active_blocks, ==, 5);
  g_assert_false (r.warnings & CUOCC_WARN_CARVEOUT_PREFERENCE);

  /* Registers bind first (255 × 256 threads: one block), so 50 % does not limit. */
  in.carveout = 50;
  in.regs = 255;
  g_assert_true (cuocc_calculate (&gpu, &in, &r, NULL));
  g_assert_false (r.warnings & CUOCC_WARN_CARVEOUT_PREFERENCE);

  /* Both ways of choosing the configuration at once is an error. */
  in.smem_config = 65536;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  in.smem_config = -1;
  in.carveout = 101;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  g_assert_true (cuocc_gpu_for_cc ("6.1", &gpu, NULL));
  in.carveout = 50;
  in.regs = 32;
  g_assert_false (cuocc_calculate (&gpu, &in, &r, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cuocc/model/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/cuocc/model/best-block-size", test_best_block_size);
  g_test_add_func ("/cuocc/model/available-smem", test_available_smem);
  g_test_add_func ("/cuocc/model/invalid-input", test_invalid_input);
  g_test_add_func ("/cuocc/model/input-ranges", test_input_ranges);
  g_test_add_func ("/cuocc/model/carveout-mapping", test_carveout_mapping);
  g_test_add_func ("/cuocc/model/carveout-preference", test_carveout_preference);

  return g_test_run ();
}
