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

}  // namespace

CUtensorMap make_tensor_map_2d(const void* data, CUtensorMapDataType dtype, int64_t extent,
                               int64_t lines, int64_t ld_bytes, int box_extent, int box_lines) {
  CUtensorMap map{};
  const cuuint64_t dims[2] = {static_cast<cuuint64_t>(extent), static_cast<cuuint64_t>(lines)};
  const cuuint64_t strides[1] = {static_cast<cuuint64_t>(ld_bytes)};  // bytes between lines
  const cuuint32_t box[2] = {static_cast<cuuint32_t>(box_extent), static_cast<cuuint32_t>(box_lines)};
  const cuuint32_t element_strides[2] = {1, 1};
  const CUresult result = encode_tiled()(
      &map, dtype, 2, const_cast<void*>(data), dims, strides, box, element_strides,
      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  TORCH_CHECK(result == CUDA_SUCCESS, "tiledmm: cuTensorMapEncodeTiled failed (error ", static_cast<int>(result),
              ") for a [", lines, ", ", extent, "] operand with ", ld_bytes, " bytes between rows");
  return map;
}

}  // namespace tiledmm::cuda
