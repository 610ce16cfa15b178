// smem.cu: shared memory as CUDA 11.8 and 13 ptxas lay it out (issue 29, point 3); see README
extern "C" __global__ void with_smem(float *out, const float *in)
{
  __shared__ float tile[752];          /* 3,008 bytes */
  int t = threadIdx.x;
  for (int i = t; i < 752; i += blockDim.x)
    tile[i] = in[blockIdx.x * 752 + i];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[(t * 7) % 752] + tile[751 - t % 752];
}

extern "C" __global__ void without_smem(float *out, const float *in)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f + 1.0f;
}
extern "C" __global__ void dynamic_only(float *out, const float *in)
{
  extern __shared__ float dyn[];
  int t = threadIdx.x;
  dyn[t] = in[t];
  __syncthreads();
  out[t] = dyn[(t + 1) % blockDim.x];
}

extern "C" __global__ void static_40000(float *out, const float *in)
{
  __shared__ float big[10000];          /* 40,000 bytes */
  int t = threadIdx.x;
  for (int i = t; i < 10000; i += blockDim.x)
    big[i] = in[i];
  __syncthreads();
  out[t] = big[(t * 13) % 10000];
}
