// The pieces every tiled kernel's main loop shares: where a block's tile lies in C, and
// the cp.async software pipeline that streams k-tiles through shared-memory stages.
#pragma once

#include "ptx.cuh"
#include "tile_order.cuh"

#include <cstdint>

namespace tiledmm::cuda {

// Tile rows per group of the grouped order of a grid of one block per tile.
constexpr int kBlockGroupRows = 8;

// The [kBlockM, kBlockN] tile of C this block owns, in grouped order (tile_order.cuh): the
// grid's launcher prepares `order` (grouped_tile_order<kBlockGroupRows>).
template <int kBlockM, int kBlockN>
__device__ __forceinline__ TileCoord block_tile_origin(const GroupedTileOrder& order) {
  const TileCoord tile = grouped_tile<kBlockGroupRows>(order, blockIdx.x);
  return {tile.m * kBlockM, tile.n * kBlockN};
}

// Runs the k loop over K = k_extent in tiles of kBK with kStages shared-memory buffers,
// kStages - 1 tiles in flight ahead of the one being computed:
//   stage_next(s, k_left)               issues the cp.async copies of the next k-tile into
//                                       buffer s (tiles in order 0, 1, 2, ...; k_left: K rows
//                                       from that tile's first one to the end);
//   first_slice(s)                      loads buffer s's first k step into registers (once,
//                                       for tile 0; a compute without register double
//                                       buffering does nothing here);
//   compute(s, s_next, publish_next)    consumes buffer s, whose first k step is already in
//                                       registers, and calls publish_next() right before
//                                       its last k step: from then on buffer s_next holds
//                                       tile kt + 1, and that step loads its first k step.
//                                       (Without double buffering: once the last step's
//                                       loads are issued.)
// So the next tile's first shared loads hide behind this tile's last MMAs or FMAs (after a
// barrier they would have nothing to hide behind). One barrier per k-tile, inside
// publish_next, both publishes tile kt + 1 and retires buffer s for all but its last k
// step, which is already in registers; the copies of tile kt + kStages - 1 then go into
// the buffer of tile kt - 1. After the last tile, s_next is a stale buffer whose loads are
// harmless and unused.
template <int kStages, int kBK, typename StageNext, typename FirstSlice, typename Compute>
__device__ __forceinline__ void cp_async_pipeline(int64_t k_extent, StageNext&& stage_next, FirstSlice&& first_slice,
                                                  Compute&& compute) {
  static_assert(kStages >= 2, "a pipeline needs at least two stages");
  const int64_t k_tiles = (k_extent + kBK - 1) / kBK;
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < k_tiles) stage_next(s, k_extent - int64_t{s} * kBK);
    cp_async_commit();  // commit even when empty: group counting stays uniform
  }
  auto publish_next = [] {
    cp_async_wait<kStages - 2>();  // this thread's copies of the next tile have landed
    __syncthreads();               // ... everyone's, and this tile's buffer is read
  };
  publish_next();
  first_slice(0);
  // Stage indices wrap by comparison: kt % kStages on 64 bits costs a dozen instructions.
  int compute_stage = 0, issue_stage = kStages - 1;
  for (int64_t kt = 0; kt < k_tiles; ++kt) {
    const int64_t next = kt + kStages - 1;
    if (next < k_tiles) stage_next(issue_stage, k_extent - next * kBK);
    cp_async_commit();
    const int next_stage = compute_stage + 1 == kStages ? 0 : compute_stage + 1;
    compute(compute_stage, next_stage, publish_next);
    compute_stage = next_stage;
    issue_stage = issue_stage + 1 == kStages ? 0 : issue_stage + 1;
  }
}

}  // namespace tiledmm::cuda
