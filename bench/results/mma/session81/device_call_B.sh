#!/usr/bin/env bash
# Session 81 device call B (fresh machine): build with mma staging repacked operands in whole vectors;
# mma's edges at 4096 again (kernel times) and bench.py beside torch.matmul; the full GPU suite.
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/mma/session81
t0=$SECONDS
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 470 .ci/gpu-check build || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s; ptxas entries: $(grep -c 'Compiling entry' "$OUT/ptxas.txt") spills>0: $(grep -E 'spill' "$OUT/ptxas.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads')"
python3 bench/kernel_times.py gemm 4096x4096x4096,4097x4096x4096,4096x4095x4096,4096x4096x4093,4097x4095x4093,4096x4088x4096 --dtype bf16 --kernel mma --top 3 >"$OUT/kt_mma_edges.txt" 2>&1
grep -E "^==|µs" "$OUT/kt_mma_edges.txt" | grep -v -i -E "warn|Memset" | cut -c1-120 | head -40
echo "t=$((SECONDS-t0))"
BENCH_ARGS="--dtypes bf16,fp16 --shapes 4096x4096x4096,4096x4095x4096,4095x4096x4096,4097x4095x4093,ragged --kernels mma" timeout 150 .ci/gpu-check bench-mma_ragged_h200_s81 | grep -E "^ +[0-9]+x" | cut -c1-110
left=$((590 - (SECONDS - t0)))
echo "t=$((SECONDS-t0)), $left s left"
if [ $left -gt 200 ]; then timeout $((left - 5)) .ci/gpu-check test; else echo "SUITE SKIPPED: $left s left"; fi
cd "$OUT" && tar czf logs.tgz build.log ptxas.txt pytest.log junit.xml 2>/dev/null; rm -f build.log ptxas.txt pytest.log junit.xml
