// The wgmma planner's rules for the C^T configs (wgmma_configs.h: tiles narrow in C's rows,
// computed as C^T = B^T A^T), each a region of products where they measured faster than the
// rules' tile, and how their tiles are cut along K (a head and tails, or a split last wave).
// planner_wgmma.cpp applies them in order (pick_wgmma_config_by_rules).
#include "planner_wgmma_parts.h"

#include "measurement_switch.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tiledmm::cuda::planner_detail {

// Products of few 64x32 C^T tiles (at least kMinTiles, fewer than a third of the SMs) with
// K >= kDeepKBytes per row: each tile cut along K into parts, a head and tails on a block each
// (last_wave_split.h), so that more SMs stream the weight; a tile's partial sums are 8 KB, so
// the hand-over is cheap. Blocks for about half the SMs are best: at 16 / 24 / 32 tiles
// (1024 / 1536 / 2048 rows), 4 / 3 / 2 parts (64-72 blocks) ran 1.07-1.54x faster than whole
// tiles, and mostly faster than more, shorter parts (H200, bench/NOTES.md session 62, nn
// 32 x 2048 x 8192: whole 19.9 us, 2 parts 15.9, 3 16.3, 4 16.7; nn 32 x 1024 x 8192: whole
// 18.9, 2 parts 14.5, 3 or 4 12.4, 8 14.2). From a third of the SMs, whole tiles stay: 2
// parts of 48-64 tiles (3072-4096 rows) ran up to 15% slower (nn 32 x 3072 x 4096 12.7 us
// whole, 13.3 in 2 parts; nn 32 x 4096 x 4096 13.8 against 15.8).
constexpr int64_t kMinCutCTransposedTiles = 16;

bool few_c_transposed_tiles_cut_along_k(const GemmShape& s, int64_t tiles, const GpuInfo& gpu) {
  return tiles >= kMinCutCTransposedTiles && 3 * tiles < gpu.sm_count && has_deep_k(s);
}

// Whether `tiles` run over several waves of `slots` blocks with a last wave of at most half of them.
bool short_last_wave(int64_t tiles, int64_t slots) {
  const int64_t last = tiles % slots;
  return tiles > slots && last > 0 && 2 * last <= slots;
}

// A stream of small-row C^T tiles (64x32, 64x80) over several waves whose last wave holds at
// most half the block slots: R tiles streamed by R SMs at one SM's rate while the others idle.
// Each of them is cut along K into parts, a head and tails on a block each (the last wave
// split, last_wave_split.h), about half the slots' worth of blocks as for few tiles (above),
// each part at least kMinLastWavePartKTiles k-tiles (1 KB of K per row). H200, 18 random plans
// of 9-55 rows x 8520-19632 rows on these tiles (bench/NOTES.md session 63, against
// TILEDMM_SPLIT_LAST_WAVE=off in the same run): 1.05-1.21x faster, geomean 1.11x (nt 23 x 9344
// x 13768: 73.7 us against 88.9, cuBLAS 77.6).
constexpr int64_t kMinLastWavePartKTiles = 4;
LastWaveSplit c_transposed_last_wave_parts(WgmmaConfigId id, int64_t tiles, int64_t slots, int64_t k_tiles,
                                           const Reasons& why) {
  if ((id != WgmmaConfigId::k64x32ct && id != WgmmaConfigId::k64x80ct) || !short_last_wave(tiles, slots)) return {};
  const int64_t last = tiles % slots;
  const int64_t parts = std::min((slots + last) / (2 * last), k_tiles / kMinLastWavePartKTiles);
  if (parts < 2) return {};
  const int64_t run = ceil_div(k_tiles, parts), tails = ceil_div(k_tiles - run, run);
  why.add("last wave split along K: each of its ", last, " tiles in ", 1 + tails, " parts on a block each, the head ",
          "running the first ", run, " of ", k_tiles, " k-tiles and adding its tails' partial sums");
  return {last, run, tails};
}

// How a C^T config's tiles are cut along K: few 64x32 tiles each in parts
// (few_c_transposed_tiles_cut_along_k), else a short last wave of a stream in parts
// (c_transposed_last_wave_parts), else none. TILEDMM_CT_PARTS=n: n parts (head and tails) for
// any C^T config of at most a wave of tiles, whatever the rule says (measurement).
LastWaveSplit c_transposed_k_parts(const GemmShape& s, WgmmaConfigId id, const GpuInfo& gpu, const Reasons& why) {
  const WgmmaTile& t = wgmma_tile(id);
  const int64_t tiles = c_transposed_tiles(s, t), slots = block_slots(t, gpu);
  const int64_t k_tiles = ceil_div(s.k, int64_t{t.block_k(static_cast<int>(c10::elementSize(s.dtype)))});
  static const int forced_parts = environment_number("TILEDMM_CT_PARTS");
  int64_t parts = 1;
  if (forced_parts > 0) {
    parts = std::min({int64_t{forced_parts}, slots / std::max<int64_t>(tiles, 1), k_tiles});
  } else if (id == WgmmaConfigId::k64x32ct && few_c_transposed_tiles_cut_along_k(s, tiles, gpu)) {
    parts = (gpu.sm_count + tiles) / (2 * tiles);  // blocks: the nearest multiple of tiles to half the SMs
  }
  if (parts < 2) return c_transposed_last_wave_parts(id, tiles, slots, k_tiles, why);
  // Equal runs of k-tiles, as many as keep every run non-empty.
  const int64_t run = ceil_div(k_tiles, parts), tails = ceil_div(k_tiles - run, run);
  why.add("K in ", 1 + tails, " parts", forced_parts > 0 ? " (forced by TILEDMM_CT_PARTS)" : "", ": each of the ",
          tiles, " tiles runs its first ", run, " of ", k_tiles, " k-tiles on its block and the rest in runs of ",
          run, " on ", tails, " more, whose partial sums it adds (", (1 + tails) * tiles, " blocks)");
  return {tiles, run, tails};
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

// 16-bit products of 33-64 rows (M) against a weight of many rows, outside
// narrow_m_c_transposed_config's one wave: C^T tiles that take all of M in one tile row, so
// each block streams its weight rows once, where the rules' 64x64 tiles (two blocks per SM,
// 4 stages of 128 bytes of K) stream them at 56-75% of copy bandwidth. 64 weight rows x 80 per
// tile, or 128 x 96 where 128-row tiles fit one wave and 64-row ones would not: a second wave
// of a few 64-row tiles runs at one SM's rate. From half a wave of 64-row tiles (fewer ran
// slower than 64x64's split-K slices: 62 x 3512 x 11632 37.0 us against 33.0) and K of 1 KB
// per row (measured from 1184 bytes). H200, bench/NOTES.md session 63, 32 random products of
// 33-64 rows x 3312-24192 rows x K 592-16248, both layouts, single products from a clean L2:
// in the 29 it takes, the choice ran 0.71-0.99x the 64x64 plan's time in 28 (nn 54 x 13992 x
// 7848 62.5 us against 88.4, cuBLAS 60.8; nn 57 x 8648 x 6448 33.8 on 128x96 against 42.5, and
// 49.3 on 64x80), 1.01x in one (nn 40 x 14552 x 6464). Out of sample, 40 random products
// (bf16 36, fp16 4): 0.93-1.43x faster than 64x64 by name, geomean 1.13x, 6 slower (by 7% at
// most, nn 34 x 22440 x 12288); against cuBLAS 0.62-1.03x -> 0.80-1.16x.
constexpr int64_t kMediumRowsMin = 33, kMediumRowsMax = 64, kMediumRowsMinKBytes = 1024;
std::optional<WgmmaConfigId> medium_rows_stream_on_c_transposed_tiles(const GemmShape& s, const GpuInfo& gpu,
                                                                      const Reasons& why) {
  if (!c_transposed_configs_apply(s) || s.m < kMediumRowsMin || s.m > kMediumRowsMax || s.n <= s.m ||
      !s.a_tma_aligned || !s.b_tma_aligned || k_bytes_per_row(s) < kMediumRowsMinKBytes) {
    return std::nullopt;
  }
  constexpr WgmmaConfigId kNarrow = WgmmaConfigId::k64x80ct, kWide = WgmmaConfigId::k128x96ct;
  const int64_t narrow_tiles = c_transposed_tiles(s, wgmma_tile(kNarrow));
  const int64_t wide_tiles = c_transposed_tiles(s, wgmma_tile(kWide));
  const int64_t narrow_slots = block_slots(wgmma_tile(kNarrow), gpu);
  const int64_t wide_slots = block_slots(wgmma_tile(kWide), gpu);
  if (2 * narrow_tiles < narrow_slots) return std::nullopt;
  const WgmmaConfigId id = narrow_tiles > narrow_slots && wide_tiles <= wide_slots ? kWide : kNarrow;
  const WgmmaTile& t = wgmma_tile(id);
  why.add("but ", c_transposed_tiles(s, t), " tiles of all ", s.m, " rows x ", t.block_m,
          " of the weight's, computed as C^T, stream the weight once", id == kWide ? ", in one wave" : "");
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
// Fewer tiles ran 1.05-1.3x slower whole (1024-2048 rows at K = 8192: 16-32 tiles); cut
// along K, they pay where the clauses below say. Not at 9-16 rows of a K-major weight at deep
// K on 128-byte lines under half the SMs' tiles or between one and one and a half waves
// (below). Nor, while skinny's blocks of a row-major weight on 128-byte lines take one wave, at
// 9-16 rows with more tiles than SMs (nn 16 x 11008 x 4096: 75-77% against 77.5) or up to 8
// rows at K up to 8 KB per row (nn 8 x 4096 x 4096: 66% against 72). A row-major A (the C^T
// configs' K-major B), both operands TMA-aligned. Their lines may start off 128-byte lines or
// 32-byte sectors (bf16 N or K not a multiple of 64 or 16; the launcher copies rows off
// sectors from 1,536 rows): 64x32 C^T by name, whole or cut, ran 1.07-2.1x faster than skinny
// in 40 of 40 such products of 9-32 rows x 1096-15840 rows, geomean 1.39x (nn 29 x 4328 x
// 11264 28.2 us against 59.4, cuBLAS 35.7), and out of sample the plans this changed, 32
// random products of 3-32 rows x 1392-19568 rows, 1.12-1.66x (geomean 1.36x; bench/NOTES.md
// session 62).
// The regions, in the order the code below decides them (tiles: of 64 weight rows; a
// "stream-winning count": one wave from half the SMs' tiles, or past one and a half waves; K in
// bytes per row):
// - under a third of the SMs' tiles: only cut along K at deep K (>= 8 KB), for 17-32 rows, a
//   row-major weight off 128-byte lines, or 9-16 rows of a row-major weight from 24 tiles;
// - 17-32 rows: from K of 768 bytes;
// - 1-16 rows of a row-major weight: K of 1-2 KB from half the SMs' tiles; off 128-byte lines
//   from K of 2 KB (4 KB with a short second wave); on its lines at K of 2-8 KB at a
//   stream-winning count, and at deep K in one wave at 9-16 rows (1-8 rows beyond 8 KB from
//   2/5 of the SMs' tiles) or past one and a half waves;
// - 1-16 rows of a K-major weight: K under 2 KB from half the SMs' tiles; 9-16 rows at K of 2-8
//   KB, and at deep K off 128-byte lines at any count, on them at a stream-winning count.
bool small_rows_stream_on_c_transposed_tiles(const GemmShape& s, const GpuInfo& gpu) {
  constexpr int64_t kMaxRows = SkinnyTile::kSmallRowsMax, kMaxFewRows = 16, kMinNineRows = 9;
  if (!c_transposed_configs_apply(s) || s.m > kMaxRows || s.m > s.n || !s.a_tma_aligned || !s.b_tma_aligned) {
    return false;
  }
  const int64_t tiles = c_transposed_tiles(s, wgmma_tile(WgmmaConfigId::k64x32ct));
  const int64_t k_bytes = k_bytes_per_row(s);
  const bool row_major_weight = !s.b_col_major;
  // A row-major weight whose lines start off 128-byte lines (bf16 N not a multiple of 64):
  // skinny's MN-major loads of such lines ran at 41-74% of copy bandwidth. At up to 16 rows,
  // 64x32 C^T by name against skinny's plan, 28 random products of 1-16 rows x 2736-23824
  // rows (bench/NOTES.md session 63): from K of 2 KB per row faster in all 21, 0.68-0.96x the
  // time (nn 7 x 4232 x 14024 41.3 us against 60.2, cuBLAS 37.2); at K of 784-1040 bytes
  // 0.96-1.2x. Out of sample (bf16, fp16): 13 products of 2-16 rows x 3048-23760 rows
  // 1.09-1.66x faster (geomean 1.31x); 6 of 1-8 rows in parts (few tiles, below) 0.94-1.39x
  // (geomean 1.12x, 3 x 1184 x 8696 the 0.94x); where a second wave held under a quarter of the
  // SMs' tiles (133-160 tiles), 3 of 4 1.05-1.16x slower. With that last wave cut into parts
  // (c_transposed_last_wave_parts), 10 such products 0.87-0.97x skinny's time but one, nn 2 x
  // 10208 x 1784 (18.3 us against 15.8; K of 3.5 KB per row): not there under 4 KB of K per row.
  constexpr int64_t kMinKBytesOffLines = 2048, kMinKBytesShortSecondWave = 4096;
  // Shallow K (under 2 KB per row) takes the C^T tiles only from half the SMs' tiles (below).
  constexpr int64_t kShallowKBytes = 2048;
  const bool shallow_k = k_bytes < kShallowKBytes, half_the_sms = 2 * tiles >= gpu.sm_count;
  const bool one_wave = tiles <= gpu.sm_count, past_one_and_a_half_waves = 2 * tiles > 3 * int64_t{gpu.sm_count};
  // Where the C^T tiles beat skinny's streams once they lead into a stream of products
  // (session 66, both layouts of the weight, below): a wave from half the SMs' tiles, or past
  // one and a half waves; a second wave of up to half the SMs' tiles behind a full one loses.
  const bool stream_winning_tile_count = (half_the_sms && one_wave) || past_one_and_a_half_waves;
  const bool weight_lines_off_cache_lines = row_major_weight && s.b_lines_off_cache_lines;
  const bool short_second_wave = tiles > gpu.sm_count && 4 * tiles <= 5 * int64_t{gpu.sm_count};

  // Fewer tiles than a third of the SMs, cut along K (c_transposed_k_parts):
  // - more than 16 rows: at 32 rows x 1024-2048 rows x K 4096-8192, both layouts, 1.04-1.35x
  //   faster than skinny in 11 of 12 products (nn 32 x 1536 x 8192 13.9 us against 17.3),
  //   0.97x in one (nt 32 x 1024 x 4096, 10.9 against 10.6); at 16 rows 0.89-1.09x, at 1 row
  //   0.82-1.01x (session 62). Out of sample, 32 random bf16 + fp16 products of 17-32 rows x
  //   968-2808 rows x K 4096-16384 whose plan this changed: 1.10-1.63x (geomean 1.24x / 1.21x);
  // - 9-16 rows against a row-major weight of at least 24 tiles: 12 random products of
  //   1552-2312 rows x K 4544-14208, 0.83-0.97x skinny's time (session 63); out of sample, 6
  //   with the weight on 128-byte lines, 1.03-1.18x faster;
  // - a row-major weight off 128-byte lines, as above (1 x 2736 x 12256 24.4 us against 32.1).
  constexpr int64_t kMinCutTilesNineRows = 24;
  if (3 * tiles < gpu.sm_count) {
    return few_c_transposed_tiles_cut_along_k(s, tiles, gpu) &&
           (s.m > kMaxFewRows || weight_lines_off_cache_lines ||
            (row_major_weight && s.m >= kMinNineRows && tiles >= kMinCutTilesNineRows));
  }
  constexpr int64_t kMinKBytesManyRows = 768;  // more than 16 rows: measured from K = 384 (bf16)
  if (s.m > kMaxFewRows) return k_bytes >= kMinKBytesManyRows;
  // A row-major weight at K of 1-2 KB per row, on its lines or off them, from half the SMs'
  // tiles: the C^T tile small_rows_stream_tile picks, by name, against skinny's plan
  // (r32_w8_u1), 0.81-0.98x the time in 12 of 12 random products of 1-16 rows x 5408-23488
  // rows (nn 11 x 23488 x 992 17.4 us against 21.6, cuBLAS 16.4); under 1 KB mixed, 0.78-1.25x
  // (bench/NOTES.md, sessions 63-65). Out of sample, 22 random products (bf16 16, fp16 6) of 1-16
  // rows x 5120-23840 rows x K 520-1000: 0.93-1.21x (geomean 1.07x; 15 faster, 7 slower by up
  // to 7%, nn 3 x 5120 x 744 9.4 us against 8.8); against cuBLAS geomean 0.78x -> 0.83x.
  constexpr int64_t kMinKBytesRowMajorShallow = 1024;
  if (row_major_weight && k_bytes >= kMinKBytesRowMajorShallow && shallow_k && half_the_sms) return true;
  if (weight_lines_off_cache_lines) {
    return k_bytes >= (short_second_wave ? kMinKBytesShortSecondWave : kMinKBytesOffLines);
  }
  if (!has_deep_k(s)) {
    // A K-major weight at K under 8 KB per row, where skinny's blocks stream a few steps each,
    // in several waves:
    // - 9-16 rows (skinny's 32-row blocks, r32_w8_u2 or the staged ring): 64x32 C^T by name
    //   against the plan, 6 random products of 4904-22384 rows x K 1792-3624, 0.70-0.94x the
    //   time (session 63); out of sample, 16 (bf16 12, fp16 4) 1.02-1.50x faster, geomean 1.20x;
    // - under 2 KB of K per row at 1-16 rows (r16_w8_u4 at up to 8 rows, 2 blocks per SM of 1-2
    //   steps each): the C^T tile small_rows_stream_tile picks, by name, 0.76-0.99x the time in
    //   19 of 19 random products of 5608-23392 rows (nt 6 x 23392 x 816 15.8 us against 20.5,
    //   cuBLAS 14.3; sessions 64-65); from half the SMs' tiles: at 4424-5504 rows (70-86
    //   tiles) 0.71-0.87x in 9 of 9, at 2856-3992 rows (45-62) 0.99-1.26x. Out of sample, 22
    //   random products (bf16 16, fp16 6) of 1-16 rows x 5912-20984 rows x K 136-992,
    //   1.06-1.60x faster (geomean 1.26x; against cuBLAS 0.51-0.85x -> 0.72-0.94x), and 10 of
    //   4224-5632 rows 0.96-1.40x (geomean 1.13x; 7 x 5200 x 680 the 0.96x). From 2 KB per row
    //   at up to 8 rows mixed, 0.82-1.08x (session 63). bench/NOTES.md, session 65.
    // A row-major weight on 128-byte lines at K of 2-8 KB per row, one wave from half the SMs'
    // tiles: skinny's r32_w8_u1 streams it at 37-63% of copy bandwidth in the decode stream.
    // 64x32 C^T by name against the plan, 18 random products of 1-16 rows x 4224-8256 rows x K
    // 1024-3968 (bench/NOTES.md session 66): 17 faster alone (0.64-0.90x the time; nn 10 x 4352
    // x 3776 14.1 us against 22.2, cuBLAS 13.0), 1.02x slower at 66 tiles; in the stream +6.9 to
    // +24.3 points in 17 of 18, -0.3 at 66 tiles. Out of sample, 22 random products (bf16 16,
    // fp16 6) of 1-16 rows x 4352-8448 rows x K 1032-4080: 0.99-1.46x faster (geomean 1.20x; 21
    // of 22), against cuBLAS 0.76x -> 0.91x (geomean); in the stream 16 of 16 (+0.4 to +18.4).
    // Past one and a half waves too, as at deep K: 10 random products of 9920-16064 rows, the 5
    // of 209-251 tiles 0.73-0.89x the time alone and +4.5 to +17.7 points in the stream, the 5
    // of 155-197 slower in the stream (-3.3 to -16.1). Out of sample, 16 random products (bf16
    // 12, fp16 4) of 202-359 tiles: 1.06-1.44x faster (geomean 1.17x; against cuBLAS 0.78x ->
    // 0.91x), in the stream 11 of 12 (+1.6 to +13.2 points; -0.2 at 303 tiles).
    if (row_major_weight) return !shallow_k && stream_winning_tile_count;
    return shallow_k ? half_the_sms : s.m >= kMinNineRows;
  }
  // Deep K, a row-major weight on 128-byte lines: 9-16 rows while the tiles fit one wave; up
  // to 8 rows too with K over 8 KB per row and at least 2/5 of the SMs' tiles (session 63: 13
  // random products of 1-8 rows x 3456-7872 rows x K 8856-15344, 0.66-0.97x skinny's time,
  // geomean 1.27x faster, nn 3 x 5376 x 14280 44.4 us against 67.2, cuBLAS 41.8; the decode
  // stream at 4096 x 11008, M = 1 and 8, 84.9 and 84.0% against 82.7; at K = 8 KB, 4096 x 4096,
  // 67% against 73 in the stream; out of sample, 10 products 1.01-1.71x faster, geomean 1.39x,
  // 0.58-0.98x -> 0.90-1.12x of cuBLAS); or many rows, at any M: skinny's 32-row blocks
  // (r32_w8_u1, 3-4 per SM by registers) then outnumber what the SMs hold at once, and a second,
  // partial wave follows (session 61: nn 8 x 14336 x 4096 45.1 us against 34.4 on C^T tiles,
  // 1 x 16064 x 9344 98.1 against 78.2, cuBLAS 31.5 and 73.1; at 8448-11008 rows, one wave, the
  // two tie).
  const bool few_rows_deeper_k = k_bytes > kDeepKBytes && 5 * tiles >= 2 * int64_t{gpu.sm_count};
  // Deep K, 9-16 rows of a K-major weight whose lines start off 128-byte lines (bf16 K not a
  // multiple of 64), which skinny streams through its staged ring: 64x32 C^T by name against
  // the plan, 24 random products of 9-16 rows x 6736-23120 rows x K 5016-15608 (bench/NOTES.md
  // session 64): the 12 with lines off 32-byte sectors too 0.81-0.91x the time (geomean 1.17x
  // faster; against cuBLAS 0.82-0.95x -> 0.95-1.15x), the 12 on sectors 0.88-1.01x (1.08x). On
  // 128-byte lines (session 63: 12 products of 15760-30408 rows, and the decode stream) mixed.
  // Out of sample, 28 random products (bf16 22, fp16 6) of 2944-25032 rows x K 4104-16048,
  // 1.04-1.51x faster than skinny's plan (geomean 1.19x); against cuBLAS 0.67-1.01x -> 0.89-1.11x.
  const bool k_major_weight_off_lines = !row_major_weight && s.m >= kMinNineRows && s.b_lines_off_cache_lines;
  // Deep K, 9-16 rows of a K-major weight on 128-byte lines (skinny's staged ring, or its
  // register stream under 480 KB of weight per SM): once the C^T configs lead into a stream
  // (session 65), 64x32 C^T by name against the plan, 34 random products of 3328-16568 rows x
  // K 4160-16064 (bench/NOTES.md session 66), single products from a clean L2 and the decode
  // stream (graphs of distinct weights):
  // - one wave from half the SMs' tiles (66-129 tiles): 16 of 16 faster alone (0.63-0.97x the
  //   time, geomean 1.18x; nt 14 x 4280 x 5376 16.8 us against 26.9, cuBLAS 19.5), 15 of 16 in
  //   the stream (+1.5 to +26.9 points of copy bandwidth; -0.9 at 111 tiles);
  // - fewer tiles (52-65): faster alone, mixed in the stream (-1.9 to +4.7; 4096 x 4096 -0.8
  //   to +0.7 at 9-16 rows);
  // - past one and a half waves (204-259 tiles): 8 of 8 faster alone (0.89-0.96x) and in the
  //   stream (+1.7 to +4.0); between (143-198 tiles, and the decode shape 11008 x 4096 at 172)
  //   slower in the stream in 3 of 4, -0.9 to -5.2 points.
  // Out of sample, 26 random products (bf16 20, fp16 6) of 4240-23128 rows x K 4224-16256:
  // 1.04-1.56x faster than skinny's plan (geomean 1.20x; against cuBLAS 0.86x -> 1.03x), in the
  // stream 19 of 20 (+0.1 to +19.4 points; -0.1 at 105 tiles).
  const bool k_major_weight_on_lines = !row_major_weight && s.m >= kMinNineRows && stream_winning_tile_count;
  return k_major_weight_off_lines || k_major_weight_on_lines ||
         (row_major_weight && ((one_wave && (s.m >= kMinNineRows || few_rows_deeper_k)) || past_one_and_a_half_waves));
}

// The tile of a small-row stream (small_rows_stream_on_c_transposed_tiles): 64x32 C^T, or
// 128x96 C^T (128 of the weight's rows x all M per block, in one wave) where the 64x32 tiles'
// last wave would hold at most half the block slots at shallow K: there each of its tiles
// costs about a whole tile's latency, whole or cut into parts (c_transposed_last_wave_parts,
// measured at deep K), and a wave of 128-row tiles holds them all. H200, 128x96 C^T by name
// against 64x32 C^T (bench/NOTES.md): at 17-32 rows x 9064-11128 rows x K of 848-3568 bytes
// per row 0.81-0.93x the time in 9 of 9 such products (session 64; nt 28 x 9104 x 1040 11.3
// us against 13.9, its last wave in parts; cuBLAS 10.5), with longer last waves (70-130 tiles)
// 0.95-1.02x; out of sample, 30 random products (bf16 24, fp16 6) of 17-32 rows x 8488-12552
// rows x K 456-1840, 1.01-1.25x faster (geomean 1.12x), against cuBLAS 0.66-0.98x -> 0.77-1.01x
// (geomean 0.80x -> 0.90x). At 1-16 rows x 8456-12632 rows x K of 576-3664 bytes per row
// 0.83-0.97x the time in 9 of 9 (sessions 64-65; nn 16 x 10912 x 688 9.8 us against 11.7);
// out of sample, 20 random bf16 products of 1-16 rows x 8608-12656 rows x K 1080-1976 whose
// plan this changed, 1.01-1.18x faster (geomean 1.08x; against cuBLAS geomean 0.82x -> 0.89x).
WgmmaConfigId small_rows_stream_tile(const GemmShape& s, const GpuInfo& gpu) {
  constexpr WgmmaConfigId kNarrow = WgmmaConfigId::k64x32ct, kWide = WgmmaConfigId::k128x96ct;
  constexpr int64_t kMaxKBytesWide = 4096;  // as measured
  const WgmmaTile &narrow = wgmma_tile(kNarrow), &wide = wgmma_tile(kWide);
  const bool narrow_short_last_wave = short_last_wave(c_transposed_tiles(s, narrow), block_slots(narrow, gpu));
  const bool wide_one_wave = c_transposed_tiles(s, wide) <= block_slots(wide, gpu);
  const bool takes_wide = k_bytes_per_row(s) < kMaxKBytesWide && narrow_short_last_wave && wide_one_wave;
  return takes_wide ? kWide : kNarrow;
}

}  // namespace tiledmm::cuda::planner_detail
