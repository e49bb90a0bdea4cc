// Host entry points of the kernel families, one per file in this folder. Each takes a
// checked problem with non-empty M, N, K and launches on `stream`. Without split-K `out`
// is the contiguous [M, N] output C; with split-K (split_k.h) it is the float32 (float64
// for float64) workspace [splits, M, pitch] of partial sums, and reduce_split_k finishes C.
// A family reads the pitch as out.size(-1) (N for C); only simt and mma get a pitch
// other than N (split_k_pitch).
#pragma once

#include "../../gemm_problem.h"
#include "../mma_configs.h"
#include "../simt_configs.h"
#include "../skinny_configs.h"
#include "../split_k.h"
#include "../last_wave_split.h"
#include "../wgmma_configs.h"

#include <ATen/core/Tensor.h>
#include <c10/util/ArrayRef.h>
#include <cuda_runtime.h>

namespace tiledmm::cuda {

void launch_classic16(const GemmProblem& p, at::Tensor& c, cudaStream_t stream);
// simt runs C in bands of rows, one launch each: all of C, or its first rows and a tail
// (row_tail.h). A band's `out` is its rows of C, or with split-K its own planes
// [splits, rows, pitch]; the operands are staged once for every band. A band with
// beside_blocks runs as few_rows dot products (no split) beside the band before it.
struct SimtBand {
  int64_t first_row = 0, rows = 0;
  SimtConfigId config = SimtConfigId::kFloat128x256;
  SplitK split;
  at::Tensor out;
  int beside_blocks = 0;
};
void launch_simt(const GemmProblem& p, c10::ArrayRef<SimtBand> bands, cudaStream_t stream);
void launch_mma(const GemmProblem& p, MmaConfigId config, const SplitK& split, at::Tensor& out,
                cudaStream_t stream);
// bfloat16 / float16 with one small side (skinny_configs.h); any shape runs.
void launch_skinny(const GemmProblem& p, SkinnyConfigId config, const SplitK& split, at::Tensor& out,
                   cudaStream_t stream);
// sm_90a only; float32 inputs run as TF32, computing C^T when `c_transposed` (B row-major).
// last_wave (last_wave_split.h) only without split-K.
void launch_wgmma(const GemmProblem& p, WgmmaConfigId config, bool c_transposed, const SplitK& split,
                  const LastWaveSplit& last_wave, at::Tensor& out, cudaStream_t stream);

// C = epilogue(sum of the split-K planes of `partials`, in plane order).
void reduce_split_k(const at::Tensor& partials, const GemmProblem& p, at::Tensor& c, cudaStream_t stream);

// Compiled resources (registers, local memory, ...) of the kernel a plan would launch,
// for `tiledmm.explain`. Need a GPU (a CUDA context).
cudaFuncAttributes classic16_kernel_attributes(at::ScalarType dtype);
cudaFuncAttributes mma_kernel_attributes(at::ScalarType dtype, MmaConfigId config, bool a_col_major,
                                         bool b_col_major);
cudaFuncAttributes wgmma_kernel_attributes(at::ScalarType dtype, WgmmaConfigId config, bool a_col_major,
                                           bool b_col_major);
// small_rows: rows of the small operand, which picks the instance.
cudaFuncAttributes skinny_kernel_attributes(at::ScalarType dtype, SkinnyConfigId config, int64_t small_rows);
cudaFuncAttributes simt_kernel_attributes(at::ScalarType dtype, SimtConfigId config,
                                          bool a_col_major, bool b_col_major);

}  // namespace tiledmm::cuda
