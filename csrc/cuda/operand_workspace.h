// Copies of operands into a workspace from the caching allocator, for kernels whose loads
// (cp.async 16-byte copies, TMA) need what the caller's layout does not give: a 16-byte
// aligned base and leading dimension, or a particular orientation.
#pragma once

#include "../gemm_problem.h"

#include <ATen/core/Tensor.h>

#include <optional>

namespace tiledmm::cuda {

// Every row (or column) of `v` starts on a 16-byte boundary.
bool is_16_byte_aligned(const MatrixView& v, int64_t element_size);

// A copy of `v`, same orientation, with the leading dimension rounded up to 16 bytes, in
// `storage` (which keeps it alive). Dtype and device come from `options`.
MatrixView repack_aligned(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage);

// A copy of `v` in the other orientation (row-major <-> column-major), 16-byte aligned.
MatrixView repack_transposed(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage);

// `v` itself when its lines are 16-byte aligned and, if `col_major` is given, it has that
// orientation; otherwise the aligned (or transposed) copy, kept alive by `storage`.
MatrixView aligned_operand(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage,
                           std::optional<bool> col_major = std::nullopt);

}  // namespace tiledmm::cuda
