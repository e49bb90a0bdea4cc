// `skinny`: tensor-core GEMM for bfloat16 / float16 products with one small side (decode:
// M = 1..32 tokens against a weight), mma.sync (sm80+), float32 accumulation.
//
// Such a product is a stream over the large operand: every byte of it is used by at most
// 32 rows of the small one, so the kernel's job is to keep DRAM busy. It computes
// Y[s, r] = sum_k X[s, k] W[r, k] with W the large operand and X the small one, both read
// as rows along K (skinny_configs.h says which of A, B^T is which), and no shared memory
// on the way in:
//   global -> registers  each thread loads 16 bytes (8 consecutive k) of row g of each
//                        8-row W tile straight into mma fragment registers (ld.global.nc,
//                        L1 bypassed, 256-byte L2 fetches); X likewise, rows g and g + 8 of
//                        each 16-row tile, through L1/L2, where every block finds it. Two
//                        steps of registers: the next step loads while this one computes.
//   tensor cores         the K order inside a 32-deep chunk is free, so it is permuted:
//                        the 8 consecutive k a thread loaded become its k = {2t, 2t+1,
//                        2t+8, 2t+9} of two m16n8k16 MMAs. W is the 8-column B operand,
//                        whose fragment is two consecutive registers of one load as they
//                        are; X is the 16-row A operand, whose fragment interleaves rows g
//                        and g + 8 and is assembled from two loads (register moves), once
//                        per chunk for all of the block's W tiles. (W as the A operand took
//                        ~4 such moves per MMA.) No shuffles, no ldmatrix, no smem.
//   warps -> block       the block's warps split K; their float32 partial sums meet in
//                        shared memory and are added in warp order (deterministic).
//   block -> C           bias + activation, one store per output; or, with split-K, raw
//                        partials into plane blockIdx.z for reduce_split_k.
//   kernel -> kernel     launched as a programmatic dependent (sm_90+): a block may start
//                        while the kernel ahead finishes, and warms L2 with its first step
//                        of W meanwhile (grids of one wave); once past its main loop (from
//                        its start in one-wave grids of a K-major W), a block lets the next
//                        kernel be placed. A decode step runs these products back to back:
//                        the seam between two was ~1 us of ~15.
// W may also lie MN-major (B row-major, x @ W with W [K, N]; or A column-major): each k a
// contiguous run of W rows. Then thread (g, t) loads 8 bytes (4 consecutive W rows) at each
// of its 8 k of a chunk, and byte permutes pair those rows-at-one-k words into the same
// k-pair fragments; the fragment columns stand for other W rows (MnMajorStream::row_in_block),
// which only the final store needs to know. 32-row blocks only (4 rows per thread x 8
// groups). Any other layout runs too: an operand that streams in neither way (K-major rows
// 16-byte aligned, MN-major runs 8-byte aligned) is copied into an aligned K-contiguous
// workspace first.
#include "launchers.h"

#include "dependent_launch.h"
#include "dynamic_smem.h"
#include "skinny_parts.cuh"
#include "skinny_staged.cuh"

#include "../common/epilogue.cuh"
#include "../common/ptx.cuh"
#include "../measurement_switch.h"
#include "../operand_workspace.h"
#include "../skinny_configs.h"

#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace tiledmm::cuda {

namespace {

using namespace skinny;

// How the warps of a block read W, K-major: thread (g, t) loads 16 bytes (k = 8t..8t+7 of
// a chunk) of row g of each 8-row tile: its B fragments (column g) as they are. Rows past
// the end read the last row instead: they feed only outputs that are never stored.
template <typename T, int kWTiles, int kUnroll>
struct KMajorStream {
  struct Step {
    Group8 w[kUnroll][kWTiles];
  };
  const T* row[kWTiles];

  __device__ KMajorStream(const SkinnyOperand<T>& w, int64_t r0, int64_t k0, int g, int t) {
#pragma unroll
    for (int q = 0; q < kWTiles; ++q) row[q] = w.data + min(r0 + 8 * q + g, w.rows - 1) * w.ld + k0 + 8 * t;
  }
  // The W row of fragment column n of tile q, from the block's first.
  __device__ static int row_in_block(int q, int n) { return 8 * q + n; }

  // Into L2, the first `k` elements of the slice of each of the block's rows: one bulk
  // prefetch per row, by the block's first threads.
  __device__ static void prefetch_l2(const SkinnyOperand<T>& w, int64_t r0, int64_t k0, int64_t k, int thread) {
    const int64_t row = r0 + thread;
    const uint32_t bytes = static_cast<uint32_t>(k * sizeof(T)) & ~15u;
    if (thread < 8 * kWTiles && row < w.rows && bytes > 0) prefetch_l2_bulk(w.data + row * w.ld + k0, bytes);
  }

  // Rows past W's end were redirected at construction: no block has a ragged row edge.
  static constexpr bool kHasRowEdge = false;

  // Chunk u of a step starting at k (from the slice's start); `left`: K left in the slice.
  template <bool kChecked, bool kRowEdge>
  __device__ void load(Step& step, int u, int64_t k, int64_t left, int t) const {
    const int64_t valid = kChecked ? left - k - 8 * t : 8;
#pragma unroll
    for (int q = 0; q < kWTiles; ++q) step.w[u][q] = load_group</*kStreaming=*/true>(row[q] + k, valid);
  }
  __device__ static void fragments(const Step& step, int u, Group8 (&w)[kWTiles]) {
#pragma unroll
    for (int q = 0; q < kWTiles; ++q) w[q] = step.w[u][q];
  }
};

// How the warps of a block read W, MN-major: thread (g, t) loads 8 bytes, W rows 4g..4g+3
// of the block, at each k = 8t..8t+7 of a chunk. Word k' holds rows (4g, 4g+1) and
// (4g+2, 4g+3) at k'; a byte permute of words 2q and 2q+1 pairs one row's k'= 2q, 2q+1:
// register q of that row's Group8, exactly what a K-major load of the row would hold. So
// fragment column g of tile q stands for W row 4g + q.
template <typename T, int kWTiles, int kUnroll>
struct MnMajorStream {
  static_assert(kWTiles == 4, "4 consecutive W rows per thread: four 8-row tiles");
  struct Step {
    uint2 words[kUnroll][8];
  };
  const T* run;    // rows 4g.. of the block at the slice's first k + 8t
  int64_t ld;
  int rows_here;   // of the 4 rows, those inside W (4 in all but the last block)

  __device__ MnMajorStream(const SkinnyOperand<T>& w, int64_t r0, int64_t k0, int g, int t)
      : ld(w.ld), rows_here(static_cast<int>(max(int64_t{0}, min(int64_t{4}, w.rows - r0 - 4 * g)))) {
    run = w.data + (k0 + 8 * t) * w.ld + r0 + 4 * g;  // not read where rows_here is 0
  }
  __device__ static int row_in_block(int q, int n) { return 4 * n + q; }

  // Into L2, the slice's first `k` k-rows of W, all of its rows: the row blocks of the first
  // small-row block share them out, and thread i of a block prefetches the i-th k-row of its
  // share whole, one contiguous run (at 4096 x 4096: 4 threads per block, 8 KB each). Each
  // thread prefetching its own block's 64-byte run at its k (prefetch.global.L2) cost 3-7%
  // at 4096 x 11008 and up to 4% behind a kernel not ours (bench/NOTES.md, session 34).
  __device__ static void prefetch_l2(const SkinnyOperand<T>& w, int64_t /*r0*/, int64_t k0, int64_t k, int thread) {
    const uint32_t per_block = (static_cast<uint32_t>(k) + gridDim.x - 1) / gridDim.x;
    const uint32_t kk = blockIdx.x * per_block + thread;
    if (blockIdx.y != 0 || thread >= per_block || kk >= k) return;
    const T* row = w.data + (k0 + kk) * w.ld;
    const uint32_t bytes = static_cast<uint32_t>(w.rows * sizeof(T)) & ~15u;
    if (reinterpret_cast<uintptr_t>(row) % 16 == 0 && bytes > 0) prefetch_l2_bulk(row, bytes);
  }

  // The last block's rows may end inside it: only there (kRowEdge) does a load ask how many
  // of its 4 rows exist, so the other blocks' loop carries no such branches.
  static constexpr bool kHasRowEdge = true;

  template <bool kChecked, bool kRowEdge>
  __device__ void load(Step& step, int u, int64_t k, int64_t left, int t) const {
#pragma unroll
    for (int kk = 0; kk < 8; ++kk) {
      const T* p = run + (k + kk) * ld;
      const bool past_k = kChecked && k + 8 * t + kk >= left;
      if constexpr (!kRowEdge) {
        step.words[u][kk] = past_k ? uint2{0u, 0u} : load_streaming<uint2>(p);
      } else if (past_k || rows_here == 0) {
        // Past K: zeros, as X there (0 * Inf would be NaN). Past W's rows: zeros too, no read.
        step.words[u][kk] = {0u, 0u};
      } else if (rows_here == 4) {
        step.words[u][kk] = load_streaming<uint2>(p);
      } else {  // the ragged edge of W's rows: no read past the last one
        const auto* bits = reinterpret_cast<const uint16_t*>(p);
        uint32_t h[4];
#pragma unroll
        for (int e = 0; e < 4; ++e) h[e] = e < rows_here ? bits[e] : 0u;
        step.words[u][kk] = {h[0] | h[1] << 16, h[2] | h[3] << 16};
      }
    }
  }
  __device__ static void fragments(const Step& step, int u, Group8 (&w)[kWTiles]) {
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const uint2 lo = step.words[u][2 * q], hi = step.words[u][2 * q + 1];
      // Low halves are the even row of a pair, high halves the odd one.
      w[0].reg[q] = __byte_perm(lo.x, hi.x, 0x5410);
      w[1].reg[q] = __byte_perm(lo.x, hi.x, 0x7632);
      w[2].reg[q] = __byte_perm(lo.y, hi.y, 0x5410);
      w[3].reg[q] = __byte_perm(lo.y, hi.y, 0x7632);
    }
  }
};

// Whether a config's kernel prefetches its first step of W before waiting for the kernel ahead.
template <bool kWMnMajor>
constexpr bool prefetches_first_step(const SkinnyTile& tile) {
  return !kWMnMajor || tile.paired_steps;
}

template <typename T, typename Out, SkinnyConfigId kConfig, int kSmallRows, bool kWMnMajor, Activation kActivation>
__global__ void __launch_bounds__(skinny_tile(kConfig).threads())
    skinny_gemm_kernel(SkinnyOperand<T> w, SkinnyOperand<T> x, SkinnyOutput<Out> out, int64_t k_per_split,
                       int64_t prefetch_k, bool dependents_early, OutputEpilogue<Out, kActivation> epilogue) {
  constexpr SkinnyTile kTile = skinny_tile(kConfig);
  constexpr int kWTiles = kTile.w_tiles, kUnroll = kTile.unroll, kWarps = kTile.warps;
  static_assert(kSmallRows == 8 || kSmallRows % 16 == 0, "X rows per block: 8 or whole 16-row tiles");
  constexpr int kXTiles = (kSmallRows + 15) / 16;
  constexpr int kXRowsPerThread = kSmallRows == 8 ? 1 : 2;  // rows g, g + 8 of each X tile
  using Stream = std::conditional_t<kWMnMajor, MnMajorStream<T, kWTiles, kUnroll>, KMajorStream<T, kWTiles, kUnroll>>;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, g = lane / 4, t = lane % 4;

  // Block: W rows [r0, r0 + block_rows), X rows [s0, s0 + kSmallRows), K slice z.
  const int64_t r0 = static_cast<int64_t>(blockIdx.x) * kTile.block_rows();
  const int64_t s0 = static_cast<int64_t>(blockIdx.y) * kSmallRows;
  const int64_t k0 = static_cast<int64_t>(blockIdx.z) * k_per_split;
  const int64_t k_len = min(k_per_split, w.k - k0);
  out.data += blockIdx.z * out.plane;

  // Until the kernel ahead has finished, only L2 prefetches of W's first `prefetch_k`: they
  // hand this SM no value, so they are safe even if that kernel writes W (its writes land in
  // L2). Not an MN-major W in the rolled config r32_w8_u1, whose 11008-row shapes stream at
  // ~90% without it: with it, its 16-small-row instance with a run-time activation took 86
  // registers instead of 76, too many for its 3 blocks per SM (bench/NOTES.md, session 34).
  if constexpr (prefetches_first_step<kWMnMajor>(kTile)) {
    if (prefetch_k > 0) Stream::prefetch_l2(w, r0, k0, min(prefetch_k, k_len), threadIdx.x);
  }
  if (dependents_early) allow_dependent_launch();  // all other grids: past the main loop, below
  wait_for_prior_kernel();

  // Thread: its W rows (Stream) and rows g, g + 8 of each X tile, from element 8t of each
  // chunk. X rows past the end read the last row instead: they feed only outputs never stored.
  const Stream stream(w, r0, k0, g, t);
  const T* x_row[kXTiles][kXRowsPerThread];
#pragma unroll
  for (int s = 0; s < kXTiles; ++s)
#pragma unroll
    for (int h = 0; h < kXRowsPerThread; ++h) x_row[s][h] = x.data + min(s0 + 16 * s + 8 * h + g, x.rows - 1) * x.ld + k0 + 8 * t;

  float acc[kWTiles][kXTiles][4] = {};

  // One block step: this warp's kUnroll chunks of every row, loaded into registers.
  struct StepFragments {
    typename Stream::Step w;
    XTile x[kUnroll][kXTiles];
  };
  const int64_t warp_k = static_cast<int64_t>(warp) * kUnroll * kChunkK;
  auto load_step = [&](StepFragments& f, int64_t block_k, auto checked, auto row_edge) {
    constexpr bool kChecked = decltype(checked)::value;
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t k = block_k + warp_k + u * kChunkK;  // this thread reads k + 8t, ...
      stream.template load<kChecked, decltype(row_edge)::value>(f.w, u, k, k_len, t);
      const int64_t valid = kChecked ? k_len - k - 8 * t : 8;
#pragma unroll
      for (int s = 0; s < kXTiles; ++s)
#pragma unroll
        for (int h = 0; h < 2; ++h)
          f.x[u][s].row[h] = h < kXRowsPerThread ? load_group</*kStreaming=*/false>(x_row[s][h] + k, valid) : Group8{};
    }
  };
  auto compute_step = [&](const StepFragments& f) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      Group8 w_frag[kWTiles];
      Stream::fragments(f.w, u, w_frag);
      mma_chunk<T>(acc, w_frag, f.x[u]);
    }
  };
  // The K loop, with or without the checks for a ragged row edge in its loads (a
  // block-uniform choice, made once below).
  auto stream_k = [&](auto row_edge) {
    auto load = [&](StepFragments& f, int64_t block_k, auto checked) { load_step(f, block_k, checked, row_edge); };
    // Register double buffering: the next step's loads are in flight while this step's
    // MMAs run, so a warp never waits on DRAM with nothing outstanding (measured: +20-35%).
    // How the buffers alternate is the config's (skinny_configs.h, paired_steps). (The
    // config is named as skinny_tile(kConfig) in here: nvcc takes no member of the captured
    // constexpr kTile as a constant expression inside a lambda.)
    constexpr int64_t kStepK = skinny_tile(kConfig).step_k();
    const int64_t steps = k_len / kStepK;  // steps without bounds checks
    StepFragments even, odd;
    if constexpr (skinny_tile(kConfig).paired_steps) {
      // Straight-line pairs of steps, every load unconditional.
      int64_t step = 0;
      if (steps > 0) load(even, 0, std::false_type{});
      for (; step + 2 < steps; step += 2) {
        load(odd, (step + 1) * kStepK, std::false_type{});
        compute_step(even);
        load(even, (step + 2) * kStepK, std::false_type{});
        compute_step(odd);
      }
      if (step + 1 < steps) {  // two steps left
        load(odd, (step + 1) * kStepK, std::false_type{});
        compute_step(even);
        compute_step(odd);
      } else if (step < steps) {  // one
        compute_step(even);
      }
    } else {
      // A rolled loop: `even` is this step, `odd` the next.
      if (steps > 0) load(even, 0, std::false_type{});
      for (int64_t step = 0; step < steps; ++step) {
        const bool more = step + 1 < steps;
        if (more) load(odd, (step + 1) * kStepK, std::false_type{});
        compute_step(even);
        if (more) even = odd;
      }
    }
    if (steps * kStepK < k_len) {  // the ragged end of K, bounds-checked
      StepFragments last;
      load(last, steps * kStepK, std::true_type{});
      compute_step(last);
    }
  };
  // Not in the rolled loop (r32_w8_u1): without the checks its loop took 112 registers
  // instead of 74 at 16 small rows, too many for its 3 blocks per SM.
  if constexpr (Stream::kHasRowEdge && kTile.paired_steps) {
    if (r0 + kTile.block_rows() > w.rows) {
      stream_k(std::true_type{});
    } else {
      stream_k(std::false_type{});
    }
  } else {
    stream_k(std::bool_constant<Stream::kHasRowEdge>{});
  }

  // Only the reduction and the stores are left: the next kernel in the stream may be placed
  // as this grid's blocks leave (it waits for this one to finish before it reads).
  allow_dependent_launch();

  // Warps -> block -> C, the warps' partial sums added in warp order.
  extern __shared__ float partial[];
  write_partials<kWTiles, kXTiles, kXRowsPerThread>(acc, partial, warp, lane);
  __syncthreads();
  store_block_sums<kWTiles, kXTiles, kXRowsPerThread, kWarps>(partial, threadIdx.x, kTile.threads(), r0, w.rows, s0,
                                                              x.rows, out, epilogue, Stream::row_in_block);
}

// Runtime SkinnyConfigId -> compile-time constant.
template <typename F>
void with_skinny_config(SkinnyConfigId id, F&& f) {
  using Id = SkinnyConfigId;
  if (id == Id::k16Rows) {
    f(std::integral_constant<Id, Id::k16Rows>{});
  } else if (id == Id::k32Rows16Warps) {
    f(std::integral_constant<Id, Id::k32Rows16Warps>{});
  } else if (id == Id::k32Rows1Chunk) {
    f(std::integral_constant<Id, Id::k32Rows1Chunk>{});
  } else if (id == Id::k32RowsStaged) {
    f(std::integral_constant<Id, Id::k32RowsStaged>{});
  } else {
    f(std::integral_constant<Id, Id::k32Rows>{});
  }
}

// X rows per block: 8 (half of one m16 tile), 16 or 32; more rows take more blocks.
template <typename F>
void with_small_rows(int64_t small_rows, F&& f) {
  if (small_rows <= 8) {
    f(std::integral_constant<int, 8>{});
  } else if (small_rows <= 16) {
    f(std::integral_constant<int, 16>{});
  } else {
    f(std::integral_constant<int, SkinnyTile::kSmallRowsMax>{});
  }
}

// `v` ([rows, K]) K-major: row-major with 16-byte aligned rows, copied if it is not.
template <typename T>
SkinnyOperand<T> rows_along_k(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage) {
  const MatrixView rows = aligned_operand(v, options, storage, /*col_major=*/false);
  return {static_cast<const T*>(rows.data), rows.rows, rows.cols, rows.ld};
}

MatrixView transposed(const MatrixView& v) { return {v.data, v.cols, v.rows, v.ld, !v.col_major, v.readable_bytes}; }

// W ([rows, K]) as the kernel streams it: in place when it is MN-major with 8-byte aligned
// runs and the config reads MN-major (mn_major set), else as rows along K (copied if need be).
template <typename T>
SkinnyOperand<T> streamed_operand(const MatrixView& v, const SkinnyTile& tile, const at::TensorOptions& options,
                                    at::Tensor& storage, bool& mn_major) {
  mn_major = v.col_major && tile.streams_mn_major() && v.alignment_bytes(sizeof(T)) % 8 == 0;
  if (mn_major) return {static_cast<const T*>(v.data), v.rows, v.cols, v.ld};
  return rows_along_k<T>(v, options, storage);
}

// TILEDMM_SKINNY_MN_PREFETCH=off: no prefetch ahead of the wait for an MN-major W (what it
// buys; bench/NOTES.md, session 34).
bool mn_major_prefetch_switched_off() {
  static const bool off = environment_says("TILEDMM_SKINNY_MN_PREFETCH", "off");
  return off;
}

// TILEDMM_SKINNY_EARLY_DEPENDENTS=off: the next kernel launches only once every block has
// passed its main loop, in every grid (what the early launch buys; bench/NOTES.md, session 56).
bool early_dependents_switched_off() {
  static const bool off = environment_says("TILEDMM_SKINNY_EARLY_DEPENDENTS", "off");
  return off;
}

// W streamed into registers (skinny_gemm_kernel).
template <typename T, SkinnyConfigId kConfig, int kSmallRows, typename Out, Activation kActivation>
void launch_streamed(const SkinnyOperand<T>& w, bool w_mn_major, const SkinnyOperand<T>& x,
                     const SkinnyOutput<Out>& out, const SplitK& split, OutputEpilogue<Out, kActivation> epilogue,
                     cudaStream_t stream) {
  constexpr SkinnyTile kTile = skinny_tile(kConfig);
  constexpr int kSmemBytes = kTile.reduce_smem_bytes(kSmallRows);
  const int64_t row_blocks = (w.rows + kTile.block_rows() - 1) / kTile.block_rows();
  const int64_t small_blocks = (x.rows + kSmallRows - 1) / kSmallRows;
  TORCH_CHECK(row_blocks <= std::numeric_limits<int32_t>::max() && small_blocks <= 65535,
              "tiledmm.gemm (skinny): ", w.rows, " x ", x.rows, " outputs need too many blocks");
  auto kernel = skinny_gemm_kernel<T, Out, kConfig, kSmallRows, /*kWMnMajor=*/false, kActivation>;
  if constexpr (kTile.streams_mn_major()) {
    if (w_mn_major) kernel = skinny_gemm_kernel<T, Out, kConfig, kSmallRows, /*kWMnMajor=*/true, kActivation>;
  }
  if constexpr (kSmemBytes > 48 * 1024) {
    static std::atomic<uint64_t> opted_in[2];  // per instance: W K-major, MN-major
    allow_dynamic_smem(kernel, kSmemBytes, opted_in[w_mn_major]);
  }
  // The prefetch ahead of the wait: one block step of W (two steps were slower at 4096 x
  // 4096), and only when every block is resident at once. Grids of several waves were slower
  // with it: 1-3% behind a kernel not ours, up to 1% back to back (bench/NOTES.md, session
  // 29). Blocks per SM are asked once per instance (a process's GPUs are taken to share an
  // architecture; a wrong guess costs only the prefetches).
  int64_t prefetch_k = 0;
  const bool prefetches = w_mn_major ? prefetches_first_step<true>(kTile) && !mn_major_prefetch_switched_off()
                                     : prefetches_first_step<false>(kTile);
  if (prefetches) {
    static std::atomic<int> blocks_per_sm[2];  // per kernel: W K-major, MN-major
    if (blocks_per_sm[w_mn_major].load(std::memory_order_relaxed) == 0) {
      int resident = 0;
      C10_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, kTile.threads(), kSmemBytes));
      blocks_per_sm[w_mn_major].store(std::max(resident, 1), std::memory_order_relaxed);
    }
    const int64_t resident_blocks = blocks_per_sm[w_mn_major].load(std::memory_order_relaxed) *
                                    static_cast<int64_t>(at::cuda::getCurrentDeviceProperties()->multiProcessorCount);
    if (row_blocks * small_blocks * split.splits <= resident_blocks) prefetch_k = kTile.step_k();
  }
  const dim3 grid(static_cast<unsigned>(row_blocks), static_cast<unsigned>(small_blocks),
                  static_cast<unsigned>(split.splits));
  // A grid of one wave that streams W along K lets the next kernel launch from its blocks'
  // start: all of them are resident by then, so the next kernel's blocks take only the slots
  // these leave, and prefetch there while the last ones finish. H200 decode stream, 4096 x
  // 4096 (bench/NOTES.md, session 56): M = 1 78.3 -> 79.9% of copy bandwidth, M = 8 74.8 ->
  // 77.6%, the rest within 0.5 points; an MN-major W lost 4-6 points so, and keeps the signal
  // after its main loop.
  const bool dependents_early = prefetch_k > 0 && !w_mn_major && !early_dependents_switched_off();
  launch_after_prior_kernel(kernel, grid, kTile.threads(), kSmemBytes, stream, /*programmatic=*/true, w, x, out,
                            split.k_per_split, prefetch_k, dependents_early, epilogue);
}

// W streamed into registers, or staged in shared memory by bulk copies (skinny_staged.cuh).
template <typename T, SkinnyConfigId kConfig, int kSmallRows, typename Out, Activation kActivation>
void launch_config(const SkinnyOperand<T>& w, bool w_mn_major, const SkinnyOperand<T>& x,
                   const SkinnyOutput<Out>& out, const SplitK& split, OutputEpilogue<Out, kActivation> epilogue,
                   cudaStream_t stream) {
  constexpr SkinnyTile kTile = skinny_tile(kConfig);
  if constexpr (kTile.staged) {
    launch_staged<T, kSmallRows>(w, x, out, split, epilogue, !early_dependents_switched_off(), stream);
  } else {
    launch_streamed<T, kConfig, kSmallRows>(w, w_mn_major, x, out, split, epilogue, stream);
  }
}

template <typename T>
void launch_typed(const GemmProblem& p, SkinnyConfigId config, const SplitK& split, at::Tensor& out,
                  cudaStream_t stream) {
  // Both operands as [rows, K]: A is [M, K], B^T is [N, K]. The small side is X, read as
  // rows along K; the large one is W, read in place along K or along its rows.
  const bool small_is_m = skinny_small_is_m(p.m, p.n);
  const MatrixView a_rows = p.a, b_rows = transposed(p.b);
  at::Tensor w_storage, x_storage;  // workspaces, freed to the caching allocator on this stream
  const auto options = out.options().dtype(p.dtype);
  bool w_mn_major = false;
  const SkinnyOperand<T> w =
      streamed_operand<T>(small_is_m ? b_rows : a_rows, skinny_tile(config), options, w_storage, w_mn_major);
  const SkinnyOperand<T> x = rows_along_k<T>(small_is_m ? a_rows : b_rows, options, x_storage);
  with_skinny_config(config, [&](auto id) {
    with_small_rows(x.rows, [&](auto small_rows) {
      // The epilogue touches each output once: the activation is read at run time.
      with_kernel_output<T, /*kRuntimeActivation=*/true>(split, p.epilogue, out.data_ptr(), [&](auto* dst, auto epilogue) {
        using Out = std::remove_pointer_t<decltype(dst)>;
        const SkinnyOutput<Out> y{dst, small_is_m ? p.n : 1, small_is_m ? 1 : p.n,
                                  split.active() ? p.m * p.n : 0, !small_is_m};
        launch_config<T, decltype(id)::value, decltype(small_rows)::value>(w, w_mn_major, x, y, split, epilogue,
                                                                            stream);
      });
    });
  });
}

}  // namespace

cudaFuncAttributes skinny_kernel_attributes(at::ScalarType dtype, SkinnyConfigId config, int64_t small_rows) {
  cudaFuncAttributes attributes{};
  with_skinny_config(config, [&](auto id) {
    with_small_rows(small_rows, [&](auto rows) {
      constexpr SkinnyConfigId kId = decltype(id)::value;
      constexpr int kRows = decltype(rows)::value;
      auto kernel_of = [](auto element) {
        using T = decltype(element);
        if constexpr (skinny_tile(kId).staged) {
          return skinny_staged_kernel<T, T, kRows, Activation::kNone>;
        } else {
          return skinny_gemm_kernel<T, T, kId, kRows, false, Activation::kNone>;
        }
      };
      if (dtype == at::kBFloat16) {
        C10_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel_of(c10::BFloat16{})));
      } else {
        C10_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel_of(c10::Half{})));
      }
    });
  });
  return attributes;
}

void launch_skinny(const GemmProblem& p, SkinnyConfigId config, const SplitK& split, at::Tensor& out,
                   cudaStream_t stream) {
  if (p.dtype == at::kBFloat16) {
    launch_typed<c10::BFloat16>(p, config, split, out, stream);
  } else {
    TORCH_CHECK(p.dtype == at::kHalf, "tiledmm.gemm (skinny): bfloat16 or float16 only, got ", p.dtype);
    launch_typed<c10::Half>(p, config, split, out, stream);
  }
}

}  // namespace tiledmm::cuda
