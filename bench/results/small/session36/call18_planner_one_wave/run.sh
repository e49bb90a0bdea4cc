#!/usr/bin/env bash
# Session 36 call 18: 128x128 in one wave wherever split-K would leave its tiles whole (was:
# below 32 k-tiles), against the build of 7a8b7d7: suite, kernel times A/B.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side2_s.patch.zst -o /tmp/old.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/wave_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/old.so /tmp/new.so | tee $R/md5.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 240 python -m pytest -q -p no:logging -rs tests > $R/suite_new.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -2 $R/suite_new.log
save
SH=1536x1024x2048,1536x1024x3072,1200x1024x2048,2048x768x2048,1024x1536x2048,1536x1024x1024,1536x1024x4096
ORDER=old,new,new,old; i=0
for v in ${ORDER//,/ }; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm $SH --top 3 > $R/kt_bf16_${v}_$i.txt 2>&1; echo "kt $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm $SH --dtype fp16 --layout nt --top 3 > $R/kt_fp16nt_${v}_$i.txt 2>&1; echo "kt fp16 nt $v rc=$? $SECONDS s"
done
save
