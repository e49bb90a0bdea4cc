// Host entry point of `clear_flags` (clear_flags.cu): zeroes the hand-over flags of a split
// last wave (common/tile_partials.cuh) ahead of the GEMM that raises and waits on them.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace tiledmm::cuda {

// Zeroes flags[0 .. count) on `stream`, launched as a programmatic dependent of the kernel
// ahead of it. The GEMM must follow as a programmatic dependent of this launch: it may be
// placed on the GPU at once and waits (wait_for_prior_kernel) only before its first access
// to global memory, so its launch and setup overlap the zeroing.
void clear_flags(int* flags, int64_t count, cudaStream_t stream);

}  // namespace tiledmm::cuda
