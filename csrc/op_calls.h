// Calls of the tiledmm operators through the dispatcher, for C++ code that must pass
// every dispatch key below it (the C++ API, autocast, autograd): one typed handle per
// operator, looked up once.
#pragma once

#include <ATen/core/Tensor.h>
#include <ATen/core/dispatch/Dispatcher.h>

#include <optional>
#include <string_view>

namespace tiledmm {

inline at::Tensor call_gemm(const at::Tensor& a, const at::Tensor& b, std::optional<std::string_view> kernel) {
  static const auto op = c10::Dispatcher::singleton()
                             .findSchemaOrThrow("tiledmm::gemm", "")
                             .typed<at::Tensor(const at::Tensor&, const at::Tensor&, std::optional<std::string_view>)>();
  return op.call(a, b, kernel);
}

inline at::Tensor call_linear(const at::Tensor& x, const at::Tensor& weight, const std::optional<at::Tensor>& bias,
                              std::string_view activation, std::optional<std::string_view> kernel) {
  static const auto op = c10::Dispatcher::singleton()
                             .findSchemaOrThrow("tiledmm::linear", "")
                             .typed<at::Tensor(const at::Tensor&, const at::Tensor&, const std::optional<at::Tensor>&,
                                               std::string_view, std::optional<std::string_view>)>();
  return op.call(x, weight, bias, activation, kernel);
}

}  // namespace tiledmm
