#include "planner.h"

#include "../kernel_registry.h"

#include <torch/library.h>

#include <sstream>

namespace tiledmm::cuda {

namespace {

int64_t ceil_div(int64_t x, int64_t y) { return (x + y - 1) / y; }

// fp32 tile: the 128x128 tile when it fills at least one wave of the GPU, else the
// 64x64 tile, which makes four times as many blocks for small or skinny outputs.
SimtConfigId pick_simt_config(const GemmShape& s, const GpuInfo& gpu, std::string& why) {
  if (s.dtype == c10::kDouble) {
    why = "float64 uses the double-precision simt tile";
    return SimtConfigId::kDouble64x64;
  }
  const auto& large = simt_tile(SimtConfigId::kFloat128x128);
  const int64_t large_tiles = ceil_div(s.m, large.block_m) * ceil_div(s.n, large.block_n);
  std::ostringstream out;
  if (large_tiles >= gpu.sm_count) {
    out << large_tiles << " tiles of 128x128 fill the " << gpu.sm_count << " SMs";
    why = out.str();
    return SimtConfigId::kFloat128x128;
  }
  out << "only " << large_tiles << " tiles of 128x128 for " << gpu.sm_count
      << " SMs: smaller 64x64 tiles for more parallelism";
  why = out.str();
  return SimtConfigId::kFloat64x64;
}

}  // namespace

Plan plan_gemm(const GemmShape& s, const GpuInfo& gpu, std::string_view requested) {
  Plan plan;
  const bool simt_dtype = s.dtype == c10::kFloat || s.dtype == c10::kDouble;
  if (!requested.empty()) {
    plan.kernel = std::string(requested);
    plan.reason = "requested by name";
  } else if (simt_dtype && gpu.compute_capability >= 80) {
    plan.kernel = "simt";
    plan.reason = "IEEE " + dtype_name(s.dtype) + " on CUDA cores";
  } else {
    plan.kernel = "classic16";
    plan.reason = simt_dtype ? "the simt kernel needs cp.async (sm80+)"
                             : "no tensor-core kernel in this build yet for " + dtype_name(s.dtype);
  }
  if (plan.kernel == "simt") {
    std::string why;
    plan.simt_config = pick_simt_config(s, gpu, why);
    plan.config = simt_tile(plan.simt_config).name;
    plan.reason += "; " + why;
  } else if (plan.kernel == "classic16") {
    plan.config = "16x16 tile, 1 output per thread";
  }
  return plan;
}

namespace {

// tiledmm::_plan: the planner's choice for a described problem and GPU, without a GPU.
std::vector<std::string> plan_op(int64_t m, int64_t n, int64_t k, c10::ScalarType dtype,
                                 bool a_col_major, bool b_col_major, int64_t compute_capability,
                                 int64_t sm_count, std::optional<std::string_view> kernel) {
  GemmShape shape{m, n, k, dtype, a_col_major, b_col_major};
  GpuInfo gpu{static_cast<int>(compute_capability), static_cast<int>(sm_count)};
  std::string requested;
  if (kernel.has_value() && !kernel->empty() && *kernel != "auto") {
    requested = std::string(require_kernel(*kernel, c10::DeviceType::CUDA, dtype).name);
  }
  const Plan plan = plan_gemm(shape, gpu, requested);
  return {plan.kernel, plan.config, plan.reason};
}

}  // namespace

TORCH_LIBRARY_FRAGMENT(tiledmm, m) {
  m.def(
      "_plan(int m, int n, int k, ScalarType dtype, bool a_col_major, bool b_col_major, "
      "int compute_capability, int sm_count, str? kernel=None) -> str[]",
      &plan_op);
}

}  // namespace tiledmm::cuda
