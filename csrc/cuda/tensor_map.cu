#include "tensor_map.h"

#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include "../line_alignment.h"
#include "measurement_switch.h"

namespace tiledmm::cuda {

namespace {

// cuTensorMapEncodeTiled is a driver API call: fetched through the runtime, so the
// extension needs no link against libcuda.
PFN_cuTensorMapEncodeTiled_v12000 encode_tiled() {
  static const PFN_cuTensorMapEncodeTiled_v12000 encode = [] {
    void* fn = nullptr;
    cudaDriverEntryPointQueryResult found{};
    C10_CUDA_CHECK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000,
                                                    cudaEnableDefault, &found));
    TORCH_CHECK(found == cudaDriverEntryPointSuccess && fn != nullptr,
                "tiledmm: the CUDA driver has no cuTensorMapEncodeTiled (TMA needs a CUDA 12+ driver)");
    return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(fn);
  }();
  return encode;
}

// How far L2 rounds up an input map's reads (its promotion): 256 bytes where every line starts
// on a 128-byte L2 line, 128 where lines start inside one (rows 16 bytes into their 32-byte
// sectors, a row class's rows: row_classes.h). H100 kernel times of 16-bit products read in
// place, 128 against 256 (bench/NOTES.md, session 50): 1280x1280x1272 nt 13.7 against 15.4-16.0
// us, 1000^3 nn (row classes) 9.0 against 9.9; out of sample, 14 products with lines off their
// sectors 1.06x faster (0.99-1.18x; fp16 nn 3728x3936x2712 128.5 against 151.6), 14 with lines
// on sectors but off 128-byte lines 1.01x (0.97-1.05x); lines on 128-byte lines ran the same
// with either. TILEDMM_TMA_PROMOTION=256 gives every map 256 (a measurement switch).
CUtensorMapL2promotion input_promotion(const void* data, int64_t ld_bytes) {
  static const bool always_256 = environment_says("TILEDMM_TMA_PROMOTION", "256");
  const bool on_lines = line_alignment_bytes(data, ld_bytes) % kL2LineBytes == 0;
  return on_lines || always_256 ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B : CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
}

// Encodes a rank-`rank` map (dims[0] contiguous; strides[i] = bytes between steps of
// dims[i + 1]) read or written in boxes to shared memory swizzled in runs of
// `swizzle_bytes` (128, 64 or 32; 0: not swizzled), with `promotion`.
CUtensorMap encode_swizzled(const void* data, CUtensorMapDataType dtype, cuuint32_t rank, const cuuint64_t* dims,
                            const cuuint64_t* strides, const cuuint32_t* box, CUtensorMapL2promotion promotion,
                            int swizzle_bytes = 128) {
  TORCH_CHECK(swizzle_bytes == 128 || swizzle_bytes == 64 || swizzle_bytes == 32 || swizzle_bytes == 0,
              "tiledmm: no TMA swizzle of ", swizzle_bytes, " bytes");
  const CUtensorMapSwizzle swizzle = swizzle_bytes == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
                                     : swizzle_bytes == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                                     : swizzle_bytes == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                                           : CU_TENSOR_MAP_SWIZZLE_NONE;
  CUtensorMap map{};
  const cuuint32_t element_strides[3] = {1, 1, 1};
  const CUresult result = encode_tiled()(
      &map, dtype, rank, const_cast<void*>(data), dims, strides, box, element_strides,
      CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, promotion, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  TORCH_CHECK(result == CUDA_SUCCESS, "tiledmm: cuTensorMapEncodeTiled failed (error ", static_cast<int>(result),
              ") for a rank-", rank, " tensor of ", dims[0], " x ", dims[1], " elements with ", strides[0],
              " bytes between rows");
  return map;
}

}  // namespace

CUtensorMap make_tensor_map_2d(const void* data, CUtensorMapDataType dtype, int64_t extent,
                               int64_t lines, int64_t ld_bytes, int box_extent, int box_lines, int swizzle_bytes) {
  const cuuint64_t dims[2] = {static_cast<cuuint64_t>(extent), static_cast<cuuint64_t>(lines)};
  const cuuint64_t strides[1] = {static_cast<cuuint64_t>(ld_bytes)};
  const cuuint32_t box[2] = {static_cast<cuuint32_t>(box_extent), static_cast<cuuint32_t>(box_lines)};
  return encode_swizzled(data, dtype, 2, dims, strides, box, input_promotion(data, ld_bytes), swizzle_bytes);
}

CUtensorMap make_output_tensor_map(const void* data, CUtensorMapDataType dtype, int64_t cols, int64_t rows,
                                   int64_t planes, int element_bytes, int box_rows) {
  const cuuint64_t dims[3] = {static_cast<cuuint64_t>(cols), static_cast<cuuint64_t>(rows),
                              static_cast<cuuint64_t>(planes)};
  const cuuint64_t strides[2] = {static_cast<cuuint64_t>(cols * element_bytes),
                                 static_cast<cuuint64_t>(rows * cols * element_bytes)};
  const cuuint32_t box[3] = {static_cast<cuuint32_t>(128 / element_bytes), static_cast<cuuint32_t>(box_rows), 1};
  return encode_swizzled(data, dtype, 3, dims, strides, box, CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
}

}  // namespace tiledmm::cuda
