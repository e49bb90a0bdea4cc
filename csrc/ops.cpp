// Schemas of the tiledmm operators. Implementations register per backend
// (cpu/gemm_cpu.cpp, cuda/gemm_cuda.cu), autograd in autograd.cpp; fake kernels live in Python.
#include "kernel_registry.h"

#include <torch/library.h>

#include <sstream>

namespace tiledmm {

namespace {

// One line per kernel: "name|device|dtype,dtype|min_cc|config,config|summary", parsed by
// tiledmm.kernels(); min_cc ends in "a" for arch-specific (sm_90a) code.
std::vector<std::string> kernel_table_op() {
  std::vector<std::string> rows;
  for (const auto& info : kernel_table()) {
    std::ostringstream row;
    row << info.name << '|' << c10::DeviceTypeName(info.device, /*lower_case=*/true) << '|';
    for (size_t i = 0; i < info.dtypes.size(); ++i) row << (i ? "," : "") << dtype_name(info.dtypes[i]);
    row << '|' << info.min_compute_capability << (info.arch_specific ? "a" : "") << '|';
    for (size_t i = 0; i < info.configs.size(); ++i) row << (i ? "," : "") << info.configs[i];
    row << '|' << info.summary;
    rows.push_back(row.str());
  }
  return rows;
}

}  // namespace

TORCH_LIBRARY(tiledmm, m) {
  // `kernel` is an optional argument that callers pass by keyword. It is not declared
  // keyword-only, and the op is tagged flexible_layout (it reads any strides), because
  // inductor (torch 2.11) mishandles a keyword-only `kernel`: its fallback lowering
  // clashes with FallbackKernel.create(kernel, ...) and its generated code passes
  // keyword-only values positionally.
  m.def("gemm(Tensor a, Tensor b, str? kernel=None) -> Tensor", {at::Tag::flexible_layout});
  // F.linear: x[..., in], weight[out, in], bias[out]; the bias and the activation ("none",
  // "relu", "gelu", "gelu_tanh", "silu") run in the kernel's epilogue.
  m.def("linear(Tensor x, Tensor weight, Tensor? bias=None, str activation=\"none\", str? kernel=None) -> Tensor",
        {at::Tag::flexible_layout});
  m.def("_kernel_table() -> str[]", &kernel_table_op);
}

}  // namespace tiledmm
