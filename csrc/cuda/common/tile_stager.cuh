// Global -> shared staging of operand tiles through cp.async, shared by the tiled
// kernel families (simt, mma): the first level of the memory hierarchy.
#pragma once

#include "numeric.cuh"
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

// Copies successive [kBK, kBMN] tiles of `op` (k-tile 0, 1, 2, ...) into shared memory,
// laid out [kBK][kRowStride] (k-major rows of MN values), or [kBMN][kRowStride] (rows of K
// values) in kVectorAlongK mode; elements outside the operand are zero-filled.
//
// Each thread owns a fixed J x R grid of copies in every tile: J positions along MN,
// R positions along K. Their addresses are one running pointer plus constant strides.
//   kVector        copy = 16 bytes along MN; J = 1, R = tile rows / thread rows
//   kScalarAlongMn copy = 1 element along MN, lanes sweep MN; J = 1
//   kScalarAlongK  copy = 1 element; a warp covers 8 consecutive k (one 32-byte sector of
//                  a float row) for 4 MN values; with rows padded by one vector, the
//                  transposed shared-memory stores hit 32 distinct banks.
//   kVectorAlongK  copy = 16 bytes along K; a row of K values per MN index; J = MN rows.
//
// The state is five values (pointer, stride, shared offset, k row, MN left; 7 registers)
// because it stays live across the main loop's FMAs: every register it holds is one the
// compiler cannot spend on loading the next k's fragments early.
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
  static constexpr int kMnStep = kKMajor ? kRowsPerPass : kThreads / 8;  // mn between j copies
  static constexpr int kJ = kKMajor ? kBMN / kRowsPerPass : kAlongK ? kBMN / kMnStep : 1;
  static constexpr int kR = kKMajor ? 1 : kBK / kRowStep;
  // MN elements from this thread's first copy to the end of its last one.
  static constexpr int kMnSpan = kKMajor || kAlongK ? (kJ - 1) * kMnStep + 1 : kCopyElems;
  static_assert(kKMajor ? (kBK % kCopyElems == 0 && kThreads % kChunksK == 0 && kBMN % kRowsPerPass == 0)
                : kAlongK ? (kBMN % kMnStep == 0 && kBK % 8 == 0)
                          : (kThreads % kThreadsPerRow == 0 && kBK % kRowStep == 0),
                "tile does not split evenly over the threads");

 public:
  __device__ __forceinline__ TileStager(const KMnOperand<T>& op, int64_t mn0, int tid) {
    int mn;  // MN offset of this thread's first copy in the tile
    if constexpr (kKMajor) {
      mn = tid / kChunksK;  // rows of the shared tile run along K
      k_row_ = (tid % kChunksK) * kCopyElems;
      smem_offset_ = mn * kRowStride + k_row_;
    } else if constexpr (kAlongK) {
      mn = tid / 8;
      k_row_ = tid % 8;
      smem_offset_ = k_row_ * kRowStride + mn;
    } else {
      mn = (tid % kThreadsPerRow) * kCopyElems;
      k_row_ = tid / kThreadsPerRow;
      smem_offset_ = k_row_ * kRowStride + mn;
    }
    const int64_t left = op.mn_extent - (mn0 + mn);
    mn_left_ = static_cast<int>(left < 0 ? 0 : left < kBMN ? left : kBMN);
    if constexpr (kKMajor || kAlongK) {
      next_ = op.data + (mn0 + mn) * op.ld + k_row_;
      stride_ = static_cast<int64_t>(kMnStep) * op.ld;  // between j copies
    } else {
      // Along MN, a thread whose copy lies wholly past the operand's end copies the first
      // one of its row instead and takes the interior path: what it stages feeds only
      // outputs outside C, which are never stored, and the edge path's bounds logic, run
      // at every k-tile by the warps of a ragged last tile column, made those blocks the
      // slowest of their wave (bench/NOTES.md, session 25). The first copy is whole when
      // the operand holds one.
      const bool past_end = left <= 0 && op.mn_extent >= kCopyElems;
      next_ = op.data + k_row_ * op.ld + (past_end ? 0 : mn0 + mn);
      if (past_end) mn_left_ = kBMN;
      stride_ = static_cast<int64_t>(kRowStep) * op.ld;  // between r copies
    }
  }

  // Issue the copies of the next k-tile into `smem` (one pipeline stage); `k_left` is the
  // number of K rows from this tile's first one to the end of the operand.
  __device__ __forceinline__ void issue_next(T* smem, int64_t k_left) {
    // Interior tiles take unpredicated copies: bounds logic costs ~20 instructions per
    // copy, which was a tenth of the simt main loop's issue slots.
    if (mn_left_ >= kMnSpan && k_left >= kBK) {
      issue_interior(smem);
    } else {
      issue_edge(smem, k_left);
    }
    advance();
  }

 private:
  // Element offset of copy (j, r) from next_ in global memory, and in the shared tile.
  __device__ __forceinline__ int64_t global_offset(int j, int r) const {
    if constexpr (kKMajor) return j * stride_;
    if constexpr (kAlongK) return j * stride_ + r * kRowStep;  // r steps along K: contiguous
    return r * stride_;
  }
  __device__ __forceinline__ int smem_offset(int j, int r) const {
    if constexpr (kKMajor) return smem_offset_ + j * kRowsPerPass * kRowStride;
    return smem_offset_ + r * kRowStep * kRowStride + j * kMnStep;
  }

  __device__ __forceinline__ void issue_interior(T* smem) const {
#pragma unroll
    for (int r = 0; r < kR; ++r)
#pragma unroll
      for (int j = 0; j < kJ; ++j) cp_async<kCopyBytes>(smem + smem_offset(j, r), next_ + global_offset(j, r));
  }

  // Some copies reach past K or MN: each takes only its elements inside and zero-fills the
  // rest. Partial copies go element by element (copy_zfill_elementwise): a 16-byte cp.async
  // told to read fewer bytes may still touch all 16 (compute-sanitizer flags it at an
  // allocation's end). Empty ones are one zero store (element by element, a 16-bit tile's
  // empty copy took 8 stores: most of a small product's tile lies outside its operands).
  __device__ __forceinline__ void issue_edge(T* smem, int64_t k_left) const {
#pragma unroll
    for (int r = 0; r < kR; ++r) {
      const int64_t k_rows = k_left - (k_row_ + r * kRowStep);  // K rows from this copy on
      const int k_elems = k_rows <= 0 ? 0 : kKMajor && k_rows < kCopyElems ? static_cast<int>(k_rows) : kCopyElems;
#pragma unroll
      for (int j = 0; j < kJ; ++j) {
        int elems;  // of this copy inside the operand
        if constexpr (kKMajor || kAlongK) {
          elems = mn_left_ > j * kMnStep ? k_elems : 0;
        } else {
          elems = k_elems == 0 ? 0 : min(mn_left_, kCopyElems);
        }
        T* dst = smem + smem_offset(j, r);
        if (elems == kCopyElems) {
          cp_async<kCopyBytes>(dst, next_ + global_offset(j, r));
        } else if (elems == 0) {
          store_shared_zeros<kCopyBytes>(dst);
        } else {
          copy_zfill_elementwise<T, kCopyBytes>(dst, next_ + global_offset(j, r), elems * static_cast<int>(sizeof(T)));
        }
      }
    }
  }

  __device__ __forceinline__ void advance() {
    if constexpr (kKMajor || kAlongK) {
      next_ += kBK;
    } else {
      next_ += kR * stride_;
    }
  }

  const T* next_;    // this thread's first copy in the next k-tile
  int64_t stride_;   // between j copies (K-contiguous operands) or r copies (MN-contiguous)
  int smem_offset_;  // of the first copy in a stage
  int k_row_;        // k of the first copy inside a tile
  int mn_left_;      // MN elements from the first copy to the operand's end, at most kBMN
};

}  // namespace tiledmm::cuda
