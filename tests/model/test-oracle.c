/* test-oracle.c — libcuocc against NVIDIA's cuda_occupancy.h, as an oracle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The header is proprietary and not part of cuocc: this test includes it
 * from the CUDA toolkit where one is installed, and is skipped elsewhere.
 * For every compute capability the header knows, it feeds both the same
 * device figures (from cuocc's table) and a few hundred thousand kernel
 * configurations, and compares every output: the block limits, the
 * allocations, the caching decision, the limiting factors, the best block
 * size and the dynamic shared memory still available.
 *
 * Two differences are deliberate and checked as such:
 *  - limiting factors: where barriers push the result below another
 *    factor's limit, cuocc does not name that factor;
 *  - available dynamic shared memory: cuocc subtracts the runtime's
 *    reservation, which the header forgets to.
 */
#include <string.h>

#include <cuocc.h>

#ifdef HAVE_CUDA_OCCUPANCY_H
#include <cuda_occupancy.h>

#define N_RANDOM_PER_CC 12000

typedef struct {
  guint64 evaluated;
  guint64 best_block;
  guint64 available;
  guint64 configs_unreachable;
} Tally;

static void
fill_props (const CuoccCapability *cap,
            cudaOccDeviceProp     *prop)
{
  memset (prop, 0, sizeof *prop);
  prop->computeMajor = cap->major;
  prop->computeMinor = cap->minor;
  prop->maxThreadsPerBlock = cap->max_threads_per_block;
  prop->maxThreadsPerMultiprocessor = cap->max_warps_per_sm * cap->warp_size;
  prop->regsPerBlock = cap->max_regs_per_block;
  prop->regsPerMultiprocessor = cap->regs_per_sm;
  prop->warpSize = cap->warp_size;
  prop->sharedMemPerBlock = cap->smem_per_block;
  prop->sharedMemPerMultiprocessor = cap->smem_per_sm;
  prop->numSms = 100;
  prop->sharedMemPerBlockOptin = cap->smem_per_block_optin;
  prop->reservedSharedMemPerBlock = cap->smem_reserved_per_block;
}

/* The device state that selects a shared memory configuration: a cache
 * preference before Volta, a carveout percentage from Volta on. */
static gboolean
fill_state (const CuoccCapability *cap,
            const cudaOccDeviceProp *prop,
            gint64                 config,
            cudaOccDeviceState    *state)
{
  memset (state, 0, sizeof *state);
  state->cacheConfig = CACHE_PREFER_NONE;
  state->carveoutConfig = SHAREDMEM_CARVEOUT_DEFAULT;

  if (config < 0)
    return TRUE;

  if (cap->major >= 7)
    {
      for (int pct = 0; pct <= 100; pct++)
        {
          size_t size = (size_t) pct * prop->sharedMemPerMultiprocessor / 100;

          gint64 best = -1;

          for (int i = 0; i < cap->n_smem_configs; i++)
            if (cap->smem_configs[i] >= (gint64) size && (best < 0 || cap->smem_configs[i] < best))
              best = cap->smem_configs[i];
          if (best == config)
            {
              state->carveoutConfig = pct;
              return TRUE;
            }
        }
      return FALSE;
    }

  if (config == cap->smem_per_sm)
    state->cacheConfig = CACHE_PREFER_SHARED;
  else if (cap->n_smem_configs == 3 && config == cap->smem_configs[1])
    state->cacheConfig = CACHE_PREFER_EQUAL;
  else if (cap->n_smem_configs == 3 && config == cap->smem_configs[2])
    state->cacheConfig = CACHE_PREFER_L1;
  else
    return FALSE;
  return TRUE;
}

static void
fill_attrs (const CuoccInput       *in,
            const CuoccCapability  *cap,
            cudaOccFuncAttributes  *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->maxThreadsPerBlock = cap->max_threads_per_block;
  attr->numRegs = in->regs;
  attr->sharedSizeBytes = 0;
  attr->partitionedGCConfig = (cudaOccPartitionedGCConfig) in->caching;
  attr->shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  attr->maxDynamicSharedSizeBytes = (size_t) in->smem;
  attr->numBlockBarriers = in->barriers;
  attr->virtualResourceCount = 0;
}

static int
limit_or_unlimited (int v)
{
  return v == INT_MAX ? CUOCC_UNLIMITED : v;
}

static void
compare_one (const CuoccGpu          *gpu,
             const cudaOccDeviceProp *prop,
             const CuoccInput        *in,
             gboolean                 also_derived,
             Tally                   *tally)
{
  const CuoccCapability *cap = &gpu->cap;
  cudaOccFuncAttributes attr;
  cudaOccDeviceState state;
  cudaOccResult occ;
  CuoccResult r;
  cudaOccError status;
  guint expected_limiters;

  if (!fill_state (cap, prop, in->smem_config, &state))
    {
      tally->configs_unreachable++;
      return;
    }
  fill_attrs (in, cap, &attr);

  memset (&occ, 0, sizeof occ);
  status = cudaOccMaxActiveBlocksPerMultiprocessor (&occ, prop, &attr, &state, in->threads, (size_t) in->smem);
  g_assert_cmpint (status, ==, CUDA_OCC_SUCCESS);

  {
    g_autoptr(GError) error = NULL;

    cuocc_calculate (gpu, in, &r, &error);
    g_assert_no_error (error);
  }
  tally->evaluated++;

#define SAME(ours, theirs) G_STMT_START {                                                        \
    if ((gint64) (ours) != (gint64) (theirs))                                                    \
      g_error ("CC %d.%d threads=%d regs=%d smem=%" G_GINT64_FORMAT " config=%" G_GINT64_FORMAT \
               " barriers=%d caching=%d: %s = %" G_GINT64_FORMAT ", cuda_occupancy.h says %"     \
               G_GINT64_FORMAT, cap->major, cap->minor, in->threads, in->regs, in->smem,         \
               in->smem_config, in->barriers, in->caching, #ours, (gint64) (ours),               \
               (gint64) (theirs));                                                               \
  } G_STMT_END

  SAME (r.active_blocks, occ.activeBlocksPerMultiprocessor);
  SAME (r.blocks_by_warps, occ.blockLimitWarps);
  SAME (r.blocks_by_regs, limit_or_unlimited (occ.blockLimitRegs));
  SAME (r.blocks_by_smem, limit_or_unlimited (occ.blockLimitSharedMem));
  SAME (r.blocks_by_blocks, occ.blockLimitBlocks);
  SAME (r.blocks_by_barriers, limit_or_unlimited (occ.blockLimitBarriers));
  SAME (r.regs_per_block, occ.allocatedRegistersPerBlock);
  SAME (r.smem_per_block, occ.allocatedSharedMemPerBlock);
  SAME (r.caching, occ.partitionedGCConfig);

  /* The header names every factor equal to the limit before barriers are
   * counted; cuocc names those equal to the final result. */
  expected_limiters = occ.limitingFactors & (OCC_LIMIT_WARPS | OCC_LIMIT_REGISTERS
                                             | OCC_LIMIT_SHARED_MEMORY | OCC_LIMIT_BLOCKS
                                             | OCC_LIMIT_BARRIERS);
  if ((occ.limitingFactors & OCC_LIMIT_BARRIERS)
      && MIN (MIN (occ.blockLimitWarps, occ.blockLimitRegs),
              MIN (occ.blockLimitSharedMem, occ.blockLimitBlocks)) > occ.activeBlocksPerMultiprocessor)
    expected_limiters = OCC_LIMIT_BARRIERS;
  SAME (r.limiters, expected_limiters);

  if (!also_derived)
    return;

  /* The best block size and the grid for a full machine. */
  {
    int their_grid = 0, their_size = 0, our_grid = 0, our_size;
    CuoccGpu sized = *gpu;

    sized.sm_count = prop->numSms;
    status = cudaOccMaxPotentialOccupancyBlockSize (&their_grid, &their_size, prop, &attr, &state,
                                                    NULL, (size_t) in->smem);
    g_assert_cmpint (status, ==, CUDA_OCC_SUCCESS);
    our_size = cuocc_best_block_size (&sized, in, &our_grid);
    SAME (our_size, their_size);
    SAME (our_grid, their_grid);
    tally->best_block++;
  }

  /* The dynamic shared memory left for n blocks, the kernel's memory taken
   * as static. */
  {
    int n_blocks = 1 + (int) (in->regs % 8);
    size_t their_bytes = 0;
    gint64 our_bytes = -1;
    gboolean ours_ok;

    attr.sharedSizeBytes = (size_t) in->smem;
    attr.maxDynamicSharedSizeBytes = (size_t) 1 << 41;
    status = cudaOccAvailableDynamicSMemPerBlock (&their_bytes, prop, &attr, &state, n_blocks, in->threads);
    ours_ok = cuocc_available_dynamic_smem (gpu, in, n_blocks, &our_bytes, NULL);
    SAME (ours_ok, status == CUDA_OCC_SUCCESS);
    if (ours_ok)
      {
        gint64 theirs = (gint64) their_bytes;

        /* Below zero, size_t wraps in the header (and is capped at 2^41). */
        if (their_bytes > ((size_t) 1 << 40))
          theirs = -1;
        SAME (our_bytes, MAX (0, theirs - cap->smem_reserved_per_block));
      }
    tally->available++;
  }
#undef SAME
}

static int
pick_threads (GRand *rand)
{
  switch (g_rand_int_range (rand, 0, 10))
    {
    case 0: return g_rand_int_range (rand, 1025, 4097);
    case 1: case 2: return 32 * g_rand_int_range (rand, 1, 33);
    case 3: return 32 * g_rand_int_range (rand, 1, 33) + g_rand_int_range (rand, -1, 2);
    default: return g_rand_int_range (rand, 1, 1025);
    }
}

static gint64
pick_smem (GRand                 *rand,
           const CuoccCapability *cap)
{
  gint64 top = cap->smem_per_block_optin + 2048;
  gint64 v;

  /* Computed into v first: MAX() would draw its random arguments twice. */
  switch (g_rand_int_range (rand, 0, 10))
    {
    case 0: case 1: case 2:
      v = 0;
      break;
    case 3: /* around an allocation unit boundary */
      v = (gint64) cap->smem_alloc_unit * g_rand_int_range (rand, 0, (int) (top / cap->smem_alloc_unit))
          + g_rand_int_range (rand, -2, 3) - cap->smem_reserved_per_block;
      break;
    case 4: /* around a configuration divided by a block count */
      v = cap->smem_configs[g_rand_int_range (rand, 0, cap->n_smem_configs)] / g_rand_int_range (rand, 1, 9)
          + g_rand_int_range (rand, -1200, 1200);
      break;
    case 5: /* around the per-block limits */
      v = (g_rand_boolean (rand) ? cap->smem_per_block : cap->smem_per_block_optin)
          + g_rand_int_range (rand, -1100, 1100);
      break;
    default:
      v = g_rand_int_range (rand, 0, (int) top);
      break;
    }
  return MAX (0, v);
}

static void
random_input (GRand                 *rand,
              const CuoccCapability *cap,
              CuoccInput            *in)
{
  cuocc_input_init (in);
  in->threads = pick_threads (rand);
  in->regs = g_rand_int_range (rand, 0, 10) == 0 ? g_rand_int_range (rand, 0, 300) : g_rand_int_range (rand, 0, 257);
  in->smem = pick_smem (rand, cap);
  in->smem_config = g_rand_int_range (rand, 0, 3) == 0
                    ? -1 : cap->smem_configs[g_rand_int_range (rand, 0, cap->n_smem_configs)];
  in->barriers = g_rand_int_range (rand, 0, 8) == 0 ? g_rand_int_range (rand, 0, 17) : g_rand_int_range (rand, 0, 4);
  in->caching = cap->partitioned_caching ? (CuoccCaching) g_rand_int_range (rand, 0, 3) : CUOCC_CACHING_OFF;
}

/* Whether the installed header predates a compute capability: CUDA 13.0's
 * cuda_occupancy.h answers CUDA_OCC_ERROR_UNKNOWN_DEVICE for Rubin's 10.7,
 * which came with CUDA 13.4. Such a capability is left out of the
 * comparisons, with a message; a header that knows it compares it. */
static gboolean
header_predates (const CuoccCapability *cap)
{
  cudaOccDeviceProp prop;
  cudaOccFuncAttributes attr;
  cudaOccDeviceState state;
  cudaOccResult occ;
  CuoccInput in;

  if (!(cap->major == 10 && cap->minor == 7))
    return FALSE;
  fill_props (cap, &prop);
  cuocc_input_init (&in);
  fill_attrs (&in, cap, &attr);
  fill_state (cap, &prop, -1, &state);
  if (cudaOccMaxActiveBlocksPerMultiprocessor (&occ, &prop, &attr, &state, 128, 0) != CUDA_OCC_ERROR_UNKNOWN_DEVICE)
    return FALSE;
  g_test_message ("the installed cuda_occupancy.h predates %d.%d: not compared", cap->major, cap->minor);
  return TRUE;
}

static void
test_against_header (void)
{
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);
  Tally tally = { 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  guint n_caps = 0;

  for (guint i = 0; i < n; i++)
    {
      const CuoccCapability *cap = &caps[i];
      cudaOccDeviceProp prop;
      CuoccGpu gpu;
      CuoccInput in;

      if (cap->major < 3 || header_predates (cap))
        continue;
      n_caps++;
      g_assert_true (cuocc_gpu_for_cc_numbers (cap->major, cap->minor, &gpu, NULL));
      fill_props (cap, &prop);

      /* A dense plane: every block size to 1056 × registers in steps of 3,
       * with no shared memory and with some. */
      for (int threads = 1; threads <= 1056; threads += (threads < 96 ? 1 : 7))
        for (int regs = 0; regs <= 256; regs += 3)
          {
            cuocc_input_init (&in);
            in.threads = threads;
            in.regs = regs;
            in.smem = (threads * regs) % 3 == 0 ? 0 : (gint64) (threads * 37 + regs * 101) % (cap->smem_per_block + 1);
            compare_one (&gpu, &prop, &in, FALSE, &tally);
          }

      for (int k = 0; k < N_RANDOM_PER_CC; k++)
        {
          random_input (rand, cap, &in);
          compare_one (&gpu, &prop, &in, k % 8 == 0, &tally);
        }
    }

  g_test_message ("compared %" G_GUINT64_FORMAT " configurations on %u compute capabilities "
                  "(%" G_GUINT64_FORMAT " best block sizes, %" G_GUINT64_FORMAT " available-memory "
                  "queries); %" G_GUINT64_FORMAT " carveouts could not be expressed as a percentage",
                  tally.evaluated, n_caps, tally.best_block, tally.available, tally.configs_unreachable);
  g_assert_cmpuint (tally.evaluated, >=, 100000);
  g_assert_cmpuint (tally.configs_unreachable, ==, 0);
}

/* A carveout preference in percent: the configuration the header maps it
 * to, and the blocks both count with it, for every percentage and a spread
 * of shared memory sizes on every compute capability from 7.0 on. */
static void
test_carveout_against_header (void)
{
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);
  guint64 compared = 0;

  for (guint i = 0; i < n; i++)
    {
      const CuoccCapability *cap = &caps[i];
      cudaOccDeviceProp prop;
      CuoccGpu gpu;

      if (cap->major < 7 || header_predates (cap))
        continue;
      g_assert_true (cuocc_gpu_for_cc_numbers (cap->major, cap->minor, &gpu, NULL));
      fill_props (cap, &prop);
      for (int pct = 0; pct <= 100; pct++)
        {
          cudaOccDeviceState state;
          size_t limit = 0;

          fill_state (cap, &prop, -1, &state);
          state.carveoutConfig = pct;
          g_assert_cmpint (cudaOccSMemPerMultiprocessor (&limit, &prop, &state), ==, CUDA_OCC_SUCCESS);
          g_assert_cmpint (cuocc_carveout_config (cap, pct), ==, (gint64) limit);

          for (gint64 smem = 0; smem <= cap->smem_per_block_optin; smem += 3001)
            {
              cudaOccFuncAttributes attr;
              cudaOccResult occ;
              CuoccInput in;
              CuoccResult r;

              cuocc_input_init (&in);
              in.threads = 128;
              in.regs = 24;
              in.smem = smem;
              in.carveout = pct;
              fill_attrs (&in, cap, &attr);
              memset (&occ, 0, sizeof occ);
              g_assert_cmpint (cudaOccMaxActiveBlocksPerMultiprocessor (&occ, &prop, &attr, &state, in.threads,
                                                                        (size_t) in.smem), ==, CUDA_OCC_SUCCESS);
              g_assert_true (cuocc_calculate (&gpu, &in, &r, NULL));
              g_assert_cmpint (r.active_blocks, ==, occ.activeBlocksPerMultiprocessor);
              g_assert_cmpint (r.blocks_by_smem, ==, limit_or_unlimited (occ.blockLimitSharedMem));
              compared++;
            }
        }
    }
  g_test_message ("compared %" G_GUINT64_FORMAT " carveout configurations", compared);
  g_assert_cmpuint (compared, >=, 10000);
}

/* The header refuses what it does not know: cuocc's table should cover
 * everything it knows, and nothing it knows should be missing. */
static void
test_header_knows_our_capabilities (void)
{
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);

  for (guint i = 0; i < n; i++)
    {
      cudaOccDeviceProp prop;
      cudaOccFuncAttributes attr;
      cudaOccDeviceState state;
      cudaOccResult occ;
      CuoccInput in;

      if (caps[i].major < 3 || header_predates (&caps[i]))
        continue;
      fill_props (&caps[i], &prop);
      cuocc_input_init (&in);
      fill_attrs (&in, &caps[i], &attr);
      fill_state (&caps[i], &prop, -1, &state);
      g_assert_cmpint (cudaOccMaxActiveBlocksPerMultiprocessor (&occ, &prop, &attr, &state, 128, 0),
                       ==, CUDA_OCC_SUCCESS);
    }
}
#else
static void
test_skipped (void)
{
  g_test_skip ("cuda_occupancy.h is not installed; configure with -Doccupancy_header_dir=DIR to compare");
}
#endif

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#ifdef HAVE_CUDA_OCCUPANCY_H
  g_test_add_func ("/cuocc/oracle/header-knows-capabilities", test_header_knows_our_capabilities);
  g_test_add_func ("/cuocc/oracle/against-cuda-occupancy-h", test_against_header);
  g_test_add_func ("/cuocc/oracle/carveout-against-cuda-occupancy-h", test_carveout_against_header);
#else
  g_test_add_func ("/cuocc/oracle/against-cuda-occupancy-h", test_skipped);
  g_test_add_func ("/cuocc/oracle/carveout-against-cuda-occupancy-h", test_skipped);
#endif

  return g_test_run ();
}
