// `skinny`, staged (config r32_w8_bulk, sm90a): skinny.cu's product Y[s, r] = sum_k X[s, k]
// W[r, k] for a K-major W, with W and X reaching the warps through shared memory instead of
// straight into registers:
//   global -> shared     a producer thread copies each block step (256 k) of the block's 32
//                        W rows and of its X rows into a ring of stages by TMA, one box per
//                        operand (32 rows x 512 bytes for W; past K and past the rows they
//                        read zeros); a stage's full barrier counts its bytes in, its empty
//                        barrier the 8 compute warps out. The bytes in flight per SM are the
//                        ring's (up to stages x 16 KB of W), not the registers' of skinny.cu's
//                        stream, too few at 16 small rows (bench/NOTES.md, session 57). The
//                        copy engine's cost is per box as much as per byte: a bulk copy per
//                        512-byte row ran at a third of the rate, and 128-byte-wide swizzled
//                        boxes (8 per step) well short of this (session 58).
//   shared -> registers  thread (g, t) of compute warp w reads 16 bytes, k = 32w + 8t.., of
//                        row g of each 8-row W tile and of rows g, g + 8 of each 16-row X
//                        tile: the permuted fragments skinny.cu loads from global. Rows are
//                        512 bytes apart, unswizzled, so rows g and g + 1 of a 16-byte access
//                        phase share banks (2 wavefronts a load): the loads are ~6 a step,
//                        far below what the step's bytes take to arrive.
//   tensor cores, warps -> block -> C: as skinny.cu (skinny_parts.cuh).
// The grid is one block per SM; each takes an even share of W's 8-row tiles (4096 rows on
// 132 SMs: 3-4 tiles each, no SM idle) and computes it 32 rows (a pass) at a time, while the
// producer runs ahead into the next pass.
#pragma once

#include "dependent_launch.h"
#include "dynamic_smem.h"
#include "skinny_parts.cuh"

#include "../common/epilogue.cuh"
#include "../common/ptx_sm90.cuh"
#include "../measurement_switch.h"
#include "../skinny_configs.h"
#include "../split_k.h"
#include "../tensor_map.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/util/Exception.h>
#include <cuda.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>

namespace tiledmm::cuda::skinny {

constexpr SkinnyTile kStagedTile = skinny_tile(SkinnyConfigId::k32RowsStaged);
constexpr int kStageK = kStagedTile.step_k();            // one 32-deep chunk per compute warp
constexpr int kRowBytes = kStageK * 2;                   // a row's step in shared memory
constexpr int kComputeThreads = 32 * kStagedTile.warps;  // the producer warp comes after them
constexpr int kReductionBarrier = 1;                     // named barrier of the compute warps

// A block's shared memory: `stages` stages of (32 W rows, kSmallRows X rows), a row's step
// 512 bytes, then the warps' partial sums and each stage's full and empty barriers.
template <int kSmallRows>
struct StagedLayout {
  static constexpr int kWRows = kStagedTile.block_rows();
  static constexpr int kWBytes = kWRows * kRowBytes;
  static constexpr int kStageBytes = (kWRows + kSmallRows) * kRowBytes;
  static constexpr int kPartialBytes = kStagedTile.reduce_smem_bytes(kSmallRows);
  int stages;
  __host__ __device__ int partial_offset() const { return stages * kStageBytes; }
  __host__ __device__ int barrier_offset() const { return partial_offset() + kPartialBytes; }
  __host__ __device__ int bytes() const { return barrier_offset() + 2 * stages * 8; }
};

template <typename T, typename Out, int kSmallRows, Activation kActivation>
__global__ void __launch_bounds__(kStagedTile.threads())
    skinny_staged_kernel(const __grid_constant__ CUtensorMap w_map, const __grid_constant__ CUtensorMap w_tile_map,
                         const __grid_constant__ CUtensorMap x_map,
                         SkinnyOperand<T> w, int64_t small_rows, SkinnyOutput<Out> out, int64_t k_per_split,
                         int stages, int64_t prefetch_k, bool dependents_early,
                         OutputEpilogue<Out, kActivation> epilogue) {
  static_assert(sizeof(T) == 2, "16-bit elements");
  static_assert(kSmallRows == 8 || kSmallRows % 16 == 0, "X rows per block: 8 or whole 16-row tiles");
  constexpr int kWTiles = kStagedTile.w_tiles, kWarps = kStagedTile.warps;
  constexpr int kXTiles = (kSmallRows + 15) / 16;
  constexpr int kXRowsPerThread = kSmallRows == 8 ? 1 : 2;
  using Layout = StagedLayout<kSmallRows>;
  const Layout layout{stages};
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

  // Block: W's 8-row tiles [tile_begin, tile_end), X rows from s0, K slice z (whole stages
  // but the last slice's end, which the boxes read as zeros past K).
  const int64_t tiles = (w.rows + 7) / 8;
  const int64_t tile_begin = tiles * blockIdx.x / gridDim.x, tile_end = tiles * (blockIdx.x + 1) / gridDim.x;
  const int64_t rows_end = min(8 * tile_end, w.rows);
  const int64_t passes = (tile_end - tile_begin + kWTiles - 1) / kWTiles;
  const int64_t s0 = static_cast<int64_t>(blockIdx.y) * kSmallRows;
  const int64_t k0 = static_cast<int64_t>(blockIdx.z) * k_per_split;
  const int64_t k_len = min(k_per_split, w.k - k0);
  const int64_t steps = (k_len + kStageK - 1) / kStageK;
  out.data += blockIdx.z * out.plane;
  auto pass_rows = [&](int64_t pass) { return 8 * (tile_begin + kWTiles * pass); };

  extern __shared__ __align__(128) unsigned char smem[];
  auto* full = reinterpret_cast<uint64_t*>(smem + layout.barrier_offset());
  uint64_t* empty = full + stages;
  auto* partial = reinterpret_cast<float*>(smem + layout.partial_offset());
  auto w_rows = [&](int slot) { return smem + slot * Layout::kStageBytes; };
  auto x_rows = [&](int slot) { return w_rows(slot) + Layout::kWBytes; };

  if (threadIdx.x == 0) {
    for (int i = 0; i < stages; ++i) {
      mbarrier_init(&full[i], 1);        // the producer's arrival, with the bytes to come
      mbarrier_init(&empty[i], kWarps);  // one arrival per compute warp
    }
    fence_barrier_init();
  }
  // Before the kernel ahead has finished, only L2 prefetches of the first pass's rows (safe
  // even if that kernel writes W: its writes land in L2).
  if (warp == kWarps) {
    if (lane == 0) {
      prefetch_tensor_map(&w_map);
      prefetch_tensor_map(&w_tile_map);
      prefetch_tensor_map(&x_map);
    }
    const int64_t row = pass_rows(0) + lane;
    const uint32_t bytes = static_cast<uint32_t>(min(prefetch_k, k_len) * sizeof(T)) & ~15u;
    if (passes > 0 && row < rows_end && bytes > 0) prefetch_l2_bulk(w.data + row * w.ld + k0, bytes);
  }
  if (dependents_early) allow_dependent_launch();
  wait_for_prior_kernel();
  __syncthreads();  // barriers initialized

  if (warp == kWarps) {
    // Producer: each step into the next free stage of the ring, W in one box, or in a pass of
    // fewer than 4 tiles (the share's last) one 8-row box per tile, so that no block reads
    // the next one's rows (at 11008 rows, 14% more bytes).
    int slot = 0;
    uint32_t phase = 0;
    for (int64_t pass = 0; pass < passes; ++pass) {
      const int32_t r0 = static_cast<int32_t>(pass_rows(pass));
      const int pass_tiles = static_cast<int>(min(int64_t{kWTiles}, tile_end - tile_begin - kWTiles * pass));
      // Boxes count in full, zeros past K or past the rows included.
      const uint32_t stage_tx = (8 * pass_tiles + kSmallRows) * kRowBytes;
      for (int64_t step = 0; step < steps; ++step) {
        mbarrier_wait(&empty[slot], phase ^ 1);  // the first round finds every stage free
        if (lane == 0) mbarrier_arrive_expect_tx(&full[slot], stage_tx);
        __syncwarp();  // the stage's bytes are announced before any box lands
        const int32_t k = static_cast<int32_t>(k0 + step * kStageK);
        if (lane == 0) {
          tma_load_2d(x_rows(slot), &x_map, k, static_cast<int32_t>(s0), &full[slot]);
          if (pass_tiles == kWTiles) tma_load_2d(w_rows(slot), &w_map, k, r0, &full[slot]);
        }
        if (pass_tiles < kWTiles && lane < pass_tiles) {
          tma_load_2d(w_rows(slot) + 8 * lane * kRowBytes, &w_tile_map, k, r0 + 8 * lane, &full[slot]);
        }
        if (++slot == stages) slot = 0, phase ^= 1;
      }
    }
    return;
  }

  // Compute warps.
  const int g = lane / 4, t = lane % 4;
  const int lane_bytes = (warp * kChunkK + 8 * t) * static_cast<int>(sizeof(T));  // k = 32 warp + 8t
  int slot = 0;
  uint32_t phase = 0;
  for (int64_t pass = 0; pass < passes; ++pass) {
    const int64_t r0 = pass_rows(pass);
    float acc[kWTiles][kXTiles][4] = {};
    for (int64_t step = 0; step < steps; ++step) {
      mbarrier_wait(&full[slot], phase);
      const uint32_t w_base = shared_address(w_rows(slot)) + lane_bytes;
      const uint32_t x_base = shared_address(x_rows(slot)) + lane_bytes;
      Group8 w_frag[kWTiles];
      XTile x_frag[kXTiles];
#pragma unroll
      for (int q = 0; q < kWTiles; ++q) {
        const uint4 v = load_shared<uint4>(w_base + (8 * q + g) * kRowBytes);
        w_frag[q] = {v.x, v.y, v.z, v.w};
      }
#pragma unroll
      for (int s = 0; s < kXTiles; ++s)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          uint4 v{};
          if (h < kXRowsPerThread) v = load_shared<uint4>(x_base + (16 * s + 8 * h + g) * kRowBytes);
          x_frag[s].row[h] = {v.x, v.y, v.z, v.w};
        }
      __syncwarp();
      if (lane == 0) mbarrier_arrive(&empty[slot]);  // the stage is read: the producer may refill it
      if (++slot == stages) slot = 0, phase ^= 1;
      mma_chunk<T>(acc, w_frag, x_frag);
    }
    // Past the last pass's main loop: the next kernel in the stream may be placed.
    if (pass + 1 == passes) allow_dependent_launch();

    // Warps -> block -> C; the second barrier keeps the next pass off `partial` until read.
    write_partials<kWTiles, kXTiles, kXRowsPerThread>(acc, partial, warp, lane);
    named_barrier_sync(kReductionBarrier, kComputeThreads);
    store_block_sums<kWTiles, kXTiles, kXRowsPerThread, kWarps>(
        partial, threadIdx.x, kComputeThreads, r0, rows_end, s0, small_rows, out, epilogue,
        [](int q, int n) { return 8 * q + n; });
    named_barrier_sync(kReductionBarrier, kComputeThreads);
  }
}

// Stages of the ring: as many as fit half an SM's shared memory, so that a block of the next
// product in the stream fits beside this one and warms L2 early (dependent_launch.h), but at
// least 4. H200 decode stream, 4096 x 4096 at up to 8 small rows: 4 stages (two blocks per
// SM) 69% of copy bandwidth, 8 stages (one) 64% (session 58). TILEDMM_SKINNY_STAGES=n asks
// for n (measurement), from 2 up to what one block's shared memory holds.
constexpr int kMinStages = 4, kMaxStages = 8;

template <int kSmallRows>
int staged_ring_stages(int smem_per_sm, int smem_per_block) {
  static const int requested = environment_number("TILEDMM_SKINNY_STAGES");
  auto fits = [](int stages, int limit) { return StagedLayout<kSmallRows>{stages}.bytes() <= limit; };
  int stages = requested;
  if (stages <= 0) {
    const int half_sm = smem_per_sm / 2 - 1024;  // what the driver reserves per block
    stages = kMinStages;
    while (stages < kMaxStages && fits(stages + 1, half_sm)) ++stages;
  }
  stages = std::max(stages, 2);
  while (stages > 2 && !fits(stages, smem_per_block)) --stages;
  return stages;
}

// `early_dependents`: whether the next kernel may be placed from the blocks' start (skinny.cu's
// TILEDMM_SKINNY_EARLY_DEPENDENTS switch), else past their main loop.
template <typename T, int kSmallRows, typename Out, Activation kActivation>
void launch_staged(const SkinnyOperand<T>& w, const SkinnyOperand<T>& x, const SkinnyOutput<Out>& out,
                   const SplitK& split, OutputEpilogue<Out, kActivation> epilogue, bool early_dependents,
                   cudaStream_t stream) {
  const cudaDeviceProp* props = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(props->major == 9, "tiledmm.gemm (skinny): config ", kStagedTile.name,
              " needs an sm_90 GPU (TMA and mbarriers of sm_90a)");
  TORCH_CHECK(split.splits == 1 || split.k_per_split % kStageK == 0, "tiledmm.gemm (skinny): ", kStagedTile.name,
              " takes K slices of whole ", kStageK, "-deep steps, got ", split.k_per_split);
  TORCH_CHECK(w.k <= std::numeric_limits<int32_t>::max() && w.rows <= std::numeric_limits<int32_t>::max() &&
                  x.rows <= std::numeric_limits<int32_t>::max(),
              "tiledmm.gemm (skinny): ", kStagedTile.name, " addresses TMA boxes with 32-bit coordinates");
  const int64_t tiles = (w.rows + 7) / 8;
  const int64_t small_blocks = (x.rows + kSmallRows - 1) / kSmallRows;
  TORCH_CHECK(small_blocks <= 65535, "tiledmm.gemm (skinny): ", x.rows, " small rows need too many blocks");
  // One block per SM in all, each an even share of the tiles.
  const int64_t others = small_blocks * split.splits;
  const int64_t row_blocks = std::min(tiles, std::max<int64_t>(1, props->multiProcessorCount / others));
  const int stages = staged_ring_stages<kSmallRows>(static_cast<int>(props->sharedMemPerMultiprocessor),
                                                    static_cast<int>(props->sharedMemPerBlockOptin));
  const int smem_bytes = StagedLayout<kSmallRows>{stages}.bytes();
  // Unswizzled boxes of one step: 32 W rows, 8 (one tile), kSmallRows X rows.
  auto rows_map = [&](const SkinnyOperand<T>& v, int rows) {
    return make_tensor_map_2d(v.data, tma_dtype<T>(), v.k, v.rows, v.ld * sizeof(T), kStageK, rows,
                              /*swizzle_bytes=*/0);
  };
  const CUtensorMap w_map = rows_map(w, StagedLayout<kSmallRows>::kWRows), w_tile_map = rows_map(w, 8),
                    x_map = rows_map(x, kSmallRows);
  auto kernel = skinny_staged_kernel<T, Out, kSmallRows, kActivation>;
  static std::atomic<uint64_t> opted_in;
  allow_dynamic_smem(kernel, static_cast<int>(props->sharedMemPerBlockOptin), opted_in);
  // Every block is resident from the start (a grid of at most one block per SM): each warms
  // L2 with its first ring of W while the kernel ahead finishes, and lets the next kernel be
  // placed from its start, as skinny.cu's one-wave grids of a K-major W do.
  const bool one_wave = row_blocks * others <= props->multiProcessorCount;
  const int64_t prefetch_k = one_wave ? int64_t{stages} * kStageK : 0;
  const dim3 grid(static_cast<unsigned>(row_blocks), static_cast<unsigned>(small_blocks),
                  static_cast<unsigned>(split.splits));
  launch_after_prior_kernel(kernel, grid, kStagedTile.threads(), smem_bytes, stream, /*programmatic=*/true, w_map,
                            w_tile_map, x_map, w, x.rows, out, split.k_per_split, stages, prefetch_k,
                            one_wave && early_dependents, epilogue);
}

}  // namespace tiledmm::cuda::skinny
