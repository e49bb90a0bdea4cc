// Kernels with more than 48 KiB of dynamic shared memory must opt in (per kernel, per
// device) before their first launch.
#pragma once

#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

#include <atomic>
#include <cstdint>

namespace tiledmm::cuda {

// Raises `kernel`'s dynamic shared-memory limit to `bytes` on the current device, once:
// `devices` is the caller's per-kernel-instance bitmask of devices already done.
template <typename Kernel>
void allow_dynamic_smem(Kernel kernel, int bytes, std::atomic<uint64_t>& devices) {
  int device = 0;
  C10_CUDA_CHECK(cudaGetDevice(&device));
  const uint64_t bit = uint64_t{1} << (device % 64);
  if ((devices.load(std::memory_order_relaxed) & bit) == 0) {
    C10_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    devices.fetch_or(bit);
  }
}

}  // namespace tiledmm::cuda
