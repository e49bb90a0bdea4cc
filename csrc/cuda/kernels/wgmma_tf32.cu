// The wgmma family's float32 (TF32) kernels (see wgmma_kernel.cuh; host side in wgmma_launch.cuh).
#include "wgmma_launch.cuh"

namespace tiledmm::cuda::wgmma_detail {

void launch_tf32(const GemmProblem& p, WgmmaConfigId config, bool c_transposed, const SplitK& split,
                 const LastWaveSplit& last_wave, at::Tensor& out, cudaStream_t stream) {
  launch_operands<float>(p, config, c_transposed, split, last_wave, out, stream);
}

template cudaFuncAttributes kernel_attributes<float>(WgmmaConfigId, bool, bool);

}  // namespace tiledmm::cuda::wgmma_detail
