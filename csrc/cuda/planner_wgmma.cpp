// The planner's wgmma choice: the rules' tile by tile count and K (pick_wgmma_rule_config), the
// rules that may replace it, in order (pick_wgmma_config_by_rules: the C^T configs of
// planner_wgmma_c_transposed.cpp, ping-pong at short K, wider rows at deep K, one wave of whole
// tiles), and TF32's orientation. The models they consult: planner_wgmma_model.cpp.
#include "planner_wgmma_parts.h"

#include "operand_workspace.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tiledmm::cuda::planner_detail {

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
    return tiles <= block_slots(t, gpu) &&
           (t.c_transposed || wgmma_blocks(s, id, tiles, gpu) == tiles);
  };
  const WgmmaTile& rule = wgmma_tile(chosen);
  const int64_t rule_tiles = tile_count(s, rule.block_m, rule.block_n);
  const bool several_waves = rule_tiles > block_slots(rule, gpu);
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

WgmmaConfigId pick_wgmma_config_by_rules(const GemmShape& s, const GpuInfo& gpu, const Reasons& why);

WgmmaConfigId pick_wgmma_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  const WgmmaConfigId chosen = pick_wgmma_config_by_rules(s, gpu, why);
  return one_wave_of_whole_tiles(s, chosen, gpu, why).value_or(chosen);
}

WgmmaConfigId pick_wgmma_config_by_rules(const GemmShape& s, const GpuInfo& gpu, const Reasons& why) {
  const WgmmaConfigId rule = pick_wgmma_rule_config(s, gpu, why);
  if (const std::optional<WgmmaConfigId> narrow_m = narrow_m_c_transposed_config(s, gpu, why)) return *narrow_m;
  if (const std::optional<WgmmaConfigId> medium = medium_rows_stream_on_c_transposed_tiles(s, gpu, why)) return *medium;
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

}  // namespace tiledmm::cuda::planner_detail
