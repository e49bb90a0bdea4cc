// Split-K: more blocks for problems with too few output tiles to fill the GPU (skinny
// and small products). `splits` blocks share each output tile, block z reducing the K
// rows [z * k_per_split, (z + 1) * k_per_split) into its own plane of a float32 (float64
// for float64) workspace [splits, M, pitch] (pitch >= N: split_k_pitch in gemm_cuda.cu;
// columns from N on are padding). reduce_split_k then sums the planes in the order
// z = 0, 1, ... and applies the epilogue: a fixed order and no atomics, so results are
// bitwise identical from run to run.
#pragma once

#include <cstdint>

namespace tiledmm::cuda {

struct SplitK {
  int splits = 1;
  int64_t k_per_split = 0;  // a multiple of the family's K step; all of K when splits == 1

  bool active() const { return splits > 1; }
};

}  // namespace tiledmm::cuda
