// Tile configuration of the `mma` family (tensor cores through mma.sync, sm80+), shared
// by the kernel and the planner.
#pragma once

namespace tiledmm::cuda {

// Block tile (shared memory, `stages` deep) -> warp tile -> mma.sync fragments (m16n8k16
// for bf16/fp16, m16n8k8 for TF32). A k-tile is 64 bytes of K in every dtype: block_k
// counts 2-byte elements, and float32 (TF32) tiles hold half as many (k_elements).
struct MmaTile {
  const char* name;
  int block_m, block_n, block_k;
  int warps_m, warps_n;
  int stages;
  int min_blocks_per_sm;

  constexpr int threads() const { return 32 * warps_m * warps_n; }
  constexpr int warp_m() const { return block_m / warps_m; }
  constexpr int warp_n() const { return block_n / warps_n; }
  constexpr int frags_m() const { return warp_m() / 16; }  // m16 fragments per warp
  constexpr int frags_n() const { return warp_n() / 8; }   // n8 fragments per warp
  constexpr int k_elements(int element_size) const { return block_k * 2 / element_size; }
  // Padding of a staged row, in elements: 16 bytes, so the 8 rows an ldmatrix reads hit
  // distinct banks; 32 bytes for float rows along MN, so that TF32's scalar fragment loads
  // (8 MN values x 4 k rows per warp) do (row stride = 8 mod 32 words).
  static constexpr int pad(int element_size, bool rows_along_mn) {
    return (rows_along_mn && element_size == 4 ? 32 : 16) / element_size;
  }
  // Shared elements of one operand tile, in either layout ([BK][BMN + pad] when the
  // operand runs along MN, [BMN][BK + pad] when it runs along K): the larger of the two.
  constexpr int operand_elements(int bmn, int element_size) const {
    const int bk = k_elements(element_size);
    const int along_k = bmn * (bk + pad(element_size, false)), along_mn = bk * (bmn + pad(element_size, true));
    return along_k > along_mn ? along_k : along_mn;
  }
  constexpr int smem_bytes(int element_size) const {
    return stages * (operand_elements(block_m, element_size) + operand_elements(block_n, element_size)) *
           element_size;
  }
};

enum class MmaConfigId : int {
  k128x128W64x32 = 0,  // 8 warps of 64x32: 4x4 fragments, 64 accumulators/thread
  k128x256W64x64 = 1,  // 8 warps of 64x64: 4x8 fragments, 128 accumulators/thread
  k128x128W64x64 = 2,  // 4 warps of 64x64, several blocks per SM
  kCount = 3,
};

// Fields: name, block m/n/k, warps m/n, stages, min blocks per SM.
// k128x128W64x32: 256 threads, 81,920 B smem (2 blocks/SM)
// k128x256W64x64: 256 threads, 122,880 B smem (1 block/SM)
// k128x128W64x64: 128 threads, 81,920 B smem (2 blocks/SM)
// (the same bytes for TF32: 16-float k-tiles, rows padded by 16 or 32 bytes)
constexpr MmaTile kMmaTiles[] = {
    {"128x128x32_w64x32_mma16816_s4", 128, 128, 32, 2, 4, 4, 2},
    {"128x256x32_w64x64_mma16816_s4", 128, 256, 32, 2, 4, 4, 1},
    {"128x128x32_w64x64_mma16816_s4", 128, 128, 32, 2, 2, 4, 2},
};
static_assert(sizeof(kMmaTiles) / sizeof(kMmaTiles[0]) == static_cast<int>(MmaConfigId::kCount),
              "one MmaTile per MmaConfigId");

constexpr const MmaTile& mma_tile(MmaConfigId id) { return kMmaTiles[static_cast<int>(id)]; }

}  // namespace tiledmm::cuda
