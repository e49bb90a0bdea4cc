// Launching a kernel as a programmatic dependent of the kernel ahead of it in the stream
// (sm_90+): the GPU may start launching it once that kernel's blocks have all exited, while
// their writes are still being made visible, instead of after; the kernel's threads wait
// for them in wait_for_prior_kernel() (ptx.cuh) and set up before that. The GEMM after an
// operand copy and the split-K reduction after its GEMM start ~1 µs sooner this way
// (bench/NOTES.md, session 23).
// wgmma launches so behind any kernel (session 77; behind a memset, plainly), simt only
// behind our own operand copy, mma plainly. No copy signals an earlier start: with the copy
// signalling (griddepcontrol.launch_dependents) at its own start, the GEMM's blocks were
// placed while the copy still ran and the GEMM took 40 us longer at 4097 x 4095 x 4093
// (cause not found). `skinny` launches so always: its blocks only prefetch W into L2 before
// waiting, and it signals after its main loop, so that a decode step's next product is
// placed as this one's blocks leave (session 29); a one-wave grid of a K-major W signals at
// its blocks' start, where no block of its own can be crowded out (session 56). The wgmma C^T
// configs of whole tiles (the small-row streams) lead the same way (StreamLead): programmatic
// behind any kernel, signalling at their start (a persistent grid: every block resident at
// once); H200 decode stream, one-wave C^T products at 4096 x 4096 +3.6 to +5.9 points of copy
// bandwidth (session 65). Before sm_90, a plain launch.
#pragma once

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

#include <utility>

namespace tiledmm::cuda {

// How a wgmma kernel leads into a stream of products (a decode step's): the k-tiles of its
// first tile's A it prefetches into L2 before waiting for the kernel ahead, and whether it
// lets the kernel after it be placed from its start (its grid resident at once).
struct StreamLead {
  int prefetch_k_tiles = 0;
  bool dependents_early = false;
};

template <typename... Params, typename... Args>
void launch_after_prior_kernel(void (*kernel)(Params...), dim3 grid, dim3 block, int smem_bytes,
                               cudaStream_t stream, bool programmatic, Args&&... args) {
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = static_cast<size_t>(smem_bytes);
  config.stream = stream;
  if (programmatic && at::cuda::getCurrentDeviceProperties()->major >= 9) {
    config.attrs = &attribute;
    config.numAttrs = 1;
  }
  C10_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));
}

}  // namespace tiledmm::cuda
