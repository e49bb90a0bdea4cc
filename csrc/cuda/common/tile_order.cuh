// Block order over the output tiles. Consecutive blocks run at the same time, so the
// order decides how many distinct A rows / B columns are live in L2 at once.
#pragma once

#include "fast_divmod.h"
#include "../../host_device.h"

#include <cstdint>

namespace tiledmm::cuda {

struct TileCoord {
  int64_t m;  // tile row
  int64_t n;  // tile column
};

// Grouped ("swizzled") order: walk kGroupRows tile rows column by column, so a wave of
// blocks shares a few A row panels and a few B column panels instead of sweeping one
// whole row of B. The last group may hold fewer rows. A block maps its index to its tile
// on the way to its first load, so the launcher prepares the divisions by run-time values
// (FastDivmod: a multiply-high and a shift each, where a 32-bit `/` is a ~25-instruction
// chain and a 64-bit one a software routine; bench/NOTES.md, sessions 14 and 39).
struct GroupedTileOrder {
  uint32_t tiles_m = 0;        // tile rows
  FastDivmod group_tiles;      // the tiles of a group of kGroupRows tile rows
  FastDivmod last_group_rows;  // the last group's tile rows (kGroupRows, or fewer)
};

// tiles_m x tiles_n tiles. The caller checks that the tiles and kGroupRows x tiles_n are at
// most FastDivmod::kMaxValue (fits_grouped_tile_order).
template <int kGroupRows>
GroupedTileOrder grouped_tile_order(int64_t tiles_m, int64_t tiles_n) {
  GroupedTileOrder order;
  order.tiles_m = static_cast<uint32_t>(tiles_m);
  order.group_tiles = FastDivmod(static_cast<uint32_t>(kGroupRows * tiles_n));
  order.last_group_rows =
      FastDivmod(static_cast<uint32_t>(tiles_m % kGroupRows == 0 ? kGroupRows : tiles_m % kGroupRows));
  return order;
}

template <int kGroupRows>
constexpr bool fits_grouped_tile_order(int64_t tiles_m, int64_t tiles_n) {
  return tiles_m >= 1 && tiles_n >= 1 && tiles_m * tiles_n <= FastDivmod::kMaxValue &&
         kGroupRows * tiles_n <= FastDivmod::kMaxValue;
}

// Tile number `t` (below tiles_m x tiles_n) in grouped order. (Host code too:
// cpp_test/test_grouped_tile_order.cpp checks it against the plain formula.)
template <int kGroupRows>
TILEDMM_HOST_DEVICE inline TileCoord grouped_tile(const GroupedTileOrder& order, uint32_t t) {
  uint32_t group, in_group, row, column;
  order.group_tiles.divmod(t, group, in_group);
  const uint32_t first_row = group * kGroupRows;
  if (first_row + kGroupRows <= order.tiles_m) {
    row = in_group % kGroupRows, column = in_group / kGroupRows;  // a full group: shifts
  } else {
    order.last_group_rows.divmod(in_group, column, row);
  }
  return {static_cast<int64_t>(first_row + row), static_cast<int64_t>(column)};
}

// The first row (or column) of tile `index` of `block` rows along an extent of `extent`:
// index x block, except that a tile reaching past the extent moves back towards it, by a
// multiple of `step`, as far as the extent allows (not where the extent is under a block).
// A TMA box's rows past the operand's end cost time although TMA only fills them with
// zeros: H100 bf16, 64x32 C^T tiles against a 4096 x 4096 weight, 9.4 us with all 32 rows
// of the small operand inside it, 14.5 us with 31 of them past its end (bench/NOTES.md,
// session 46). A moved tile recomputes rows of the tile before it and stores the same
// values over them. `step`: 1 along C's rows; 8 along C's columns or an operand's
// contiguous dimension, so that offsets within a tile keep the 16-byte alignment of its
// vectors. (Host code too: cpp_test/test_grouped_tile_order.cpp.)
TILEDMM_HOST_DEVICE inline int64_t tile_origin(int64_t index, int block, int64_t extent, int step) {
  const int64_t start = index * block, overhang = start + block - extent;
  if (overhang <= 0 || extent < block) return start;
  return start - overhang / step * step;
}

}  // namespace tiledmm::cuda
