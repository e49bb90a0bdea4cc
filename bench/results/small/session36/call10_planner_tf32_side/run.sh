#!/usr/bin/env bash
# Session 36 call 10: the N <= 64 rule in TF32 too (64x64 while one block per SM), against the
# build of 6138d9e (16-bit only): suite, kernel times A/B.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side_s.patch.zst -o /tmp/old.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side2_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/old.so /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 240 python -m pytest -q -p no:logging -rs tests > $R/suite_new.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -2 $R/suite_new.log
save
NT=100x64x300,1024x64x1024,2048x64x2048,4096x64x1024,8192x64x1024,4096x64x4096
NN=64x1024x1024,64x2048x2048,48x4096x4096,64x4096x4096,100x64x300,1024x64x1024
ORDER=old,new,new,old; i=0
for v in ${ORDER//,/ }; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm $NT --dtype tf32 --layout nt --top 3 > $R/kt_tf32_nt_${v}_$i.txt 2>&1; echo "kt nt $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm $NN --dtype tf32 --top 3 > $R/kt_tf32_nn_${v}_$i.txt 2>&1; echo "kt nn $v rc=$? $SECONDS s"
done
save
