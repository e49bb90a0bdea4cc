#include "gemm_problem.h"

#include "kernel_registry.h"
#include "line_alignment.h"

#include <ATen/ATen.h>
#include <c10/util/Exception.h>

#include <algorithm>

namespace tiledmm {

bool is_supported_dtype(at::ScalarType dtype) {
  return dtype == at::kFloat || dtype == at::kDouble || dtype == at::kHalf ||
         dtype == at::kBFloat16;
}

namespace {

void check_operand(const at::Tensor& t, const char* name) {
  TORCH_CHECK(t.defined(), "tiledmm.gemm: operand ", name, " is an undefined tensor");
  TORCH_CHECK(t.layout() == at::kStrided, "tiledmm.gemm: operand ", name,
              " must be a dense (strided) tensor, got layout ", t.layout());
  TORCH_CHECK(t.dim() == 2, "tiledmm.gemm: operand ", name,
              " must be a 2-D matrix, got a ", t.dim(), "-D tensor of shape ", t.sizes());
  TORCH_CHECK(is_supported_dtype(t.scalar_type()), "tiledmm.gemm: unsupported dtype ",
              dtype_name(t.scalar_type()), " for operand ", name,
              "; supported: float32, float64, float16, bfloat16");
}

// Bytes from t's first element to the end of its storage: what a kernel may read past the
// view's own lines (the rest of a sliced tensor's rows).
int64_t bytes_to_storage_end(const at::Tensor& t) {
  if (!t.has_storage()) return 0;
  return static_cast<int64_t>(t.storage().nbytes()) - t.storage_offset() * static_cast<int64_t>(t.element_size());
}

// A view of `t` that kernels can read in place: row-major when the column stride is 1,
// column-major when the row stride is 1 (e.g. `w.t()`). Sizes of 1 make a stride
// irrelevant. Anything else (stride 0 from expand, two-dimensional gaps) is copied to
// contiguous memory held in `storage`.
MatrixView canonical_view(const at::Tensor& t, at::Tensor& storage) {
  const int64_t rows = t.size(0), cols = t.size(1);
  const int64_t s0 = t.stride(0), s1 = t.stride(1);
  MatrixView v;
  v.rows = rows;
  v.cols = cols;
  const bool unit_col_stride = cols <= 1 || s1 == 1;
  const bool unit_row_stride = rows <= 1 || s0 == 1;
  if (unit_col_stride && (rows <= 1 || s0 >= cols)) {
    v.col_major = false;
    v.ld = std::max<int64_t>({rows <= 1 ? cols : s0, cols, 1});
    v.data = t.data_ptr();
    v.readable_bytes = bytes_to_storage_end(t);
  } else if (unit_row_stride && (cols <= 1 || s1 >= rows)) {
    v.col_major = true;
    v.ld = std::max<int64_t>({cols <= 1 ? rows : s1, rows, 1});
    v.data = t.data_ptr();
    v.readable_bytes = bytes_to_storage_end(t);
  } else {
    storage = t.contiguous();
    v.col_major = false;
    v.ld = std::max<int64_t>(cols, 1);
    v.data = storage.data_ptr();
    v.readable_bytes = bytes_to_storage_end(storage);
  }
  return v;
}

}  // namespace

int64_t MatrixView::alignment_bytes(int64_t element_size) const {
  return line_alignment_bytes(data, ld * element_size);
}

bool MatrixView::lines_readable_to(int64_t elements, int64_t element_size) const {
  const int64_t lines = col_major ? cols : rows;
  if (lines == 0 || elements <= 0) return true;
  return elements <= ld && (lines - 1) * ld + elements <= readable_bytes / element_size;
}

GemmProblem make_gemm_problem(const at::Tensor& a, const at::Tensor& b,
                              std::optional<std::string_view> kernel) {
  check_operand(a, "a");
  check_operand(b, "b");
  TORCH_CHECK(a.scalar_type() == b.scalar_type(),
              "tiledmm.gemm: operands must have the same dtype, got a: ",
              dtype_name(a.scalar_type()), " and b: ", dtype_name(b.scalar_type()));
  TORCH_CHECK(a.device() == b.device(),
              "tiledmm.gemm: operands must be on the same device, got a on ", a.device(),
              " and b on ", b.device());
  TORCH_CHECK(a.size(1) == b.size(0),
              "tiledmm.gemm: inner sizes must agree (a is [M, K], b is [K, N]), got a: ",
              a.sizes(), " and b: ", b.sizes());

  GemmProblem p;
  p.m = a.size(0);
  p.k = a.size(1);
  p.n = b.size(1);
  p.dtype = a.scalar_type();
  if (kernel.has_value() && !kernel->empty() && *kernel != "auto") {
    require_kernel(*kernel, a.device().type(), p.dtype);
    p.kernel = std::string(*kernel);  // "name" or "name:config"
  }
  p.a = canonical_view(a, p.a_storage);
  p.b = canonical_view(b, p.b_storage);
  return p;
}

at::Tensor allocate_output(const GemmProblem& p, const at::Tensor& a) {
  return at::empty({p.m, p.n}, a.options().memory_format(at::MemoryFormat::Contiguous));
}

at::Tensor& epilogue_of_zeros(at::Tensor& c, const GemmProblem& p) {
  c.zero_();
  if (p.epilogue.bias != nullptr) c.add_(p.bias_storage);
  switch (p.epilogue.activation) {
    case Activation::kRelu: c.relu_(); break;
    case Activation::kGeluErf: c.copy_(at::gelu(c)); break;
    case Activation::kGeluTanh: c.copy_(at::gelu(c, "tanh")); break;
    case Activation::kSilu: c.copy_(at::silu(c)); break;
    default: break;
  }
  return c;
}

}  // namespace tiledmm
