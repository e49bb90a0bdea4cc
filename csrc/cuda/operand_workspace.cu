// Aligned (and transposed) copies of operands for loads that need 16-byte aligned lines.
//
// Two copy kernels instead of at::Tensor::copy_: torch's copy of a strided 2-D view moves
// one element per load and store with an index computation each, about 1.5 TB/s for
// bf16 on an H100 (43.6 us per 4097 x 4093 operand, bench/NOTES.md), and its transposing
// copy reads with a stride. A repacking copy is pure bandwidth, so each kernel here keeps
// both sides coalesced: lines are read element by element (any alignment) and written 16
// bytes per thread; transposes go through a shared-memory tile.
#include "operand_workspace.h"

#include "../line_alignment.h"
#include "common/ptx.cuh"

#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>

#include <algorithm>
#include <cstdint>

namespace tiledmm::cuda {

namespace {

constexpr int kMaxGridY = 65535;

// An unsigned integer as wide as one element: copies move bits, whatever the dtype.
template <int kBytes>
struct ElementBits;
template <>
struct ElementBits<2> {
  using type = uint16_t;
};
template <>
struct ElementBits<4> {
  using type = uint32_t;
};
template <>
struct ElementBits<8> {
  using type = uint64_t;
};

// dst[line][e] = src[line][e] for e < extent; each thread writes one 16-byte chunk of a
// destination line (dst_ld a multiple of 16 bytes, so every chunk is aligned), gathering
// its elements with loads as narrow as the source's alignment forces. Elements between
// extent and the chunk's end are written as zeros. The source is read once, so it streams
// through L2 (evict_first); the copy is read next by the GEMM, so L2 keeps it (evict_last):
// 4097 x 4095 x 4093's B copy took 21.3 us this way against 22.1 us (bench/NOTES.md,
// session 22).
template <typename Bits>
__global__ void repack_lines_kernel(const Bits* __restrict__ src, int64_t src_ld, Bits* __restrict__ dst,
                                    int64_t dst_ld, int64_t lines, int64_t extent) {
  constexpr int kPerChunk = 16 / sizeof(Bits);
  const int64_t e0 = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) * kPerChunk;
  if (e0 >= extent) return;
  for (int64_t line = blockIdx.y; line < lines; line += gridDim.y) {
    const Bits* from = src + line * src_ld + e0;
    union {
      uint4 chunk;
      Bits elements[kPerChunk];
    } out;
#pragma unroll
    for (int i = 0; i < kPerChunk; ++i) out.elements[i] = e0 + i < extent ? __ldcs(from + i) : Bits{0};
    store_kept_in_l2(reinterpret_cast<uint4*>(dst + line * dst_ld + e0), out.chunk);
  }
}

// dst[e][line] = src[line][e]: 32 x 32 tiles through shared memory (one padding column,
// so that the column reads hit 32 different banks), coalesced on both sides.
template <typename Bits>
__global__ void transpose_lines_kernel(const Bits* __restrict__ src, int64_t src_ld, Bits* __restrict__ dst,
                                       int64_t dst_ld, int64_t lines, int64_t extent) {
  constexpr int kTile = 32, kRowsPerPass = 8;  // blockDim = (32, 8)
  __shared__ Bits tile[kTile][kTile + 1];
  const int64_t e0 = static_cast<int64_t>(blockIdx.x) * kTile;
  for (int64_t l0 = static_cast<int64_t>(blockIdx.y) * kTile; l0 < lines; l0 += static_cast<int64_t>(gridDim.y) * kTile) {
#pragma unroll
    for (int r = threadIdx.y; r < kTile; r += kRowsPerPass) {
      const int64_t line = l0 + r, e = e0 + threadIdx.x;
      if (line < lines && e < extent) tile[r][threadIdx.x] = src[line * src_ld + e];
    }
    __syncthreads();
#pragma unroll
    for (int r = threadIdx.y; r < kTile; r += kRowsPerPass) {
      const int64_t e = e0 + r, line = l0 + threadIdx.x;
      if (line < lines && e < extent) dst[e * dst_ld + line] = tile[threadIdx.x][r];
    }
    __syncthreads();  // the tile is refilled by the next pass
  }
}

template <typename F>
void with_element_bits(int64_t element_size, F&& f) {
  switch (element_size) {
    case 2: f(ElementBits<2>{}); break;
    case 4: f(ElementBits<4>{}); break;
    case 8: f(ElementBits<8>{}); break;
    default: TORCH_CHECK(false, "tiledmm: no repacking copy for ", element_size, "-byte elements");
  }
}

// A [lines, ld] workspace whose lines start a multiple of 128 bytes apart, `extent` of each
// used. 16 bytes would satisfy every load, but a wgmma B whose rows start mid-way through a
// 32-byte sector is read ~1.4x slower (operand_workspace.h): 4100 bf16 elements rounded to
// 16 bytes (4104) would be such rows.
at::Tensor aligned_workspace(int64_t lines, int64_t extent, const at::TensorOptions& options) {
  const int64_t per_128_bytes = 128 / static_cast<int64_t>(c10::elementSize(options.dtype().toScalarType()));
  const int64_t ld = (extent + per_128_bytes - 1) / per_128_bytes * per_128_bytes;
  return at::empty({lines, ld}, options);
}

// The lines of `v` as stored: `lines` runs of `extent` contiguous elements, `ld` apart.
struct StoredLines {
  int64_t lines, extent;
};
StoredLines stored_lines(const MatrixView& v) {
  return v.col_major ? StoredLines{v.cols, v.rows} : StoredLines{v.rows, v.cols};
}

}  // namespace

bool tma_reads_in_place(const MatrixView& v, int64_t element_size, bool whole_sectors) {
  return v.alignment_bytes(element_size) % (whole_sectors ? kL2SectorBytes : 16) == 0;
}

TmaInPlaceRead tma_in_place_read(const MatrixView& v, int64_t element_size) {
  const int64_t alignment = v.alignment_bytes(element_size);
  const bool in_place = alignment % 16 == 0;  // TMA's rule for a base and a pitch
  return {in_place, in_place && alignment % kL2SectorBytes != 0, in_place && alignment % kL2LineBytes != 0};
}

MatrixView repack_aligned(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage) {
  const StoredLines s = stored_lines(v);
  storage = aligned_workspace(s.lines, s.extent, options);
  if (s.lines > 0 && s.extent > 0) {
    with_element_bits(storage.element_size(), [&](auto bits) {
      using Bits = typename decltype(bits)::type;
      constexpr int kThreads = 256, kPerChunk = 16 / sizeof(Bits);
      const int64_t chunks = (s.extent + kPerChunk - 1) / kPerChunk;
      const dim3 grid(static_cast<unsigned>((chunks + kThreads - 1) / kThreads),
                      static_cast<unsigned>(std::min<int64_t>(s.lines, kMaxGridY)));
      repack_lines_kernel<Bits><<<grid, kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
          static_cast<const Bits*>(v.data), v.ld, static_cast<Bits*>(storage.data_ptr()), storage.stride(0), s.lines,
          s.extent);
      C10_CUDA_KERNEL_LAUNCH_CHECK();
    });
  }
  return {storage.data_ptr(), v.rows, v.cols, storage.stride(0), v.col_major, static_cast<int64_t>(storage.nbytes())};
}

MatrixView repack_transposed(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage) {
  const StoredLines s = stored_lines(v);
  storage = aligned_workspace(s.extent, s.lines, options);  // the other orientation
  if (s.lines > 0 && s.extent > 0) {
    with_element_bits(storage.element_size(), [&](auto bits) {
      using Bits = typename decltype(bits)::type;
      const dim3 grid(static_cast<unsigned>((s.extent + 31) / 32),
                      static_cast<unsigned>(std::min<int64_t>((s.lines + 31) / 32, kMaxGridY)));
      transpose_lines_kernel<Bits><<<grid, dim3(32, 8), 0, at::cuda::getCurrentCUDAStream()>>>(
          static_cast<const Bits*>(v.data), v.ld, static_cast<Bits*>(storage.data_ptr()), storage.stride(0), s.lines,
          s.extent);
      C10_CUDA_KERNEL_LAUNCH_CHECK();
    });
  }
  return {storage.data_ptr(), v.rows, v.cols, storage.stride(0), !v.col_major, static_cast<int64_t>(storage.nbytes())};
}

MatrixView aligned_operand(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage,
                           std::optional<bool> col_major, bool whole_sectors) {
  if (col_major.has_value() && *col_major != v.col_major) return repack_transposed(v, options, storage);
  const int64_t element_size = static_cast<int64_t>(c10::elementSize(options.dtype().toScalarType()));
  return tma_reads_in_place(v, element_size, whole_sectors) ? v : repack_aligned(v, options, storage);
}

}  // namespace tiledmm::cuda
