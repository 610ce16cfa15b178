// Kernels for the CLI's tests of --check, clusters and shared memory (sm_90).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Built twice by make-gate-fixtures.sh: as it is, every kernel meets
// occupancy>=50,spills==0 at its declared block size; with -DREGRESSED,
// tuned() holds 48 KiB of static shared memory a block of 128 threads and
// falls to 25 % on compute capability 9.0.

extern "C" __global__ void __launch_bounds__(128) tuned(float *p)
{
#ifdef REGRESSED
  __shared__ float tile[12288];
#else
  __shared__ float tile[128];
#endif
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tile[127 - threadIdx.x];
}

// A 3,008-byte array: the driver reports 3008 bytes of static shared memory.
extern "C" __global__ void __launch_bounds__(256) shared3008(float *p)
{
  __shared__ float buf[752];
  for (int i = threadIdx.x; i < 752; i += blockDim.x)
    buf[i] = p[i];
  __syncthreads();
  p[threadIdx.x] = buf[751 - threadIdx.x % 752];
}

// Two blocks a cluster.
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128) cluster_pair(float *p)
{
  p[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f;
}
