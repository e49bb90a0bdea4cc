// Building blocks of the `skinny` family's kernels (skinny.cu: W streamed into registers;
// skinny_staged.cuh: W and X bulk-copied into shared memory first): the operands and
// output, 8-element groups of a row as mma fragments, one 32-deep chunk into the
// accumulators, and the warps' partial sums meeting in shared memory (warp order, so the
// result is the same on every run).
#pragma once

#include "../common/ptx.cuh"
#include "../skinny_configs.h"

#include <cstdint>

namespace tiledmm::cuda::skinny {

constexpr int kChunkK = SkinnyTile::kChunkK;

// A [rows, k] operand: element (r, k) at data[r * ld + k] (K-major, every row 16-byte
// aligned) or at data[k * ld + r] (MN-major, every run 8-byte aligned). X is always
// K-major; W is what the kernel's stream policy says.
template <typename T>
struct SkinnyOperand {
  const T* data;
  int64_t rows, k, ld;
};

// Where Y[s, r] lands: C (s = m, r = n) or C^T (s = n, r = m), row-major [M, N], or split-K
// plane blockIdx.z of the partials.
template <typename Out>
struct SkinnyOutput {
  Out* data;
  int64_t small_stride, large_stride;  // elements between consecutive s, consecutive r
  int64_t plane;                       // elements per split-K plane (0 without split-K)
  bool columns_are_small;              // C's column (the bias index) is s, not r
};

// 8 consecutive 16-bit elements of one row: 4 mma fragment registers.
struct Group8 {
  uint32_t reg[4];
};

// The group at p when `valid` (>= 8) elements remain in the row; else its first `valid`
// elements (none when valid <= 0) and zeros, without touching memory past them. Both
// operands are zeroed past K: 0 * 0, where a stale Inf would make 0 * Inf = NaN.
template <bool kStreaming, typename T>
__device__ __forceinline__ Group8 load_group(const T* p, int64_t valid) {
  Group8 g{};
  if (valid >= 8) {
    const uint4 v = kStreaming ? load_streaming<uint4>(p) : __ldg(reinterpret_cast<const uint4*>(p));
    g = {v.x, v.y, v.z, v.w};
  } else {
    const auto* bits = reinterpret_cast<const uint16_t*>(p);
#pragma unroll
    for (int e = 0; e < 8; ++e) {
      const uint32_t h = e < valid ? bits[e] : 0u;
      g.reg[e / 2] |= h << (16 * (e % 2));
    }
  }
  return g;
}

// X rows g and g + 8 of one 16-row tile, 8 consecutive k each; a block of 8 X rows leaves
// the second one zero (and its outputs unused).
struct XTile {
  Group8 row[2];
};

// One 32-deep chunk into the accumulators. Thread (g, t) holds elements 8t..8t+7 of the
// chunk for each of its rows; MMA j reads registers 2j (as k = 2t, 2t+1) and 2j + 1 (as
// k = 2t+8, 2t+9). W and X use the same permutation, so the sum is unchanged.
template <typename T, int kWTiles, int kXTiles>
__device__ __forceinline__ void mma_chunk(float (&acc)[kWTiles][kXTiles][4], const Group8 (&w)[kWTiles],
                                          const XTile (&x)[kXTiles]) {
#pragma unroll
  for (int j = 0; j < 2; ++j)
#pragma unroll
    for (int s = 0; s < kXTiles; ++s) {
      // A fragment: rows g, g + 8 at k {2t, 2t+1}, then the same rows at {2t+8, 2t+9}.
      const uint32_t a[4] = {x[s].row[0].reg[2 * j], x[s].row[1].reg[2 * j], x[s].row[0].reg[2 * j + 1],
                             x[s].row[1].reg[2 * j + 1]};
#pragma unroll
      for (int q = 0; q < kWTiles; ++q) {
        const uint32_t b[2] = {w[q].reg[2 * j], w[q].reg[2 * j + 1]};
        mma_sync<T>(acc[q][s], a, b);
      }
    }
}

// Warps -> block, first half: each warp's accumulators into partial[warp][element][lane].
// An accumulator's elements e = 0, 1 are X row g, e = 2, 3 row g + 8 (none with 8 X rows).
template <int kWTiles, int kXTiles, int kXRowsPerThread>
__device__ __forceinline__ void write_partials(const float (&acc)[kWTiles][kXTiles][4], float* partial, int warp,
                                               int lane) {
  constexpr int kRowElements = 2 * kXRowsPerThread;
  constexpr int kElements = kWTiles * kXTiles * kRowElements;
#pragma unroll
  for (int q = 0; q < kWTiles; ++q)
#pragma unroll
    for (int s = 0; s < kXTiles; ++s)
#pragma unroll
      for (int e = 0; e < kRowElements; ++e)
        partial[(warp * kElements + (q * kXTiles + s) * kRowElements + e) * 32 + lane] = acc[q][s][e];
}

// Second half, after a barrier over the warps: thread `thread` of `threads` sums its
// elements over the kWarps partials in warp order and stores them through the epilogue
// (bias + activation, or raw into a split-K plane). The block's W rows start at r0, of
// which those below rows_end exist; its X rows at s0, below small_end. row_in_block(q, n):
// the W row (from r0) of fragment column n of W tile q.
template <int kWTiles, int kXTiles, int kXRowsPerThread, int kWarps, typename Out, typename Epilogue,
          typename RowInBlock>
__device__ __forceinline__ void store_block_sums(const float* partial, int thread, int threads, int64_t r0,
                                                 int64_t rows_end, int64_t s0, int64_t small_end,
                                                 const SkinnyOutput<Out>& out, const Epilogue& epilogue,
                                                 RowInBlock row_in_block) {
  constexpr int kRowElements = 2 * kXRowsPerThread;
  constexpr int kElements = kWTiles * kXTiles * kRowElements;
  for (int index = thread; index < kElements * 32; index += threads) {
    float sum = partial[index];
#pragma unroll
    for (int other = 1; other < kWarps; ++other) sum += partial[other * kElements * 32 + index];
    // Back from (element, lane) to the m16n8 fragment coordinates of the lane that held it:
    // row (X) g + 8 * (e / 2), column (W) 2t + e % 2.
    const int element = index / 32, owner = index % 32;
    const int q = element / (kXTiles * kRowElements), s = element / kRowElements % kXTiles, e = element % kRowElements;
    const int64_t r = r0 + row_in_block(q, 2 * (owner % 4) + e % 2);
    const int64_t sm = s0 + 16 * s + 8 * (e / 2) + owner / 4;
    if (r < rows_end && sm < small_end) {
      out.data[sm * out.small_stride + r * out.large_stride] =
          static_cast<Out>(epilogue(sum, out.columns_are_small ? sm : r));
    }
  }
}

}  // namespace tiledmm::cuda::skinny
