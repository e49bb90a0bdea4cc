// skinny's per-thread ring (configs with ring_bytes, skinny_configs.h): each thread copies
// the 16-byte groups it will read -- its W rows' and X rows' groups of a block step -- into
// its own slots of shared memory with cp.async, kStages block steps ahead, and reads them
// back itself once they have landed. A thread reads only what it copied, so waiting on its
// own commit groups is all the synchronization there is: no barrier, no producer warp. The
// bytes in flight are then shared memory's (up to ~200 KB per SM), where the register stream
// holds them in registers (~64 KB per block, skinny.cu), and the registers hold one chunk's
// fragments at a time.
#pragma once

#include "skinny_parts.cuh"

#include "../common/ptx.cuh"

#include <cstdint>

namespace tiledmm::cuda::skinny {

// Slot (stage, group) of thread i is the 16 bytes at index (stage * kGroups + group) *
// kThreads + i: a warp's 32 copies, and later its 32 reads, of one group are 512 contiguous
// bytes, which ld.shared.v4 reads without bank conflicts.
template <int kGroups, int kStages, int kThreads>
class ThreadRing {
 public:
  __device__ ThreadRing(uint4* smem, int thread) : base_(smem + thread) {}

  // Starts the copy of `gmem` (16 bytes, 16-byte aligned, inside its operand) into the slot.
  __device__ void copy(int stage, int group, const void* gmem) const { cp_async<16>(slot(stage, group), gmem); }

  // The slot's group, once this thread's copy of it has landed (cp_async_wait).
  __device__ Group8 read(int stage, int group) const {
    const uint4 v = load_shared<uint4>(shared_address(slot(stage, group)));
    return {v.x, v.y, v.z, v.w};
  }

 private:
  __device__ uint4* slot(int stage, int group) const { return base_ + (stage * kGroups + group) * kThreads; }

  uint4* base_;
};

// The `steps` unchecked block steps of a warp's K, through this thread's ring, into acc.
// Every slot is in flight while a step computes; a slot is refilled with the step kStages
// ahead right after its fragments were read and used (the MMAs that read them are ahead of
// the copies that overwrite them). A step's groups: per chunk u, W's tiles, then X's rows
// (g, g + 8 of each 16-row tile; one row with 8 small rows). `stream` gives W's groups
// (KMajorStream::group), x_row this thread's X rows, both at the slice's first k + 8t.
template <typename T, SkinnyConfigId kConfig, int kSmallRows, int kWTiles, int kXTiles, int kXRowsPerThread,
          typename Stream>
__device__ __forceinline__ void stream_through_ring(float (&acc)[kWTiles][kXTiles][4], const Stream& stream,
                                                    const T* const (&x_row)[kXTiles][kXRowsPerThread],
                                                    int64_t warp_k, int64_t steps, uint4* smem) {
  constexpr SkinnyTile kTile = skinny_tile(kConfig);
  constexpr int kUnroll = kTile.unroll, kStages = kTile.ring_stages(kSmallRows);
  constexpr int kChunkGroups = kWTiles + kXTiles * kXRowsPerThread;
  constexpr int64_t kStepK = kTile.step_k();
  static_assert(kTile.ring_groups(kSmallRows) == kUnroll * kChunkGroups, "a step's groups: W's tiles, X's rows");
  static_assert(kStages >= 2, "a ring of at least two block steps");
  const ThreadRing<kUnroll * kChunkGroups, kStages, kTile.threads()> ring(smem, threadIdx.x);

  auto copy_step = [&](int stage, int64_t block_k) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t k = block_k + warp_k + u * kChunkK;
#pragma unroll
      for (int q = 0; q < kWTiles; ++q) ring.copy(stage, u * kChunkGroups + q, stream.group(q, k));
#pragma unroll
      for (int s = 0; s < kXTiles; ++s)
#pragma unroll
        for (int h = 0; h < kXRowsPerThread; ++h)
          ring.copy(stage, u * kChunkGroups + kWTiles + s * kXRowsPerThread + h, x_row[s][h] + k);
    }
    cp_async_commit();
  };
  auto compute_stage = [&](int stage) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      Group8 w[kWTiles];
      XTile x[kXTiles];
#pragma unroll
      for (int q = 0; q < kWTiles; ++q) w[q] = ring.read(stage, u * kChunkGroups + q);
#pragma unroll
      for (int s = 0; s < kXTiles; ++s)
#pragma unroll
        for (int h = 0; h < 2; ++h)
          x[s].row[h] = h < kXRowsPerThread ? ring.read(stage, u * kChunkGroups + kWTiles + s * kXRowsPerThread + h)
                                            : Group8{};
      mma_chunk<T>(acc, w, x);
    }
  };

  // One commit group per step, empty past the last, so that "this step has landed" is always
  // "at most kStages - 1 groups pending".
#pragma unroll
  for (int stage = 0; stage < kStages; ++stage) {
    if (stage < steps) {
      copy_step(stage, stage * kStepK);
    } else {
      cp_async_commit();
    }
  }
  int stage = 0;
  for (int64_t step = 0; step < steps; ++step) {
    cp_async_wait<kStages - 1>();
    compute_stage(stage);
    if (step + kStages < steps) {
      copy_step(stage, (step + kStages) * kStepK);
    } else {
      cp_async_commit();
    }
    stage = stage + 1 == kStages ? 0 : stage + 1;
  }
  cp_async_wait<0>();
}

}  // namespace tiledmm::cuda::skinny
