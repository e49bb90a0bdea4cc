// A split last wave's flags (common/tile_partials.cuh) must read 0 before its GEMM starts.
// A cudaMemsetAsync did that, but the GEMM then launched only after the memset had finished
// (~1 µs of kernel time and a launch gap per call). This one-block kernel lets the GEMM be
// placed at its start instead (allow_dependent_launch), so only the zeroing itself stands
// between the two, under the GEMM's own setup.
#include "clear_flags.h"

#include "dependent_launch.h"

#include "../common/ptx.cuh"

#include <ATen/ops/zeros.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAFunctions.h>

#include <map>
#include <mutex>
#include <utility>

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

int* standing_flags(int64_t count, cudaStream_t stream) {
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  C10_CUDA_CHECK(cudaStreamIsCapturing(stream, &capture));
  if (capture != cudaStreamCaptureStatusNone) return nullptr;
  // Never destroyed: at exit the CUDA context may be gone before static destructors run.
  static auto* buffers = new std::map<std::pair<int, cudaStream_t>, at::Tensor>();
  static std::mutex mutex;
  const std::lock_guard<std::mutex> lock(mutex);
  at::Tensor& flags = (*buffers)[{c10::cuda::current_device(), stream}];
  if (!flags.defined() || flags.numel() < count) {
    // Zeroed on the current stream (the launch's), ahead of the launch. A buffer it
    // replaces returns to the caching allocator behind the launches queued on it.
    flags = at::zeros({std::max<int64_t>(count, 1024)}, at::TensorOptions().dtype(at::kInt).device(at::kCUDA));
  }
  return flags.data_ptr<int>();
}

}  // namespace tiledmm::cuda
