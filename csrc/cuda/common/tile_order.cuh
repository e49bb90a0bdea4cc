// Block order over the output tiles. Consecutive blocks run at the same time, so the
// order decides how many distinct A rows / B columns are live in L2 at once.
#pragma once

#include <cstdint>

namespace tiledmm::cuda {

struct TileCoord {
  int64_t m;  // tile row
  int64_t n;  // tile column
};

// Grouped ("swizzled") order: walk kGroupRows tile rows column by column, so a wave of
// blocks shares a few A row panels and a few B column panels instead of sweeping one
// whole row of B. Maps a 1-D block index (no gridDim.y limit) to a tile.
template <int kGroupRows, typename Index>
__device__ __forceinline__ TileCoord grouped_tile_in(Index linear, Index tiles_m, Index tiles_n) {
  const Index tiles_per_group = kGroupRows * tiles_n;
  const Index group = linear / tiles_per_group;
  const Index first_m = group * kGroupRows;
  const Index rows_in_group = min(tiles_m - first_m, static_cast<Index>(kGroupRows));
  const Index in_group = linear - group * tiles_per_group;
  return {static_cast<int64_t>(first_m + in_group % rows_in_group), static_cast<int64_t>(in_group / rows_in_group)};
}

template <int kGroupRows>
__device__ __forceinline__ TileCoord grouped_tile(int64_t linear, int64_t tiles_m, int64_t tiles_n) {
  return grouped_tile_in<kGroupRows, int64_t>(linear, tiles_m, tiles_n);
}

// The same in 32-bit arithmetic, for a caller whose tile indices fit: a 64-bit division by
// a run-time value is a software routine, and the three of this function cost a
// persistent block ~1,000 cycles per tile (bench/NOTES.md, session 14).
template <int kGroupRows>
__device__ __forceinline__ TileCoord grouped_tile_u32(uint32_t linear, uint32_t tiles_m, uint32_t tiles_n) {
  return grouped_tile_in<kGroupRows, uint32_t>(linear, tiles_m, tiles_n);
}

}  // namespace tiledmm::cuda
