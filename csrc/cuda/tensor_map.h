// Host side of TMA: tensor maps (CUtensorMap) describing an operand to the copy engine.
#pragma once

#include <cuda.h>

#include <cstdint>

namespace tiledmm::cuda {

// A 2-D tensor map over `lines` rows of `extent` contiguous elements, `ld_bytes` apart,
// read in boxes of box_extent x box_lines elements into 128-byte-swizzled shared memory
// (box_extent * element size must be 128 bytes). Out-of-bounds elements read as zero.
// Needs a 16-byte aligned base and ld_bytes a multiple of 16 (TMA's rules).
CUtensorMap make_tensor_map_2d(const void* data, CUtensorMapDataType dtype, int64_t extent,
                               int64_t lines, int64_t ld_bytes, int box_extent, int box_lines);

}  // namespace tiledmm::cuda
