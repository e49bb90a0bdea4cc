// Thin wrappers over the PTX instructions the kernels use, one place for all inline asm.
#pragma once

#include <cstdint>

namespace tiledmm::cuda {

__device__ __forceinline__ uint32_t shared_address(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// Asynchronous global -> shared copy of kBytes (4, 8 or 16) that reads only `src_bytes`
// (0..kBytes) and zero-fills the rest: one instruction handles ragged tile edges.
// `src` must be a valid address even when src_bytes == 0.
template <int kBytes>
__device__ __forceinline__ void cp_async_zfill(void* smem, const void* gmem, int src_bytes) {
  static_assert(kBytes == 4 || kBytes == 8 || kBytes == 16, "cp.async copies 4, 8 or 16 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (kBytes == 16) {
    // .cg: cache in L2 only; operand tiles are reused from shared memory, not L1.
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(shared_address(smem)),
                 "l"(gmem), "r"(src_bytes));
  } else {
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(shared_address(smem)),
                 "l"(gmem), "n"(kBytes), "r"(src_bytes));
  }
#else
  // Pre-Ampere fallback: a synchronous copy with the same zero-fill semantics.
  auto* dst = static_cast<unsigned char*>(smem);
  const auto* from = static_cast<const unsigned char*>(gmem);
  for (int i = 0; i < kBytes; ++i) dst[i] = i < src_bytes ? from[i] : 0;
#endif
}

__device__ __forceinline__ void cp_async_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::);
#endif
}

// Wait until at most kPending committed groups are still in flight.
template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending));
#endif
}

}  // namespace tiledmm::cuda
