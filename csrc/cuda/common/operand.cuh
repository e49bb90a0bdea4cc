// Device-side views of the operands, built from the host's canonical MatrixView.
#pragma once

#include "../../gemm_problem.h"

#include <cstdint>

namespace tiledmm::cuda {

// A matrix [rows, cols], row- or column-major, read element by element.
template <typename T>
struct DeviceMatrix {
  const T* data;
  int64_t rows, cols, ld;
  bool col_major;

  static DeviceMatrix from(const MatrixView& v) {
    return {static_cast<const T*>(v.data), v.rows, v.cols, v.ld, v.col_major};
  }
  __device__ __forceinline__ T load(int64_t r, int64_t c) const {
    return col_major ? data[r + c * ld] : data[r * ld + c];
  }
};

// An operand seen as the tiled kernels stage it: a [K, MN] matrix, whose rows are the
// reduction index k and whose columns run along M (operand A, transposed) or N (operand
// B). Tiles are staged in shared memory in this same k-major order, so the inner product
// reads a row of MN values with one vector load. `mn_contiguous` says whether the global
// data already runs along MN (A column-major, B row-major) or along K and must be
// transposed on the way into shared memory (A row-major, B column-major: nn.Linear's
// weight).
template <typename T>
struct KMnOperand {
  const T* data;
  int64_t k_extent, mn_extent, ld;
  bool mn_contiguous;

  static KMnOperand a_operand(const MatrixView& a) {  // a is [M, K]
    return {static_cast<const T*>(a.data), a.cols, a.rows, a.ld, a.col_major};
  }
  static KMnOperand b_operand(const MatrixView& b) {  // b is [K, N]
    return {static_cast<const T*>(b.data), b.rows, b.cols, b.ld, !b.col_major};
  }
  __host__ __device__ __forceinline__ const T* address(int64_t k, int64_t mn) const {
    return mn_contiguous ? data + k * ld + mn : data + mn * ld + k;
  }
  // The operand from column mn0 on (rows of A): a band of C's rows (row_tail.h).
  __host__ __device__ __forceinline__ KMnOperand mn_from(int64_t mn0) const {
    return {address(0, mn0), k_extent, mn_extent - mn0, ld, mn_contiguous};
  }
  // Rows [k0, k0 + count) of this operand, clipped to its extent: one split-K slice.
  __host__ __device__ __forceinline__ KMnOperand k_slice(int64_t k0, int64_t count) const {
    const int64_t left = k_extent - k0;
    return {address(k0, 0), left < count ? left : count, mn_extent, ld, mn_contiguous};
  }
};

// `op` (built from `v`) with its MN extent rounded up to whole vectors of `vec` elements where
// its lines run along MN and every line of `v` may be read that far
// (MatrixView::lines_readable_to): over a repacked copy's zeros (repack_aligned,
// operand_workspace.h) or the rest of a sliced tensor's rows. The stager then copies each
// line's last vector as one 16-byte cp.async; a partial one takes its edge path at every
// k-tile, whose element loads stall the block (C's last tile column, bench/NOTES.md sessions
// 25, 81 and 82). What lies past the edge feeds only outputs past C's edge, never stored.
template <typename T>
KMnOperand<T> staged_in_whole_vectors(KMnOperand<T> op, const MatrixView& v, int vec) {
  const int64_t padded = (op.mn_extent + vec - 1) / vec * vec;
  if (op.mn_contiguous && v.lines_readable_to(padded, static_cast<int64_t>(sizeof(T)))) op.mn_extent = padded;
  return op;
}

}  // namespace tiledmm::cuda
