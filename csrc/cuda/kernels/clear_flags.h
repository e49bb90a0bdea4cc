// Host entry points of clear_flags.cu: the hand-over flags of a split last wave
// (common/tile_partials.cuh), reading 0 when the GEMM that raises and waits on them starts.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace tiledmm::cuda {

// Zeroes flags[0 .. count) on `stream`, launched as a programmatic dependent of the kernel
// ahead of it. The GEMM must follow as a programmatic dependent of this launch: it may be
// placed on the GPU at once and waits (wait_for_prior_kernel) only before its first access
// to global memory, so its launch and setup overlap the zeroing.
void clear_flags(int* flags, int64_t count, cudaStream_t stream);

// At least `count` flags that read 0 for a launch on `stream` (on the current device),
// with no launch to zero them: a buffer per device and stream, zeroed once, which every
// launch leaves zeroed (each head clears the flags it waited on, TilePartials::add). The
// stream orders its launches, so two never share the buffer at once. Null while `stream`
// is capturing a CUDA graph: a graph's launches may replay on any stream, beside other
// work captured from the same one, so they take fresh flags and clear_flags.
int* standing_flags(int64_t count, cudaStream_t stream);

}  // namespace tiledmm::cuda
