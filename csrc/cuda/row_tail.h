// C's last rows as a second launch (the simt family).
//
// simt blocks are not persistent: B blocks run in ceil(B / SMs) rounds of one block per
// SM (the model in planner_simt.cpp), so a grid a little past whole rounds runs its last round
// on a few SMs while the rest idle for a whole tile-time: 3072^3 in 128x256 tiles is 288
// blocks, two full rounds of 132 and a third of 24. Here C's first rows, as many tile
// rows as fill whole rounds, run as one launch, and the rest (its "tail", a few tile
// rows) as a second launch with its own tile and split-K slices (split_k.h), whose
// blocks then spread over all the SMs. The planner takes a tail where its time model
// says the two launches end sooner than one. Both launches read the same staged
// operands (A's rows from the band's first, B whole), so an operand that needs a padded
// copy is copied once; results are bitwise identical from run to run.
//
// A tail of at most kFewRowsMax rows may instead run *beside* the first launch: as dot
// products over B (kernels/few_rows.cu) on the SMs the first launch's one round leaves
// idle, at the same time (1025 x 1023 x 1021: 1024 rows in 128 blocks, the last row on
// the other 4 SMs), where a tiled tail would cost a whole tile row or a launch of its own.
#pragma once

#include "simt_configs.h"
#include "split_k.h"

#include <cstdint>

namespace tiledmm::cuda {

// The most rows a tail beside the first launch takes.
constexpr int64_t kFewRowsMax = 8;

struct RowTail {
  int64_t rows = 0;  // C's last rows, run by the second launch; 0: none
  SimtConfigId config = SimtConfigId::kFloat128x256;
  SplitK split;      // the tail's K slices
  int beside_blocks = 0;  // > 0: the rows run beside the first launch on this many idle SMs

  bool active() const { return rows > 0; }
  bool beside() const { return beside_blocks > 0; }
};

}  // namespace tiledmm::cuda
