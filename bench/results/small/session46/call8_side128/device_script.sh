#!/bin/bash
# Session 46, call 8 (the final build): products with 64 < M < 128, whose 128-row tiles reach
# past M and cannot move: kernel times by config (nn, nt) and a cold stream of the plan
# against 64x64 and 64x80 C^T tiles by name.
export PYTHONPATH=$PWD
R=/tmp/r8; mkdir -p $R
cp exp/s46/call8.sh $R/device_script.sh; cp exp/s46/side128_grid.py exp/s46/cold128.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
for L in nn nt; do timeout 150 python exp/s46/side128_grid.py $L $R/side128_$L.json > $R/side128_$L.txt 2>&1; done
timeout 200 python exp/s46/cold128.py $R/cold128.json > $R/cold128.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r8
grep -v -i warn $R/side128_nn.txt $R/side128_nt.txt; grep -v -i warn $R/cold128.txt
