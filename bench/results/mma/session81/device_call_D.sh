#!/usr/bin/env bash
# Session 81 device call D (fresh machine): build, then ncu of the 64^3 bf16 plan and cuBLAS with the
# finest warp-state sampling (every 2^5 cycles), for stall locations inside a ~4,000-cycle kernel.
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/mma/session81
timeout 470 .ci/gpu-check build >/dev/null || { echo BUILD FAILED; exit 1; }
SAMPLING=0 bash bench/results/mma/session81/ncu_small.sh plan cublas
cd "$OUT" && tar czf ncu.tgz ncu64_* && rm -f ncu64_* build.log ptxas.txt
