// `simt`'s host side: the multi-level tiled GEMM on CUDA cores (IEEE float32, float64; the
// kernel and the memory hierarchy it follows: simt_kernel.cuh). The operands are staged once
// (a padded copy of rows that would stage element by element, where enough outputs reuse them),
// then C runs in bands of rows (launchers.h), each on its tile config's launch (simt_tiles.h)
// or, for C's last few rows, beside the tiles on the SMs they leave idle (few_rows.cu).
#include "launchers.h"

#include "few_rows.h"
#include "simt_tiles.h"

#include "../measurement_switch.h"
#include "../operand_workspace.h"
#include "../simt_configs.h"

#include <c10/util/Exception.h>

#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda {

namespace {

// Outputs that must reuse each element of an unaligned operand before its padded copy
// pays. Rows that run along MN but are not 16-byte aligned (a leading dimension that is
// not a multiple of 4 floats, an odd storage offset) stage element by element: 4x the
// copies, and the rolled main loop (0.78 of the aligned throughput at 4097x4095x4093,
// bench/NOTES.md session 8). A copy with a padded leading dimension (same layout) reads
// and writes the operand once, 8 bytes per element: at reuse R it costs about 60 / R of
// the product's FMA time (4 bytes * 2 at ~3 TB/s against 2R FLOP at ~45 TFLOP/s), about
// 12% at 512, below what the element-wise stager loses.
constexpr int64_t kRepackMinReuse = 512;

// TILEDMM_SIMT_REPACK=off: no padded copy, every operand staged in place (what the copy buys at
// a given shape; a measurement switch, bench/NOTES.md, session 86).
bool repack_switched_off() {
  static const bool off = environment_says("TILEDMM_SIMT_REPACK", "off");
  return off;
}

// Measurement switches of the rows beside the tiles (bench/NOTES.md, session 86), read once per
// process: TILEDMM_FEW_ROWS=skip leaves those rows of C unwritten (what running them beside costs
// the tiles; the output is wrong), TILEDMM_FEW_ROWS_BLOCKS=N runs them on N blocks instead of
// one per idle SM.
bool few_rows_skipped() {
  static const bool skip = environment_says("TILEDMM_FEW_ROWS", "skip");
  return skip;
}
int few_rows_blocks(int planned) {
  static const int forced = environment_number("TILEDMM_FEW_ROWS_BLOCKS");
  return forced > 0 ? forced : planned;
}

// Operand A (`is_a`) or B as the kernel stages it, read by `reuse` outputs per element:
// in place, or a copy with a padded leading dimension (operand_workspace.h) whose padding
// holds zeros; either staged in whole vectors past a ragged MN edge where its lines may be
// read that far (staged_in_whole_vectors; ncu, 4096x4095x4096: the SMs running the last tile
// column had been 30% slower than the rest).
template <typename T, int kVec>
KMnOperand<T> staged_operand(const MatrixView& v, bool is_a, int64_t reuse, const at::TensorOptions& options,
                             at::Tensor& storage) {
  auto operand_of = [&](const MatrixView& view) {
    const KMnOperand<T> op = is_a ? KMnOperand<T>::a_operand(view) : KMnOperand<T>::b_operand(view);
    return staged_in_whole_vectors(op, view, kVec);
  };
  const KMnOperand<T> in_place = operand_of(v);
  // Only rows along MN that would stage element by element are worth copying (along K,
  // copies are element-wise whatever the alignment).
  if (simt_detail::stage_mode(in_place) != StageMode::kScalarAlongMn || reuse < kRepackMinReuse ||
      repack_switched_off()) {
    return in_place;
  }
  return operand_of(repack_aligned(v, options, storage));
}

// Runtime SimtConfigId of a float32 tile -> compile-time constant.
template <typename F>
void with_float_config(SimtConfigId id, F&& f) {
  using Id = SimtConfigId;
  switch (id) {
    case Id::kFloat128x256: f(std::integral_constant<Id, Id::kFloat128x256>{}); break;
    case Id::kFloat128x256K32: f(std::integral_constant<Id, Id::kFloat128x256K32>{}); break;
    case Id::kFloat128x128W64: f(std::integral_constant<Id, Id::kFloat128x128W64>{}); break;
    case Id::kFloat128x128W64K32: f(std::integral_constant<Id, Id::kFloat128x128W64K32>{}); break;
    case Id::kFloat128x128: f(std::integral_constant<Id, Id::kFloat128x128>{}); break;
    case Id::kFloat64x64: f(std::integral_constant<Id, Id::kFloat64x64>{}); break;
    default: TORCH_CHECK(false, "tiledmm.gemm (simt): config ", simt_tile(id).name, " is not a float32 tile");
  }
}

// Stages the operands once (a padded copy where staged_operand makes one), then launches
// each band.
template <typename T>
void launch_bands(const GemmProblem& p, c10::ArrayRef<SimtBand> bands, cudaStream_t stream) {
  constexpr int kVec = 16 / sizeof(T);
  // The workspaces (if any) go back to the caching allocator on this stream when they
  // leave scope: later work on the stream runs after the kernels.
  at::Tensor a_storage, b_storage;
  const auto options = bands.front().out.options().dtype(p.dtype);
  const auto a = staged_operand<T, kVec>(p.a, /*is_a=*/true, p.n, options, a_storage);
  const auto b = staged_operand<T, kVec>(p.b, /*is_a=*/false, p.m, options, b_storage);
  for (size_t i = 0; i < bands.size(); ++i) {
    const SimtBand& band = bands[i];
    at::Tensor out = band.out;
    if (band.beside_blocks > 0) {
      if constexpr (std::is_same_v<T, float>) {
        if (few_rows_skipped()) continue;
        launch_few_rows(p, a.mn_from(band.first_row), b, band.rows, few_rows_blocks(band.beside_blocks),
                        out.data_ptr<float>(), stream);
      } else {
        TORCH_CHECK(false, "tiledmm.gemm (simt): rows beside the tiles are float32 only");
      }
      continue;
    }
    const bool rows_run_beside = i + 1 < bands.size() && bands[i + 1].beside_blocks > 0;
    const bool behind_copy = i == 0 && (a_storage.defined() || b_storage.defined());
    auto launch = [&](auto id) {
      simt_detail::launch_tile<T, decltype(id)::value>(p, a.mn_from(band.first_row), b, band.rows, band.split, out,
                                                       rows_run_beside, behind_copy, stream);
    };
    if constexpr (std::is_same_v<T, double>) {
      launch(std::integral_constant<SimtConfigId, SimtConfigId::kDouble64x64>{});
    } else {
      with_float_config(band.config, launch);
    }
  }
}

}  // namespace

cudaFuncAttributes simt_kernel_attributes(at::ScalarType dtype, SimtConfigId config,
                                          bool a_col_major, bool b_col_major) {
  // Aligned operands assumed: MN-contiguous ones stage with 16-byte copies.
  const StageMode mode_a = a_col_major ? StageMode::kVector : StageMode::kScalarAlongK;
  const StageMode mode_b = b_col_major ? StageMode::kScalarAlongK : StageMode::kVector;
  if (dtype == at::kDouble) return simt_detail::tile_attributes<double, SimtConfigId::kDouble64x64>(mode_a, mode_b);
  cudaFuncAttributes attributes{};
  with_float_config(config, [&](auto id) {
    attributes = simt_detail::tile_attributes<float, decltype(id)::value>(mode_a, mode_b);
  });
  return attributes;
}

void launch_simt(const GemmProblem& p, c10::ArrayRef<SimtBand> bands, cudaStream_t stream) {
  if (p.dtype == at::kDouble) {
    launch_bands<double>(p, bands, stream);
    return;
  }
  TORCH_CHECK(p.dtype == at::kFloat, "tiledmm.gemm (simt): float32 or float64 only, got ", p.dtype);
  launch_bands<float>(p, bands, stream);
}

}  // namespace tiledmm::cuda
