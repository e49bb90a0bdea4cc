#!/usr/bin/env bash
# Session 35 call 5: EXPERIMENT, a 64x128 one-consumer config with 256-byte k-tiles (fewer
# shared-memory operand bytes per FLOP than 128x64's two consumers), timed by name beside
# the committed configs in one build.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/head.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/head.so exp/x64_s.patch.zst -o /tmp/x64.so || exit 1
md5sum /tmp/x64.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/x64.so tiledmm/_C.abi3.so
timeout 150 python -m pytest -q -x -p no:logging tests/test_gemm_correctness.py -k "every_tile_config" > $R/every_config.log 2>&1; echo "every config rc=$? $SECONDS s"; tail -1 $R/every_config.log
SH=512x512x512,768x768x768,1024x1024x1024,1536x1024x1024,2048x1024x1024,1024x2048x1024,1024x1024x4096
K=auto,wgmma:64x128_k256B_1wg_s4,wgmma:128x64_k256B_2wg_s4,wgmma:128x128_k128B_2wg_s6
for i in 1 2; do
  timeout 100 python bench/kernel_times.py gemm $SH --kernel $K --top 3 > $R/kt_x64_bf16_$i.txt 2>&1; echo "kt $i rc=$? $SECONDS s"
done
timeout 100 python bench/kernel_times.py gemm $SH --kernel $K --dtype tf32 --top 3 > $R/kt_x64_tf32_1.txt 2>&1; echo "kt tf32 rc=$? $SECONDS s"
save
