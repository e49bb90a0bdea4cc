// Where a matrix's lines start in memory, as the GPU's loads see them. Shared by the
// planner's description of an operand (MatrixView::alignment_bytes) and the tensor maps'
// L2 promotion, so that both call a line "on a 128-byte line" by the same test.
#pragma once

#include <cstdint>
#include <numeric>

namespace tiledmm {

// L2 cache lines are 128 bytes, in four 32-byte sectors.
constexpr int64_t kL2LineBytes = 128;
constexpr int64_t kL2SectorBytes = 32;

// The alignment in bytes that every line start shares: gcd of the base address and the
// pitch in bytes. gcd(x, 0) = x, so an unused pitch (one line) does not spoil the base's.
inline int64_t line_alignment_bytes(const void* base, int64_t pitch_bytes) {
  return std::gcd(static_cast<int64_t>(reinterpret_cast<uintptr_t>(base)), pitch_bytes);
}

}  // namespace tiledmm
