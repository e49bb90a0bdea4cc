#include "autotune.h"

#include "../autotune_cache.h"
#include "../kernel_registry.h"

#include <c10/cuda/CUDAException.h>

#include <algorithm>
#include <limits>
#include <sstream>
#include <vector>

namespace tiledmm::cuda {

namespace {

int log2_ceil(int64_t x) {
  int bits = 0;
  while ((int64_t{1} << bits) < x) ++bits;
  return bits;
}

std::string bucket_key(const GemmShape& s, const cudaDeviceProp& prop) {
  std::ostringstream key;
  key << prop.name << "|sm" << prop.major << prop.minor << "x" << prop.multiProcessorCount << "|"
      << dtype_name(s.dtype) << "|" << (s.a_col_major ? 't' : 'n') << (s.b_col_major ? 't' : 'n') << "|m2^"
      << log2_ceil(s.m) << "|n2^" << log2_ceil(s.n) << "|k2^" << log2_ceil(s.k) << "|tf32="
      << (s.allow_tf32 ? 1 : 0);
  return key.str();
}

// Every "name" and "name:config" that may run this problem here without changing its
// numerics: float32 goes to TF32 tensor cores only when TF32 is allowed.
std::vector<std::string> candidates(const GemmShape& s, const cudaDeviceProp& prop) {
  const int cc = prop.major * 10 + prop.minor;
  std::vector<std::string> specs;
  for (const KernelInfo& info : kernel_table()) {
    if (info.device != c10::DeviceType::CUDA || !info.supports(s.dtype) || !info.runs_on(cc)) continue;
    const bool tensor_cores = info.name == "wgmma" || info.name == "mma";  // float32 runs there as TF32
    if (tensor_cores && s.dtype == c10::kFloat && !s.allow_tf32) continue;
    if (info.configs.empty()) {
      specs.push_back(info.name);
      continue;
    }
    for (const std::string& config : info.configs) {
      if (info.config_supports(config, s.dtype)) specs.push_back(info.name + ":" + config);
    }
  }
  return specs;
}

// Median of `runs` timed launches after one warm-up, in milliseconds.
float time_ms(const std::function<void(const std::string&)>& launch, const std::string& spec, cudaStream_t stream) {
  constexpr int kRuns = 5;
  cudaEvent_t events[kRuns + 1];
  for (auto& e : events) C10_CUDA_CHECK(cudaEventCreate(&e));
  launch(spec);
  C10_CUDA_CHECK(cudaEventRecord(events[0], stream));
  for (int r = 0; r < kRuns; ++r) {
    launch(spec);
    C10_CUDA_CHECK(cudaEventRecord(events[r + 1], stream));
  }
  C10_CUDA_CHECK(cudaEventSynchronize(events[kRuns]));
  std::vector<float> times(kRuns);
  for (int r = 0; r < kRuns; ++r) C10_CUDA_CHECK(cudaEventElapsedTime(&times[r], events[r], events[r + 1]));
  for (auto& e : events) C10_CUDA_CHECK(cudaEventDestroy(e));
  std::nth_element(times.begin(), times.begin() + kRuns / 2, times.end());
  return times[kRuns / 2];
}

}  // namespace

std::string autotuned_spec(const GemmShape& shape, const cudaDeviceProp& prop, cudaStream_t stream,
                           const std::function<void(const std::string& spec)>& launch) {
  const std::string path = autotune_cache_path();
  const std::string key = bucket_key(shape, prop);
  if (auto known = autotune_lookup(path, key)) return *known;
  std::string best;
  float best_ms = std::numeric_limits<float>::infinity();
  for (const std::string& spec : candidates(shape, prop)) {
    const float ms = time_ms(launch, spec, stream);
    if (ms < best_ms) best_ms = ms, best = spec;
  }
  autotune_remember(path, key, best);
  return best;
}

}  // namespace tiledmm::cuda
