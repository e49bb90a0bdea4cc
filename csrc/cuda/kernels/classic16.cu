// The textbook shared-memory tiled kernel: the first rung of the ladder.
//
// Each 16x16 thread block computes a 16x16 tile of C, one element per thread. For each
// of the ceil(K / 16) phases the block loads a 16x16 tile of A and of B into shared
// memory cooperatively (one element per thread, zeros beyond the edges), waits, and every
// thread takes a 16-long dot product out of shared memory. Each A/B element is read from
// global memory N/16 resp. M/16 times instead of N resp. M times.
#include "launchers.h"

#include "../common/epilogue.cuh"
#include "../common/numeric.cuh"
#include "../common/operand.cuh"

#include <ATen/Dispatch.h>
#include <c10/cuda/CUDAException.h>

#include <algorithm>
#include <limits>

namespace tiledmm::cuda {

namespace {

constexpr int kTile = 16;
constexpr int64_t kMaxGridY = 65535;  // hardware limit on gridDim.y

template <typename T>
__global__ void __launch_bounds__(kTile* kTile)
    classic16_kernel(DeviceMatrix<T> a, DeviceMatrix<T> b, T* __restrict__ c, int64_t m,
                     int64_t n, int64_t k, OutputEpilogue<T> epilogue) {
  using Acc = accumulator_t<T>;
  __shared__ Acc a_tile[kTile][kTile];
  __shared__ Acc b_tile[kTile][kTile];

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int64_t col = static_cast<int64_t>(blockIdx.x) * kTile + tx;
  const int64_t tile_rows = (m + kTile - 1) / kTile;

  // Outputs taller than 65535 tiles: the grid strides over tile rows.
  for (int64_t tile_row = blockIdx.y; tile_row < tile_rows; tile_row += gridDim.y) {
    const int64_t row = tile_row * kTile + ty;
    Acc sum = 0;
    for (int64_t k0 = 0; k0 < k; k0 += kTile) {
      a_tile[ty][tx] = (row < m && k0 + tx < k) ? static_cast<Acc>(a.load(row, k0 + tx)) : Acc(0);
      b_tile[ty][tx] = (k0 + ty < k && col < n) ? static_cast<Acc>(b.load(k0 + ty, col)) : Acc(0);
      __syncthreads();  // the tiles are complete
#pragma unroll
      for (int kk = 0; kk < kTile; ++kk) sum += a_tile[ty][kk] * b_tile[kk][tx];
      __syncthreads();  // everyone is done reading before the next phase overwrites
    }
    if (row < m && col < n) c[row * n + col] = static_cast<T>(epilogue(sum, col));
  }
}

}  // namespace

cudaFuncAttributes classic16_kernel_attributes(at::ScalarType dtype) {
  cudaFuncAttributes attributes{};
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, dtype, "tiledmm_classic16_attributes", [&] {
    C10_CUDA_CHECK(cudaFuncGetAttributes(&attributes, classic16_kernel<scalar_t>));
  });
  return attributes;
}

void launch_classic16(const GemmProblem& p, at::Tensor& c, cudaStream_t stream) {
  const int64_t tiles_n = (p.n + kTile - 1) / kTile;
  TORCH_CHECK(tiles_n <= std::numeric_limits<int32_t>::max(),
              "tiledmm.gemm (classic16): N = ", p.n, " needs more than 2^31 - 1 tile columns");
  const dim3 block(kTile, kTile);
  const dim3 grid(static_cast<unsigned>(tiles_n),
                  static_cast<unsigned>(std::min((p.m + kTile - 1) / kTile, kMaxGridY)));
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, p.dtype, "tiledmm_classic16", [&] {
    classic16_kernel<scalar_t><<<grid, block, 0, stream>>>(
        DeviceMatrix<scalar_t>::from(p.a), DeviceMatrix<scalar_t>::from(p.b),
        c.data_ptr<scalar_t>(), p.m, p.n, p.k, OutputEpilogue<scalar_t>::from(p.epilogue));
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

}  // namespace tiledmm::cuda
