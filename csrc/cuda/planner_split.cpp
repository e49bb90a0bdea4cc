// The planner's K cuts that several families share: split-K slices by waves (mma, and wgmma
// at shallow K), skinny's slices as far as one wave, and the split last wave (wgmma).
#include "planner_parts.h"

#include <algorithm>

namespace tiledmm::cuda::planner_detail {

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
                    int64_t min_slice_k_tiles) {
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

}  // namespace tiledmm::cuda::planner_detail
