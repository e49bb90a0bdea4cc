// What a kernel does to each accumulated output before it is stored: add a bias per
// output column, then apply an activation. Shared by the CPU and CUDA kernels so that
// both compute the same function in the accumulator type, before the one rounding to
// the output dtype.
#pragma once

#include "host_device.h"

#include <cmath>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace tiledmm {

// kRuntime is never a problem's activation: as a kernel's compile-time activation it means
// "whichever the run-time Epilogue says" (kernels where code size does not matter).
enum class Activation : int32_t { kNone, kRelu, kGeluErf, kGeluTanh, kSilu, kRuntime };
constexpr Activation kAnyActivation = Activation::kRuntime;

// "none", "relu", "gelu" (erf form, like F.gelu), "gelu_tanh" (F.gelu(approximate="tanh")),
// "silu"; anything else is a TORCH_CHECK error listing these.
Activation parse_activation(std::string_view name);

struct Epilogue {
  const void* bias = nullptr;  // [N] of the output dtype, contiguous; nullptr = no bias
  Activation activation = Activation::kNone;
};

// The activation in the accumulator type Acc (float or double), as the CPU kernel and the
// GPU's float64 kernels compute it; the GPU's float32 epilogues use the forms of
// cuda/common/activation.cuh. NaN stays NaN (relu included, as in torch).
template <typename Acc>
TILEDMM_HOST_DEVICE inline Acc activate(Acc v, Activation activation) {
  switch (activation) {
    case Activation::kRelu: return v < Acc(0) ? Acc(0) : v;
    case Activation::kGeluErf: return Acc(0.5) * v * (Acc(1) + std::erf(v * Acc(0.70710678118654752440)));
    case Activation::kGeluTanh: {
      const Acc inner = Acc(0.79788456080286535588) * (v + Acc(0.044715) * v * v * v);
      return Acc(0.5) * v * (Acc(1) + std::tanh(inner));
    }
    case Activation::kSilu: return v / (Acc(1) + std::exp(-v));
    default: return v;
  }
}

}  // namespace tiledmm
