#!/usr/bin/env bash
# Session 36 call 9: N <= 64 with B column-major (nt), each wgmma config by name, the committed
# build (6138d9e): does TF32 gain from 64x64 tiles as 16-bit types do?
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
SH=100x64x300,512x64x1024,1024x64x1024,2048x64x2048,4096x64x1024,8192x64x1024,4096x64x4096,4096x40x4096
K=auto,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k256B_2wg_s4,wgmma:128x128_k128B_2wg_s6
for round in 1 2; do
  for dt in tf32 bf16; do
    timeout 100 python bench/kernel_times.py gemm $SH --dtype $dt --layout nt --kernel $K --top 3 > $R/kt_${dt}_nt_$round.txt 2>&1; echo "kt $dt rc=$? $SECONDS s"
  done
done
save
