// The epilogue: accumulators -> bias + activation (../epilogue.h) -> T in the row-major
// output C. OutputEpilogue serves every CUDA family; store_fragment is the tensor-core
// families' store of float32 accumulators in the m16n8 fragment layout (mma.sync's C
// fragment; wgmma's accumulators repeat it every 8 columns).
#pragma once

#include "../../epilogue.h"

#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda {

// Bias (per output column) and activation, in the accumulator type, before rounding.
// kActivate = false compiles the activation out: the inlined erf/tanh/exp of every
// output would otherwise bloat the tensor-core kernels' epilogue (measured: the wgmma
// kernel lost half its speed with the activation code present), so the launchers pick
// the instance by whether an activation was asked for.
template <typename T, bool kActivate = true>
struct OutputEpilogue {
  const T* bias;  // nullptr: no bias
  Activation activation;

  static OutputEpilogue from(const Epilogue& e) { return {static_cast<const T*>(e.bias), e.activation}; }

  template <typename Acc>
  __device__ __forceinline__ Acc operator()(Acc v, int64_t col) const {
    if (bias != nullptr) v += static_cast<Acc>(bias[col]);
    if constexpr (kActivate) v = activate(v, activation);
    return v;
  }
};

template <typename T>
struct alignas(2 * sizeof(T)) OutputPair {
  T v[2];
};

// One m16n8 fragment d[0..3] whose thread holds (row, col), (row, col + 1) in d[0..1] and
// the same columns of row + 8 in d[2..3]. Rows and columns past (m, n) are skipped; when
// `pairs_ok` (n even, so every pair is aligned) a pair goes out as one store.
template <typename T, typename Epilogue>
__device__ __forceinline__ void store_fragment(T* c, int64_t m, int64_t n, int64_t row, int64_t col,
                                               const float* d, bool pairs_ok, const Epilogue& epilogue) {
#pragma unroll
  for (int half = 0; half < 2; ++half) {
    const int64_t r = row + 8 * half;
    if (r >= m) continue;
    T* out = c + r * n + col;
    if (pairs_ok && col + 1 < n) {
      *reinterpret_cast<OutputPair<T>*>(out) = {static_cast<T>(epilogue(d[2 * half], col)),
                                                static_cast<T>(epilogue(d[2 * half + 1], col + 1))};
    } else {
      if (col < n) out[0] = static_cast<T>(epilogue(d[2 * half], col));
      if (col + 1 < n) out[1] = static_cast<T>(epilogue(d[2 * half + 1], col + 1));
    }
  }
}

// Calls f(std::bool_constant<kActivate>) for a problem's epilogue.
template <typename F>
void with_activation(const Epilogue& e, F&& f) {
  if (e.activation == Activation::kNone) {
    f(std::false_type{});
  } else {
    f(std::true_type{});
  }
}

}  // namespace tiledmm::cuda
