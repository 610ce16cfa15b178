// Kernels compiled with nvcc to produce the ptxas -v fixtures of the
// import tests. Each one exercises a different corner of the log format.
#include <cstdint>

namespace cuocc {
namespace test {

template <typename T, int N>
__global__ void scale (T *out, const T *in, T factor)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    out[i] = in[i] * factor;
}

template __global__ void scale<float, 256> (float *, const float *, float);
template __global__ void scale<double, 1024> (double *, const double *, double);

}  // namespace test
}  // namespace cuocc

extern "C" __global__ void plain_c_kernel (int *data, int n)
{
  __shared__ int tile[128];
  int t = threadIdx.x;
  tile[t % 128] = data[t];
  __syncthreads ();
  if (t < n)
    data[t] = tile[(t + 1) % 128];
}

__global__ void __launch_bounds__ (256, 4) bounded (float *a, const float *b)
{
  __shared__ float buf[256][9];
  int t = threadIdx.x;
  for (int k = 0; k < 9; k++)
    buf[t][k] = b[t * 9 + k];
  __syncthreads ();
  float s = 0.f;
  for (int k = 0; k < 9; k++)
    s += buf[(t + k) % 256][k];
  a[t] = s;
}

__global__ void dynamic_smem (float *out, int n)
{
  extern __shared__ float dyn[];
  int t = threadIdx.x;
  dyn[t] = t * 2.0f;
  __syncthreads ();
  if (t < n)
    out[t] = dyn[n - 1 - t];
}

// Many live values so that -maxrregcount=32 forces spills.
__global__ void heavy (const float *in, float *out)
{
  float acc[64];
#pragma unroll
  for (int i = 0; i < 64; i++)
    acc[i] = in[threadIdx.x * 64 + i];
#pragma unroll
  for (int r = 0; r < 8; r++)
#pragma unroll
    for (int i = 0; i < 64; i++)
      acc[i] = acc[i] * acc[(i + r + 1) % 64] + acc[(i * 7 + r) % 64];
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < 64; i++)
    s += acc[i];
  out[threadIdx.x] = s;
}

// A local array indexed at run time lives in the stack frame.
__global__ void with_stack (int *out, int k)
{
  int local[40];
  for (int i = 0; i < 40; i++)
    local[i] = i * k;
  out[threadIdx.x] = local[(threadIdx.x + k) % 40];
}

// Named barriers via inline PTX: bar.sync 1 and 2 besides barrier 0.
__global__ void named_barriers (int *out)
{
  __shared__ int s[64];
  s[threadIdx.x % 64] = threadIdx.x;
  asm volatile ("bar.sync 1, 64;");
  asm volatile ("bar.sync 2, 64;");
  __syncthreads ();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

__device__ __noinline__ int helper (int x, int *scratch)
{
  scratch[x & 15] = x;
  return scratch[(x + 3) & 15] + 1;
}

__global__ void calls_helper (int *out)
{
  int scratch[16];
  out[threadIdx.x] = helper (threadIdx.x, scratch);
}

struct Pair { int a; float b; };

template <typename T>
__global__ void by_struct (T p, T *out, unsigned long long n, const char *tag)
{
  if (threadIdx.x < n)
    out[threadIdx.x] = p;
}

template __global__ void by_struct<Pair> (Pair, Pair *, unsigned long long, const char *);
