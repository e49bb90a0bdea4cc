// The wgmma family's float16 kernels (see wgmma_kernel.cuh).
#include "wgmma_kernel.cuh"

namespace tiledmm::cuda::wgmma_detail {

TILEDMM_WGMMA_INSTANCES(, c10::Half)

}  // namespace tiledmm::cuda::wgmma_detail
