#include "kernel_registry.h"

#include "cuda/mma_configs.h"
#include "cuda/simt_configs.h"
#include "cuda/skinny_configs.h"
#include "cuda/wgmma_configs.h"

#include <c10/util/Exception.h>

#include <sstream>

namespace tiledmm {

namespace {
constexpr c10::ScalarType kAllDtypes[] = {c10::kFloat, c10::kDouble, c10::kHalf,
                                          c10::kBFloat16};

std::vector<KernelInfo> build_table() {
  const std::vector<c10::ScalarType> all(std::begin(kAllDtypes), std::end(kAllDtypes));
  std::vector<KernelInfo> table = {
      {"cpu_blocked", c10::DeviceType::CPU, all, 0,
       "cache-blocked tiles packed per thread, parallel over output tiles (at::parallel_for)"},
  };
#ifdef TILEDMM_WITH_CUDA
  table.push_back({"classic16", c10::DeviceType::CUDA, all, 0,
                   "textbook 16x16 shared-memory tiles, one output per thread"});
  std::vector<std::string> mma_configs;
  for (const auto& tile : cuda::kMmaTiles) mma_configs.emplace_back(tile.name);
  table.push_back({"mma", c10::DeviceType::CUDA, {c10::kHalf, c10::kBFloat16, c10::kFloat}, 80,
                   "tensor cores through mma.sync m16n8k16 (m16n8k8 TF32 for float32; float32 "
                   "accumulation), ldmatrix from padded shared rows, cp.async multi-stage pipeline, "
                   "grouped tile order",
                   mma_configs});
  std::vector<std::string> skinny_configs;
  for (const auto& tile : cuda::kSkinnyTiles) skinny_configs.emplace_back(tile.name);
  table.push_back({"skinny", c10::DeviceType::CUDA, {c10::kHalf, c10::kBFloat16}, 80,
                   "products with one small side (decode): streams the large operand in place "
                   "straight into mma.sync fragments (16-byte loads along K, K permuted per chunk; "
                   "or 8-byte loads of 4 rows paired by byte permutes), warps split K and meet in "
                   "shared memory; any shape runs, 32 small rows per block",
                   skinny_configs});
#ifdef TILEDMM_WITH_SM90A
  std::vector<std::string> wgmma_configs, sixteen_bit_configs;
  for (const auto& tile : cuda::kWgmmaTiles) {
    wgmma_configs.emplace_back(tile.name);
    if (tile.sixteen_bit_only()) sixteen_bit_configs.emplace_back(tile.name);  // ping-pong, C^T
  }
  table.push_back({"wgmma", c10::DeviceType::CUDA, {c10::kHalf, c10::kBFloat16, c10::kFloat}, 90,
                   "Hopper tensor cores: TMA bulk copies into swizzled shared memory, wgmma from "
                   "warp-specialized consumer warpgroups (cooperative or ping-pong), persistent grid "
                   "(float32 runs as TF32)",
                   wgmma_configs, /*arch_specific=*/true, sixteen_bit_configs});
#endif
  std::vector<std::string> simt_configs;
  for (const auto& tile : cuda::kSimtTiles) simt_configs.emplace_back(tile.name);
  table.push_back({"simt", c10::DeviceType::CUDA, {c10::kFloat, c10::kDouble}, 80,
                   "block/warp/thread tiling on CUDA cores, cp.async multi-stage pipeline, "
                   "128-bit loads, grouped tile order",
                   simt_configs});
#endif
  return table;
}
}  // namespace

std::string dtype_name(c10::ScalarType dtype) { return c10::getDtypeNames(dtype).first; }

bool KernelInfo::supports(c10::ScalarType dtype) const {
  for (auto d : dtypes) {
    if (d == dtype) return true;
  }
  return false;
}

bool KernelInfo::config_supports(std::string_view config, c10::ScalarType dtype) const {
  if (config.rfind("f64_", 0) == 0) return dtype == c10::kDouble;
  if (config.rfind("f32_", 0) == 0) return dtype == c10::kFloat;
  for (const std::string& c : sixteen_bit_configs) {
    if (c == config) return dtype == c10::kBFloat16 || dtype == c10::kHalf;
  }
  return supports(dtype);
}

std::string KernelInfo::dtype_list() const {
  std::ostringstream out;
  for (size_t i = 0; i < dtypes.size(); ++i) {
    out << (i ? ", " : "") << dtype_name(dtypes[i]);
  }
  return out.str();
}

const std::vector<KernelInfo>& kernel_table() {
  static const std::vector<KernelInfo> table = build_table();
  return table;
}

const KernelInfo* find_kernel(std::string_view name) {
  for (const auto& info : kernel_table()) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

std::string kernel_name_list() {
  std::ostringstream out;
  const auto& table = kernel_table();
  for (size_t i = 0; i < table.size(); ++i) {
    out << (i ? ", " : "") << table[i].name;
  }
  return out.str();
}

std::pair<std::string_view, std::string_view> split_kernel_spec(std::string_view spec) {
  const size_t colon = spec.find(':');
  if (colon == std::string_view::npos) return {spec, {}};
  return {spec.substr(0, colon), spec.substr(colon + 1)};
}

const KernelInfo& require_kernel(std::string_view spec, c10::DeviceType device,
                                 c10::ScalarType dtype) {
  const auto [name, config] = split_kernel_spec(spec);
  const KernelInfo* info = find_kernel(name);
  TORCH_CHECK(info != nullptr, "tiledmm.gemm: unknown kernel '", name,
              "'; this build has: ", kernel_name_list());
  TORCH_CHECK(info->device == device, "tiledmm.gemm: kernel '", name, "' runs on ",
              c10::DeviceTypeName(info->device, /*lower_case=*/true),
              " tensors, but the inputs are on ", c10::DeviceTypeName(device, true));
  TORCH_CHECK(info->supports(dtype), "tiledmm.gemm: kernel '", name, "' supports ",
              info->dtype_list(), ", not ", dtype_name(dtype));
  if (!config.empty()) {
    bool known = false;
    std::string list;
    for (const auto& c : info->configs) {
      known = known || c == config;
      list += (list.empty() ? "" : ", ") + c;
    }
    TORCH_CHECK(known, "tiledmm.gemm: kernel '", name, "' has no config '", config, "'",
                list.empty() ? std::string("; it has a single configuration") : "; its configs: " + list);
  }
  return *info;
}

}  // namespace tiledmm
