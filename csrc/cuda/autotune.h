// The optional autotuner (TILEDMM_AUTOTUNE=1): instead of the planner's heuristic, time
// every kernel spec that may run a problem once, on the problem itself, and remember the
// fastest per (GPU, dtype, layout, shape bucket, TF32 setting), in memory and on disk
// (../autotune_cache.h). Shape buckets round M, N and K up to powers of two.
#pragma once

#include "planner.h"

#include <cuda_runtime.h>

#include <functional>
#include <string>

namespace tiledmm::cuda {

// The spec to run `shape` with. On a cache miss, calls launch(spec) for every candidate
// on `stream` (a warm-up, then timed runs between CUDA events) and synchronizes: the one
// costly call per bucket. Not used while `stream` is capturing a CUDA graph (the caller
// checks), where nothing may synchronize.
std::string autotuned_spec(const GemmShape& shape, const cudaDeviceProp& prop, cudaStream_t stream,
                           const std::function<void(const std::string& spec)>& launch);

}  // namespace tiledmm::cuda
