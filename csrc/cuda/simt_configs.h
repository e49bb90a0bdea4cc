// Tile configurations of the `simt` family (CUDA-core FP32/FP64 GEMM), shared by the
// kernel templates and the host-side planner: one source of truth for tile sizes.
#pragma once

namespace tiledmm::cuda {

enum class SimtConfigId : int {
  kFloat128x256 = 0,     // large problems: 8 warps, 8x16 outputs per thread, 1 block per SM
  kFloat128x256K32 = 1,  // the same with a 32-deep K step (half the barriers per FMA)
  kFloat128x128W64 = 2,  // 4 warps of 64x64 (8x16 per thread), 2 blocks per SM
  kFloat128x128W64K32 = 3,  // the same with a 32-deep K step
  kFloat128x128 = 4,     // medium problems: 8 warps, 8x8 outputs per thread, 2 blocks per SM
  kFloat64x64 = 5,       // problems under one wave of 128x128 tiles: 4 warps, 4x8 per thread
  kDouble64x64 = 6,      // float64: 4 warps, 4x8 doubles per thread
  kCount = 7,
};

// The hierarchy: block tile (shared memory, `stages` deep) -> warp tile -> thread tile.
// A warp's lanes form lanes_m x lanes_n; each lane owns reps_m x reps_n sub-tiles of
// vec x vec outputs, spaced one lane-row apart so that the lanes of a warp read
// consecutive 16-byte vectors of a shared-memory row (no bank conflicts).
struct SimtTile {
  const char* name;
  int block_m, block_n, block_k;
  int warps_m, warps_n;
  int lanes_m;    // lanes along M; lanes_n = 32 / lanes_m
  int vec;        // elements per 128-bit access: 4 floats, 2 doubles
  int stages;     // cp.async pipeline depth
  int min_blocks_per_sm;  // __launch_bounds__ occupancy target (caps registers)

  constexpr int threads() const { return 32 * warps_m * warps_n; }
  constexpr int lanes_n() const { return 32 / lanes_m; }
  constexpr int warp_m() const { return block_m / warps_m; }
  constexpr int warp_n() const { return block_n / warps_n; }
  constexpr int reps_m() const { return warp_m() / (lanes_m * vec); }
  constexpr int reps_n() const { return warp_n() / (lanes_n() * vec); }
  constexpr int thread_m() const { return reps_m() * vec; }
  constexpr int thread_n() const { return reps_n() * vec; }
  // Staged rows are padded by one vector: transposing 4-byte stores then hit 32 banks.
  constexpr int smem_row_a() const { return block_m + vec; }
  constexpr int smem_row_b() const { return block_n + vec; }
  constexpr int smem_stage_elements() const { return block_k * (smem_row_a() + smem_row_b()); }
  constexpr int smem_bytes(int element_size) const {
    return stages * smem_stage_elements() * element_size;
  }
};

// kFloat128x256: 256 threads, 100,352 B smem, 128 accumulators/thread
// kFloat128x256K32: 256 threads, 150,528 B smem, 128 accumulators/thread
// kFloat128x128W64: 128 threads, 67,584 B smem, 128 accumulators/thread
// kFloat128x128W64K32: 128 threads, 101,376 B smem, 128 accumulators/thread
// kFloat128x128: 256 threads, 67,584 B smem, 64 accumulators/thread
// kFloat64x64:   128 threads, 34,816 B smem, 32 accumulators/thread
// kDouble64x64:  128 threads, 67,584 B smem, 32 accumulators/thread (64 registers)
// Fields: name, block m/n/k, warps m/n, lanes_m, vec, stages, min blocks per SM.
constexpr SimtTile kSimtTiles[] = {
    {"f32_128x256x16_w64x64_t8x16_s4", 128, 256, 16, 2, 4, 8, 4, 4, 1},
    {"f32_128x256x32_w64x64_t8x16_s3", 128, 256, 32, 2, 4, 8, 4, 3, 1},
    {"f32_128x128x16_w64x64_t8x16_s4", 128, 128, 16, 2, 2, 8, 4, 4, 2},
    {"f32_128x128x32_w64x64_t8x16_s3", 128, 128, 32, 2, 2, 8, 4, 3, 2},
    {"f32_128x128x16_w64x32_t8x8_s4", 128, 128, 16, 2, 4, 8, 4, 4, 2},
    {"f32_64x64x16_w32x32_t4x8_s4", 64, 64, 16, 2, 2, 8, 4, 4, 4},
    {"f64_64x64x16_w32x32_t4x8_s4", 64, 64, 16, 2, 2, 8, 2, 4, 2},
};

constexpr const SimtTile& simt_tile(SimtConfigId id) { return kSimtTiles[static_cast<int>(id)]; }

static_assert(sizeof(kSimtTiles) / sizeof(kSimtTiles[0]) == static_cast<int>(SimtConfigId::kCount),
              "one SimtTile per SimtConfigId");

}  // namespace tiledmm::cuda
