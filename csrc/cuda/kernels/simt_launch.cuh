// Host side of one simt tile config (simt_tiles.h): the kernel instance for the operands'
// stage modes, its dynamic shared memory, the launch. Included by the files of simt_tiles/,
// one per config.
#pragma once

#include "simt_kernel.cuh"
#include "simt_tiles.h"

#include "dependent_launch.h"
#include "dynamic_smem.h"

#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>

#include <atomic>
#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda::simt_detail {

// Runtime StageMode -> compile-time constant.
template <typename F>
void with_stage_mode(StageMode mode, F&& f) {
  switch (mode) {
    case StageMode::kVector: f(std::integral_constant<StageMode, StageMode::kVector>{}); break;
    case StageMode::kScalarAlongMn:
      f(std::integral_constant<StageMode, StageMode::kScalarAlongMn>{});
      break;
    case StageMode::kScalarAlongK:
      f(std::integral_constant<StageMode, StageMode::kScalarAlongK>{});
      break;
  }
}

template <typename T, SimtConfigId kConfig, Activation kActivation>
using SimtKernel = void (*)(KMnOperand<T>, KMnOperand<T>, T*, int64_t, int64_t, int64_t, GroupedTileOrder, int64_t,
                            bool, OutputEpilogue<T, kActivation>, bool, bool);

// The kernel instance for the operands' stage modes.
template <typename T, SimtConfigId kConfig, Activation kActivation = Activation::kNone>
SimtKernel<T, kConfig, kActivation> simt_kernel_for(StageMode mode_a, StageMode mode_b) {
  SimtKernel<T, kConfig, kActivation> kernel = nullptr;
  with_stage_mode(mode_a, [&](auto a) {
    with_stage_mode(mode_b, [&](auto b) {
      kernel = simt_gemm_kernel<T, kConfig, decltype(a)::value, decltype(b)::value, kActivation>;
    });
  });
  return kernel;
}

// One band on this config's kernel for kActivation (launch_tile, simt_tiles.h).
template <typename T, SimtConfigId kConfig, Activation kActivation>
void launch_config(const GemmProblem& p, const KMnOperand<T>& a, const KMnOperand<T>& b, int64_t m,
                   const SplitK& split, at::Tensor& out, bool rows_run_beside, bool behind_copy,
                   cudaStream_t stream) {
  constexpr SimtTile kTile = simt_tile(kConfig);
  constexpr int kSmemBytes = kTile.smem_bytes(sizeof(T));
  const int64_t tiles_m = (m + kTile.block_m - 1) / kTile.block_m, tiles_n = (p.n + kTile.block_n - 1) / kTile.block_n;
  TORCH_CHECK(fits_grouped_tile_order<kBlockGroupRows>(tiles_m, tiles_n), "tiledmm.gemm (simt): output [", m, ", ",
              p.n, "] needs more tiles than the grouped order's 32-bit indices hold (2^31 - 1 tiles, ",
              FastDivmod::kMaxValue / kBlockGroupRows, " tile columns)");
  // Whole vectors of C's rows are 16-byte aligned when the pitch is: out is a fresh
  // allocation or whole rows of one, and a split-K plane spans m * ldc elements.
  const int64_t ldc = out.size(-1);
  const bool c_vector_ok = ldc % kTile.vec == 0;
  const StageMode mode_a = stage_mode(a), mode_b = stage_mode(b);
  const auto kernel = simt_kernel_for<T, kConfig, kActivation>(mode_a, mode_b);

  static std::atomic<uint64_t> opted_in[3 * 3];  // one per stage-mode pair of this instance
  allow_dynamic_smem(kernel, kSmemBytes, opted_in[static_cast<int>(mode_a) * 3 + static_cast<int>(mode_b)]);
  const auto epilogue = split.active() ? OutputEpilogue<T, kActivation>{} : OutputEpilogue<T, kActivation>::from(p.epilogue);
  const dim3 grid(static_cast<unsigned>(tiles_m * tiles_n), 1, static_cast<unsigned>(split.splits));
  launch_after_prior_kernel(kernel, grid, dim3(kTile.threads()), kSmemBytes, stream, behind_copy, a, b,
                            out.data_ptr<T>(), m, p.n, ldc, grouped_tile_order<kBlockGroupRows>(tiles_m, tiles_n),
                            split.k_per_split, c_vector_ok, epilogue, rows_run_beside, split.active());
}

template <typename T, SimtConfigId kConfig>
void launch_tile(const GemmProblem& p, const KMnOperand<T>& a, const KMnOperand<T>& b, int64_t m,
                 const SplitK& split, at::Tensor& out, bool rows_run_beside, bool behind_copy, cudaStream_t stream) {
  with_any_activation(split.active() ? Epilogue{} : p.epilogue, [&](auto activate) {
    launch_config<T, kConfig, decltype(activate)::value>(p, a, b, m, split, out, rows_run_beside, behind_copy,
                                                          stream);
  });
}

template <typename T, SimtConfigId kConfig>
cudaFuncAttributes tile_attributes(StageMode mode_a, StageMode mode_b) {
  cudaFuncAttributes attributes{};
  C10_CUDA_CHECK(cudaFuncGetAttributes(&attributes, simt_kernel_for<T, kConfig>(mode_a, mode_b)));
  return attributes;
}

}  // namespace tiledmm::cuda::simt_detail
