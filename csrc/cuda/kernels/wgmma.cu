// Entry points of the `wgmma` family (kernel: wgmma_kernel.cuh): dispatch on the dtype to
// the per-dtype instances of wgmma_{bf16,fp16,tf32}.cu.
#include "launchers.h"
#include "wgmma_typed.h"

#include <c10/util/Exception.h>

namespace tiledmm::cuda {

cudaFuncAttributes wgmma_kernel_attributes(at::ScalarType dtype, WgmmaConfigId config, bool a_col_major,
                                           bool b_col_major) {
  switch (dtype) {
    case at::kBFloat16: return wgmma_detail::kernel_attributes<c10::BFloat16>(config, a_col_major, b_col_major);
    case at::kHalf: return wgmma_detail::kernel_attributes<c10::Half>(config, a_col_major, b_col_major);
    default: return wgmma_detail::kernel_attributes<float>(config, a_col_major, b_col_major);
  }
}

void launch_wgmma(const GemmProblem& p, WgmmaConfigId config, bool c_transposed, const SplitK& split,
                  const LastWaveSplit& last_wave, at::Tensor& out, cudaStream_t stream) {
  switch (p.dtype) {
    case at::kBFloat16: wgmma_detail::launch_typed<c10::BFloat16>(p, config, split, last_wave, out, stream); break;
    case at::kHalf: wgmma_detail::launch_typed<c10::Half>(p, config, split, last_wave, out, stream); break;
    case at::kFloat: wgmma_detail::launch_tf32(p, config, c_transposed, split, last_wave, out, stream); break;
    default: TORCH_CHECK(false, "tiledmm.gemm (wgmma): bfloat16, float16 or float32 (TF32) only, got ", p.dtype);
  }
}

}  // namespace tiledmm::cuda
