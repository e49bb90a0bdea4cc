// The last wave of a persistent grid, split along K (the wgmma family).
//
// A persistent grid of P blocks runs T output tiles in ceil(T / P) waves, so when T is not
// a multiple of P the last wave runs R = T mod P tiles and leaves P - R blocks idle for a
// whole tile-time (4096^3 in 128x256 tiles: R = 116 of 132, 3% of the call). Here each of
// the last R tiles is cut in two along K: its block runs the first `head_k_tiles` k-tiles,
// and one of the P - R otherwise idle blocks the rest (its "tail"), each idle block taking
// up to ceil(R / (P - R)) tails. The tail's float32 partial sums pass to the tile's block,
// which adds them and finishes the tile (common/persistent_schedule.cuh). Every block runs
// its whole tiles first, so all blocks reach the last wave together and start their heads
// at k-tile 0 together: blocks that share an A or B panel keep reading the same k-slices
// at the same time, which L2 turns into one DRAM read. (Stream-K, which cuts the last
// P + R tiles into P equal k-ranges, starts every block at a different k-tile and ran
// 20-30% slower here; bench/NOTES.md.) The same blocks meet at the same tiles on every
// run: results are bitwise reproducible, in a summation order that differs from an
// unsplit tile's, as split-K's does.
//
// A product of at most P / 2 tiles with deep K is all last wave when the planner cuts it in
// halves (planner_wgmma_model.cpp, wgmma_k_cut): R = T, and the launcher runs 2T blocks, a
// head and a tail per tile, with no reduction kernel or split-K planes. The C^T configs'
// small tiles (64 x 32: 8 KB of partial sums) are cut into more parts, a head and `tails`
// tails, each tail a block (planner_wgmma_c_transposed.cpp, c_transposed_k_parts): (1 +
// tails) T blocks, the head adding the tails' sums in the tails' order.
#pragma once

#include <cstdint>

namespace tiledmm::cuda {

struct LastWaveSplit {
  int64_t tiles = 0;         // R: the last tiles in tile order, each split along K; 0: none
  int64_t head_k_tiles = 0;  // k-tiles of a split tile's head
  int64_t tails = 1;         // tails per split tile: the k-tiles past the head in runs of tail_k_tiles

  bool active() const { return tiles > 0; }
  // Each tail's k-tiles (the last one's up to K's end); the planner picks `tails` so that
  // none is empty.
  int64_t tail_k_tiles(int64_t k_tiles) const { return (k_tiles - head_k_tiles + tails - 1) / tails; }
};

}  // namespace tiledmm::cuda
