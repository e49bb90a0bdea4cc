#!/usr/bin/env bash
# Session 83 device call B (fresh machine, main's kernels): do the small products' wgmma kernels
# gain from direct stores of C (TILEDMM_WGMMA_STORES=direct, a measurement switch since session 6,
# measured then at 2048^3 and up only) over TMA stores? One build, the two modes in alternating
# processes: kernel_times.py (CUPTI) and small_products.py (do_bench against torch.matmul).
set -uo pipefail
cd "$(dirname "$0")/../../../.."  # the repository root, from bench/results/small/session83
t0=$SECONDS
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 480 .ci/gpu-check build || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s; ptxas entries: $(grep -c 'Compiling entry' "$OUT/ptxas.txt")"
KT=64x64x64,128x128x128,256x256x256,512x512x512,768x768x768,1024x1024x1024
for round in 1 2; do
  for mode in tma direct; do
    [ $((SECONDS - t0)) -gt 500 ] && break 2
    if [ $mode = direct ]; then export TILEDMM_WGMMA_STORES=direct; else unset TILEDMM_WGMMA_STORES; fi
    timeout 40 python3 bench/kernel_times.py gemm $KT --dtype bf16 --top 1 >"$OUT/kt_${mode}_r$round.txt" 2>&1
    echo "## kt $mode r$round"; grep -E "^== " "$OUT/kt_${mode}_r$round.txt" | cut -c1-90
  done
done
SHAPES=64x64x64,128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,1024x1024x1024,1000x1000x1000
for round in 1 2; do
  for mode in tma direct; do
    [ $((SECONDS - t0)) -gt 560 ] && break 2
    if [ $mode = direct ]; then export TILEDMM_WGMMA_STORES=direct; else unset TILEDMM_WGMMA_STORES; fi
    timeout 45 python3 bench/small_products.py stores_${mode}_r$round --shapes $SHAPES \
      --dtypes bfloat16,float16 --rounds 3 --out "$OUT/sp" 2>&1 | grep -v -i warn | tail -17
  done
done
unset TILEDMM_WGMMA_STORES
echo "t=$((SECONDS-t0))"
cd "$OUT" && tar czf results.tgz build.log ptxas.txt kt_*.txt sp 2>/dev/null; rm -rf build.log ptxas.txt kt_*.txt sp
