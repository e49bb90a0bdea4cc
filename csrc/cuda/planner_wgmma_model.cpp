// The wgmma planner's models: the wave model (a config's time in wave-times of 128x256 tiles)
// and, at deep K, the time model of work units, and how a config's tiles are cut along K by it
// (wgmma_k_cut: whole, split-K slices, or halves). The rules that use them: planner_wgmma.cpp
// and planner_wgmma_c_transposed.cpp.
#include "planner_wgmma_parts.h"

#include <algorithm>
#include <cmath>

namespace tiledmm::cuda::planner_detail {

// wgmma's shallowest split-K slice, in k-tiles of 128 bytes of K (wgmma_k_cut): its k-tile is
// short next to the fixed costs of a persistent block and of the reduction kernel.
constexpr int64_t kWgmmaMinSliceKTiles = 16;

// The extent the wgmma kernel tiles: C's, or C^T's (its m runs along C's columns).
GemmShape wgmma_kernel_shape(const GemmShape& s, bool c_transposed) {
  GemmShape t = s;
  if (c_transposed) std::swap(t.m, t.n);
  return t;
}

// The tiles of a C^T config (wgmma_configs.h): block_m of C's columns x block_n of its rows.
int64_t c_transposed_tiles(const GemmShape& s, const WgmmaTile& t) {
  return tile_count(wgmma_kernel_shape(s, /*c_transposed=*/true), t.block_m, t.block_n);
}

// wgmma tile, by waves. A persistent block per SM runs ceil(tiles / SMs) waves of tiles, so
// a wave that is barely begun costs as much as a full one. 128x256 (the most MMA work per
// byte staged) once its tiles fill >= 5/6 of the SMs, unless 128x128 tiles take fewer
// wave-times: a 128x128 tile costs kSquareTileCost of a 128x256 one (same-run H100
// measurements: 128x128 ran 1.06x slower per FLOP at 4096^3, 1.10x at 8192x4096x4096). So
// 2048^3 runs one wave of 128 wide tiles (measured 0.953x cuBLAS against 0.918x for two
// waves of 128x128), and 136 wide tiles (2 waves) give way to 272 square ones (3 waves of
// ~half the cost). Below that: 128x128 while its tiles keep >= 90% of the SMs busy; else
// 128x64, twice the tiles of half the width, or 64x64 while even those fit one per SM. A
// product with a side <= 64 is decided first (pick_wgmma_config): it is bound by reading the
// other operand, and takes the tiles that pad least, split-K spreading it over the SMs.
constexpr double kSquareTileCost = 0.54;  // a 128x128 tile's time, in 128x256 tiles (measured, above)

// The wave model's time of a wgmma config, in wave-times of 128x256 tiles. 128x192, 128x64,
// 64x64 and the C^T configs: by area, with 128x128's overhead (0.54 for half the area, 0.81
// for 128x192); a wave is blocks_per_sm tiles per SM.
double wgmma_wave_time(const GemmShape& s, WgmmaConfigId id, const GpuInfo& gpu) {
  const WgmmaTile& t = wgmma_tile(id);
  const int64_t tiles = t.c_transposed ? c_transposed_tiles(s, t) : tile_count(s, t.block_m, t.block_n);
  const int64_t waves = ceil_div(tiles, block_slots(t, gpu));
  const double wave_time = id == WgmmaConfigId::k128x256
                               ? 1.0
                               : kSquareTileCost * t.block_m * t.block_n / (128.0 * 128.0) * t.blocks_per_sm;
  return static_cast<double>(waves) * wave_time;
}

// The time of a wgmma product whose tiles leave block slots free, as a persistent block runs
// its work units (tiles x split-K slices) back to back: per unit, each 256 bytes of K of its
// rows costs `alone` plus `busy` scaled by the fraction of block slots in use (the SMs share
// L2: a 128x64 unit's k-tile takes 0.30 us on an idle GPU, 0.60 with every SM busy), and
// the unit pays `fixed` (pipeline fill, epilogue). Split-K adds the reduction kernel and the
// float32 partial sums it reads back (~3 us + 0.18 us per MB of 8 x slices x M x N bytes).
// Least squares over 3,702 H100 timings (CUDA graphs): 13 products of 256-2048 rows and
// columns x K 1024-8192 x bf16 nn, fp16 nt, TF32 nn and nt x every config and 1-8 slices;
// median error 5%, 90th percentile 14%. Per byte of K the constants fit 16-bit and TF32
// alike: at these sizes a k-tile waits on its bytes, not its MMAs (bench/NOTES.md, session 37).
// A product whose tiles are each cut in two halves inside the kernel (WgmmaKCut) pays
// `hand_over` instead of a reduction: the tails' partial sums reach the heads' blocks through
// L2 (the median of the sweep's residuals at deep K).
struct WgmmaUnitCost {
  double alone, busy;  // us per 256 bytes of K
  double fixed;        // us per unit
  double hand_over;    // us per product cut in halves
};
constexpr WgmmaUnitCost kWgmmaUnitCosts[] = {
    {1.12, 0.27, 3.6, 6.2},  // 128x256
    {0.55, 0.29, 1.8, 4.7},  // 128x128
    {0.30, 0.30, 1.1, 4.1},  // 128x64
    {0.34, 0.41, 0.7, 0},    // 64x64, two blocks per SM (never cut in halves)
    {0, 0, 0, 0},            // 128x128 ping-pong: only for products of many tiles (never modeled)
    {0.20, 0.012, 2.25, 0},  // 64x32 C^T, whole tiles only (never cut along K; deep K, below)
    {0, 0, 0, 0},            // 64x80 C^T: by rule only (never modeled, never cut along K)
    {0, 0, 0, 0},            // 128x192: by the wave rule only (never modeled: whole tiles at deep K)
    {0, 0, 0, 0},            // 128x144 C^T: by the wave rule only (never modeled, never cut along K)
    {0, 0, 0, 0},            // 128x96 C^T: likewise
    {0, 0, 0, 0},            // 128x112 C^T: likewise
    {0, 0, 0, 0},            // 128x160 C^T: likewise
};
static_assert(sizeof(kWgmmaUnitCosts) / sizeof(kWgmmaUnitCosts[0]) == static_cast<int>(WgmmaConfigId::kCount),
              "one WgmmaUnitCost per WgmmaConfigId");
constexpr double kSplitKReductionUs = 3.0, kSplitKUsPerPartialMB = 0.18;
// How much faster than the default the model must find a cut to take it: slices against
// whole tiles, 5%, as near-ties went to whole tiles (TF32 nt 1536x1024x8192: 4 slices of
// 128x128 modeled 1% faster, measured 115 us against 80), while modeled gains of 8-13% held
// (TF32 nt decode, 1x11008x4096: 3 slices 80 us against 106 whole). (A tile against the
// rules': kTileMargin, planner_wgmma_parts.h.)
constexpr double kSplitMargin = 1.05;

// The modeled time of `tiles` tiles of config `id` cut along K into `splits` slices of
// `slice_k_tiles` k-tiles (whole tiles: 1 slice of all of them). In doubles, which hold these
// integers exactly: the slice search runs it up to 16 times per config, and with 64-bit
// integer divisions a deep-K plan took ~1 us of host time.
// One work unit of `k_tiles` k-tiles while `units` units share the GPU's block slots.
double wgmma_unit_us(WgmmaConfigId id, double k_tiles, double units, const GpuInfo& gpu) {
  const WgmmaTile& t = wgmma_tile(id);
  const WgmmaUnitCost& cost = kWgmmaUnitCosts[static_cast<int>(id)];
  const double slots = static_cast<double>(gpu.sm_count * t.blocks_per_sm);
  const double busy = std::min(units, slots) / slots;
  return k_tiles * t.k_bytes() / 256.0 * (cost.alone + cost.busy * busy) + cost.fixed;
}
double wgmma_modeled_us(const GemmShape& s, WgmmaConfigId id, double tiles, double splits, double slice_k_tiles,
                        const GpuInfo& gpu) {
  const double units = tiles * splits;
  const double slots = static_cast<double>(gpu.sm_count * wgmma_tile(id).blocks_per_sm);
  double us = std::ceil(units / slots) * wgmma_unit_us(id, slice_k_tiles, units, gpu);
  if (splits > 1) {
    const double partial_mb = 8e-6 * splits * static_cast<double>(s.m) * static_cast<double>(s.n);
    us += kSplitKReductionUs + kSplitKUsPerPartialMB * partial_mb;
  }
  return us;
}
// Every tile in two halves on two blocks (at most half a wave of tiles: one round), the head
// `head_k_tiles` deep.
double wgmma_halves_modeled_us(WgmmaConfigId id, double tiles, double head_k_tiles, const GpuInfo& gpu) {
  return wgmma_unit_us(id, head_k_tiles, 2 * tiles, gpu) + kWgmmaUnitCosts[static_cast<int>(id)].hand_over;
}

// How `tiles` tiles of wgmma config `id` are cut along K (the plan, plan_gemm, and the config
// rules that ask how a config would be cut): whole, in split-K slices (>= 16 k-tiles of 128
// bytes of K each, summed by the reduction kernel), or, for at most half a wave of tiles, each
// tile in two halves on two blocks, the tail's partial sums handed to the head in L2
// (last_wave_split.h, every tile in the "last wave"). With deep K (>= kDeepKBytes of each
// row), while the tiles leave block slots free, the cut of least modeled time (above), taken
// over whole tiles only when kSplitMargin faster: counting waves alone took 4 slices at bf16
// 768x1024x4096 (26.2 us against 15.0 whole) and 11 at TF32 nt 768x1024x8192 (100.9 against
// 65.3 whole, 47.8 in 2 slices of 128x128 tiles), the partial sums' round trip outweighing
// the waves saved; M = 64 decode against an 11008x4096 weight took 3 slices (42.8 against
// 35.4 whole). Halves spare the reduction kernel and its planes (bf16 1024x1024x8192 on
// 128x128 tiles: 30.5 us against 36.6 in 2 slices; TF32 nt 1024x1024x4096: 31.2 against
// 35.8); not for 64x64 tiles, whose halves share SMs two by two (bf16 512x1024x4096: 16.2
// against 14.9 in 4 slices of 128x128). At shallower K the model misjudges the smallest
// products (TF32 nn 64x1024x1024: 9.1 us whole against 7.8 in 2 slices), and the waves rule
// (pick_split_k) stays, without halves (bench/NOTES.md, sessions 36 and 37).
WgmmaKCut wgmma_k_cut(const GemmShape& s, WgmmaConfigId id, int64_t tiles, const GpuInfo& gpu, const Reasons& why) {
  const WgmmaTile& t = wgmma_tile(id);
  const int block_k = t.block_k(static_cast<int>(c10::elementSize(s.dtype)));
  const int64_t slots = block_slots(t, gpu);
  const int64_t min_slice_k_tiles = kWgmmaMinSliceKTiles / t.k_boxes;
  if (!has_deep_k(s)) return {pick_split_k(s, tiles, block_k, slots, why, min_slice_k_tiles), {}};
  const int64_t k_tiles = ceil_div(s.k, int64_t{block_k});
  const int64_t most = std::min(kMaxSplits, k_tiles / min_slice_k_tiles);
  const double k_tile_count = static_cast<double>(k_tiles), tile_count = static_cast<double>(tiles);
  const double whole_us = wgmma_modeled_us(s, id, tile_count, 1, k_tile_count, gpu);
  if (tiles >= slots || most < 2) return {{1, s.k}, {}, whole_us};
  int64_t best_splits = 1;
  double best_us = whole_us;
  for (int64_t splits = 2; splits <= most; ++splits) {
    const double slice_k_tiles = std::ceil(k_tile_count / splits);
    if (std::ceil(k_tile_count / slice_k_tiles) != splits) continue;  // the same slices as a smaller count
    const double us = wgmma_modeled_us(s, id, tile_count, splits, slice_k_tiles, gpu);
    if (kSplitMargin * us <= whole_us && us < best_us) best_splits = splits, best_us = us;
  }
  const int64_t head_k_tiles = ceil_div(k_tiles, int64_t{2});
  if (t.blocks_per_sm == 1 && 2 * tiles <= slots) {
    const double halves_us = wgmma_halves_modeled_us(id, tile_count, static_cast<double>(head_k_tiles), gpu);
    if (kSplitMargin * halves_us <= whole_us && halves_us < best_us) {
      why.add("K in two halves: each of the ", tiles, " tiles runs its first ", head_k_tiles, " of ", k_tiles,
              " k-tiles on its block and the rest on one more, whose partial sums it adds (modeled ",
              std::lround(halves_us), " us against ", std::lround(whole_us), " whole)");
      return {{1, s.k}, {tiles, head_k_tiles}, halves_us};
    }
  }
  if (best_splits == 1) return {{1, s.k}, {}, whole_us};
  const SplitK best = k_slices(s.k, best_splits, block_k);
  why.add("split-K: ", tiles, " tiles for ", slots, " block slots, so ", best.splits, " slices of ", best.k_per_split,
          " along K per tile, summed in a fixed order (modeled ", std::lround(best_us), " us against ",
          std::lround(whole_us), " whole)");
  return {best, {}, best_us};
}

// The blocks that run `tiles` tiles of config `id`, cut along K as wgmma_k_cut cuts them.
int64_t wgmma_blocks(const GemmShape& s, WgmmaConfigId id, int64_t tiles, const GpuInfo& gpu) {
  return wgmma_k_cut(s, id, tiles, gpu, Reasons{nullptr}).blocks(tiles);
}

}  // namespace tiledmm::cuda::planner_detail
