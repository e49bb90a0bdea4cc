#include "planner.h"

#include "../kernel_registry.h"

#include <c10/util/Exception.h>
#include <torch/library.h>

#include <sstream>

namespace tiledmm::cuda {

namespace {

int64_t ceil_div(int64_t x, int64_t y) { return (x + y - 1) / y; }

// fp32 tile: the largest tile that still keeps (nearly) every SM busy; larger tiles do
// more FMAs per shared-memory load (8x16 outputs per thread against 8x8 or 4x8). The
// 128x256 tile steps K by 32: measured fastest at 2048^3 and 4096^3 on an H200
// (bench/results/configs/), and 128 tiles on 132 SMs (2048^2) still count as full.
SimtConfigId pick_simt_config(const GemmShape& s, const GpuInfo& gpu, std::string& why) {
  if (s.dtype == c10::kDouble) {
    why = "float64 uses the double-precision simt tile";
    return SimtConfigId::kDouble64x64;
  }
  auto tiles = [&](SimtConfigId id) {
    const SimtTile& t = simt_tile(id);
    return ceil_div(s.m, t.block_m) * ceil_div(s.n, t.block_n);
  };
  std::ostringstream out;
  for (SimtConfigId id : {SimtConfigId::kFloat128x256K32, SimtConfigId::kFloat128x128}) {
    if (10 * tiles(id) >= 9 * gpu.sm_count) {
      out << tiles(id) << " tiles of " << simt_tile(id).block_m << "x" << simt_tile(id).block_n
          << " keep the " << gpu.sm_count << " SMs busy";
      why = out.str();
      return id;
    }
  }
  out << "only " << tiles(SimtConfigId::kFloat128x128) << " tiles of 128x128 for "
      << gpu.sm_count << " SMs: 64x64 tiles for more parallelism";
  why = out.str();
  return SimtConfigId::kFloat64x64;
}

MmaConfigId mma_config_by_name(std::string_view name) {
  for (int i = 0; i < static_cast<int>(MmaConfigId::kCount); ++i) {
    if (name == kMmaTiles[i].name) return static_cast<MmaConfigId>(i);
  }
  TORCH_CHECK(false, "tiledmm: unknown mma config '", name, "'");
}

SimtConfigId simt_config_by_name(std::string_view name, c10::ScalarType dtype) {
  std::string names;
  for (int i = 0; i < static_cast<int>(SimtConfigId::kCount); ++i) {
    const SimtTile& t = kSimtTiles[i];
    const bool dtype_matches = (std::string_view(t.name).substr(0, 3) == "f64") == (dtype == c10::kDouble);
    if (!dtype_matches) continue;
    if (name == t.name) return static_cast<SimtConfigId>(i);
    names += (names.empty() ? "" : ", ") + std::string(t.name);
  }
  TORCH_CHECK(false, "tiledmm: unknown simt config '", name, "' for ", dtype_name(dtype),
              "; available: ", names);
}

}  // namespace

Plan plan_gemm(const GemmShape& s, const GpuInfo& gpu, std::string_view requested) {
  Plan plan;
  const auto [requested_kernel, requested_config] = split_kernel_spec(requested);
  const bool simt_dtype = s.dtype == c10::kFloat || s.dtype == c10::kDouble;
  if (!requested.empty()) {
    plan.kernel = std::string(requested_kernel);
    plan.reason = "requested by name";
  } else if (simt_dtype && gpu.compute_capability >= 80) {
    plan.kernel = "simt";
    plan.reason = "IEEE " + dtype_name(s.dtype) + " on CUDA cores";
  } else if (gpu.compute_capability >= 80) {
    plan.kernel = "mma";
    plan.reason = dtype_name(s.dtype) + " on tensor cores (mma.sync), float32 accumulation";
  } else {
    plan.kernel = "classic16";
    plan.reason = "the simt and mma kernels need sm80+ (cp.async, mma.sync)";
  }
  if (plan.kernel == "simt") {
    std::string why;
    if (requested_config.empty()) {
      plan.simt_config = pick_simt_config(s, gpu, why);
    } else {
      plan.simt_config = simt_config_by_name(requested_config, s.dtype);
      why = "tile requested by name";
    }
    plan.config = simt_tile(plan.simt_config).name;
    plan.reason += "; " + why;
  } else if (plan.kernel == "mma") {
    // 4 warps of 64x64 in 128x128 blocks, 2 blocks per SM: measured fastest on an H200
    // at every shape and layout tried (bench/results/configs/bf16_mma_configs_*.json).
    plan.mma_config = requested_config.empty() ? MmaConfigId::k128x128W64x64
                                               : mma_config_by_name(requested_config);
    plan.config = mma_tile(plan.mma_config).name;
    if (!requested_config.empty()) plan.reason += "; tile requested by name";
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
    require_kernel(*kernel, c10::DeviceType::CUDA, dtype);
    requested = std::string(*kernel);
  }
  const Plan plan = plan_gemm(shape, gpu, requested);
  return {plan.kernel, plan.config, plan.reason};
}

// tiledmm::_tile_table: the tile configs of the simt and mma families, one row each:
// "name|block_m|block_n|block_k|warp_m|warp_n|thread_m|thread_n|stages|threads|min_blocks_per_sm|element_size|smem_bytes"
// (mma: thread_m x thread_n = the outputs one thread holds, spread over its fragments).
std::vector<std::string> tile_table_op() {
  std::vector<std::string> rows;
  for (const MmaTile& t : kMmaTiles) {
    std::ostringstream row;
    row << t.name << '|' << t.block_m << '|' << t.block_n << '|' << t.block_k << '|' << t.warp_m()
        << '|' << t.warp_n() << '|' << 2 * t.frags_m() << '|' << 2 * t.frags_n() << '|' << t.stages
        << '|' << t.threads() << '|' << t.min_blocks_per_sm << '|' << 2 << '|' << t.smem_bytes();
    rows.push_back(row.str());
  }
  for (int i = 0; i < static_cast<int>(SimtConfigId::kCount); ++i) {
    const SimtTile& t = kSimtTiles[i];
    const int element_size = std::string_view(t.name).substr(0, 3) == "f64" ? 8 : 4;
    std::ostringstream row;
    row << t.name << '|' << t.block_m << '|' << t.block_n << '|' << t.block_k << '|' << t.warp_m()
        << '|' << t.warp_n() << '|' << t.thread_m() << '|' << t.thread_n() << '|' << t.stages
        << '|' << t.threads() << '|' << t.min_blocks_per_sm << '|' << element_size << '|'
        << t.smem_bytes(element_size);
    rows.push_back(row.str());
  }
  return rows;
}

}  // namespace

TORCH_LIBRARY_FRAGMENT(tiledmm, m) {
  m.def("_tile_table() -> str[]", &tile_table_op);
  m.def(
      "_plan(int m, int n, int k, ScalarType dtype, bool a_col_major, bool b_col_major, "
      "int compute_capability, int sm_count, str? kernel=None) -> str[]",
      &plan_op);
}

}  // namespace tiledmm::cuda
