#!/usr/bin/env bash
# Session 80 device call B (warm, built by call A): compute-sanitizer over the mma family's
# new epilogue, and the mma bf16 benchmark at large shapes against torch.matmul.
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/mma/session80
[ -n "${BUILD:-}" ] && { timeout 470 .ci/gpu-check build || exit 1; }
SANITIZE_TOOLS="memcheck synccheck" SANITIZE_ARGS="mma" SANITIZE_TIMEOUT=120 .ci/gpu-check sanitize
SANITIZE_TOOLS="racecheck" SANITIZE_ARGS="mma dtype=bfloat16" SANITIZE_TIMEOUT=150 .ci/gpu-check sanitize
BENCH_ARGS="--dtypes bf16 --shapes squares,llm,ragged,skinny --kernels mma" timeout 200 .ci/gpu-check bench-mma_bf16_h200_s80 | tail -40
