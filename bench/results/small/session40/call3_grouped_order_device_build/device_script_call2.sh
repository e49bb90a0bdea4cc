#!/usr/bin/env bash
# Session 40 call 2: the grouped tile order with launcher-prepared divisors in every family
# (simt, mma: their blocks' 64-bit divisions gone; wgmma: the same order, moved) and wgmma
# split into one file per level. Build from source here; kernel times (CUPTI) against session
# 39's build (old) in rounds old, new, new, old; the full GPU suite; compute-sanitizer memcheck
# of the simt, mma and wgmma workload and synccheck of simt + mma (call 3, dev_s40_3.sh).
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
git log --oneline -1 > $R/head.txt; git status --short >> $R/head.txt
export TORCH_CUDA_ARCH_LIST=9.0a MAX_JOBS=16
rm -f tiledmm/_C*.so
( time python setup.py build_ext --inplace ) > $R/build.log 2>&1; echo "build rc=$? $SECONDS s"; tail -3 $R/build.log
cp tiledmm/_C.abi3.so /tmp/new.so || exit 2
mkdir -p build/s40 && cp tiledmm/_C.abi3.so build/s40/new.so
Z -q -d --long=27 exp/S39_base_s.so.zst -o /tmp/old.so || exit 1
md5sum /tmp/old.so /tmp/new.so | tee $R/md5.txt
save
F32=128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,1024x1024x1024,1025x1023x1021,2048x2048x2048
BF=256x256x256,512x512x512,1024x1024x1024,2048x2048x2048
WG=64x64x64,256x256x256,512x512x512,768x768x768,1024x1024x1024,1536x1024x2048
for round in old new new old; do
  cp /tmp/$round.so tiledmm/_C.abi3.so
  timeout 120 python bench/kernel_times.py gemm $F32 --dtype fp32 --top 2 > $R/kt_simt_${round}_$SECONDS.txt 2>&1; echo "simt $round rc=$? $SECONDS s"
  timeout 120 python bench/kernel_times.py gemm $BF --dtype bf16 --kernel mma --top 2 > $R/kt_mma_${round}_$SECONDS.txt 2>&1; echo "mma $round rc=$? $SECONDS s"
  timeout 120 python bench/kernel_times.py gemm $WG --dtype bf16 --top 2 > $R/kt_wgmma_${round}_$SECONDS.txt 2>&1; echo "wgmma $round rc=$? $SECONDS s"
done
for fam in simt mma wgmma; do python exp/kt_table.py $R/kt_${fam}_*.txt > $R/kt_table_${fam}.txt; done
cat $R/kt_table_*.txt
save
cp /tmp/new.so tiledmm/_C.abi3.so
