__global__ void heavy(const double *a, double *b, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) b[i] = sin(a[i]) / a[i + 1]; }
