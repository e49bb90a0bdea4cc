// Thin wrappers over the PTX instructions the kernels use, one place for all inline asm.
#pragma once

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda {

__device__ __forceinline__ uint32_t shared_address(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// Asynchronous global -> shared copy of kBytes (4, 8 or 16), all of them inside the
// operand. Completion is tracked by commit groups (cp_async_commit / cp_async_wait).
template <int kBytes>
__device__ __forceinline__ void cp_async(void* smem, const void* gmem) {
  static_assert(kBytes == 4 || kBytes == 8 || kBytes == 16, "cp.async copies 4, 8 or 16 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (kBytes == 16) {
    // .cg: cache in L2 only; operand tiles are reused from shared memory, not L1.
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(shared_address(smem)), "l"(gmem));
  } else {
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(shared_address(smem)), "l"(gmem),
                 "n"(kBytes));
  }
#else
  // Pre-Ampere fallback: a synchronous copy.
  auto* dst = static_cast<unsigned char*>(smem);
  const auto* from = static_cast<const unsigned char*>(gmem);
  for (int i = 0; i < kBytes; ++i) dst[i] = from[i];
#endif
}

// A copy of kBytes of which only the first src_bytes lie inside the operand: reads exactly
// those elements and zero-fills the rest. Elements of 4 or 8 bytes travel by their own
// cp.async, so a partial copy does not stall its warp on a load: at a ragged N edge, one
// ordinary load per partial vector held the last tile column's blocks at every k-tile
// (their SMs ran 30% longer, bench/NOTES.md session 10). 2-byte elements, which cp.async
// cannot copy one by one, take ordinary loads. The zeros are plain shared-memory stores;
// the pipeline's wait and barrier order them with the copies.
template <typename T, int kBytes>
__device__ __forceinline__ void copy_zfill_elementwise(T* smem, const T* gmem, int src_bytes) {
  using Bits = std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;
  auto* dst = reinterpret_cast<Bits*>(smem);
  const auto* src = reinterpret_cast<const Bits*>(gmem);
  const int count = src_bytes / static_cast<int>(sizeof(T));
#pragma unroll
  for (int e = 0; e < kBytes / static_cast<int>(sizeof(T)); ++e) {
    if (e >= count) {
      dst[e] = Bits{0};
    } else if constexpr (sizeof(T) >= 4) {
      cp_async<sizeof(T)>(dst + e, src + e);
    } else {
      dst[e] = src[e];
    }
  }
}

// Zeroes kBytes (2, 4, 8 or 16, aligned to kBytes) of shared memory with one store: the
// staged copy of a vector that lies wholly outside its operand.
template <int kBytes>
__device__ __forceinline__ void store_shared_zeros(void* smem) {
  static_assert(kBytes == 2 || kBytes == 4 || kBytes == 8 || kBytes == 16, "one store of 2, 4, 8 or 16 bytes");
  if constexpr (kBytes == 16) {
    *static_cast<uint4*>(smem) = make_uint4(0, 0, 0, 0);
  } else if constexpr (kBytes == 8) {
    *static_cast<uint2*>(smem) = make_uint2(0, 0);
  } else if constexpr (kBytes == 4) {
    *static_cast<uint32_t*>(smem) = 0;
  } else {
    *static_cast<uint16_t*>(smem) = 0;
  }
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

// ldmatrix: four 8x8 matrices of 16-bit elements from shared memory. Lane l passes the
// address of row (l % 8) of matrix (l / 8); register i receives this lane's two elements
// of matrix i in the mma fragment layout. `.trans` transposes each matrix on the way.
template <bool kTranspose>
__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], const void* smem_row) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (kTranspose) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(shared_address(smem_row)));
  } else {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(shared_address(smem_row)));
  }
#else
  __trap();  // the mma family runs on sm80+ only (the planner and registry enforce it)
#endif
}

// float32 rounded to TF32 (10-bit mantissa, to nearest, ties away), as the bit pattern
// mma.sync's .tf32 operands take.
__device__ __forceinline__ uint32_t to_tf32(uint32_t float_bits) {
  uint32_t r = float_bits;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(__uint_as_float(float_bits)));
#endif
  return r;
}

// One 2-, 4-, 8- or 16-byte word from shared memory (a shared-window address aligned to
// its width). For callers whose pointer arithmetic hides the address space from the
// compiler, which would otherwise emit a generic load; one that may also alias the caller's
// global stores, so each waited for the store before it (bench/NOTES.md, session 23).
template <typename Word>
__device__ __forceinline__ Word load_shared(uint32_t address) {
  Word w;
  if constexpr (sizeof(Word) == 16) {
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w)
                 : "r"(address));
  } else if constexpr (sizeof(Word) == 8) {
    asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];\n" : "=r"(w.x), "=r"(w.y) : "r"(address));
  } else if constexpr (sizeof(Word) == 4) {
    asm volatile("ld.shared.u32 %0, [%1];\n" : "=r"(w) : "r"(address));
  } else {
    static_assert(sizeof(Word) == 2, "a 2-, 4-, 8- or 16-byte word");
    asm volatile("ld.shared.u16 %0, [%1];\n" : "=h"(w) : "r"(address));
  }
  return w;
}

// Two 32-bit words to shared memory at an 8-byte aligned shared-window address, for the
// same callers: through a generic pointer the store would be a 64-bit generic ST with its
// address arithmetic (the wgmma epilogue's boxes, bench/NOTES.md session 16).
__device__ __forceinline__ void store_shared_pair(uint32_t address, uint32_t x, uint32_t y) {
  asm volatile("st.shared.v2.u32 [%0], {%1, %2};\n" ::"r"(address), "r"(x), "r"(y) : "memory");
}

// Programmatic dependent launch (sm_90+). A kernel launched with the programmatic
// stream-serialization attribute (launch_after_prior_kernel) may be placed on the GPU before
// the kernel ahead of it in the stream has finished: each of its threads waits here before
// its first access to global memory that kernel may write (or read), until that kernel has
// finished and its writes are visible. For a kernel launched plainly, a no-op.
__device__ __forceinline__ void wait_for_prior_kernel() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;\n" ::: "memory");
#endif
}

// Lets the kernel after this one in the stream, if launched as a programmatic dependent, be
// placed once every block of this grid has passed here or exited; that kernel still waits for
// this grid to finish before it reads (wait_for_prior_kernel). For a plain launch, a no-op.
__device__ __forceinline__ void allow_dependent_launch() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;\n" ::: "memory");
#endif
}

// `bytes` (a multiple of 16) from a 16-byte aligned global address into L2, no value for the
// thread (sm_90+; elsewhere nothing).
__device__ __forceinline__ void prefetch_l2_bulk(const void* gmem, uint32_t bytes) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;\n" ::"l"(gmem), "r"(bytes) : "memory");
#endif
}

// The 128-byte line holding a global address into this SM's L1, no value for the thread.
__device__ __forceinline__ void prefetch_l1(const void* gmem) {
  asm volatile("prefetch.global.L1 [%0];\n" ::"l"(gmem));
}

// A 16-byte (uint4) or 8-byte (uint2) word from global memory that this kernel reads
// exactly once (a streamed operand): not kept in L1, and each miss fetches a 256-byte L2
// line so DRAM sees long bursts.
template <typename Word>
__device__ __forceinline__ Word load_streaming(const void* gmem) {
  static_assert(std::is_same_v<Word, uint4> || std::is_same_v<Word, uint2>, "16- or 8-byte words");
  Word v;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (std::is_same_v<Word, uint4>) {
    asm("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\n"
        : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
        : "l"(gmem));
  } else {
    asm("ld.global.nc.L1::no_allocate.L2::256B.v2.u32 {%0, %1}, [%2];\n" : "=r"(v.x), "=r"(v.y) : "l"(gmem));
  }
#else
  v = __ldg(static_cast<const Word*>(gmem));
#endif
  return v;
}

// A 16-byte store whose line L2 keeps ahead of others (evict_last): data the next kernel
// reads, such as an operand's repacked copy.
__device__ __forceinline__ void store_kept_in_l2(uint4* gmem, const uint4& v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  uint64_t policy;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;\n" : "=l"(policy));
  asm volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %2, %3, %4}, %5;\n" ::"l"(gmem), "r"(v.x), "r"(v.y),
               "r"(v.z), "r"(v.w), "l"(policy)
               : "memory");
#else
  *gmem = v;
#endif
}

// A flag another block waits on: the store is ordered after this thread's earlier writes
// (release), the load before this thread's later reads (acquire), at GPU scope.
__device__ __forceinline__ void store_release_gpu(int* flag, int value) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("st.release.gpu.global.b32 [%0], %1;\n" ::"l"(flag), "r"(value) : "memory");
#endif
}

__device__ __forceinline__ int load_acquire_gpu(const int* flag) {
  int value = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("ld.acquire.gpu.global.b32 %0, [%1];\n" : "=r"(value) : "l"(flag) : "memory");
#endif
  return value;
}

// D = A * B + D on tensor cores: one m16n8 product per warp, float32 accumulators.
// Fragments as in the PTX ISA: a = 4 registers (16 x K row-major), b = 2 (K x 8 column-
// major), d = 4 floats. T = c10::BFloat16 / c10::Half: m16n8k16 on 16-bit pairs; T = float:
// TF32 m16n8k8, each register a float32 bit pattern rounded to TF32 (to_tf32).
#define TILEDMM_MMA_SYNC(shape_and_types)                                                              \
  asm volatile("mma.sync.aligned." shape_and_types " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, " \
               "{%0, %1, %2, %3};\n"                                                                  \
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])                                        \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]))

template <typename T>
__device__ __forceinline__ void mma_sync(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (std::is_same_v<T, c10::BFloat16>) {
    TILEDMM_MMA_SYNC("m16n8k16.row.col.f32.bf16.bf16.f32");
  } else if constexpr (std::is_same_v<T, c10::Half>) {
    TILEDMM_MMA_SYNC("m16n8k16.row.col.f32.f16.f16.f32");
  } else {
    static_assert(std::is_same_v<T, float>, "mma_sync takes bfloat16, float16 or float (TF32)");
    TILEDMM_MMA_SYNC("m16n8k8.row.col.f32.tf32.tf32.f32");
  }
#else
  __trap();
#endif
}

#undef TILEDMM_MMA_SYNC

}  // namespace tiledmm::cuda
