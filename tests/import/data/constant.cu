// A kernel reading __constant__ memory and a global variable, compiled for
// architecture-specific targets (sm_90a, sm_120a) in a debug build (-G).
__constant__ float coeffs[64];
__device__ int counter;

__global__ void polynomial (float *y, const float *x, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  for (int k = 63; k >= 0; k--)
    acc = acc * x[i] + coeffs[k];
  y[i] = acc;
  atomicAdd (&counter, 1);
}
