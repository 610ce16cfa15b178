// The kernels of the screenshots of the kernels table (build-aux/screenshots.sh builds them
// into a shared library with nvcc): a small program's worth of real kernels whose registers,
// shared memory and declared block sizes differ, so that the table and its summary show
// occupancies and limiters that differ too.
// SPDX-License-Identifier: GPL-3.0-or-later
namespace showcase {

// A tiled matrix product: a tile of A and B in shared memory, ACC accumulators a thread.
template <int TILE, int ACC>
__global__ void gemm_tile(const float *a, const float *b, float *c, int n)
{
  __shared__ float sa[TILE][TILE + 1];
  __shared__ float sb[TILE][TILE + 1];
  float acc[ACC];
#pragma unroll
  for (int i = 0; i < ACC; i++)
    acc[i] = 0.0f;
  int tx = threadIdx.x % TILE, ty = threadIdx.x / TILE;
  for (int k0 = 0; k0 < n; k0 += TILE)
    {
      sa[ty % TILE][tx] = a[(blockIdx.y * TILE + ty % TILE) * n + k0 + tx];
      sb[ty % TILE][tx] = b[(k0 + ty % TILE) * n + blockIdx.x * TILE + tx];
      __syncthreads();
#pragma unroll
      for (int k = 0; k < TILE; k++)
#pragma unroll
        for (int i = 0; i < ACC; i++)
          acc[i] += sa[(ty + i) % TILE][k] * sb[k][(tx + i) % TILE];
      __syncthreads();
    }
#pragma unroll
  for (int i = 0; i < ACC; i++)
    c[(blockIdx.y * TILE + (ty + i) % TILE) * n + blockIdx.x * TILE + tx] = acc[i];
}
template __global__ void gemm_tile<16, 4>(const float *, const float *, float *, int);
template __global__ void gemm_tile<32, 8>(const float *, const float *, float *, int);
template __global__ void gemm_tile<32, 32>(const float *, const float *, float *, int);
template __global__ void gemm_tile<64, 16>(const float *, const float *, float *, int);

// A block reduction through shared memory, at the block size it declares.
template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) reduce_sum(const T *x, T *out, int n)
{
  __shared__ T part[BLOCK];
  T s = 0;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK)
    s += x[i];
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = BLOCK / 2; w > 0; w /= 2)
    {
      if (threadIdx.x < w)
        part[threadIdx.x] += part[threadIdx.x + w];
      __syncthreads();
    }
  if (threadIdx.x == 0)
    out[blockIdx.x] = part[0];
}
template __global__ void reduce_sum<float, 128>(const float *, float *, int);
template __global__ void reduce_sum<double, 256>(const double *, double *, int);
template __global__ void reduce_sum<float, 1024>(const float *, float *, int);

// A row softmax whose row lives in shared memory.
template <int COLS>
__global__ void softmax_row(const float *x, float *y)
{
  __shared__ float row[COLS];
  __shared__ float red[32];
  const float *in = x + blockIdx.x * COLS;
  float m = -1e30f;
  for (int i = threadIdx.x; i < COLS; i += blockDim.x)
    {
      row[i] = in[i];
      m = fmaxf(m, row[i]);
    }
  for (int o = 16; o > 0; o /= 2)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if (threadIdx.x % 32 == 0)
    red[threadIdx.x / 32] = m;
  __syncthreads();
  m = red[0];
  float s = 0.0f;
  for (int i = threadIdx.x; i < COLS; i += blockDim.x)
    {
      row[i] = __expf(row[i] - m);
      s += row[i];
    }
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  for (int i = threadIdx.x; i < COLS; i += blockDim.x)
    y[blockIdx.x * COLS + i] = row[i] / s;
}
template __global__ void softmax_row<1024>(const float *, float *);
template __global__ void softmax_row<8192>(const float *, float *);

// A 2D stencil on a tile with its halo in shared memory.
template <int TILE, int R>
__global__ void stencil2d(const float *x, float *y, int n)
{
  __shared__ float t[TILE + 2 * R][TILE + 2 * R];
  int gx = blockIdx.x * TILE + threadIdx.x % TILE, gy = blockIdx.y * TILE + threadIdx.x / TILE;
  for (int dy = 0; dy < TILE + 2 * R; dy += blockDim.x / TILE)
    for (int dx = 0; dx < TILE + 2 * R; dx++)
      t[dy][dx] = x[(gy + dy) * n + gx + dx];
  __syncthreads();
  float s = 0.0f;
#pragma unroll
  for (int dy = -R; dy <= R; dy++)
#pragma unroll
    for (int dx = -R; dx <= R; dx++)
      s += t[threadIdx.x / TILE + R + dy][threadIdx.x % TILE + R + dx] * (1.0f / ((2 * R + 1) * (2 * R + 1)));
  y[gy * n + gx] = s;
}
template __global__ void stencil2d<16, 2>(const float *, float *, int);
template __global__ void stencil2d<64, 4>(const float *, float *, int);

} // namespace showcase

// Elementwise kernels: few registers, no shared memory.
extern "C" __global__ void axpy(float a, const float *x, float *y, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

extern "C" __global__ void __launch_bounds__(512, 2) gelu(const float *x, float *y, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 0.5f * x[i] * (1.0f + tanhf(0.7978845608f * (x[i] + 0.044715f * x[i] * x[i] * x[i])));
}

// Many live values a thread: registers limit it.
extern "C" __global__ void fft_radix16(float2 *data)
{
  float2 v[16];
#pragma unroll
  for (int i = 0; i < 16; i++)
    v[i] = data[blockIdx.x * 16 * blockDim.x + i * blockDim.x + threadIdx.x];
#pragma unroll
  for (int s = 1; s < 16; s *= 2)
#pragma unroll
    for (int i = 0; i < 16; i++)
      if ((i & s) == 0)
        {
          float c, sn;
          __sincosf(3.14159265f * (i % s) / s, &sn, &c);
          float2 a = v[i], b = v[i + s];
          float2 w = make_float2(b.x * c - b.y * sn, b.x * sn + b.y * c);
          v[i] = make_float2(a.x + w.x, a.y + w.y);
          v[i + s] = make_float2(a.x - w.x, a.y - w.y);
        }
#pragma unroll
  for (int i = 0; i < 16; i++)
    data[blockIdx.x * 16 * blockDim.x + i * blockDim.x + threadIdx.x] = v[i];
}
