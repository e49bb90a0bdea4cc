// The host side of the wgmma family (wgmma_kernel.cuh): the kernel instance for a config
// and layout, the operands' and the output's tensor maps, operands repacked where TMA cannot
// read them, row classes, the persistent grid and its schedule, and the launch.
#pragma once

#include "wgmma_kernel.cuh"

#include "launchers.h"
#include "wgmma_typed.h"

#include "clear_flags.h"
#include "dependent_launch.h"
#include "dynamic_smem.h"

#include "../measurement_switch.h"
#include "../operand_workspace.h"
#include "../row_classes.h"
#include "../tensor_map.h"
#include "../wgmma_configs.h"

#include <ATen/cuda/CUDAContext.h>
#include <ATen/ops/empty.h>
#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <numeric>
#include <optional>
#include <type_traits>

namespace tiledmm::cuda::wgmma_detail {

// Runtime WgmmaConfigId -> compile-time constant.
template <typename F>
void with_wgmma_config(WgmmaConfigId id, F&& f) {
  switch (id) {
    case WgmmaConfigId::k64x64: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k64x64>{}); break;
    case WgmmaConfigId::k128x64: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x64>{}); break;
    case WgmmaConfigId::k128x128: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x128>{}); break;
    case WgmmaConfigId::k128x192: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x192>{}); break;
    case WgmmaConfigId::k128x128pp: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x128pp>{}); break;
    case WgmmaConfigId::k64x32ct: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k64x32ct>{}); break;
    case WgmmaConfigId::k64x80ct: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k64x80ct>{}); break;
    case WgmmaConfigId::k128x144ct: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x144ct>{}); break;
    case WgmmaConfigId::k128x96ct: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x96ct>{}); break;
    case WgmmaConfigId::k128x112ct: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x112ct>{}); break;
    case WgmmaConfigId::k128x160ct: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x160ct>{}); break;
    default: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x256>{}); break;
  }
}

// The kernels of a C^T config that read a column-major A in place (as their MN-major B)
// exist where the config reads one well (c_transposed_reads_column_major_a), for 16-bit C
// without activation (each instance costs compile time): a weight's gradient, dY^T X,
// reaches them. Elsewhere the launcher copies such an A row-major first.
template <typename T, typename Out, WgmmaConfigId kConfig, Activation kActivation>
constexpr bool kColumnMajorACtInstances =
    !std::is_same_v<T, float> && std::is_same_v<T, Out> && kActivation == Activation::kNone &&
    c_transposed_reads_column_major_a(wgmma_tile(kConfig), sizeof(T));

inline bool c_transposed_reads_a_in_place(const WgmmaTile& t, int element_size, Activation activation) {
  return c_transposed_reads_column_major_a(t, element_size) && activation == Activation::kNone;
}

// The kernel instance for a config and the operands' orientation. TF32 (T = float) reads
// at most one MN-major operand, as the kernel's A in registers: an MN-major A as it is, an
// MN-major B by computing C^T (wgmma_computes_c_transposed). With both MN-major the
// launcher transposes A first. A 16-bit C^T config reads B (its A) in either layout, and A
// (its B) in either layout where kColumnMajorACtInstances, else row-major (K-major: the
// launcher makes a column-major A row-major first).
template <typename T, typename Out, WgmmaConfigId kConfig, Activation kActivation = Activation::kNone>
auto wgmma_kernel_for(bool a_mn_major, bool b_mn_major) {
  if constexpr (wgmma_tile(kConfig).c_transposed) {
    static_assert(!std::is_same_v<T, float>, "C^T configs: 16-bit types");
    constexpr bool kColumnMajorA = kColumnMajorACtInstances<T, Out, kConfig, kActivation>;
    TORCH_CHECK(!a_mn_major || kColumnMajorA, "tiledmm.gemm (wgmma): ", wgmma_tile(kConfig).name,
                " reads a row-major A only here (the launcher copies a column-major one)");
    if constexpr (kColumnMajorA) {
      if (a_mn_major && b_mn_major) return wgmma_gemm_kernel<T, Out, kConfig, true, true, kActivation, true>;
      if (a_mn_major) return wgmma_gemm_kernel<T, Out, kConfig, false, true, kActivation, true>;
    }
    if (b_mn_major) return wgmma_gemm_kernel<T, Out, kConfig, true, false, kActivation, /*kTransposedC=*/true>;
    return wgmma_gemm_kernel<T, Out, kConfig, false, false, kActivation, /*kTransposedC=*/true>;
  } else if constexpr (std::is_same_v<T, float>) {
    TORCH_CHECK(!(a_mn_major && b_mn_major), "tiledmm.gemm (wgmma): TF32 reads one MN-major operand at most");
    if (b_mn_major) return wgmma_gemm_kernel<T, Out, kConfig, true, false, kActivation, /*kTransposedC=*/true>;
    if (a_mn_major) return wgmma_gemm_kernel<T, Out, kConfig, true, false, kActivation>;
    return wgmma_gemm_kernel<T, Out, kConfig, false, false, kActivation>;
  } else {
    if (a_mn_major && b_mn_major) return wgmma_gemm_kernel<T, Out, kConfig, true, true, kActivation>;
    if (a_mn_major) return wgmma_gemm_kernel<T, Out, kConfig, true, false, kActivation>;
    if (b_mn_major) return wgmma_gemm_kernel<T, Out, kConfig, false, true, kActivation>;
    return wgmma_gemm_kernel<T, Out, kConfig, false, false, kActivation>;
  }
}

template <typename Out>
CUtensorMapDataType output_tma_dtype() {
  if constexpr (std::is_same_v<Out, c10::BFloat16>) return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  if constexpr (std::is_same_v<Out, c10::Half>) return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;  // float32 C (TF32) or split-K planes: stored as is
}

// Measurement switches (../measurement_switch.h): each read once per process.

// TILEDMM_WGMMA_STORES=direct sends every output box out with the threads' own row-wise
// stores, the path of outputs whose rows TMA cannot address: what the TMA stores buy.
inline bool direct_stores_forced() {
  static const bool forced = environment_says("TILEDMM_WGMMA_STORES", "direct");
  return forced;
}

// TILEDMM_SPLIT_LAST_WAVE=off runs every tile whole, whatever the plan says: what splitting
// the last wave buys.
inline bool last_wave_split_switched_off() {
  static const bool off = environment_says("TILEDMM_SPLIT_LAST_WAVE", "off");
  return off;
}

// TILEDMM_CT_STREAM_LEAD=off launches the C^T configs plainly (no programmatic launch, no L2
// prefetch ahead of the wait, no early signal to the next kernel); TILEDMM_CT_LEAD_K_TILES=n
// prefetches n k-tiles of a block's first tile (0: none): what leading a stream buys.
inline bool c_transposed_stream_lead_switched_off() {
  static const bool off = environment_says("TILEDMM_CT_STREAM_LEAD", "off");
  return off;
}
// TILEDMM_WGMMA_LAUNCH=plain launches the other wgmma grids as before session 77: programmatic
// only right behind our own copy or flag-clearing kernel, not behind any kernel.
inline bool programmatic_behind_any_kernel_switched_off() {
  static const bool off = environment_says("TILEDMM_WGMMA_LAUNCH", "plain");
  return off;
}
inline int c_transposed_lead_k_tiles() {
  constexpr int kMeasured = 2;  // k0 and k4 within noise of it (bench/NOTES.md, session 65)
  static const int k_tiles = std::getenv("TILEDMM_CT_LEAD_K_TILES") != nullptr
                                 ? environment_number("TILEDMM_CT_LEAD_K_TILES")
                                 : kMeasured;
  return k_tiles;
}

// TILEDMM_CLEAR_FLAGS=memset zeroes a split last wave's flags in its workspace with
// cudaMemsetAsync, which the GEMM then follows as a plain dependency, and =kernel with
// clear_flags, as a programmatic one (as under graph capture): what the standing flags buy,
// and what clear_flags' programmatic launch buys over the memset.
inline bool flags_memset_forced() {
  static const bool forced = environment_says("TILEDMM_CLEAR_FLAGS", "memset");
  return forced;
}
inline bool flags_cleared_per_call() {
  static const bool forced = flags_memset_forced() || environment_says("TILEDMM_CLEAR_FLAGS", "kernel");
  return forced;
}

// TILEDMM_ROW_CLASSES=off reads A as before row classes (copied where TMA cannot read it,
// in place where it can): what the classes buy.
inline bool row_classes_switched_off() {
  static const bool off = environment_says("TILEDMM_ROW_CLASSES", "off");
  return off;
}

// TILEDMM_MOVED_TILES=off starts every tile at a multiple of its size, ragged last tiles
// reaching past the operands (TMA zero-fills their boxes): what moving them inside buys.
inline bool moved_tiles_switched_off() {
  static const bool off = environment_says("TILEDMM_MOVED_TILES", "off");
  return off;
}

// The widest word (2 to 16 bytes) at which every row of a row-major [*, n] output starts.
inline int store_word_bytes(const void* out, int64_t n, int64_t element_size) {
  const auto address = reinterpret_cast<uintptr_t>(out);
  int word = 16;
  while (word > element_size && ((n * element_size) % word != 0 || address % word != 0)) word /= 2;
  return word;
}

// The tensor map of an operand tile of block_mn rows along MN (see StagedOperand).
// MN-major boxes are a whole k-tile deep (block_k k-rows) and one swizzle run wide
// (mn_major_swizzle_bytes); K-major ones 128 bytes of K wide (a k-tile of several such boxes
// loads each) and block_mn rows deep, or as deep as a smaller operand (k_major_box_rows).
template <typename T>
CUtensorMap operand_tensor_map(const MatrixView& v, bool is_a, int block_mn, int block_k) {
  const bool mn_major = is_a ? v.col_major : !v.col_major;
  const int64_t k_extent = is_a ? v.cols : v.rows, mn_extent = is_a ? v.rows : v.cols;
  constexpr int kSize = sizeof(T);
  const int64_t ld_bytes = v.ld * static_cast<int64_t>(kSize);
  if (mn_major) {
    const int swizzle = mn_major_swizzle_bytes(block_mn, kSize);
    return make_tensor_map_2d(v.data, tma_dtype<T>(), mn_extent, k_extent, ld_bytes, swizzle / kSize, block_k, swizzle);
  }
  return make_tensor_map_2d(v.data, tma_dtype<T>(), k_extent, mn_extent, ld_bytes, kSwizzleRowBytes / kSize,
                            k_major_box_rows(block_mn, mn_extent));
}

// Row classes (row_classes.h) of a row-major A, in tiles of block_m rows; none where they
// would make more tile rows than A itself does, or where a class's rows, counted from their
// aligned start, would overlap the next ones (a contiguous A with a storage offset).
template <typename T>
std::optional<RowClasses> row_classes_of(const MatrixView& a, int block_m) {
  constexpr int64_t kSize = sizeof(T);
  const int64_t pitch = a.ld * kSize;
  RowClasses classes{};
  constexpr int64_t kAlignment = RowClasses::kAlignment;
  classes.count = static_cast<int32_t>(kAlignment / std::gcd(pitch, kAlignment));
  // Class j's rows, counted from row j's start rounded down to kAlignment bytes.
  auto class_base = [&](int j) { return (reinterpret_cast<uintptr_t>(a.data) + j * pitch) & ~uintptr_t{kAlignment - 1}; };
  int64_t tiles = 0;
  for (int j = 0; j < RowClasses::kMax; ++j) {
    classes.first_tile[j] = static_cast<int32_t>(tiles);
    if (j >= classes.count) continue;
    const uintptr_t start = reinterpret_cast<uintptr_t>(a.data) + j * pitch;
    const int64_t shift = static_cast<int64_t>(start - class_base(j)) / kSize;
    const int64_t rows = j < a.rows ? (a.rows - j + classes.count - 1) / classes.count : 0;
    if ((a.cols + shift) * kSize > classes.count * pitch) return std::nullopt;
    classes.shift[j] = static_cast<int32_t>(shift);
    classes.rows[j] = rows;
    classes.max_shift = std::max(classes.max_shift, classes.shift[j]);
    tiles += (rows + block_m - 1) / block_m;
  }
  classes.first_tile[RowClasses::kMax] = static_cast<int32_t>(tiles);
  if (tiles != (a.rows + block_m - 1) / block_m) return std::nullopt;  // never fewer
  // The tensor maps only for classes that will run. A class without rows is never loaded;
  // its map only has to be valid.
  for (int j = 0; j < classes.count; ++j) {
    classes.maps[j] = make_tensor_map_2d(reinterpret_cast<const void*>(class_base(j)), tma_dtype<T>(),
                                         a.cols + classes.shift[j],
                                         std::max<int64_t>(classes.rows[j], 1), classes.count * pitch,
                                         kSwizzleRowBytes / static_cast<int>(kSize), block_m);
  }
  return classes;
}

// Whether reading A by row classes beats the alternative, for an A whose rows TMA could
// read in place (16 bytes into their sectors) or could not (then copied). The classes'
// rows start on 32-byte but mostly not on 128-byte boundaries, which costs TMA a second L2
// request per row and k-tile. Against a copy that pays only where A is the narrow side of
// the tile (H100, 4088 x 4096 x 4095 bf16: 128x256 184 against 195 us, 128x128 239 against
// 207); against rows read in place off their sectors it pays everywhere but there
// (4088 x 4096 x 4088: 128x64 396 against 505 us, 128x256 178 against 174; bench/NOTES.md,
// session 21).
inline bool row_classes_pay(bool tma_could_read_in_place, const WgmmaTile& tile) {
  return tma_could_read_in_place ? tile.block_n < 256 : tile.block_n == 256;
}

// The kernels that read A by row classes exist for 16-bit C without split-K or activation
// (each instance costs compile time): the products that reach them are gemm calls.
template <typename T, typename Out, Activation kActivation>
constexpr bool kRowClassInstances =
    !std::is_same_v<T, float> && std::is_same_v<T, Out> && kActivation == Activation::kNone;

// Out = T: the output C with the problem's epilogue; Out = float: split-K partial planes.
// `a_classes`: A is read in place by row classes (16-bit types, A and B row-major, no
// split-K, no activation), else null.
template <typename T, WgmmaConfigId kConfig, typename Out, Activation kActivation>
void launch_config(const MatrixView& a, const MatrixView& b, Out* out, const GemmProblem& p, const SplitK& split,
                   const LastWaveSplit& last_wave, OutputEpilogue<Out, kActivation> epilogue,
                   const RowClasses* a_classes, bool behind_operand_copy, cudaStream_t stream) {
  constexpr WgmmaTile kTile = wgmma_tile(kConfig);
  const bool a_mn_major = a.col_major, b_mn_major = !b.col_major;
  const bool transposed = wgmma_computes_c_transposed(std::is_same_v<T, float>, b.col_major) || kTile.c_transposed;
  const auto kernel = wgmma_kernel_for<T, Out, kConfig, kActivation>(a_mn_major, b_mn_major);
  static std::atomic<uint64_t> opted_in[4];  // per instance (kActivation is a template parameter)
  allow_dynamic_smem(kernel, kTile.smem_bytes(), opted_in[2 * a_mn_major + b_mn_major]);

  // The kernel's operands and extent: (A, B, m, n), or (B, A, n, m) computing C^T.
  const MatrixView& kernel_a = transposed ? b : a;
  const MatrixView& kernel_b = transposed ? a : b;
  const int64_t kernel_m = transposed ? p.n : p.m, kernel_n = transposed ? p.m : p.n;
  const CUtensorMap a_map =
      a_classes != nullptr ? CUtensorMap{}
                           : operand_tensor_map<T>(kernel_a, /*is_a=*/!transposed, kTile.block_m, kTile.block_k(sizeof(T)));
  const CUtensorMap b_map = operand_tensor_map<T>(kernel_b, /*is_a=*/transposed, kTile.block_n, kTile.block_k(sizeof(T)));
  // C (or the split-K planes) through TMA stores when its rows keep 16-byte alignment (and,
  // with row classes, a tile's rows are consecutive ones).
  const bool tma_store = output_tensor_map_ok(out, p.n, sizeof(Out)) && !direct_stores_forced() &&
                         (a_classes == nullptr || a_classes->count == 1);
  // Otherwise row-wise stores in the widest word that every row start keeps aligned.
  const int direct_word_bytes = tma_store ? 0 : store_word_bytes(out, p.n, sizeof(Out));
  // Boxes of 64 C rows, of 32 (TransposedStagedOutput: two per output buffer), or of a C^T
  // config's c_box_rows (TransposedStagedOutput16).
  const int c_box_rows = kTile.c_transposed ? kTile.c_box_rows() : transposed ? 32 : 64;
  const CUtensorMap c_map = tma_store ? make_output_tensor_map(out, output_tma_dtype<Out>(), p.n, p.m, split.splits,
                                                               sizeof(Out), c_box_rows)
                                      : CUtensorMap{};
  const int64_t tiles_m = a_classes != nullptr ? a_classes->first_tile[RowClasses::kMax]
                                               : (kernel_m + kTile.block_m - 1) / kTile.block_m;
  const int64_t tiles_n = (kernel_n + kTile.block_n - 1) / kTile.block_n;
  const int64_t tiles = tiles_m * tiles_n;
  const int sm_count = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
  TORCH_CHECK(tiles * split.splits <= kMaxPersistentUnits, "tiledmm.gemm (wgmma): ", tiles * split.splits,
              " work units exceed the persistent schedule's 32-bit indices");
  // Persistent: as many blocks as fit on the GPU at once, or one per unit if fewer (per two
  // units with ping-pong consumers, so that both take turns). A product cut along K whole
  // (every tile in the split "last wave": in halves, or a C^T config's head and tails, all
  // at once on the GPU) takes a block per head and one per tail.
  const int64_t slots = int64_t{sm_count} * kTile.blocks_per_sm;
  const bool all_split = last_wave.active() && last_wave.tiles == tiles && !last_wave_split_switched_off();
  const int64_t units_per_block = kTile.ping_pong ? 2 : 1;
  const unsigned blocks = static_cast<unsigned>(
      all_split ? (1 + last_wave.tails) * tiles
                : std::min((tiles * split.splits + units_per_block - 1) / units_per_block, slots));
  TORCH_CHECK(!kTile.ping_pong || !last_wave.active(), "tiledmm.gemm (wgmma): ", kTile.name,
              " splits no last wave (its consumers take turns on whole tiles)");
  // A split last wave: a partial-sum slot per tail (one tile of float32), a workspace that
  // returns to the caching allocator on this stream, and a flag per slot and consumer: the
  // stream's standing flags (clear_flags.h), or, while a graph is captured, flags in the
  // workspace zeroed by a kernel this one follows as a programmatic dependent.
  TilePartials partials{};
  at::Tensor workspace;
  // The row classes' K coordinates run max_shift elements further (row_classes.h), in one
  // slice.
  constexpr int64_t kBK = kTile.block_k(sizeof(T));
  const int64_t k = a_classes != nullptr ? p.k + a_classes->max_shift : p.k;
  const int64_t k_tiles = (k + kBK - 1) / kBK;
  const int64_t tail_k_tiles = last_wave.tail_k_tiles(k_tiles);
  const bool split_last_wave = last_wave.active() && !last_wave_split_switched_off();
  bool cleared = false;  // flags zeroed by a launch ahead of this one
  if (split_last_wave) {
    TORCH_CHECK(!split.active() && (tiles > blocks || (all_split && blocks <= slots)) &&
                    last_wave.tiles == tiles % blocks && last_wave.head_k_tiles > 0 && last_wave.tails >= 1 &&
                    last_wave.head_k_tiles + (last_wave.tails - 1) * tail_k_tiles < k_tiles,
                "tiledmm.gemm (wgmma): a split last wave needs its R = tiles mod blocks tiles (all of them: as "
                "many blocks as heads and tails, at most the block slots), no split-K, and a head and tails of "
                "at least a k-tile each");
    const int64_t slots_of_sums = last_wave.tiles * last_wave.tails;
    const int64_t sum_floats = slots_of_sums * kTile.block_m * kTile.block_n;
    const int64_t flags = slots_of_sums * kTile.consumers();
    partials.flags = flags_cleared_per_call() ? nullptr : standing_flags(flags, stream);
    const bool own_flags = partials.flags == nullptr;
    // (on the current device: the caller's guard holds C's)
    workspace = at::empty({sum_floats + (own_flags ? flags : 0)},
                          at::TensorOptions().dtype(at::kFloat).device(at::kCUDA));
    partials.sums = reinterpret_cast<float4*>(workspace.data_ptr<float>());
    partials.tiles = last_wave.tiles;
    partials.tails = last_wave.tails;
    if (own_flags) {
      partials.flags = reinterpret_cast<int*>(workspace.data_ptr<float>() + sum_floats);
      if (flags_memset_forced()) {
        C10_CUDA_CHECK(cudaMemsetAsync(partials.flags, 0, flags * sizeof(int), stream));
      } else {
        clear_flags(partials.flags, flags, stream);
      }
      cleared = true;
    }
  }
  // Programmatic behind any kernel but a memset (the flags' clearing by cudaMemsetAsync, a
  // plain dependency): the grid is placed as the kernel ahead's blocks leave, its launch under
  // their tail, and waits for that kernel's writes (wait_for_prior_kernel) before it reads or
  // writes memory. A kernel ahead that does not signal early (torch's, our copies) lets it in
  // only once all of its blocks have exited, so no block of its own is crowded out.
  // A C^T config of whole tiles (the small-row streams of a decode step) also leads into a
  // stream as skinny does (dependent_launch.h): its first k-tiles of A (the weight)
  // prefetched into L2 before the wait, the next kernel placed from its start (its grid is
  // persistent: every block resident at once, none crowded out).
  StreamLead lead;
  const bool leads_stream = kTile.c_transposed && !last_wave.active() && !behind_operand_copy &&
                            a_classes == nullptr && !c_transposed_stream_lead_switched_off();
  if (leads_stream) lead = StreamLead{c_transposed_lead_k_tiles(), /*dependents_early=*/true};
  const bool behind_a_kernel = behind_operand_copy || !programmatic_behind_any_kernel_switched_off();
  const bool programmatic = leads_stream || (cleared ? !flags_memset_forced() : behind_a_kernel);
  // The schedule's work, its divisors ready.
  const int64_t k_per_split = a_classes != nullptr ? k : split.k_per_split;
  TORCH_CHECK(fits_grouped_tile_order<kGroupRows>(tiles_m, tiles_n), "tiledmm.gemm (wgmma): ", tiles_m, " x ",
              tiles_n, " tiles exceed the persistent schedule's 32-bit indices");
  PersistentWork work = persistent_work<kGroupRows>(
      tiles_m, tiles_n, k_tiles, (k_per_split + kBK - 1) / kBK, partials.tiles,
      split_last_wave ? last_wave.head_k_tiles : 0, last_wave.tails, tail_k_tiles);
  work.move_last_tiles = !moved_tiles_switched_off();
  if (a_classes == nullptr) {
    launch_after_prior_kernel(kernel, blocks, kTile.threads(), kTile.smem_bytes(), stream, programmatic, a_map,
                              b_map, c_map, NoRowClasses{}, direct_word_bytes, out, kernel_m, kernel_n, work, partials,
                              lead, epilogue);
  } else if constexpr (kRowClassInstances<T, Out, kActivation> && !kTile.ping_pong && !kTile.c_transposed) {
    const auto by_classes = wgmma_gemm_kernel<T, Out, kConfig, false, true, kActivation, false, /*kRowClasses=*/true>;
    static std::atomic<uint64_t> classes_opted_in;
    allow_dynamic_smem(by_classes, kTile.smem_bytes(), classes_opted_in);
    launch_after_prior_kernel(by_classes, blocks, kTile.threads(), kTile.smem_bytes(), stream, programmatic,
                              a_map, b_map, c_map, *a_classes, direct_word_bytes, out, kernel_m, kernel_n, work,
                              partials, lead, epilogue);
  } else {
    TORCH_CHECK(false, "tiledmm.gemm (wgmma): no row-class kernel for this output and epilogue");
  }
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

// TMA's rules, else a repacked copy: 16-byte aligned rows (32-byte with `whole_sectors`),
// and `k_major`: the operand transposed to run along K if it does not.
inline MatrixView tma_ready(const MatrixView& v, bool is_a, bool k_major, bool whole_sectors,
                            const at::TensorOptions& options, at::Tensor& storage) {
  // K-major: A row-major, B column-major.
  return aligned_operand(v, options, storage, k_major ? std::optional<bool>(!is_a) : std::nullopt, whole_sectors);
}

// c_transposed (TF32, B row-major): the kernel computes C^T and needs A K-major. Otherwise
// TF32 needs B K-major (wgmma_kernel_for); the 16-bit types read every layout, but a C^T
// config (which computes C^T whatever c_transposed says) A K-major unless it reads a
// column-major one in place (c_transposed_reads_a_in_place).
template <typename T>
void launch_operands(const GemmProblem& p, WgmmaConfigId config, bool c_transposed, const SplitK& split,
                     const LastWaveSplit& last_wave, at::Tensor& out, cudaStream_t stream) {
  constexpr bool kTf32 = std::is_same_v<T, float>;
  TORCH_CHECK(!c_transposed || (kTf32 && !p.b.col_major), "tiledmm.gemm (wgmma): C^T is for TF32 with B row-major");
  const WgmmaTile& tile = wgmma_tile(config);
  TORCH_CHECK(!tile.c_transposed || !split.active(), "tiledmm.gemm (wgmma): ", tile.name,
              " takes no split-K (its output boxes are 16-bit C^T: no float32 planes)");
  const bool kernel_c_transposed = c_transposed || tile.c_transposed;
  at::Tensor a_storage, b_storage;  // workspaces, freed to the caching allocator on this stream
  const auto options = out.options().dtype(p.dtype);
  // An A whose rows do not all start on 32-byte boundaries is read by row classes where
  // the kernel can and they pay (row_classes.h); else it is copied if TMA cannot read it.
  std::optional<RowClasses> a_classes;
  if (!kTf32 && !p.a.col_major && !p.b.col_major && !split.active() &&
      p.epilogue.activation == Activation::kNone && !tile.sixteen_bit_only() &&
      !tma_reads_in_place(p.a, sizeof(T), /*whole_sectors=*/true) &&
      row_classes_pay(tma_reads_in_place(p.a, sizeof(T), /*whole_sectors=*/false), wgmma_tile(config)) &&
      !row_classes_switched_off()) {
    a_classes = row_classes_of<T>(p.a, wgmma_tile(config).block_m);
  }
  // The kernel's B (the problem's A when it computes C^T) is read from whole sectors.
  const bool sectors = kernel_c_transposed ? repack_rows_off_sectors(p.n, p.m, p.k)
                                           : repack_rows_off_sectors(p.m, p.n, p.k);
  const bool a_k_major = (kTf32 && c_transposed) ||
                         (tile.c_transposed && !c_transposed_reads_a_in_place(tile, sizeof(T), p.epilogue.activation));
  const MatrixView a = a_classes ? p.a
                                 : tma_ready(p.a, /*is_a=*/true, a_k_major, sectors && kernel_c_transposed, options,
                                             a_storage);
  const MatrixView b = tma_ready(p.b, /*is_a=*/false, /*k_major=*/kTf32 && !c_transposed,
                                 sectors && !kernel_c_transposed, options, b_storage);
  with_wgmma_config(config, [&](auto id) {
    constexpr WgmmaTile kTile = wgmma_tile(decltype(id)::value);
    if constexpr (kTf32 && kTile.sixteen_bit_only()) {
      TORCH_CHECK(false, "tiledmm.gemm (wgmma): ", kTile.name, " runs bfloat16 and float16 only, not float32 (TF32)");
    } else {
      with_kernel_output<T>(split, p.epilogue, out.data_ptr(), [&](auto* dst, auto epilogue) {
        // (A C^T config's split-K planes were refused above: no float32 C^T boxes.)
        if constexpr (!wgmma_tile(decltype(id)::value).c_transposed ||
                      std::is_same_v<std::remove_pointer_t<decltype(dst)>, T>) {
          launch_config<T, decltype(id)::value>(a, b, dst, p, split, last_wave, epilogue,
                                                a_classes ? &*a_classes : nullptr,
                                                /*behind_operand_copy=*/a_storage.defined() || b_storage.defined(),
                                                stream);
        }
      });
    }
  });
}

template <typename T>
void launch_typed(const GemmProblem& p, WgmmaConfigId config, const SplitK& split, const LastWaveSplit& last_wave,
                  at::Tensor& out,
                  cudaStream_t stream) {
  launch_operands<T>(p, config, /*c_transposed=*/false, split, last_wave, out, stream);
}

template <typename T>
cudaFuncAttributes kernel_attributes(WgmmaConfigId config, bool a_col_major, bool b_col_major) {
  cudaFuncAttributes attributes{};
  with_wgmma_config(config, [&](auto id) {
    // TF32 with both operands MN-major transposes A first; the 16-bit types read all layouts,
    // but C^T configs a column-major A only where c_transposed_reads_column_major_a (the
    // launcher copies it otherwise).
    constexpr WgmmaTile kTile = wgmma_tile(decltype(id)::value);
    const bool a_mn_major = a_col_major && (!std::is_same_v<T, float> || b_col_major) &&
                            (!kTile.c_transposed || c_transposed_reads_column_major_a(kTile, sizeof(T)));
    const bool b_mn_major = !b_col_major;
    if constexpr (std::is_same_v<T, float> && kTile.sixteen_bit_only()) {
      TORCH_CHECK(false, "tiledmm.gemm (wgmma): ", wgmma_tile(decltype(id)::value).name, " has no float32 (TF32) kernel");
    } else {
      C10_CUDA_CHECK(
          cudaFuncGetAttributes(&attributes, wgmma_kernel_for<T, T, decltype(id)::value>(a_mn_major, b_mn_major)));
    }
  });
  return attributes;
}

}  // namespace tiledmm::cuda::wgmma_detail
