// Partial sums of a tile split between blocks (last_wave_split.h), handed from the blocks
// that run its tails to the block that runs its head and finishes it, one consumer warpgroup
// to the same warpgroup. Tail j of split tile r publishes in slot r + j R (R split tiles).
//
// A slot holds, per warpgroup, each thread's accumulators as float4s interleaved by thread
// ([value / 4][thread]): a warp's stores and loads are whole 512-byte runs, and a thread
// reads back exactly the registers its counterpart wrote, whatever the accumulator layout.
// They travel through L2 (.cg), not the SMs' incoherent L1. A flag per (slot, warpgroup),
// 0 when the launch starts, says the sums have landed.
#pragma once

#include "ptx.cuh"
#include "ptx_sm90.cuh"

#include <cstdint>

namespace tiledmm::cuda {

struct TilePartials {
  float4* sums = nullptr;    // [slots][warpgroups][values per thread / 4][128 threads]
  int* flags = nullptr;      // [slots][warpgroups]
  int64_t tiles = 0;         // split tiles (last_wave_split.h); 0: none, and no workspace
  int64_t tails = 1;         // tails per split tile, each its own slot

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

  // Waits for the sums of split tile `tile`'s tails and adds them to the accumulators, always
  // as ((acc + tail 0) + tail 1) + ...: a fixed order, so the result does not depend on timing.
  // Each flag it waited on it sets back to 0, as the next launch on the stream expects
  // (standing flags, kernels/clear_flags.h); no other thread touches it in this launch.
  template <int kValues>
  __device__ __forceinline__ void add(float (&acc)[kValues], int64_t tile, int warpgroup, int warpgroups, int thread,
                                      int barrier) const {
    if (thread == 0) {
      for (int64_t slot = tile; slot < tails * tiles; slot += tiles) {
        int* const flag = &flags[slot * warpgroups + warpgroup];
        while (load_acquire_gpu(flag) == 0) {
        }
        *flag = 0;
      }
    }
    named_barrier_sync(barrier, 128);  // the whole warpgroup reads after the acquires
    for (int64_t slot = tile; slot < tails * tiles; slot += tiles) {
      const float4* const src = thread_sums<kValues>(slot, warpgroup, warpgroups, thread);
#pragma unroll
      for (int i = 0; i < kValues / 4; ++i) {
        const float4 s = __ldcg(src + i * 128);
        acc[4 * i] += s.x, acc[4 * i + 1] += s.y, acc[4 * i + 2] += s.z, acc[4 * i + 3] += s.w;
      }
    }
  }
};

}  // namespace tiledmm::cuda
