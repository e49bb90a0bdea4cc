// The wgmma kernel's operands from global memory through shared memory to the tensor cores
// (wgmma_kernel.cuh): how a k-tile of A or B lies in a stage, as the producer's TMA boxes
// write it and the consumers' wgmma descriptors read it, and TF32's A read from a stage into
// register fragments.
#pragma once

#include "../common/ptx_sm90.cuh"
#include "../common/wgmma.cuh"
#include "../wgmma_configs.h"

#include <cuda.h>

#include <cstdint>

namespace tiledmm::cuda::wgmma_detail {

constexpr int kSwizzleRowBytes = WgmmaTile::kRowBytes;  // 128
constexpr int kSwizzleGroupBytes = 8 * kSwizzleRowBytes;  // 8 rows: one swizzle pattern
constexpr int kWgmmaKBytes = 32;                          // K of one wgmma instruction

// The rows of a K-major operand's TMA boxes: the tile's, or all of an operand with fewer.
// TMA zero-fills a box's rows past the operand's end, but they cost time (nt 33 x 11008 x
// 4096 on 64x64 tiles: 39.3 us against 30.4 at M = 48, bench/NOTES.md, session 60), while the
// tile's rows past the operand feed only outputs that are never stored; so those stage rows
// keep whatever they held. The producer expects the missing rows' bytes less per stage.
__host__ __device__ constexpr int k_major_box_rows(int tile_rows, int64_t operand_rows) {
  return operand_rows < tile_rows ? static_cast<int>(operand_rows) : tile_rows;
}

// How one operand's k-tile lies in shared memory, for the producer (TMA boxes) and the
// consumers (wgmma descriptors). The operand is [K, BMN] with BK = kKBoxes x 128 bytes of K.
//   K-major (A row-major, B column-major): per 128 bytes of K one TMA box of BMN rows of
//   128 bytes, the boxes one after another.
//   MN-major (A column-major, B row-major): blocks of [BK k-rows][kSwizzleBytes of MN], one
//   TMA box each; wgmma transposes on the fly (16-bit types only). kSwizzleBytes is 128
//   where BMN holds whole 128-byte runs, else 64 or 32 (mn_major_swizzle_bytes: a C^T
//   config's B of 80-144 rows, the problem's column-major A read in place).
template <typename T, int kBMN, bool kMnMajor, int kKBoxes = 1>
struct StagedOperand {
  static constexpr int kBoxK = kSwizzleRowBytes / sizeof(T);  // K of one 128-byte row
  static constexpr int kBK = kKBoxes * kBoxK;
  static constexpr int kStepsPerBox = kSwizzleRowBytes / kWgmmaKBytes;  // wgmma k steps per 128 bytes of K
  static constexpr int kSwizzleBytes = kMnMajor ? mn_major_swizzle_bytes(kBMN, sizeof(T)) : kSwizzleRowBytes;
  static constexpr int kMnPerBlock = kSwizzleBytes / sizeof(T);  // MN-major: MN per block
  static constexpr int kBlockBytes = kBK * kSwizzleBytes;        // MN-major: one block
  static constexpr int kKBoxBytes = kBMN * kSwizzleRowBytes;     // K-major: one box
  static constexpr int kBoxLines = kMnMajor ? kBK : kBMN;
  static_assert(kBoxLines <= 256, "a TMA box spans at most 256 lines");
  static_assert(!kMnMajor || kBMN % kMnPerBlock == 0, "an MN-major tile of whole swizzle runs");

  // `k_shift`: load the k-rows that many rows earlier (MN-major only, where K is TMA's outer
  // coordinate and may start anywhere: an A read by row classes, row_classes.h).
  __device__ __forceinline__ static void load(unsigned char* tile, const CUtensorMap* map, int64_t mn0,
                                              int64_t k_tile, uint64_t* full, int32_t k_shift = 0) {
    for_each_box(mn0, k_tile, k_shift, [&](int offset, int32_t c0, int32_t c1) {
      tma_load_2d(tile + offset, map, c0, c1, full);
    });
  }

  // The same boxes into L2 only.
  __device__ __forceinline__ static void prefetch_l2(const CUtensorMap* map, int64_t mn0, int64_t k_tile) {
    for_each_box(mn0, k_tile, 0, [&](int, int32_t c0, int32_t c1) { tma_prefetch_l2_2d(map, c0, c1); });
  }

  // Each TMA box of a k-tile: its offset in the tile and its coordinates.
  template <typename Box>
  __device__ __forceinline__ static void for_each_box(int64_t mn0, int64_t k_tile, int32_t k_shift, Box&& box) {
    const int32_t k0 = static_cast<int32_t>(k_tile * kBK) - k_shift;
    if constexpr (kMnMajor) {
#pragma unroll
      for (int b = 0; b < kBMN / kMnPerBlock; ++b) box(b * kBlockBytes, static_cast<int32_t>(mn0 + b * kMnPerBlock), k0);
    } else {
#pragma unroll
      for (int b = 0; b < kKBoxes; ++b) box(b * kKBoxBytes, k0 + b * kBoxK, static_cast<int32_t>(mn0));
    }
  }

  // Descriptor of the rows [mn, mn + instruction M/N) at wgmma k step `step` (32 bytes of
  // K each, kKBoxes x 4 per k-tile); `mn` is a multiple of 64.
  __device__ __forceinline__ static uint64_t descriptor(const unsigned char* tile, int mn, int step) {
    if constexpr (kMnMajor) {
      const int k_rows = step * kWgmmaKBytes / static_cast<int>(sizeof(T));
      return swizzled_smem_descriptor<kSwizzleBytes>(
          tile + (mn / kMnPerBlock) * kBlockBytes + k_rows * kSwizzleBytes, kBlockBytes, 8 * kSwizzleBytes);
    } else {
      const int box = step / kStepsPerBox, box_step = step % kStepsPerBox;
      return swizzled_smem_descriptor(tile + box * kKBoxBytes + mn * kSwizzleRowBytes + box_step * kWgmmaKBytes, 0,
                                      kSwizzleGroupBytes);
    }
  }
};

// An A tile read by row classes (row_classes.h) starts its first k-tile `columns` elements
// early, at the end of the previous row: the consumer warpgroup zeroes them in its 64-row
// slab before its MMAs read them. These are generic-proxy writes: the caller fences them
// for the MMAs' async proxy.
__device__ __forceinline__ void clear_leading_bytes(unsigned char* tile, int slab, int bytes, int thread) {
  if (thread >= 64) return;
  const int row = slab + thread;
  unsigned char* const line = tile + row * kSwizzleRowBytes;
  for (int b = 0; b < bytes; ++b) line[((b / 16) ^ (row % 8)) * 16 + b % 16] = 0;  // 16-byte chunks, swizzled
}

// TF32 wgmma reads only K-major operands from shared memory, but its A may come from
// registers: an MN-major A k-tile (StagedOperand<float, kBM, true, kKBoxes>: blocks of
// [32 kKBoxes k-rows][32 floats of MN], 16-byte chunks XOR-swizzled by k % 8) is read by
// the consumers into the m64k8 fragments themselves (wgmma_tf32_register_a_async). Which
// slab row a fragment row stands for is ours to choose, as long as the epilogue knows
// (MnMajorTf32Rows::slab_row):
//   - a thread's fragment rows r and r + 8 are two adjacent slab rows, so each k is one
//     8-byte load of both;
//   - warp w's rows are chunks w and w ^ 5 of both 32-row blocks of the slab (lanes 0-15
//     the first block, 16-31 the second). Chunks differing in bit 2 keep a half-warp's
//     loads (k = 0..3 or 4..7) on 32 different banks, and differing in bit 0 keeps the
//     transposed epilogue's stores (TransposedStagedOutput) on 32 too.
struct MnMajorTf32Rows {
  // The slab row of fragment row lane / 4 (of fragment row lane / 4 + 8: the next one).
  __device__ __forceinline__ static int slab_row(int warp, int lane) {
    const int g = lane / 4;
    const int chunk = (g & 2) ? (warp ^ 5) : warp;
    return 32 * (g / 4) + 4 * chunk + 2 * (g & 1);
  }
};

template <int kKBoxes>
struct MnMajorTf32Fragments : MnMajorTf32Rows {
  static constexpr int kSteps = kKBoxes * kSwizzleRowBytes / kWgmmaKBytes;  // k8 wgmma steps per k-tile
  static constexpr int kBlockBytes = StagedOperand<float, 64, true, kKBoxes>::kBlockBytes;
  uint32_t a[kSteps][4];

  // All of a k-tile's fragments for the 64-row slab starting at row `slab` of the tile.
  __device__ __forceinline__ void load(const unsigned char* tile, int slab, int warp, int lane) {
    const int row = slab + slab_row(warp, lane), k = lane % 4;
    const uint32_t block = shared_address(tile) + (row / 32) * kBlockBytes + (row % 4) * 4;
#pragma unroll
    for (int half = 0; half < 2; ++half) {  // k and k + 4: rows k % 8 of every 8-row swizzle group
      const int k_row = k + 4 * half;
      const uint32_t line = block + k_row * kSwizzleRowBytes + (((row % 32) / 4) ^ k_row) * 16;
#pragma unroll
      for (int step = 0; step < kSteps; ++step) {
        const uint2 pair = load_shared<uint2>(line + step * 8 * kSwizzleRowBytes);
        a[step][2 * half] = pair.x;
        a[step][2 * half + 1] = pair.y;
      }
    }
  }
};

// The A fragments of a kernel that reads A from shared memory: none.
struct NoFragments {};

}  // namespace tiledmm::cuda::wgmma_detail
