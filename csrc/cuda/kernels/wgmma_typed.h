// The wgmma family per element type: templates defined in wgmma_kernel.cuh and
// instantiated once each in wgmma_{bf16,fp16,tf32}.cu, so the three dtypes' kernels
// compile as separate (parallel) translation units.
#pragma once

#include "../../gemm_problem.h"
#include "../split_k.h"
#include "../last_wave_split.h"
#include "../wgmma_configs.h"

#include <ATen/core/Tensor.h>
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <cuda_runtime.h>

namespace tiledmm::cuda::wgmma_detail {

// T: c10::BFloat16 or c10::Half.
template <typename T>
void launch_typed(const GemmProblem& p, WgmmaConfigId config, const SplitK& split, const LastWaveSplit& last_wave,
                  at::Tensor& out, cudaStream_t stream);

// float32 computed as TF32; C^T when `c_transposed` (the planner's choice for a row-major B).
void launch_tf32(const GemmProblem& p, WgmmaConfigId config, bool c_transposed, const SplitK& split,
                 const LastWaveSplit& last_wave, at::Tensor& out, cudaStream_t stream);

template <typename T>
cudaFuncAttributes kernel_attributes(WgmmaConfigId config, bool a_col_major, bool b_col_major);

#define TILEDMM_WGMMA_INSTANCES(extern_, T)                                                                \
  extern_ template void launch_typed<T>(const GemmProblem&, WgmmaConfigId, const SplitK&, const LastWaveSplit&, \
                                        at::Tensor&, cudaStream_t);                                    \
  extern_ template cudaFuncAttributes kernel_attributes<T>(WgmmaConfigId, bool, bool);

TILEDMM_WGMMA_INSTANCES(extern, c10::BFloat16)
TILEDMM_WGMMA_INSTANCES(extern, c10::Half)
extern template cudaFuncAttributes kernel_attributes<float>(WgmmaConfigId, bool, bool);

}  // namespace tiledmm::cuda::wgmma_detail
