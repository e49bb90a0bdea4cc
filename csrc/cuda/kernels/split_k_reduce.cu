// The second half of split-K (split_k.h): C = epilogue(sum of the partial planes).
//
// A memory-bound pass. Each thread owns kVec consecutive outputs of one row, reads them
// from every plane with 16-byte loads, adds the planes in the order 0, 1, 2, ... (the
// same order in every run: bitwise identical results), applies bias + activation in the
// accumulator type and rounds once to T. Planes whose pitch is padded past N (simt, mma:
// split_k_pitch) are read in whole vectors and C's ragged rows written element by element.
#include "launchers.h"

#include "dependent_launch.h"

#include "../common/epilogue.cuh"
#include "../common/numeric.cuh"
#include "../common/ptx.cuh"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <type_traits>

namespace tiledmm::cuda {

namespace {

// kVec divides the pitch; kPadded: pitch > n (else pitch == n and kVec divides n too).
template <typename Acc, typename T, int kVec, bool kPadded, Activation kActivation>
__global__ void reduce_split_k_kernel(const Acc* __restrict__ partials, int splits, int64_t m, int64_t n,
                                      int64_t pitch, T* __restrict__ c, OutputEpilogue<T, kActivation> epilogue) {
  wait_for_prior_kernel();  // the partial sums: the GEMM ahead of this one writes them
  const int64_t plane = m * pitch;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x * kVec;
  for (int64_t i = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) * kVec; i < plane; i += stride) {
    // The kVec outputs share a row. C's rows are the planes' rows unless these are padded.
    const int64_t row = kPadded ? i / pitch : 0, col = kPadded ? i - row * pitch : i % n;
    if (kPadded && col >= n) continue;
    AlignedVector<Acc, kVec> sum = *reinterpret_cast<const AlignedVector<Acc, kVec>*>(partials + i);
    for (int s = 1; s < splits; ++s) {
      const auto part = *reinterpret_cast<const AlignedVector<Acc, kVec>*>(partials + s * plane + i);
#pragma unroll
      for (int j = 0; j < kVec; ++j) sum.v[j] += part.v[j];
    }
    T* const out = kPadded ? c + row * n + col : c + i;
    if constexpr (kPadded) {
#pragma unroll
      for (int j = 0; j < kVec; ++j)
        if (col + j < n) out[j] = static_cast<T>(epilogue(sum.v[j], col + j));
    } else {
      AlignedVector<T, kVec> values;
#pragma unroll
      for (int j = 0; j < kVec; ++j) values.v[j] = static_cast<T>(epilogue(sum.v[j], col + j));
      *reinterpret_cast<AlignedVector<T, kVec>*>(out) = values;
    }
  }
}

template <typename Acc, typename T>
void launch_typed(const at::Tensor& partials, const GemmProblem& p, at::Tensor& c, cudaStream_t stream) {
  constexpr int kThreads = 256;
  constexpr int kVec = 16 / sizeof(Acc);
  const int splits = static_cast<int>(partials.size(0));
  const int64_t pitch = partials.size(2);
  const int sm_count = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
  auto launch = [&](auto vec, auto padded, auto activate) {
    constexpr int kV = decltype(vec)::value;
    constexpr Activation kActivation = decltype(activate)::value;
    const int64_t threads_needed = (p.m * pitch + kV - 1) / kV;
    const int64_t blocks = std::min<int64_t>((threads_needed + kThreads - 1) / kThreads, 16 * sm_count);
    launch_after_prior_kernel(reduce_split_k_kernel<Acc, T, kV, decltype(padded)::value, kActivation>,
                              static_cast<unsigned>(blocks), kThreads, 0, stream, /*programmatic=*/true,
                              partials.data_ptr<Acc>(), splits, p.m, p.n, pitch, c.data_ptr<T>(),
                              OutputEpilogue<T, kActivation>::from(p.epilogue));
  };
  // Vector loads when kVec divides the pitch (so it divides every plane and row too).
  with_any_activation(p.epilogue, [&](auto activate) {
    if (pitch != p.n) {
      TORCH_INTERNAL_ASSERT(pitch % kVec == 0, "split-K planes padded to whole vectors");
      launch(std::integral_constant<int, kVec>{}, std::true_type{}, activate);
    } else if (p.n % kVec == 0) {
      launch(std::integral_constant<int, kVec>{}, std::false_type{}, activate);
    } else {
      launch(std::integral_constant<int, 1>{}, std::false_type{}, activate);
    }
  });
}

}  // namespace

void reduce_split_k(const at::Tensor& partials, const GemmProblem& p, at::Tensor& c, cudaStream_t stream) {
  switch (p.dtype) {
    case at::kDouble: launch_typed<double, double>(partials, p, c, stream); break;
    case at::kFloat: launch_typed<float, float>(partials, p, c, stream); break;
    case at::kBFloat16: launch_typed<float, c10::BFloat16>(partials, p, c, stream); break;
    case at::kHalf: launch_typed<float, c10::Half>(partials, p, c, stream); break;
    default: TORCH_CHECK(false, "tiledmm.gemm (split-K): unsupported dtype ", p.dtype);
  }
}

}  // namespace tiledmm::cuda
