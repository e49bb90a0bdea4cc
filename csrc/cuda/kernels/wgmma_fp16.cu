// The wgmma family's float16 kernels (see wgmma_kernel.cuh; host side in wgmma_launch.cuh).
#include "wgmma_launch.cuh"

namespace tiledmm::cuda::wgmma_detail {

TILEDMM_WGMMA_INSTANCES(, c10::Half)

}  // namespace tiledmm::cuda::wgmma_detail
