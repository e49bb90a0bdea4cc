// The wgmma kernel's output from the consumers' accumulator registers through shared memory
// to global memory (wgmma_kernel.cuh's epilogue): each 64-row slab leaves in boxes, written
// into swizzled shared buffers with the bias and the activation applied, then stored by TMA
// or, for rows TMA cannot address, by the warpgroup's own row-wise stores.
#pragma once

#include "wgmma_operands.cuh"

#include "../common/epilogue.cuh"
#include "../common/ptx_sm90.cuh"

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <cuda.h>

#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda::wgmma_detail {

// Copies values[0 .. kValues) = acc[box * kValues ..] (box: a run-time index) using only
// constant register indices, so the accumulators stay in registers.
template <int kBoxes, int kValues>
__device__ __forceinline__ void select_box(float (&values)[kValues], const float* acc, int box) {
#pragma unroll
  for (int b = 0; b < kBoxes; ++b) {
    if (b == box) {
#pragma unroll
      for (int i = 0; i < kValues; ++i) values[i] = acc[b * kValues + i];
    }
  }
}

// The store of a written output box without TMA, for outputs whose rows break its 16-byte
// rule: the warpgroup's 128 threads copy the box (kRows rows of 128 swizzled bytes) out
// row by row in words as wide as the rows' alignment allows (`word_bytes`), consecutive
// threads on consecutive words, so a warp writes whole runs of a row rather than the
// scattered pairs of the fragment layout. `c` is the output (or split-K plane): m rows of
// n elements, `pitch` elements apart (rows of one row class: every C-th row of C); row0,
// col0: the box's corner.
// A thread keeps one word column of the box for all its rows, so its column, the ragged-N
// test and its output pointer are set up once and each row costs a load, a store and
// pointer steps. These instructions run on the consumers between two tiles' MMAs: with
// 2-byte words at 4096 x 4095 x 4096, ncu counted 20.6 M more than TMA stores (+21% time)
// when each word recomputed its coordinates, 6.5 M (+9%) this way (bench/NOTES.md,
// session 14). The box is read through shared-window addresses (load_shared): through the
// generic pointer each word was a generic load that waited for the previous word's store.
template <typename Out, int kRows, typename Word>
__device__ __forceinline__ void copy_box_out_in(const unsigned char* buffer, Out* c, int64_t m, int64_t n,
                                                int64_t pitch, int64_t row0, int64_t col0, int thread) {
  constexpr int kWordsPerRow = kSwizzleRowBytes / sizeof(Word);
  constexpr int kRowsPerPass = 128 / kWordsPerRow;  // 16-byte words: 16 rows at a time; 2-byte: 2
  static_assert(sizeof(Word) >= sizeof(Out), "a word holds whole outputs");
  const int byte = (thread % kWordsPerRow) * static_cast<int>(sizeof(Word));
  const int64_t col = col0 + byte / static_cast<int>(sizeof(Out));
  // Rows' lengths are a multiple of the word: a word is all inside n or all past it.
  if (col >= n) return;
  const int rows = static_cast<int>(min(static_cast<int64_t>(kRows), m - row0));
  int row = thread / kWordsPerRow;
  Out* out = c + (row0 + row) * pitch + col;
  const int64_t step = kRowsPerPass * pitch;
  const uint32_t box = shared_address(buffer) + byte % 16;
#pragma unroll 4
  for (; row < rows; row += kRowsPerPass, out += step) {
    const int chunk = (byte / 16) ^ (row % 8);
    *reinterpret_cast<Word*>(out) = load_shared<Word>(box + row * kSwizzleRowBytes + chunk * 16);
  }
}

template <typename Out, int kRows>
__device__ __forceinline__ void copy_box_out(const unsigned char* buffer, Out* c, int64_t m, int64_t n, int64_t pitch,
                                             int64_t row0, int64_t col0, int thread, int word_bytes) {
  switch (word_bytes) {
    case 16: copy_box_out_in<Out, kRows, uint4>(buffer, c, m, n, pitch, row0, col0, thread); break;
    case 8: copy_box_out_in<Out, kRows, uint2>(buffer, c, m, n, pitch, row0, col0, thread); break;
    case 4: copy_box_out_in<Out, kRows, uint32_t>(buffer, c, m, n, pitch, row0, col0, thread); break;
    default:
      if constexpr (sizeof(Out) == 2) {
        copy_box_out_in<Out, kRows, uint16_t>(buffer, c, m, n, pitch, row0, col0, thread);
      }
  }
}

// Two consecutive bias values as they lie in memory: in one register for the 16-bit types,
// as a float2 for float.
template <typename T>
using PairWord = std::conditional_t<sizeof(T) == 2, uint32_t, float2>;

template <typename T>
__device__ __forceinline__ PairWord<T> pair_word(T lo, T hi) {
  if constexpr (sizeof(T) == 2) {
    return static_cast<uint32_t>(lo.x) | static_cast<uint32_t>(hi.x) << 16;
  } else {
    return {lo, hi};
  }
}

// A pair word's two values as float32. A bfloat16 is the high half of its float32: one
// shift or mask per value. (As a struct of two bfloat16, the loaded word was split with a
// byte permute per value first: bench/NOTES.md, session 33.)
template <typename T>
__device__ __forceinline__ float2 pair_as_floats(PairWord<T> word) {
  if constexpr (std::is_same_v<T, c10::BFloat16>) {
    return {__uint_as_float(word << 16), __uint_as_float(word & 0xffff0000u)};
  } else if constexpr (std::is_same_v<T, c10::Half>) {
    const c10::Half lo(static_cast<uint16_t>(word & 0xffffu), c10::Half::from_bits());
    const c10::Half hi(static_cast<uint16_t>(word >> 16), c10::Half::from_bits());
    return {static_cast<float>(lo), static_cast<float>(hi)};
  } else {
    return word;
  }
}

// How the epilogue lays one 64-row x 128-byte box of a consumer's output slab in shared
// memory for a TMA store: 128-byte rows, 16-byte chunks XOR-swizzled by row % 8 (the
// layout CU_TENSOR_MAP_SWIZZLE_128B expects).
//   16-bit outputs: each m16n8 fragment is two 8x8 matrices (rows r and r + 8) whose rows
//   are whole 16-byte chunks, so stmatrix writes them, four matrices per instruction; the
//   8 rows of a matrix have 8 different row % 8, hence 8 different chunks: no bank conflicts.
//   float outputs: each thread writes its pairs (8 bytes); the thread holding fragment rows
//   r and r + 8 has r % 8 = lane / 4, so a quarter-warp's rows hit 8 different chunks.
//   kRegisterARows: the fragment rows stand for the slab rows MnMajorTf32Rows::slab_row
//   chose (A read into registers); a half-warp's 4 rows then differ in bits 1-2, its 2
//   column chunks in bit 0: no conflicts either.
// The stores go to shared-window addresses: through generic pointers each was a 64-bit
// generic store with its address arithmetic, and a box took ~540 instructions per thread
// (bench/NOTES.md, session 16).
template <typename Out, bool kRegisterARows = false>
struct StagedOutput {
  static constexpr int kSlabCols = kSwizzleRowBytes / sizeof(Out);  // per box: 64 bf16/fp16, 32 float
  static constexpr int kFragmentsPerBox = kSlabCols / 8;             // m16n8 fragments along a box row
  static constexpr int kValuesPerBox = 4 * kFragmentsPerBox;         // accumulators per thread and box
  static_assert(sizeof(Out) == 4 || !kRegisterARows, "A in registers is TF32's: float outputs");

  // A thread's bias values for one box, as stored: pair[f] for its two columns of fragment f.
  struct BoxBias {
    PairWord<Out> pair[kFragmentsPerBox];
  };

  // m, n: C's extent; col0: the box's first column in C.
  template <Activation kActivation>
  __device__ __forceinline__ static BoxBias bias(int /*warp*/, int lane, int64_t /*slab_row*/, int64_t col0,
                                                 int64_t /*m*/, int64_t n,
                                                 const OutputEpilogue<Out, kActivation>& epilogue) {
    BoxBias bias;
    if (epilogue.bias == nullptr) {
      // -0, which the fixed activations add unconditionally (OutputEpilogue::apply).
#pragma unroll
      for (int f = 0; f < kFragmentsPerBox; ++f) bias.pair[f] = pair_word(Out(-0.0f), Out(-0.0f));
      return bias;
    }
    const int64_t col = col0 + 2 * (lane % 4);  // fragment f's columns: col + 8f and the next
    if (col0 + kSlabCols <= n && reinterpret_cast<uintptr_t>(epilogue.bias) % sizeof(PairWord<Out>) == 0) {
      // The box inside C and the pairs aligned (col is even): a load per pair, at constant
      // offsets from one address.
      const auto* pairs = reinterpret_cast<const PairWord<Out>*>(epilogue.bias + col);
#pragma unroll
      for (int f = 0; f < kFragmentsPerBox; ++f) bias.pair[f] = pairs[4 * f];
    } else {
      // Columns past n are clipped by the TMA store; clamp them only so the reads stay inside.
#pragma unroll
      for (int f = 0; f < kFragmentsPerBox; ++f) {
        const int64_t c0 = min(col + 8 * f, n - 1), c1 = min(c0 + 1, n - 1);
        bias.pair[f] = pair_word(epilogue.bias[c0], epilogue.bias[c1]);
      }
    }
    return bias;
  }

  // Into L1, the bias lines of boxes 1 .. kBoxes - 1 of a tile starting at column col0 (box
  // 0's the thread loads itself), so that each box's loads hit L1: thread b fetches the line
  // of box b's last column (box b's first lies in the line of box b - 1's last).
  template <int kBoxes, Activation kActivation>
  __device__ __forceinline__ static void prefetch_bias(int thread, int64_t col0, int64_t n,
                                                       const OutputEpilogue<Out, kActivation>& epilogue) {
    if (epilogue.bias != nullptr && thread >= 1 && thread < kBoxes) {
      prefetch_l1(epilogue.bias + min(col0 + kSlabCols * (thread + 1) - 1, n - 1));
    }
  }

  // One box: values[4f .. 4f + 3] is the m16n8 fragment f of the box; `buffer` is the
  // box's shared-window address.
  template <typename Epilogue>
  __device__ __forceinline__ static void write(uint32_t buffer, const float (&values)[kValuesPerBox],
                                               const BoxBias& bias, int warp, int lane, const Epilogue& epilogue) {
    auto output = [&](int f, int i) {
      const float2 b = pair_as_floats<Out>(bias.pair[f]);
      return epilogue.apply(values[4 * f + i], i % 2 == 0 ? b.x : b.y);
    };
    if constexpr (sizeof(Out) == 2) {
      // Instruction q stores fragments 2q and 2q + 1; its matrix j is fragment 2q + j / 2,
      // rows 16 warp + 8 (j % 2) .. + 7, whose 8 columns are chunk 2q + j / 2 of those rows.
      const int j = lane / 8, row = 16 * warp + 8 * (j % 2) + lane % 8;
#pragma unroll
      for (int q = 0; q < kFragmentsPerBox / 2; ++q) {
        uint32_t r[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int f = 2 * q + i / 2, half = i % 2;
          r[i] = packed_pair<Out>(output(f, 2 * half), output(f, 2 * half + 1));
        }
        const int chunk = (2 * q + j / 2) ^ (row % 8);
        stmatrix_x4(buffer + row * kSwizzleRowBytes + chunk * 16, r);
      }
    } else {
#pragma unroll
      for (int f = 0; f < kFragmentsPerBox; ++f) {
        const int byte = (8 * f + 2 * (lane % 4)) * static_cast<int>(sizeof(Out));
#pragma unroll
        for (int half = 0; half < 2; ++half) {
          const int row = kRegisterARows ? MnMajorTf32Rows::slab_row(warp, lane) + half
                                         : 16 * warp + lane / 4 + 8 * half;
          const int chunk = (byte / 16) ^ (row % 8);
          store_shared_pair(buffer + row * kSwizzleRowBytes + chunk * 16 + byte % 16,
                            __float_as_uint(output(f, 2 * half)), __float_as_uint(output(f, 2 * half + 1)));
        }
      }
    }
  }

  // The written box to C (or split-K plane `split`) through one TMA store.
  __device__ __forceinline__ static void store(const CUtensorMap* c_map, const unsigned char* buffer,
                                               int64_t slab_row, int64_t col0, int64_t split) {
    tma_store_3d(c_map, buffer, static_cast<int32_t>(col0), static_cast<int32_t>(slab_row),
                 static_cast<int32_t>(split));
  }

  // ... or through the warpgroup's own stores; C's rows `pitch` elements apart.
  __device__ __forceinline__ static void copy_out(const unsigned char* buffer, Out* c, int64_t m, int64_t n,
                                                  int64_t pitch, int64_t slab_row, int64_t col0, int thread,
                                                  int word_bytes) {
    copy_box_out<Out, 64>(buffer, c, m, n, pitch, slab_row, col0, thread, word_bytes);
  }
};

// The epilogue of a kernel that computes C transposed (TF32 with a row-major B: the kernel
// multiplies B^T A^T, so its slab rows are C's columns and its columns C's rows). A box is
// 32 kernel columns x the slab's 64 rows, laid out as C wants it: two [32 C rows][32 floats]
// boxes of 128-byte swizzled rows (one TMA store each), the first holding slab rows 0-31.
// A thread's fragment rows r, r + 8 are adjacent slab rows (MnMajorTf32Rows::slab_row),
// so they leave as one 8-byte store into a C row; a warp's stores hit 32 different banks.
struct TransposedStagedOutput {
  using Out = float;
  static constexpr int kSlabCols = 32;                         // kernel columns (C rows) per box
  static constexpr int kFragmentsPerBox = kSlabCols / 8;
  static constexpr int kValuesPerBox = 4 * kFragmentsPerBox;
  static constexpr int kHalfBytes = kSlabCols * kSwizzleRowBytes;  // one [32 rows][128 B] TMA box
  static_assert(2 * kHalfBytes == WgmmaTile::kOutputBoxBytes, "a box fills one output buffer");

  // A thread's bias values: those of its two slab rows (C columns), the same in every box.
  struct BoxBias {
    float v[2];
  };

  // m, n: the kernel's extent (C is n x m): bias runs along the slab rows.
  template <typename Epilogue>
  __device__ __forceinline__ static BoxBias bias(int warp, int lane, int64_t slab_row, int64_t /*col0*/, int64_t m,
                                                 int64_t /*n*/, const Epilogue& epilogue) {
    const int row = MnMajorTf32Rows::slab_row(warp, lane);  // and row + 1
    return {{epilogue.template bias_of<float>(min(slab_row + row, m - 1)),
             epilogue.template bias_of<float>(min(slab_row + row + 1, m - 1))}};
  }

  // Every box has the same bias values: nothing to fetch ahead.
  template <int kBoxes, typename Epilogue>
  __device__ __forceinline__ static void prefetch_bias(int /*thread*/, int64_t /*col0*/, int64_t /*n*/,
                                                       const Epilogue& /*epilogue*/) {}

  // `buffer`: the box's shared-window address.
  template <typename Epilogue>
  __device__ __forceinline__ static void write(uint32_t buffer, const float (&values)[kValuesPerBox],
                                               const BoxBias& bias, int warp, int lane, const Epilogue& epilogue) {
    const int row = MnMajorTf32Rows::slab_row(warp, lane);  // and row + 1
    const uint32_t half_box = buffer + (row / 32) * kHalfBytes;
    const int chunk = (row % 32) / 4, byte = (row % 4) * 4;
#pragma unroll
    for (int f = 0; f < kFragmentsPerBox; ++f) {
#pragma unroll
      for (int e = 0; e < 2; ++e) {
        const int c_row = 8 * f + 2 * (lane % 4) + e;
        store_shared_pair(half_box + c_row * kSwizzleRowBytes + (chunk ^ (c_row % 8)) * 16 + byte,
                          __float_as_uint(epilogue.apply(values[4 * f + e], bias.v[0])),
                          __float_as_uint(epilogue.apply(values[4 * f + 2 + e], bias.v[1])));
      }
    }
  }

  __device__ __forceinline__ static void store(const CUtensorMap* c_map, const unsigned char* buffer,
                                               int64_t slab_row, int64_t col0, int64_t split) {
#pragma unroll
    for (int half = 0; half < 2; ++half) {
      tma_store_3d(c_map, buffer + half * kHalfBytes, static_cast<int32_t>(slab_row + 32 * half),
                   static_cast<int32_t>(col0), static_cast<int32_t>(split));
    }
  }

  // c: C (or the split-K plane), n rows x m columns.
  __device__ __forceinline__ static void copy_out(const unsigned char* buffer, Out* c, int64_t m, int64_t n,
                                                  int64_t slab_row, int64_t col0, int thread, int word_bytes) {
#pragma unroll 1
    for (int half = 0; half < 2; ++half) {
      copy_box_out<Out, 32>(buffer + half * kHalfBytes, c, n, m, m, col0, slab_row + 32 * half, thread, word_bytes);
    }
  }
};

// The epilogue of a 16-bit kernel that computes C transposed (the C^T configs,
// wgmma_configs.h: the kernel multiplies B^T A^T): its slab's 64 rows are 64 of C's columns,
// 128 bytes of each C row, and its columns are C's rows. A box is kBoxRows kernel columns x
// the slab, laid out as C wants it: kBoxRows C rows of 128 bytes, 16-byte chunks
// XOR-swizzled by row % 8 (CU_TENSOR_MAP_SWIZZLE_128B), one TMA store. An m16n8 fragment is
// two 8x8 matrices (slab rows 16 warp .. + 7 and + 8 .. + 15, 8 kernel columns), which
// stmatrix .trans writes as 8 C rows x 16 bytes each: 8 different row % 8, so 8 different
// chunks and no bank conflicts.
template <typename Out, int kBoxRows>
struct TransposedStagedOutput16 {
  static_assert(sizeof(Out) == 2, "C^T configs write 16-bit outputs (no split-K planes)");
  static constexpr int kSlabCols = kBoxRows;  // kernel columns (C rows) per box
  static constexpr int kFragmentsPerBox = kSlabCols / 8;
  static constexpr int kValuesPerBox = 4 * kFragmentsPerBox;
  static_assert(kBoxRows % 8 == 0 && kBoxRows * kSwizzleRowBytes <= WgmmaTile::kOutputBoxBytes,
                "whole fragments, a box in one output buffer");

  // A thread's bias values: those of its slab rows 16 warp + lane / 4 and + 8 (C columns),
  // the same in every box.
  struct BoxBias {
    float v[2];
  };

  // m, n: the kernel's extent (C is n x m): bias runs along the slab rows.
  template <typename Epilogue>
  __device__ __forceinline__ static BoxBias bias(int warp, int lane, int64_t slab_row, int64_t /*col0*/, int64_t m,
                                                 int64_t /*n*/, const Epilogue& epilogue) {
    const int64_t row = slab_row + 16 * warp + lane / 4;
    return {{epilogue.template bias_of<float>(min(row, m - 1)), epilogue.template bias_of<float>(min(row + 8, m - 1))}};
  }

  // Every box has the same bias values: nothing to fetch ahead.
  template <int kBoxes, typename Epilogue>
  __device__ __forceinline__ static void prefetch_bias(int /*thread*/, int64_t /*col0*/, int64_t /*n*/,
                                                       const Epilogue& /*epilogue*/) {}

  // One box: values[4f .. 4f + 3] is the m16n8 fragment f of the box; `buffer` is the
  // box's shared-window address. Matrix j of an instruction is fragment f0 + j / 2, slab
  // rows + 8 (j % 2); lane l addresses its C row 8 (f0 + j / 2) + l % 8, chunk 2 warp + j % 2.
  template <typename Epilogue>
  __device__ __forceinline__ static void write(uint32_t buffer, const float (&values)[kValuesPerBox],
                                               const BoxBias& bias, int warp, int lane, const Epilogue& epilogue) {
    auto packed = [&](int f, int half) {
      return packed_pair<Out>(epilogue.apply(values[4 * f + 2 * half], bias.v[half]),
                              epilogue.apply(values[4 * f + 2 * half + 1], bias.v[half]));
    };
    const int j = lane / 8, i = lane % 8;
    auto address = [&](int f0) {
      const int row = 8 * (f0 + j / 2) + i, chunk = (2 * warp + j % 2) ^ i;  // row % 8 = i
      return buffer + row * kSwizzleRowBytes + chunk * 16;
    };
#pragma unroll
    for (int f = 0; f + 1 < kFragmentsPerBox; f += 2) {
      const uint32_t r[4] = {packed(f, 0), packed(f, 1), packed(f + 1, 0), packed(f + 1, 1)};
      stmatrix_x4_trans(address(f), r);
    }
    if constexpr (kFragmentsPerBox % 2 != 0) {
      constexpr int f = kFragmentsPerBox - 1;
      const uint32_t r[2] = {packed(f, 0), packed(f, 1)};
      stmatrix_x2_trans(address(f), r);  // lanes 0-15's addresses
    }
  }

  // The written box to C (or split-K plane `split`): its C rows start at col0, its 64 C
  // columns at slab_row.
  __device__ __forceinline__ static void store(const CUtensorMap* c_map, const unsigned char* buffer,
                                               int64_t slab_row, int64_t col0, int64_t split) {
    tma_store_3d(c_map, buffer, static_cast<int32_t>(slab_row), static_cast<int32_t>(col0),
                 static_cast<int32_t>(split));
  }

  // c: C, n rows x m columns.
  __device__ __forceinline__ static void copy_out(const unsigned char* buffer, Out* c, int64_t m, int64_t n,
                                                  int64_t slab_row, int64_t col0, int thread, int word_bytes) {
    copy_box_out<Out, kBoxRows>(buffer, c, n, m, m, col0, slab_row, thread, word_bytes);
  }
};

}  // namespace tiledmm::cuda::wgmma_detail
