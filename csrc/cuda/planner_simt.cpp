// The planner's simt choice: tile, split-K slices and row tail by a time model.
#include "planner_parts.h"

#include "measurement_switch.h"

#include <algorithm>
#include <cmath>

namespace tiledmm::cuda::planner_detail {

// simt tile and split-K by a time model (calibrated on an H100,
// bench/results/simt/fp32_configs_waves_h100.json). A candidate's blocks (tiles x split-K
// slices) spread over the SMs, and the busiest SM runs ceil(blocks / SMs) of them, side by
// side or back to back, at its FMA rate, which it reaches only with the tile's occupancy
// target of blocks resident (fewer take as long as that many):
//   rounds = max(ceil(blocks / SMs), blocks per SM)
//   time = rounds x tile_cost x (K / slices) x 0.198 us      (128x256: cost 1, 1 block per SM)
//        + with slices: 8 bytes x slices x M x N of partial sums written and read back at
//          ~2.5 TB/s, plus ~3 us for the reduction kernel.
// Tile costs per k at full occupancy, same run: 128x128 (8x8 outputs per thread) 0.53 of a
// 128x256 tile, 64x64 0.16; tiles not measured cost their area, float64 twice that (half
// the FMA rate). Wave quantization decides most choices: 2049^2 is 136 wide tiles, two
// waves for 132 SMs, but 1056 small ones in 8 rounds (measured 0.68x cuBLAS against
// 0.41x); 3072^2 takes 128x128 tiles (0.87x against 0.80x); below one wave split-K slices
// of the wide tile win (1024^3: 0.96x against 0.87x for 64x64 tiles). The model ranks the
// three tiles as measured at 2048^3, 2049x2047x2045, 3072^3, 3073x3071x3069, 1024^3, 768^3,
// 1000^3, 512x512x4096 and 256^3; at 512^3 (slices 64 deep) it takes 64x64 tiles, measured
// 0.75x against 0.86x for 128x128: a block's fixed costs (pipeline fill, epilogue) are not
// in it, and fitting them broke other shapes. It is also least accurate where 128x128
// tiles alone fill the SMs and wide ones do not (1536^3: 64x64 tiles leave a tail of lone
// blocks, which run below the SM's rate); there 128x128 measured best and is taken
// without comparing tiles.
// Slices: the count with the least modeled time, between 1 and 16, each >= 4 k-tiles deep,
// and only while the tiles alone leave block slots empty. Counting the partial sums' traffic
// keeps the slices few: 1025x1023x1021 takes 3 slices of 352 where counting waves alone took
// 11 of 96 (measured 0.70x cuBLAS against 0.51x), 1536^3 4 slices instead of 11 (0.86x
// against 0.79x).
// The wide tile steps K by 16 with 4 stages. The 32-deep step (half the barriers per FMA)
// was 4% faster at 4096^3 until the main loop loaded each tile's first slices behind the
// previous tile's FMAs; since then the 16-deep step is within 0.6% at the aligned shapes
// (4096^3: 47.1 against 47.3 TFLOP/s) and 3-5% faster at the ragged ones (its 32 KB loop
// stalls less on instruction fetch than the 64 KB one), bench/NOTES.md session 24.

double simt_tile_cost(SimtConfigId id) {
  switch (id) {
    case SimtConfigId::kFloat128x256:
    case SimtConfigId::kFloat128x256K32: return 1.0;
    case SimtConfigId::kFloat128x128: return 0.53;
    case SimtConfigId::kFloat64x64: return 0.16;
    default: {
      const SimtTile& t = simt_tile(id);
      return (t.vec == 2 ? 2.0 : 1.0) * t.block_m * t.block_n / (128.0 * 256.0);
    }
  }
}

// The tiles' time: `rounds` of blocks of tile `id`, each over k_per_split of K.
double simt_tiles_seconds(SimtConfigId id, int64_t rounds, int64_t k_per_split) {
  constexpr double kWideTileSecondsPerK = 0.198e-6;  // one k of a 128x256 tile (2048^3: 393 us)
  return static_cast<double>(rounds) * simt_tile_cost(id) * static_cast<double>(k_per_split) * kWideTileSecondsPerK;
}

SimtCandidate estimate_simt(const GemmShape& s, const GpuInfo& gpu, SimtConfigId id) {
  constexpr double kPartialsBytesPerSecond = 2.5e12, kReductionSeconds = 3e-6;
  constexpr int64_t kMinSliceKTiles = 4;
  const SimtTile& t = simt_tile(id);
  const int64_t tiles = tile_count(s, t.block_m, t.block_n);
  const int64_t k_tiles = ceil_div(s.k, t.block_k);
  const int64_t slots = static_cast<int64_t>(gpu.sm_count) * t.min_blocks_per_sm;
  const int64_t most = tiles >= slots ? 1 : std::max<int64_t>(1, std::min(kMaxSplits, k_tiles / kMinSliceKTiles));
  SimtCandidate best{id, {1, s.k}, 0};
  for (int64_t splits = 1; splits <= most; ++splits) {
    const SplitK split = k_slices(s.k, splits, t.block_k);
    if (split.splits != splits) continue;  // the same slices as a smaller count
    // An SM reaches its FMA rate only with the tile's occupancy target of blocks resident
    // (min_blocks_per_sm): fewer take as long as that many, their latency unhidden.
    const int64_t rounds = std::max<int64_t>(ceil_div(tiles * split.splits, gpu.sm_count), t.min_blocks_per_sm);
    double seconds = simt_tiles_seconds(id, rounds, split.k_per_split);
    if (split.active()) {
      seconds += 8.0 * split.splits * static_cast<double>(s.m) * static_cast<double>(s.n) / kPartialsBytesPerSecond +
                 kReductionSeconds;
    }
    if (splits == 1 || seconds < best.seconds) best = {id, split, seconds};  // ties keep fewer slices
  }
  return best;
}

// The simt tile, and its slices, for `s` in one launch.
SimtCandidate pick_simt_tile(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  if (s.dtype == c10::kDouble) {
    why.add("float64 uses the double-precision simt tile");
    return estimate_simt(s, gpu, SimtConfigId::kDouble64x64);
  }
  auto tiles_of = [&](SimtConfigId id) { return tile_count(s, simt_tile(id).block_m, simt_tile(id).block_n); };
  const int64_t wide_tiles = tiles_of(SimtConfigId::kFloat128x256), square_tiles = tiles_of(SimtConfigId::kFloat128x128);
  if (!keeps_sms_busy(wide_tiles, gpu) && keeps_sms_busy(square_tiles, gpu)) {
    why.add("only ", wide_tiles, " tiles of 128x256 for ", gpu.sm_count, " SMs: ", square_tiles,
            " tiles of 128x128 fill them");
    return estimate_simt(s, gpu, SimtConfigId::kFloat128x128);
  }
  const SimtCandidate candidates[] = {estimate_simt(s, gpu, SimtConfigId::kFloat128x256),
                                      estimate_simt(s, gpu, SimtConfigId::kFloat128x128),
                                      estimate_simt(s, gpu, SimtConfigId::kFloat64x64)};
  const SimtCandidate* best = &candidates[0];
  for (const SimtCandidate& c : candidates) {
    if (c.seconds < best->seconds) best = &c;  // ties keep the larger tile
  }
  if (!why.wanted()) return *best;  // a gemm call: no text on its hot path
  auto micros = [](double seconds) { return static_cast<int64_t>(seconds * 1e6 + 0.5); };
  std::string others;
  for (const SimtCandidate& c : candidates) {
    if (&c == best) continue;
    others += (others.empty() ? "" : ", ") + std::to_string(simt_tile(c.id).block_m) + "x" +
              std::to_string(simt_tile(c.id).block_n) + " " + std::to_string(micros(c.seconds)) + " us";
  }
  const SimtTile& t = simt_tile(best->id);
  why.add(tiles_of(best->id), " tiles of ", t.block_m, "x", t.block_n, " on ", gpu.sm_count,
          " SMs: estimated ", micros(best->seconds), " us (", others, ")");
  return *best;
}

// C's last rows as a second launch (row_tail.h) behind a first launch of tile `id`: the
// first takes the most tile rows whose blocks fill whole rounds (rounds of one block per
// SM, as in estimate_simt), the second the rest with its own tile and slices. Its time is
// both estimates plus kSecondLaunchSeconds (the gap between the kernels and the second's
// pipeline fill). None where the first would hold all of C's rows or none.
struct SimtRowSplit {
  SimtCandidate first, second;
  int64_t tail_rows;
  double seconds;
  int beside_blocks = 0;  // the tail runs beside the first launch on this many SMs (below)
};

std::optional<SimtRowSplit> estimate_row_tail(const GemmShape& s, const GpuInfo& gpu, SimtConfigId id) {
  constexpr double kSecondLaunchSeconds = 3e-6;
  const SimtTile& t = simt_tile(id);
  const int64_t whole_rounds = tile_count(s, t.block_m, t.block_n) / gpu.sm_count;
  const int64_t first_tile_rows = whole_rounds * gpu.sm_count / ceil_div(s.n, t.block_n);
  if (first_tile_rows == 0 || first_tile_rows * t.block_m >= s.m) return std::nullopt;
  GemmShape first = s, tail = s;
  first.m = first_tile_rows * t.block_m;
  tail.m = s.m - first.m;
  const SimtCandidate a = estimate_simt(first, gpu, id);
  if (a.split.active()) return std::nullopt;  // whole rounds of whole tiles, or no first launch
  const SimtCandidate b = pick_simt_tile(tail, gpu, Reasons{nullptr});
  return SimtRowSplit{a, b, tail.m, a.seconds + b.seconds + kSecondLaunchSeconds};
}

// C's last few rows beside the first launch (row_tail.h, kernels/few_rows.cu): where C's
// rows are whole tile rows (of 128, every float32 tile's multiple) and at most kFewRowsMax
// more, the whole tile rows run as one launch (its own tile and slices) of one round that
// leaves SMs idle, and the other rows run on those SMs at the same time as a stream over
// B: kFewRowsSeconds to start plus B's bytes at kFewRowsBytesPerSecond per SM (an
// estimate below the SM's 64 bytes per clock from L2; not measured alone: the kernel waits
// for the tiles before it exits, and in every shape measured it ended with them, bench/
// NOTES.md session 42). Taken only where that stream's modeled time is at most half the
// first launch's tiles' (kRowsShareOfTiles: at 0.89, 513 x 1000 x 1021 ran 7% slower than
// in one launch in one call and alike in another; the shapes that gained were at 0.2-0.45),
// so its time is the first launch's. Needs programmatic launches
// (sm_90+: before, the rows would run after the tiles) and a B along N (row-major: a
// column-major B's dot products would read it along K, which few_rows does not).
std::optional<SimtRowSplit> estimate_rows_beside(const GemmShape& s, const GpuInfo& gpu) {
  constexpr double kFewRowsSeconds = 2e-6, kFewRowsBytesPerSecond = 50e9, kRowsShareOfTiles = 0.5;
  constexpr int64_t kTileRows = 128;
  const int64_t rows = s.m % kTileRows;
  if (s.dtype != c10::kFloat || s.b_col_major || gpu.compute_capability < 90 || rows == 0 || rows > kFewRowsMax ||
      s.m < kTileRows) {
    return std::nullopt;
  }
  GemmShape first = s;
  first.m = s.m - rows;
  const SimtCandidate a = pick_simt_tile(first, gpu, Reasons{nullptr});
  const SimtTile& t = simt_tile(a.id);
  const int64_t blocks = tile_count(first, t.block_m, t.block_n) * a.split.splits;
  const int64_t idle = gpu.sm_count - blocks;
  if (idle < 1) return std::nullopt;  // more than one round, or a round that fills the GPU
  // One round of fewer blocks than SMs: as long as the occupancy target's (estimate_simt).
  const double tiles_seconds = simt_tiles_seconds(a.id, t.min_blocks_per_sm, a.split.k_per_split);
  const double rows_seconds = kFewRowsSeconds + 4.0 * static_cast<double>(s.k) * static_cast<double>(s.n) /
                                                    (static_cast<double>(idle) * kFewRowsBytesPerSecond);
  if (rows_seconds > kRowsShareOfTiles * tiles_seconds) return std::nullopt;
  return SimtRowSplit{a, {a.id, {1, s.k}, rows_seconds}, rows, a.seconds, static_cast<int>(idle)};
}

// TILEDMM_ROW_TAIL=off plans every simt product as one launch: what the tails buy (a
// measurement switch, read once per process; tiledmm.plan shows the same plans).
bool row_tail_switched_off() {
  static const bool off = environment_says("TILEDMM_ROW_TAIL", "off");
  return off;
}

// One launch, or two where a row tail saves >= 1% of one launch's modeled time: 3072^3
// (288 wide tiles, a third round of 24) runs 2816 rows in two rounds of wide tiles and its
// last 256 rows as 24 tiles in 5 slices (modeled 1.36 against 1.61 ms for one launch of
// 128x128 tiles; measured 1.23 against 1.41 ms on an H100, 0.91x -> 1.05x cuBLAS);
// 8192x14336x4096 (3584 wide tiles, a 28th round of 20) its last 128 rows in 7 slices
// (modeled -1.8%, measured -1.4%). Over 43 products whose plans take a tail (bench/NOTES.md,
// session 26) the time was 0.945 of one launch's (geomean); 4 were slower, by up to 6.8%
// (2111x6273x777: 48 short k-tiles), at predicted savings of 2-6% among larger measured
// wins, so no higher threshold separates them. Shapes of whole rounds (4096^3: 3.9 rounds)
// gain nothing: the first launch would end a round early and the tail take that round back.
// A tail beside the first launch (estimate_rows_beside) is weighed the same way, and where
// wide tiles do not fill the SMs too: 1025 x 1023 x 1021 runs 1024 rows as 32 wide tiles in
// 4 slices (128 blocks) and its last row on the other 4 SMs, modeled 67 against 83 us for
// 36 tiles in 3 slices.
SimtChoice pick_simt(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  constexpr double kMinSaving = 0.01;
  const SimtCandidate one = pick_simt_tile(s, gpu, why);
  if (row_tail_switched_off() || s.dtype != c10::kFloat) return {one, {}};
  std::optional<SimtRowSplit> best;
  auto consider = [&](const std::optional<SimtRowSplit>& c) {
    if (c && c->seconds < (best ? best->seconds : (1.0 - kMinSaving) * one.seconds)) best = c;
  };
  consider(estimate_rows_beside(s, gpu));
  // A tiled tail only where wide tiles fill the SMs: below, the model is least accurate
  // (pick_simt_tile).
  const SimtTile& wide = simt_tile(SimtConfigId::kFloat128x256);
  if (keeps_sms_busy(tile_count(s, wide.block_m, wide.block_n), gpu)) {
    for (const SimtConfigId id : {SimtConfigId::kFloat128x256, SimtConfigId::kFloat128x128, SimtConfigId::kFloat64x64}) {
      consider(estimate_row_tail(s, gpu, id));
    }
  }
  if (!best) return {one, {}};
  const SimtTile &t1 = simt_tile(best->first.id), &t2 = simt_tile(best->second.id);
  auto micros = [](double seconds) { return static_cast<int64_t>(seconds * 1e6 + 0.5); };
  if (best->beside_blocks > 0) {
    why.add("instead C's last ", best->tail_rows, " row(s) beside the tiles: ", s.m - best->tail_rows, " rows as ",
            tile_count({s.m - best->tail_rows, s.n, s.k}, t1.block_m, t1.block_n), " tiles of ", t1.block_m, "x",
            t1.block_n, " in ", best->first.split.splits, " slice(s) of ", best->first.split.k_per_split,
            " along K, the last ", best->tail_rows, " as dot products over B on the ", best->beside_blocks,
            " SMs they leave idle (estimated ", micros(best->second.seconds), " us): estimated ", micros(best->seconds),
            " us in all");
    return {best->first, {best->tail_rows, best->second.id, best->second.split, best->beside_blocks}};
  }
  why.add("instead C's last ", best->tail_rows, " rows as a second launch: ", s.m - best->tail_rows, " rows of ",
          t1.block_m, "x", t1.block_n, " tiles fill whole rounds of the SMs, the last ", best->tail_rows, " rows run ",
          tile_count({best->tail_rows, s.n, s.k}, t2.block_m, t2.block_n), " tiles of ", t2.block_m, "x", t2.block_n,
          " in ", best->second.split.splits, " slice(s) of ", best->second.split.k_per_split,
          " along K: estimated ", micros(best->seconds), " us in all");
  return {best->first, {best->tail_rows, best->second.id, best->second.split}};
}

}  // namespace tiledmm::cuda::planner_detail
