/* test-advice.c — tuning advice, every suggestion checked by the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <cuocc.h>

static const CuoccAdvice *
find_level (GPtrArray *list,
            int        blocks)
{
  for (guint i = 0; i < list->len; i++)
    {
      const CuoccAdvice *a = g_ptr_array_index (list, i);

      if (a->kind == CUOCC_ADVICE_LEVEL && a->blocks == blocks)
        return a;
    }
  return NULL;
}

/* A Turing exercise: 512 threads × 80 registers. 80 × 32 = 2560 per warp;
 * a quarter SM (16384) holds 6 warps, 24 in all: one block of 16 warps,
 * 50 %. Two blocks need 8 warps per quarter: 2048 registers per warp, 64
 * per thread. */
static void
test_registers_to_get_under (void)
{
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  const CuoccAdvice *a;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_for_cc ("7.5", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 512;
  in.regs = 80;
  list = cuocc_advise (&gpu, &in, NULL, &error);
  g_assert_no_error (error);

  a = find_level (list, 2);
  g_assert_nonnull (a);
  g_assert_cmpint (a->regs, ==, 64);
  g_assert_cmpint (a->smem, ==, -1);
  g_assert_cmpint (a->active_warps, ==, 32);
  g_assert_cmpstr (a->launch_bounds, ==, "__launch_bounds__(512, 2)");
  g_assert_nonnull (strstr (a->text, "-maxrregcount=64"));
  g_assert_null (find_level (list, 3));
}

/* 8.6, 256 threads × 32 registers, 20000 bytes: 4 blocks, limited by shared
 * memory (21120 allocated of 102400). Warps allow 6. Five blocks need an
 * allocation of at most 20480: 19456 bytes plus the 1 KB reservation. Six
 * need at most 17066, rounded down to 128: 17024, so 16000 bytes. */
static void
test_shared_memory_budget (void)
{
  g_autoptr(GPtrArray) list = NULL;
  const CuoccAdvice *a;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_for_cc ("8.6", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 256;
  in.regs = 32;
  in.smem = 20000;
  list = cuocc_advise (&gpu, &in, NULL, NULL);
  g_assert_nonnull (list);

  a = find_level (list, 5);
  g_assert_nonnull (a);
  g_assert_cmpint (a->smem, ==, 19456);
  g_assert_cmpint (a->regs, ==, -1);
  a = find_level (list, 6);
  g_assert_nonnull (a);
  g_assert_cmpint (a->smem, ==, 16000);
  g_assert_null (find_level (list, 7));
}

/* Every suggestion, applied, reaches what it promises. */
static void
test_advice_is_checked (void)
{
  static const char *ccs[] = { "3.5", "6.0", "7.0", "8.0", "8.9", "9.0", "12.0" };

  for (guint c = 0; c < G_N_ELEMENTS (ccs); c++)
    for (int threads = 96; threads <= 1024; threads += 160)
      for (int regs = 24; regs <= 200; regs += 22)
        {
          g_autoptr(GPtrArray) list = NULL;
          CuoccGpu gpu;
          CuoccInput in;

          g_assert_true (cuocc_gpu_for_cc (ccs[c], &gpu, NULL));
          cuocc_input_init (&in);
          in.threads = threads;
          in.regs = regs;
          in.smem = (threads * regs) % 40000;
          list = cuocc_advise (&gpu, &in, NULL, NULL);
          g_assert_nonnull (list);
          for (guint i = 0; i < list->len; i++)
            {
              const CuoccAdvice *a = g_ptr_array_index (list, i);
              CuoccInput changed = in;
              CuoccResult r;

              if (a->kind == CUOCC_ADVICE_LEVEL)
                {
                  if (a->regs >= 0)
                    changed.regs = a->regs;
                  if (a->smem >= 0)
                    changed.smem = a->smem;
                }
              else if (a->kind == CUOCC_ADVICE_BLOCK_SIZE)
                changed.threads = a->block_size;
              else
                continue;
              g_assert_true (cuocc_calculate (&gpu, &changed, &r, NULL));
              g_assert_cmpint (r.active_blocks, >=, a->blocks);
            }
        }
}

/* H100, 288 threads (9 warps) × 40 registers: 1280 per warp, 12 warps per
 * quarter, 48 per SM → 5 blocks. Six blocks need 14 warps per quarter
 * (1170 registers per warp → 1024, 32 per thread), but 32 registers give
 * 16 per quarter: 7 blocks. One suggestion, for 7, not one for 6 and 7. */
static void
test_levels_not_repeated (void)
{
  g_autoptr(GPtrArray) list = NULL;
  const CuoccAdvice *a;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 288;
  in.regs = 40;
  list = cuocc_advise (&gpu, &in, NULL, NULL);
  g_assert_null (find_level (list, 6));
  a = find_level (list, 7);
  g_assert_nonnull (a);
  g_assert_cmpint (a->regs, ==, 32);
  g_assert_cmpstr (a->launch_bounds, ==, "__launch_bounds__(288, 7)");
}

static void
test_warnings (void)
{
  g_autoptr(GPtrArray) list = NULL;
  CuoccAdviceExtra extra = { .spill_stores = 48, .spill_loads = 40 };
  gboolean spills = FALSE, partial = FALSE, idle = FALSE;
  CuoccGpu gpu;
  CuoccInput in;

  /* 9.0, 100 threads, 2000 bytes: 4 warps per block, 16 blocks (warps);
   * 16 × 3072 = 49152 bytes of the 228 KB carveout: 64 KB would do. */
  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 100;
  in.regs = 32;
  in.smem = 2000;
  list = cuocc_advise (&gpu, &in, &extra, NULL);
  for (guint i = 0; i < list->len; i++)
    {
      const CuoccAdvice *a = g_ptr_array_index (list, i);

      if (a->kind != CUOCC_ADVICE_WARNING)
        continue;
      spills |= strstr (a->text, "48 bytes of spill stores and 40 bytes of spill loads in the compiled code") != NULL &&
                strstr (a->text, "not bytes per thread") != NULL;
      partial |= strstr (a->text, "Round up to 128") != NULL;
      idle |= strstr (a->text, "a carveout of 64 KiB") != NULL && strstr (a->text, "of the 228 KiB") != NULL;
    }
  g_assert_true (spills);
  g_assert_true (partial);
  g_assert_true (idle);
}

/* H100 SXM5 (9.0), 128 threads (4 warps) × 108 registers: 3456 → 3584
 * registers a warp, 4 warps a quarter (16384), 16 warps: 4 blocks, 25 %.
 * n blocks need n warps a quarter, at most 16384 / n registers a warp,
 * rounded down to 256, over 32: 5 → 96, 6 → 80, 7 → 72, 8 → 64, 9 → 56,
 * 10 → 48; 11 → 40, but 40 (1280 a warp) fit 12 warps a quarter: 12
 * blocks, 75 %; 13 → 32, and 32 (1024 a warp) fit 16: 16 blocks, 100 %,
 * the warps' limit. All eight levels, up to the best. */
static void
test_levels_up_to_the_best (void)
{
  static const int expected[][2] = {
    { 5, 96 }, { 6, 80 }, { 7, 72 }, { 8, 64 }, { 9, 56 }, { 10, 48 }, { 12, 40 }, { 16, 32 },
  };
  g_autoptr(GPtrArray) list = NULL;
  CuoccGpu gpu;
  CuoccInput in;
  guint n_levels = 0;

  g_assert_true (cuocc_gpu_find ("H100 SXM5", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  in.regs = 108;
  list = cuocc_advise (&gpu, &in, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const CuoccAdvice *a = find_level (list, expected[i][0]);

      g_assert_nonnull (a);
      g_assert_cmpint (a->regs, ==, expected[i][1]);
      g_assert_cmpint (a->active_warps, ==, 4 * expected[i][0]);
    }
  g_assert_cmpfloat (find_level (list, 12)->occupancy, ==, 0.75);
  g_assert_cmpfloat (find_level (list, 16)->occupancy, ==, 1.0);
  for (guint i = 0; i < list->len; i++)
    n_levels += ((const CuoccAdvice *) g_ptr_array_index (list, i))->kind == CUOCC_ADVICE_LEVEL;
  g_assert_cmpuint (n_levels, ==, G_N_ELEMENTS (expected));
}

/* 9.0, 32 threads × 16 registers, 100000 bytes: 101024 → 101120 a block,
 * two fit the 228 KiB (233472) carveout. Every count from 3 to 32 (the
 * block limit) is reachable through shared memory: 30 levels. The next
 * five and the top three are listed: n blocks get 233472 / n rounded down
 * to 128, less the 1 KiB reservation — 3 → 76800, 4 → 57344, 5 → 45568,
 * 6 → 37888, 7 → 32256; 30 → 6656, 31 → 6400, 32 → 6272. */
static void
test_many_levels (void)
{
  static const int expected[][2] = {
    { 3, 76800 }, { 4, 57344 }, { 5, 45568 }, { 6, 37888 }, { 7, 32256 },
    { 30, 6656 }, { 31, 6400 }, { 32, 6272 },
  };
  g_autoptr(GPtrArray) list = NULL;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_for_cc ("9.0", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 32;
  in.regs = 16;
  in.smem = 100000;
  list = cuocc_advise (&gpu, &in, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const CuoccAdvice *a = find_level (list, expected[i][0]);

      g_assert_nonnull (a);
      g_assert_cmpint (a->smem, ==, expected[i][1]);
    }
  for (int blocks = 8; blocks < 30; blocks++)
    g_assert_null (find_level (list, blocks));
  g_assert_nonnull (strstr (find_level (list, 5)->text, "44.5 KiB (45568 bytes)"));
  g_assert_nonnull (strstr (find_level (list, 3)->text, "at most 75 KiB of shared memory"));
}

/* The same H100 kernel, spilling: the other direction. 4 blocks hold
 * while a warp takes at most 4096 registers (128 a thread); 3 blocks
 * allow 16384 / 3 → 5376 (168); 2 blocks 8192, more than the 255 a
 * thread may have (8160 → 8192): 255. */
static void
test_more_registers (void)
{
  static const int expected[][2] = { { 4, 128 }, { 3, 168 }, { 2, 255 } };
  CuoccAdviceExtra extra = { .spill_stores = 24, .spill_loads = 16 };
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) quiet = NULL;
  guint n = 0;
  CuoccGpu gpu;
  CuoccInput in;

  g_assert_true (cuocc_gpu_find ("H100 SXM5", &gpu, NULL));
  cuocc_input_init (&in);
  in.threads = 128;
  in.regs = 108;
  list = cuocc_advise (&gpu, &in, &extra, NULL);
  for (guint i = 0; i < list->len; i++)
    {
      const CuoccAdvice *a = g_ptr_array_index (list, i);
      CuoccInput changed = in;
      CuoccResult r;

      if (a->kind != CUOCC_ADVICE_MORE_REGISTERS)
        continue;
      g_assert_cmpuint (n, <, G_N_ELEMENTS (expected));
      g_assert_cmpint (a->blocks, ==, expected[n][0]);
      g_assert_cmpint (a->regs, ==, expected[n][1]);
      changed.regs = a->regs;
      g_assert_true (cuocc_calculate (&gpu, &changed, &r, NULL));
      g_assert_cmpint (r.active_blocks, ==, a->blocks);
      changed.regs = a->regs + 1;
      if (changed.regs <= gpu.cap.max_regs_per_thread)
        {
          g_assert_true (cuocc_calculate (&gpu, &changed, &r, NULL));
          g_assert_cmpint (r.active_blocks, <, a->blocks);
        }
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));

  /* Without spills, no such rows. */
  quiet = cuocc_advise (&gpu, &in, NULL, NULL);
  for (guint i = 0; i < quiet->len; i++)
    g_assert_cmpint (((const CuoccAdvice *) g_ptr_array_index (quiet, i))->kind, !=, CUOCC_ADVICE_MORE_REGISTERS);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/advice/registers", test_registers_to_get_under);
  g_test_add_func ("/cuocc/advice/shared-memory", test_shared_memory_budget);
  g_test_add_func ("/cuocc/advice/checked", test_advice_is_checked);
  g_test_add_func ("/cuocc/advice/not-repeated", test_levels_not_repeated);
  g_test_add_func ("/cuocc/advice/warnings", test_warnings);
  g_test_add_func ("/cuocc/advice/up-to-the-best", test_levels_up_to_the_best);
  g_test_add_func ("/cuocc/advice/many-levels", test_many_levels);
  g_test_add_func ("/cuocc/advice/more-registers", test_more_registers);

  return g_test_run ();
}
