// Tile configuration of the `mma` family (tensor cores through mma.sync, sm80+), shared
// by the kernel and the planner.
#pragma once

namespace tiledmm::cuda {

// Block tile (shared memory, `stages` deep) -> warp tile -> mma.sync m16n8k16 fragments.
struct MmaTile {
  const char* name;
  int block_m, block_n, block_k;
  int warps_m, warps_n;
  int stages;
  int min_blocks_per_sm;

  static constexpr int kPad = 8;  // 16 bytes per shared row: ldmatrix rows hit distinct banks
  constexpr int threads() const { return 32 * warps_m * warps_n; }
  constexpr int warp_m() const { return block_m / warps_m; }
  constexpr int warp_n() const { return block_n / warps_n; }
  constexpr int frags_m() const { return warp_m() / 16; }  // m16 fragments per warp
  constexpr int frags_n() const { return warp_n() / 8; }   // n8 fragments per warp
  // Shared elements of one operand tile, in either layout ([BK][BMN + pad] when the
  // operand runs along MN, [BMN][BK + pad] when it runs along K): the larger of the two.
  constexpr int operand_elements(int bmn) const {
    return bmn * (block_k + kPad) > block_k * (bmn + kPad) ? bmn * (block_k + kPad)
                                                           : block_k * (bmn + kPad);
  }
  constexpr int smem_bytes() const {  // 2-byte elements
    return stages * (operand_elements(block_m) + operand_elements(block_n)) * 2;
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
constexpr MmaTile kMmaTiles[] = {
    {"128x128x32_w64x32_mma16816_s4", 128, 128, 32, 2, 4, 4, 2},
    {"128x256x32_w64x64_mma16816_s4", 128, 256, 32, 2, 4, 4, 1},
    {"128x128x32_w64x64_mma16816_s4", 128, 128, 32, 2, 2, 4, 2},
};
static_assert(sizeof(kMmaTiles) / sizeof(kMmaTiles[0]) == static_cast<int>(MmaConfigId::kCount),
              "one MmaTile per MmaConfigId");

constexpr const MmaTile& mma_tile(MmaConfigId id) { return kMmaTiles[static_cast<int>(id)]; }

}  // namespace tiledmm::cuda
