#!/usr/bin/env bash
# Session 40 call 5 (call 4's machine, which left the tested build S40_new_s.so in
# tiledmm/_C.abi3.so): kernel times of that build against session 39's, rounds old, new, new, old.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r5; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
md5sum tiledmm/_C.abi3.so | grep -q d10b0938a2f33a0dd42732295ac486b4 || { echo "not call 4's build"; exit 3; }
cp tiledmm/_C.abi3.so /tmp/new.so
Z -q -d --long=27 exp/S39_base_s.so.zst -o /tmp/old.so || exit 1
md5sum /tmp/old.so /tmp/new.so > $R/md5.txt
F32=128x128x128,256x256x256,512x512x512,1024x1024x1024,1025x1023x1021,2048x2048x2048
BF=256x256x256,512x512x512,1024x1024x1024
WG=64x64x64,256x256x256,512x512x512,768x768x768,1024x1024x1024,1536x1024x2048
for round in old new new old; do
  cp /tmp/$round.so tiledmm/_C.abi3.so
  timeout 40 python bench/kernel_times.py gemm $F32 --dtype fp32 --top 2 > $R/kt_simt_${round}_$SECONDS.txt 2>&1; echo "simt $round rc=$? $SECONDS s"
  timeout 40 python bench/kernel_times.py gemm $BF --dtype bf16 --kernel mma --top 2 > $R/kt_mma_${round}_$SECONDS.txt 2>&1
  timeout 40 python bench/kernel_times.py gemm $WG --dtype bf16 --top 2 > $R/kt_wgmma_${round}_$SECONDS.txt 2>&1; echo "wgmma $round rc=$? $SECONDS s"
  save
done
for fam in simt mma wgmma; do python exp/kt_table.py $R/kt_${fam}_*.txt > $R/kt_table_${fam}.txt; done
cat $R/kt_table_*.txt
save
