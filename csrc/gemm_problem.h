// The one place where a gemm call is checked and described for the kernels.
//
// Every backend (CPU, CUDA) starts from `make_gemm_problem`: it validates the operands
// with clear TORCH_CHECK messages and canonicalizes each operand's strides into a
// row-major or column-major view read in place, copying only when neither applies.
#pragma once

#include "epilogue.h"

#include <ATen/core/Tensor.h>
#include <optional>
#include <string_view>

#include <cstdint>
#include <string>

namespace tiledmm {

// A read-only matrix [rows, cols] in memory, either row-major (element (r, c) at
// data[r * ld + c]) or column-major (at data[r + c * ld]).
struct MatrixView {
  const void* data = nullptr;
  int64_t rows = 0;
  int64_t cols = 0;
  int64_t ld = 0;  // leading dimension in elements, >= the contiguous extent
  bool col_major = false;
  int64_t readable_bytes = 0;  // from data to the end of its storage (0: unknown, none past the view)

  // Byte alignment of every row (or column) start: gcd of the base address and ld bytes.
  int64_t alignment_bytes(int64_t element_size) const;
  // Whether every line (row, or column when col_major) may be read `elements` long from its
  // start: past its extent, but before the next line and inside the storage.
  bool lines_readable_to(int64_t elements, int64_t element_size) const;
};

struct GemmProblem {
  int64_t m = 0, n = 0, k = 0;
  at::ScalarType dtype = at::kFloat;
  MatrixView a;  // [m, k]
  MatrixView b;  // [k, n]
  // Operands that had to be copied (other strides); keeps them alive during the launch.
  at::Tensor a_storage, b_storage;
  std::string kernel;  // requested "name" or "name:config", empty = let the planner choose
  Epilogue epilogue;   // bias + activation applied to every output before it is stored
  at::Tensor bias_storage;  // keeps a contiguous copy of the bias alive, if one was made
};

// float32, float64, float16 or bfloat16: the dtypes every backend supports.
bool is_supported_dtype(at::ScalarType dtype);

// Validates a and b (dims, inner sizes, dtype, device, layout, kernel name) and builds
// the problem. Throws c10::Error with a message naming the problem.
GemmProblem make_gemm_problem(const at::Tensor& a, const at::Tensor& b,
                              std::optional<std::string_view> kernel);

// The output every kernel writes: contiguous [m, n], same dtype and device as `a`.
at::Tensor allocate_output(const GemmProblem& p, const at::Tensor& a);

// The result when K = 0 and no kernel runs: the epilogue applied to zeros (zeros, or the
// activated bias in every row), written into `c`.
at::Tensor& epilogue_of_zeros(at::Tensor& c, const GemmProblem& p);

}  // namespace tiledmm
