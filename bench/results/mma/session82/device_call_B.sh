#!/usr/bin/env bash
# Session 82 device call B (call A's machine and build): the full GPU suite if call A had no
# time for it (SUITE=1); memcheck over simt and mma, synccheck over mma (their new sliced layout
# among the workload's); ncu of one 64^3 bf16 call, the plan and cuBLAS, with the finest warp
# sampling (session 81's Next 1).
set -uo pipefail
cd "$(dirname "$0")/../../../.."
t0=$SECONDS
[ "${SUITE:-0}" = 1 ] && timeout 240 .ci/gpu-check test
SANITIZE_TOOLS=memcheck SANITIZE_ARGS="mma simt" SANITIZE_TIMEOUT=220 .ci/gpu-check sanitize
SANITIZE_TOOLS=synccheck SANITIZE_ARGS="mma" SANITIZE_TIMEOUT=100 .ci/gpu-check sanitize
echo "t=$((SECONDS-t0))"
SAMPLING=0 bash bench/results/mma/session81/ncu_small.sh plan cublas
echo "t=$((SECONDS-t0))"
cd "$OUT" && tar czf ncu.tgz ncu64_* sanitize-*.log pytest.log 2>/dev/null; rm -f ncu64_*_sass.csv
