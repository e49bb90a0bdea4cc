// The epilogue: accumulators -> bias + activation (activation.cuh) -> T in the row-major
// output C. OutputEpilogue serves every CUDA family (the mma family's stores of its
// fragments: fragment_tile_store.cuh).
#pragma once

#include "../split_k.h"
#include "activation.cuh"
#include "numeric.cuh"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace tiledmm::cuda {

// Bias (per output column) and activation (activation.cuh), in the accumulator type,
// before rounding.
// kActivation fixes the activation at compile time (kAnyActivation: read it at run time).
// The tensor-core kernels instantiate one activation each: with every activation's
// erf/tanh/exp inlined into each of a wgmma tile's 128 stores per thread, the kernel ran
// at half speed (bench/NOTES.md).
template <typename T, Activation kActivation = kAnyActivation>
struct OutputEpilogue {
  const T* bias;  // nullptr: no bias
  Activation activation;

  static OutputEpilogue from(const Epilogue& e) { return {static_cast<const T*>(e.bias), e.activation}; }

  template <typename Acc>
  __device__ __forceinline__ Acc operator()(Acc v, int64_t col) const {
    return apply(v, bias_of<Acc>(col));
  }

  // The same in two steps, for a caller that writes many outputs: their stores (through
  // generic pointers, which may alias the bias as far as the compiler knows) would order
  // each later bias load after them, one load latency per output.
  // bias_of(col) is column col's bias, -0 without one; apply(v, bias_value) the rest.
  template <typename Acc>
  __device__ __forceinline__ Acc bias_of(int64_t col) const {
    return bias != nullptr ? static_cast<Acc>(bias[col]) : Acc(-0.0f);
  }

  // A fixed activation adds the bias without a branch (-0 without one: v + -0 is v, for -0
  // and NaN too). Behind `if (bias != nullptr)` ptxas compiled each output's activation twice,
  // with the add and without: bf16 128x256 with gelu held 8,968 instructions, 6,712 without
  // the branch, and its warps' waits for instruction fetch over bias alone's fell from 1,937
  // samples to 1,091 (ncu, H200; bench/NOTES.md, sessions 68-69). Without an activation the
  // branch stays: a plain gemm pays no add.
  static constexpr bool kAddsBiasAlways = kActivation != kAnyActivation && kActivation != Activation::kNone;

  template <typename Acc>
  __device__ __forceinline__ Acc apply(Acc v, Acc bias_value) const {
    if (kAddsBiasAlways || bias != nullptr) v += bias_value;
    if constexpr (kActivation == kAnyActivation) {
      if (activation != Activation::kNone) v = activate_on_device<T>(v, activation);
    } else if constexpr (kActivation != Activation::kNone) {
      v = activate_on_device<T>(v, kActivation);
    }
    return v;
  }
};

// Two 16-bit outputs rounded from float32 and packed in one register, `lo` at the lower
// address: the element pair of a stmatrix or mma fragment register.
template <typename T>
__device__ __forceinline__ uint32_t packed_pair(float lo, float hi) {
  static_assert(sizeof(T) == 2, "two 16-bit values per register");
  const AlignedVector<T, 2> pair{{static_cast<T>(lo), static_cast<T>(hi)}};
  uint32_t bits;
  memcpy(&bits, &pair, sizeof(bits));
  return bits;
}

// Calls f(std::integral_constant<Activation, a>) with the problem's activation a.
template <typename F>
void with_activation(const Epilogue& e, F&& f) {
  switch (e.activation) {
    case Activation::kRelu: f(std::integral_constant<Activation, Activation::kRelu>{}); break;
    case Activation::kGeluErf: f(std::integral_constant<Activation, Activation::kGeluErf>{}); break;
    case Activation::kGeluTanh: f(std::integral_constant<Activation, Activation::kGeluTanh>{}); break;
    case Activation::kSilu: f(std::integral_constant<Activation, Activation::kSilu>{}); break;
    default: f(std::integral_constant<Activation, Activation::kNone>{});
  }
}

// Two instances only: kNone, or kAnyActivation (for kernels with many other variants).
template <typename F>
void with_any_activation(const Epilogue& e, F&& f) {
  if (e.activation == Activation::kNone) {
    f(std::integral_constant<Activation, Activation::kNone>{});
  } else {
    f(std::integral_constant<Activation, kAnyActivation>{});
  }
}

// Calls f(out, epilogue) for what a tensor-core launch writes into `out`: with split-K the
// float32 partial planes, raw (the reduction applies the epilogue later); otherwise C in
// T with the problem's bias and its activation, as a compile-time parameter (one instance
// per activation), or with kRuntimeActivation read at run time (two instances: for
// kernels whose epilogue touches each output once, where inlining costs nothing).
template <typename T, bool kRuntimeActivation = false, typename F>
void with_kernel_output(const SplitK& split, const Epilogue& e, void* out, F&& f) {
  if (split.active()) {
    f(static_cast<float*>(out), OutputEpilogue<float, Activation::kNone>{});
    return;
  }
  auto launch = [&](auto activate) {
    f(static_cast<T*>(out), OutputEpilogue<T, decltype(activate)::value>::from(e));
  };
  if constexpr (kRuntimeActivation) {
    with_any_activation(e, launch);
  } else {
    with_activation(e, launch);
  }
}

}  // namespace tiledmm::cuda
