// Kernels for the binary readers' fixtures (make-fixtures.sh builds them).
// SPDX-License-Identifier: GPL-3.0-or-later
namespace cuocc {
namespace test {
template <typename T, int N>
__global__ void __launch_bounds__(256, 2) scale(T *x, T a)
{
  __shared__ T tile[N];
  tile[threadIdx.x % N] = x[threadIdx.x] * a;
  __syncthreads();
  x[threadIdx.x] = tile[(threadIdx.x + 1) % N];
}
template __global__ void scale<float, 128>(float *, float);
template __global__ void scale<double, 64>(double *, double);
} // namespace test
} // namespace cuocc

extern "C" __global__ void __maxnreg__(40) capped(int *p)
{
  p[threadIdx.x] += 1;
}

// Dynamic shared memory and a named barrier (bar.sync 3: four barriers).
extern "C" __global__ void named_barrier(float *p)
{
  extern __shared__ float buf[];
  buf[threadIdx.x] = p[threadIdx.x];
  asm volatile("bar.sync 3, 64;");
  p[threadIdx.x] = buf[threadIdx.x ^ 1];
}

// Spills under -maxrregcount=32.
extern "C" __global__ void spills(float *p, int n)
{
  float v[36];
#pragma unroll
  for (int i = 0; i < 36; i++)
    v[i] = p[i * n + threadIdx.x];
  __syncwarp ();
#pragma unroll
  for (int i = 0; i < 36; i++)
    p[i * n + threadIdx.x] = v[i] * v[35 - i];
}
