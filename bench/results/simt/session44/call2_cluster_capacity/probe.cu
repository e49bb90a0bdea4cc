// Cluster capacity probe: cudaOccupancyMaxActiveClusters for a 256-thread, 1-block-per-SM
// kernel at several dynamic shared-memory sizes and cluster sizes (z-dimension clusters).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void __launch_bounds__(256, 1) probe_kernel(float* out) {
  extern __shared__ float smem[];
  smem[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (out) out[threadIdx.x] = smem[255 - threadIdx.x];
}
__global__ void __launch_bounds__(128, 4) probe_kernel_small(float* out) {
  extern __shared__ float smem[];
  smem[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (out) out[threadIdx.x] = smem[127 - threadIdx.x];
}
template <typename K>
void probe(const char* name, K kernel, int threads, int smem) {
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  for (int size : {1, 2, 3, 4, 5, 6, 7, 8, 16}) {
    cudaLaunchAttribute attr{};
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = 1; attr.val.clusterDim.y = 1; attr.val.clusterDim.z = size;
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(1, 1, size);
    config.blockDim = dim3(threads);
    config.dynamicSmemBytes = smem;
    config.attrs = &attr;
    config.numAttrs = 1;
    int clusters = -1;
    cudaError_t e = cudaOccupancyMaxActiveClusters(&clusters, kernel, &config);
    printf("%s smem %6d cluster %2d: %3d clusters (%3d blocks) %s\n", name, smem, size, clusters, clusters * size,
           e == cudaSuccess ? "" : cudaGetErrorString(e));
  }
}
int main() {
  cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
  printf("%s, %d SMs\n", p.name, p.multiProcessorCount);
  probe("256t", probe_kernel, 256, 100352);
  probe("256t", probe_kernel, 256, 131072);
  probe("256t", probe_kernel, 256, 200000);
  probe("128t", probe_kernel_small, 128, 34816);
  return 0;
}
