// The kernel variants this build contains: name, device, dtypes, minimum compute
// capability. `tiledmm.kernels()` and the `kernel=` argument both read this table.
#pragma once

#include <c10/core/DeviceType.h>
#include <c10/core/ScalarType.h>

#include <string>
#include <string_view>
#include <vector>

namespace tiledmm {

// torch's Python names: "float32", "bfloat16", "int32" (c10::toString gives "Float").
std::string dtype_name(c10::ScalarType dtype);

struct KernelInfo {
  std::string name;
  c10::DeviceType device;
  std::vector<c10::ScalarType> dtypes;
  int min_compute_capability;  // major * 10 + minor; 0 on the CPU
  std::string summary;
  // Tile configurations selectable as "name:config" (empty: the kernel has one shape).
  std::vector<std::string> configs = {};
  // Arch-specific code (sm_90a): runs on exactly min_compute_capability, not later GPUs.
  bool arch_specific = false;
  // Configs that run bfloat16 and float16 only (wgmma's ping-pong and C^T tiles).
  std::vector<std::string> sixteen_bit_configs = {};

  bool supports(c10::ScalarType dtype) const;
  // Whether `config` runs `dtype`: simt's are per dtype (f32_..., f64_...), some 16-bit only.
  bool config_supports(std::string_view config, c10::ScalarType dtype) const;
  // Whether a GPU of compute capability `cc` (major * 10 + minor) may run it.
  bool runs_on(int cc) const { return arch_specific ? cc == min_compute_capability : cc >= min_compute_capability; }
  std::string dtype_list() const;  // "float32, float64"
};

const std::vector<KernelInfo>& kernel_table();

// nullptr when the build has no kernel of that name.
const KernelInfo* find_kernel(std::string_view name);

// "classic16, simt, ..." for error messages.
std::string kernel_name_list();

// Splits "simt:f32_128x256..." into the kernel name and the config ("" when absent).
std::pair<std::string_view, std::string_view> split_kernel_spec(std::string_view spec);

// The kernel `spec` ("name" or "name:config") must exist, run on `device`, and support
// `dtype`, and the config must be one of the kernel's; otherwise a TORCH_CHECK error
// says which of these fails. The compute-capability check lives with the CUDA backend,
// which knows the GPU; whether a config suits the dtype, with the planner.
const KernelInfo& require_kernel(std::string_view spec, c10::DeviceType device,
                                 c10::ScalarType dtype);

}  // namespace tiledmm
