#!/bin/bash
# Session 47, call 7 (the 128x192 build, before the last-wave rule): #5's linear layer at
# 8192x4096x4096 (its plan splits the last wave: 100 tiles, 4 tails per idle block, heads of
# 55 of 64 k-tiles) with the split (the plan until now) and without (TILEDMM_SPLIT_LAST_WAVE=off,
# the next plan), alternated twice, kernel times, F.linear alongside.
export PYTHONPATH=$PWD
R=/tmp/r7; rm -rf $R; mkdir -p $R
cp exp/s47/call7.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
for r in 1 2; do
  timeout 100 python bench/kernel_times.py linear 8192x4096x4096,8192x4096x8192 --steps 30 > $R/linear_split_$r.txt 2>&1
  TILEDMM_SPLIT_LAST_WAVE=off timeout 100 python bench/kernel_times.py linear 8192x4096x4096,8192x4096x8192 --steps 30 > $R/linear_whole_$r.txt 2>&1
done
tar czf $OUT/results.tgz -C /tmp r7
for f in $R/linear_*.txt; do echo "## $f"; grep -v -i warn $f | cut -c1-120; done
