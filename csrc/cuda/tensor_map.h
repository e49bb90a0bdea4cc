// Host side of TMA: tensor maps (CUtensorMap) describing an operand to the copy engine.
#pragma once

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <cuda.h>

#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda {

// The copy engine's element type for an operand of T (bfloat16, float16, or float32 read for
// TF32 MMAs: the copy engine rounds each element to TF32 on the way).
template <typename T>
CUtensorMapDataType tma_dtype() {
  if constexpr (std::is_same_v<T, c10::BFloat16>) return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  if constexpr (std::is_same_v<T, c10::Half>) return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  return CU_TENSOR_MAP_DATA_TYPE_TFLOAT32;
}

// A 2-D tensor map over `lines` rows of `extent` contiguous elements, `ld_bytes` apart,
// read in boxes of box_extent x box_lines elements into shared memory swizzled in runs of
// swizzle_bytes (128, 64 or 32: box_extent * element size), or not swizzled (0: box_extent
// up to 256 elements, lines box_extent apart). Out-of-bounds elements read
// as zero. Needs a 16-byte aligned base and ld_bytes a multiple of 16 (TMA's rules). L2
// promotes the reads to 256 bytes, or to 128 where lines start off 128-byte lines
// (tensor_map.cu).
CUtensorMap make_tensor_map_2d(const void* data, CUtensorMapDataType dtype, int64_t extent,
                               int64_t lines, int64_t ld_bytes, int box_extent, int box_lines,
                               int swizzle_bytes = 128);

// The output C (or the split-K partial planes): `planes` contiguous row-major [rows, cols]
// matrices, written in boxes of box_rows rows x 128 bytes from 128-byte-swizzled shared
// memory; box parts outside the tensor are not written. Needs cols * element_bytes to be
// a multiple of 16 (output_tensor_map_ok).
CUtensorMap make_output_tensor_map(const void* data, CUtensorMapDataType dtype, int64_t cols, int64_t rows,
                                   int64_t planes, int element_bytes, int box_rows);

inline bool output_tensor_map_ok(const void* data, int64_t cols, int element_bytes) {
  return reinterpret_cast<uintptr_t>(data) % 16 == 0 && (cols * element_bytes) % 16 == 0;
}

}  // namespace tiledmm::cuda
