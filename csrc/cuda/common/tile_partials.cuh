// Partial sums of a tile split between two blocks (last_wave_split.h), handed from the block
// that runs its tail to the block that finishes it, one consumer warpgroup to the same
// warpgroup.
//
// A slot holds, per warpgroup, each thread's accumulators as float4s interleaved by thread
// ([value / 4][thread]): a warp's stores and loads are whole 512-byte runs, and a thread
// reads back exactly the registers its counterpart wrote, whatever the accumulator layout.
// They travel through L2 (.cg), not the SMs' incoherent L1. A flag per (slot, warpgroup),
// zeroed before the launch, says the sums have landed.
#pragma once

#include "ptx.cuh"
#include "ptx_sm90.cuh"

#include <cstdint>

namespace tiledmm::cuda {

struct TilePartials {
  float4* sums = nullptr;    // [slots][warpgroups][values per thread / 4][128 threads]
  int* flags = nullptr;      // [slots][warpgroups]
  int64_t tiles = 0;         // split tiles (last_wave_split.h); 0: none, and no workspace
  int64_t head_k_tiles = 0;  // k-tiles of a split tile's head

  // A thread's first float4 in `slot` (the next ones follow 128 float4s apart).
  template <int kValues>
  __device__ __forceinline__ float4* thread_sums(int64_t slot, int warpgroup, int warpgroups, int thread) const {
    return sums + (slot * warpgroups + warpgroup) * (kValues / 4) * 128 + thread;
  }

  // Writes a warpgroup's accumulators to `slot`, then raises its flag. `barrier`: a named
  // barrier of the warpgroup's 128 threads; `thread`: 0-127 within it.
  template <int kValues>
  __device__ __forceinline__ void publish(const float (&acc)[kValues], int64_t slot, int warpgroup, int warpgroups,
                                          int thread, int barrier) const {
    float4* const dst = thread_sums<kValues>(slot, warpgroup, warpgroups, thread);
#pragma unroll
    for (int i = 0; i < kValues / 4; ++i) {
      __stcg(dst + i * 128, make_float4(acc[4 * i], acc[4 * i + 1], acc[4 * i + 2], acc[4 * i + 3]));
    }
    named_barrier_sync(barrier, 128);  // every thread's sums are written ...
    if (thread == 0) {
      __threadfence();  // ... and visible to the GPU before the flag is
      store_release_gpu(&flags[slot * warpgroups + warpgroup], 1);
    }
  }

  // Waits for `slot`'s sums and adds them to the accumulators, always as acc + published:
  // a fixed order, so the result does not depend on timing.
  template <int kValues>
  __device__ __forceinline__ void add(float (&acc)[kValues], int64_t slot, int warpgroup, int warpgroups, int thread,
                                      int barrier) const {
    if (thread == 0) {
      while (load_acquire_gpu(&flags[slot * warpgroups + warpgroup]) == 0) {
      }
    }
    named_barrier_sync(barrier, 128);  // the whole warpgroup reads after the acquire
    const float4* const src = thread_sums<kValues>(slot, warpgroup, warpgroups, thread);
#pragma unroll
    for (int i = 0; i < kValues / 4; ++i) {
      const float4 s = __ldcg(src + i * 128);
      acc[4 * i] += s.x, acc[4 * i + 1] += s.y, acc[4 * i + 2] += s.z, acc[4 * i + 3] += s.w;
    }
  }
};

}  // namespace tiledmm::cuda
