// Host entry point of `few_rows` (few_rows.cu): C's last rows (1 to kFewRowsMax, row_tail.h)
// as dot products over B, launched on `blocks` blocks as a programmatic dependent of simt's
// tiled launch of C's first rows, beside it on the SMs that launch leaves idle. float32;
// `a` holds the rows' A (a.mn_from(first row)), `b` B as simt stages it, running along N;
// `c` the rows' first output, rows n apart. The problem's bias and activation applied.
#pragma once

#include "../../gemm_problem.h"
#include "../common/operand.cuh"
#include "../row_tail.h"

#include <cuda_runtime.h>

#include <cstdint>

namespace tiledmm::cuda {

void launch_few_rows(const GemmProblem& p, const KMnOperand<float>& a, const KMnOperand<float>& b, int64_t rows,
                     int blocks, float* c, cudaStream_t stream);

}  // namespace tiledmm::cuda
