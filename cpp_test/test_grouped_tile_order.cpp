// The grouped tile order (csrc/cuda/common/tile_order.cuh) that every CUDA family's blocks
// walk, with the divisors its launcher prepares: tile numbers 0 .. tiles - 1 must map onto
// every tile exactly once, in the order of the plain formula (group = t / (8 tiles_n); within
// a group, rows first), for grids with full and partial last groups, one tile row or column,
// and tile counts up to FastDivmod's limit. The device runs the same code (__umulhi for the
// host's multiply-high). Also tile_origin, where a ragged last tile starts.
#include "cuda/common/tile_order.cuh"

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

using tiledmm::cuda::grouped_tile;
using tiledmm::cuda::grouped_tile_order;
using tiledmm::cuda::GroupedTileOrder;
using tiledmm::cuda::tile_origin;
using tiledmm::cuda::TileCoord;

namespace {

constexpr int kGroupRows = 8;
int64_t checks = 0, failures = 0;

// The order as the kernels computed it before the launcher prepared divisors: 64-bit `/`.
TileCoord reference_tile(int64_t t, int64_t tiles_m, int64_t tiles_n) {
  const int64_t group_tiles = kGroupRows * tiles_n, group = t / group_tiles, first_m = group * kGroupRows;
  const int64_t rows = tiles_m - first_m < kGroupRows ? tiles_m - first_m : kGroupRows;
  const int64_t in_group = t - group * group_tiles;
  return {first_m + in_group % rows, in_group / rows};
}

void fail(const char* what, int64_t tiles_m, int64_t tiles_n, int64_t t) {
  if (failures++ < 10) {
    std::printf("FAIL %s: %lld x %lld tiles, tile number %lld\n", what, static_cast<long long>(tiles_m),
                static_cast<long long>(tiles_n), static_cast<long long>(t));
  }
}

void check_tile(const GroupedTileOrder& order, int64_t tiles_m, int64_t tiles_n, int64_t t) {
  const TileCoord got = grouped_tile<kGroupRows>(order, static_cast<uint32_t>(t));
  const TileCoord want = reference_tile(t, tiles_m, tiles_n);
  ++checks;
  if (got.m != want.m || got.n != want.n) fail("differs from the plain formula", tiles_m, tiles_n, t);
}

// Every tile number, and each tile reached exactly once.
void check_grid(int64_t tiles_m, int64_t tiles_n) {
  const GroupedTileOrder order = grouped_tile_order<kGroupRows>(tiles_m, tiles_n);
  std::vector<char> seen(static_cast<size_t>(tiles_m * tiles_n), 0);
  for (int64_t t = 0; t < tiles_m * tiles_n; ++t) {
    check_tile(order, tiles_m, tiles_n, t);
    const TileCoord c = grouped_tile<kGroupRows>(order, static_cast<uint32_t>(t));
    if (c.m < 0 || c.m >= tiles_m || c.n < 0 || c.n >= tiles_n) {
      fail("outside the grid", tiles_m, tiles_n, t);
      continue;
    }
    char& s = seen[static_cast<size_t>(c.m * tiles_n + c.n)];
    if (s++) fail("a tile reached twice", tiles_m, tiles_n, t);
  }
}

// Grids too large to walk: the first and last tile numbers of every group boundary nearby,
// and random ones.
void check_sampled(int64_t tiles_m, int64_t tiles_n, std::mt19937_64& rng) {
  const GroupedTileOrder order = grouped_tile_order<kGroupRows>(tiles_m, tiles_n);
  const int64_t tiles = tiles_m * tiles_n, group_tiles = kGroupRows * tiles_n;
  for (int64_t t : {int64_t{0}, int64_t{1}, group_tiles - 1, group_tiles, tiles - group_tiles, tiles - 2, tiles - 1}) {
    if (t >= 0 && t < tiles) check_tile(order, tiles_m, tiles_n, t);
  }
  const int64_t last_group_start = (tiles_m - 1) / kGroupRows * group_tiles;
  for (int64_t e = -2; e <= 2; ++e) {
    if (last_group_start + e >= 0 && last_group_start + e < tiles) check_tile(order, tiles_m, tiles_n, last_group_start + e);
  }
  for (int i = 0; i < 2000; ++i) check_tile(order, tiles_m, tiles_n, static_cast<int64_t>(rng() % tiles));
}

// tile_origin: tile i of `block` along `extent` starts at i x block, unless it reaches past
// the extent and the extent holds a whole block; then it moves back by a multiple of `step`
// to end less than `step` past the extent. Tiles still cover the extent, and none starts
// before 0.
void check_tile_origins(int64_t extent, int block, int step) {
  const int64_t tiles = (extent + block - 1) / block;
  std::vector<char> covered(static_cast<size_t>(extent), 0);
  for (int64_t i = 0; i < tiles; ++i) {
    const int64_t start = i * block, origin = tile_origin(i, block, extent, step);
    const bool past = start + block > extent;
    bool ok = origin >= 0 && origin <= start && (start - origin) % step == 0;
    if (past && extent >= block) {
      ok = ok && origin + block >= extent && origin + block - extent < step;
    } else {
      ok = ok && origin == start;
    }
    ++checks;
    if (!ok && failures++ < 10) {
      std::printf("FAIL tile_origin: tile %lld of %d along %lld (step %d) starts at %lld\n", static_cast<long long>(i),
                  block, static_cast<long long>(extent), step, static_cast<long long>(origin));
    }
    for (int64_t r = origin; r < origin + block && r < extent; ++r) covered[static_cast<size_t>(r)] = 1;
  }
  for (int64_t r = 0; r < extent; ++r) {
    if (!covered[static_cast<size_t>(r)] && failures++ < 10) {
      std::printf("FAIL tile_origin: row %lld of %lld in no tile of %d (step %d)\n", static_cast<long long>(r),
                  static_cast<long long>(extent), block, step);
    }
  }
}

}  // namespace

int main() {
  for (int64_t extent = 1; extent <= 700; ++extent) {
    for (int block : {32, 64, 80, 128, 256}) {
      for (int step : {1, 8}) check_tile_origins(extent, block, step);
    }
  }
  std::mt19937_64 rng(20261126);
  // Whole grids: tile rows around multiples of the group (1-7 rows in the last group or
  // none), one tile row or column, and products the kernels meet (4096^3 in 128x256: 32 x 16).
  for (int64_t tiles_m = 1; tiles_m <= 41; ++tiles_m) {
    for (int64_t tiles_n = 1; tiles_n <= 23; ++tiles_n) check_grid(tiles_m, tiles_n);
  }
  for (auto [tiles_m, tiles_n] : {std::pair<int64_t, int64_t>{32, 16}, {1, 5000}, {5000, 1}, {257, 129}, {1023, 33}}) {
    check_grid(tiles_m, tiles_n);
  }
  // Sampled: up to FastDivmod's limit of 2^31 - 1 tiles (and of 8 x tiles_n).
  for (auto [tiles_m, tiles_n] : {std::pair<int64_t, int64_t>{1, 268435455}, {268435455, 1}, {65537, 32767},
                                  {46341, 46340}, {7, 268435455}, {2147483647, 1}, {9, 238609294}}) {
    check_sampled(tiles_m, tiles_n, rng);
  }
  for (int i = 0; i < 2000; ++i) {
    const int64_t tiles_m = 1 + static_cast<int64_t>(rng() % 100000);
    const int64_t tiles_n = 1 + static_cast<int64_t>(rng() % (2147483647 / tiles_m < 268435455 ? 2147483647 / tiles_m : 268435455));
    check_sampled(tiles_m, tiles_n, rng);
  }
  std::printf("%s: %lld tiles checked, %lld wrong\n", failures ? "FAIL" : "ok", static_cast<long long>(checks),
              static_cast<long long>(failures));
  return failures ? 1 : 0;
}
