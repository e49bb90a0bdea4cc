// The wgmma planner's internal parts, shared by its three files: planner_wgmma.cpp (the rules'
// tile and the order of the rules), planner_wgmma_model.cpp (the wave and time models, the cut
// along K) and planner_wgmma_c_transposed.cpp (the C^T configs' rules). What the rest of the
// planner calls is in planner_parts.h.
#pragma once

#include "planner_parts.h"

#include <c10/core/ScalarType.h>

#include <cstdint>
#include <optional>

namespace tiledmm::cuda::planner_detail {

// From this many bytes of K per row, wgmma's split-K and its tile for products of few tiles
// come from its time model (wgmma_k_cut, pick_wgmma_config).
constexpr int64_t kDeepKBytes = 8192;
inline int64_t k_bytes_per_row(const GemmShape& s) { return s.k * static_cast<int64_t>(c10::elementSize(s.dtype)); }
inline bool has_deep_k(const GemmShape& s) { return k_bytes_per_row(s) >= kDeepKBytes; }

// From this many bytes of K per row, 16-bit products whose 128x128 tiles fill the SMs in waves
// run faster on larger tiles, which move fewer bytes through L2 per MMA, even in fewer, emptier
// waves (pick_wgmma_rule_config, wave_filling_c_transposed). The gain shows under the GPU's own
// clock management, not under ncu's fixed clocks, where 128x128 stayed faster with L2 50-62%
// busy (session 55, call 12): the traffic costs power and so clock, as at K = 4096 in session
// 39, rather than saturating L2. Found at 8 KB and more (below), then moved down with
// out-of-sample samples of the plans it changed (H200, random nn/nt/tn products, against the
// previous plans by name; bench/NOTES.md, session 55): K of 4-8 KB per row, 61 plans 1.13x
// faster in kernel time (none slower by more than 3%); 2-4 KB, 60 plans 1.11x (1 slower). At
// 1-2 KB 60 plans gained only 1.07x (4 slower), and where they replaced short_k_ping_pong's
// tiles they lost (0.95x): not taken.
constexpr int64_t kL2TrafficKBytes = 2048;
inline bool l2_traffic_decides(const GemmShape& s) {
  return s.dtype != c10::kFloat && k_bytes_per_row(s) >= kL2TrafficKBytes;
}

// The blocks of config `t` resident at once on the GPU: tiles beyond these run in another wave.
inline int64_t block_slots(const WgmmaTile& t, const GpuInfo& gpu) { return int64_t{gpu.sm_count} * t.blocks_per_sm; }

// Whether the C^T configs' rules consider `s`: the configs run the 16-bit types, and read A
// K-major as their B, so a row-major A in place (a column-major one is read in place by 64x32
// only, and c_transposed_wave_config alone takes it there).
inline bool c_transposed_configs_apply(const GemmShape& s) { return s.dtype != c10::kFloat && !s.a_col_major; }

// How much faster than the rules' tile the time model must find another to take it: 15%, the
// model's 90th-percentile error (smaller gains ranked 64x64 against 128x64 no better than a
// coin: bf16 256x256x4096 7.9 us against 8.9).
constexpr double kTileMargin = 1.15;

// ---- the models (planner_wgmma_model.cpp) ---------------------------------------------------

double wgmma_wave_time(const GemmShape& s, WgmmaConfigId id, const GpuInfo& gpu);
double wgmma_modeled_us(const GemmShape& s, WgmmaConfigId id, double tiles, double splits, double slice_k_tiles,
                        const GpuInfo& gpu);
int64_t wgmma_blocks(const GemmShape& s, WgmmaConfigId id, int64_t tiles, const GpuInfo& gpu);

// ---- the C^T configs' rules (planner_wgmma_c_transposed.cpp) ---------------------------------

bool few_rows_fill_half_a_wave(const GemmShape& s, int64_t tiles, const GpuInfo& gpu);
std::optional<WgmmaConfigId> narrow_m_c_transposed_config(const GemmShape& s, const GpuInfo& gpu, const Reasons& why);
std::optional<WgmmaConfigId> medium_rows_stream_on_c_transposed_tiles(const GemmShape& s, const GpuInfo& gpu,
                                                                      const Reasons& why);
std::optional<WgmmaConfigId> wave_filling_c_transposed(const GemmShape& s, WgmmaConfigId rule, const GpuInfo& gpu,
                                                       const Reasons& why);
std::optional<WgmmaConfigId> column_major_a_wave_filling(const GemmShape& s, WgmmaConfigId rule, const GpuInfo& gpu,
                                                         const Reasons& why);
std::optional<WgmmaConfigId> c_transposed_wave_config(const GemmShape& s, const GpuInfo& gpu);
std::optional<WgmmaConfigId> deep_k_c_transposed_config(const GemmShape& s, WgmmaConfigId rule, const GpuInfo& gpu,
                                                        const Reasons& why);

}  // namespace tiledmm::cuda::planner_detail
