// The wgmma family's float32 (TF32) kernels (see wgmma_kernel.cuh).
#include "wgmma_kernel.cuh"

namespace tiledmm::cuda::wgmma_detail {

TILEDMM_WGMMA_INSTANCES(, float)

}  // namespace tiledmm::cuda::wgmma_detail
