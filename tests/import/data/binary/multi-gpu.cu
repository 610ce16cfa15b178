// multi-gpu.cu — kernels for the multi-GPU import tests (tests/import/test-import-cli.py).
// SPDX-License-Identifier: GPL-3.0-or-later

// Few registers, no shared memory.
__global__ void scale (float *x, float a, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

// 40 KiB of static shared memory a block.
__global__ void stage (float *x, int n)
{
  __shared__ float tile[10240];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = threadIdx.x; j < 10240; j += blockDim.x)
    tile[j] = x[(i + j) % n];
  __syncthreads ();
  if (i < n)
    x[i] = tile[(threadIdx.x * 7) % 10240] + tile[(threadIdx.x * 13 + 5) % 10240];
}

// Launch bounds of 128 threads: a block of 256 cannot launch.
__global__ void __launch_bounds__ (128) bounded (float *x, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = sqrtf (x[i]) + 1.0f;
}
