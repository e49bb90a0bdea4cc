#!/usr/bin/env bash
# Session 81 device call A (fresh machine): build, mma's edges at 4096 (which edge costs 4097x4095x4093
# its +45%), ncu of 64^3, then the full GPU suite if the time left holds it.
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/mma/session81
t0=$SECONDS
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 470 .ci/gpu-check build || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s; ptxas entries: $(grep -c 'Compiling entry' "$OUT/ptxas.txt") spills>0: $(grep -E 'spill' "$OUT/ptxas.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads')"
python3 bench/kernel_times.py gemm 4096x4096x4096,4097x4096x4096,4096x4095x4096,4096x4096x4093,4097x4095x4093,4096x4088x4096 --dtype bf16 --kernel mma --top 3 >"$OUT/kt_mma_edges.txt" 2>&1
grep -E "^==|µs" "$OUT/kt_mma_edges.txt" | grep -v -i warn | cut -c1-150 | head -60
echo "t=$((SECONDS-t0))"
bash bench/results/mma/session81/ncu_small.sh
left=$((590 - (SECONDS - t0)))
echo "t=$((SECONDS-t0)), $left s left"
if [ $left -gt 185 ]; then timeout $((left - 5)) .ci/gpu-check test; else echo "SUITE SKIPPED: $left s left"; fi
