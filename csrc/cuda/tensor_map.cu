#include "tensor_map.h"

#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

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

// Encodes a rank-`rank` map (dims[0] contiguous; strides[i] = bytes between steps of
// dims[i + 1]) read or written in boxes to 128-byte-swizzled shared memory.
CUtensorMap encode_swizzled(const void* data, CUtensorMapDataType dtype, cuuint32_t rank, const cuuint64_t* dims,
                            const cuuint64_t* strides, const cuuint32_t* box) {
  CUtensorMap map{};
  const cuuint32_t element_strides[3] = {1, 1, 1};
  const CUresult result = encode_tiled()(
      &map, dtype, rank, const_cast<void*>(data), dims, strides, box, element_strides,
      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  TORCH_CHECK(result == CUDA_SUCCESS, "tiledmm: cuTensorMapEncodeTiled failed (error ", static_cast<int>(result),
              ") for a rank-", rank, " tensor of ", dims[0], " x ", dims[1], " elements with ", strides[0],
              " bytes between rows");
  return map;
}

}  // namespace

CUtensorMap make_tensor_map_2d(const void* data, CUtensorMapDataType dtype, int64_t extent,
                               int64_t lines, int64_t ld_bytes, int box_extent, int box_lines) {
  const cuuint64_t dims[2] = {static_cast<cuuint64_t>(extent), static_cast<cuuint64_t>(lines)};
  const cuuint64_t strides[1] = {static_cast<cuuint64_t>(ld_bytes)};
  const cuuint32_t box[2] = {static_cast<cuuint32_t>(box_extent), static_cast<cuuint32_t>(box_lines)};
  return encode_swizzled(data, dtype, 2, dims, strides, box);
}

CUtensorMap make_output_tensor_map(const void* data, CUtensorMapDataType dtype, int64_t cols, int64_t rows,
                                   int64_t planes, int element_bytes, int box_rows) {
  const cuuint64_t dims[3] = {static_cast<cuuint64_t>(cols), static_cast<cuuint64_t>(rows),
                              static_cast<cuuint64_t>(planes)};
  const cuuint64_t strides[2] = {static_cast<cuuint64_t>(cols * element_bytes),
                                 static_cast<cuuint64_t>(rows * cols * element_bytes)};
  const cuuint32_t box[3] = {static_cast<cuuint32_t>(128 / element_bytes), static_cast<cuuint32_t>(box_rows), 1};
  return encode_swizzled(data, dtype, 3, dims, strides, box);
}

}  // namespace tiledmm::cuda
