// Element types and their accumulators. Half types multiply and accumulate in float32,
// like torch.matmul; float64 accumulates in float64.
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

}  // namespace tiledmm::cuda
