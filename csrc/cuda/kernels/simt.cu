// `simt`: the multi-level tiled GEMM on CUDA cores (IEEE float32, float64).
//
// The structure follows the memory hierarchy, one piece per level:
//   global -> shared   TileStager: cp.async copies of a BK x BMN operand tile into one
//                      of `stages` shared-memory buffers (16-byte copies where the data
//                      runs along MN, else 4/8-byte copies that transpose; MN rows that are
//                      not 16-byte aligned are first copied with a padded leading dimension
//                      when enough outputs reuse them, else staged element by element);
//   shared -> regs     load_slice: per k, each thread reads its A column and B row
//                      slices with 128-bit shared loads, one k ahead of the FMAs
//                      (two register buffers), also across k-tiles;
//   registers          the thread tile: thread_m x thread_n accumulators, an outer
//                      product per k (thread_m + thread_n loads feed thread_m*thread_n FMAs);
//   regs -> global     bias + activation (OutputEpilogue), then 128-bit stores: streaming
//                      (st.global.cs) for C, L2's default policy for split-K partial sums,
//                      which the reduction reads next; rows of C that are not 16-byte
//                      aligned shift each vector to the boundary with a warp shuffle
//                      (without activation).
// Blocks visit output tiles in grouped order (tile_order.cuh) to keep panels in L2. C's
// last few rows may run beside the tiles on the SMs they leave idle (few_rows.cu).
#include "launchers.h"

#include "dependent_launch.h"
#include "dynamic_smem.h"
#include "few_rows.h"

#include "../common/epilogue.cuh"
#include "../common/mainloop.cuh"
#include "../common/operand.cuh"
#include "../common/ptx.cuh"
#include "../common/tile_stager.cuh"
#include "../common/tile_order.cuh"
#include "../operand_workspace.h"
#include "../simt_configs.h"

#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>

#include <atomic>
#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda {

namespace {

// ---- shared -> registers ------------------------------------------------------------
// kReps vectors of one staged row (fixed k) for this lane: vector r starts at
// first + r * kLanes * kVec, so the lanes of a warp read consecutive 16-byte vectors.
template <typename T, int kReps, int kLanes, int kVec>
__device__ __forceinline__ void load_slice(T (&frag)[kReps * kVec], const T* first) {
#pragma unroll
  for (int r = 0; r < kReps; ++r) {
    const auto v = *reinterpret_cast<const Vector<T, kVec>*>(first + r * kLanes * kVec);
#pragma unroll
    for (int i = 0; i < kVec; ++i) frag[r * kVec + i] = v.v[i];
  }
}

// ---- regs -> global ------------------------------------------------------------------
// One 16-byte vector of the output. C goes out evict-first (st.global.cs): nothing in this
// call reads it again. Split-K partial sums (`partials`) take L2's default policy: the
// reduction reads them next, and as evict-first lines they were the ones L2 gave up when
// the later planes' stores needed room, so the reduction read them back from DRAM (with
// do_bench's L2 flush, 1024^3 float32: reduction 7.6 -> 4.9 us, the call 65.0 -> 62.4 us;
// bench/NOTES.md, session 43).
template <typename Vector>  // float4 or double2
__device__ __forceinline__ void store_vector(Vector* dst, const Vector& w, bool partials) {
  if (partials) {
    *dst = w;
  } else {
    __stcs(dst, w);
  }
}

template <typename T, int kVec>
__device__ __forceinline__ void store_output_vector(T* dst, const T (&v)[kVec], bool partials) {
  if constexpr (std::is_same_v<T, float> && kVec == 4) {
    store_vector(reinterpret_cast<float4*>(dst), make_float4(v[0], v[1], v[2], v[3]), partials);
  } else if constexpr (std::is_same_v<T, double> && kVec == 2) {
    store_vector(reinterpret_cast<double2*>(dst), make_double2(v[0], v[1]), partials);
  } else {
#pragma unroll
    for (int j = 0; j < kVec; ++j) dst[j] = v[j];
  }
}

// One row of a warp tile whose start in C is `shift` elements past a 16-byte boundary
// (C's rows are not 16-byte aligned: N = 4095, say). Its kRepsN * kLanesN vectors run
// contiguously from col_base, vector rn * kLanesN + q held by lane q along N. Element by
// element, such a row took 4x the store instructions, each writing a quarter of its sectors
// (2048x2047x2045: 413 us against 371 at 2048x2048x2045; 377 us this way, bench/NOTES.md
// session 27).
// Instead each lane shifts its vector right by `shift` to a 16-byte boundary: the aligned
// vector it stores is the previous vector's last `shift` elements, shuffled from the lane to
// its left along N (lane q = 0 keeps lane kLanesN - 1's from the previous rn), followed by
// its own first ones. The row's first `kVec - shift` columns (the warp to the left, or
// nothing, holds the columns before them) and its last `shift` go one by one. Every lane
// of the warp must call this together (shuffles): rows outside C only skip their stores.
template <typename T, int kVec, int kRepsN, int kLanesN, int kLanesM, typename Epilogue>
__device__ __forceinline__ void store_row_realigned(T* row_ptr, const T (&acc)[kRepsN * kVec], int64_t col_base,
                                                    int64_t n, bool row_inside, int lane, const Epilogue& epilogue) {
  const int q = lane / kLanesM;
  const int left_lane = (lane + 32 - kLanesM) % 32;  // lane q - 1 of this row, or q = kLanesN - 1
  const int shift = static_cast<int>((reinterpret_cast<uintptr_t>(row_ptr + col_base) / sizeof(T)) % kVec);
  T carry[kVec] = {};  // lane q = 0: the last vector of the previous rn
#pragma unroll
  for (int rn = 0; rn < kRepsN; ++rn) {
    const int64_t col = col_base + (rn * kLanesN + q) * kVec;
    T own[kVec], left[kVec], prev[kVec], out[kVec];
#pragma unroll
    for (int j = 0; j < kVec; ++j) {
      // Only columns inside C: the epilogue reads column col + j's bias.
      own[j] = col + j < n ? epilogue(acc[rn * kVec + j], col + j) : T(0);
      left[j] = __shfl_sync(0xffffffffu, own[j], left_lane);
      prev[j] = q == 0 ? carry[j] : left[j];
      carry[j] = left[j];
    }
    // out = prev[kVec - shift ..] then own[.. kVec - shift], as selects: an index into a
    // register array that is not a compile-time constant would put it in local memory.
#pragma unroll
    for (int j = 0; j < kVec; ++j) {
      out[j] = own[j];
#pragma unroll
      for (int s = 1; s < kVec; ++s) {
        if (shift == s) out[j] = j < s ? prev[kVec - s + j] : own[j - s];
      }
    }
    const int64_t out_col = col - shift;  // 16-byte aligned in C
    if (!row_inside) continue;
    if (out_col >= col_base && out_col + kVec <= n) {
      store_output_vector<T, kVec>(row_ptr + out_col, out, /*partials=*/false);  // (planes' rows are whole vectors)
    } else {
#pragma unroll
      for (int j = 0; j < kVec; ++j) {
        if (out_col + j >= col_base && out_col + j < n) row_ptr[out_col + j] = out[j];
      }
    }
    if (rn == kRepsN - 1 && q == kLanesN - 1) {  // the row's last `shift` columns
#pragma unroll
      for (int j = 0; j < kVec; ++j) {
        if (j >= kVec - shift && col + j < n) row_ptr[col + j] = own[j];
      }
    }
  }
}

// `c_is_partials`: c is this block's split-K plane (its slice's partial sums), not C.
template <typename T, SimtConfigId kConfig, StageMode kModeA, StageMode kModeB, Activation kActivation>
__global__ void __launch_bounds__(simt_tile(kConfig).threads(), simt_tile(kConfig).min_blocks_per_sm)
    simt_gemm_kernel(KMnOperand<T> a, KMnOperand<T> b, T* __restrict__ c, int64_t m, int64_t n, int64_t ldc,
                     GroupedTileOrder order, int64_t k_per_split, bool c_vector_ok,
                     OutputEpilogue<T, kActivation> epilogue, bool rows_run_beside, bool c_is_partials) {
  // Behind an operand copy this grid is launched as its programmatic dependent: its blocks
  // may be placed while the copy finishes, and wait here for its writes.
  wait_for_prior_kernel();
  // The few_rows kernel behind this one runs beside it: let it be placed now, on the SMs
  // this grid leaves idle (it waits for this grid only before it exits). After the wait
  // above: it reads the copied operands too.
  if (rows_run_beside) allow_dependent_launch();
  constexpr SimtTile kTile = simt_tile(kConfig);
  constexpr int kBM = kTile.block_m, kBN = kTile.block_n, kBK = kTile.block_k;
  constexpr int kThreads = kTile.threads(), kStages = kTile.stages, kVec = kTile.vec;
  constexpr int kLanesM = kTile.lanes_m, kLanesN = kTile.lanes_n();
  constexpr int kRepsM = kTile.reps_m(), kRepsN = kTile.reps_n();
  constexpr int kRowA = kTile.smem_row_a(), kRowB = kTile.smem_row_b();
  using StageA = TileStager<T, kBK, kBM, kRowA, kThreads, kVec, kModeA>;
  using StageB = TileStager<T, kBK, kBN, kRowB, kThreads, kVec, kModeB>;

  extern __shared__ __align__(16) unsigned char smem_bytes[];
  T* const smem = reinterpret_cast<T*>(smem_bytes);
  auto a_stage = [&](int s) { return smem + s * kTile.smem_stage_elements(); };
  auto b_stage = [&](int s) { return a_stage(s) + kBK * kRowA; };

  // Block tile: which [kBM, kBN] tile of C this block owns, and its K slice (split-K:
  // block z reduces slice z into plane z of the partial sums, split_k.h). C's rows are
  // ldc elements apart (N, or a split-K plane's pitch).
  const TileCoord origin = block_tile_origin<kBM, kBN>(order);
  const int64_t block_m0 = origin.m, block_n0 = origin.n;
  a = a.k_slice(blockIdx.z * k_per_split, k_per_split);
  b = b.k_slice(blockIdx.z * k_per_split, k_per_split);
  c += blockIdx.z * m * ldc;

  // Warp tile and lane position inside it.
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int warp_m0 = (warp / kTile.warps_n) * kTile.warp_m();
  const int warp_n0 = (warp % kTile.warps_n) * kTile.warp_n();
  const int lane_m0 = (lane % kLanesM) * kVec;
  const int lane_n0 = (lane / kLanesM) * kVec;

  StageA stage_a(a, block_m0, tid);
  StageB stage_b(b, block_n0, tid);

  // Thread tile: kRepsM x kRepsN sub-tiles of kVec x kVec accumulators.
  T acc[kRepsM * kVec][kRepsN * kVec];
#pragma unroll
  for (int i = 0; i < kRepsM * kVec; ++i)
#pragma unroll
    for (int j = 0; j < kRepsN * kVec; ++j) acc[i][j] = T(0);

  // shared -> registers, double-buffered: the slices of k + 1 are loaded before the outer
  // product of k, so their shared-memory latency hides behind its FMAs (with two warps per
  // scheduler, the other warp alone cannot cover it). Across k-tiles too: the last k step
  // of a tile loads the next tile's first slices (cp_async_pipeline).
  T a_frag[2][kRepsM * kVec], b_frag[2][kRepsN * kVec];
  auto load_slices = [&](T (&a_into)[kRepsM * kVec], T (&b_into)[kRepsN * kVec], int stage, int k) {
    load_slice<T, kRepsM, kLanesM, kVec>(a_into, a_stage(stage) + warp_m0 + lane_m0 + k * kRowA);
    load_slice<T, kRepsN, kLanesN, kVec>(b_into, b_stage(stage) + warp_n0 + lane_n0 + k * kRowB);
  };
  auto first_slice = [&](int stage) { load_slices(a_frag[0], b_frag[0], stage, 0); };
  auto compute = [&](int stage, int next_stage, auto&& publish_next) {
    // kUnrollK k steps per iteration of the k loop. Fully unrolled, a 32-deep tile of the
    // 8x16 thread tile is 4096 FMAs (64 KB of code): fast while the stager's code is small
    // (16-byte or along-K copies). Element-by-element MN copies (unaligned rows) add enough
    // code that the loop overflows the instruction cache (ncu, 4097x4095x4093: "no
    // instruction" stalls 1.64 per issue); there the loop rolls by 8 k steps.
    // Measured in bench/NOTES.md (session 8): rolling by 8 or 16 everywhere lost 4-11%.
    constexpr bool kLargeStager = kModeA == StageMode::kScalarAlongMn || kModeB == StageMode::kScalarAlongMn;
    constexpr int kUnrollK = kLargeStager && kBK > 8 ? 8 : kBK;
    static_assert(kBK % kUnrollK == 0 && kUnrollK % 2 == 0, "whole, even unrolled steps");
#pragma unroll 1
    for (int k0 = 0; k0 < kBK; k0 += kUnrollK) {
#pragma unroll
      for (int kk = 0; kk < kUnrollK; ++kk) {
        const int now = kk % 2, k = k0 + kk;
        // The tile's last step: its slices are in registers; the next tile's come next.
        const bool last = kk == kUnrollK - 1 && (kUnrollK == kBK || k0 == kBK - kUnrollK);
        if (last) publish_next();
        load_slices(a_frag[1 - now], b_frag[1 - now], last ? next_stage : stage, last ? 0 : k + 1);
        // registers: the outer product of k.
#pragma unroll
        for (int i = 0; i < kRepsM * kVec; ++i)
#pragma unroll
          for (int j = 0; j < kRepsN * kVec; ++j) acc[i][j] = fma(a_frag[now][i], b_frag[now][j], acc[i][j]);
      }
    }
  };
  auto stage_next = [&](int stage, int64_t k_left) {  // A and B share K
    stage_a.issue_next(a_stage(stage), k_left);
    stage_b.issue_next(b_stage(stage), k_left);
  };
  cp_async_pipeline<kStages, kBK>(a.k_extent, stage_next, first_slice, compute);

  // Epilogue: registers -> C, vector stores where a whole vector is inside C. Rows of C
  // that are not 16-byte aligned shift their vectors to the boundary (store_row_realigned)
  // in the instances without an activation; with one (kAnyActivation: linear layers with
  // an activation) they store element by element: a third copy of the activation's code
  // per output doubled simt's SASS, and moving the epilogue ahead of both store paths
  // instead made the main loops of other instances up to 6% slower (ptxas allocates their
  // registers differently; bench/NOTES.md session 27).
  if constexpr (kActivation == Activation::kNone) {
    if (!c_vector_ok) {
#pragma unroll
      for (int rm = 0; rm < kRepsM; ++rm) {
#pragma unroll
        for (int i = 0; i < kVec; ++i) {
          const int64_t row = block_m0 + warp_m0 + rm * kLanesM * kVec + lane_m0 + i;
          const bool row_inside = row < m;
          store_row_realigned<T, kVec, kRepsN, kLanesN, kLanesM>(c + (row_inside ? row : 0) * ldc,
                                                                acc[rm * kVec + i], block_n0 + warp_n0, n,
                                                                row_inside, lane, epilogue);
        }
      }
      return;
    }
  }
#pragma unroll
  for (int rm = 0; rm < kRepsM; ++rm) {
#pragma unroll
    for (int i = 0; i < kVec; ++i) {
      const int64_t row = block_m0 + warp_m0 + rm * kLanesM * kVec + lane_m0 + i;
      if (row >= m) continue;
#pragma unroll
      for (int rn = 0; rn < kRepsN; ++rn) {
        const int64_t col = block_n0 + warp_n0 + rn * kLanesN * kVec + lane_n0;
        if (c_vector_ok && col + kVec <= n) {
          T out[kVec];
#pragma unroll
          for (int j = 0; j < kVec; ++j) out[j] = epilogue(acc[rm * kVec + i][rn * kVec + j], col + j);
          store_output_vector<T, kVec>(c + row * ldc + col, out, c_is_partials);
        } else {
          // Only columns inside C: the epilogue reads column col + j's bias.
#pragma unroll
          for (int j = 0; j < kVec; ++j) {
            if (col + j < n) c[row * ldc + col + j] = epilogue(acc[rm * kVec + i][rn * kVec + j], col + j);
          }
        }
      }
    }
  }
}

template <typename T>
StageMode stage_mode(const KMnOperand<T>& op) {
  if (!op.mn_contiguous) return StageMode::kScalarAlongK;
  const bool aligned = reinterpret_cast<uintptr_t>(op.data) % 16 == 0 &&
                       (op.ld * static_cast<int64_t>(sizeof(T))) % 16 == 0;
  return aligned ? StageMode::kVector : StageMode::kScalarAlongMn;
}

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

// Outputs that must reuse each element of an unaligned operand before its padded copy
// pays. Rows that run along MN but are not 16-byte aligned (a leading dimension that is
// not a multiple of 4 floats, an odd storage offset) stage element by element: 4x the
// copies, and the rolled main loop (0.78 of the aligned throughput at 4097x4095x4093,
// bench/NOTES.md session 8). A copy with a padded leading dimension (same layout) reads
// and writes the operand once, 8 bytes per element: at reuse R it costs about 60 / R of
// the product's FMA time (4 bytes * 2 at ~3 TB/s against 2R FLOP at ~45 TFLOP/s), about
// 12% at 512, below what the element-wise stager loses.
constexpr int64_t kRepackMinReuse = 512;

// Operand A (`is_a`) or B as the kernel stages it, read by `reuse` outputs per element:
// in place, or a copy with a padded leading dimension (operand_workspace.h) whose padding
// holds zeros. The copy's MN extent is rounded up to whole vectors over those zeros, so the
// last vector of each row is a plain 16-byte copy: a partial one takes the stager's edge
// path, whose ordinary loads stall the block at every k-tile (ncu, 4096x4095x4096: the SMs
// running the last tile column 30% slower than the rest).
template <typename T, int kVec>
KMnOperand<T> staged_operand(const MatrixView& v, bool is_a, int64_t reuse, const at::TensorOptions& options,
                             at::Tensor& storage) {
  auto operand_of = [&](const MatrixView& view) {
    return is_a ? KMnOperand<T>::a_operand(view) : KMnOperand<T>::b_operand(view);
  };
  KMnOperand<T> op = operand_of(v);
  // Only rows along MN that would stage element by element are worth copying (along K,
  // copies are element-wise whatever the alignment).
  if (stage_mode(op) != StageMode::kScalarAlongMn || reuse < kRepackMinReuse) return op;
  op = operand_of(repack_aligned(v, options, storage));
  op.mn_extent = (op.mn_extent + kVec - 1) / kVec * kVec;
  return op;
}

// One band of C's rows (launchers.h): `a` holds its rows of A, `m` of them. `out`: those
// rows of C, or with split-K the band's partial planes, rows padded to whole vectors (T is
// already the accumulator type, so they take the same kernel, without an epilogue).
// `rows_run_beside`: the next band runs beside this one (few_rows.cu). `behind_copy`: the
// kernel ahead in the stream is our operand copy (dependent_launch.h).
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
        launch_few_rows(p, a.mn_from(band.first_row), b, band.rows, band.beside_blocks, out.data_ptr<float>(), stream);
      } else {
        TORCH_CHECK(false, "tiledmm.gemm (simt): rows beside the tiles are float32 only");
      }
      continue;
    }
    const bool rows_run_beside = i + 1 < bands.size() && bands[i + 1].beside_blocks > 0;
    const bool behind_copy = i == 0 && (a_storage.defined() || b_storage.defined());
    // Split-K partials take the kNone instance: reduce_split_k applies the epilogue.
    with_any_activation(band.split.active() ? Epilogue{} : p.epilogue, [&](auto activate) {
      constexpr Activation kActivation = decltype(activate)::value;
      auto launch = [&](auto id) {
        launch_config<T, decltype(id)::value, kActivation>(p, a.mn_from(band.first_row), b, band.rows, band.split,
                                                            out, rows_run_beside, behind_copy, stream);
      };
      if constexpr (std::is_same_v<T, double>) {
        launch(std::integral_constant<SimtConfigId, SimtConfigId::kDouble64x64>{});
      } else {
        with_float_config(band.config, launch);
      }
    });
  }
}

template <typename T, SimtConfigId kConfig>
cudaFuncAttributes attributes_of(StageMode mode_a, StageMode mode_b) {
  cudaFuncAttributes attributes{};
  C10_CUDA_CHECK(cudaFuncGetAttributes(&attributes, simt_kernel_for<T, kConfig>(mode_a, mode_b)));
  return attributes;
}

}  // namespace

cudaFuncAttributes simt_kernel_attributes(at::ScalarType dtype, SimtConfigId config,
                                          bool a_col_major, bool b_col_major) {
  // Aligned operands assumed: MN-contiguous ones stage with 16-byte copies.
  const StageMode mode_a = a_col_major ? StageMode::kVector : StageMode::kScalarAlongK;
  const StageMode mode_b = b_col_major ? StageMode::kScalarAlongK : StageMode::kVector;
  if (dtype == at::kDouble) return attributes_of<double, SimtConfigId::kDouble64x64>(mode_a, mode_b);
  cudaFuncAttributes attributes{};
  with_float_config(config, [&](auto id) { attributes = attributes_of<float, decltype(id)::value>(mode_a, mode_b); });
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
