#!/bin/bash
# Session 46, call 3: does a tile's rows past M (TMA zero-fill) cost time? Kernel times of
# the same grids at M = 1..64 against 4096x4096 (bf16, nn and nt), by config name.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r3; mkdir -p $R
cp exp/s46/call3.sh $R/device_script.sh
S=1x4096x4096,8x4096x4096,16x4096x4096,31x4096x4096,32x4096x4096,33x4096x4096,40x4096x4096,48x4096x4096,56x4096x4096,63x4096x4096,64x4096x4096
for L in nn nt; do
timeout 200 python bench/kernel_times.py gemm $S --layout $L --top 3 --steps 30 \
  --kernel wgmma:64x32_ct_k256B_1wg_s8,wgmma:64x64_k128B_1wg_s4,wgmma:64x80_ct_k256B_1wg_s5 > $R/kt_$L.txt 2>&1
done
tar czf $OUT/results.tgz -C /tmp r3
for f in $R/kt_*.txt; do echo "## $f"; grep -E "^== tiledmm" $f; done
