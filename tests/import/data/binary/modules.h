// One kernel template that two translation units instantiate: each unit's
// fat binary (module) carries its own copy of scale<4>.
template <int N>
__global__ void scale (float *x, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= N;
}
