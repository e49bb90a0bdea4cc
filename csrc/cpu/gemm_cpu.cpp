// CPU backend of tiledmm::gemm: a cache-blocked GEMM, parallel over output tiles.
//
// Each task owns one kMc x kNc tile of C. For every kKc-deep slice of K it packs the A
// block and the B block into small contiguous buffers (converted to the accumulator
// type, whatever the operand layout), so the inner loop streams unit-stride rows that
// fit in L1/L2 and that the compiler vectorizes.
#include "../gemm_problem.h"
#include "../linear.h"

#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <torch/library.h>

#include <algorithm>
#include <vector>

namespace tiledmm::cpu {

namespace {

constexpr int64_t kMc = 64;   // rows of a C tile
constexpr int64_t kNc = 256;  // columns of a C tile
constexpr int64_t kKc = 256;  // depth of a packed K slice

template <typename T>
struct CpuAccumulator {
  using type = float;  // half types and float32 accumulate in float32
};
template <>
struct CpuAccumulator<double> {
  using type = double;
};

template <typename T>
T element(const MatrixView& v, int64_t r, int64_t c) {
  const T* data = static_cast<const T*>(v.data);
  return v.col_major ? data[r + c * v.ld] : data[r * v.ld + c];
}

template <typename T>
void blocked_gemm(const GemmProblem& p, T* c) {
  using Acc = typename CpuAccumulator<T>::type;
  const int64_t tiles_m = (p.m + kMc - 1) / kMc;
  const int64_t tiles_n = (p.n + kNc - 1) / kNc;
  at::parallel_for(0, tiles_m * tiles_n, 1, [&](int64_t begin, int64_t end) {
    // Sized to the problem, not the full tile: a tiny gemm should not pay for 384 KB of
    // zeroed buffers per call.
    const int64_t mc_max = std::min(kMc, p.m), nc_max = std::min(kNc, p.n), kc_max = std::min(kKc, p.k);
    std::vector<Acc> a_pack(mc_max * kc_max), b_pack(kc_max * nc_max), c_tile(mc_max * nc_max);
    for (int64_t t = begin; t < end; ++t) {
      const int64_t m0 = (t / tiles_n) * kMc, n0 = (t % tiles_n) * kNc;
      const int64_t mc = std::min(kMc, p.m - m0), nc = std::min(kNc, p.n - n0);
      std::fill(c_tile.begin(), c_tile.end(), Acc(0));
      for (int64_t k0 = 0; k0 < p.k; k0 += kKc) {
        const int64_t kc = std::min(kKc, p.k - k0);
        for (int64_t i = 0; i < mc; ++i)
          for (int64_t kk = 0; kk < kc; ++kk)
            a_pack[i * kc_max + kk] = static_cast<Acc>(element<T>(p.a, m0 + i, k0 + kk));
        for (int64_t kk = 0; kk < kc; ++kk)
          for (int64_t j = 0; j < nc; ++j)
            b_pack[kk * nc_max + j] = static_cast<Acc>(element<T>(p.b, k0 + kk, n0 + j));
        for (int64_t i = 0; i < mc; ++i) {
          // Unit-stride rows without aliasing: the compiler vectorizes the j loop.
          Acc* __restrict__ c_row = c_tile.data() + i * nc_max;
          for (int64_t kk = 0; kk < kc; ++kk) {
            const Acc a_ik = a_pack[i * kc_max + kk];
            const Acc* __restrict__ b_row = b_pack.data() + kk * nc_max;
            for (int64_t j = 0; j < nc; ++j) c_row[j] += a_ik * b_row[j];
          }
        }
      }
      // Epilogue: bias + activation in the accumulator type, one rounding to T.
      const T* bias = static_cast<const T*>(p.epilogue.bias);
      for (int64_t i = 0; i < mc; ++i)
        for (int64_t j = 0; j < nc; ++j) {
          Acc v = c_tile[i * nc_max + j];
          if (bias != nullptr) v += static_cast<Acc>(bias[n0 + j]);
          c[(m0 + i) * p.n + n0 + j] = static_cast<T>(activate(v, p.epilogue.activation));
        }
    }
  });
}

at::Tensor run_cpu(const GemmProblem& p, const at::Tensor& a) {
  at::Tensor c = allocate_output(p, a);
  if (p.m == 0 || p.n == 0) return c;
  if (p.k == 0) return epilogue_of_zeros(c, p);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, p.dtype, "tiledmm_gemm_cpu",
                                  [&] { blocked_gemm<scalar_t>(p, c.data_ptr<scalar_t>()); });
  return c;
}

at::Tensor gemm_cpu(const at::Tensor& a, const at::Tensor& b, std::optional<std::string_view> kernel) {
  return run_cpu(make_gemm_problem(a, b, kernel), a);
}

at::Tensor linear_cpu(const at::Tensor& x, const at::Tensor& weight, const std::optional<at::Tensor>& bias,
                      std::string_view activation, std::optional<std::string_view> kernel) {
  const LinearProblem lp = make_linear_problem(x, weight, bias, activation, kernel);
  return run_cpu(lp.gemm, lp.x_rows).view(lp.output_shape);
}

}  // namespace

TORCH_LIBRARY_IMPL(tiledmm, CPU, m) {
  m.impl("gemm", &gemm_cpu);
  m.impl("linear", &linear_cpu);
}

}  // namespace tiledmm::cpu
