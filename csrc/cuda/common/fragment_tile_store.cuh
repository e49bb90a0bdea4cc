// The mma family's epilogue: a block tile of float32 accumulators in the m16n8 fragment
// layout (mma.sync's C fragment) -> shared memory -> bias + activation -> C, row by row.
//
// Why through shared memory: stored straight from the fragments, every one of a thread's
// 2 x frags_m x frags_n output pairs carried its own bounds checks, bias load, activation
// and store, unrolled, because each reads its accumulators by constant register indices.
// The 128x128 tile's kernel held ~5,900 SASS instructions (94 KB), most of them that
// epilogue, and a product of one or two k-tiles fetches each of them once: 6.8 us at 64^3
// against 2.4 us for wgmma and 3.1 for classic16 (bench/NOTES.md, sessions 77 and 79).
// Here the unrolled part is one 8-byte shared store per fragment half; the stores to C are
// a rolled loop over 4-column chunks of the tile's rows, one copy of the epilogue's code,
// and each warp writes whole runs of a row (where the pairs left half of every 32-byte
// sector they touched to another store).
//
// The tile leaves in passes of kPassRows rows (one warp row of the block each), so that a
// pass of float32 values fits the shared memory of the main loop's stages, which the
// caller must be done with (every thread past its last shared read, behind a barrier).
#pragma once

#include "numeric.cuh"

#include <cstdint>

namespace tiledmm::cuda {

// Shared floats between consecutive rows of a pass: 8 past the tile's columns, so that the
// 8 rows of a fragment store (8 threads x 4 columns) land on distinct banks.
template <int kCols>
constexpr int fragment_pass_row_stride() {
  return kCols + 8;
}

template <int kPassRows, int kCols>
constexpr int fragment_pass_smem_bytes() {
  return kPassRows * fragment_pass_row_stride<kCols>() * static_cast<int>(sizeof(float));
}

// The block tile [kRows, kCols] at (block_m0, block_n0) of C (m x n, rows ldc elements
// apart), its accumulators spread over kThreads threads: the warp whose tile starts at
// (warp_m0, warp_n0) holds kFragsM x kFragsN fragments of 16 x 8, its rows within one pass.
// Passes whose rows all lie past C's end are skipped. epilogue(v, col) adds column col's
// bias and applies the activation (OutputEpilogue).
template <int kRows, int kPassRows, int kCols, int kFragsM, int kFragsN, int kThreads, typename Out,
          typename Epilogue>
__device__ __forceinline__ void store_fragment_tile(float* smem, const float (&acc)[kFragsM][kFragsN][4], Out* c,
                                                    int64_t m, int64_t n, int64_t ldc, int64_t block_m0,
                                                    int64_t block_n0, int warp_m0, int warp_n0,
                                                    const Epilogue& epilogue) {
  static_assert(kRows % kPassRows == 0 && kPassRows % (16 * kFragsM) == 0 && kCols % 4 == 0,
                "whole passes, whole fragments and 4-column chunks");
  constexpr int kPasses = kRows / kPassRows;
  constexpr int kStride = fragment_pass_row_stride<kCols>();
  constexpr int kChunksPerRow = kCols / 4;
  const int tid = threadIdx.x, lane = tid % 32, g = lane / 4, t = lane % 4;
  // A chunk of 4 outputs leaves as one vector store where C's rows keep it aligned.
  const bool vector_ok = reinterpret_cast<uintptr_t>(c) % (4 * sizeof(Out)) == 0 && ldc % 4 == 0;
#pragma unroll 1
  for (int pass = 0; pass < kPasses; ++pass) {
    if (block_m0 + pass * kPassRows >= m) break;  // the same for every thread of the block
    // registers -> shared: the warps whose rows this pass holds.
    if (warp_m0 / kPassRows == pass) {
      const int row0 = warp_m0 % kPassRows;
#pragma unroll
      for (int i = 0; i < kFragsM; ++i)
#pragma unroll
        for (int j = 0; j < kFragsN; ++j)
#pragma unroll
          for (int half = 0; half < 2; ++half) {
            float* p = smem + (row0 + 16 * i + 8 * half + g) * kStride + warp_n0 + 8 * j + 2 * t;
            *reinterpret_cast<float2*>(p) = make_float2(acc[i][j][2 * half], acc[i][j][2 * half + 1]);
          }
    }
    __syncthreads();
    // shared -> C: consecutive threads take consecutive chunks of a row.
#pragma unroll 1
    for (int chunk = tid; chunk < kPassRows * kChunksPerRow; chunk += kThreads) {
      const int row_in_pass = chunk / kChunksPerRow, col_in_tile = chunk % kChunksPerRow * 4;
      const int64_t row = block_m0 + pass * kPassRows + row_in_pass, col = block_n0 + col_in_tile;
      if (row >= m || col >= n) continue;
      const float4 v = *reinterpret_cast<const float4*>(smem + row_in_pass * kStride + col_in_tile);
      const float values[4] = {v.x, v.y, v.z, v.w};
      Out out[4];
#pragma unroll
      for (int e = 0; e < 4; ++e) {  // only columns inside C: the epilogue reads column col + e's bias
        out[e] = col + e < n ? static_cast<Out>(epilogue(values[e], col + e)) : Out(0.0f);
      }
      Out* dst = c + row * ldc + col;
      if (vector_ok && col + 3 < n) {
        *reinterpret_cast<AlignedVector<Out, 4>*>(dst) = AlignedVector<Out, 4>{{out[0], out[1], out[2], out[3]}};
      } else {
#pragma unroll
        for (int e = 0; e < 4; ++e) {
          if (col + e < n) dst[e] = out[e];
        }
      }
    }
    if (pass + 1 < kPasses) __syncthreads();  // the next pass overwrites these rows
  }
}

}  // namespace tiledmm::cuda
