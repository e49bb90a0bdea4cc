// Tile configuration of the `skinny` family (tensor cores through mma.sync, sm80+, for
// products with one small side), shared by the kernel and the planner.
//
// The kernel computes Y[s, r] = sum_k X[s, k] W[r, k]: W is the large operand (the one
// with the long side, streamed once from DRAM), X the small one (at most kSmallRowsMax
// rows per block, re-read from L2). Which of A and B^T plays W is skinny_small_is_m's
// choice; X is read as rows along K, W along K or, with 32-row blocks, along its rows.
#pragma once

#include <cstdint>

namespace tiledmm::cuda {

// A block owns 8 * w_tiles rows of W over the whole K (slice) and splits K among its warps;
// each warp reads `unroll` 32-deep k chunks of every row per step, so a block step covers
// step_k() of K and the warps' partial sums meet once, in shared memory, at the end. A warp
// keeps two steps in registers (the next one loading while this one computes).
struct SkinnyTile {
  const char* name;
  int w_tiles;  // 8-row tiles of W per block (the n8 side of mma.m16n8k16)
  int warps;    // warps per block, each on its own part of K
  int unroll;   // 32-deep k chunks per warp per step: 16-byte loads in flight per row
  // How the two steps of registers alternate: as a straight-line pair of steps (each buffer
  // loaded and consumed in place), or as a rolled loop that copies the next step into the
  // current one. The pair keeps ptxas from moving the next step's registers right behind
  // their loads, where they stall the warp; the rolled loop takes fewer registers, which
  // r32_w8_u1 needs for its 3 blocks per SM (bench/NOTES.md, session 32).
  bool paired_steps;
  // Whether W and X reach the warps through shared memory instead (skinny_staged.cuh): a
  // producer warp bulk-copies each block step of their rows into a ring of stages (the TMA
  // unit, sm90a), so the bytes in flight are the ring's, not the registers'; the block's rows
  // are an even share of W's 8-row tiles (one block per SM), taken 32 rows at a time.
  bool staged = false;

  static constexpr int kChunkK = 32;        // K per chunk: two m16n8k16 MMAs
  static constexpr int kSmallRowsMax = 32;  // X rows per block: two m16 tiles
  // The warps that compute, plus the producer warp of a staged config.
  constexpr int threads() const { return 32 * (warps + (staged ? 1 : 0)); }
  constexpr int block_rows() const { return 8 * w_tiles; }
  constexpr int step_k() const { return kChunkK * unroll * warps; }
  // W bytes one thread loads per step (and has in flight, up to twice that, while computing).
  constexpr int step_bytes_per_thread() const { return w_tiles * unroll * 16; }
  // Whether it reads an MN-major W in place: 4 consecutive W rows per thread (8-byte loads)
  // are the B fragments of four 8-row tiles (skinny.cu, MnMajorStream).
  constexpr bool streams_mn_major() const { return w_tiles == 4 && !staged; }
  // The cross-warp reduction buffer for `small_rows` X rows (float partials).
  constexpr int reduce_smem_bytes(int small_rows = kSmallRowsMax) const { return warps * block_rows() * small_rows * 4; }
};

enum class SkinnyConfigId : int {
  k32Rows = 0,  // 32 W rows x 8 warps, 2 chunks per warp per step; W K-major or MN-major
  k16Rows = 1,  // 16 W rows x 8 warps, 4 chunks: twice the blocks, longer runs per row
  k32Rows16Warps = 2,  // 32 W rows x 16 warps, 1 chunk: a block step's bytes over twice the warps
  k32Rows1Chunk = 3,   // 32 W rows x 8 warps, 1 chunk: few registers, several blocks per SM
  k32RowsStaged = 4,   // 32 W rows x 8 warps, 1 chunk, fed from shared memory by bulk copies (sm90a)
  kCount = 5,
};

// Fields: name, 8-row W tiles, warps, unroll, paired steps. Measured on an H100 against the
// variants that did not stay (bench/NOTES.md, "skinny"; r32_w16_u2 spilled at the
// 128-register cap, and r16_w8_u2 ran as fast as r16_w8_u4).
// Registers (ptxas, session 32's build, 8 / 16 / 32 small rows):
// k32Rows: 256 threads, 32 KB reduction smem, 128 B per thread per step; W K-major 112 / 146 /
//   194 registers, MN-major 128 / 166 / 240
// k16Rows: 256 threads, 16 KB reduction smem, 128 B per thread per step; 90 / 140 / 190
// k32Rows16Warps: 512 threads, 64 KB reduction smem (32 small rows; an opt-in), 64 B per
//   thread per step; W MN-major 96 / 128 / 128 (8 B of spills at 32), K-major 90 / 96 / 128
//   (the 512-thread cap, 32 B of spills; the planner takes it for MN-major W only)
// k32Rows1Chunk: 256 threads, 32 KB reduction smem, 64 B per thread per step; W MN-major
//   71 / 74 / 106 (3 blocks per SM up to 16 small rows), K-major 102 / 134 / 170
// k32RowsStaged: 288 threads (8 compute warps + the producer), a ring of 4-8 stages of 16 KB
//   of W + 4-16 KB of X and 8-32 KB of reduction smem (skinny_staged.cuh); K-major W only (an
//   MN-major one is copied to rows along K); 56-58 / 62-64 / 96 registers (session 58's build)
constexpr SkinnyTile kSkinnyTiles[] = {
    {"r32_w8_u2", 4, 8, 2, true},
    {"r16_w8_u4", 2, 8, 4, true},
    {"r32_w16_u1", 4, 16, 1, true},
    {"r32_w8_u1", 4, 8, 1, false},
    {"r32_w8_bulk", 4, 8, 1, true, /*staged=*/true},
};
static_assert(sizeof(kSkinnyTiles) / sizeof(kSkinnyTiles[0]) == static_cast<int>(SkinnyConfigId::kCount),
              "one SkinnyTile per SkinnyConfigId");

constexpr const SkinnyTile& skinny_tile(SkinnyConfigId id) { return kSkinnyTiles[static_cast<int>(id)]; }

// The small side: X = A (its M rows) when M <= N, else X = B^T (its N columns) and the
// kernel computes C^T. The planner and the launcher both ask this.
constexpr bool skinny_small_is_m(int64_t m, int64_t n) { return m <= n; }

}  // namespace tiledmm::cuda
