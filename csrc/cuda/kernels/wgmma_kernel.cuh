// `wgmma`: tensor-core GEMM for Hopper (sm_90a) in bfloat16 / float16, and float32 as
// TF32, with float32 accumulation.
//
// A persistent, warp-specialized kernel. Each block runs one producer warpgroup and
// consumer warpgroups over a ring of `stages` shared-memory buffers: cooperative configs
// block_m / 64 consumers, each a 64-row slab of every tile; ping-pong configs two consumers
// that take the block's tiles in turns (all of a tile's slabs each), so that one's epilogue
// runs under the other's MMAs (the turn passes once a tile's last MMAs are issued):
//   global -> shared   the producer (one thread) issues TMA bulk-tensor copies of the A
//                      and B k-tiles into 128-byte-swizzled buffers; each buffer's `full`
//                      mbarrier completes when its bytes have landed. TMA zero-fills
//                      whatever lies outside the matrices: ragged M, N and K need no code.
//   shared -> tensor   each consumer warpgroup issues wgmma on its 64-row slab(s), both
//   cores              operands read straight from shared memory through descriptors
//                      (TF32: an operand that runs along M/N is first loaded into the
//                      instruction's register fragments, MnMajorTf32Fragments), and
//                      releases a buffer (its `empty` mbarrier) once the MMAs reading it
//                      have retired.
//   registers          the 64 x block_n accumulator slab(s), block_n / 2 floats per thread each.
//   regs -> shared     the epilogue (bias, activation, rounding) writes the slab in boxes of
//   -> global          64 rows x 128 bytes into two alternating swizzled buffers; one thread
//                      hands each box to a TMA store, which writes it to C while the
//                      warpgroup goes on with the next box and the next tile's MMAs (and
//                      the producer already streams that tile's k-tiles). Outputs whose
//                      rows break TMA's 16-byte rule leave the same buffers through the
//                      warpgroup's own row-wise stores (StagedOutput::copy_out).
// Blocks loop over the output tiles in grouped order (tile_order.cuh), so concurrently
// running tiles share A and B panels in L2; a last wave that would leave blocks idle is
// split along K between them (persistent_schedule.cuh, last_wave_split.h). Operands must
// satisfy TMA (16-byte aligned base and leading dimension); the launcher repacks others,
// and from 2048^3 on also a B whose rows start mid-sector (operand_workspace.h), except
// that a row-major A with a row-major B is read in place by row classes where its rows
// allow (row_classes.h: rows not all on 32-byte boundaries). TF32 reads a row-major B by
// computing C^T (TransposedStagedOutput), and transposes A only when B is row-major too.
// This header holds the templates; wgmma_{bf16,fp16,tf32}.cu instantiate them, one
// translation unit per dtype (compiled in parallel), and wgmma.cu dispatches.
#pragma once

#include "launchers.h"
#include "wgmma_typed.h"

#include "dependent_launch.h"
#include "dynamic_smem.h"

#include "../common/epilogue.cuh"
#include "../common/persistent_schedule.cuh"
#include "../common/ptx_sm90.cuh"
#include "../common/tile_partials.cuh"
#include "../common/wgmma.cuh"
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

constexpr int kSwizzleRowBytes = WgmmaTile::kRowBytes;  // 128
constexpr int kSwizzleGroupBytes = 8 * kSwizzleRowBytes;  // 8 rows: one swizzle pattern
constexpr int kWgmmaKBytes = 32;                          // K of one wgmma instruction
constexpr int kGroupRows = 8;  // tile rows per group of the persistent schedule's grouped order

// How one operand's k-tile lies in shared memory, for the producer (TMA boxes) and the
// consumers (wgmma descriptors). The operand is [K, BMN] with BK = kKBoxes x 128 bytes of K.
//   K-major (A row-major, B column-major): per 128 bytes of K one TMA box of BMN rows of
//   128 bytes, the boxes one after another.
//   MN-major (A column-major, B row-major): blocks of [BK k-rows][128 bytes of MN], one
//   TMA box each; wgmma transposes on the fly (16-bit types only).
template <typename T, int kBMN, bool kMnMajor, int kKBoxes = 1>
struct StagedOperand {
  static constexpr int kBoxK = kSwizzleRowBytes / sizeof(T);  // K of one 128-byte row
  static constexpr int kBK = kKBoxes * kBoxK;
  static constexpr int kStepsPerBox = kSwizzleRowBytes / kWgmmaKBytes;  // wgmma k steps per 128 bytes of K
  static constexpr int kMnPerBlock = kSwizzleRowBytes / sizeof(T);  // MN-major: MN per block
  static constexpr int kBlockBytes = kBK * kSwizzleRowBytes;        // MN-major: one block
  static constexpr int kKBoxBytes = kBMN * kSwizzleRowBytes;        // K-major: one box
  static constexpr int kBoxLines = kMnMajor ? kBK : kBMN;
  static_assert(kBoxLines <= 256, "a TMA box spans at most 256 lines");

  // `k_shift`: load the k-rows that many rows earlier (MN-major only, where K is TMA's outer
  // coordinate and may start anywhere: an A read by row classes, row_classes.h).
  __device__ __forceinline__ static void load(unsigned char* tile, const CUtensorMap* map, int64_t mn0,
                                              int64_t k_tile, uint64_t* full, int32_t k_shift = 0) {
    const int32_t k0 = static_cast<int32_t>(k_tile * kBK) - k_shift;
    if constexpr (kMnMajor) {
#pragma unroll
      for (int b = 0; b < kBMN / kMnPerBlock; ++b) {
        tma_load_2d(tile + b * kBlockBytes, map, static_cast<int32_t>(mn0 + b * kMnPerBlock), k0, full);
      }
    } else {
#pragma unroll
      for (int b = 0; b < kKBoxes; ++b) {
        tma_load_2d(tile + b * kKBoxBytes, map, k0 + b * kBoxK, static_cast<int32_t>(mn0), full);
      }
    }
  }

  // Descriptor of the rows [mn, mn + instruction M/N) at wgmma k step `step` (32 bytes of
  // K each, kKBoxes x 4 per k-tile); `mn` is a multiple of 64.
  __device__ __forceinline__ static uint64_t descriptor(const unsigned char* tile, int mn, int step) {
    if constexpr (kMnMajor) {
      const int k_rows = step * kWgmmaKBytes / static_cast<int>(sizeof(T));
      return swizzled_smem_descriptor(tile + (mn / kMnPerBlock) * kBlockBytes + k_rows * kSwizzleRowBytes,
                                      kBlockBytes, kSwizzleGroupBytes);
    } else {
      const int box = step / kStepsPerBox, box_step = step % kStepsPerBox;
      return swizzled_smem_descriptor(tile + box * kKBoxBytes + mn * kSwizzleRowBytes + box_step * kWgmmaKBytes, 0,
                                      kSwizzleGroupBytes);
    }
  }
};

// An A tile read by row classes (row_classes.h) starts its first k-tile `columns` elements
// early, at the end of the previous row: the consumer warpgroup zeroes them in its 64-row
// slab before its MMAs read them. These are generic-proxy writes: the caller fences them
// for the MMAs' async proxy.
__device__ __forceinline__ void clear_leading_bytes(unsigned char* tile, int slab, int bytes, int thread) {
  if (thread >= 64) return;
  const int row = slab + thread;
  unsigned char* const line = tile + row * kSwizzleRowBytes;
  for (int b = 0; b < bytes; ++b) line[((b / 16) ^ (row % 8)) * 16 + b % 16] = 0;  // 16-byte chunks, swizzled
}

// TF32 wgmma reads only K-major operands from shared memory, but its A may come from
// registers: an MN-major A k-tile (StagedOperand<float, kBM, true, kKBoxes>: blocks of
// [32 kKBoxes k-rows][32 floats of MN], 16-byte chunks XOR-swizzled by k % 8) is read by
// the consumers into the m64k8 fragments themselves (wgmma_tf32_register_a_async). Which
// slab row a fragment row stands for is ours to choose, as long as the epilogue knows
// (MnMajorTf32Rows::slab_row):
//   - a thread's fragment rows r and r + 8 are two adjacent slab rows, so each k is one
//     8-byte load of both;
//   - warp w's rows are chunks w and w ^ 5 of both 32-row blocks of the slab (lanes 0-15
//     the first block, 16-31 the second). Chunks differing in bit 2 keep a half-warp's
//     loads (k = 0..3 or 4..7) on 32 different banks, and differing in bit 0 keeps the
//     transposed epilogue's stores (TransposedStagedOutput) on 32 too.
struct MnMajorTf32Rows {
  // The slab row of fragment row lane / 4 (of fragment row lane / 4 + 8: the next one).
  __device__ __forceinline__ static int slab_row(int warp, int lane) {
    const int g = lane / 4;
    const int chunk = (g & 2) ? (warp ^ 5) : warp;
    return 32 * (g / 4) + 4 * chunk + 2 * (g & 1);
  }
};

template <int kKBoxes>
struct MnMajorTf32Fragments : MnMajorTf32Rows {
  static constexpr int kSteps = kKBoxes * kSwizzleRowBytes / kWgmmaKBytes;  // k8 wgmma steps per k-tile
  static constexpr int kBlockBytes = StagedOperand<float, 64, true, kKBoxes>::kBlockBytes;
  uint32_t a[kSteps][4];

  // All of a k-tile's fragments for the 64-row slab starting at row `slab` of the tile.
  __device__ __forceinline__ void load(const unsigned char* tile, int slab, int warp, int lane) {
    const int row = slab + slab_row(warp, lane), k = lane % 4;
    const uint32_t block = shared_address(tile) + (row / 32) * kBlockBytes + (row % 4) * 4;
#pragma unroll
    for (int half = 0; half < 2; ++half) {  // k and k + 4: rows k % 8 of every 8-row swizzle group
      const int k_row = k + 4 * half;
      const uint32_t line = block + k_row * kSwizzleRowBytes + (((row % 32) / 4) ^ k_row) * 16;
#pragma unroll
      for (int step = 0; step < kSteps; ++step) {
        const uint2 pair = load_shared<uint2>(line + step * 8 * kSwizzleRowBytes);
        a[step][2 * half] = pair.x;
        a[step][2 * half + 1] = pair.y;
      }
    }
  }
};

// The A fragments of a kernel that reads A from shared memory: none.
struct NoFragments {};

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
  static_assert(kRows % kRowsPerPass == 0, "passes cover the box");
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
    BoxBias bias{};
    if (epilogue.bias == nullptr) return bias;
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

// Out is T (the output C), or float for split-K partial planes (split_k.h): the work
// units are (output tile, K slice) pairs, and slice z goes to plane z. With a split last
// wave (last_wave_split.h) its tiles' tails run on otherwise idle blocks, and their partial
// sums pass to the tiles' blocks through `partials`.
// TF32 reads an MN-major A into registers (MnMajorTf32Fragments). kTransposedC: the kernel
// computes C^T = B^T A^T, its A the problem's row-major B, its B the problem's A; m and n
// are then C's n and m.
// kRowClasses: A row-major, read in place by row classes (`a_classes`, row_classes.h; `a_map`
// unused), B row-major; `k` counts the classes' largest shift in.
template <typename T, typename Out, WgmmaConfigId kConfig, bool kAMnMajor, bool kBMnMajor, Activation kActivation,
          bool kTransposedC = false, bool kRowClasses = false>
__global__ void __launch_bounds__(wgmma_tile(kConfig).threads(), wgmma_tile(kConfig).blocks_per_sm)
    wgmma_gemm_kernel(const __grid_constant__ CUtensorMap a_map, const __grid_constant__ CUtensorMap b_map,
                      const __grid_constant__ CUtensorMap c_map,
                      const __grid_constant__ std::conditional_t<kRowClasses, RowClasses, NoRowClasses> a_classes,
                      int direct_word_bytes, Out* __restrict__ c, int64_t m, int64_t n,
                      const __grid_constant__ PersistentWork work, TilePartials partials,
                      OutputEpilogue<Out, kActivation> epilogue) {
#ifdef TILEDMM_SM90A_DEVICE
  constexpr WgmmaTile kTile = wgmma_tile(kConfig);
  constexpr int kBM = kTile.block_m, kBN = kTile.block_n, kStages = kTile.stages;
  // Ping-pong: each consumer runs every other tile of the block, all of its kSlabs slabs.
  constexpr bool kPingPong = kTile.ping_pong;
  constexpr int kSlabs = kTile.slabs_per_consumer();
  // Named barriers: 1 + consumer, each consumer's own; kTurn + consumer, its turn (ping-pong).
  constexpr int kTurn = 3;
  using StagedA = StagedOperand<T, kBM, kAMnMajor, kTile.k_boxes>;
  using StagedB = StagedOperand<T, kBN, kBMnMajor, kTile.k_boxes>;
  constexpr int kSteps = kTile.k_bytes() / kWgmmaKBytes;  // wgmma per k-tile
  // TF32 reads an MN-major A from registers (its wgmma has no transposed shared operand).
  constexpr bool kARegisters = std::is_same_v<T, float> && kAMnMajor;
  static_assert(!std::is_same_v<T, float> || !kBMnMajor, "TF32 wgmma reads B K-major only");
  static_assert(!kTransposedC || kARegisters, "C^T: the problem's row-major B is the kernel's MN-major A");
  static_assert(!kRowClasses || (!kAMnMajor && kBMnMajor && !kTransposedC),
                "row classes: A K-major (shifted along K), B MN-major (its k-rows shifted to match)");
  static_assert(!kPingPong || (!std::is_same_v<T, float> && !kRowClasses),
                "ping-pong: 16-bit types, A read through its tensor map");

  using Staged = std::conditional_t<kTransposedC, TransposedStagedOutput, StagedOutput<Out, kARegisters>>;
  constexpr int kBoxes = kBN / Staged::kSlabCols;  // output boxes per consumer slab

  // Shared memory: [stages][A tile | B tile], [consumers][2] output boxes, the mbarriers.
  extern __shared__ unsigned char smem_window[];
  unsigned char* const smem = reinterpret_cast<unsigned char*>(
      (reinterpret_cast<uintptr_t>(smem_window) + 1023) & ~uintptr_t{1023});
  auto a_tile = [&](int s) { return smem + s * kTile.stage_bytes(); };
  auto b_tile = [&](int s) { return a_tile(s) + kTile.a_stage_bytes(); };
  unsigned char* const output_boxes = smem + kStages * kTile.stage_bytes();
  uint64_t* const full = reinterpret_cast<uint64_t*>(output_boxes + kTile.output_bytes());
  uint64_t* const empty = full + kStages;

  // The start is on the critical path of a small product (one tile per block): thread 0
  // starts fetching the tensor maps and every thread finds its first work unit (integer
  // divisions) while warp 1 initializes the barriers.
  const int warpgroup = threadIdx.x / 128;
  if (threadIdx.x == 0) {
    if constexpr (kRowClasses) {
      for (int j = 0; j < a_classes.count; ++j) prefetch_tensor_map(&a_classes.maps[j]);
    } else {
      prefetch_tensor_map(&a_map);
    }
    prefetch_tensor_map(&b_map);
    if (direct_word_bytes == 0) prefetch_tensor_map(&c_map);
  }
  if (threadIdx.x == 32) {
    for (int s = 0; s < kStages; ++s) {
      mbarrier_init(&full[s], 1);                         // the producer's arrive + TMA bytes
      mbarrier_init(&empty[s], kTile.stage_reader_warps());  // one arrive per warp that read it
    }
    fence_barrier_init();
  }
  // This block's work units (output tile in grouped order, k-tiles [kt_begin, kt_end)),
  // walked by the producer thread and by each consumer thread.
  PersistentSchedule<kGroupRows> units(work);
  WorkUnit unit;
  bool more = units.next(unit);
  __syncthreads();

  // With one block per SM, the producer hands most of its registers to the consumers (their
  // accumulators); configs of several blocks per SM need few and keep the even split.
  constexpr bool kRegisterHandOver = kTile.blocks_per_sm == 1;
  if (warpgroup == 0) {
    // Producer: needs few registers.
    if constexpr (kRegisterHandOver) setmaxnreg_decrease<40>();
    if (threadIdx.x == 0) {
      wait_for_prior_kernel();  // the operands may be copies the kernel ahead of this one writes
      int stage = 0;
      uint32_t phase = 0;
      for (; more; more = units.next(unit)) {
        const CUtensorMap* a_rows = &a_map;
        int64_t a_row0 = unit.tile.m * kBM;
        int32_t k_shift = 0;
        if constexpr (kRowClasses) {
          const RowClasses::Tile t = a_classes.locate(static_cast<uint32_t>(unit.tile.m), kBM);
          a_rows = &a_classes.maps[t.row_class];
          a_row0 = t.first_row;
          k_shift = a_classes.shift[t.row_class];
        }
        for (int64_t kt = unit.kt_begin; kt < unit.kt_end; ++kt) {
          mbarrier_wait(&empty[stage], phase ^ 1);  // the consumers are done with this buffer
          mbarrier_arrive_expect_tx(&full[stage], kTile.stage_bytes());
          StagedA::load(a_tile(stage), a_rows, a_row0, kt, &full[stage]);
          StagedB::load(b_tile(stage), &b_map, unit.tile.n * kBN, kt, &full[stage], k_shift);
          if (++stage == kStages) stage = 0, phase ^= 1;
        }
      }
    }
  } else {
    if constexpr (kRegisterHandOver) setmaxnreg_increase<232>();
    wait_for_prior_kernel();  // before the first bias load, store of C or split-K partials
    const int consumer = warpgroup - 1;
    const int warp = (threadIdx.x / 32) % 4, lane = threadIdx.x % 32;
    // The consumer's first row in a tile: its own slab (cooperative), or the tile's first.
    const int slab0 = kPingPong ? 0 : 64 * consumer;
    int stage = 0;
    uint32_t phase = 0;
    float acc[kSlabs][kBN / 2] = {};
    uint32_t boxes_written = 0;  // the output buffers alternate box after box, across tiles
    // One k-tile: wait for its buffer, issue its MMAs (A from `fragments`, loaded first, when
    // kARegisters), keep them in flight and hand the previous k-tile's buffer back.
    int previous = 0;
    int a_lead_bytes = 0;  // row classes: the unit's first k-tile starts this early
    auto mma_k_tile = [&](auto& fragments, int64_t kt, const auto& unit) {
      mbarrier_wait(&full[stage], phase);
      if constexpr (kRowClasses) {
        if (kt == 0 && a_lead_bytes > 0) {
          clear_leading_bytes(a_tile(stage), 64 * consumer, a_lead_bytes, threadIdx.x % 128);
          fence_proxy_async_shared();
          named_barrier_sync(1 + consumer, 128);
        }
      }
      const bool accumulate = kt > unit.kt_begin;
      if constexpr (kARegisters) fragments.load(a_tile(stage), 64 * consumer, warp, lane);
      wgmma_fence();
#pragma unroll
      for (int step = 0; step < kSteps; ++step) {
        const uint64_t b_descriptor = StagedB::descriptor(b_tile(stage), 0, step);
        if constexpr (kARegisters) {
          wgmma_tf32_register_a_async<kBN>(acc[0], fragments.a[step], b_descriptor, accumulate || step > 0);
        } else {
#pragma unroll
          for (int slab = 0; slab < kSlabs; ++slab) {
            wgmma_async<T, kBN, kAMnMajor, kBMnMajor>(
                acc[slab], StagedA::descriptor(a_tile(stage), slab0 + 64 * slab, step), b_descriptor,
                accumulate || step > 0);
          }
        }
      }
      wgmma_commit_group();
      // Keep this k-tile's MMAs in flight; the previous one's have retired, so its
      // buffer goes back to the producer.
      wgmma_wait_group<1>();
      if (kt > unit.kt_begin && lane == 0) mbarrier_arrive(&empty[previous]);
      previous = stage;
      if (++stage == kStages) stage = 0, phase ^= 1;
    };
    uint32_t block_units = 0;  // ping-pong: the block's units so far, mine or the other's
    for (; more; more = units.next(unit)) {
      // Ping-pong: the consumers take the block's units in turns, each unit's MMAs after the
      // previous unit's have all been issued (barrier kTurn + consumer: my turn). The turn
      // order also keeps a consumer from waiting on a buffer's `full` barrier more than one
      // ring phase ahead, where the barrier's parity could not tell the phases apart.
      bool hand_over = false;  // the other consumer runs the next unit
      if constexpr (kPingPong) {
        const uint32_t index = block_units++;
        if (index % 2 != static_cast<uint32_t>(consumer)) {
          // The other's unit: its k-tiles pass through the ring first.
          const int64_t position = stage + (unit.kt_end - unit.kt_begin);
          phase ^= static_cast<uint32_t>((position / kStages) % 2);
          stage = static_cast<int>(position % kStages);
          continue;
        }
        if (index > 0) named_barrier_sync(kTurn + consumer, 2 * 128);
        PersistentSchedule<kGroupRows> ahead = units;
        WorkUnit after;
        hand_over = ahead.next(after);
      }
      // Where the slab's rows go: rows `first`, first + 1, ... of `rows` rows `pitch` elements
      // apart from `out` (C or the split-K plane; with row classes every count-th row of C).
      Out* out = c + unit.split * m * n;
      int64_t rows = m, pitch = n, first = unit.tile.m * kBM + slab0;
      if constexpr (kRowClasses) {
        const RowClasses::Tile t = a_classes.locate(static_cast<uint32_t>(unit.tile.m), kBM);
        a_lead_bytes = a_classes.shift[t.row_class] * static_cast<int>(sizeof(T));
        out = c + t.row_class * n;
        rows = a_classes.rows[t.row_class];
        pitch = a_classes.count * n;
        first = t.first_row + 64 * consumer;
      }
      if constexpr (kARegisters) {
        // The fragments of MMAs in flight must stay untouched until they retire, so two sets
        // alternate. In straight-line pairs (an odd first k-tile peeled off), ptxas sees
        // which set the MMAs in flight read; chosen at run time, it retires them every k-tile.
        MnMajorTf32Fragments<kTile.k_boxes> fragments[2];
        int64_t kt = unit.kt_begin;
        if ((unit.kt_end - kt) % 2 != 0) mma_k_tile(fragments[1], kt++, unit);
        for (; kt < unit.kt_end; kt += 2) {
          mma_k_tile(fragments[0], kt, unit);
          mma_k_tile(fragments[1], kt + 1, unit);
        }
      } else {
        NoFragments none;
        for (int64_t kt = unit.kt_begin; kt < unit.kt_end; ++kt) mma_k_tile(none, kt, unit);
      }
      // The other consumer may issue its MMAs now, while these retire and during this epilogue.
      if (hand_over) named_barrier_arrive(kTurn + 1 - consumer, 2 * 128);
      // The first box's bias values load while the last k-tile's MMAs retire, and the other
      // boxes' bias lines into L1: loaded after them, their latency stood between every
      // tile's main loop and its epilogue (bench/NOTES.md, session 33). The next box's values
      // load behind each box's stores (below).
      const int64_t tile_col0 = unit.tile.n * kBN;
      typename Staged::BoxBias next_bias = Staged::bias(warp, lane, first, tile_col0, m, n, epilogue);
      Staged::template prefetch_bias<kBoxes>(threadIdx.x % 128, tile_col0, n, epilogue);
      wgmma_wait_group<0>();
      if (lane == 0) mbarrier_arrive(&empty[previous]);
      // A split tile's tail leaves as partial sums for the tile's block; its head takes
      // them before the epilogue.
      // (Not for ping-pong: the launcher splits none of its tiles.)
      if constexpr (!kPingPong) {
        if (unit.partial == PartialSums::kPublish) {
          partials.publish(acc[0], unit.slot, consumer, kTile.consumers(), threadIdx.x % 128, 1 + consumer);
          continue;
        }
        if (unit.partial == PartialSums::kAddAndFinish) {
          partials.add(acc[0], unit.slot, consumer, kTile.consumers(), threadIdx.x % 128, 1 + consumer);
        }
      }

      // The epilogue goes box by box (8 KB of the slab: 64 rows x 128 bytes, or for C^T 32
      // kernel columns x 64 rows). Each box is written to shared memory, then leaves through
      // TMA stores or, for outputs TMA cannot address (direct_word_bytes > 0), row-wise
      // stores. The next box's bias values are loaded before this box's stores, so their
      // latency hides behind them.
      const bool tma_store = direct_word_bytes == 0;
      // Unrolled, so each box reads its accumulators by constant register indices; rolled,
      // select_box copies them out (128 FSEL per box). (libdevice's erff, inlined for each
      // of the 128 accumulators, once made gelu faster rolled: bench/NOTES.md, sessions 16
      // and 17.)
      // Slab after slab (a ping-pong consumer has block_m / 64 of them), box after box.
#pragma unroll
      for (int slab = 0; slab < kSlabs; ++slab) {
        const int64_t slab_row = first + 64 * slab;
#pragma unroll kBoxes
        for (int box = 0; box < kBoxes; ++box) {
          const int64_t col0 = tile_col0 + box * Staged::kSlabCols;
          const typename Staged::BoxBias bias = next_bias;
          if (box + 1 < kBoxes) {
            next_bias = Staged::bias(warp, lane, slab_row, col0 + Staged::kSlabCols, m, n, epilogue);
          } else if (slab + 1 < kSlabs) {
            next_bias = Staged::bias(warp, lane, slab_row + 64, tile_col0, m, n, epilogue);  // the next slab's first
          }
          float values[Staged::kValuesPerBox];
          select_box<kBoxes>(values, acc[slab], box);
          unsigned char* const buffer =
              output_boxes + (2 * consumer + boxes_written++ % 2) * WgmmaTile::kOutputBoxBytes;
          const bool issuer = threadIdx.x % 128 == 0;
          // The store issued two boxes ago read this buffer: it must be done reading (direct
          // stores: every thread has passed its own copy, which the barrier confirms).
          if (tma_store && issuer) tma_store_wait_read<1>();
          named_barrier_sync(1 + consumer, 128);
          Staged::write(shared_address(buffer), values, bias, warp, lane, epilogue);
          if (tma_store) fence_proxy_async_shared();  // the writes, visible to the TMA unit
          named_barrier_sync(1 + consumer, 128);
          if (!tma_store) {
            if constexpr (kTransposedC) {
              Staged::copy_out(buffer, out, m, n, slab_row, col0, threadIdx.x % 128, direct_word_bytes);
            } else {
              Staged::copy_out(buffer, out, rows, n, pitch, slab_row, col0, threadIdx.x % 128, direct_word_bytes);
            }
          } else if (issuer) {
            Staged::store(&c_map, buffer, slab_row, col0, unit.split);
            tma_store_commit();
          }
        }
      }
    }
    // Shared memory must outlive the last stores' reads of it. Their writes to global
    // memory need no wait: they complete with the grid, before any later kernel runs.
    if (direct_word_bytes == 0 && threadIdx.x % 128 == 0) tma_store_wait_read<0>();
  }
#endif
}

// Runtime WgmmaConfigId -> compile-time constant.
template <typename F>
void with_wgmma_config(WgmmaConfigId id, F&& f) {
  switch (id) {
    case WgmmaConfigId::k64x64: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k64x64>{}); break;
    case WgmmaConfigId::k128x64: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x64>{}); break;
    case WgmmaConfigId::k128x128: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x128>{}); break;
    case WgmmaConfigId::k128x128pp: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x128pp>{}); break;
    default: f(std::integral_constant<WgmmaConfigId, WgmmaConfigId::k128x256>{}); break;
  }
}

// The kernel instance for a config and the operands' orientation. TF32 (T = float) reads
// at most one MN-major operand, as the kernel's A in registers: an MN-major A as it is, an
// MN-major B by computing C^T (wgmma_computes_c_transposed). With both MN-major the
// launcher transposes A first.
template <typename T, typename Out, WgmmaConfigId kConfig, Activation kActivation = Activation::kNone>
auto wgmma_kernel_for(bool a_mn_major, bool b_mn_major) {
  if constexpr (std::is_same_v<T, float>) {
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

template <typename T>
CUtensorMapDataType tma_dtype() {
  if constexpr (std::is_same_v<T, c10::BFloat16>) return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  if constexpr (std::is_same_v<T, c10::Half>) return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  // float32 read for TF32 MMAs: the copy engine rounds each element to TF32 on the way.
  return CU_TENSOR_MAP_DATA_TYPE_TFLOAT32;
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

// TILEDMM_ROW_CLASSES=off reads A as before row classes (copied where TMA cannot read it,
// in place where it can): what the classes buy.
inline bool row_classes_switched_off() {
  static const bool off = environment_says("TILEDMM_ROW_CLASSES", "off");
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
// MN-major boxes are a whole k-tile deep (block_k k-rows); K-major ones 128 bytes of K wide
// (a k-tile of several such boxes loads each).
template <typename T>
CUtensorMap operand_tensor_map(const MatrixView& v, bool is_a, int block_mn, int block_k) {
  const bool mn_major = is_a ? v.col_major : !v.col_major;
  const int64_t k_extent = is_a ? v.cols : v.rows, mn_extent = is_a ? v.rows : v.cols;
  constexpr int kRowElements = kSwizzleRowBytes / sizeof(T);
  const int64_t ld_bytes = v.ld * static_cast<int64_t>(sizeof(T));
  return mn_major ? make_tensor_map_2d(v.data, tma_dtype<T>(), mn_extent, k_extent, ld_bytes, kRowElements, block_k)
                  : make_tensor_map_2d(v.data, tma_dtype<T>(), k_extent, mn_extent, ld_bytes, kRowElements, block_mn);
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
  const bool transposed = wgmma_computes_c_transposed(std::is_same_v<T, float>, b.col_major);
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
  // Boxes of 64 C rows, or of 32 (TransposedStagedOutput: two per output buffer).
  const CUtensorMap c_map = tma_store ? make_output_tensor_map(out, output_tma_dtype<Out>(), p.n, p.m, split.splits,
                                                               sizeof(Out), /*box_rows=*/transposed ? 32 : 64)
                                      : CUtensorMap{};
  const int64_t tiles_m = a_classes != nullptr ? a_classes->first_tile[RowClasses::kMax]
                                               : (kernel_m + kTile.block_m - 1) / kTile.block_m;
  const int64_t tiles_n = (kernel_n + kTile.block_n - 1) / kTile.block_n;
  const int64_t tiles = tiles_m * tiles_n;
  const int sm_count = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
  TORCH_CHECK(tiles * split.splits <= kMaxPersistentUnits, "tiledmm.gemm (wgmma): ", tiles * split.splits,
              " work units exceed the persistent schedule's 32-bit indices");
  // Persistent: as many blocks as fit on the GPU at once, or one per unit if fewer (per two
  // units with ping-pong consumers, so that both take turns). A product cut in halves (every
  // tile in the split "last wave", at most half a wave of them) takes a block per head and
  // one per tail.
  const int64_t slots = int64_t{sm_count} * kTile.blocks_per_sm;
  const bool halves = last_wave.active() && last_wave.tiles == tiles && !last_wave_split_switched_off();
  const int64_t units_per_block = kTile.ping_pong ? 2 : 1;
  const unsigned blocks = static_cast<unsigned>(
      halves ? 2 * tiles : std::min((tiles * split.splits + units_per_block - 1) / units_per_block, slots));
  TORCH_CHECK(!kTile.ping_pong || !last_wave.active(), "tiledmm.gemm (wgmma): ", kTile.name,
              " splits no last wave (its consumers take turns on whole tiles)");
  // A split last wave: a partial-sum slot per split tile (one tile of float32) and a flag per
  // slot and consumer, zeroed here; the workspace returns to the caching allocator on this
  // stream.
  TilePartials partials{};
  at::Tensor workspace;
  if (last_wave.active() && !last_wave_split_switched_off()) {
    const int64_t k_tiles = (p.k + kTile.block_k(sizeof(T)) - 1) / kTile.block_k(sizeof(T));
    TORCH_CHECK(!split.active() && (tiles > blocks || (halves && blocks <= slots)) &&
                    last_wave.tiles == tiles % blocks && last_wave.head_k_tiles > 0 &&
                    last_wave.head_k_tiles < k_tiles,
                "tiledmm.gemm (wgmma): a split last wave needs its R = tiles mod blocks tiles (all of them: at "
                "most half as many as the block slots), no split-K, and a head shorter than K");
    const int64_t sum_floats = last_wave.tiles * kTile.block_m * kTile.block_n;
    const int64_t flags = last_wave.tiles * kTile.consumers();
    // (on the current device: the caller's guard holds C's)
    workspace = at::empty({sum_floats + flags}, at::TensorOptions().dtype(at::kFloat).device(at::kCUDA));
    partials.sums = reinterpret_cast<float4*>(workspace.data_ptr<float>());
    partials.flags = reinterpret_cast<int*>(workspace.data_ptr<float>() + sum_floats);
    partials.tiles = last_wave.tiles;
    partials.head_k_tiles = last_wave.head_k_tiles;
    C10_CUDA_CHECK(cudaMemsetAsync(partials.flags, 0, flags * sizeof(int), stream));
  }
  // Programmatic only right behind the copy: not behind the memset (a plain dependency).
  const bool programmatic = behind_operand_copy && partials.tiles == 0;
  // The schedule's work, its divisors ready. The row classes' K coordinates run max_shift
  // elements further (row_classes.h), in one slice.
  constexpr int64_t kBK = kTile.block_k(sizeof(T));
  const int64_t k = a_classes != nullptr ? p.k + a_classes->max_shift : p.k;
  const int64_t k_per_split = a_classes != nullptr ? k : split.k_per_split;
  TORCH_CHECK(kGroupRows * tiles_n <= FastDivmod::kMaxValue, "tiledmm.gemm (wgmma): ", tiles_n,
              " tile columns exceed the persistent schedule's 32-bit indices");
  const PersistentWork work = persistent_work<kGroupRows>(tiles_m, tiles_n, (k + kBK - 1) / kBK,
                                                          (k_per_split + kBK - 1) / kBK, partials.tiles,
                                                          partials.head_k_tiles);
  if (a_classes == nullptr) {
    launch_after_prior_kernel(kernel, blocks, kTile.threads(), kTile.smem_bytes(), stream, programmatic, a_map,
                              b_map, c_map, NoRowClasses{}, direct_word_bytes, out, kernel_m, kernel_n, work, partials,
                              epilogue);
  } else if constexpr (kRowClassInstances<T, Out, kActivation> && !kTile.ping_pong) {
    const auto by_classes = wgmma_gemm_kernel<T, Out, kConfig, false, true, kActivation, false, /*kRowClasses=*/true>;
    static std::atomic<uint64_t> classes_opted_in;
    allow_dynamic_smem(by_classes, kTile.smem_bytes(), classes_opted_in);
    launch_after_prior_kernel(by_classes, blocks, kTile.threads(), kTile.smem_bytes(), stream, programmatic,
                              a_map, b_map, c_map, *a_classes, direct_word_bytes, out, kernel_m, kernel_n, work,
                              partials, epilogue);
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
// TF32 needs B K-major (wgmma_kernel_for); the 16-bit types read every layout.
template <typename T>
void launch_operands(const GemmProblem& p, WgmmaConfigId config, bool c_transposed, const SplitK& split,
                     const LastWaveSplit& last_wave, at::Tensor& out, cudaStream_t stream) {
  constexpr bool kTf32 = std::is_same_v<T, float>;
  TORCH_CHECK(!c_transposed || (kTf32 && !p.b.col_major), "tiledmm.gemm (wgmma): C^T is for TF32 with B row-major");
  at::Tensor a_storage, b_storage;  // workspaces, freed to the caching allocator on this stream
  const auto options = out.options().dtype(p.dtype);
  // An A whose rows do not all start on 32-byte boundaries is read by row classes where
  // the kernel can and they pay (row_classes.h); else it is copied if TMA cannot read it.
  std::optional<RowClasses> a_classes;
  if (!kTf32 && !p.a.col_major && !p.b.col_major && !split.active() &&
      p.epilogue.activation == Activation::kNone && !wgmma_tile(config).ping_pong &&
      !tma_reads_in_place(p.a, sizeof(T), /*whole_sectors=*/true) &&
      row_classes_pay(tma_reads_in_place(p.a, sizeof(T), /*whole_sectors=*/false), wgmma_tile(config)) &&
      !row_classes_switched_off()) {
    a_classes = row_classes_of<T>(p.a, wgmma_tile(config).block_m);
  }
  // The kernel's B (the problem's A when it computes C^T) is read from whole sectors.
  const bool sectors = c_transposed ? repack_rows_off_sectors(p.n, p.m, p.k) : repack_rows_off_sectors(p.m, p.n, p.k);
  const MatrixView a = a_classes ? p.a
                                 : tma_ready(p.a, /*is_a=*/true, /*k_major=*/kTf32 && c_transposed,
                                             sectors && c_transposed, options, a_storage);
  const MatrixView b =
      tma_ready(p.b, /*is_a=*/false, /*k_major=*/kTf32 && !c_transposed, sectors && !c_transposed, options, b_storage);
  with_wgmma_config(config, [&](auto id) {
    if constexpr (kTf32 && wgmma_tile(decltype(id)::value).ping_pong) {
      TORCH_CHECK(false, "tiledmm.gemm (wgmma): ", wgmma_tile(decltype(id)::value).name,
                  " runs bfloat16 and float16 only, not float32 (TF32)");
    } else {
      with_kernel_output<T>(split, p.epilogue, out.data_ptr(), [&](auto* dst, auto epilogue) {
        launch_config<T, decltype(id)::value>(a, b, dst, p, split, last_wave, epilogue,
                                              a_classes ? &*a_classes : nullptr,
                                              /*behind_operand_copy=*/a_storage.defined() || b_storage.defined(),
                                              stream);
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
    // TF32 with both operands MN-major transposes A first; the 16-bit types read all layouts.
    const bool a_mn_major = a_col_major && (!std::is_same_v<T, float> || b_col_major);
    const bool b_mn_major = !b_col_major;
    if constexpr (std::is_same_v<T, float> && wgmma_tile(decltype(id)::value).ping_pong) {
      TORCH_CHECK(false, "tiledmm.gemm (wgmma): ", wgmma_tile(decltype(id)::value).name, " has no float32 (TF32) kernel");
    } else {
      C10_CUDA_CHECK(
          cudaFuncGetAttributes(&attributes, wgmma_kernel_for<T, T, decltype(id)::value>(a_mn_major, b_mn_major)));
    }
  });
  return attributes;
}

}  // namespace tiledmm::cuda::wgmma_detail
