#!/usr/bin/env bash
# Session 82 device call A (fresh machine): build with simt and mma staging an in-place operand
# in whole vectors past its ragged MN edge where its storage holds the padding; the new test;
# kernel times of a sliced B (storage holding every row's padding) against the same view with
# its storage ending at its last element (the element-wise edge path) and the aligned square;
# then the full GPU suite in what is left.
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/mma/session82
t0=$SECONDS
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 470 .ci/gpu-check build || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s; ptxas entries: $(grep -c 'Compiling entry' "$OUT/ptxas.txt") spills>0: $(grep -E 'spill' "$OUT/ptxas.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads')"
python3 -m pytest -q -p no:logging tests/test_gemm_correctness.py -k storage_past 2>&1 | tail -3
kt() {  # label args...
  local label=$1; shift
  python3 bench/kernel_times.py gemm "$@" --top 3 >"$OUT/kt_$label.txt" 2>&1
  echo "## $label: $*"; grep -E "^==|µs" "$OUT/kt_$label.txt" | grep -v -i -E "warn|Memset" | cut -c1-120 | head -12
}
for round in 1 2; do
  kt mma_square_$round 4096x4096x4096 --dtype bf16 --kernel mma
  kt mma_sliced_$round 4096x4090x4096 --dtype bf16 --kernel mma --b-ld 4096
  kt mma_sliced_tight_$round 4096x4090x4096 --dtype bf16 --kernel mma --b-ld 4096 --tight-storage
done
kt simt_square 2048x2048x2048 --dtype fp32 --kernel simt
kt simt_sliced 2048x2042x2048 --dtype fp32 --kernel simt --b-ld 2048
kt simt_sliced_tight 2048x2042x2048 --dtype fp32 --kernel simt --b-ld 2048 --tight-storage
left=$((590 - (SECONDS - t0)))
echo "t=$((SECONDS-t0)), $left s left"
if [ $left -gt 200 ]; then timeout $((left - 5)) .ci/gpu-check test; else echo "SUITE SKIPPED: $left s left"; fi
cd "$OUT" && tar czf logs.tgz build.log ptxas.txt pytest.log junit.xml kt_*.txt 2>/dev/null; rm -f build.log ptxas.txt pytest.log junit.xml kt_*.txt
