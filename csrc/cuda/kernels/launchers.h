// Host entry points of the kernel families, one per file in this folder. Each takes a
// checked problem with non-empty M, N, K and writes the contiguous [M, N] output `c`
// on `stream`.
#pragma once

#include "../../gemm_problem.h"
#include "../planner.h"

#include <ATen/core/Tensor.h>
#include <cuda_runtime.h>

namespace tiledmm::cuda {

void launch_classic16(const GemmProblem& p, at::Tensor& c, cudaStream_t stream);
void launch_simt(const GemmProblem& p, SimtConfigId config, at::Tensor& c, cudaStream_t stream);

}  // namespace tiledmm::cuda
