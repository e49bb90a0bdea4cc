// The work of one block of a persistent grid: the (output tile, k-tile range) units it
// runs, in order. The producer and the consumers of a warp-specialized block walk the same
// sequence, each with its own copy of the schedule. P = gridDim.x blocks, tiles in grouped
// order (tile_order.cuh).
//
//   whole units: unit u is tile u / splits, K slice u % splits (split_k.h; one slice
//     without split-K); block b runs units b, b + P, b + 2P, ...
//   then the last wave's split tiles (last_wave_split.h), the last R tiles: block b < R
//     runs the head (k-tiles [0, head)) of split tile b, adds its tail's partial sums and
//     finishes it; block R + e runs the tails (k-tiles [head, K)) of split tiles e,
//     e + (P - R), ..., publishing each one's sums in its slot. A tail never waits, so the
//     blocks need not all be resident at once for the heads to make progress.
#pragma once

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
// kMaxPersistentUnits): the divisions that map a unit to its tile run between two tiles on
// every warpgroup, and a 64-bit division by a run-time value is a software routine
// (~1,000 cycles for a unit in 64 bits, before the first TMA load of every block;
// bench/NOTES.md, session 14).
constexpr int64_t kMaxPersistentUnits = int64_t{1} << 31;

template <int kGroupRows>
class PersistentSchedule {
 public:
  __device__ PersistentSchedule(int64_t tiles_m, int64_t tiles_n, int64_t k_tiles, int64_t slice_k_tiles,
                                int64_t split_tiles, int64_t head_k_tiles)
      : tiles_m_(static_cast<uint32_t>(tiles_m)), tiles_n_(static_cast<uint32_t>(tiles_n)),
        splits_(static_cast<uint32_t>(k_tiles + slice_k_tiles - 1) / static_cast<uint32_t>(slice_k_tiles)),
        whole_tiles_(static_cast<uint32_t>(tiles_m * tiles_n - split_tiles)),
        split_tiles_(static_cast<uint32_t>(split_tiles)), k_tiles_(k_tiles), slice_k_tiles_(slice_k_tiles),
        head_k_tiles_(head_k_tiles), next_whole_(blockIdx.x) {}

  // The next unit of this block, if any.
  __device__ __forceinline__ bool next(WorkUnit& unit) {
    if (next_whole_ < whole_tiles_ * splits_) {
      const uint32_t u = next_whole_, split = u % splits_;
      next_whole_ += gridDim.x;
      unit = {grouped_tile_u32<kGroupRows>(u / splits_, tiles_m_, tiles_n_), split, split * slice_k_tiles_,
              min(k_tiles_, (split + 1) * slice_k_tiles_), PartialSums::kNone, 0};
      return true;
    }
    // The last wave. Whole tiles are a multiple of P (and splits 1), so every block ran the
    // same number of them and its rank in this wave is its index.
    const uint32_t rank = blockIdx.x, idle_blocks = gridDim.x - split_tiles_;
    const bool head = rank < split_tiles_;
    const uint32_t slot = head ? rank : rank - split_tiles_ + split_units_ * idle_blocks;
    if (split_tiles_ == 0 || (head && split_units_ > 0) || slot >= split_tiles_) return false;
    ++split_units_;
    unit = {grouped_tile_u32<kGroupRows>(whole_tiles_ + slot, tiles_m_, tiles_n_), 0, head ? 0 : head_k_tiles_,
            head ? head_k_tiles_ : k_tiles_, head ? PartialSums::kAddAndFinish : PartialSums::kPublish, slot};
    return true;
  }

 private:
  uint32_t tiles_m_, tiles_n_, splits_, whole_tiles_, split_tiles_;
  int64_t k_tiles_, slice_k_tiles_, head_k_tiles_;
  uint32_t next_whole_;         // this block's next whole unit
  uint32_t split_units_ = 0;    // split-tile units this block has run
};

}  // namespace tiledmm::cuda
