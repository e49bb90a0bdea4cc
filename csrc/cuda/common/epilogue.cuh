// The epilogue of the tensor-core families: float32 accumulators in the m16n8 fragment
// layout (mma.sync's C fragment; wgmma's accumulators repeat it every 8 columns) -> T in
// the row-major output C.
#pragma once

#include <cstdint>

namespace tiledmm::cuda {

template <typename T>
struct alignas(2 * sizeof(T)) OutputPair {
  T v[2];
};

// One m16n8 fragment d[0..3] whose thread holds (row, col), (row, col + 1) in d[0..1] and
// the same columns of row + 8 in d[2..3]. Rows and columns past (m, n) are skipped; when
// `pairs_ok` (n even, so every pair is aligned) a pair goes out as one store.
template <typename T>
__device__ __forceinline__ void store_fragment(T* c, int64_t m, int64_t n, int64_t row, int64_t col,
                                               const float* d, bool pairs_ok) {
#pragma unroll
  for (int half = 0; half < 2; ++half) {
    const int64_t r = row + 8 * half;
    if (r >= m) continue;
    T* out = c + r * n + col;
    if (pairs_ok && col + 1 < n) {
      *reinterpret_cast<OutputPair<T>*>(out) = {static_cast<T>(d[2 * half]), static_cast<T>(d[2 * half + 1])};
    } else {
      if (col < n) out[0] = static_cast<T>(d[2 * half]);
      if (col + 1 < n) out[1] = static_cast<T>(d[2 * half + 1]);
    }
  }
}

}  // namespace tiledmm::cuda
