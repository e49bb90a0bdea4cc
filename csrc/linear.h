// tiledmm::linear (F.linear semantics) as a gemm problem: x[..., in] flattened to the rows
// of A, weight[out, in] read in place as the column-major B = weight^T, and the bias and
// activation carried into the kernels' epilogue.
#pragma once

#include "gemm_problem.h"

#include <ATen/core/Tensor.h>

#include <optional>
#include <string_view>
#include <vector>

namespace tiledmm {

struct LinearProblem {
  GemmProblem gemm;                  // [rows, in] x [in, out] with the epilogue
  std::vector<int64_t> output_shape;  // [..., out]
  at::Tensor x_rows;                  // the 2-D view (or copy) of x the problem reads
};

// Validates the operands (clear TORCH_CHECK messages naming tiledmm.linear) and builds
// the problem.
LinearProblem make_linear_problem(const at::Tensor& x, const at::Tensor& weight,
                                  const std::optional<at::Tensor>& bias, std::string_view activation,
                                  std::optional<std::string_view> kernel);

}  // namespace tiledmm
