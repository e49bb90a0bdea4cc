#include "epilogue.h"

#include <c10/util/Exception.h>

namespace tiledmm {

Activation parse_activation(std::string_view name) {
  if (name == "none") return Activation::kNone;
  if (name == "relu") return Activation::kRelu;
  if (name == "gelu") return Activation::kGeluErf;
  if (name == "gelu_tanh") return Activation::kGeluTanh;
  if (name == "silu") return Activation::kSilu;
  TORCH_CHECK(false, "tiledmm.linear: unknown activation '", name,
              "'; supported: none, relu, gelu, gelu_tanh, silu");
}

}  // namespace tiledmm
