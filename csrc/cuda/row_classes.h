// A row-major A whose rows TMA reads slowly or not at all, read in place by the wgmma
// kernel instead of being copied first (16-bit types, with a row-major B). TMA needs rows
// on 16-byte boundaries, and reads rows that start 16 bytes into a 32-byte sector at a
// fraction of its rate (bench/NOTES.md, sessions 20 and 21): a copy of a 4097 x 4093 bf16
// A costs ~23.5 us on an H100.
//
// Rows r and r + C lie C * pitch bytes apart, a multiple of 32 for C = 32 / gcd(pitch, 32)
// (1, 2, 4, 8 or 16), so the rows of one residue class j = r mod C form a matrix TMA can
// read from whole sectors: its base is row j's start rounded down to 32 bytes, and every
// row of the class starts the same shift[j] elements past its sector boundary. A TMA box
// must also start on 16 bytes, so a tile (block_m rows of one class) is loaded from that
// boundary: shared column c of k-tile kt holds k = kt * BK + c - shift[j]. The kernel
// loads B's k-rows shift[j] rows earlier to match (B is row-major, so K is its outer
// coordinate, where TMA takes any start, and rows before 0 arrive as zeros), and zeroes
// the first k-tile's shift[j] leading columns (the end of the previous row, possibly Inf
// or NaN) before the MMAs read them. The tile's outputs are rows j, j + C, j + 2C, ... of C.
#pragma once

#include <cuda.h>

#include <cstdint>

namespace tiledmm::cuda {

struct RowClasses {
  static constexpr int kMax = 16;        // C for 2-byte elements and an odd leading dimension
  static constexpr int kAlignment = 32;  // bytes: where each class's rows start, less the shift
  CUtensorMap maps[kMax];          // class j's rows (the first `count`)
  int64_t rows[kMax];              // rows in class j (0 for a class past A's last row)
  int32_t shift[kMax];             // elements class j's rows start past a 32-byte boundary
  int32_t first_tile[kMax + 1];    // class j's tile rows: [first_tile[j], first_tile[j + 1]);
                                   // for j >= count, the total
  int32_t count;                   // C
  int32_t max_shift;               // K grows by this much (the classes' k-tiles start early)

  struct Tile {
    int row_class;
    int64_t first_row;  // in rows of the class
  };

  // The class and first row of tile row `tile_m` (tile_m < first_tile[count]).
  __host__ __device__ __forceinline__ Tile locate(uint32_t tile_m, int block_m) const {
    int j = 0;
#pragma unroll
    for (int c = 1; c < kMax; ++c) j = tile_m >= static_cast<uint32_t>(first_tile[c]) ? c : j;
    return {j, static_cast<int64_t>(tile_m - static_cast<uint32_t>(first_tile[j])) * block_m};
  }
};

// The wgmma kernels of an A read in place by classes take this parameter; the others an
// empty one.
struct NoRowClasses {};

}  // namespace tiledmm::cuda
