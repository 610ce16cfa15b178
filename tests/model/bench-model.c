/* bench-model.c — the model's cost per evaluation over the block-size ×
 * register plane, beside cuda_occupancy.h compiled with the same flags in
 * the same run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints ns per evaluation for each, and the ratio cuocc / header; run with
 * `meson test --benchmark -C _build --suite model -v`.
 */
#include <string.h>

#include <cuocc.h>

#ifdef HAVE_CUDA_OCCUPANCY_H
#include <cuda_occupancy.h>
#endif

#define ROUNDS 15

static const char *ccs[] = { "3.5", "6.1", "7.0", "8.6", "9.0", "12.0" };

static volatile gint64 sink;

static double
time_cuocc (const CuoccGpu *gpu,
            gboolean        checked)
{
  gint64 start = g_get_monotonic_time ();
  gint64 sum = 0;
  CuoccInput in;
  CuoccResult r;

  cuocc_input_init (&in);
  in.smem = 4096;
  for (int threads = 1; threads <= 1024; threads++)
    for (int regs = 0; regs <= 255; regs++)
      {
        in.threads = threads;
        in.regs = regs;
        if (checked)
          cuocc_calculate (gpu, &in, &r, NULL);
        else
          cuocc_calculate_unchecked (&gpu->cap, &in, &r);
        sum += r.active_blocks + r.limiters;
      }
  sink += sum;
  return (g_get_monotonic_time () - start) * 1000.0 / (1024.0 * 256.0);
}

#ifdef HAVE_CUDA_OCCUPANCY_H
/* The header's functions are static inline; called in the loop, the
 * compiler would fold the device figures into them as constants, which no
 * real caller gets. Like libcuocc's, they are called through a function. */
static __attribute__ ((noinline)) void
header_evaluate (cudaOccResult               *occ,
                 const cudaOccDeviceProp     *prop,
                 const cudaOccFuncAttributes *attr,
                 const cudaOccDeviceState    *state,
                 int                          threads)
{
  cudaOccMaxActiveBlocksPerMultiprocessor (occ, prop, attr, state, threads, 4096);
}

static double
time_header (const CuoccCapability *cap)
{
  cudaOccDeviceProp prop;
  cudaOccFuncAttributes attr;
  cudaOccDeviceState state;
  cudaOccResult occ;
  gint64 start, sum = 0;

  memset (&prop, 0, sizeof prop);
  prop.computeMajor = cap->major;
  prop.computeMinor = cap->minor;
  prop.maxThreadsPerBlock = cap->max_threads_per_block;
  prop.maxThreadsPerMultiprocessor = cap->max_warps_per_sm * cap->warp_size;
  prop.regsPerBlock = cap->max_regs_per_block;
  prop.regsPerMultiprocessor = cap->regs_per_sm;
  prop.warpSize = cap->warp_size;
  prop.sharedMemPerBlock = cap->smem_per_block;
  prop.sharedMemPerMultiprocessor = cap->smem_per_sm;
  prop.numSms = 1;
  prop.sharedMemPerBlockOptin = cap->smem_per_block_optin;
  prop.reservedSharedMemPerBlock = cap->smem_reserved_per_block;
  memset (&attr, 0, sizeof attr);
  attr.maxThreadsPerBlock = cap->max_threads_per_block;
  attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  attr.maxDynamicSharedSizeBytes = 4096;
  attr.numBlockBarriers = 1;
  memset (&occ, 0, sizeof occ);
  memset (&state, 0, sizeof state);
  state.carveoutConfig = SHAREDMEM_CARVEOUT_DEFAULT;

  start = g_get_monotonic_time ();
  for (int threads = 1; threads <= 1024; threads++)
    for (int regs = 0; regs <= 255; regs++)
      {
        attr.numRegs = regs;
        header_evaluate (&occ, &prop, &attr, &state, threads);
        sum += occ.activeBlocksPerMultiprocessor + occ.limitingFactors;
      }
  sink += sum;
  return (g_get_monotonic_time () - start) * 1000.0 / (1024.0 * 256.0);
}
#endif

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The fastest round: on a shared machine, interference only ever adds time. */
static double
fastest (double *v, int n)
{
  qsort (v, n, sizeof *v, compare_double);
  return v[0];
}

int
main (void)
{
  g_print ("# ns per evaluation over threads 1..1024 x registers 0..255 (262144 points), fastest of %d interleaved rounds\n", ROUNDS);
  g_print ("%-6s %12s %12s %12s %8s\n", "cc", "cuocc", "cuocc+check", "header", "ratio");

  for (guint c = 0; c < G_N_ELEMENTS (ccs); c++)
    {
      CuoccGpu gpu;
      double ours[ROUNDS], checked[ROUNDS], theirs[ROUNDS];

      if (!cuocc_gpu_for_cc (ccs[c], &gpu, NULL))
        return 1;
      /* Interleave the three so that machine noise hits each alike. */
      for (int r = 0; r < ROUNDS; r++)
        {
          ours[r] = time_cuocc (&gpu, FALSE);
          checked[r] = time_cuocc (&gpu, TRUE);
#ifdef HAVE_CUDA_OCCUPANCY_H
          theirs[r] = time_header (&gpu.cap);
#else
          theirs[r] = 0;
#endif
        }
      {
        double o = fastest (ours, ROUNDS), k = fastest (checked, ROUNDS), t = fastest (theirs, ROUNDS);

        if (t > 0)
          g_print ("%-6s %12.2f %12.2f %12.2f %8.2f\n", ccs[c], o, k, t, o / t);
        else
          g_print ("%-6s %12.2f %12.2f %12s %8s\n", ccs[c], o, k, "n/a", "n/a");
      }
    }
  g_print ("# ratio = cuocc (unchecked) / cuda_occupancy.h; below 1: cuocc is faster\n");
  return 0;
}
