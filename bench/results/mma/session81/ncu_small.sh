#!/usr/bin/env bash
# ncu of one 64^3 bf16 call: tiledmm's plan (wgmma C^T), mma and classic16 by name, cuBLAS.
# Details (cycles, instructions, stalls) and, for ours, per-SASS-instruction stall samples.
cd "$(dirname "$0")/../../../.."  # the repository root
sections="--section LaunchStats --section Occupancy --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats --section SourceCounters"
run() {  # name filter args...
  local name=$1 filter=$2; shift 2
  timeout 90 ncu --clock-control base ${SAMPLING:+--warp-sampling-interval $SAMPLING} $sections --import-source no -k "$filter" --launch-skip 2 --launch-count 1 \
    -o "$OUT/ncu64_$name" -f python3 bench/profile_one.py "$@" >"$OUT/ncu64_$name.log" 2>&1 || echo "ncu $name failed"
  ncu -i "$OUT/ncu64_$name.ncu-rep" --page details >"$OUT/ncu64_${name}_details.txt" 2>&1
  ncu -i "$OUT/ncu64_$name.ncu-rep" --page source --csv --print-source sass >"$OUT/ncu64_${name}_sass.csv" 2>&1
  rm -f "$OUT/ncu64_$name.ncu-rep"
  echo "== $name"
  grep -E "^  [a-zA-Z_].*\(|Duration|Elapsed Cycles|SM Frequency|Executed Instructions  |Registers Per|Grid Size|Block Size|Dynamic Shared|Warp Cycles Per Issued|No Eligible|Issued Warp|Theoretical Occ" "$OUT/ncu64_${name}_details.txt" | head -24
}
want=" ${*:-plan cublas mma classic16} "
[[ $want == *" plan "* ]] && run plan regex:wgmma 64 64 64 bfloat16 nn
[[ $want == *" cublas "* ]] && run cublas 'regex:nvjet|gemm|cutlass' 64 64 64 bfloat16 nn torch
[[ $want == *" mma "* ]] && run mma regex:mma_gemm 64 64 64 bfloat16 nn mma
[[ $want == *" classic16 "* ]] && run classic16 regex:classic 64 64 64 bfloat16 nn classic16
true
