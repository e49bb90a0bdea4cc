// The planner: a pure function from a problem description and a GPU description to the
// kernel variant and tile configuration to launch. No CUDA calls, so it runs (and is
// tested) on machines without a GPU, and `tiledmm.explain` shows the same choice.
#pragma once

#include "mma_configs.h"
#include "simt_configs.h"

#include <c10/core/ScalarType.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace tiledmm::cuda {

struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
  c10::ScalarType dtype = c10::kFloat;
  bool a_col_major = false;
  bool b_col_major = false;
};

struct GpuInfo {
  int compute_capability = 0;  // major * 10 + minor
  int sm_count = 0;
};

struct Plan {
  std::string kernel;  // a name from the kernel registry
  SimtConfigId simt_config = SimtConfigId::kFloat128x256;  // used when kernel == "simt"
  MmaConfigId mma_config = MmaConfigId::k128x128W64x64;     // used when kernel == "mma"
  std::string config;  // human-readable tile configuration
  std::string reason;  // why this choice, for explain and error messages
};

// `requested` is a kernel spec ("name" or "name:config") already validated against the
// registry, or empty.
Plan plan_gemm(const GemmShape& shape, const GpuInfo& gpu, std::string_view requested);

}  // namespace tiledmm::cuda
