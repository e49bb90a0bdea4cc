// `mma`: tensor-core GEMM through mma.sync (sm80+) for bfloat16 / float16, and float32 as
// TF32, with float32 accumulation.
//
// Memory hierarchy, one piece per level:
//   global -> shared   TileStager (common/tile_stager.cuh): 16-byte cp.async copies in a
//                      multi-stage pipeline, 64 bytes of K per k-tile. An operand that runs
//                      along MN is staged as [BK][BMN + pad], one that runs along K as
//                      [BMN][BK + pad] (MmaTile::pad: the 8 rows an ldmatrix reads, or
//                      TF32's scalar loads, hit distinct banks).
//   shared -> regs     load_a_fragments / load_b_fragments: ldmatrix.x4, transposing
//                      (.trans) 16-bit rows that run along MN; TF32 rows along MN by
//                      32-bit loads (ldmatrix transposes 16-bit elements only), and TF32
//                      fragments rounded (cvt.rna.tf32).
//   tensor cores       per 32 bytes of K, frags_m x frags_n mma.sync per warp (m16n8k16,
//                      or m16n8k8 for TF32).
//   regs -> shared     store_fragment_tile (common/fragment_tile_store.cuh): the
//   -> global          accumulators through shared memory, 64 rows at a time, then bias +
//                      activation and float32 -> T on the way to C in 4-column chunks
//                      (one rolled loop: the kernel's code stays small).
// Operands must be 16-byte aligned with a leading dimension that is a multiple of 16
// bytes; the launcher repacks others into an aligned workspace first.
#include "launchers.h"

#include "dynamic_smem.h"

#include "../common/epilogue.cuh"
#include "../common/fragment_tile_store.cuh"
#include "../common/mainloop.cuh"
#include "../common/operand.cuh"
#include "../common/ptx.cuh"
#include "../common/tile_stager.cuh"
#include "../mma_configs.h"
#include "../operand_workspace.h"

#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>

#include <atomic>
#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda {

namespace {

template <typename T>
constexpr int kVec = 16 / sizeof(T);  // elements per 16-byte copy (and ldmatrix row)
template <typename T>
constexpr int kMmaK = 32 / sizeof(T);  // K of one mma.sync: 16 bf16/fp16, 8 TF32
template <typename T>
constexpr bool kTf32 = std::is_same_v<T, float>;

template <typename T, MmaConfigId kConfig, StageMode kMode, int kBMN>
constexpr int row_stride() {  // elements between consecutive staged rows
  constexpr bool kAlongK = kMode == StageMode::kVectorAlongK;
  return (kAlongK ? mma_tile(kConfig).k_elements(sizeof(T)) : kBMN) + MmaTile::pad(sizeof(T), !kAlongK);
}

// TF32 fragments from rows that run along MN ([k][mn], stride S = 8 mod 32 words): the
// m16n8k8 layout gives lane (g, t) = (lane / 4, lane % 4) MN index g at k = t (so a warp's
// 32 loads cover 32 banks), and the other registers at MN + 8 and k + 4.
__device__ __forceinline__ uint32_t tf32_at(const float* p) { return to_tf32(__float_as_uint(*p)); }

template <int kN>
__device__ __forceinline__ void round_to_tf32(uint32_t (&r)[kN]) {
#pragma unroll
  for (int i = 0; i < kN; ++i) r[i] = to_tf32(r[i]);
}

// ---- shared -> registers ----------------------------------------------------------------
// A fragments (16 x kMmaK, row-major) of the warp's frags_m m16 tiles at k step kk. With
// K-major rows one ldmatrix.x4 reads the four 8-row x 16-byte quarters (a TF32 fragment's
// registers are exactly those quarters' 32-bit elements).
template <typename T, MmaConfigId kConfig, StageMode kMode>
__device__ __forceinline__ void load_a_fragments(uint32_t (&a)[mma_tile(kConfig).frags_m()][4],
                                                 const T* tile, int warp_m0, int kk, int lane) {
  constexpr MmaTile kTile = mma_tile(kConfig);
  constexpr int kStride = row_stride<T, kConfig, kMode, kTile.block_m>();
  const int j = lane / 8, r = lane % 8;  // this lane addresses row r of matrix j
#pragma unroll
  for (int i = 0; i < kTile.frags_m(); ++i) {
    const int m0 = warp_m0 + 16 * i;
    if constexpr (kMode == StageMode::kVectorAlongK) {  // staged [m][k]
      ldmatrix_x4<false>(a[i], tile + (m0 + r + 8 * (j % 2)) * kStride + kk + kVec<T> * (j / 2));
      if constexpr (kTf32<T>) round_to_tf32(a[i]);
    } else if constexpr (kTf32<T>) {  // staged [k][m]: (m, k), (m + 8, k), (m, k + 4), (m + 8, k + 4)
      const float* p = tile + (kk + lane % 4) * kStride + m0 + lane / 4;
      a[i][0] = tf32_at(p), a[i][1] = tf32_at(p + 8), a[i][2] = tf32_at(p + 4 * kStride);
      a[i][3] = tf32_at(p + 4 * kStride + 8);
    } else {  // staged [k][m]
      ldmatrix_x4<true>(a[i], tile + (kk + r + 8 * (j / 2)) * kStride + m0 + 8 * (j % 2));
    }
  }
}

// B fragments (16x8, column-major) of the warp's frags_n n8 tiles at k step kk; one
// ldmatrix.x4 covers two n8 tiles.
template <typename T, MmaConfigId kConfig, StageMode kMode>
__device__ __forceinline__ void load_b_fragments(uint32_t (&b)[mma_tile(kConfig).frags_n()][2],
                                                 const T* tile, int warp_n0, int kk, int lane) {
  constexpr MmaTile kTile = mma_tile(kConfig);
  constexpr int kStride = row_stride<T, kConfig, kMode, kTile.block_n>();
  const int j = lane / 8, r = lane % 8;
#pragma unroll
  for (int p = 0; p < kTile.frags_n() / 2; ++p) {
    const int n0 = warp_n0 + 16 * p;
    uint32_t x[4];
    if constexpr (kMode == StageMode::kVectorAlongK) {  // staged [n][k]
      ldmatrix_x4<false>(x, tile + (n0 + r + 8 * (j / 2)) * kStride + kk + kVec<T> * (j % 2));
      if constexpr (kTf32<T>) round_to_tf32(x);
    } else if constexpr (kTf32<T>) {  // staged [k][n]: (k, n), (k + 4, n) of both n8 tiles
      const float* q = tile + (kk + lane % 4) * kStride + n0 + lane / 4;
      x[0] = tf32_at(q), x[1] = tf32_at(q + 4 * kStride), x[2] = tf32_at(q + 8), x[3] = tf32_at(q + 4 * kStride + 8);
    } else {  // staged [k][n]
      ldmatrix_x4<true>(x, tile + (kk + r + 8 * (j % 2)) * kStride + n0 + 8 * (j / 2));
    }
    b[2 * p][0] = x[0];
    b[2 * p][1] = x[1];
    b[2 * p + 1][0] = x[2];
    b[2 * p + 1][1] = x[3];
  }
}

// Out is T (the output C), or float for a split-K partial plane (split_k.h): block z of
// the grid reduces the K slice [z * k_per_split, (z + 1) * k_per_split) into plane z.
template <typename T, typename Out, MmaConfigId kConfig, StageMode kModeA, StageMode kModeB,
          Activation kActivation>
__global__ void __launch_bounds__(mma_tile(kConfig).threads(), mma_tile(kConfig).min_blocks_per_sm)
    mma_gemm_kernel(KMnOperand<T> a, KMnOperand<T> b, Out* __restrict__ c, int64_t m, int64_t n, int64_t ldc,
                    GroupedTileOrder order, int64_t k_per_split, OutputEpilogue<Out, kActivation> epilogue) {
  constexpr MmaTile kTile = mma_tile(kConfig);
  constexpr int kBM = kTile.block_m, kBN = kTile.block_n, kBK = kTile.k_elements(sizeof(T));
  constexpr int kStages = kTile.stages, kThreads = kTile.threads();
  constexpr int kFragsM = kTile.frags_m(), kFragsN = kTile.frags_n();
  using StageA = TileStager<T, kBK, kBM, row_stride<T, kConfig, kModeA, kBM>(), kThreads, kVec<T>, kModeA>;
  using StageB = TileStager<T, kBK, kBN, row_stride<T, kConfig, kModeB, kBN>(), kThreads, kVec<T>, kModeB>;

  extern __shared__ __align__(16) unsigned char smem_bytes[];
  T* const smem = reinterpret_cast<T*>(smem_bytes);
  constexpr int kAElements = kTile.operand_elements(kBM, sizeof(T));
  constexpr int kStageElements = kAElements + kTile.operand_elements(kBN, sizeof(T));
  auto a_stage = [&](int s) { return smem + s * kStageElements; };
  auto b_stage = [&](int s) { return a_stage(s) + kAElements; };

  // Block tile, and its K slice.
  const TileCoord origin = block_tile_origin<kBM, kBN>(order);
  const int64_t block_m0 = origin.m, block_n0 = origin.n;
  a = a.k_slice(blockIdx.z * k_per_split, k_per_split);
  b = b.k_slice(blockIdx.z * k_per_split, k_per_split);
  c += blockIdx.z * m * ldc;  // C's rows are ldc apart: N, or a split-K plane's pitch

  // Warp tile.
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int warp_m0 = (warp / kTile.warps_n) * kTile.warp_m();
  const int warp_n0 = (warp % kTile.warps_n) * kTile.warp_n();

  StageA stage_a(a, block_m0, tid);
  StageB stage_b(b, block_n0, tid);

  float acc[kFragsM][kFragsN][4];
#pragma unroll
  for (int i = 0; i < kFragsM; ++i)
#pragma unroll
    for (int j = 0; j < kFragsN; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.0f;

  // shared -> registers. Double-buffered where registers allow: the fragments of the next
  // k step (the next tile's first, at a tile's last step) load before this step's MMAs,
  // which hide them (bf16 128x256 at 4096^3: +31% on an H100, bench/NOTES.md session 24). A second
  // buffer costs frags_m * 4 + frags_n * 2 registers; two 8-warp blocks per SM (128
  // registers a thread) then spilled, so those tiles keep one buffer, loaded right before
  // its step's MMAs.
  constexpr int kSteps = kBK / kMmaK<T>;
  constexpr int kBuffers = kTile.threads() * kTile.min_blocks_per_sm > 256 ? 1 : 2;
  static_assert(kSteps % 2 == 0, "the fragment buffers alternate by step parity within a tile");
  uint32_t a_frag[kBuffers][kFragsM][4], b_frag[kBuffers][kFragsN][2];
  auto load_fragments = [&](int buffer, int stage, int kk) {
    load_a_fragments<T, kConfig, kModeA>(a_frag[buffer], a_stage(stage), warp_m0, kk, lane);
    load_b_fragments<T, kConfig, kModeB>(b_frag[buffer], b_stage(stage), warp_n0, kk, lane);
  };
  auto mma_step = [&](int buffer) {
#pragma unroll
    for (int i = 0; i < kFragsM; ++i)
#pragma unroll
      for (int j = 0; j < kFragsN; ++j) mma_sync<T>(acc[i][j], a_frag[buffer][i], b_frag[buffer][j]);
  };
  auto first_slice = [&](int stage) {
    if constexpr (kBuffers == 2) load_fragments(0, stage, 0);
  };
  auto compute = [&](int stage, int next_stage, auto&& publish_next) {
#pragma unroll
    for (int step = 0; step < kSteps; ++step) {
      const bool last = step == kSteps - 1;
      if constexpr (kBuffers == 2) {
        const int now = step % 2;
        if (last) publish_next();
        load_fragments(1 - now, last ? next_stage : stage, last ? 0 : (step + 1) * kMmaK<T>);
        mma_step(now);
      } else {
        load_fragments(0, stage, step * kMmaK<T>);
        if (last) publish_next();  // this tile's loads are all issued
        mma_step(0);
      }
    }
  };
  auto stage_next = [&](int stage, int64_t k_left) {  // A and B share K
    stage_a.issue_next(a_stage(stage), k_left);
    stage_b.issue_next(b_stage(stage), k_left);
  };
  cp_async_pipeline<kStages, kBK>(a.k_extent, stage_next, first_slice, compute);

  // registers -> shared -> global, one warp row of the tile at a time, in the stages'
  // shared memory: once every thread's copies have landed (the last groups are empty) and
  // every warp is past its last fragment loads.
  constexpr int kPassRows = kTile.warp_m();
  static_assert(fragment_pass_smem_bytes<kPassRows, kBN>() <= kTile.smem_bytes(sizeof(T)),
                "a pass of the output tile fits the stages' shared memory");
  cp_async_wait<0>();
  __syncthreads();
  store_fragment_tile<kBM, kPassRows, kBN, kFragsM, kFragsN, kThreads>(
      reinterpret_cast<float*>(smem_bytes), acc, c, m, n, ldc, block_m0, block_n0, warp_m0, warp_n0, epilogue);
}

// Runtime MmaConfigId -> compile-time constant.
template <typename F>
void with_mma_config(MmaConfigId id, F&& f) {
  using Id = MmaConfigId;
  switch (id) {
    case Id::k128x256W64x64: f(std::integral_constant<Id, Id::k128x256W64x64>{}); break;
    case Id::k128x128W64x64: f(std::integral_constant<Id, Id::k128x128W64x64>{}); break;
    default: f(std::integral_constant<Id, Id::k128x128W64x32>{}); break;
  }
}

// The kernel instance for a config and the operands' orientation (MN- or K-contiguous).
template <typename T, typename Out, MmaConfigId kConfig, Activation kActivation = Activation::kNone>
auto mma_kernel_for(bool a_mn_contiguous, bool b_mn_contiguous) {
  constexpr StageMode kMn = StageMode::kVector, kK = StageMode::kVectorAlongK;
  if (a_mn_contiguous && b_mn_contiguous) return mma_gemm_kernel<T, Out, kConfig, kMn, kMn, kActivation>;
  if (a_mn_contiguous) return mma_gemm_kernel<T, Out, kConfig, kMn, kK, kActivation>;
  if (b_mn_contiguous) return mma_gemm_kernel<T, Out, kConfig, kK, kMn, kActivation>;
  return mma_gemm_kernel<T, Out, kConfig, kK, kK, kActivation>;
}

// Out = T: the output C with the problem's epilogue; Out = float: split-K partial planes.
template <typename T, MmaConfigId kConfig, typename Out, Activation kActivation>
void launch_config(const KMnOperand<T>& a, const KMnOperand<T>& b, Out* out, int64_t ldc, const GemmProblem& p,
                   const SplitK& split, OutputEpilogue<Out, kActivation> epilogue, cudaStream_t stream) {
  constexpr MmaTile kTile = mma_tile(kConfig);
  constexpr int kSmemBytes = kTile.smem_bytes(sizeof(T));
  const int64_t tiles_m = (p.m + kTile.block_m - 1) / kTile.block_m, tiles_n = (p.n + kTile.block_n - 1) / kTile.block_n;
  TORCH_CHECK(fits_grouped_tile_order<kBlockGroupRows>(tiles_m, tiles_n), "tiledmm.gemm (mma): output [", p.m, ", ",
              p.n, "] needs more tiles than the grouped order's 32-bit indices hold (2^31 - 1 tiles, ",
              FastDivmod::kMaxValue / kBlockGroupRows, " tile columns)");
  const auto kernel = mma_kernel_for<T, Out, kConfig, kActivation>(a.mn_contiguous, b.mn_contiguous);
  static std::atomic<uint64_t> opted_in[4];  // one per operand orientation of this instance
  allow_dynamic_smem(kernel, kSmemBytes, opted_in[(a.mn_contiguous ? 2 : 0) + (b.mn_contiguous ? 1 : 0)]);
  const dim3 grid(static_cast<unsigned>(tiles_m * tiles_n), 1, static_cast<unsigned>(split.splits));
  kernel<<<grid, kTile.threads(), kSmemBytes, stream>>>(a, b, out, p.m, p.n, ldc,
                                                        grouped_tile_order<kBlockGroupRows>(tiles_m, tiles_n),
                                                        split.k_per_split, epilogue);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

template <typename T>
void launch_typed(const GemmProblem& p, MmaConfigId config, const SplitK& split, at::Tensor& out,
                  cudaStream_t stream) {
  at::Tensor a_storage, b_storage;
  const auto options = out.options().dtype(p.dtype);
  const MatrixView a_view = aligned_operand(p.a, options, a_storage);
  const MatrixView b_view = aligned_operand(p.b, options, b_storage);
  // Staged in whole vectors past a ragged MN edge wherever the lines may be read that far: at
  // 4096x4095x4096 bf16, B's rows of 4095 had sent C's last tile column through the stager's
  // edge path at every k-tile, 580 us against 399 at 4096^3 (bench/NOTES.md, session 81).
  const auto a = staged_in_whole_vectors(KMnOperand<T>::a_operand(a_view), a_view, kVec<T>);
  const auto b = staged_in_whole_vectors(KMnOperand<T>::b_operand(b_view), b_view, kVec<T>);
  with_mma_config(config, [&](auto id) {
    with_kernel_output<T>(split, p.epilogue, out.data_ptr(), [&](auto* dst, auto epilogue) {
      launch_config<T, decltype(id)::value>(a, b, dst, out.size(-1), p, split, epilogue, stream);
    });
  });
  // The workspaces (if any) are freed to the caching allocator on this stream: safe, as
  // later work on the stream runs after the kernel.
}

}  // namespace

cudaFuncAttributes mma_kernel_attributes(at::ScalarType dtype, MmaConfigId config, bool a_col_major,
                                         bool b_col_major) {
  cudaFuncAttributes attributes{};
  // A is MN-contiguous when column-major, B when row-major.
  with_mma_config(config, [&](auto id) {
    constexpr MmaConfigId kId = decltype(id)::value;
    if (dtype == at::kBFloat16) {
      C10_CUDA_CHECK(cudaFuncGetAttributes(&attributes, mma_kernel_for<c10::BFloat16, c10::BFloat16, kId>(a_col_major, !b_col_major)));
    } else if (dtype == at::kFloat) {
      C10_CUDA_CHECK(cudaFuncGetAttributes(&attributes, mma_kernel_for<float, float, kId>(a_col_major, !b_col_major)));
    } else {
      C10_CUDA_CHECK(cudaFuncGetAttributes(&attributes, mma_kernel_for<c10::Half, c10::Half, kId>(a_col_major, !b_col_major)));
    }
  });
  return attributes;
}

void launch_mma(const GemmProblem& p, MmaConfigId config, const SplitK& split, at::Tensor& out,
                cudaStream_t stream) {
  if (p.dtype == at::kBFloat16) {
    launch_typed<c10::BFloat16>(p, config, split, out, stream);
  } else if (p.dtype == at::kFloat) {
    launch_typed<float>(p, config, split, out, stream);
  } else {
    TORCH_CHECK(p.dtype == at::kHalf, "tiledmm.gemm (mma): bfloat16, float16 or float32 (TF32) only, got ", p.dtype);
    launch_typed<c10::Half>(p, config, split, out, stream);
  }
}

}  // namespace tiledmm::cuda
