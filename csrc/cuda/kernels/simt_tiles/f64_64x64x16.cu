// simt's kDouble64x64 tile (simt_configs.h), its own translation unit (simt_tiles.h).
#include "../simt_launch.cuh"

namespace tiledmm::cuda::simt_detail {

TILEDMM_SIMT_TILE_INSTANCES(double, SimtConfigId::kDouble64x64)

}  // namespace tiledmm::cuda::simt_detail
