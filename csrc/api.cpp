// The C++ API: thin calls into the dispatcher, so every backend and check applies.
#include <tiledmm/tiledmm.h>

#include "kernel_registry.h"
#include "op_calls.h"

namespace tiledmm {

at::Tensor gemm(const at::Tensor& a, const at::Tensor& b) { return call_gemm(a, b, std::nullopt); }

at::Tensor gemm(const at::Tensor& a, const at::Tensor& b, const std::string& kernel) {
  return call_gemm(a, b, kernel);
}

std::vector<std::string> kernel_names() {
  std::vector<std::string> names;
  for (const auto& info : kernel_table()) names.push_back(info.name);
  return names;
}

}  // namespace tiledmm
