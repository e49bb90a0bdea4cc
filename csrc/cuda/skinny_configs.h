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

// A block owns 16 * row_tiles rows of W over the whole K (slice) and splits K among its
// warps; each warp reads `unroll` 32-deep k chunks of every row per step, so a block step
// covers step_k() of K and the warps' partial sums meet once, in shared memory, at the end.
// A warp keeps two steps in registers (the next one loading while this one computes).
struct SkinnyTile {
  const char* name;
  int row_tiles;  // 16-row tiles of W per block (the m16 side of mma.m16n8k16)
  int warps;      // warps per block, each on its own part of K
  int unroll;     // 32-deep k chunks per warp per step: 16-byte loads in flight per row

  static constexpr int kChunkK = 32;        // K per chunk: two m16n8k16 MMAs
  static constexpr int kSmallRowsMax = 32;  // X rows per block: four n8 tiles
  constexpr int threads() const { return 32 * warps; }
  constexpr int block_rows() const { return 16 * row_tiles; }
  constexpr int step_k() const { return kChunkK * unroll * warps; }
  // W bytes one thread loads per step (and has in flight, up to twice that, while computing).
  constexpr int step_bytes_per_thread() const { return 2 * row_tiles * unroll * 16; }
  // Whether it reads an MN-major W in place: 4 consecutive W rows per thread (8-byte loads)
  // fill the fragment rows of two 16-row tiles (skinny.cu, MnMajorStream).
  constexpr bool streams_mn_major() const { return row_tiles == 2; }
  // The cross-warp reduction buffer for `small_rows` X rows (float partials).
  constexpr int reduce_smem_bytes(int small_rows = kSmallRowsMax) const { return warps * block_rows() * small_rows * 4; }
};

enum class SkinnyConfigId : int {
  k32Rows = 0,  // 32 W rows x 8 warps, 2 chunks per warp per step; W K-major or MN-major
  k16Rows = 1,  // 16 W rows x 8 warps, 4 chunks: twice the blocks, longer runs per row
  k32Rows16Warps = 2,  // 32 W rows x 16 warps, 1 chunk: a block step's bytes over twice the warps
  k32Rows1Chunk = 3,   // 32 W rows x 8 warps, 1 chunk: few registers, several blocks per SM
  kCount = 4,
};

// Fields: name, row tiles, warps, unroll. Measured on an H100 against the variants that
// did not stay (bench/NOTES.md, "skinny"; r32_w16_u2 spilled at the 128-register cap, and
// r16_w8_u2 ran as fast as r16_w8_u4).
// Registers (ptxas, session 29's build: the early start in skinny.cu moved the K-major
// allocations):
// k32Rows: 256 threads, 32 KB reduction smem, 128 B per thread per step, 113-216 registers
// k16Rows: 256 threads, 16 KB reduction smem, 128 B per thread per step, 128-250 registers
// k32Rows16Warps: 512 threads, 64 KB reduction smem (32 small rows; an opt-in), 64 B per
//   thread per step; W MN-major 64-110 registers, K-major 102-128 (the 512-thread cap) with
//   28-164 B of spills at 16-32 small rows (the planner takes it for MN-major W only)
// k32Rows1Chunk: 256 threads, 32 KB reduction smem, 64 B per thread per step; W MN-major
//   61-76 registers up to 16 small rows (3-4 blocks per SM), 110 at 32; K-major 100-166
constexpr SkinnyTile kSkinnyTiles[] = {
    {"r32_w8_u2", 2, 8, 2},
    {"r16_w8_u4", 1, 8, 4},
    {"r32_w16_u1", 2, 16, 1},
    {"r32_w8_u1", 2, 8, 1},
};
static_assert(sizeof(kSkinnyTiles) / sizeof(kSkinnyTiles[0]) == static_cast<int>(SkinnyConfigId::kCount),
              "one SkinnyTile per SkinnyConfigId");

constexpr const SkinnyTile& skinny_tile(SkinnyConfigId id) { return kSkinnyTiles[static_cast<int>(id)]; }

// The small side: X = A (its M rows) when M <= N, else X = B^T (its N columns) and the
// kernel computes C^T. The planner and the launcher both ask this.
constexpr bool skinny_small_is_m(int64_t m, int64_t n) { return m <= n; }

}  // namespace tiledmm::cuda
