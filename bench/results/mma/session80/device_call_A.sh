#!/usr/bin/env bash
# Session 80 device call A: build, full GPU suite, mma kernel times at small squares.
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/mma/session80
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 470 .ci/gpu-check build || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
echo "ptxas entries: $(grep -c 'Compiling entry' "$OUT/ptxas.txt") spills>0: $(grep -E 'spill' "$OUT/ptxas.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads')"
python3 bench/kernel_times.py gemm 64x64x64,128x128x128,256x256x256,512x512x512,1024x1024x1024 --dtype bf16 --kernel auto,mma,classic16 --top 6 >"$OUT/kt_mma_bf16.txt" 2>&1
head -c 6000 "$OUT/kt_mma_bf16.txt"
timeout 300 .ci/gpu-check test
