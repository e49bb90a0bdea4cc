// Thin wrappers over the Hopper (sm_90a) PTX the `wgmma` family uses: mbarriers, TMA
// bulk-tensor copies, warpgroup MMA and register reallocation. ptx.cuh holds the sm80
// instructions. Every body compiles only for sm_90a (TILEDMM_SM90A_DEVICE); elsewhere it
// traps, and the planner never launches these kernels there.
#pragma once

#include "ptx.cuh"

#include <cstdint>

#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define TILEDMM_SM90A_DEVICE 1
#endif

namespace tiledmm::cuda {

// ---- mbarrier: completion of the TMA copies (full) and of their readers (empty) ----------
__device__ __forceinline__ void mbarrier_init(uint64_t* bar, int arrivals) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(shared_address(bar)), "r"(arrivals));
#endif
}

// Makes initialized barriers visible to the async proxy (the TMA unit) before first use.
__device__ __forceinline__ void fence_barrier_init() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
#endif
}

__device__ __forceinline__ void mbarrier_arrive(uint64_t* bar) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(shared_address(bar)) : "memory");
#endif
}

// Arrives and announces `bytes` more to come from the TMA unit in this phase.
__device__ __forceinline__ void mbarrier_arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(shared_address(bar)),
               "r"(bytes)
               : "memory");
#endif
}

// Blocks until the phase with the given parity (0/1) has completed.
__device__ __forceinline__ void mbarrier_wait(uint64_t* bar, uint32_t parity) {
#ifdef TILEDMM_SM90A_DEVICE
  uint32_t done = 0;
  do {
    asm volatile(
        "{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
        " selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(shared_address(bar)), "r"(parity)
        : "memory");
  } while (!done);
#endif
}

// ---- TMA: a 2-D box of a tensor map into shared memory, completing on an mbarrier ---------
// (c0, c1) is the box's first element, c0 along the contiguous dimension. Elements outside
// the tensor arrive as zeros, which is how ragged M, N and K tiles are padded.
__device__ __forceinline__ void tma_load_2d(void* smem, const void* tensor_map, int32_t c0, int32_t c1,
                                            uint64_t* bar) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];\n" ::"r"(
          shared_address(smem)),
      "l"(tensor_map), "r"(shared_address(bar)), "r"(c0), "r"(c1)
      : "memory");
#endif
}

// The box at (c0, c1) of `tensor_map` into L2, no shared memory, no barrier: a product's first
// k-tiles fetched before it may read them (a programmatic dependent ahead of its wait).
__device__ __forceinline__ void tma_prefetch_l2_2d(const void* tensor_map, int32_t c0, int32_t c1) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];\n" ::"l"(tensor_map), "r"(c0), "r"(c1)
               : "memory");
#endif
}

// ---- TMA stores: shared -> global, tracked in bulk groups of the issuing thread ----------
// A 3-D box (c0 contiguous, c1 rows, c2 plane) of 128-byte-swizzled shared memory goes out
// to the tensor; the parts of the box outside the tensor are not written (ragged edges).
__device__ __forceinline__ void tma_store_3d(const void* tensor_map, const void* smem, int32_t c0, int32_t c1,
                                             int32_t c2) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];\n" ::"l"(tensor_map),
               "r"(shared_address(smem)), "r"(c0), "r"(c1), "r"(c2)
               : "memory");
#endif
}
__device__ __forceinline__ void tma_store_commit() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
#endif
}
// Waits until at most kPending of this thread's store groups still read shared memory.
template <int kPending>
__device__ __forceinline__ void tma_store_wait_read() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(kPending) : "memory");
#endif
}
// Orders this thread's ordinary shared-memory writes before later reads by the TMA unit.
__device__ __forceinline__ void fence_proxy_async_shared() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
#endif
}
// A barrier over `threads` threads (a multiple of 32) of the block, with its own id
// (0 is __syncthreads): lets one warpgroup synchronize without stopping the others.
__device__ __forceinline__ void named_barrier_sync(int id, int threads) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
#endif
}
// Counts this thread's arrival at barrier `id` without waiting: the other side of a
// hand-over whose receivers named_barrier_sync on it.
__device__ __forceinline__ void named_barrier_arrive(int id, int threads) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("bar.arrive %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
#endif
}

__device__ __forceinline__ void prefetch_tensor_map(const void* tensor_map) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("prefetch.tensormap [%0];\n" ::"l"(tensor_map) : "memory");
#endif
}

// ---- register reallocation between warpgroups --------------------------------------------
template <int kRegisters>
__device__ __forceinline__ void setmaxnreg_increase() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(kRegisters));
#endif
}
template <int kRegisters>
__device__ __forceinline__ void setmaxnreg_decrease() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(kRegisters));
#endif
}

// stmatrix, ldmatrix's inverse (ptx.cuh): four 8x8 matrices of 16-bit elements to shared
// memory. Register i holds this lane's two elements of matrix i in the mma fragment layout
// (row lane / 4, columns 2 (lane % 4) + {0, 1}); lane l passes the shared-window address of
// row (l % 8) of matrix (l / 8), 16 bytes.
__device__ __forceinline__ void stmatrix_x4(uint32_t row_address, const uint32_t (&r)[4]) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(row_address), "r"(r[0]),
               "r"(r[1]), "r"(r[2]), "r"(r[3])
               : "memory");
#endif
}

// stmatrix .trans: the same fragments, each 8x8 matrix stored transposed: lane l passes the
// address of row (l % 8) of matrix (l / 8) as before, and that row receives the matrix's
// column l % 8 (its 8 fragment rows). x2: matrices 0 and 1, addresses from lanes 0-15.
__device__ __forceinline__ void stmatrix_x4_trans(uint32_t row_address, const uint32_t (&r)[4]) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(row_address),
               "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3])
               : "memory");
#endif
}
__device__ __forceinline__ void stmatrix_x2_trans(uint32_t row_address, const uint32_t (&r)[2]) {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};\n" ::"r"(row_address), "r"(r[0]),
               "r"(r[1])
               : "memory");
#endif
}

// ---- wgmma: ordering of the asynchronous warpgroup MMAs -----------------------------------
// fence: register accumulators written by ordinary instructions are visible to wgmma.
__device__ __forceinline__ void wgmma_fence() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}
__device__ __forceinline__ void wgmma_commit_group() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#endif
}
// Waits until at most kPending committed groups of this warpgroup are still running.
template <int kPending>
__device__ __forceinline__ void wgmma_wait_group() {
#ifdef TILEDMM_SM90A_DEVICE
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(kPending) : "memory");
#endif
}

}  // namespace tiledmm::cuda
