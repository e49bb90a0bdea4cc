#!/usr/bin/env bash
# Session 36 call 8: the persistent schedule's tile group (kGroupRows) at large shapes: HEAD's 8
# against 4 and 16 (measurement builds), kernel times, rounds g8, g4, g16, g16, g4, g8.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side_s.patch.zst -o /tmp/g8.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/g4_s.patch.zst -o /tmp/g4.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/g16_s.patch.zst -o /tmp/g16.so || exit 1
md5sum /tmp/g*.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
SH=4096x4096x1024,4096x4096x4096,8192x4096x4096,4096x11008x4096,4096x4096x11008,8192x8192x8192,2048x2048x2048
ORDER=g8,g4,g16,g16,g4,g8; i=0
for v in ${ORDER//,/ }; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 100 python bench/kernel_times.py gemm $SH --dtype bf16 --top 3 > $R/kt_${v}_$i.txt 2>&1; echo "kt $v rc=$? $SECONDS s"
done
save
