// `few_rows`: C's last few rows (at most kFewRowsMax, row_tail.h) as dot products over B,
// run beside simt's tiled launch on the SMs its grid leaves idle (float32).
//
// Why: a tile row holding one row of C costs as much as a full one. 1025 x 1023 x 1021 in
// 128x256 tiles is 9 tile rows, so 36 tiles in 3 K slices (108 blocks of 352 k) where
// 1024 x 1023 x 1021 is 32 tiles in 4 slices (128 blocks of 256 k): a third longer for
// one row. As a second launch after the first the row cost ~14 us (bench/NOTES.md,
// session 26). Here the first launch covers C's first rows alone, and the last rows run
// at the same time on the SMs it does not use (4 of 132 there): a stream over B that ends
// well before the tiles do.
//
//   global -> shared   A's few rows, a K chunk at a time, stored k-major ([k][row]) so
//                      that a k's rows are one broadcast shared load;
//   global -> regs     B's rows (MN-contiguous: row-major B, or simt's padded copy): each
//                      lane one 16-byte vector of 4 columns, a warp 128 consecutive
//                      columns of one k; the block's warps take interleaved k (warp w:
//                      k = w, w + 16, ...), kUnroll loads in flight per thread;
//   registers          rows x 4 accumulators per thread;
//   warps -> block     the warps' sums meet in shared memory, added in warp order
//                      (bitwise reproducible), then bias + activation and C's stores.
// Blocks step over C's 128-column chunks; the grid is as many blocks as idle SMs.
//
// Launched as a programmatic dependent of the tiled launch, which lets it be placed at the
// tiled blocks' start (simt_kernel.cuh). It reads only operands that launch also only reads, and
// writes rows of C that launch does not; but before it exits it waits for that launch to
// finish, so that its own completion implies the tiled launch's for the kernels behind it
// (the split-K reduction, or the caller's next kernel).
#include "few_rows.h"

#include "dependent_launch.h"
#include "dynamic_smem.h"

#include "../common/epilogue.cuh"
#include "../common/ptx.cuh"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>

#include <atomic>
#include <cstdint>

namespace tiledmm::cuda {

namespace {

constexpr int kWarps = 16, kThreads = 32 * kWarps;
constexpr int kVec = 4;                   // floats per 16-byte load of B
constexpr int kChunkCols = 32 * kVec;     // C's columns per block step: one warp-wide row of B
constexpr int kChunkK = 512;              // A's rows staged per K chunk
constexpr int kUnroll = 8;                // B vectors in flight per thread

template <int kRows>
constexpr int smem_bytes() {
  return static_cast<int>(sizeof(float)) * (kChunkK * kRows + kWarps * kRows * kChunkCols);
}

// Four columns of B's row k from column `col` on; zeros past its extent.
__device__ __forceinline__ float4 load_b(const KMnOperand<float>& b, int64_t k, int64_t col, bool vector_ok) {
  const float* p = b.address(k, col);
  if (vector_ok && col + kVec <= b.mn_extent) return __ldg(reinterpret_cast<const float4*>(p));
  float v[kVec];
#pragma unroll
  for (int j = 0; j < kVec; ++j) v[j] = col + j < b.mn_extent ? __ldg(p + j) : 0.f;
  return make_float4(v[0], v[1], v[2], v[3]);
}

// `rows` <= kRows rows of C (row-major, ldc = n) from A's rows `a` (mn = C's row) and B.
template <int kRows, Activation kActivation>
__global__ void __launch_bounds__(kThreads, 1)
    few_rows_kernel(KMnOperand<float> a, KMnOperand<float> b, float* __restrict__ c, int rows, int64_t n,
                    bool b_vector_ok, OutputEpilogue<float, kActivation> epilogue) {
  extern __shared__ __align__(16) float smem[];
  float* const a_chunk = smem;                     // [kChunkK][kRows]
  float* const sums = smem + kChunkK * kRows;      // [kWarps][kRows][kChunkCols]
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int64_t k_extent = a.k_extent;

  for (int64_t col0 = static_cast<int64_t>(blockIdx.x) * kChunkCols; col0 < n;
       col0 += static_cast<int64_t>(gridDim.x) * kChunkCols) {
    const int64_t col = col0 + lane * kVec;
    float acc[kRows][kVec] = {};
    for (int64_t k0 = 0; k0 < k_extent; k0 += kChunkK) {
      const int chunk_k = static_cast<int>(k_extent - k0 < kChunkK ? k_extent - k0 : kChunkK);
      __syncthreads();  // the previous chunk's A (and the previous step's sums) read
      // global -> shared: A's rows, consecutive threads along k (A row-major: coalesced).
      for (int i = threadIdx.x; i < kRows * kChunkK; i += kThreads) {
        const int r = i / kChunkK, k = i % kChunkK;
        a_chunk[k * kRows + r] = r < rows && k < chunk_k ? *a.address(k0 + k, r) : 0.f;
      }
      __syncthreads();
      // global -> registers -> FMAs: warp w's k = w, w + kWarps, ...
      for (int k = warp; k < chunk_k; k += kWarps * kUnroll) {
        float4 bv[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
          const int kk = k + u * kWarps;
          bv[u] = kk < chunk_k ? load_b(b, k0 + kk, col, b_vector_ok) : make_float4(0.f, 0.f, 0.f, 0.f);
        }
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
          const int kk = k + u * kWarps;
          if (kk >= chunk_k) break;
          const float bj[kVec] = {bv[u].x, bv[u].y, bv[u].z, bv[u].w};
#pragma unroll
          for (int r = 0; r < kRows; ++r) {
            const float ar = a_chunk[kk * kRows + r];
#pragma unroll
            for (int j = 0; j < kVec; ++j) acc[r][j] = fmaf(ar, bj[j], acc[r][j]);
          }
        }
      }
    }
    // warps -> block: each warp's sums, then added in warp order.
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
#pragma unroll
      for (int j = 0; j < kVec; ++j) sums[(warp * kRows + r) * kChunkCols + lane * kVec + j] = acc[r][j];
    }
    __syncthreads();
    for (int i = threadIdx.x; i < rows * kChunkCols; i += kThreads) {
      const int r = i / kChunkCols, cc = i % kChunkCols;
      if (col0 + cc >= n) continue;
      float s = sums[r * kChunkCols + cc];
      for (int w = 1; w < kWarps; ++w) s += sums[(w * kRows + r) * kChunkCols + cc];
      c[r * n + col0 + cc] = epilogue(s, col0 + cc);
    }
  }
  // This grid's completion now implies the tiled launch's (see the top of the file).
  wait_for_prior_kernel();
}

template <int kRows, Activation kActivation>
void launch_instance(const GemmProblem& p, const KMnOperand<float>& a, const KMnOperand<float>& b, int rows,
                     int blocks, bool b_vector_ok, float* c, cudaStream_t stream) {
  const auto kernel = few_rows_kernel<kRows, kActivation>;
  constexpr int kSmemBytes = smem_bytes<kRows>();
  static std::atomic<uint64_t> opted_in{0};
  allow_dynamic_smem(kernel, kSmemBytes, opted_in);
  launch_after_prior_kernel(kernel, dim3(static_cast<unsigned>(blocks)), dim3(kThreads), kSmemBytes, stream,
                            /*programmatic=*/true, a, b, c, rows, p.n, b_vector_ok,
                            OutputEpilogue<float, kActivation>::from(p.epilogue));
}

}  // namespace

void launch_few_rows(const GemmProblem& p, const KMnOperand<float>& a, const KMnOperand<float>& b, int64_t rows,
                     int blocks, float* c, cudaStream_t stream) {
  TORCH_CHECK(rows >= 1 && rows <= kFewRowsMax, "tiledmm.gemm (few_rows): 1 to ", kFewRowsMax, " rows, got ", rows);
  TORCH_CHECK(b.mn_contiguous, "tiledmm.gemm (few_rows): B must run along N (row-major, or simt's padded copy)");
  TORCH_CHECK(blocks >= 1, "tiledmm.gemm (few_rows): at least one block");
  const bool b_vector_ok = reinterpret_cast<uintptr_t>(b.data) % 16 == 0 && b.ld % kVec == 0;
  with_any_activation(p.epilogue, [&](auto activate) {
    constexpr Activation kActivation = decltype(activate)::value;
    const int r = static_cast<int>(rows);
    if (r == 1) {
      launch_instance<1, kActivation>(p, a, b, r, blocks, b_vector_ok, c, stream);
    } else if (r == 2) {
      launch_instance<2, kActivation>(p, a, b, r, blocks, b_vector_ok, c, stream);
    } else if (r <= 4) {
      launch_instance<4, kActivation>(p, a, b, r, blocks, b_vector_ok, c, stream);
    } else {
      launch_instance<8, kActivation>(p, a, b, r, blocks, b_vector_ok, c, stream);
    }
  });
}

}  // namespace tiledmm::cuda
