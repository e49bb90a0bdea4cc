// Launching a kernel as a programmatic dependent of the kernel ahead of it in the stream
// (sm_90+): the GPU may start launching it once that kernel's blocks have all exited, while
// their writes are still being made visible, instead of after; the kernel's threads wait
// for them in wait_for_prior_kernel() (ptx.cuh) and set up before that. The GEMM after an
// operand copy and the split-K reduction after its GEMM start ~1 µs sooner this way
// (bench/NOTES.md, session 23).
// Only behind our own kernels (`programmatic`), none of which signals an earlier start
// (griddepcontrol.launch_dependents): with the copy signalling at its start, the GEMM's
// blocks were placed while the copy still ran and the GEMM took 40 us longer at 4097 x 4095
// x 4093 (cause not found), and another library's kernel ahead might signal so. Otherwise,
// and before sm_90, the launch is a plain one.
#pragma once

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

#include <utility>

namespace tiledmm::cuda {

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
