// Global -> shared staging of operand tiles through cp.async, shared by the tiled
// kernel families (simt, mma): the first level of the memory hierarchy.
#pragma once

#include "operand.cuh"
#include "ptx.cuh"

#include <cstdint>

namespace tiledmm::cuda {

// How an operand tile travels from global to shared memory.
enum class StageMode {
  kVector,         // runs along MN, 16-byte aligned: 16-byte cp.async, [BK][BMN + pad]
  kScalarAlongMn,  // runs along MN, unaligned: element-wide cp.async, lanes sweep MN
  kScalarAlongK,   // runs along K: element-wide cp.async that transposes into [BK][BMN + pad]
  kVectorAlongK,   // runs along K, 16-byte aligned: 16-byte cp.async into [BMN][BK + pad]
                   // (for 2-byte types, whose elements cp.async cannot copy one by one)
};

template <typename T, int kVec>
struct alignas(16) Vector {
  T v[kVec];
};

// Copies successive [kBK, kBMN] tiles of `op` (k-tile 0, 1, 2, ...) into shared memory,
// laid out [kBK][kRowStride] (k-major rows of MN values), or [kBMN][kRowStride] (rows of K
// values) in kVectorAlongK mode; elements outside the operand are zero-filled by cp.async.
//
// Each thread owns a fixed J x R grid of copies in every tile: J positions along MN,
// R positions along K. Their addresses are one running pointer plus constant strides,
// and the MN bounds are checked once, so a tile costs little more than its cp.asyncs.
//   kVector        copy = 16 bytes along MN; J = 1, R = tile rows / thread rows
//   kScalarAlongMn copy = 1 element along MN, lanes sweep MN; J = 1
//   kScalarAlongK  copy = 1 element; a warp covers 8 consecutive k (one 32-byte sector of
//                  a float row) for 4 MN values; with rows padded by one vector, the
//                  transposed shared-memory stores hit 32 distinct banks.
//   kVectorAlongK  copy = 16 bytes along K; a row of K values per MN index; J = MN rows.
template <typename T, int kBK, int kBMN, int kRowStride, int kThreads, int kVec, StageMode kMode>
class TileStager {
  static constexpr bool kAlongK = kMode == StageMode::kScalarAlongK;
  static constexpr bool kKMajor = kMode == StageMode::kVectorAlongK;
  static constexpr int kCopyElems =
      kMode == StageMode::kVector || kMode == StageMode::kVectorAlongK ? kVec : 1;
  static constexpr int kChunksK = kBK / kCopyElems;  // kVectorAlongK: copies per row of K
  static constexpr int kRowsPerPass = kThreads / kChunksK;  // kVectorAlongK: MN rows per pass
  static constexpr int kCopyBytes = kCopyElems * sizeof(T);
  // MN-contiguous: threads per tile row. K-contiguous: threads per run of 8 k (unused).
  static constexpr int kThreadsPerRow = kAlongK ? 1 : kBMN / kCopyElems;
  static constexpr int kRowStep = kAlongK ? 8 : kThreads / kThreadsPerRow;  // k between r copies
  static constexpr int kMnStep = kThreads / 8;                              // mn between j copies
  static constexpr int kJ = kKMajor ? kBMN / kRowsPerPass : kAlongK ? kBMN / kMnStep : 1;
  static constexpr int kR = kKMajor ? 1 : kBK / kRowStep;
  static_assert(kKMajor ? (kBK % kCopyElems == 0 && kThreads % kChunksK == 0 && kBMN % kRowsPerPass == 0)
                : kAlongK ? (kBMN % kMnStep == 0 && kBK % 8 == 0)
                          : (kThreads % kThreadsPerRow == 0 && kBK % kRowStep == 0),
                "tile does not split evenly over the threads");

 public:
  __device__ __forceinline__ TileStager(const KMnOperand<T>& op, int64_t mn0, int tid)
      : data_(op.data), k_extent_(op.k_extent) {
    int row, col;  // this thread's first copy inside the tile
    if constexpr (kKMajor) {
      row = tid / kChunksK;  // an MN index: rows of the shared tile run along K
      col = (tid % kChunksK) * kCopyElems;
      j_step_ = static_cast<int64_t>(kRowsPerPass) * op.ld;
      r_step_ = 0;
      next_ = op.data + (mn0 + row) * op.ld + col;
      k_step_ = kBK;
      row_ = col;  // the k offset of this thread's copies
      smem_offset_ = row * kRowStride + col;
#pragma unroll
      for (int j = 0; j < kJ; ++j) mn_bytes_[j] = mn0 + row + j * kRowsPerPass < op.mn_extent ? 1 : 0;
      return;
    } else if constexpr (kAlongK) {
      row = tid % 8;
      col = tid / 8;
      j_step_ = static_cast<int64_t>(kMnStep) * op.ld;
      r_step_ = kRowStep;
      next_ = op.data + (mn0 + col) * op.ld + row;
      k_step_ = kBK;                                          // pointer step per k-tile
    } else {
      row = tid / kThreadsPerRow;
      col = (tid % kThreadsPerRow) * kCopyElems;
      j_step_ = 0;
      r_step_ = static_cast<int64_t>(kRowStep) * op.ld;
      next_ = op.data + row * op.ld + mn0 + col;
      k_step_ = static_cast<int64_t>(kBK) * op.ld;
    }
    row_ = row;
    smem_offset_ = row * kRowStride + col;
#pragma unroll
    for (int j = 0; j < kJ; ++j) {
      const int64_t mn = mn0 + col + j * kMnStep;
      const int64_t left = op.mn_extent - mn;  // elements of this copy inside the operand
      mn_bytes_[j] = left <= 0 ? 0 : static_cast<int>(min(left, int64_t{kCopyElems})) * sizeof(T);
    }
  }

  // Issue the copies of the next k-tile into `smem` (one pipeline stage).
  __device__ __forceinline__ void issue_next(T* smem) {
    if constexpr (kKMajor) {
      const int64_t k_left = k_extent_ - (k_next_ + row_);
      const int k_bytes = k_left <= 0 ? 0 : static_cast<int>(min(k_left, int64_t{kCopyElems})) * sizeof(T);
#pragma unroll
      for (int j = 0; j < kJ; ++j) {
        const int bytes = mn_bytes_[j] ? k_bytes : 0;
        T* dst = smem + smem_offset_ + j * kRowsPerPass * kRowStride;
        if (bytes > 0 && bytes < 16) {
          // The ragged end of K: a 16-byte cp.async may touch all 16 source bytes even
          // when told to read fewer (compute-sanitizer flags it at an allocation's end),
          // so the last partial chunk is copied element by element.
          copy_zfill_elementwise<T, 16>(dst, next_ + j * j_step_, bytes);
        } else {
          cp_async_zfill<16>(dst, bytes > 0 ? next_ + j * j_step_ : data_, bytes);
        }
      }
    } else {
#pragma unroll
      for (int r = 0; r < kR; ++r) {
        const bool k_inside = k_next_ + row_ + r * kRowStep < k_extent_;
#pragma unroll
        for (int j = 0; j < kJ; ++j) {
          const int bytes = k_inside ? mn_bytes_[j] : 0;
          const T* src = bytes > 0 ? next_ + j * j_step_ + r * r_step_ : data_;
          const int dst = smem_offset_ + r * kRowStep * kRowStride + j * kMnStep;
          if (bytes > 0 && bytes < kCopyBytes) {  // the ragged end of MN, as above
            copy_zfill_elementwise<T, kCopyBytes>(smem + dst, src, bytes);
          } else {
            cp_async_zfill<kCopyBytes>(smem + dst, src, bytes);
          }
        }
      }
    }
    next_ += k_step_;
    k_next_ += kBK;
  }

 private:
  const T* data_;     // a valid address for zero-byte copies
  const T* next_;     // this thread's first copy in the next k-tile
  int64_t k_extent_;
  int64_t k_next_ = 0;  // first k of the next tile
  int64_t j_step_, r_step_, k_step_;
  int row_;            // k row of the first copy (kVectorAlongK: its k offset)
  int smem_offset_;
  int mn_bytes_[kJ];   // bytes of each j copy inside MN (kVectorAlongK: 1 if inside)
};

}  // namespace tiledmm::cuda
