// The planner: a pure function from a problem description and a GPU description to the
// kernel variant and tile configuration to launch. No CUDA calls, so it runs (and is
// tested) on machines without a GPU, and `tiledmm.explain` shows the same choice.
#pragma once

#include "mma_configs.h"
#include "simt_configs.h"
#include "skinny_configs.h"
#include "split_k.h"
#include "last_wave_split.h"
#include "row_tail.h"
#include "wgmma_configs.h"

#include <c10/core/ScalarType.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiledmm::cuda {

struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
  c10::ScalarType dtype = c10::kFloat;
  bool a_col_major = false;
  bool b_col_major = false;
  bool allow_tf32 = false;  // float32 may run on TF32 tensor cores (torch's matmul setting)
  // TMA reads the operand in place (16-byte aligned base and leading dimension); the wgmma
  // launcher copies it otherwise. tiledmm.plan describes aligned operands.
  bool a_tma_aligned = true;
  bool b_tma_aligned = true;
  // 16-bit operands that TMA reads in place but whose lines (rows of a row-major operand,
  // columns of a column-major one) do not all start on 32-byte boundaries: a leading
  // dimension of 8 mod 16 elements (1000, say). Each such line costs TMA about two reads
  // (bench/NOTES.md, sessions 20 and 47). tiledmm.plan describes lines on sectors unless told.
  bool a_lines_off_sectors = false;
  bool b_lines_off_sectors = false;
  // A 16-bit B that TMA reads in place whose lines do not all start on 128-byte L2 lines (a
  // row-major B of 1456 columns, say): each line of a box then touches two L2 lines.
  // tiledmm.plan describes lines on 128-byte lines unless told.
  bool b_lines_off_cache_lines = false;
};

struct GpuInfo {
  int compute_capability = 0;  // major * 10 + minor
  int sm_count = 0;
};

enum class KernelFamily { kClassic16, kSimt, kMma, kWgmma, kSkinny };

// The registry name of a family ("classic16", "simt", ...).
const char* family_name(KernelFamily family);

// True when this build contains the sm_90a code of the wgmma family.
bool built_with_sm90a();

struct Plan {
  KernelFamily family = KernelFamily::kClassic16;
  SimtConfigId simt_config = SimtConfigId::kFloat128x256;    // used by kSimt
  MmaConfigId mma_config = MmaConfigId::k128x128W64x64;       // used by kMma
  WgmmaConfigId wgmma_config = WgmmaConfigId::k128x256;      // used by kWgmma
  SkinnyConfigId skinny_config = SkinnyConfigId::k32Rows;    // used by kSkinny
  bool wgmma_c_transposed = false;  // kWgmma, TF32 with B row-major: computes C^T (wgmma_configs.h)
  const char* config = "";  // the tile configuration's name
  SplitK split;             // simt, mma, wgmma, skinny: K slices per output tile (1: none)
  LastWaveSplit last_wave;  // wgmma without split-K: the last wave's tiles split along K
  RowTail row_tail;         // simt: C's last rows as a second launch (`split` is the first's)
};

// `requested` is a kernel spec ("name" or "name:config") already validated against the
// registry, or empty. `why`, when given, receives the reasons for the choice (kept off
// the hot path: a gemm call passes nullptr).
Plan plan_gemm(const GemmShape& shape, const GpuInfo& gpu, std::string_view requested,
               std::string* why = nullptr);

// The plan as tiledmm.plan and tiledmm.plan_for report it: [kernel, config, reason, split_k,
// c_transposed ("1"/"0"), last wave's split tiles, their head k-tiles, row tail rows, its config
// ("few_rows" beside the tiles), its split_k, its beside blocks, tails per split tile]. `kernel` ("name",
// "name:config", "auto" or none) is checked against the registry for this dtype.
std::vector<std::string> plan_report(const GemmShape& shape, const GpuInfo& gpu,
                                     std::optional<std::string_view> kernel);

}  // namespace tiledmm::cuda
