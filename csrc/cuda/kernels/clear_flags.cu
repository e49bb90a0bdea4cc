// A split last wave's flags (common/tile_partials.cuh) must read 0 before its GEMM starts.
// A cudaMemsetAsync did that, but the GEMM then launched only after the memset had finished
// (~1 µs of kernel time and a launch gap per call). This one-block kernel lets the GEMM be
// placed at its start instead (allow_dependent_launch), so only the zeroing itself stands
// between the two, under the GEMM's own setup.
#include "clear_flags.h"

#include "dependent_launch.h"

#include "../common/ptx.cuh"

#include <c10/cuda/CUDAException.h>

namespace tiledmm::cuda {

namespace {

constexpr int kClearThreads = 256;

__global__ void __launch_bounds__(kClearThreads) clear_flags_kernel(int* __restrict__ flags, int64_t count) {
  allow_dependent_launch();  // the GEMM may be placed now; it waits for this grid to finish
  // The flags are fresh workspace whose memory the kernel ahead may still be writing (a
  // caching-allocator block it used and freed): wait for it before writing.
  wait_for_prior_kernel();
  for (int64_t i = threadIdx.x; i < count; i += kClearThreads) flags[i] = 0;
}

}  // namespace

void clear_flags(int* flags, int64_t count, cudaStream_t stream) {
  launch_after_prior_kernel(clear_flags_kernel, dim3(1), dim3(kClearThreads), 0, stream, /*programmatic=*/true,
                            flags, count);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

}  // namespace tiledmm::cuda
