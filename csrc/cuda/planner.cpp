// The planner's entry (planner.h): the kernel family for a problem, then that family's own
// choice (planner_simt.cpp, planner_wgmma*.cpp, planner_skinny.cpp) and its K cut
// (planner_split.cpp); the plan as tiledmm.plan reports it, and the ops that show plans and
// tiles without a GPU.
#include "planner.h"

#include "planner_parts.h"
#include "../kernel_registry.h"
#include "measurement_switch.h"

#include <c10/util/Exception.h>
#include <torch/library.h>

#include <algorithm>
#include <optional>
#include <sstream>

namespace tiledmm::cuda {

using namespace planner_detail;

namespace {

template <typename Id, typename Table>
Id config_by_name(std::string_view family, std::string_view name, const Table& table, int count) {
  for (int i = 0; i < count; ++i) {
    if (name == table[i].name) return static_cast<Id>(i);
  }
  TORCH_CHECK(false, "tiledmm: unknown ", family, " config '", name, "'");
}

SimtConfigId simt_config_by_name(std::string_view name, c10::ScalarType dtype) {
  std::string names;
  for (int i = 0; i < static_cast<int>(SimtConfigId::kCount); ++i) {
    const SimtTile& t = kSimtTiles[i];
    const bool dtype_matches = (std::string_view(t.name).substr(0, 3) == "f64") == (dtype == c10::kDouble);
    if (!dtype_matches) continue;
    if (name == t.name) return static_cast<SimtConfigId>(i);
    names += (names.empty() ? "" : ", ") + std::string(t.name);
  }
  TORCH_CHECK(false, "tiledmm: unknown simt config '", name, "' for ", dtype_name(dtype),
              "; available: ", names);
}

KernelFamily family_by_name(std::string_view name) {
  for (KernelFamily f : {KernelFamily::kClassic16, KernelFamily::kSimt, KernelFamily::kMma, KernelFamily::kWgmma,
                         KernelFamily::kSkinny}) {
    if (name == family_name(f)) return f;
  }
  TORCH_CHECK(false, "tiledmm: no CUDA kernel family named '", name, "'");
}

}  // namespace

const char* family_name(KernelFamily family) {
  switch (family) {
    case KernelFamily::kSimt: return "simt";
    case KernelFamily::kMma: return "mma";
    case KernelFamily::kWgmma: return "wgmma";
    case KernelFamily::kSkinny: return "skinny";
    default: return "classic16";
  }
}

bool built_with_sm90a() {
#ifdef TILEDMM_WITH_SM90A
  return true;
#else
  return false;
#endif
}

Plan plan_gemm(const GemmShape& s, const GpuInfo& gpu, std::string_view requested, std::string* why_out) {
  const Reasons why{why_out};
  Plan plan;
  plan.split = {1, s.k};
  const auto [requested_kernel, requested_config] = split_kernel_spec(requested);
  const bool half = s.dtype == c10::kHalf || s.dtype == c10::kBFloat16;
  // wgmma and setmaxnreg exist on sm_90 only (sm_90a code does not run on later GPUs).
  const bool wgmma_ok = built_with_sm90a() && gpu.compute_capability == 90;
  std::optional<WgmmaConfigId> stream_tile;  // the planner's wgmma tile for small-row products
  if (!requested.empty()) {
    plan.family = family_by_name(requested_kernel);
    why.add("requested by name");
  } else if (s.dtype == c10::kFloat && s.allow_tf32 && wgmma_ok) {
    plan.family = KernelFamily::kWgmma;
    why.add("float32 with TF32 allowed (torch.backends.cuda.matmul.allow_tf32): TF32 tensor cores "
            "through TMA + wgmma, float32 accumulation");
  } else if (s.dtype == c10::kFloat && s.allow_tf32 && gpu.compute_capability >= 80) {
    plan.family = KernelFamily::kMma;
    why.add("float32 with TF32 allowed (torch.backends.cuda.matmul.allow_tf32): TF32 tensor cores "
            "through mma.sync m16n8k8, float32 accumulation");
  } else if (!half && gpu.compute_capability >= 80) {
    plan.family = KernelFamily::kSimt;
    why.add("IEEE ", dtype_name(s.dtype), " on CUDA cores");
  } else if (half && wgmma_ok && small_rows_stream_on_c_transposed_tiles(s, gpu)) {
    // The family and its tile together: wgmma named without a tile keeps its own rules.
    plan.family = KernelFamily::kWgmma;
    stream_tile = small_rows_stream_tile(s, gpu);
    const WgmmaTile& t = wgmma_tile(*stream_tile);
    why.add(dtype_name(s.dtype), " with ", s.m, " rows on the small side: ", c_transposed_tiles(s, t), " tiles of ",
            t.block_m, " of the weight's rows x all ", s.m, " rows, computed as C^T through TMA + wgmma (sm_90a), ",
            "each block streaming its rows through ", t.stages, " stages",
            *stream_tile == WgmmaConfigId::k64x32ct ? ""
                                                    : ", in one wave (tiles of 64 rows would leave a short last wave "
                                                      "at shallow K)");
  } else if (half && gpu.compute_capability >= 80 && skinny_fits(s)) {
    plan.family = KernelFamily::kSkinny;
    why.add(dtype_name(s.dtype), " with ", std::min(s.m, s.n), " rows on the small side: a bandwidth-bound "
            "stream over the large operand (loads straight into mma.sync fragments)");
  } else if (half && wgmma_ok) {
    plan.family = KernelFamily::kWgmma;
    why.add(dtype_name(s.dtype), " on tensor cores through TMA + wgmma (sm_90a), float32 accumulation");
  } else if (half && gpu.compute_capability >= 80) {
    plan.family = KernelFamily::kMma;
    why.add(dtype_name(s.dtype), " on tensor cores (mma.sync), float32 accumulation");
  } else {
    plan.family = KernelFamily::kClassic16;
    why.add("the simt and mma kernels need sm80+ (cp.async, mma.sync)");
  }
  const bool by_name = !requested_config.empty();
  if (by_name) why.add("tile requested by name");
  switch (plan.family) {
    case KernelFamily::kSimt: {
      // A tile named by the caller runs all of C in one launch.
      const SimtChoice simt = by_name ? SimtChoice{estimate_simt(s, gpu, simt_config_by_name(requested_config, s.dtype)), {}}
                                      : pick_simt(s, gpu, why);
      plan.simt_config = simt.first.id;
      plan.config = simt_tile(plan.simt_config).name;
      plan.split = simt.first.split;
      plan.row_tail = simt.tail;
      if (plan.split.active()) {
        why.add("split-K: ", plan.split.splits, " slices of ", plan.split.k_per_split,
                " along K per tile (the time model's count), summed in a fixed order");
      }
      break;
    }
    case KernelFamily::kMma:
      // 4 warps of 64x64 in 128x128 blocks, 2 blocks per SM: measured fastest on an H200
      // at every shape and layout tried (bench/results/configs/bf16_mma_configs_*.json).
      plan.mma_config = by_name ? config_by_name<MmaConfigId>("mma", requested_config, kMmaTiles,
                                                              static_cast<int>(MmaConfigId::kCount))
                                : MmaConfigId::k128x128W64x64;
      plan.config = mma_tile(plan.mma_config).name;
      break;
    case KernelFamily::kWgmma: {
      // The tile named by the caller, or chosen with the family.
      const std::optional<WgmmaConfigId> given =
          by_name ? std::optional(config_by_name<WgmmaConfigId>("wgmma", requested_config, kWgmmaTiles,
                                                                static_cast<int>(WgmmaConfigId::kCount)))
                  : stream_tile;
      plan.wgmma_c_transposed = pick_wgmma_c_transposed(s, gpu, given, why);
      if (!plan.wgmma_c_transposed && s.dtype == c10::kFloat && s.a_col_major) {
        why.add("TF32 with a column-major A: A's tiles read into registers "
                "(TF32 wgmma reads shared memory K-major only)");
      }
      plan.wgmma_config = given ? *given : pick_wgmma_config(wgmma_kernel_shape(s, plan.wgmma_c_transposed), gpu, why);
      plan.config = wgmma_tile(plan.wgmma_config).name;
      // A C^T config computes C^T in either layout of B (16-bit types only).
      if (wgmma_tile(plan.wgmma_config).c_transposed) plan.wgmma_c_transposed = true;
      break;
    }
    case KernelFamily::kSkinny:
      plan.skinny_config = by_name ? config_by_name<SkinnyConfigId>("skinny", requested_config, kSkinnyTiles,
                                                                    static_cast<int>(SkinnyConfigId::kCount))
                                   : pick_skinny_config(s, gpu, why);
      plan.config = skinny_tile(plan.skinny_config).name;
      TORCH_CHECK(!skinny_tile(plan.skinny_config).staged || wgmma_ok, "tiledmm: skinny config ", plan.config,
                  " needs an sm_90 GPU and a build for sm_90a (TMA into shared memory)");
      break;
    default:
      plan.config = "16x16 tile, 1 output per thread";
  }
  // simt's slices came with its tile, from the time model.
  if (s.k > 0 && plan.family == KernelFamily::kSkinny) {
    // The blocks are (large rows / block rows) x (small rows / 32), and any block step may be
    // a slice. The staged config's blocks are counted by its 32-row passes too, though its grid
    // shares out 8-row tiles: a block whose only pass holds fewer tiles runs them in slower
    // per-tile boxes (bench/NOTES.md, session 59).
    const SkinnyTile& t = skinny_tile(plan.skinny_config);
    const bool small_is_m = skinny_small_is_m(s.m, s.n);
    const int64_t tiles = ceil_div(small_is_m ? s.n : s.m, t.block_rows()) *
                          ceil_div(small_is_m ? s.m : s.n, SkinnyTile::kSmallRowsMax);
    // TILEDMM_SKINNY_SPLIT=n: n slices along K whatever the rule says (measurement).
    static const int forced_splits = environment_number("TILEDMM_SKINNY_SPLIT");
    if (forced_splits > 0) {
      plan.split = k_slices(s.k, forced_splits, t.step_k());
      why.add("split-K forced by TILEDMM_SKINNY_SPLIT: ", plan.split.splits, " slices of ", plan.split.k_per_split,
              " along K");
    } else {
      plan.split = pick_stream_split(s, tiles, t.step_k(), gpu.sm_count, why);
    }
  } else if (s.k > 0 && plan.family == KernelFamily::kMma) {
    const MmaTile& t = mma_tile(plan.mma_config);
    const int block_k = t.k_elements(static_cast<int>(c10::elementSize(s.dtype)));
    plan.split = pick_split_k(s, tile_count(s, t.block_m, t.block_n), block_k,
                              int64_t{gpu.sm_count} * t.min_blocks_per_sm, why, /*min_slice_k_tiles=*/4);
  } else if (s.k > 0 && plan.family == KernelFamily::kWgmma) {
    // Persistent: blocks_per_sm blocks per SM; a k-tile is k_boxes x 128 bytes of K.
    const WgmmaTile& t = wgmma_tile(plan.wgmma_config);
    if (t.sixteen_bit_only()) {
      TORCH_CHECK(s.dtype != c10::kFloat, "tiledmm: wgmma config ", t.name,
                  " runs bfloat16 and float16 only, not float32 (TF32)");
      // Ping-pong consumers take turns on whole tiles. C^T boxes are 16-bit outputs (no
      // split-K planes), but a C^T tile may be cut along K into a head and tails.
      if (t.c_transposed) plan.last_wave = c_transposed_k_parts(s, plan.wgmma_config, gpu, why);
      return plan;
    }
    const int64_t tiles = tile_count(wgmma_kernel_shape(s, plan.wgmma_c_transposed), t.block_m, t.block_n);
    const WgmmaKCut cut = wgmma_k_cut(s, plan.wgmma_config, tiles, gpu, why);
    plan.split = cut.split;
    plan.last_wave = cut.halves;
    if (!plan.split.active() && !plan.last_wave.active()) {
      const int64_t k_tiles = ceil_div(s.k, int64_t{t.block_k(static_cast<int>(c10::elementSize(s.dtype)))});
      plan.last_wave = pick_last_wave_split(tiles, k_tiles, int64_t{gpu.sm_count} * t.blocks_per_sm, why);
    }
  }
  return plan;
}

std::vector<std::string> plan_report(const GemmShape& shape, const GpuInfo& gpu,
                                     std::optional<std::string_view> kernel) {
  std::string requested;
  if (kernel.has_value() && !kernel->empty() && *kernel != "auto") {
    require_kernel(*kernel, c10::DeviceType::CUDA, shape.dtype);
    requested = std::string(*kernel);
  }
  std::string why;
  const Plan plan = plan_gemm(shape, gpu, requested, &why);
  // The kernel computes C^T: wgmma's TF32 orientation, or skinny with N the small side.
  const bool c_transposed = plan.family == KernelFamily::kWgmma   ? plan.wgmma_c_transposed
                            : plan.family == KernelFamily::kSkinny ? !skinny_small_is_m(shape.m, shape.n)
                                                                   : false;
  return {family_name(plan.family), plan.config, why, std::to_string(plan.split.splits), c_transposed ? "1" : "0",
          std::to_string(plan.last_wave.tiles), std::to_string(plan.last_wave.head_k_tiles),
          std::to_string(plan.row_tail.rows),
          plan.row_tail.beside() ? "few_rows" : plan.row_tail.active() ? simt_tile(plan.row_tail.config).name : "",
          std::to_string(plan.row_tail.split.splits), std::to_string(plan.row_tail.beside_blocks),
          std::to_string(plan.last_wave.active() ? plan.last_wave.tails : 0)};
}

namespace {

// tiledmm::_plan: the planner's choice for a described problem and GPU, without a GPU.
std::vector<std::string> plan_op(int64_t m, int64_t n, int64_t k, c10::ScalarType dtype,
                                 bool a_col_major, bool b_col_major, int64_t compute_capability,
                                 int64_t sm_count, std::optional<std::string_view> kernel,
                                 bool allow_tf32, bool a_aligned, bool b_aligned, bool a_off_sectors,
                                 bool b_off_sectors, bool b_off_cache_lines) {
  const GemmShape shape{m,          n,         k,         dtype,         a_col_major,  b_col_major,
                        allow_tf32, a_aligned, b_aligned, a_off_sectors, b_off_sectors, b_off_cache_lines};
  return plan_report(shape, {static_cast<int>(compute_capability), static_cast<int>(sm_count)}, kernel);
}

// tiledmm::_tile_table: the tile configs of the mma, wgmma, skinny and simt families, one row each:
// "name|block_m|block_n|block_k|warp_m|warp_n|thread_m|thread_n|stages|threads|min_blocks_per_sm|element_size|
// smem_bytes|tiles_per_block" (mma: thread_m x thread_n = the outputs one thread holds, spread over its
// fragments; tiles_per_block: the tiles a block holds at once, 2 for wgmma's ping-pong consumers).
std::vector<std::string> tile_table_op() {
  std::vector<std::string> rows;
  for (const MmaTile& t : kMmaTiles) {
    std::ostringstream row;
    row << t.name << '|' << t.block_m << '|' << t.block_n << '|' << t.block_k << '|' << t.warp_m()
        << '|' << t.warp_n() << '|' << 2 * t.frags_m() << '|' << 2 * t.frags_n() << '|' << t.stages
        << '|' << t.threads() << '|' << t.min_blocks_per_sm << '|' << 2 << '|' << t.smem_bytes(2) << "|1";
    rows.push_back(row.str());
  }
  // wgmma: block_k for 2-byte types (k_boxes x 128 bytes of K); the "warp" tile is a consumer
  // warpgroup's 64 x block_n slab, of which a thread holds 2 rows x block_n / 4 columns.
  // A ping-pong consumer holds the whole tile: its slabs_per_consumer slabs.
  for (const WgmmaTile& t : kWgmmaTiles) {
    std::ostringstream row;
    row << t.name << '|' << t.block_m << '|' << t.block_n << '|' << t.block_k(2) << '|'
        << 64 * t.slabs_per_consumer() << '|' << t.block_n << '|' << 2 * t.slabs_per_consumer() << '|'
        << t.block_n / 4 << '|' << t.stages << '|' << t.threads()
        << '|' << t.blocks_per_sm << '|' << 2 << '|' << t.smem_bytes() << '|' << (t.ping_pong ? t.consumers() : 1);
    rows.push_back(row.str());
  }
  // skinny: the block tile is up to 32 small rows x block_rows large rows (listed as
  // M x N, the orientation when M is the small side), K advancing step_k per block step;
  // every warp accumulates that whole tile over its own part of K: 8 x w_tiles
  // outputs per thread, and the warps' sums meet in `smem`.
  for (const SkinnyTile& t : kSkinnyTiles) {
    std::ostringstream row;
    row << t.name << '|' << SkinnyTile::kSmallRowsMax << '|' << t.block_rows() << '|' << t.step_k() << '|'
        << SkinnyTile::kSmallRowsMax << '|' << t.block_rows() << '|' << 8 << '|' << t.w_tiles << '|'
        << 1 << '|' << t.threads() << '|' << 1 << '|' << 2 << '|' << t.reduce_smem_bytes() << "|1";
    rows.push_back(row.str());
  }
  for (int i = 0; i < static_cast<int>(SimtConfigId::kCount); ++i) {
    const SimtTile& t = kSimtTiles[i];
    const int element_size = std::string_view(t.name).substr(0, 3) == "f64" ? 8 : 4;
    std::ostringstream row;
    row << t.name << '|' << t.block_m << '|' << t.block_n << '|' << t.block_k << '|' << t.warp_m()
        << '|' << t.warp_n() << '|' << t.thread_m() << '|' << t.thread_n() << '|' << t.stages
        << '|' << t.threads() << '|' << t.min_blocks_per_sm << '|' << element_size << '|'
        << t.smem_bytes(element_size) << "|1";
    rows.push_back(row.str());
  }
  return rows;
}

}  // namespace

TORCH_LIBRARY_FRAGMENT(tiledmm, m) {
  m.def("_tile_table() -> str[]", &tile_table_op);
  m.def(
      "_plan(int m, int n, int k, ScalarType dtype, bool a_col_major, bool b_col_major, "
      "int compute_capability, int sm_count, str? kernel=None, bool allow_tf32=False, bool a_aligned=True, "
      "bool b_aligned=True, bool a_off_sectors=False, bool b_off_sectors=False, bool b_off_cache_lines=False) -> str[]",
      &plan_op);
}

}  // namespace tiledmm::cuda
