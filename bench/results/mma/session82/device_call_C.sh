#!/usr/bin/env bash
# Session 82 device call C (fresh machine, main with call A's CUDA code): bench.py against
# torch.matmul on a sliced B (rows N rounded up to 64 elements apart), its storage holding every
# row's end (staged in whole vectors) and ending at its last element (the element-wise edge
# path): float32 on the planner's simt, bf16 on mma by name.
set -uo pipefail
cd "$(dirname "$0")/../../../.."
t0=$SECONDS
timeout 470 .ci/gpu-check build || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s"
for storage in rows tight; do
  tight=""; [ $storage = tight ] && tight="--b-tight"
  python3 bench/bench.py --dtypes fp32 --shapes 2048x2048x2048,2048x2042x2048,4096x4096x4096,4096x4090x4096 \
    --b-sliced 64 $tight --out "$OUT/sliced_fp32_${storage}_h200_s82" 2>/dev/null | grep -E "^ +[0-9]+x"
  python3 bench/bench.py --dtypes bf16 --kernels mma --shapes 4096x4096x4096,4096x4090x4096 \
    --b-sliced 64 $tight --out "$OUT/sliced_bf16_mma_${storage}_h200_s82" 2>/dev/null | grep -E "^ +[0-9]+x"
  echo "t=$((SECONDS-t0))"
done
rm -f "$OUT/build.log" "$OUT/ptxas.txt"
