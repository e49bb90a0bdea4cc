// The work of one block of a persistent grid: the (output tile, k-tile range) units it
// runs, in order. The producer and the consumers of a warp-specialized block walk the same
// sequence, each with its own copy of the schedule. P = gridDim.x blocks, tiles in grouped
// order (tile_order.cuh).
//
//   whole units: unit u is tile u / splits, K slice u % splits (split_k.h; one slice
//     without split-K); block b runs units b, b + P, b + 2P, ...
//   then the last wave's split tiles (last_wave_split.h), the last R tiles, each a head
//     and `tails` tails: block b < R runs the head (k-tiles [0, head)) of split tile b,
//     adds its tails' partial sums and finishes it; block R + e runs tails e, e + (P - R),
//     ..., publishing each one's sums in its slot. Tail j is tail j / R of split tile j mod R
//     (k-tiles [head + (j / R) t, + t), t = tail_k_tiles). A tail never waits, so the blocks
//     need not all be resident at once for the heads to make progress.
#pragma once

#include "fast_divmod.h"
#include "tile_order.cuh"

#include <cstdint>

namespace tiledmm::cuda {

enum class PartialSums : int {
  kNone,          // the unit holds all of its tile's K (or its split-K slice): finish it
  kPublish,       // a split tile's tail: publish its sums in `slot`, no epilogue
  kAddAndFinish,  // a split tile's head: add the sums published in `slot`, then finish
};

struct WorkUnit {
  TileCoord tile;
  int64_t split;             // split-K plane (0 without split-K)
  int64_t kt_begin, kt_end;  // k-tiles [kt_begin, kt_end) of the tile
  PartialSums partial;
  int64_t slot;              // the split tile's partial-sum slot (kPublish, kAddAndFinish)
};

// Unit and tile indices are 32-bit (the launcher checks that the units fit in
// kMaxPersistentUnits): the divisions that map a unit to its tile run at the start of every
// block, on the way to its first load, and between two tiles on every warpgroup; a 64-bit
// division by a run-time value is a software routine (~1,000 cycles for a unit in 64 bits;
// bench/NOTES.md, session 14), and the launcher makes even the 32-bit ones a multiply-high
// and a shift (FastDivmod).
constexpr int64_t kMaxPersistentUnits = int64_t{1} << 31;

// A persistent grid's work as the launcher counts it, with the schedule's divisors ready.
struct PersistentWork {
  GroupedTileOrder order;        // the tiles' order, tile_order.cuh
  uint32_t whole_tiles = 0;      // tiles before the split last wave
  uint32_t whole_units = 0;      // their units: whole_tiles x K slices
  uint32_t split_tiles = 0;      // the split last wave's tiles (last_wave_split.h)
  uint32_t tails = 1;            // tails per split tile
  int64_t k_tiles = 0, slice_k_tiles = 0, head_k_tiles = 0, tail_k_tiles = 0;
  FastDivmod splits;             // K slices per tile (split_k.h; 1 without split-K)
  bool move_last_tiles = true;   // ragged last tiles start inside the extent (tile_origin)
};

// The work of tiles_m x tiles_n tiles of k_tiles k-tiles each, in K slices of slice_k_tiles,
// the last split_tiles split into a head of head_k_tiles and `tails` tails of tail_k_tiles.
// The caller checks that the unit indices (below tiles x slices) are at most
// FastDivmod::kMaxValue and that the tiles fit a GroupedTileOrder (fits_grouped_tile_order).
template <int kGroupRows>
PersistentWork persistent_work(int64_t tiles_m, int64_t tiles_n, int64_t k_tiles, int64_t slice_k_tiles,
                               int64_t split_tiles, int64_t head_k_tiles, int64_t tails, int64_t tail_k_tiles) {
  PersistentWork w;
  const int64_t splits = (k_tiles + slice_k_tiles - 1) / slice_k_tiles;
  w.order = grouped_tile_order<kGroupRows>(tiles_m, tiles_n);
  w.whole_tiles = static_cast<uint32_t>(tiles_m * tiles_n - split_tiles);
  w.whole_units = static_cast<uint32_t>(w.whole_tiles * splits);
  w.split_tiles = static_cast<uint32_t>(split_tiles);
  w.tails = static_cast<uint32_t>(tails);
  w.k_tiles = k_tiles, w.slice_k_tiles = slice_k_tiles, w.head_k_tiles = head_k_tiles, w.tail_k_tiles = tail_k_tiles;
  w.splits = FastDivmod(static_cast<uint32_t>(splits));
  return w;
}

// `work` must outlive the schedule: a kernel's __grid_constant__ parameter, read in place.
template <int kGroupRows>
class PersistentSchedule {
 public:
  __device__ explicit PersistentSchedule(const PersistentWork& work) : work_(work), next_whole_(blockIdx.x) {}

  // The next unit of this block, if any.
  __device__ __forceinline__ bool next(WorkUnit& unit) {
    if (next_whole_ < work_.whole_units) {
      uint32_t tile, split;
      work_.splits.divmod(next_whole_, tile, split);
      next_whole_ += gridDim.x;
      unit = {grouped_tile<kGroupRows>(work_.order, tile), split, split * work_.slice_k_tiles,
              min(work_.k_tiles, (split + 1) * work_.slice_k_tiles), PartialSums::kNone, 0};
      return true;
    }
    // The last wave. Whole tiles are a multiple of P (and splits 1), so every block ran the
    // same number of them and its rank in this wave is its index.
    const uint32_t rank = blockIdx.x, idle_blocks = gridDim.x - work_.split_tiles;
    if (work_.split_tiles == 0 || (split_units_ > 0 && rank < work_.split_tiles)) return false;
    if (rank < work_.split_tiles) {
      ++split_units_;
      unit = {grouped_tile<kGroupRows>(work_.order, work_.whole_tiles + rank), 0, 0, work_.head_k_tiles,
              PartialSums::kAddAndFinish, rank};
      return true;
    }
    const uint32_t tail = rank - work_.split_tiles + split_units_ * idle_blocks;
    if (tail >= work_.split_tiles * work_.tails) return false;
    ++split_units_;
    // (A 32-bit division, once per tail.)
    const uint32_t tile = tail % work_.split_tiles, part = tail / work_.split_tiles;
    const int64_t kt_begin = work_.head_k_tiles + part * work_.tail_k_tiles;
    unit = {grouped_tile<kGroupRows>(work_.order, work_.whole_tiles + tile), 0, kt_begin,
            min(work_.k_tiles, kt_begin + work_.tail_k_tiles), PartialSums::kPublish, tail};
    return true;
  }

 private:
  const PersistentWork& work_;
  uint32_t next_whole_;         // this block's next whole unit
  uint32_t split_units_ = 0;    // split-tile units this block has run
};

}  // namespace tiledmm::cuda
