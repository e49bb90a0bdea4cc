#include "planner.h"

#include "../kernel_registry.h"
#include "measurement_switch.h"
#include "operand_workspace.h"

#include <c10/util/Exception.h>
#include <torch/library.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace tiledmm::cuda {

namespace {

int64_t ceil_div(int64_t x, int64_t y) { return (x + y - 1) / y; }

// Blocks (or persistent tiles) that keep >= 90% of the SMs busy in one wave: the planner's
// threshold for "enough parallelism" in every family.
bool keeps_sms_busy(int64_t blocks, const GpuInfo& gpu) { return 10 * blocks >= 9 * gpu.sm_count; }

// Output tiles of block_m x block_n that cover the problem's M x N.
int64_t tile_count(const GemmShape& s, int64_t block_m, int64_t block_n) {
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
SplitK k_slices(int64_t k, int64_t splits, int block_k) {
  if (splits <= 1) return {1, k};
  const int64_t k_tiles = ceil_div(k, block_k), slice_k_tiles = ceil_div(k_tiles, splits);
  return {static_cast<int>(ceil_div(k_tiles, slice_k_tiles)), slice_k_tiles * block_k};
}

// wgmma's shallowest split-K slice, in k-tiles of 128 bytes of K (wgmma_k_cut): its k-tile is
// short next to the fixed costs of a persistent block and of the reduction kernel.
constexpr int64_t kWgmmaMinSliceKTiles = 16;
// From this many bytes of K per row, wgmma's split-K and its tile for products of few tiles
// come from its time model (wgmma_k_cut, pick_wgmma_config).
constexpr int64_t kDeepKBytes = 8192;
int64_t k_bytes_per_row(const GemmShape& s) { return s.k * static_cast<int64_t>(c10::elementSize(s.dtype)); }
bool has_deep_k(const GemmShape& s) { return k_bytes_per_row(s) >= kDeepKBytes; }

// From this many bytes of K per row, 16-bit products whose 128x128 tiles fill the SMs in waves
// run faster on larger tiles, which move fewer bytes through L2 per MMA, even in fewer, emptier
// waves (pick_wgmma_rule_config, wave_filling_c_transposed). The gain shows under the GPU's own
// clock management, not under ncu's fixed clocks, where 128x128 stayed faster with L2 50-62%
// busy (session 55, call 12): the traffic costs power and so clock, as at K = 4096 in session
// 39, rather than saturating L2. Found at 8 KB and more (below), then moved down with
// out-of-sample samples of the plans it changed (H200, random nn/nt/tn products, against the
// previous plans by name; bench/NOTES.md, session 55): K of 4-8 KB per row, 61 plans 1.13x
// faster in kernel time (none slower by more than 3%); 2-4 KB, 60 plans 1.11x (1 slower). At
// 1-2 KB 60 plans gained only 1.07x (4 slower), and where they replaced short_k_ping_pong's
// tiles they lost (0.95x): not taken.
constexpr int64_t kL2TrafficKBytes = 2048;
bool l2_traffic_decides(const GemmShape& s) {
  return s.dtype != c10::kFloat && k_bytes_per_row(s) >= kL2TrafficKBytes;
}

// Split-K (split_k.h) for the mma family when the output tiles cannot fill the GPU's
// resident block slots (simt and wgmma weigh slices with their time models, skinny takes
// pick_stream_split's).
// S slices per tile make tiles * S blocks of 1/S of the work each, run in
// ceil(tiles * S / slots) waves, so the time goes as waves(S) / S: S = 4 for 32 tiles on
// 132 slots (one full wave), S = 3 for 86 tiles (two waves of thirds beat one wave of
// wholes). Ties go to the smaller S, and each slice keeps >= min_slice_k_tiles k-tiles (a
// shallower slice spends its time filling the pipeline). The price is 8 S M N bytes of
// float32 partials written and read back: small exactly when the tiles are few.
SplitK pick_split_k(const GemmShape& s, int64_t tiles, int block_k, int64_t slots, const Reasons& why,
                    int64_t min_slice_k_tiles = 4) {
  const int64_t k_tiles = ceil_div(s.k, block_k);
  const int64_t most = std::min(kMaxSplits, k_tiles / min_slice_k_tiles);
  if (tiles >= slots || most < 2) return {1, s.k};
  int64_t best = 1;
  for (int64_t splits = 2; splits <= most; ++splits) {
    // waves(splits) / splits < waves(best) / best, in integers
    if (ceil_div(tiles * splits, slots) * best < ceil_div(tiles * best, slots) * splits) best = splits;
  }
  if (best == 1) return {1, s.k};
  const SplitK split = k_slices(s.k, best, block_k);
  why.add("split-K: ", tiles, " tiles for ", slots, " block slots, so ", split.splits, " slices of ",
          split.k_per_split, " along K per tile, summed in a fixed order");
  return split;
}

// skinny's split-K. Its blocks stream W from DRAM, and one block per SM keeps enough bytes
// in flight: slices along K put the SMs that the blocks leave idle to work, as many as keep
// every block in one wave (tiles x slices <= SMs). Past that, waves(S) / S (pick_split_k's
// model for blocks that compute) still falls, but a second wave only shortens each block's
// stream and adds the float32 partials' traffic. H200, single products from a clean L2, 22
// shapes of 1-32 small rows x 1024-3072 rows x K 4096-14336 (bench/NOTES.md, session 59):
// where this rule differs from pick_split_k's (8 shapes), 1.21-1.47x faster (nn 16 x 3072 x
// 8192, 96 blocks: whole 21.1 us against 8 slices 28.4; 16 x 1536 x 8192, 48 blocks: 2 slices
// 15.2 against 8 slices 18.4); its choice the fastest of 1, 2, 4, 8 slices or within 5% of it
// in 21 shapes, and 10% in one (nt 16 x 1024 x 4096, as before: 2 slices 9.5, whole 8.7).
SplitK pick_stream_split(const GemmShape& s, int64_t tiles, int step_k, int64_t sms, const Reasons& why) {
  const int64_t splits = std::min({kMaxSplits, ceil_div(s.k, step_k), sms / std::max<int64_t>(tiles, 1)});
  if (splits < 2) return {1, s.k};
  const SplitK split = k_slices(s.k, splits, step_k);
  why.add("split-K: ", tiles, " blocks stream the large operand on ", sms, " SMs, so ", split.splits,
          " slices of ", split.k_per_split, " along K per block (one wave), summed in a fixed order");
  return split;
}

// The last wave split along K (last_wave_split.h), for a persistent grid of `blocks` blocks
// whose last wave runs R = tiles mod blocks tiles: the idle blocks take the tiles' tails, up
// to n = ceil(R / idle) each. A head costs its k-tiles of MMAs plus adding the tail's sums
// (kAddKTiles), an idle block n tails plus, per tail, refilling the pipeline from DRAM and
// publishing 128 KB of float32 sums (kTailKTiles). Both in k-tiles of MMAs, fitted to an
// H100 (bench/NOTES.md, session 13: heads of 59 of 64 k-tiles made 4096^3 7% slower, 8
// tails of 5 each costing ~10 k-tiles). With a = kAddKTiles and t = kTailKTiles the two
// sides balance at
//   head + a = n (K - head + t),  head = (n (K + t) - a) / (n + 1),
// and the split is taken when the head side saves >= 4 k-tiles: 8192^3 (68 tiles in the last
// wave, 64 idle blocks) runs heads of 88 of 128 k-tiles. Tiles shallower than 8 k-tiles, and
// last waves that leave fewer than 1/16 of the blocks idle, are not split. Nor are tiles
// shallower than kKTilesPerTail for each tail an idle block runs: at 102 H100 bf16 shapes of
// 1024-4096 rows and columns x K 1024-6144 (bench/NOTES.md, session 47) the split lost where K
// was shallower (16 k-tiles, one tail each: 0.87-0.90x of whole tiles; 2432^3, three tails of
// 38: 0.90x; four or more tails of 64: 0.92-1.00x) and won from there (one tail, 32-96
// k-tiles: 1.03-1.13x); the balance above undercounts a tail's fixed costs at these depths.
LastWaveSplit pick_last_wave_split(int64_t tiles, int64_t k_tiles, int64_t blocks, const Reasons& why) {
  constexpr int64_t kMinKTiles = 8, kAddKTiles = 2, kTailKTiles = 5, kMinSavedKTiles = 4, kKTilesPerTail = 24;
  const int64_t split = tiles % blocks, idle = blocks - split;
  if (tiles <= blocks || split == 0 || 16 * idle < blocks || k_tiles < kMinKTiles) return {};
  const int64_t tails_per_block = ceil_div(split, idle);
  if (k_tiles < kKTilesPerTail * tails_per_block) return {};
  const int64_t head = ceil_div(tails_per_block * (k_tiles + kTailKTiles) - kAddKTiles, tails_per_block + 1);
  if (head + kAddKTiles + kMinSavedKTiles > k_tiles) return {};
  why.add("last wave split along K: its ", split, " tiles run their first ", head, " of ", k_tiles,
          " k-tiles, the ", idle, " otherwise idle blocks their tails (up to ", tails_per_block, " each)");
  return {split, head};
}

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
struct SimtCandidate {
  SimtConfigId id;
  SplitK split;
  double seconds;
};

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

struct SimtChoice {
  SimtCandidate first;  // the launch of C's first rows (all of them without a tail)
  RowTail tail;
};

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

// Whether the C^T configs' rules consider `s`: the configs run the 16-bit types, and read A
// K-major as their B, so a row-major A in place (a column-major one is read in place by 64x32
// only, and c_transposed_wave_config alone takes it there).
bool c_transposed_configs_apply(const GemmShape& s) { return s.dtype != c10::kFloat && !s.a_col_major; }

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
  const int64_t waves = ceil_div(tiles, int64_t{gpu.sm_count} * t.blocks_per_sm);
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
// How much faster than the default the model must find a choice to take it. Slices against
// whole tiles: 5%, as near-ties went to whole tiles (TF32 nt 1536x1024x8192: 4 slices of
// 128x128 modeled 1% faster, measured 115 us against 80), while modeled gains of 8-13% held
// (TF32 nt decode, 1x11008x4096: 3 slices 80 us against 106 whole). A tile against the rules':
// 15%, the model's 90th-percentile error (smaller gains ranked 64x64 against 128x64 no
// better than a coin: bf16 256x256x4096 7.9 us against 8.9).
constexpr double kSplitMargin = 1.05, kTileMargin = 1.15;

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
struct WgmmaKCut {
  SplitK split;          // split-K slices (1: none)
  LastWaveSplit halves;  // every tile in two halves (tiles: all of them), or none
  double us = 0;         // the model's time (deep K only)
  int64_t blocks(int64_t tiles) const { return halves.active() ? 2 * tiles : tiles * split.splits; }
};
WgmmaKCut wgmma_k_cut(const GemmShape& s, WgmmaConfigId id, int64_t tiles, const GpuInfo& gpu, const Reasons& why) {
  const WgmmaTile& t = wgmma_tile(id);
  const int block_k = t.block_k(static_cast<int>(c10::elementSize(s.dtype)));
  const int64_t slots = int64_t{gpu.sm_count} * t.blocks_per_sm;
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

// wgmma tile for products of too few 128x128 tiles to keep the SMs busy, by rules set at
// K <= 1024 (pick_wgmma_config).
WgmmaConfigId pick_few_tile_wgmma_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  auto tiles = [&](WgmmaConfigId id) { return tile_count(s, wgmma_tile(id).block_m, wgmma_tile(id).block_n); };
  const int64_t square = tiles(WgmmaConfigId::k128x128);
  // Fewer 64x64 tiles than SMs: each its own SM, with a third less to stage per k-tile and
  // a k-tile's MMAs on one warpgroup, finish sooner than 128x64 tiles on half as many SMs
  // (H100, profiler: 256^3 3.1 against 3.6 us, 512^3 3.8 against 4.6). Once they share SMs
  // (768^3: 144 tiles) they are slower (6.0 against 5.5 us; bench/NOTES.md, session 19).
  const int64_t small = tiles(WgmmaConfigId::k64x64);
  if (small <= gpu.sm_count) {
    why.add("only ", tiles(WgmmaConfigId::k128x64), " tiles of 128x64 for ", gpu.sm_count, " SMs: ", small,
            " tiles of 64x64, one per SM");
    return WgmmaConfigId::k64x64;
  }
  // One wave of 128x128 tiles beats the two waves (the second partial) of 128x64 ones that
  // would replace it: a 128x64 k-tile costs about what a 128x128 one does (~600 cycles,
  // bench/NOTES.md, session 20), which the wave model's "by area" misses (H100 bf16,
  // 1536x1024x1024: 8.5 against 12.4 us, 1500x1000x1000: 12.7 against 17.4; session 21).
  // Not where split-K would cut the 128x128 tiles into slices. Where it leaves them whole
  // they win at longer K too (1536x1024x2048: 13.1 against 16.6 us, 1536x1024x3072: 17.9
  // against 22.0; session 36), and in TF32 (1536x1024x1024 B column-major: 14.1 against 18.7;
  // session 37).
  const int64_t narrow = tiles(WgmmaConfigId::k128x64);
  if (square <= gpu.sm_count && narrow > gpu.sm_count &&
      wgmma_blocks(s, WgmmaConfigId::k128x128, square, gpu) == square) {
    why.add(square, " tiles of 128x128 in one wave on ", gpu.sm_count, " SMs (", narrow,
            " of 128x64 would take two)");
    return WgmmaConfigId::k128x128;
  }
  // Both operands K-major (A row-major, B column-major: a weight's layout) with lines off
  // their sectors, read in place (row classes need the other operand read along its outer
  // coordinate, and B is copied only from 1,536 rows on): 128x128 tiles read a third fewer
  // lines per output than 128x64 ones, while they make a third of the SMs' tiles. H100 bf16
  // nt kernel times (bench/NOTES.md, session 47): 1000^3 9.6 us against 12.2, 1024x1024x1000
  // 9.4 against 12.2, 896x896x888 8.4 against 9.3 (cuBLAS 8.0, 7.9, 6.2); not at 768x768x760
  // (36 tiles: 7.7 against 7.0).
  if (s.a_lines_off_sectors && s.b_lines_off_sectors && !s.a_col_major && s.b_col_major &&
      !repack_rows_off_sectors(s.m, s.n, s.k) && 3 * square >= gpu.sm_count &&
      wgmma_blocks(s, WgmmaConfigId::k128x128, square, gpu) == square) {
    why.add("only ", square, " tiles of 128x128 for ", gpu.sm_count, " SMs, but both operands' lines off their "
            "sectors: 128x128 tiles (fewer lines per output than 128x64)");
    return WgmmaConfigId::k128x128;
  }
  why.add("only ", square, " tiles of 128x128 for ", gpu.sm_count, " SMs: 128x64 tiles");
  return WgmmaConfigId::k128x64;
}

constexpr int64_t kPingPongMaxKBytes = 4096, kPingPongMinTilesPerSm = 6;

// The wgmma tile by the rules below (pick_wgmma_config may then prefer a C^T config).
WgmmaConfigId pick_wgmma_rule_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  auto tiles = [&](WgmmaConfigId id) { return tile_count(s, wgmma_tile(id).block_m, wgmma_tile(id).block_n); };
  const int64_t wide = tiles(WgmmaConfigId::k128x256), square = tiles(WgmmaConfigId::k128x128);
  // M <= 64 (16-bit: skinny takes <= 32 unless wgmma is named): 64x64 tiles. A 128-row tile
  // would be at least half padding, and two blocks per SM give split-K twice the slots to
  // spread W's stream over (H100 bf16 decode stream, M = 33-64 against 4096x4096, 11008x4096
  // and 4096x11008 weights: 2-9% faster than 128x128 tiles, 0.74-0.99x cuBLAS; kernel times
  // 64x1024x1024 5.0 against 7.5 us, 64x4096x4096 12.8 against 17.2; bench/NOTES.md, session
  // 35). In TF32 these ran on 128x128 tiles: with M <= 64 (B column-major) 32x1024x1024 6.9
  // against 9.8 us, 64x11008x4096 73.4 against 76.7; as the C^T of N <= 64 with B row-major
  // (its kernel's M is C's N) 1024x64x1024 7.3 against 10.2, 4096x40x4096 30.7 against 32.3
  // (session 36).
  if (s.m <= 64) {
    why.add("M = ", s.m, " (<= 64): ", tiles(WgmmaConfigId::k64x64), " tiles of 64x64, two blocks per SM");
    return WgmmaConfigId::k64x64;
  }
  // N <= 64: every config but 64x64 has the same tiles, and 128x64 stages and multiplies the
  // least padding (64^3: a 3.2 us kernel against 4.0 us for 128x128, session 14). 64x64 tiles
  // (twice as many) while they run one block per SM, split-K slices included: each SM then
  // streams half the rows of A per k-tile (H100 kernel times, session 36: bf16 1024x64x1024
  // 5.1 against 5.4 us, 2048x64x2048 7.2 against 8.3, 8192x64x1024 5.6 against 6.3; TF32
  // with B column-major 1024x64x1024 6.8 against 7.5, 2048x64x2048 7.7 against 8.9). Two per
  // SM they are slower in bf16 (4096x40x4096, 4 slices: 24.7 against 19.0).
  if (tiles(WgmmaConfigId::k128x64) == wide) {
    const int64_t small_tiles = tiles(WgmmaConfigId::k64x64);
    const int64_t small_units = wgmma_blocks(s, WgmmaConfigId::k64x64, small_tiles, gpu);
    if (small_units <= gpu.sm_count) {
      why.add("N = ", s.n, " (<= 64): ", small_units, " blocks of 64x64 tiles (split-K slices included), one per SM");
      return WgmmaConfigId::k64x64;
    }
    why.add(wide, " tiles of 128x64 (N fits one 64-wide tile: wider ones would add only padding)");
    return WgmmaConfigId::k128x64;
  }
  // Many tiles and K of at most 4 KB per row (16-bit): 128x128 tiles whose two consumers take
  // turns (ping-pong), so each tile's epilogue runs under the other consumer's MMAs instead of
  // stopping both. The shorter K, the larger the epilogue's share: H100 bf16 linear against
  // 128x256 tiles, CUDA graphs with the clocks near their peak (and at the power limit):
  // 4096x4096x1024 49.6 against 52.8 us (47.7 against 50.1), + bias + silu 57.1 against 64.9
  // (54.2 against 61.4); 6144x6144x2048 + bias 203.6 against 207.1 (217.9 against 237.2). At
  // K = 4096 they win only at the power limit (8192x4096x4096 444.1 against 460.8) and lose
  // below it (355.1 against 346.5; 8192x14336x4096 1273 against 1200): a 128x128 tile stages
  // more per MMA than a 128x256 one, which asks more of L2; under the GPU's own clock
  // management 8192x4096x4096 ran in 2% fewer cycles at a 5.5% lower SM clock (1.54 against
  // 1.63 GHz), and fp16 loses there too (session 39). Below ~6 tiles per SM the turns leave
  // the tensor cores idle at the ends of a block's schedule (2048x4096x4096, 3.9 per SM: 93.8
  // against 91.7 us; bench/NOTES.md, session 38). TF32 has no ping-pong kernel. Operands TMA
  // cannot read in place take it too, copied first: against the cooperative tiles the rules
  // would give them, H100 bf16/fp16 kernel times (session 48) 4097x4096x1023 52.8 against 59.5
  // us, 4096x4097x1024 64.0 against 71.2, 8192x8191x1024 226.7 against 244.4, faster in 6 of 8
  // (0.97x geomean for the cooperative tiles), slower at 5000x5000x1500 (155.2 against 136.0,
  // a split last wave) and 8192x8192x1999 nt (412.6 against 404.3).
  const int64_t k_bytes = k_bytes_per_row(s);
  if (s.dtype != c10::kFloat && k_bytes <= kPingPongMaxKBytes && square >= kPingPongMinTilesPerSm * gpu.sm_count) {
    why.add(square, " tiles of 128x128 (", square / gpu.sm_count, " per SM) and K of ", k_bytes,
            " bytes per row: ping-pong consumers, each tile's epilogue under the other's MMAs");
    return WgmmaConfigId::k128x128pp;
  }
  // Once 128x128 tiles keep the SMs busy: the fewest wave-times of the three 128-row tiles
  // (wgmma_wave_time). 128x192 sits between the others' tile counts, where 128x128 tiles
  // just overflow a wave and 128x256 ones leave SMs idle (1536^3 on 132 SMs: 144 and 72
  // tiles, 96 of 128x192).
  if (keeps_sms_busy(square, gpu)) {
    WgmmaConfigId best = WgmmaConfigId::k128x128;
    const int64_t mid = tiles(WgmmaConfigId::k128x192);
    // 128x192 tiles cost 1.5 of a 128x128 one (by area): fewer wave-times where 3 x its waves
    // < 2 x 128x128's. On a tie (two waves against three) only where its last wave is full:
    // a partial one, split along K, balances worse than 128x128's smaller tiles (H100 bf16
    // kernel times: 2176^3 37.4 us against 35.4, 1536x4096x4096 67.6 against 68.6 with a
    // full one; bench/NOTES.md, session 47) -- or where K is deep enough (l2_traffic_decides;
    // found at 8 KB or more per row). There, with all SMs streaming them, a 128x128 tile took
    // nearly a 128x192 one's time, the more so with a column-major A read MN-major (its runs'
    // L2 requests, session 54), so the fewer tiles win. H200, out of sample (session 55), the
    // changed plans against 128x128 by name (bf16 and fp16, M 1024-8192 x N 256-2048 x K
    // 4096-16384): tn, 40 of 403 changed among 4,000 random draws and the layer zoo's
    // 4864x896x8192 and 896x4864x8192, 1.16x faster in kernel time, 1.14x under do_bench, 3
    // slower by more than 3% (bf16 6864x600x5504 0.87x), against cuBLAS 0.71x -> 0.82x; nn and
    // nt, 40 of 330 among 4,000, 1.19x and 1.17x, none slower by more than 3%, against cuBLAS
    // 0.72x -> 0.86x (fp16 3408x1480x8104 nt 175.5 -> 130.3 us; cuBLAS 109.4). Found by name
    // on 24 ties at K 4096-8192, where tn gained 1.14x and nn/nt 1.03x (4 of 14 slower by up
    // to 5%).
    const int64_t mid_waves = ceil_div(mid, int64_t{gpu.sm_count}), square_waves = ceil_div(square, int64_t{gpu.sm_count});
    const int64_t mid_last_wave = mid - (mid_waves - 1) * gpu.sm_count;
    const bool traffic_decides = l2_traffic_decides(s);
    const bool mid_breaks_tie = keeps_sms_busy(mid_last_wave, gpu) || traffic_decides;
    if (3 * mid_waves < 2 * square_waves || (3 * mid_waves == 2 * square_waves && mid_breaks_tie)) {
      best = WgmmaConfigId::k128x192;
    }
    const double best_time = wgmma_wave_time(s, best, gpu);
    // 128x256 only once its own tiles keep most SMs busy (its waves are the longest): 5/6 of
    // them, where one wave of 128x256 beat two of 128x128 (H100 bf16, 112 tiles on 132 SMs:
    // 256x14336x4096 56.6 against 61.8 us under do_bench, cuBLAS 56.8, warm 47.0 against 51.2;
    // 2048x1600x4800 52.9 against 56.6, warm 49.1 against 50.2; bench/NOTES.md, session 52).
    // With l2_traffic_decides from 3/4 of them, where 128x128's waves move 1.25-1.4x the L2
    // traffic (above): H200, out of sample (session 55), 42 changed plans of 99-108 tiles among random
    // products (M 1024-8192 x N 256-2048 x K 4096-16384) against 128x128 by name: nn/nt 1.13x
    // faster in kernel time (1.12x under do_bench; 4 of 26 slower by more than 3%, fp16
    // 4496x592x7360 nt 0.90x), tn 1.16x (1.14x; 2 of 16 slower, bf16 4496x640x5704 0.91x);
    // fp16 1112x2736x13080 nt 208.4 -> 148.1 us (cuBLAS 121.0).
    const bool wide_fill = 6 * wide >= 5 * gpu.sm_count || (traffic_decides && 4 * wide >= 3 * gpu.sm_count);
    if (wide_fill && wgmma_wave_time(s, WgmmaConfigId::k128x256, gpu) <= best_time) {
      best = WgmmaConfigId::k128x256;
    }
    const WgmmaTile& t = wgmma_tile(best);
    const int64_t best_tiles = tiles(best);
    why.add(best_tiles, " tiles of ", t.block_m, "x", t.block_n, " in ", ceil_div(best_tiles, int64_t{gpu.sm_count}),
            " wave(s) on ", gpu.sm_count, " SMs: the fewest wave-times of 128x256 (", wide, " tiles), 128x192 (",
            mid, ") and 128x128 (", square, ")");
    return best;
  }
  // Too few 128x128 tiles to keep the SMs busy: the rules below (set at K <= 1024), unless K
  // is deep (>= kDeepKBytes of each row) and the time model (wgmma_modeled_us) finds a tile,
  // cut along K its best way (wgmma_k_cut), kTileMargin faster than the rule's. Deeper, a k-tile's cost decides,
  // and 128x128 tiles cost less per MMA than 128x64 ones (H100, CUDA graphs, bench/NOTES.md
  // session 37: bf16 768x768x8192 in 3 slices of 128x128 against 7 of 128x64, 24.5 against
  // 38.4 us; TF32 nn 768x1024x8192 in 2 slices of 128x128 against 11 of 128x64, 49.0 against
  // 133.6). Where the model's gain is smaller it ranked the tiles no better than a coin
  // (bf16 256x256x4096: 64x64 7.9 against 128x64 8.9).
  const WgmmaConfigId by_rule = pick_few_tile_wgmma_config(s, gpu, why);
  if (!has_deep_k(s)) return by_rule;
  constexpr WgmmaConfigId kCandidates[] = {WgmmaConfigId::k128x128, WgmmaConfigId::k128x64, WgmmaConfigId::k64x64};
  const Reasons quiet{nullptr};
  double modeled_us[std::size(kCandidates)];
  double rule_us = 0;
  for (size_t i = 0; i < std::size(kCandidates); ++i) {
    const WgmmaConfigId id = kCandidates[i];
    modeled_us[i] = wgmma_k_cut(s, id, tiles(id), gpu, quiet).us;
    if (id == by_rule) rule_us = modeled_us[i];
  }
  WgmmaConfigId best = by_rule;
  double best_us = rule_us;
  for (size_t i = 0; i < std::size(kCandidates); ++i) {
    if (kTileMargin * modeled_us[i] <= rule_us && modeled_us[i] < best_us) best = kCandidates[i], best_us = modeled_us[i];
  }
  if (best != by_rule) {
    why.add("but K ", s.k, " deep: ", tiles(best), " tiles of ", wgmma_tile(best).block_m, "x",
            wgmma_tile(best).block_n, ", modeled ", std::lround(best_us), " us against ", std::lround(rule_us));
  }
  return best;
}

// 16-bit, A row-major and B read in place, where the rules' tile is a cooperative 128-row one
// run whole (128x128, 128x192 or 128x256, no split-K): the 128-wide C^T config (96, 112, 144
// or 160 of C's rows) of fewest wave-times (by area, wgmma_wave_time), if fewer than the rules'
// tile takes. Widths between the 64-multiples fill a wave where those cannot: 1536^2
// makes 132 tiles of 128x144, against 144 of 128x128 (two waves) and 96 of 128x192 (36 SMs
// idle), as cuBLAS's 192x96 tiles make 128; 1152^2 makes 108 of 128x96 (81 of 128x128), 1280^2
// 120 of 128x112 (100). H100 kernel times against the previous plans by name (bench/NOTES.md,
// session 48; bf16 nn and nt, fp16, K 1024-4096):
//   16 products of 1024-2304 rows and columns that take 128x144 (128x192 before): 1.19-1.24x
//   faster, 0.87x -> 1.05x cuBLAS; 1536^3 14.3 -> 11.8 us (cuBLAS 11.6);
//   18 products of 384-4096 rows x 384-2048 columns that take 128x96 or 128x112 (128x128
//   before): 1.08-1.31x faster, 0.89x -> 1.02x cuBLAS (do_bench 1.03-1.13x); 1152^3 8.5 -> 7.5
//   us (7.2), 1280^3 9.3 -> 8.5 (8.4).
// 128x160 (cuBLAS's tile at 3072x768) only in one wave, where 128x144's tiles overflow it: of
// 3,000 random nn/nt draws (M 1024-4096, N 256-4096, K 256-4088) 56 changed plans (128x192
// before) and the layer zoo's 2048x1152x896 ran 1.17x faster in kernel time (none slower by
// more than 3%), 1.13x under do_bench, against cuBLAS 0.86x -> 1.01x (H200, session 55); bf16
// 1880x1224x720 11.6 -> 8.7 us (cuBLAS 8.6).
// Over several waves 128x144 only, and only with B's lines on their sectors (session 49):
// its tiles stage fewer bytes per MMA than 128x128's ((128 + 144) / (128 x 144) against
// 2 / 128), while 128x112's and 128x96's stage more than their by-area cost counts. Where the
// wave-times chose them over several waves, against the previous plan, 128x112 ran slower at
// 15 of 38 products (0.80-1.18x), 128x96 at 12 of 18 (0.77-1.13x), 128x144 at none of 19.
// 46 changed plans of 1024-4096 rows and columns (two samples of random products, bf16/fp16,
// nn/nt) ran 1.02-1.44x faster in kernel time (1.12x and 1.16x geomean; do_bench 0.97-1.29x,
// 1.11x and 1.13x), 0.84x -> 0.95x cuBLAS: 2176x2048x2048 32.8 -> 26.8 us (cuBLAS 26.2), 2560^3
// 54.3 -> 47.4 (52.9). With B row-major and its lines off their sectors (N = 8 mod 16), which
// the C^T kernel reads in place as its MN-major A where the rules' tiles copy B from 1,536 rows
// on, 6 of 8 ran slower (0.82-1.06x). With l2_traffic_decides (found at K of 8 KB or more per
// row) 128x144 and 128x160 over several waves in every case: H200, out of sample (session 55; random nn/nt products, M
// 1024-8192 x N 256-8192 x K 4096-16384, against the previous plan's tile by name), 34
// changed plans 1.10x faster in kernel time (1.08x under do_bench; 3 slower by more than 3%,
// at most 0.95x): from 128x192 24 to 128x160 1.09x, 5 to 128x144 1.13x; from 128x144 3 to
// 128x160 1.19x (bf16 3896x3328x15040 nt 635.3 -> 519.7 us, cuBLAS 590.5).
// Not where C has more than twice as many columns as rows (320-768 rows x 2048-4096 columns):
// there the C^T tiles' times varied by up to 20% from round to round (768x2048x2048 10.9 and
// 13.2 us, 128x128 12.5 and 12.6; not explained), 1.06x faster on average, 448x4096x1024
// slower. Not where A's lines sit off their 32-byte sectors, which a C^T kernel reads in place
// as its K-major B (the rules' tiles read them by row classes): 1540x1530x1000 16.6 us on
// 128x144 against 15.1 on 128x192. Not where B must be copied (TMA cannot read it in place):
// of 28 changed plans drawn from random products of 1000-2400 rows and columns, the 20 with B
// in place ran 0.99-1.20x as fast (1.10x geomean), the 8 with B copied 0.89-1.09x, 4 of them
// slower (1499x1146x2544 nn 23.6 us against 21.1; not explained). Not over 128x64 or 64-row
// tiles, which fill the SMs at smaller sizes (1024^3: 128x64 5.8 us, 128x96 C^T 6.9).
std::optional<WgmmaConfigId> wave_filling_c_transposed(const GemmShape& s, WgmmaConfigId rule, const GpuInfo& gpu,
                                                       const Reasons& why) {
  if (!c_transposed_configs_apply(s) || s.a_lines_off_sectors || !s.b_tma_aligned || s.n > 2 * s.m) {
    return std::nullopt;
  }
  if (rule != WgmmaConfigId::k128x128 && rule != WgmmaConfigId::k128x192 && rule != WgmmaConfigId::k128x256) {
    return std::nullopt;
  }
  std::optional<WgmmaConfigId> best;
  double best_time = wgmma_wave_time(s, rule, gpu);
  const bool traffic_decides = l2_traffic_decides(s);
  for (const WgmmaConfigId id : {WgmmaConfigId::k128x96ct, WgmmaConfigId::k128x112ct, WgmmaConfigId::k128x144ct,
                                 WgmmaConfigId::k128x160ct}) {
    const double time = wgmma_wave_time(s, id, gpu);
    const bool one_wave = c_transposed_tiles(s, wgmma_tile(id)) <= gpu.sm_count;
    const bool several_waves_pay =
        traffic_decides ? id == WgmmaConfigId::k128x144ct || id == WgmmaConfigId::k128x160ct
                        : id == WgmmaConfigId::k128x144ct && !s.b_lines_off_sectors;
    if ((one_wave || several_waves_pay) && time < best_time) best = id, best_time = time;
  }
  if (!best) return std::nullopt;
  // (Last: the rule's cut along K runs the time model at deep K.)
  const WgmmaTile& r = wgmma_tile(rule);
  const int64_t rule_tiles = tile_count(s, r.block_m, r.block_n);
  if (wgmma_blocks(s, rule, rule_tiles, gpu) != rule_tiles) return std::nullopt;  // split-K or halves
  const WgmmaTile& t = wgmma_tile(*best);
  const int64_t tiles = c_transposed_tiles(s, t);
  why.add("but ", tiles, " tiles of ", t.block_n, " rows x ", t.block_m, " columns, computed as C^T, fill ",
          ceil_div(tiles, int64_t{gpu.sm_count}), " wave(s) on ", gpu.sm_count, " SMs in less time by area");
  return best;
}

// 16-bit weight gradients dY^T X (A column-major) of shallow K, many more rows than columns,
// where the rules' tile is 128x128 or 128x192 run whole: 128x160 C^T tiles (160 of C's rows x
// 128 of its columns, cuBLAS's tile at 3072x768: 120 in one wave) where they fit one wave in
// less time by area. They read A in place as their MN-major B in runs of 64 bytes, which costs
// more the deeper K: H100 bf16 by name (bench/NOTES.md, session 54), kernel times / do_bench,
// us: 3072x768x985 9.9 / 14.3 against 11.0 / 14.4 on 96 tiles of 128x192, 3072x768x2048 15.9 /
// 19.8 against 18.1 / 23.0 (cuBLAS 14.8 / 18.4), 2560x896x4096 31.7 / 33.0 against 31.9 / 36.7;
// but at K = 8192 68.2 / 69.1 against 59.9 / 65.2 (3072x768), and with M < N slower
// (768x3072x2048 20.3 against 17.8 us). Out of sample (36 of the 63 plans it changed among
// 1,500 random tn draws, M 1024-8192 x N 256-2048 x K 256-4088, bf16 and fp16, all from
// 128x192, against the old config by name): kernel time 1.07x faster, do_bench 1.06x, 4 slower
// by more than 3% (bf16 3728x544x2376 0.87x, 0.93x under do_bench), against cuBLAS 0.87x ->
// 0.92x under do_bench.
constexpr int64_t kColumnMajorAWideRowsPerColumn = 2;
std::optional<WgmmaConfigId> column_major_a_wave_filling(const GemmShape& s, WgmmaConfigId rule, const GpuInfo& gpu,
                                                         const Reasons& why) {
  if (s.dtype == c10::kFloat || !s.a_col_major || s.a_lines_off_sectors || !s.b_tma_aligned || has_deep_k(s) ||
      s.m < kColumnMajorAWideRowsPerColumn * s.n) {
    return std::nullopt;
  }
  if (rule != WgmmaConfigId::k128x128 && rule != WgmmaConfigId::k128x192) return std::nullopt;
  constexpr WgmmaConfigId kWide = WgmmaConfigId::k128x160ct;
  const int64_t tiles = c_transposed_tiles(s, wgmma_tile(kWide));
  if (tiles > gpu.sm_count || wgmma_wave_time(s, kWide, gpu) >= wgmma_wave_time(s, rule, gpu)) return std::nullopt;
  const WgmmaTile& r = wgmma_tile(rule);
  const int64_t rule_tiles = tile_count(s, r.block_m, r.block_n);
  if (wgmma_blocks(s, rule, rule_tiles, gpu) != rule_tiles) return std::nullopt;  // split-K or halves
  why.add("but A column-major and K shallow: ", tiles, " tiles of 160 rows x 128 columns, computed as C^T, fill one "
          "wave on ", gpu.sm_count, " SMs in less time by area");
  return kWide;
}

// 16-bit products of short K (at most kShortPingPongKBytes per row), A row-major, with more
// 128x128 tiles than SMs but fewer than the ping-pong rule's 6 per SM, where the rules' tile is
// 128x128 or 128x256 and no C^T config fills the waves better: the ping-pong tile. The shorter
// K, the larger a tile's epilogue against its main loop, and ping-pong runs it under the other
// consumer's MMAs. Both operands' lines on their 32-byte sectors, which 128x128 tiles
// otherwise read twice as often as 128x256 ones (bf16 1672x3800x1000 nt 31.8 -> 44.8 us).
//   B column-major (x @ W^T, nn.Linear's layout): H100 kernel times against the previous
//   plans by name (bench/NOTES.md, session 49; 36 products of 808-4096 rows and columns, K
//   256-1024, bf16/fp16): 1.08-1.09x faster (geomean of two samples; 0.996-1.15x, none slower
//   by more than 0.4%), do_bench 1.06x; against cuBLAS 0.92x -> 1.00x. bf16 2048x2048x1024
//   14.1 -> 13.5 us (cuBLAS 13.8), bf16 3648x3240x512 23.5 -> 20.5 (25.9).
//   B row-major, only with its lines on 128-byte L2 lines (N a multiple of 64, contiguous):
//   the same measure (session 50), 13 products 1.08x faster (1.05-1.13x; do_bench 1.08x;
//   against cuBLAS 0.88x -> 0.96x), 16 more out of sample 1.05x (do_bench 1.07x, none slower;
//   in kernel time 0.87x at bf16 1792x4032x912 and 0.94x at fp16 2176x3840x336; against
//   cuBLAS 0.95x -> 1.00x). With B's lines off them (each k-row of a box then touches two L2
//   lines, and 128x128 tiles read B's k-rows twice as often as 128x256 ones) 7 of 13 lost
//   (0.98x geomean; fp16 3560x3312x896 34.2 -> 41.6 us, bf16 2728x1456x1024 14.9 -> 17.2).
// At K of 3-4 KB per row it was within +-3% (2048^3 23.2 against 23.7 us).
constexpr int64_t kShortPingPongKBytes = 2048;
std::optional<WgmmaConfigId> short_k_ping_pong(const GemmShape& s, WgmmaConfigId rule, const GpuInfo& gpu,
                                               const Reasons& why) {
  const int64_t k_bytes = k_bytes_per_row(s);
  if (s.dtype == c10::kFloat || k_bytes > kShortPingPongKBytes) return std::nullopt;
  if (s.a_col_major || s.a_lines_off_sectors || s.b_lines_off_sectors) return std::nullopt;
  if (!s.b_col_major && s.b_lines_off_cache_lines) return std::nullopt;
  if (rule != WgmmaConfigId::k128x128 && rule != WgmmaConfigId::k128x256) return std::nullopt;
  const int64_t square = tile_count(s, 128, 128);
  if (square <= gpu.sm_count) return std::nullopt;
  why.add("but K of ", k_bytes, " bytes per row and ", square, " tiles of 128x128, A row-major, ",
          s.b_col_major ? "B column-major" : "B row-major on 128-byte lines",
          ": ping-pong consumers, each tile's epilogue under the other's MMAs");
  return WgmmaConfigId::k128x128pp;
}

// Products of kNarrowMRows < M <= kFewCtRows rows of C (the layers of a small batch of tokens),
// K under kDeepKBytes per row, whose C^T tiles fill at least half the SMs in one wave: those
// whole tiles beat the rules' 64x64 tiles in split-K slices and, 80 rows tall, at M < N as well
// (the limits of c_transposed_wave_config below come from 64x2048x2048 and 512x1024x1024).
// H100 bf16, layers of common models (bench/NOTES.md, session 52; do_bench with L2 flushed,
// and kernel times with it warm): 256x768x3072 nn 14.3 -> 11.4 us on 96 tiles of 64x32 C^T
// (64x64 in 3 slices before; cuBLAS 11.0), warm 9.6 -> 7.3; 256x1024x3072 15.1 -> 12.6 (11.3);
// 256x1536x2048 nn 14.8 -> 11.6 on 64x80 C^T (10.4), warm 9.5 -> 8.0; 256x2048x3072 19.2 ->
// 16.4 (13.6); nt 256x1152x896 10.3 -> 8.3 (8.2); nt 256x2048x1536 13.3 -> 11.7 (10.2), warm
// 6.5 -> 6.8, the one warm loss. Out of sample (60 of the 236 plans it changed among 600 random
// products, M 161-256 x N 256-4096 x K 256-4080, nn and nt, bf16 and fp16, against the old
// plan's config by name): do_bench 1.11x faster, 4 slower by 3-6% (K <= 528, or 64x32 tiles at
// K of 3700-3800), against cuBLAS 0.79x -> 0.88x; warm kernel times 1.06x, but 18 slower by
// more than 3% (to 0.81x). (M <= kNarrowMRows is narrow_m_c_transposed_config's.)
constexpr int64_t kNarrowMRows = 160, kFewCtRows = 256;
bool few_rows_fill_half_a_wave(const GemmShape& s, int64_t tiles, const GpuInfo& gpu) {
  return s.m > kNarrowMRows && s.m <= kFewCtRows && 2 * tiles >= gpu.sm_count;
}

// 16-bit products of shallow K (< kDeepKBytes per row): the narrowest C^T config
// (wgmma_configs.h: 64 of C's columns x 32 or 80 of its rows) whose tiles fit one wave, over
// the rules' tile (split-K slices included). Spread over more SMs, each staging fewer bytes
// per k-tile than a 128x64 tile or (64x64) in fewer, deeper k-tiles, its tiles finish sooner:
// a small product's k-tile waits on its bytes. H100 bf16 kernel times against the rules'
// tiles and cuBLAS (bench/NOTES.md, session 41): 128^3 2.3 against 2.5 and 2.3 us, 256^3
// 2.5-2.6 against 2.8-2.9 and 2.6, 512^3 3.2 against 3.6 and 3.2, 640^3 3.9 against 4.1 and
// 4.0, 768^3 4.3-4.7 against 4.7 and 4.1, 1024x512x1024 4.7-4.8 against 5.2 and 4.2-4.3,
// 64x1024x1024 3.8 against 4.9 and 3.7, 1024x256x1024 4.0 against 4.9 and 4.2-4.3,
// 64x2048x2048 5.7-5.9 against 6.9-7.0 (64x64 in 2 split-K slices, one block per C^T tile)
// and 5.2; against split-K slices only with at least as many tiles as they make blocks.
// Limits, from the same measurements: 80-row tiles only where M >= N (512x1024x1024: 5.5 against 5.1 for
// 64x64, not explained; 48x4096x1024: 5.5 against 5.1). (Products with 32 < M <= 160 and
// M < N whose C^T tiles fill at least a quarter of the SMs are decided before, by
// narrow_m_c_transposed_config, 80-row tiles included.)
// Neither limit holds where few_rows_fill_half_a_wave (above).
// A column-major A (a weight's gradient dY^T X) takes 64x32 tiles only, which read it in place
// as their MN-major B in runs of 64 bytes of M (c_transposed_reads_column_major_a; the other
// C^T configs copy it, or ran slower). H100, random tn products whose plans this changed
// (bench/NOTES.md, session 53; M, N 256-8192 x K 256-16384, against the previous plan's config
// by name, 64x64 or 128x64): kernel times 1.055x faster (geomean of 9; 0.92-1.18x), do_bench
// 1.18x (1.04-1.28x). Not where its columns sit off their sectors (each run would touch
// three), at deep K (640x352x4328 fp16: 0.89x), or outside the sample's M, N >= 256 (with
// N <= 64, say, A is most of the bytes, read in the MN-major runs).
constexpr int64_t kColumnMajorAMinSide = 256;
std::optional<WgmmaConfigId> c_transposed_wave_config(const GemmShape& s, const GpuInfo& gpu) {
  const bool column_major_a = s.dtype != c10::kFloat && s.a_col_major && !s.a_lines_off_sectors &&
                              std::min(s.m, s.n) >= kColumnMajorAMinSide;
  if ((!c_transposed_configs_apply(s) && !column_major_a) || has_deep_k(s)) return std::nullopt;
  for (const WgmmaConfigId id : {WgmmaConfigId::k64x32ct, WgmmaConfigId::k64x80ct}) {  // narrowest first
    if (s.a_col_major && id != WgmmaConfigId::k64x32ct) break;
    const WgmmaTile& t = wgmma_tile(id);
    if (t.block_n >= 64 && s.m < s.n && !few_rows_fill_half_a_wave(s, c_transposed_tiles(s, t), gpu)) break;
    if (c_transposed_tiles(s, t) <= gpu.sm_count) return id;
  }
  return std::nullopt;
}

// 16-bit products narrow in M (32 < M <= 160, M < N), A row-major, by the ranges they
// were measured on: C^T tiles narrow in C's rows, whole, in one wave, over the rules' tiles
// (64x64 in split-K slices, or 128x128 ones whose rows reach past M; C^T tiles past M move
// back inside A, tile_origin). bench/NOTES.md, session 46, H100 bf16; "cold": the decode
// stream (bench/decode_stream.py: CUDA graphs of distinct weights, each read from DRAM);
// "warm": kernel times with the weight in L2.
//   32 < M <= 64, K <= 4096 (at most kDeepKBytes per row): 64x32 tiles (two tile rows of
//   32), wherever they fill at least a quarter of the SMs. Cold, M = 33, 48, 64 x N
//   2048-4096 x K 1024-4096, nn and nt: 1.16x faster than the 64x64 plans (geomean; 1.02-1.30x
//   in 35 of 36, 0.98x in 48x3072x4096 nn); against cuBLAS 0.74-0.97x -> 0.80-1.18x. At K =
//   8192 the two ranked 0.94-1.11x, at K = 11008 0.86-1.09x (64x64 faster in 5 of 6). Warm,
//   M = 33-64: faster at K <= 2048 and N = 4096 (K = 1024: 4.7 against 5.0-5.5 us), mixed at
//   K = 4096 (N = 4096: 9.2-14.1 against 12.4-16.0 us; N = 2048: 8.8-9.4 against 7.9-9.9),
//   slower with N = 1024 at K = 4096 (32 tiles: 8.7-9.2 against 7.2-8.0; cold not measured).
//   Before, 33x4096x4096's second tile row, 31 of its 32 rows past A, took it to 17.6 us
//   (12.5-13.1 moved).
//   64 < M <= 160, K 2048-8192: 64x80 tiles (one or two tile rows of 80) where C's columns
//   make at least a quarter of the SMs' tiles (N > 2048 on 132 SMs). Warm, M = 65-128 x N =
//   4096: K = 2048 6.6-8.5 us against 9.4-10.2 (the rules' 64x64 in 2 slices), K = 4096 11.2-14.6
//   against 15.9-19.9 (128x128 in 4 slices), K = 8192 27.3-31.4 against 30.7-33.7, all 36
//   faster, nn and nt; cold, M = 65, 96, 127, K = 2048 and 4096: 1.14-1.32x faster, all 12.
//   Not at K = 1024 (5 of 12 slower, by up to 0.3 us), at N = 2048 (M = 127-128 x K = 4096:
//   9.9-10.6 against 8.9-9.1) or with more tiles than SMs (N = 11008: 0.78-1.01x cold). The
//   rule's 50 sampled plans (M = 65-128 x N 3072-4096 x K 2048-8192, nn and nt) against the
//   old by name: cold 1.18x faster (geomean; 1.03-1.42x, none slower), against cuBLAS 0.76x
//   -> 0.89x; warm 1.18x, 4 slower by > 3% (M = 112-128 x 3072 x 4096: 13.0-13.4 against
//   11.4-12.9 us, cold 1.16-1.23x faster). Just past that range, against the plans then: M =
//   65-80 x N 6144-8192 x K 2048-4096 (one tile row, up to 128 tiles) cold 1.22x faster
//   (1.07-1.54x, all 24), warm 1.61x, against cuBLAS 0.75x -> 0.91x; M = 136-160 x N
//   3072-4096 x K 2048-8192 (128-row tiles before, the second moved inside) cold 1.14x
//   (0.99-1.22x, none slower by > 1%), warm 1.13x (2 of 36 slower by 3-6%), against cuBLAS
//   0.80x -> 0.90x.
// Fewer tiles take the rules below, which weigh them against split-K slices.
std::optional<WgmmaConfigId> narrow_m_c_transposed_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  if (!c_transposed_configs_apply(s) || s.m <= 32 || s.m > kNarrowMRows || s.n <= s.m) return std::nullopt;
  const int64_t k_bytes = k_bytes_per_row(s);
  const bool two_tile_rows = s.m <= 64;  // of 32 rows; else of 80
  const WgmmaConfigId id = two_tile_rows ? WgmmaConfigId::k64x32ct : WgmmaConfigId::k64x80ct;
  const WgmmaTile& t = wgmma_tile(id);
  const int64_t tiles = c_transposed_tiles(s, t), column_tiles = ceil_div(s.n, int64_t{t.block_m});
  const bool measured_k =
      two_tile_rows ? k_bytes <= kDeepKBytes : k_bytes >= kDeepKBytes / 2 && k_bytes <= 2 * kDeepKBytes;
  // At least a quarter of the SMs: the 64x32 tiles, or the 64x80 tiles' columns.
  const int64_t filling = two_tile_rows ? tiles : column_tiles;
  if (!measured_k || 4 * filling < gpu.sm_count || tiles > gpu.sm_count) return std::nullopt;
  why.add("but ", tiles, " tiles of ", t.block_n, " rows x 64 columns, computed as C^T, fit one wave on ",
          gpu.sm_count, " SMs (whole tiles, no split-K)");
  return id;
}

// Deep K (>= kDeepKBytes per row): the 64x32 C^T config, whole tiles, where the time model
// finds it kTileMargin faster than the rules' tile cut its best way, for a row-major A and
// M >= N. Its constants (kWgmmaUnitCosts) are a least-squares fit to its kernel times at 8
// shapes of 128-512 rows and columns x K 4096-8192, all within 0.2 us (H100, bench/NOTES.md
// session 41): a k-tile costs about the same however many SMs are busy. It then wins where its
// tiles fill the GPU: 512x512x4096 9.1 us against 10.6-11.6 for 64x64 in 4 split-K slices,
// 1024x256x4096 9.1 against 11.3 (cuBLAS 8.1-8.3). With M < N it ran slower than the model
// says (256x1024x4096: 11.9-12.2 us, modeled 9.1; not explained), so not there.
std::optional<WgmmaConfigId> deep_k_c_transposed_config(const GemmShape& s, WgmmaConfigId rule, const GpuInfo& gpu,
                                                        const Reasons& why) {
  if (!c_transposed_configs_apply(s) || s.m < s.n) return std::nullopt;
  constexpr WgmmaConfigId kId = WgmmaConfigId::k64x32ct;
  const WgmmaTile& t = wgmma_tile(kId);
  const WgmmaTile& r = wgmma_tile(rule);
  const int64_t tiles = c_transposed_tiles(s, t);
  const int block_k = t.block_k(static_cast<int>(c10::elementSize(s.dtype)));
  const double k_tiles = static_cast<double>(ceil_div(s.k, int64_t{block_k}));
  const double us = wgmma_modeled_us(s, kId, static_cast<double>(tiles), 1, k_tiles, gpu);
  const double rule_us = wgmma_k_cut(s, rule, tile_count(s, r.block_m, r.block_n), gpu, Reasons{nullptr}).us;
  if (kTileMargin * us > rule_us) return std::nullopt;
  why.add("but ", tiles, " tiles of 32 rows x 64 columns, computed as C^T, modeled ", std::lround(us),
          " us against ", std::lround(rule_us));
  return kId;
}

// Deep K: where the choice so far is 64x64 tiles whose split-K slices put two blocks on each
// SM (the 64x64 rule's premise is one), 128x64 tiles, cut their own best way, unless 128-row
// tiles would pad M by an eighth or more. In TF32 only with both operands K-major (B
// column-major, a weight's layout). H100 kernel times against the 64x64 plans (bench/NOTES.md,
// session 45): 16-bit 1.09x and 1.10x faster (geomeans) over 16 and 28 sampled changes, one of
// the 44 slower by more than 3% (256x1024x4096 9.3 us against 11.5); TF32 with B column-major
// 1.11x over 11, all faster. 64x64 kept its lead where 128 rows pad M (192x768x4096 9.4 against
// 11.5 us), and in TF32 with a row-major B, computed as C^T with B's tiles read into registers
// (5 of 9 slower by 2-3%). Applied last, not in the 64x64 rule itself: against the 128x128 and
// C^T plans the model and the C^T rule then chose instead, 128x64 was as often slower.
WgmmaConfigId deep_k_wide_rows(const GemmShape& s, WgmmaConfigId chosen, const GpuInfo& gpu, const Reasons& why) {
  constexpr WgmmaConfigId kWide = WgmmaConfigId::k128x64;
  const bool both_k_major = !s.a_col_major && s.b_col_major;
  if (chosen != WgmmaConfigId::k64x64 || (s.dtype == c10::kFloat && !both_k_major)) return chosen;
  const WgmmaTile &small = wgmma_tile(chosen), &wide = wgmma_tile(kWide);
  const int64_t wide_rows = ceil_div(s.m, int64_t{wide.block_m}) * wide.block_m;  // M padded to wide tiles
  const int64_t small_tiles = tile_count(s, small.block_m, small.block_n);
  if (8 * wide_rows >= 9 * s.m || wgmma_blocks(s, chosen, small_tiles, gpu) <= gpu.sm_count) return chosen;
  why.add("but K ", s.k, " deep cuts those into split-K slices two per SM: ", tile_count(s, wide.block_m, wide.block_n),
          " tiles of 128x64");
  return kWide;
}

// Products of few tiles (128x128 tiles fit one wave) and K of at least kOneWaveMinKBytes per
// row, 16-bit, A row-major, both operands read in place (A's lines and a column-major B's on
// their sectors), whose tile so far is 128x64 or 64x64 in split-K slices or in more than one
// wave (the last one split): the candidate of least modeled time whose whole tiles fit one
// wave and fill at least kOneWaveMinSmShare of it (128x128 where the planner would not cut it,
// and the C^T configs of 128 of C's columns x 96, 112 or 144 of its rows, or 64 x 80). The model,
// fitted to 245 H100 kernel times of such configs run whole in one wave (bench/NOTES.md,
// session 51; 6.9% rms error): each 128 bytes of K takes the tile's own floor, or, where all
// blocks load at once, kOneWaveUsPerStagedRow per row that all of them stage (the L2's rate),
// 30% more with B's lines off their sectors; plus kOneWaveFixedUs. H100 bf16/fp16 kernel times
// of every config by name (session 51, 36 products of 500-1400 rows and columns x K 2048-6144):
// the plan took 1.19x the best config's time (geomean), up to 1.66x where the rules' 128x64
// tiles ran in two waves (bf16 790x1352x3792 nn: 39.7 us, 23.9 on 66 tiles of 128x144 C^T;
// cuBLAS 23.6) or in split-K slices (fp16 1111x656x4000 nt: 26.8 us in 4 slices, 16.9 on 72
// tiles of 128x96 C^T; cuBLAS 17.1). Where those tiles ran whole in one wave they held. Out
// of sample (random products of M, N 512-1536 x K 2048-8192, nn and nt, bf16 and fp16, the new
// plan against the previous plan's config by name):
//   the rule's first form, 48 changed plans: 1.25x faster in kernel time, 1.20x under do_bench;
//   of the 5 slower by more than 1%, 3 had the rules' tiles in halves, one round of twice the
//   blocks (fp16 866x536x4464: 18.4 against 23.3 us on 50 tiles of 128x96 C^T; bf16
//   737x704x6544: 20.9 against 25.0 on 64x80 C^T), 2 a candidate of 36-42 tiles (0.97-0.98x);
//   so neither takes the rule now (kOneWaveMinSmShare);
//   the rule as it stands, a second sample of 50 changed plans (of 500 draws): 1.42x faster in
//   kernel time (1.14-1.92x, none slower), 1.30x under do_bench (1.02-1.57x), against cuBLAS
//   0.70x -> 1.00x (do_bench 0.75x -> 0.97x); bf16 1051x1104x3424 nt 32.8 -> 17.1 us on 128x112
//   C^T (cuBLAS 19.5), fp16 681x512x2944 11.8 -> 8.3 on 64x80 C^T (7.8).
struct OneWaveCandidate {
  WgmmaConfigId id;
  double floor_us;  // per 128 bytes of K
};
constexpr OneWaveCandidate kOneWaveCandidates[] = {
    {WgmmaConfigId::k128x128, 0.30},   {WgmmaConfigId::k128x96ct, 0.245}, {WgmmaConfigId::k128x112ct, 0.27},
    {WgmmaConfigId::k128x144ct, 0.335}, {WgmmaConfigId::k64x80ct, 0.13}};
constexpr double kOneWaveUsPerStagedRow = 1.4e-5, kOneWaveOffSectorsCost = 1.3, kOneWaveFixedUs = 3.0,
                 kOneWaveMinSmShare = 0.4;
constexpr int64_t kOneWaveMinKBytes = 4096, kOneWaveMinSide = 512;
std::optional<WgmmaConfigId> one_wave_of_whole_tiles(const GemmShape& s, WgmmaConfigId chosen, const GpuInfo& gpu,
                                                     const Reasons& why) {
  if (chosen != WgmmaConfigId::k128x64 && chosen != WgmmaConfigId::k64x64) return std::nullopt;
  if (!c_transposed_configs_apply(s) || !s.a_tma_aligned || !s.b_tma_aligned || s.a_lines_off_sectors ||
      (s.b_col_major && s.b_lines_off_sectors)) {
    return std::nullopt;
  }
  const int64_t k_bytes = k_bytes_per_row(s);
  if (k_bytes < kOneWaveMinKBytes || std::min(s.m, s.n) < kOneWaveMinSide ||
      tile_count(s, 128, 128) > gpu.sm_count) {
    return std::nullopt;
  }
  auto tiles_of = [&](const WgmmaTile& t) {
    return t.c_transposed ? c_transposed_tiles(s, t) : tile_count(s, t.block_m, t.block_n);
  };
  // (C^T configs always run whole tiles; the others as wgmma_k_cut cuts them.)
  auto whole_in_one_wave = [&](WgmmaConfigId id) {
    const WgmmaTile& t = wgmma_tile(id);
    const int64_t tiles = tiles_of(t);
    return tiles <= int64_t{gpu.sm_count} * t.blocks_per_sm &&
           (t.c_transposed || wgmma_blocks(s, id, tiles, gpu) == tiles);
  };
  const WgmmaTile& rule = wgmma_tile(chosen);
  const int64_t rule_tiles = tile_count(s, rule.block_m, rule.block_n);
  const bool several_waves = rule_tiles > int64_t{gpu.sm_count} * rule.blocks_per_sm;
  if (!several_waves && !wgmma_k_cut(s, chosen, rule_tiles, gpu, Reasons{nullptr}).split.active()) return std::nullopt;
  std::optional<WgmmaConfigId> best;
  double best_us = 0;
  for (const OneWaveCandidate& c : kOneWaveCandidates) {
    const WgmmaTile& t = wgmma_tile(c.id);
    if (!whole_in_one_wave(c.id) || kOneWaveMinSmShare * static_cast<double>(gpu.sm_count * t.blocks_per_sm) >
                                        static_cast<double>(tiles_of(t))) {
      continue;
    }
    const double staged_rows = static_cast<double>(tiles_of(t) * (t.block_m + t.block_n)) *
                               (s.b_lines_off_sectors ? kOneWaveOffSectorsCost : 1.0);
    const double per_128_bytes = std::max(c.floor_us, kOneWaveUsPerStagedRow * staged_rows);
    const double us = static_cast<double>(k_bytes) / 128.0 * per_128_bytes + kOneWaveFixedUs;
    if (!best || us < best_us) best = c.id, best_us = us;
  }
  if (!best) return std::nullopt;
  const WgmmaTile& t = wgmma_tile(*best);
  if (why.wanted()) {
    const std::string tile = t.c_transposed ? std::to_string(t.block_n) + " rows x " + std::to_string(t.block_m) +
                                                  " columns, computed as C^T,"
                                            : std::to_string(t.block_m) + "x" + std::to_string(t.block_n);
    why.add("but with K of ", k_bytes, " bytes per row those would run ",
            several_waves ? "in more than one wave" : "in split-K slices", ": ", tiles_of(t), " tiles of ", tile,
            " whole in one wave (modeled ", std::lround(best_us), " us)");
  }
  return best;
}

// 16-bit products of at most 32 rows (M) against a weight of many rows, which skinny would
// stream: the 64x32 C^T tiles (64 of the weight's rows x all of M per block, whole) instead,
// where they reach enough SMs. Each block keeps 8 TMA stages of 16 KB of the weight in flight
// (skinny's register stream and its staged ring of 4-5 stages hold 2-4 times fewer bytes per
// SM), so 48-64 such blocks stream ~3.6 TB/s where skinny's 96-132 blocks of 32 rows reach
// 2-3 TB/s: at 17-32 rows, and at 9-16 rows with the weight row-major (x @ W, read along N).
// H200, bench/NOTES.md session 61, single products from a clean L2 (64x32 C^T by name against
// the plan): nn 32 x 3072 x 8192 18.8 us against 25.3 (cuBLAS 20.3), nn 32 x 4096 x 4096 14.1
// against 18.3, nt 32 x 3072 x 4096 13.0 against 14.6, nn 16 x 3072 x 8192 18.7 against 20.5;
// the decode stream (graphs of distinct weights, % of copy bandwidth): nn M = 32 at 4096 x
// 4096 / 11008 x 4096 / 4096 x 11008 67 / 74-75 / 81-85% against 54 / 56 / 66, nt M = 32 63 /
// 74 / 83 against 62 / 72 / 81, nn M = 16 at 4096 x 11008 83-86% against 77-78. Out of sample,
// 31 random products (M 9-32, N 2816-16384, K 4096-16384, both layouts) against skinny's choice
// in the same run: 1.05-1.63x faster, geomean 1.27x. More than 16 rows against a shallower K
// too (K 384-4032), where skinny runs far slower: 32 + 12 random bf16 + fp16 products of K
// 1024-4032 1.06-1.69x faster (geomean 1.42x and 1.34x), 16 of K 384-896 1.05-1.93x (1.51x;
// nn 23 x 10368 x 640 10.7 us against 17.1, cuBLAS 9.1).
// Not with fewer tiles: at 1024-2048 rows and K = 8192 (16-32 tiles) they ran 1.05-1.3x slower
// (C^T tiles run whole, no split-K). Not at 9-16 rows of a K-major weight (skinny faster in the
// stream at every shape). Nor, while skinny's blocks of a row-major weight take one wave, at
// 9-16 rows with more tiles than SMs (nn 16 x 11008 x 4096: 75-77% against 77.5) or up to 8
// rows (nn 8 x 4096 x 4096: 66% against 72). Both operands as measured: read in place by TMA
// with lines on their sectors (no copy of the weight), A row-major (the C^T configs' K-major B).
bool small_rows_stream_on_c_transposed_tiles(const GemmShape& s, const GpuInfo& gpu) {
  constexpr int64_t kMaxRows = SkinnyTile::kSmallRowsMax, kMaxRowsKMajorWeight = 16, kMinRowsRowMajorWeight = 9;
  constexpr int64_t kMinKBytesManyRows = 768;  // more than 16 rows: measured from K = 384 (bf16)
  if (!c_transposed_configs_apply(s) || s.m > kMaxRows || s.m > s.n || !s.a_tma_aligned || !s.b_tma_aligned ||
      s.a_lines_off_sectors || s.b_lines_off_sectors || s.b_lines_off_cache_lines) {
    return false;
  }
  const int64_t tiles = c_transposed_tiles(s, wgmma_tile(WgmmaConfigId::k64x32ct));
  if (3 * tiles < gpu.sm_count) return false;
  if (s.m > kMaxRowsKMajorWeight) return k_bytes_per_row(s) >= kMinKBytesManyRows;
  if (!has_deep_k(s)) return false;
  // A row-major weight of many rows, at any M: skinny's 32-row blocks (r32_w8_u1, 3-4 per SM by
  // registers) then outnumber what the SMs hold at once, and a second, partial wave follows
  // (bench/NOTES.md session 61: nn 8 x 14336 x 4096 45.1 us against 34.4 on C^T tiles, 1 x 16064
  // x 9344 98.1 against 78.2, cuBLAS 31.5 and 73.1; at 8448-11008 rows, one wave, the two tie).
  const bool skinny_second_wave = 2 * tiles > 3 * int64_t{gpu.sm_count};
  return !s.b_col_major && ((s.m >= kMinRowsRowMajorWeight && tiles <= gpu.sm_count) || skinny_second_wave);
}

WgmmaConfigId pick_wgmma_config_by_rules(const GemmShape& s, const GpuInfo& gpu, const Reasons& why);

WgmmaConfigId pick_wgmma_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  const WgmmaConfigId chosen = pick_wgmma_config_by_rules(s, gpu, why);
  return one_wave_of_whole_tiles(s, chosen, gpu, why).value_or(chosen);
}

WgmmaConfigId pick_wgmma_config_by_rules(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  const WgmmaConfigId rule = pick_wgmma_rule_config(s, gpu, why);
  if (const std::optional<WgmmaConfigId> narrow_m = narrow_m_c_transposed_config(s, gpu, why)) return *narrow_m;
  if (const std::optional<WgmmaConfigId> filling = wave_filling_c_transposed(s, rule, gpu, why)) return *filling;
  if (const std::optional<WgmmaConfigId> wide = column_major_a_wave_filling(s, rule, gpu, why)) return *wide;
  if (const std::optional<WgmmaConfigId> turns = short_k_ping_pong(s, rule, gpu, why)) return *turns;
  if (has_deep_k(s)) {
    const std::optional<WgmmaConfigId> c_transposed = deep_k_c_transposed_config(s, rule, gpu, why);
    return c_transposed ? *c_transposed : deep_k_wide_rows(s, rule, gpu, why);
  }
  const std::optional<WgmmaConfigId> narrow = c_transposed_wave_config(s, gpu);
  if (!narrow) return rule;
  // A C^T config reads A K-major as its B, in place, without row classes: where A's lines sit
  // off their sectors the rules' 128x64 tiles win (classes with B row-major). H100 bf16
  // kernel times (session 47): 768x768x760 nn 5.6 us against 6.0 on 64x80 C^T, nt 7.0 against
  // 7.6; 760x760x760 nn 6.4 against 7.6. (At 640^2 the rules' 64x64 tiles did not win.)
  if (*narrow == WgmmaConfigId::k64x80ct && s.a_lines_off_sectors && rule == WgmmaConfigId::k128x64) {
    why.add("(not 64x80 C^T: its in-place read of A's lines off their sectors)");
    return rule;
  }
  const WgmmaTile& t = wgmma_tile(*narrow);
  const int64_t tiles = c_transposed_tiles(s, t);
  // Over split-K slices only with as many tiles as they make blocks (fewer were not measured
  // before session 52), or where few_rows_fill_half_a_wave: there fewer won (96-128 tiles
  // against 144-256 blocks).
  const WgmmaTile& r = wgmma_tile(rule);
  const int64_t rule_tiles = tile_count(s, r.block_m, r.block_n);
  const int64_t rule_blocks = wgmma_blocks(s, rule, rule_tiles, gpu);
  if (rule_blocks > rule_tiles && tiles < rule_blocks && !few_rows_fill_half_a_wave(s, tiles, gpu)) return rule;
  why.add("but ", tiles, " tiles of ", t.block_n, " rows x 64 columns, computed as C^T, fit one wave on ",
          gpu.sm_count, " SMs: each k-tile stages ", t.block_n + 64, " rows of A and B");
  return *narrow;
}

// TF32 with a row-major B (wgmma_configs.h): C^T reads B in place, in registers, and needs A
// K-major; C needs B transposed, and reads a column-major A in registers. Fewer copies win
// (an operand TMA cannot read is copied either way), then fewer wave-times (`config`: the
// requested tile, else each orientation's pick), then C^T.
bool pick_wgmma_c_transposed(const GemmShape& s, const GpuInfo& gpu, std::optional<WgmmaConfigId> config,
                             const Reasons& why) {
  if (!wgmma_computes_c_transposed(s.dtype == c10::kFloat, s.b_col_major)) return false;
  const int copies_t = (s.a_col_major || !s.a_tma_aligned) + !s.b_tma_aligned;
  const int copies_c = 1 + !s.a_tma_aligned;
  const Reasons quiet{nullptr};
  auto time = [&](bool c_transposed) {
    const GemmShape ks = wgmma_kernel_shape(s, c_transposed);
    return wgmma_wave_time(ks, config.value_or(pick_wgmma_config(ks, gpu, quiet)), gpu);
  };
  const bool transposed = copies_t != copies_c ? copies_t < copies_c : time(true) <= time(false);
  if (transposed) {
    why.add("TF32 with a row-major B: computed as C^T = B^T A^T, B's tiles read into registers "
            "(TF32 wgmma reads shared memory K-major only)", s.a_col_major ? ", A transposed first" : "");
  } else {
    why.add("TF32 with a row-major B that is copied anyway: copied transposed (K-major), ",
            copies_t == copies_c ? "fewer wave-times than computing C^T" : "fewer copies than computing C^T");
  }
  return transposed;
}

// skinny: the small side fits one block (<= 32 rows). The large operand streams in place
// either way: along K (A row-major when N is the small side; B column-major, nn.Linear's
// weight, when M is) or along its rows (B row-major, x @ W; A column-major), the latter in
// 32-row blocks only.
bool large_operand_mn_major(const GemmShape& s) {
  return skinny_small_is_m(s.m, s.n) ? !s.b_col_major : s.a_col_major;
}

bool skinny_fits(const GemmShape& s) { return std::min(s.m, s.n) <= SkinnyTile::kSmallRowsMax; }

// The staged config (W and X through a ring of shared-memory stages filled by TMA, sm_90a) for
// a K-major large operand and more than 8 small rows, where the register stream holds too few
// bytes in flight: its ring costs a fixed start, so it takes enough of W per SM. H200 decode
// stream, 4 stages (bench/results/skinny/session58/call4_unswizzled_boxes): 17-32 small rows
// 61.7 / 72.1 / 81.3% of copy bandwidth at 4096 x 4096 (254 KB per SM) / 11008 x 4096 /
// 4096 x 11008 against 55.5 / 58.6 / 64.1; 9-16 rows 65.9 / 79.7 / 84.2 against 67.9 / 72.3 /
// 79.2 (so from twice the bytes); up to 8 rows 69-86 against 78-88.
bool staged_skinny_runs_on(const GpuInfo& gpu) { return built_with_sm90a() && gpu.compute_capability == 90; }

bool takes_staged_skinny(const GemmShape& s, const GpuInfo& gpu, int64_t small) {
  constexpr int64_t kMinBytesPerSm = 240 << 10;  // 17-32 small rows; twice that for 9-16
  const int64_t bytes_per_sm = std::max(s.m, s.n) * s.k * 2 / std::max(gpu.sm_count, 1);
  return staged_skinny_runs_on(gpu) && small > 8 && bytes_per_sm >= (small > 16 ? 1 : 2) * kMinBytesPerSm;
}

// 16 rows of the large operand per block (twice the blocks, 256-byte runs per row and
// warp) for up to 8 small rows, where it measured 2-4% faster; 32 rows (half the re-reads
// of the small operand) above that, while its blocks still reach (nearly) every SM
// (bench/results/skinny/skinny_bf16_h100_v2_configs.json). An MN-major large operand, which
// only 32-row blocks read in place, is read by warps of one chunk per block step (the same
// bytes per step as 8 warps of two, each warp waiting on half as many loads before its
// MMAs, in fewer registers): 16 of them per block while the blocks are no more than the
// SMs (4096 rows: 1.08-1.22x the 8-warp, 2-chunk config from L2-clean DRAM); with more
// blocks, up to 16 small rows, 8 per block, whose 61-76 registers let 3-4 blocks share an
// SM, so that every block is resident at once and DRAM is shared evenly (11008 rows: 1.13-
// 1.20x the 16-warp config, whose blocks fit 1-2 per SM and leave a partial second wave).
// bench/results/skinny/skinny_bf16_configs_clean_l2_h100.json, ..._configs2_clean_l2_h100.json.
SkinnyConfigId pick_skinny_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  const int64_t rows = std::max(s.m, s.n), small = std::min(s.m, s.n);
  // Every config but k16Rows has blocks of 32 rows; the MN-major ones read that W in place.
  constexpr SkinnyTile kWide = skinny_tile(SkinnyConfigId::k32Rows);
  constexpr SkinnyTile kWarps16 = skinny_tile(SkinnyConfigId::k32Rows16Warps);
  constexpr SkinnyTile kOneChunk = skinny_tile(SkinnyConfigId::k32Rows1Chunk);
  static_assert(kWarps16.streams_mn_major() && kOneChunk.streams_mn_major() &&
                    kWarps16.block_rows() == kWide.block_rows() && kOneChunk.block_rows() == kWide.block_rows(),
                "32-row blocks read MN-major W");
  const int64_t wide_blocks = ceil_div(rows, kWide.block_rows());
  if (large_operand_mn_major(s)) {
    const char* along = skinny_small_is_m(s.m, s.n) ? "N" : "M";
    if (wide_blocks > gpu.sm_count && small <= 16) {
      why.add("the large operand runs along ", along, ": ", wide_blocks,
              " blocks of 32 rows and 8 warps read it in place (4 rows per 8-byte load), several per SM, all "
              "resident at once");
      return SkinnyConfigId::k32Rows1Chunk;
    }
    why.add("the large operand runs along ", along, ": ", wide_blocks,
            " blocks of 32 rows and 16 warps read it in place (4 rows per 8-byte load)");
    return SkinnyConfigId::k32Rows16Warps;
  }
  if (takes_staged_skinny(s, gpu, small)) {
    why.add("more than 8 small rows and ", rows * s.k * 2 / gpu.sm_count / 1024,
            " KB of the large operand per SM: a ring of shared-memory stages filled by TMA, one block per SM");
    return SkinnyConfigId::k32RowsStaged;
  }
  if (small > 8 && keeps_sms_busy(wide_blocks, gpu)) {
    why.add(wide_blocks, " blocks of ", kWide.block_rows(), " rows cover the ", gpu.sm_count,
            " SMs and share the small operand's reads");
    return SkinnyConfigId::k32Rows;
  }
  // With more than 8 small rows a block of 16 rows holds an SM alone (its registers), so more
  // of them than SMs run a second, partial wave: the staged config shares W's 8-row tiles out
  // evenly among the SMs instead, or without it 32-row blocks take one wave. H200, clean L2
  // (bench/NOTES.md, session 60): nt 16 x 3072 x 8192 (192 blocks of 16 rows) staged 20.6 us
  // against 23.3 (32-row blocks 22.2, cuBLAS 19.7); 32 x 3072 x 4096 14.6 against 18.2 (15.3);
  // 19 products of 9-32 x 2240-3584 rows, staged 1.01-1.30x faster. (32-row blocks instead were
  // measured on the H200 only, 1.05-1.19x faster than 16-row ones at three products of 3072 rows.)
  constexpr SkinnyTile kNarrow = skinny_tile(SkinnyConfigId::k16Rows);
  const int64_t narrow_blocks = ceil_div(rows, kNarrow.block_rows());
  if (small > 8 && narrow_blocks > gpu.sm_count) {
    if (staged_skinny_runs_on(gpu)) {
      why.add("more than 8 small rows, and ", narrow_blocks, " blocks of 16 rows (one per SM) would take a second "
              "wave: a ring of shared-memory stages filled by TMA, one block per SM over an even share of the rows");
      return SkinnyConfigId::k32RowsStaged;
    }
    why.add("more than 8 small rows, and ", narrow_blocks, " blocks of 16 rows (one per SM) would take a second "
            "wave: ", wide_blocks, " blocks of 32 rows, one wave");
    return SkinnyConfigId::k32Rows;
  }
  why.add(small <= 8 ? "at most 8 small rows: blocks of 16 rows"
                     : "blocks of 16 rows: blocks of 32 rows would leave SMs idle");
  return SkinnyConfigId::k16Rows;
}

template <typename Id, typename Table>
Id config_by_name(std::string_view family, std::string_view name, const Table& table, int count) {
  for (int i = 0; i < count; ++i) {
    if (name == table[i].name) return static_cast<Id>(i);
  }
  TORCH_CHECK(false, "tiledmm: unknown ", family, " config '", name, "'");
}

SimtConfigId simt_config_by_name(std::string_view name, c10::ScalarType dtype) {
  std::string names;
  for (int i = 0; i < static_cast<int>(SimtConfigId::kCount); ++i) {
    const SimtTile& t = kSimtTiles[i];
    const bool dtype_matches = (std::string_view(t.name).substr(0, 3) == "f64") == (dtype == c10::kDouble);
    if (!dtype_matches) continue;
    if (name == t.name) return static_cast<SimtConfigId>(i);
    names += (names.empty() ? "" : ", ") + std::string(t.name);
  }
  TORCH_CHECK(false, "tiledmm: unknown simt config '", name, "' for ", dtype_name(dtype),
              "; available: ", names);
}

KernelFamily family_by_name(std::string_view name) {
  for (KernelFamily f : {KernelFamily::kClassic16, KernelFamily::kSimt, KernelFamily::kMma, KernelFamily::kWgmma,
                         KernelFamily::kSkinny}) {
    if (name == family_name(f)) return f;
  }
  TORCH_CHECK(false, "tiledmm: no CUDA kernel family named '", name, "'");
}

}  // namespace

const char* family_name(KernelFamily family) {
  switch (family) {
    case KernelFamily::kSimt: return "simt";
    case KernelFamily::kMma: return "mma";
    case KernelFamily::kWgmma: return "wgmma";
    case KernelFamily::kSkinny: return "skinny";
    default: return "classic16";
  }
}

bool built_with_sm90a() {
#ifdef TILEDMM_WITH_SM90A
  return true;
#else
  return false;
#endif
}

Plan plan_gemm(const GemmShape& s, const GpuInfo& gpu, std::string_view requested, std::string* why_out) {
  const Reasons why{why_out};
  Plan plan;
  plan.split = {1, s.k};
  const auto [requested_kernel, requested_config] = split_kernel_spec(requested);
  const bool half = s.dtype == c10::kHalf || s.dtype == c10::kBFloat16;
  // wgmma and setmaxnreg exist on sm_90 only (sm_90a code does not run on later GPUs).
  const bool wgmma_ok = built_with_sm90a() && gpu.compute_capability == 90;
  std::optional<WgmmaConfigId> stream_tile;  // the planner's wgmma tile for small-row products
  if (!requested.empty()) {
    plan.family = family_by_name(requested_kernel);
    why.add("requested by name");
  } else if (s.dtype == c10::kFloat && s.allow_tf32 && wgmma_ok) {
    plan.family = KernelFamily::kWgmma;
    why.add("float32 with TF32 allowed (torch.backends.cuda.matmul.allow_tf32): TF32 tensor cores "
            "through TMA + wgmma, float32 accumulation");
  } else if (s.dtype == c10::kFloat && s.allow_tf32 && gpu.compute_capability >= 80) {
    plan.family = KernelFamily::kMma;
    why.add("float32 with TF32 allowed (torch.backends.cuda.matmul.allow_tf32): TF32 tensor cores "
            "through mma.sync m16n8k8, float32 accumulation");
  } else if (!half && gpu.compute_capability >= 80) {
    plan.family = KernelFamily::kSimt;
    why.add("IEEE ", dtype_name(s.dtype), " on CUDA cores");
  } else if (half && wgmma_ok && small_rows_stream_on_c_transposed_tiles(s, gpu)) {
    // The family and its tile together: wgmma named without a tile keeps its own rules.
    plan.family = KernelFamily::kWgmma;
    stream_tile = WgmmaConfigId::k64x32ct;
    why.add(dtype_name(s.dtype), " with ", s.m, " rows on the small side: ",
            c_transposed_tiles(s, wgmma_tile(*stream_tile)), " tiles of 64 of the weight's rows x all ", s.m,
            " rows, computed as C^T through TMA + wgmma (sm_90a), each block streaming its rows through 8 stages");
  } else if (half && gpu.compute_capability >= 80 && skinny_fits(s)) {
    plan.family = KernelFamily::kSkinny;
    why.add(dtype_name(s.dtype), " with ", std::min(s.m, s.n), " rows on the small side: a bandwidth-bound "
            "stream over the large operand (loads straight into mma.sync fragments)");
  } else if (half && wgmma_ok) {
    plan.family = KernelFamily::kWgmma;
    why.add(dtype_name(s.dtype), " on tensor cores through TMA + wgmma (sm_90a), float32 accumulation");
  } else if (half && gpu.compute_capability >= 80) {
    plan.family = KernelFamily::kMma;
    why.add(dtype_name(s.dtype), " on tensor cores (mma.sync), float32 accumulation");
  } else {
    plan.family = KernelFamily::kClassic16;
    why.add("the simt and mma kernels need sm80+ (cp.async, mma.sync)");
  }
  const bool by_name = !requested_config.empty();
  if (by_name) why.add("tile requested by name");
  switch (plan.family) {
    case KernelFamily::kSimt: {
      // A tile named by the caller runs all of C in one launch.
      const SimtChoice simt = by_name ? SimtChoice{estimate_simt(s, gpu, simt_config_by_name(requested_config, s.dtype)), {}}
                                      : pick_simt(s, gpu, why);
      plan.simt_config = simt.first.id;
      plan.config = simt_tile(plan.simt_config).name;
      plan.split = simt.first.split;
      plan.row_tail = simt.tail;
      if (plan.split.active()) {
        why.add("split-K: ", plan.split.splits, " slices of ", plan.split.k_per_split,
                " along K per tile (the time model's count), summed in a fixed order");
      }
      break;
    }
    case KernelFamily::kMma:
      // 4 warps of 64x64 in 128x128 blocks, 2 blocks per SM: measured fastest on an H200
      // at every shape and layout tried (bench/results/configs/bf16_mma_configs_*.json).
      plan.mma_config = by_name ? config_by_name<MmaConfigId>("mma", requested_config, kMmaTiles,
                                                              static_cast<int>(MmaConfigId::kCount))
                                : MmaConfigId::k128x128W64x64;
      plan.config = mma_tile(plan.mma_config).name;
      break;
    case KernelFamily::kWgmma: {
      // The tile named by the caller, or chosen with the family.
      const std::optional<WgmmaConfigId> given =
          by_name ? std::optional(config_by_name<WgmmaConfigId>("wgmma", requested_config, kWgmmaTiles,
                                                                static_cast<int>(WgmmaConfigId::kCount)))
                  : stream_tile;
      plan.wgmma_c_transposed = pick_wgmma_c_transposed(s, gpu, given, why);
      if (!plan.wgmma_c_transposed && s.dtype == c10::kFloat && s.a_col_major) {
        why.add("TF32 with a column-major A: A's tiles read into registers "
                "(TF32 wgmma reads shared memory K-major only)");
      }
      plan.wgmma_config = given ? *given : pick_wgmma_config(wgmma_kernel_shape(s, plan.wgmma_c_transposed), gpu, why);
      plan.config = wgmma_tile(plan.wgmma_config).name;
      // A C^T config computes C^T in either layout of B (16-bit types only).
      if (wgmma_tile(plan.wgmma_config).c_transposed) plan.wgmma_c_transposed = true;
      break;
    }
    case KernelFamily::kSkinny:
      plan.skinny_config = by_name ? config_by_name<SkinnyConfigId>("skinny", requested_config, kSkinnyTiles,
                                                                    static_cast<int>(SkinnyConfigId::kCount))
                                   : pick_skinny_config(s, gpu, why);
      plan.config = skinny_tile(plan.skinny_config).name;
      TORCH_CHECK(!skinny_tile(plan.skinny_config).staged || wgmma_ok, "tiledmm: skinny config ", plan.config,
                  " needs an sm_90 GPU and a build for sm_90a (TMA into shared memory)");
      break;
    default:
      plan.config = "16x16 tile, 1 output per thread";
  }
  // simt's slices came with its tile, from the time model.
  if (s.k > 0 && plan.family == KernelFamily::kSkinny) {
    // The blocks are (large rows / block rows) x (small rows / 32), and any block step may be
    // a slice. The staged config's blocks are counted by its 32-row passes too, though its grid
    // shares out 8-row tiles: a block whose only pass holds fewer tiles runs them in slower
    // per-tile boxes (bench/NOTES.md, session 59).
    const SkinnyTile& t = skinny_tile(plan.skinny_config);
    const bool small_is_m = skinny_small_is_m(s.m, s.n);
    const int64_t tiles = ceil_div(small_is_m ? s.n : s.m, t.block_rows()) *
                          ceil_div(small_is_m ? s.m : s.n, SkinnyTile::kSmallRowsMax);
    // TILEDMM_SKINNY_SPLIT=n: n slices along K whatever the rule says (measurement).
    static const int forced_splits = environment_number("TILEDMM_SKINNY_SPLIT");
    if (forced_splits > 0) {
      plan.split = k_slices(s.k, forced_splits, t.step_k());
      why.add("split-K forced by TILEDMM_SKINNY_SPLIT: ", plan.split.splits, " slices of ", plan.split.k_per_split,
              " along K");
    } else {
      plan.split = pick_stream_split(s, tiles, t.step_k(), gpu.sm_count, why);
    }
  } else if (s.k > 0 && plan.family == KernelFamily::kMma) {
    const MmaTile& t = mma_tile(plan.mma_config);
    const int block_k = t.k_elements(static_cast<int>(c10::elementSize(s.dtype)));
    plan.split = pick_split_k(s, tile_count(s, t.block_m, t.block_n), block_k,
                              int64_t{gpu.sm_count} * t.min_blocks_per_sm, why, /*min_slice_k_tiles=*/4);
  } else if (s.k > 0 && plan.family == KernelFamily::kWgmma) {
    // Persistent: blocks_per_sm blocks per SM; a k-tile is k_boxes x 128 bytes of K.
    const WgmmaTile& t = wgmma_tile(plan.wgmma_config);
    if (t.sixteen_bit_only()) {
      TORCH_CHECK(s.dtype != c10::kFloat, "tiledmm: wgmma config ", t.name,
                  " runs bfloat16 and float16 only, not float32 (TF32)");
      // Whole tiles: ping-pong consumers take turns on them; C^T boxes are 16-bit outputs.
      return plan;
    }
    const int64_t tiles = tile_count(wgmma_kernel_shape(s, plan.wgmma_c_transposed), t.block_m, t.block_n);
    const WgmmaKCut cut = wgmma_k_cut(s, plan.wgmma_config, tiles, gpu, why);
    plan.split = cut.split;
    plan.last_wave = cut.halves;
    if (!plan.split.active() && !plan.last_wave.active()) {
      const int64_t k_tiles = ceil_div(s.k, int64_t{t.block_k(static_cast<int>(c10::elementSize(s.dtype)))});
      plan.last_wave = pick_last_wave_split(tiles, k_tiles, int64_t{gpu.sm_count} * t.blocks_per_sm, why);
    }
  }
  return plan;
}

std::vector<std::string> plan_report(const GemmShape& shape, const GpuInfo& gpu,
                                     std::optional<std::string_view> kernel) {
  std::string requested;
  if (kernel.has_value() && !kernel->empty() && *kernel != "auto") {
    require_kernel(*kernel, c10::DeviceType::CUDA, shape.dtype);
    requested = std::string(*kernel);
  }
  std::string why;
  const Plan plan = plan_gemm(shape, gpu, requested, &why);
  // The kernel computes C^T: wgmma's TF32 orientation, or skinny with N the small side.
  const bool c_transposed = plan.family == KernelFamily::kWgmma   ? plan.wgmma_c_transposed
                            : plan.family == KernelFamily::kSkinny ? !skinny_small_is_m(shape.m, shape.n)
                                                                   : false;
  return {family_name(plan.family), plan.config, why, std::to_string(plan.split.splits), c_transposed ? "1" : "0",
          std::to_string(plan.last_wave.tiles), std::to_string(plan.last_wave.head_k_tiles),
          std::to_string(plan.row_tail.rows),
          plan.row_tail.beside() ? "few_rows" : plan.row_tail.active() ? simt_tile(plan.row_tail.config).name : "",
          std::to_string(plan.row_tail.split.splits), std::to_string(plan.row_tail.beside_blocks)};
}

namespace {

// tiledmm::_plan: the planner's choice for a described problem and GPU, without a GPU.
std::vector<std::string> plan_op(int64_t m, int64_t n, int64_t k, c10::ScalarType dtype,
                                 bool a_col_major, bool b_col_major, int64_t compute_capability,
                                 int64_t sm_count, std::optional<std::string_view> kernel,
                                 bool allow_tf32, bool a_aligned, bool b_aligned, bool a_off_sectors,
                                 bool b_off_sectors, bool b_off_cache_lines) {
  const GemmShape shape{m,          n,         k,         dtype,         a_col_major,  b_col_major,
                        allow_tf32, a_aligned, b_aligned, a_off_sectors, b_off_sectors, b_off_cache_lines};
  return plan_report(shape, {static_cast<int>(compute_capability), static_cast<int>(sm_count)}, kernel);
}

// tiledmm::_tile_table: the tile configs of the mma, wgmma, skinny and simt families, one row each:
// "name|block_m|block_n|block_k|warp_m|warp_n|thread_m|thread_n|stages|threads|min_blocks_per_sm|element_size|
// smem_bytes|tiles_per_block" (mma: thread_m x thread_n = the outputs one thread holds, spread over its
// fragments; tiles_per_block: the tiles a block holds at once, 2 for wgmma's ping-pong consumers).
std::vector<std::string> tile_table_op() {
  std::vector<std::string> rows;
  for (const MmaTile& t : kMmaTiles) {
    std::ostringstream row;
    row << t.name << '|' << t.block_m << '|' << t.block_n << '|' << t.block_k << '|' << t.warp_m()
        << '|' << t.warp_n() << '|' << 2 * t.frags_m() << '|' << 2 * t.frags_n() << '|' << t.stages
        << '|' << t.threads() << '|' << t.min_blocks_per_sm << '|' << 2 << '|' << t.smem_bytes(2) << "|1";
    rows.push_back(row.str());
  }
  // wgmma: block_k for 2-byte types (k_boxes x 128 bytes of K); the "warp" tile is a consumer
  // warpgroup's 64 x block_n slab, of which a thread holds 2 rows x block_n / 4 columns.
  // A ping-pong consumer holds the whole tile: its slabs_per_consumer slabs.
  for (const WgmmaTile& t : kWgmmaTiles) {
    std::ostringstream row;
    row << t.name << '|' << t.block_m << '|' << t.block_n << '|' << t.block_k(2) << '|'
        << 64 * t.slabs_per_consumer() << '|' << t.block_n << '|' << 2 * t.slabs_per_consumer() << '|'
        << t.block_n / 4 << '|' << t.stages << '|' << t.threads()
        << '|' << t.blocks_per_sm << '|' << 2 << '|' << t.smem_bytes() << '|' << (t.ping_pong ? t.consumers() : 1);
    rows.push_back(row.str());
  }
  // skinny: the block tile is up to 32 small rows x block_rows large rows (listed as
  // M x N, the orientation when M is the small side), K advancing step_k per block step;
  // every warp accumulates that whole tile over its own part of K: 8 x w_tiles
  // outputs per thread, and the warps' sums meet in `smem`.
  for (const SkinnyTile& t : kSkinnyTiles) {
    std::ostringstream row;
    row << t.name << '|' << SkinnyTile::kSmallRowsMax << '|' << t.block_rows() << '|' << t.step_k() << '|'
        << SkinnyTile::kSmallRowsMax << '|' << t.block_rows() << '|' << 8 << '|' << t.w_tiles << '|'
        << 1 << '|' << t.threads() << '|' << 1 << '|' << 2 << '|' << t.reduce_smem_bytes() << "|1";
    rows.push_back(row.str());
  }
  for (int i = 0; i < static_cast<int>(SimtConfigId::kCount); ++i) {
    const SimtTile& t = kSimtTiles[i];
    const int element_size = std::string_view(t.name).substr(0, 3) == "f64" ? 8 : 4;
    std::ostringstream row;
    row << t.name << '|' << t.block_m << '|' << t.block_n << '|' << t.block_k << '|' << t.warp_m()
        << '|' << t.warp_n() << '|' << t.thread_m() << '|' << t.thread_n() << '|' << t.stages
        << '|' << t.threads() << '|' << t.min_blocks_per_sm << '|' << element_size << '|'
        << t.smem_bytes(element_size) << "|1";
    rows.push_back(row.str());
  }
  return rows;
}

}  // namespace

TORCH_LIBRARY_FRAGMENT(tiledmm, m) {
  m.def("_tile_table() -> str[]", &tile_table_op);
  m.def(
      "_plan(int m, int n, int k, ScalarType dtype, bool a_col_major, bool b_col_major, "
      "int compute_capability, int sm_count, str? kernel=None, bool allow_tf32=False, bool a_aligned=True, "
      "bool b_aligned=True, bool a_off_sectors=False, bool b_off_sectors=False, bool b_off_cache_lines=False) -> str[]",
      &plan_op);
}

}  // namespace tiledmm::cuda
