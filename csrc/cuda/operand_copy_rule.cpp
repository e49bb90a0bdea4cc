// Whether the wgmma launcher copies a B whose rows start off their 32-byte sectors
// (operand_workspace.h): a rule of host code that the planner asks too, so it lives apart from
// the copy kernels (operand_workspace.cu), in every build, CPU-only builds included.
#include "operand_workspace.h"

#include "measurement_switch.h"

#include <cstdint>

namespace tiledmm::cuda {

// A B off its sectors is copied from kRowsCopyingB rows of the kernel's C (operand_workspace.h),
// and below that not, whatever the work: the copy reads and writes all of B, and up to 1,535
// rows the in-place read costs less (H100 do_bench, B's rows 16 bytes into their sectors:
// 248 x 13960 x 7848 bf16 138 us in place against 268 copied, session 52; 12 products of
// 576-1504 rows 1.15x faster in place, geomean, 0.98-1.41x, kernel time 1.11x, 0.96-1.39x, the
// slowest 1024 x 14344 x 4096 fp16 on 128x128 tiles, 262 against 257, session 53). Until
// session 53 B was copied from 2048^3 of work too, which TILEDMM_SECTOR_COPY=by-work restores
// (a measurement switch).
constexpr int64_t kRowsCopyingB = 1536;

bool repack_rows_off_sectors(int64_t m, int64_t n, int64_t k) {
  static const bool by_work_too = environment_says("TILEDMM_SECTOR_COPY", "by-work");
  const double work = static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  return m >= kRowsCopyingB || (by_work_too && work >= 8589934592.0 /* 2048^3 */);
}

}  // namespace tiledmm::cuda
