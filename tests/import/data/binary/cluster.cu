// Cluster kernels (sm_90 and later) for the binary readers' fixtures.
// SPDX-License-Identifier: GPL-3.0-or-later
extern "C" __global__ void __cluster_dims__(2, 2, 1) clustered(float *p)
{
  p[threadIdx.x] *= 2.0f;
}

extern "C" __global__ void __launch_bounds__(128, 3, 4) bounded_cluster(float *p)
{
  p[threadIdx.x] *= 2.0f;
}
