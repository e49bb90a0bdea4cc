// MatrixView::lines_readable_to (csrc/gemm_problem.h): the host rule that lets simt and mma
// stage each line's last vector whole past a ragged M/N edge (staged_in_whole_vectors). A line
// may be read that far only within its leading dimension and, for the last line, inside the
// tensor's storage. The views come from CPU tensors through make_gemm_problem, as a gemm
// call builds them: slices, a storage ending at the view's last element, storage offsets,
// column-major views, 16-bit elements, and the contiguous copy of a strided operand.
#include "gemm_problem.h"

#include <ATen/ATen.h>

#include <cstdio>
#include <optional>

namespace {

int checks = 0, failures = 0;

void expect(bool ok, const char* what) {
  ++checks;
  if (!ok) {
    ++failures;
    std::printf("FAIL %s\n", what);
  }
}

// `b` as gemm's operand B (and the view of it the kernels read).
tiledmm::MatrixView view_of(const at::Tensor& b) {
  return tiledmm::make_gemm_problem(at::zeros({1, b.size(0)}, b.options()), b, std::nullopt).b;
}

}  // namespace

int main() {
  const auto f32 = at::TensorOptions().dtype(at::kFloat);
  const auto bf16 = at::TensorOptions().dtype(at::kBFloat16);
  {  // 5 of 8 columns of a [3, 8] tensor: the storage holds every row's end
    const tiledmm::MatrixView v = view_of(at::zeros({3, 8}, f32).narrow(1, 0, 5));
    expect(!v.col_major && v.ld == 8 && v.readable_bytes == 3 * 8 * 4, "a slice: row-major, ld 8, the whole storage");
    expect(v.lines_readable_to(8, 4), "a slice's rows read to their leading dimension");
    expect(!v.lines_readable_to(9, 4), "a slice's rows not read past their leading dimension");
  }
  {  // the same rows with the storage ending at the last element: 2 * 8 + 5 elements
    const tiledmm::MatrixView v = view_of(at::zeros({21}, f32).as_strided({3, 5}, {8, 1}));
    expect(v.lines_readable_to(5, 4), "a tight storage read to the view's extent");
    expect(!v.lines_readable_to(6, 4), "a tight storage not read past the view's last element");
    const tiledmm::MatrixView w = view_of(at::zeros({22}, f32).as_strided({3, 5}, {8, 1}));
    expect(w.lines_readable_to(6, 4) && !w.lines_readable_to(7, 4), "one element more of storage, one more readable");
  }
  {  // a storage offset: columns 2..6 of [3, 8]; the last row may run to the storage's end
    const tiledmm::MatrixView v = view_of(at::zeros({3, 8}, f32).narrow(1, 2, 5));
    expect(v.readable_bytes == (3 * 8 - 2) * 4, "an offset view's bytes to the storage end");
    expect(v.lines_readable_to(6, 4) && !v.lines_readable_to(7, 4), "an offset view read to its storage end");
  }
  {  // column-major: w.t() of 6 of 8 columns of a [4, 8] tensor, lines of 6 along B's K
    const tiledmm::MatrixView v = view_of(at::zeros({4, 8}, f32).narrow(1, 0, 6).t());
    expect(v.col_major && v.ld == 8 && v.rows == 6 && v.cols == 4, "a transposed slice: column-major, ld 8");
    expect(v.lines_readable_to(8, 4) && !v.lines_readable_to(9, 4), "a column-major slice read to its ld");
  }
  {  // 16-bit elements: the storage's bytes counted in 2-byte elements
    const tiledmm::MatrixView v = view_of(at::zeros({2 * 16 + 9}, bf16).as_strided({3, 9}, {16, 1}));
    expect(v.lines_readable_to(9, 2) && !v.lines_readable_to(10, 2), "bf16, tight storage");
    const tiledmm::MatrixView w = view_of(at::zeros({3, 16}, bf16).narrow(1, 0, 9));
    expect(w.lines_readable_to(16, 2), "bf16 slice to its leading dimension");
  }
  {  // strided both ways: gemm reads a contiguous copy, exactly its own elements
    const tiledmm::MatrixView v = view_of(at::zeros({6, 10}, f32).slice(0, 0, 6, 2).slice(1, 0, 10, 2));
    expect(!v.col_major && v.ld == 5 && v.readable_bytes == 3 * 5 * 4, "a copied operand: its own storage");
    expect(v.lines_readable_to(5, 4) && !v.lines_readable_to(6, 4), "a copied operand read to its extent only");
  }
  {  // no lines: nothing is read
    const tiledmm::MatrixView v = view_of(at::zeros({0, 7}, f32));
    expect(v.lines_readable_to(8, 4), "an empty operand");
  }
  std::printf("%d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
