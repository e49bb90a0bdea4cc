// Tile configuration of the `wgmma` family (sm_90a: TMA + wgmma + warp specialization),
// shared by the kernel and the planner.
#pragma once

namespace tiledmm::cuda {

// A block of one producer warpgroup (one thread issues the TMA copies) and consumer
// warpgroups. Cooperative configs: block_m / 64 consumers, each owning a 64 x block_n slab of
// every output tile. Ping-pong configs (`ping_pong`): two consumers that take turns on whole
// tiles (each tile's block_m / 64 slabs), so that one's epilogue runs under the other's MMAs
// (the turns change right after the last MMAs of a tile are issued). A k-tile stages
// k_boxes x 128 bytes of K per row (128 bytes: 64 bf16/fp16 or 32 tf32 elements, one swizzle
// row; each 128 bytes of K is its own swizzled box). blocks_per_sm: the blocks resident per
// SM that the config is built for (its register and shared-memory budget); the persistent
// grid launches that many per SM.
// C^T configs (`c_transposed`, 16-bit types): the kernel computes C^T = B^T A^T, so its
// tiles are block_m of C's columns (the problem's B, read MN-major or K-major; block_m / 64
// consumers, cooperative) by block_n of C's rows (the problem's A, read K-major): block_n
// may then be any multiple of 16, where an MN-major operand's tile spans whole 128-byte
// swizzle rows (64 of N) and C's output boxes whole 128-byte rows. Narrow tiles in C's rows
// spread small products over more SMs, each staging fewer bytes per k-tile (bench/NOTES.md,
// session 41); tiles of other widths fill a wave where the 64-multiples do not (128x144:
// 1536^2 in 132 tiles, against 144 of 128x128 and 96 of 128x192; session 48).
struct WgmmaTile {
  const char* name;
  int block_m, block_n;
  int k_boxes;
  int stages;
  int blocks_per_sm;
  bool ping_pong = false;
  bool c_transposed = false;

  static constexpr int kRowBytes = 128;  // bytes of K per swizzled row (the swizzle width)
  static constexpr int kBarrierBytes = 1024;  // full/empty mbarriers, padded to keep 1024-B alignment
  // The epilogue stages C through shared memory in boxes of 64 rows x 128 bytes (one TMA
  // store each), two alternating buffers per consumer warpgroup.
  static constexpr int kOutputBoxBytes = 64 * kRowBytes;
  constexpr int consumers() const { return ping_pong ? 2 : block_m / 64; }
  // Ping-pong and C^T kernels exist for bfloat16 and float16 only (not TF32).
  constexpr bool sixteen_bit_only() const { return ping_pong || c_transposed; }
  // C^T configs: C rows per output box (the box's rows are 128 bytes of C's row: the
  // slab's 64 rows). The most that divide block_n, in 8-row steps, up to 64 rows.
  constexpr int c_box_rows() const {
    int rows = 64;
    while (block_n % rows != 0) rows -= 8;
    return rows;
  }
  constexpr int slabs_per_consumer() const { return ping_pong ? block_m / 64 : 1; }
  // The warps that read a stage and release it: one consumer's (ping-pong), or all of them.
  constexpr int stage_reader_warps() const { return 4 * (ping_pong ? 1 : consumers()); }
  constexpr int threads() const { return 128 * (consumers() + 1); }
  constexpr int k_bytes() const { return k_boxes * kRowBytes; }  // bytes of K per k-tile row
  constexpr int block_k(int element_size) const { return k_bytes() / element_size; }
  constexpr int a_stage_bytes() const { return block_m * k_bytes(); }
  constexpr int b_stage_bytes() const { return block_n * k_bytes(); }
  constexpr int stage_bytes() const { return a_stage_bytes() + b_stage_bytes(); }
  constexpr int output_bytes() const { return consumers() * 2 * kOutputBoxBytes; }
  // + 1024: the dynamic shared window is only 16-byte aligned; swizzled tiles need 1024.
  constexpr int smem_bytes() const { return stages * stage_bytes() + output_bytes() + kBarrierBytes + 1024; }
};

enum class WgmmaConfigId : int {
  k128x256 = 0,  // 2 consumers of 64x256 (128 accumulators/thread), 4 stages
  k128x128 = 1,  // 2 consumers of 64x128 (64 accumulators/thread), 6 stages
  k128x64 = 2,   // 2 consumers of 64x64 (32 accumulators/thread), 4 stages of 256 bytes of K: small problems
  k64x64 = 3,    // 1 consumer of 64x64, 4 stages, 2 blocks per SM: products of few tiles
  k128x128pp = 4,  // ping-pong: 2 consumers taking turns on 128x128 tiles (2 slabs, 128 accumulators/thread), 6 stages
  k64x32ct = 5,    // C^T, 1 consumer: 64 of C's columns x 32 of its rows (16 accumulators/thread), 8 stages
  k64x80ct = 6,    // C^T, 1 consumer: 64 of C's columns x 80 of its rows (40 accumulators/thread), 5 stages
  k128x192 = 7,    // 2 consumers of 64x192 (96 accumulators/thread), 4 stages: 2/3 of 128x256's tiles
  k128x144ct = 8,  // C^T, 2 consumers: 128 of C's columns x 144 of its rows (72 accumulators/thread), 5 stages
  k128x96ct = 9,   // C^T, 2 consumers: 128 of C's columns x 96 of its rows (48 accumulators/thread), 6 stages
  k128x112ct = 10, // C^T, 2 consumers: 128 of C's columns x 112 of its rows (56 accumulators/thread), 6 stages
  k128x160ct = 11, // C^T, 2 consumers: 128 of C's columns x 160 of its rows (80 accumulators/thread), 5 stages
  kCount = 12,
};

// Fields: name, block m/n, k boxes (128 bytes of K each), stages, blocks per SM, ping-pong,
// C^T.
//   128x256, 128x128, 128x64: 384 threads, 1 block per SM, 231,424 B of shared memory (a
//   block may have at most 232,448): 4 x 48 KiB stages, 6 x 32 KiB, 4 x 48 KiB, each + 32
//   KiB of output buffers + barriers + alignment.
//   128x64 stages 256 bytes of K per row (two swizzled boxes), so that a k-tile's fixed
//   costs (barrier waits, fence, commit, handing the buffer back) come once per 128 x 64 x
//   128 MMAs: with 64-deep k-tiles they cost ~600 cycles per k-tile, more than its 256
//   cycles of MMAs (H100 bf16 kernel times, same call: 768^3 5.5 -> 5.0 us, 1024^3 6.5 ->
//   6.2; bench/NOTES.md, session 35).
//   128x128 ping-pong: 384 threads, each consumer 128 accumulators per thread (the 128x256
//   config's registers), 6 x 32 KiB stages + 32 KiB of output buffers, as 128x128.
//   64x64: 256 threads, 2 blocks per SM (so at most 128 registers per thread, and no
//   register hand-over between warpgroups), 83,968 B each: 4 x 16 KiB stages + 16 KiB of
//   output buffers + barriers + alignment.
//   64x32 and 64x80 C^T: 256 threads, 1 block per SM, 256 bytes of K per k-tile (as 128x64):
//   8 x 24 KiB and 5 x 36 KiB stages + 16 KiB of output buffers (boxes of 32 and 40 C rows).
//   128x192: 384 threads, 1 block per SM, 4 x 40 KiB stages + 32 KiB of output buffers (a
//   fifth stage would not fit): where 128x128 tiles just overflow a wave and 128x256 ones
//   leave SMs idle (1536^3 on 132 SMs: 96 tiles, against 144 and 72).
//   128x144, 128x112 and 128x96 C^T: 384 threads, 1 block per SM, 5 x 34 KiB, 6 x 30 KiB and
//   6 x 28 KiB stages (64-deep k-tiles: one more would not fit) + 32 KiB of output buffers
//   (boxes of 48, 56 and 48 C rows).
//   128x160 C^T: as 128x144, 5 x 36 KiB stages + 32 KiB of output buffers (boxes of 40 C rows):
//   cuBLAS's tile at 3072x768x8192 (nvjet 128x160, 120 tiles in one wave; session 54).
constexpr WgmmaTile kWgmmaTiles[] = {
    {"128x256_k128B_2wg_s4", 128, 256, 1, 4, 1},
    {"128x128_k128B_2wg_s6", 128, 128, 1, 6, 1},
    {"128x64_k256B_2wg_s4", 128, 64, 2, 4, 1},
    {"64x64_k128B_1wg_s4", 64, 64, 1, 4, 2},
    {"128x128_k128B_pingpong_s6", 128, 128, 1, 6, 1, true},
    {"64x32_ct_k256B_1wg_s8", 64, 32, 2, 8, 1, false, true},
    {"64x80_ct_k256B_1wg_s5", 64, 80, 2, 5, 1, false, true},
    {"128x192_k128B_2wg_s4", 128, 192, 1, 4, 1},
    {"128x144_ct_k128B_2wg_s5", 128, 144, 1, 5, 1, false, true},
    {"128x96_ct_k128B_2wg_s6", 128, 96, 1, 6, 1, false, true},
    {"128x112_ct_k128B_2wg_s6", 128, 112, 1, 6, 1, false, true},
    {"128x160_ct_k128B_2wg_s5", 128, 160, 1, 5, 1, false, true},
};
static_assert(sizeof(kWgmmaTiles) / sizeof(kWgmmaTiles[0]) == static_cast<int>(WgmmaConfigId::kCount),
              "one WgmmaTile per WgmmaConfigId");

constexpr const WgmmaTile& wgmma_tile(WgmmaConfigId id) { return kWgmmaTiles[static_cast<int>(id)]; }

// The swizzle of an MN-major operand tile `mn` elements wide (its rows run along K, each a
// run of M/N): the widest of 128, 64 and 32 bytes whose runs divide the tile, since wgmma
// reads an MN-major tile in whole swizzle atoms (runs of that many bytes of M/N by 8 k-rows)
// and TMA writes a box at most one swizzle wide. 128 for the tiles of 64, 128, 192 and 256;
// a C^T config's B (the problem's A, column-major) of 32, 96 or 160 rows 64, of 80, 112 or
// 144 rows 32 (16-bit types).
constexpr int mn_major_swizzle_bytes(int mn, int element_size) {
  for (int bytes = 128; bytes > 32; bytes /= 2) {
    if ((mn * element_size) % bytes == 0) return bytes;
  }
  return 32;
}

// Whether a C^T config reads a column-major A in place, as its MN-major B (wgmma_launch.cuh
// copies it row-major otherwise): where the tile's rows make runs of at least 64 bytes, 64x32,
// 128x96 and 128x160 in the 16-bit types. TMA writes a box row per run and k-row, and with runs of 32
// bytes (80, 112, 144 rows) the kernel waits on those rows: H100 bf16 kernel times in place
// against the same config with A row-major (bench/NOTES.md, session 53), 4864x896x8192 on
// 128x144 213.6 against 95.7 us (slower than copying A first: 194.0), 1536^3 21.6 against 11.7;
// in runs of 64 bytes 128x96 152.1 against 118.0 and 1536^3 19.8 against 15.9, 64x32 at 256 x
// 1536 x 2048 12.0 against 11.1.
constexpr bool c_transposed_reads_column_major_a(const WgmmaTile& t, int element_size) {
  return t.c_transposed && mn_major_swizzle_bytes(t.block_n, element_size) >= 64;
}

// TF32 wgmma reads both shared-memory operands K-major only, and one operand that runs
// along M/N from registers, as its A. A row-major B (x @ W with W [in, out], the layout of
// torch.matmul on row-major tensors) becomes that A when the kernel computes C^T = B^T A^T:
// its tiles are then block_m of C's columns by block_n of C's rows. The planner chooses
// (Plan::wgmma_c_transposed); the launcher copies A to K-major for C^T, B for C. For
// operands as launched: C^T exactly when B runs along N.
constexpr bool wgmma_computes_c_transposed(bool tf32, bool b_col_major) { return tf32 && !b_col_major; }

constexpr int kMaxSmemPerBlock = 232448;  // sm_90: 227 KiB of dynamic shared memory per block
constexpr int kSmemPerSm = 233472;        // sm_90: 228 KiB per SM, of which 1 KiB per resident block is reserved
constexpr bool fits_one_sm(const WgmmaTile& t) {
  return t.smem_bytes() <= kMaxSmemPerBlock && t.blocks_per_sm * (t.smem_bytes() + 1024) <= kSmemPerSm &&
         t.blocks_per_sm * t.threads() <= 2048;
}
constexpr bool all_fit_one_sm() {
  for (const WgmmaTile& t : kWgmmaTiles) {
    if (!fits_one_sm(t)) return false;
  }
  return true;
}
static_assert(all_fit_one_sm(), "a wgmma config's resident blocks must fit in one SM's shared memory and threads");
constexpr bool c_transposed_tiles_fit() {
  for (const WgmmaTile& t : kWgmmaTiles) {
    if (t.c_transposed && (t.block_m % 64 != 0 || t.ping_pong || t.block_n % 16 != 0 ||
                           t.c_box_rows() * WgmmaTile::kRowBytes > WgmmaTile::kOutputBoxBytes)) {
      return false;
    }
  }
  return true;
}
static_assert(c_transposed_tiles_fit(),
              "a C^T config: 64-row consumer slabs (C's columns), block_n a multiple of 16, its boxes in a buffer");

}  // namespace tiledmm::cuda
