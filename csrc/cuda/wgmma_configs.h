// Tile configuration of the `wgmma` family (sm_90a: TMA + wgmma + warp specialization),
// shared by the kernel and the planner.
#pragma once

namespace tiledmm::cuda {

// A block of one producer warpgroup (one thread issues the TMA copies) and block_m / 64
// consumer warpgroups, each owning a 64 x block_n slab of the output tile. A k step
// stages 128 bytes of K per row (64 bf16/fp16 or 32 tf32 elements: one swizzle row).
struct WgmmaTile {
  const char* name;
  int block_m, block_n;
  int stages;

  static constexpr int kRowBytes = 128;  // bytes of K per staged row (the swizzle width)
  static constexpr int kBarrierBytes = 1024;  // full/empty mbarriers, padded to keep 1024-B alignment
  // The epilogue stages C through shared memory in boxes of 64 rows x 128 bytes (one TMA
  // store each), two alternating buffers per consumer warpgroup.
  static constexpr int kOutputBoxBytes = 64 * kRowBytes;
  constexpr int consumers() const { return block_m / 64; }
  constexpr int threads() const { return 128 * (consumers() + 1); }
  constexpr int a_stage_bytes() const { return block_m * kRowBytes; }
  constexpr int b_stage_bytes() const { return block_n * kRowBytes; }
  constexpr int stage_bytes() const { return a_stage_bytes() + b_stage_bytes(); }
  constexpr int output_bytes() const { return consumers() * 2 * kOutputBoxBytes; }
  // + 1024: the dynamic shared window is only 16-byte aligned; swizzled tiles need 1024.
  constexpr int smem_bytes() const { return stages * stage_bytes() + output_bytes() + kBarrierBytes + 1024; }
};

enum class WgmmaConfigId : int {
  k128x256 = 0,  // 2 consumers of 64x256 (128 accumulators/thread), 4 stages
  k128x128 = 1,  // 2 consumers of 64x128 (64 accumulators/thread), 6 stages
  k128x64 = 2,   // 2 consumers of 64x64 (32 accumulators/thread), 8 stages: small problems
  kCount = 3,
};

// Fields: name, block m/n, stages. All: 384 threads, 1 block per SM, 231,424 B of shared
// memory (a block may have at most 232,448): 128x256 4 x 48 KiB stages, 128x128 6 x 32
// KiB, 128x64 8 x 24 KiB, each + 32 KiB of output buffers + barriers + alignment.
constexpr WgmmaTile kWgmmaTiles[] = {
    {"128x256_k128B_2wg_s4", 128, 256, 4},
    {"128x128_k128B_2wg_s6", 128, 128, 6},
    {"128x64_k128B_2wg_s8", 128, 64, 8},
};
static_assert(sizeof(kWgmmaTiles) / sizeof(kWgmmaTiles[0]) == static_cast<int>(WgmmaConfigId::kCount),
              "one WgmmaTile per WgmmaConfigId");

constexpr const WgmmaTile& wgmma_tile(WgmmaConfigId id) { return kWgmmaTiles[static_cast<int>(id)]; }

// TF32 wgmma reads both shared-memory operands K-major only, and one operand that runs
// along M/N from registers, as its A. A row-major B (x @ W with W [in, out], the layout of
// torch.matmul on row-major tensors) becomes that A when the kernel computes C^T = B^T A^T:
// its tiles are then block_m of C's columns by block_n of C's rows. The planner chooses
// (Plan::wgmma_c_transposed); the launcher copies A to K-major for C^T, B for C. For
// operands as launched: C^T exactly when B runs along N.
constexpr bool wgmma_computes_c_transposed(bool tf32, bool b_col_major) { return tf32 && !b_col_major; }

constexpr int kMaxSmemPerBlock = 232448;  // sm_90: 227 KiB of dynamic shared memory per block
static_assert(wgmma_tile(WgmmaConfigId::k128x256).smem_bytes() <= kMaxSmemPerBlock &&
                  wgmma_tile(WgmmaConfigId::k128x128).smem_bytes() <= kMaxSmemPerBlock &&
                  wgmma_tile(WgmmaConfigId::k128x64).smem_bytes() <= kMaxSmemPerBlock,
              "a wgmma tile must fit in one SM's shared memory");

}  // namespace tiledmm::cuda
