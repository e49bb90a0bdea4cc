// Copies of operands into a workspace from the caching allocator, for kernels whose loads
// (cp.async 16-byte copies, TMA) need what the caller's layout does not give: a 16-byte
// aligned base and leading dimension, or a particular orientation.
#pragma once

#include "../gemm_problem.h"

#include <ATen/core/Tensor.h>

#include <optional>

namespace tiledmm::cuda {

// When TMA reads the B operand of a wgmma product (the 256-wide side of its tiles) with rows
// that start 16 bytes into a 32-byte sector (the base or the leading dimension an odd
// multiple of 16 bytes: 1000 bf16, say), the product runs ~1.4x longer (H100, bf16 4096^3:
// 260 against 177 us; bench/NOTES.md, session 20). Every tile row of C reads all of B, so a
// copy of B pays from enough rows on: the wgmma launcher makes one from 1,536 rows of its C
// (m: C^T's rows when it computes C^T; 3000 x 1000 x 1000 bf16: 25.6 us with B off sectors,
// 20.0 with B aligned; session 21). Fewer rows read even a large B in place (the copy reads
// and writes all of it: operand_copy_rule.cpp, kRowsCopyingB).
bool repack_rows_off_sectors(int64_t m, int64_t n, int64_t k);

// TMA reads `v` where it lies: its rows start on 16-byte boundaries, and with
// `whole_sectors` on 32-byte ones.
bool tma_reads_in_place(const MatrixView& v, int64_t element_size, bool whole_sectors);

// How TMA reads `v` in place, from one look at its alignment: at all (16-byte line starts),
// whether some lines then start off 32-byte boundaries (a leading dimension of 8 mod 16
// elements in 16-bit types), each such line costing it about two reads, and whether some
// start off 128-byte L2 lines (each box line then touches two).
struct TmaInPlaceRead {
  bool in_place;
  bool lines_off_sectors;
  bool lines_off_cache_lines;
};
TmaInPlaceRead tma_in_place_read(const MatrixView& v, int64_t element_size);

// A copy of `v`, same orientation, with the leading dimension rounded up to 128 bytes (whole
// sectors and lines), in `storage` (which keeps it alive). Each line holds zeros from its
// extent to the next 16 bytes, so that a kernel may stage it in whole 16-byte vectors
// (staged_in_whole_vectors, common/operand.cuh). Dtype and device come from `options`.
MatrixView repack_aligned(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage);

// A copy of `v` in the other orientation (row-major <-> column-major), 128-byte aligned.
MatrixView repack_transposed(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage);

// `v` itself when its lines are 16-byte aligned (32-byte with `whole_sectors`) and, if
// `col_major` is given, it has that orientation; otherwise the aligned (or transposed) copy,
// kept alive by `storage`.
MatrixView aligned_operand(const MatrixView& v, const at::TensorOptions& options, at::Tensor& storage,
                           std::optional<bool> col_major = std::nullopt, bool whole_sectors = false);

}  // namespace tiledmm::cuda
