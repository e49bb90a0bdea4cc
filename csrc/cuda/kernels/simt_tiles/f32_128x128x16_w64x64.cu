// simt's kFloat128x128W64 tile (simt_configs.h), its own translation unit (simt_tiles.h).
#include "../simt_launch.cuh"

namespace tiledmm::cuda::simt_detail {

TILEDMM_SIMT_TILE_INSTANCES(float, SimtConfigId::kFloat128x128W64)

}  // namespace tiledmm::cuda::simt_detail
