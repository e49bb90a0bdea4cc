// The planner's skinny config: which stream of the large operand, by its layout and rows.
#include "planner_parts.h"

#include <algorithm>

namespace tiledmm::cuda::planner_detail {

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

}  // namespace tiledmm::cuda::planner_detail
