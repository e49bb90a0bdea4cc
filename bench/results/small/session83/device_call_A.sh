#!/usr/bin/env bash
# Session 83 device call A (fresh machine): build with the wgmma producer issuing the ring's
# first pass before the block barrier; A/B in one build against TILEDMM_WGMMA_FIRST_LOADS=
# after_barrier (the old order), alternating processes: small_products.py (do_bench, against
# torch.matmul in the same process) and kernel_times.py (CUPTI) on the small squares.
# Ran on main 37bee63 with first_loads_before_barrier.patch applied (the switch is the patch's;
# main does not have it).
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/small/session83
t0=$SECONDS
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 480 .ci/gpu-check build || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s; ptxas entries: $(grep -c 'Compiling entry' "$OUT/ptxas.txt") spills>0: $(grep -E 'spill' "$OUT/ptxas.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads')"
SHAPES=64x64x64,128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,1024x1024x1024,1000x1000x1000
for round in 1 2; do
  for mode in before_barrier after_barrier; do
    [ $((SECONDS - t0)) -gt 540 ] && break 2
    TILEDMM_WGMMA_FIRST_LOADS=$mode timeout 60 python3 bench/small_products.py ${mode}_r$round --shapes $SHAPES \
      --dtypes bfloat16,float16 --rounds 3 --out "$OUT" 2>&1 | grep -v -i warn | tail -17
  done
done
for mode in before_barrier after_barrier; do
  [ $((SECONDS - t0)) -gt 560 ] && break
  TILEDMM_WGMMA_FIRST_LOADS=$mode timeout 30 python3 bench/kernel_times.py gemm 64x64x64,256x256x256,1024x1024x1024 \
    --dtype bf16 --top 2 >"$OUT/kt_$mode.txt" 2>&1
  echo "## kt $mode"; grep -E "^==|µs" "$OUT/kt_$mode.txt" | grep -v -i -E "warn|Memset" | cut -c1-110 | head -14
done
echo "t=$((SECONDS-t0))"
cd "$OUT" && tar czf logs.tgz build.log ptxas.txt kt_*.txt 2>/dev/null; rm -f build.log ptxas.txt kt_*.txt
