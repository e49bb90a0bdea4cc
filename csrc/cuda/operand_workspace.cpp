#include "operand_workspace.h"

#include <ATen/ATen.h>

namespace tiledmm::cuda {

namespace {

// `v` as a 2-D tensor of its stored lines: [lines, extent] with stride (ld, 1).
at::Tensor stored_lines(const MatrixView& v, const at::TensorOptions& options) {
  const int64_t lines = v.col_major ? v.cols : v.rows;
  const int64_t extent = v.col_major ? v.rows : v.cols;
  return at::from_blob(const_cast<void*>(v.data), {lines, extent}, {v.ld, 1}, options);
}

// A [lines, ld] workspace whose rows start 16 bytes apart, `extent` of them used.
at::Tensor aligned_workspace(int64_t lines, int64_t extent, const at::TensorOptions& options) {
  const int64_t per_16_bytes = 16 / static_cast<int64_t>(c10::elementSize(options.dtype().toScalarType()));
  const int64_t ld = (extent + per_16_bytes - 1) / per_16_bytes * per_16_bytes;
  return at::empty({lines, ld}, options);
}

}  // namespace

bool is_16_byte_aligned(const MatrixView& v, int64_t element_size) {
  return v.alignment_bytes(element_size) % 16 == 0;
}

MatrixView repack_aligned(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage) {
  const at::Tensor source = stored_lines(v, options);
  storage = aligned_workspace(source.size(0), source.size(1), options);
  storage.narrow(1, 0, source.size(1)).copy_(source);
  return {storage.data_ptr(), v.rows, v.cols, storage.stride(0), v.col_major};
}

MatrixView repack_transposed(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage) {
  const at::Tensor source = stored_lines(v, options).t();
  storage = aligned_workspace(source.size(0), source.size(1), options);
  storage.narrow(1, 0, source.size(1)).copy_(source);
  return {storage.data_ptr(), v.rows, v.cols, storage.stride(0), !v.col_major};
}

MatrixView aligned_operand(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage,
                           std::optional<bool> col_major) {
  if (col_major.has_value() && *col_major != v.col_major) return repack_transposed(v, options, storage);
  const int64_t element_size = static_cast<int64_t>(c10::elementSize(options.dtype().toScalarType()));
  return is_16_byte_aligned(v, element_size) ? v : repack_aligned(v, options, storage);
}

}  // namespace tiledmm::cuda
