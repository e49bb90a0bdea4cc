// `simt`'s kernel: the multi-level tiled GEMM on CUDA cores (IEEE float32, float64).
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
// Host side: simt_launch.cuh (one tile config's instances and launch, compiled per config in
// simt_tiles/), simt.cu (operand staging, C's bands).
#pragma once

#include "dependent_launch.h"

#include "../common/epilogue.cuh"
#include "../common/mainloop.cuh"
#include "../common/operand.cuh"
#include "../common/ptx.cuh"
#include "../common/tile_stager.cuh"
#include "../common/tile_order.cuh"
#include "../simt_configs.h"

#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda::simt_detail {

// ---- shared -> registers ------------------------------------------------------------
// kReps vectors of one staged row (fixed k) for this lane: vector r starts at
// first + r * kLanes * kVec, so the lanes of a warp read consecutive 16-byte vectors.
template <typename T, int kReps, int kLanes, int kVec>
__device__ __forceinline__ void load_slice(T (&frag)[kReps * kVec], const T* first) {
#pragma unroll
  for (int r = 0; r < kReps; ++r) {
    const auto v = *reinterpret_cast<const AlignedVector<T, kVec>*>(first + r * kLanes * kVec);
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

}  // namespace tiledmm::cuda::simt_detail
