// The planner's shared parts (planner.cpp, planner_split.cpp, planner_simt.cpp,
// planner_wgmma*.cpp, planner_skinny.cpp): the reasons a plan gives, tile and split-K
// arithmetic every family uses, and each family's picker, which plan_gemm calls. Internal to
// the planner: not part of its interface (planner.h).
#pragma once

#include "planner.h"

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

namespace tiledmm::cuda::planner_detail {

inline int64_t ceil_div(int64_t x, int64_t y) { return (x + y - 1) / y; }

// Blocks (or persistent tiles) that keep >= 90% of the SMs busy in one wave: the planner's
// threshold for "enough parallelism" in every family.
inline bool keeps_sms_busy(int64_t blocks, const GpuInfo& gpu) { return 10 * blocks >= 9 * gpu.sm_count; }

// Output tiles of block_m x block_n that cover the problem's M x N.
inline int64_t tile_count(const GemmShape& s, int64_t block_m, int64_t block_n) {
  return ceil_div(s.m, block_m) * ceil_div(s.n, block_n);
}

// Appends to the caller's reason string, if it asked for one.
struct Reasons {
  std::string* out;
  bool wanted() const { return out != nullptr; }
  template <typename... Parts>
  void add(const Parts&... parts) const {
    if (out == nullptr) return;
    std::ostringstream text;
    text << (out->empty() ? "" : "; ");
    (text << ... << parts);
    *out += text.str();
  }
};

// Split-K slices of any family, at most.
constexpr int64_t kMaxSplits = 16;

// K in `splits` slices of whole k-tiles of block_k, the last one shorter: fewer when the
// k-tiles do not divide so (64 k-tiles in 15 slices of 5 are 13 slices).
inline SplitK k_slices(int64_t k, int64_t splits, int block_k) {
  if (splits <= 1) return {1, k};
  const int64_t k_tiles = ceil_div(k, block_k), slice_k_tiles = ceil_div(k_tiles, splits);
  return {static_cast<int>(ceil_div(k_tiles, slice_k_tiles)), slice_k_tiles * block_k};
}

// ---- split-K and split last waves (planner_split.cpp) ----------------------------------

SplitK pick_split_k(const GemmShape& s, int64_t tiles, int block_k, int64_t slots, const Reasons& why,
                    int64_t min_slice_k_tiles = 4);
SplitK pick_stream_split(const GemmShape& s, int64_t tiles, int step_k, int64_t sms, const Reasons& why);
LastWaveSplit pick_last_wave_split(int64_t tiles, int64_t k_tiles, int64_t blocks, const Reasons& why);

// ---- simt (planner_simt.cpp) ------------------------------------------------------------

struct SimtCandidate {
  SimtConfigId id;
  SplitK split;
  double seconds;
};

struct SimtChoice {
  SimtCandidate first;  // the launch of C's first rows (all of them without a tail)
  RowTail tail;
};

// A tile's modeled time with its split-K slices (the tile named by the caller: all of C in
// one launch), and the planner's choice: tile, slices and any row tail.
SimtCandidate estimate_simt(const GemmShape& s, const GpuInfo& gpu, SimtConfigId id);
SimtChoice pick_simt(const GemmShape& s, const GpuInfo& gpu, const Reasons& why);

// ---- wgmma (planner_wgmma*.cpp; their own parts: planner_wgmma_parts.h) ----------------

// How wgmma_k_cut cuts a config's tiles along K.
struct WgmmaKCut {
  SplitK split;          // split-K slices (1: none)
  LastWaveSplit halves;  // every tile in two halves (tiles: all of them), or none
  double us = 0;         // the model's time (deep K only)
  int64_t blocks(int64_t tiles) const { return halves.active() ? 2 * tiles : tiles * split.splits; }
};

GemmShape wgmma_kernel_shape(const GemmShape& s, bool c_transposed);
int64_t c_transposed_tiles(const GemmShape& s, const WgmmaTile& t);
WgmmaKCut wgmma_k_cut(const GemmShape& s, WgmmaConfigId id, int64_t tiles, const GpuInfo& gpu, const Reasons& why);
LastWaveSplit c_transposed_k_parts(const GemmShape& s, WgmmaConfigId id, const GpuInfo& gpu, const Reasons& why);
bool small_rows_stream_on_c_transposed_tiles(const GemmShape& s, const GpuInfo& gpu);
WgmmaConfigId small_rows_stream_tile(const GemmShape& s, const GpuInfo& gpu);
WgmmaConfigId pick_wgmma_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why);
bool pick_wgmma_c_transposed(const GemmShape& s, const GpuInfo& gpu, std::optional<WgmmaConfigId> config,
                             const Reasons& why);

// ---- skinny (planner_skinny.cpp) --------------------------------------------------------

bool skinny_fits(const GemmShape& s);
SkinnyConfigId pick_skinny_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why);

}  // namespace tiledmm::cuda::planner_detail
