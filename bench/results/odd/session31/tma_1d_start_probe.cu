// Standalone probe: 1-D TMA tensor-map loads, map as a direct param or inside a struct.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdint>
#include <vector>

struct Wrapped { CUtensorMap map; int64_t x; int* p; };

__device__ uint32_t sa(const void* p) { return static_cast<uint32_t>(__cvta_generic_to_shared(p)); }

__device__ void load1d(const CUtensorMap* m, int c0, int box_bytes, uint16_t* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  __shared__ __align__(8) uint64_t bar;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sa(&bar)));
    asm volatile("fence.mbarrier_init.release.cluster;");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(sa(&bar)), "r"(box_bytes));
    asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3}], [%2];"
                 ::"r"(sa(smem)), "l"(m), "r"(sa(&bar)), "r"(c0) : "memory");
    asm volatile("{\n .reg .pred p;\n W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n @!p bra W;\n}" ::"r"(sa(&bar)));
    for (int i = 0; i < box_bytes / 2; ++i) out[i] = reinterpret_cast<uint16_t*>(smem)[i];
  }
}
__global__ void direct(const __grid_constant__ CUtensorMap m, int c0, int box_bytes, uint16_t* out) { load1d(&m, c0, box_bytes, out); }
__global__ void wrapped(const __grid_constant__ Wrapped w, int c0, int box_bytes, uint16_t* out) { load1d(&w.map, c0, box_bytes, out); }

int main() {
  cuInit(0);
  const int n = 100000;
  std::vector<uint16_t> h(n);
  for (int i = 0; i < n; ++i) h[i] = static_cast<uint16_t>(i * 7 + 3);
  uint16_t *d, *out;
  cudaMalloc(&d, n * 2); cudaMalloc(&out, 4096);
  cudaMemcpy(d, h.data(), n * 2, cudaMemcpyHostToDevice);
  cudaFuncSetAttribute(direct, cudaFuncAttributeMaxDynamicSharedMemorySize, 8192);
  cudaFuncSetAttribute(wrapped, cudaFuncAttributeMaxDynamicSharedMemorySize, 8192);
  for (int box : {256, 128, 64, 8}) {
    for (int swz : {0}) {
      CUtensorMap map{};
      cuuint64_t dims[1] = {(cuuint64_t)n};
      cuuint64_t strides[1] = {0};
      cuuint32_t boxd[1] = {(cuuint32_t)box};
      cuuint32_t es[1] = {1};
      CUresult r = cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_UINT16, 1, d, dims, strides, boxd, es,
          CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
          CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      for (int mode = 0; mode < 2; ++mode) {
        for (int c0 : {0, 8, 336, 1}) {
          cudaMemset(out, 0xff, 4096);
          if (mode == 0) direct<<<1, 32, 8192>>>(map, c0, box * 2, out);
          else { Wrapped w{}; w.map = map; wrapped<<<1, 32, 8192>>>(w, c0, box * 2, out); }
          cudaError_t e = cudaDeviceSynchronize();
          std::vector<uint16_t> o(box);
          cudaMemcpy(o.data(), out, box * 2, cudaMemcpyDeviceToHost);
          int bad = 0;
          for (int i = 0; i < box; ++i) bad += o[i] != h[c0 + i];
          printf("box %d encode %d %s c0 %d: %s, %d wrong\n", box, (int)r, mode ? "wrapped" : "direct", c0,
                 cudaGetErrorString(e), bad);
          if (e != cudaSuccess) return 1;
        }
      }
    }
  }
}
