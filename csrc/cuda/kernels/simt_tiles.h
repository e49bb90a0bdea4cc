// The simt family per tile config: host templates defined in simt_launch.cuh and
// instantiated once per config in simt_tiles/*.cu, so that the configs' kernels compile as
// separate (parallel) translation units. In one file, simt.cu's 126 kernel instances were the
// build's longest step: 626 s of nvcc on one core against 187 s for wgmma_bf16.cu, the end of
// every device build (bench/NOTES.md, session 72).
#pragma once

#include "../../gemm_problem.h"
#include "../common/operand.cuh"
#include "../common/tile_stager.cuh"
#include "../simt_configs.h"
#include "../split_k.h"

#include <ATen/core/Tensor.h>
#include <cuda_runtime.h>

#include <cstdint>

namespace tiledmm::cuda::simt_detail {

// How the kernel stages an operand's tiles: 16-byte copies of rows along MN that are
// 16-byte aligned, else element by element (along MN or, transposing, along K).
template <typename T>
StageMode stage_mode(const KMnOperand<T>& op) {
  if (!op.mn_contiguous) return StageMode::kScalarAlongK;
  const bool aligned = reinterpret_cast<uintptr_t>(op.data) % 16 == 0 &&
                       (op.ld * static_cast<int64_t>(sizeof(T))) % 16 == 0;
  return aligned ? StageMode::kVector : StageMode::kScalarAlongMn;
}

// One band of C's rows (launchers.h): `a` holds its rows of A, `m` of them. `out`: those
// rows of C, or with split-K the band's partial planes, rows padded to whole vectors (T is
// already the accumulator type, so they take the same kernel, without an epilogue).
// `rows_run_beside`: the next band runs beside this one (few_rows.cu). `behind_copy`: the
// kernel ahead in the stream is our operand copy (dependent_launch.h).
// Launched on config kConfig's kernel, with the problem's bias and activation (split-K
// partials: none, reduce_split_k applies them).
template <typename T, SimtConfigId kConfig>
void launch_tile(const GemmProblem& p, const KMnOperand<T>& a, const KMnOperand<T>& b, int64_t m,
                 const SplitK& split, at::Tensor& out, bool rows_run_beside, bool behind_copy, cudaStream_t stream);

// Compiled resources of config kConfig's kernel (no activation) for the operands' stage modes.
template <typename T, SimtConfigId kConfig>
cudaFuncAttributes tile_attributes(StageMode mode_a, StageMode mode_b);

// One tile config's instances, in its file under simt_tiles/.
#define TILEDMM_SIMT_TILE_INSTANCES(T, config)                                                                 \
  template void launch_tile<T, config>(const GemmProblem&, const KMnOperand<T>&, const KMnOperand<T>&, int64_t, \
                                       const SplitK&, at::Tensor&, bool, bool, cudaStream_t);                  \
  template cudaFuncAttributes tile_attributes<T, config>(StageMode, StageMode);

}  // namespace tiledmm::cuda::simt_detail
