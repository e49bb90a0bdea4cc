// Element types, their accumulators and vectors of them. Half types multiply and
// accumulate in float32, like torch.matmul; float64 accumulates in float64.
#pragma once

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

namespace tiledmm::cuda {

template <typename T>
struct Accumulator {
  using type = float;
};
template <>
struct Accumulator<double> {
  using type = double;
};
template <typename T>
using accumulator_t = typename Accumulator<T>::type;

// N consecutive elements as one value aligned to its size, so that a load or store of it is
// one N * sizeof(T)-byte access (16 bytes at most). The caller checks that the address keeps
// that alignment: operand copies, output chunks, split-K planes and packed fragment pairs.
template <typename T, int N>
struct alignas(N * sizeof(T)) AlignedVector {
  static_assert(N * sizeof(T) <= 16, "one access: 16 bytes at most");
  T v[N];
};

}  // namespace tiledmm::cuda
