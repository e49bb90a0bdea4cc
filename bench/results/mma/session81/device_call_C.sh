#!/usr/bin/env bash
# Session 81 device call C (warm, built by call B): memcheck + synccheck over the mma workload (the
# padded staging reads), ncu of 64^3 (plan, cuBLAS), the suite if call B skipped it.
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/mma/session81
[ -n "${BUILD:-}" ] && { timeout 470 .ci/gpu-check build >/dev/null || exit 1; }
[ -n "${SUITE:-}" ] && timeout 250 .ci/gpu-check test
SANITIZE_TOOLS="memcheck synccheck" SANITIZE_ARGS="mma" SANITIZE_TIMEOUT=120 .ci/gpu-check sanitize
bash bench/results/mma/session81/ncu_small.sh plan cublas
cd "$OUT" && tar czf ncu.tgz ncu64_* && rm -f ncu64_*
