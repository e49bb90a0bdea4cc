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
// whole row of B. Maps a 1-D block index (no gridDim.y limit) to a tile. (The persistent
// schedule walks the same order with divisors its launcher prepares: persistent_schedule.cuh.)
template <int kGroupRows>
__device__ __forceinline__ TileCoord grouped_tile(int64_t linear, int64_t tiles_m, int64_t tiles_n) {
  const int64_t tiles_per_group = kGroupRows * tiles_n;
  const int64_t group = linear / tiles_per_group;
  const int64_t first_m = group * kGroupRows;
  const int64_t rows_in_group = min(tiles_m - first_m, int64_t{kGroupRows});
  const int64_t in_group = linear - group * tiles_per_group;
  return {first_m + in_group % rows_in_group, in_group / rows_in_group};
}

}  // namespace tiledmm::cuda
