#!/usr/bin/env bash
# Session 80 call C: is mma's 4097x4095x4093 slower (641 us in call B against 539 us on
# 2026-11-22, while cuBLAS went 317 -> 449 us)? Three runs beside 4096^3, kernel times.
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/mma/session80
timeout 470 .ci/gpu-check build >/dev/null || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv,noheader
for i in 1 2 3; do python3 bench/bench.py --dtypes bf16 --shapes 4097x4095x4093,4096x4096x4096 --kernels mma,auto 2>&1 | grep -E "^ +[0-9]+x"; done
python3 bench/kernel_times.py gemm 4097x4095x4093 --dtype bf16 --kernel mma --top 6 2>&1 | grep -v -i warn | tail -14
