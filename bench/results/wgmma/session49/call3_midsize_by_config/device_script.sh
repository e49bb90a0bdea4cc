#!/bin/bash
# Session 49, call 3 (call 1's build): mid-size bf16 products (K <= 4 KB per row, fewer than
# the ping-pong rule's 6 tiles of 128x128 per SM) by config: the plan, 128x128 ping-pong and
# the cooperative tiles, cuBLAS; kernel times (CUPTI, warm L2; "+": more than one kernel).
export PYTHONPATH=$PWD
R=/tmp/r3; rm -rf $R; mkdir -p $R
cp exp/s49/call3.sh $R/device_script.sh; cp exp/s48/ct_grid.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
S=1536x1536x1536,1664x1664x1664,1792x1792x1792,1920x1920x1920,2048x2048x2048,2176x2176x2176,2304x2304x2304,2432x2432x2432,2560x2560x2560,2688x2688x2688,2816x2816x2816,2944x2944x2944,3072x3072x3072,1536x1536x1024,1536x1536x2048,2048x1536x1536,1536x2048x1536,1792x1792x1024,2048x2048x1024,2560x2560x1024,3072x3072x1024,2048x4096x2048,4096x2048x1024,3072x4096x2048,4096x3072x1536
C=auto,pp,128x128,128x192,128x256,ct144
for L in nn nt nn; do
  timeout 240 python exp/s48/ct_grid.py $L $R/grid_${L}_$((++i)).json $S $C 2>&1 | grep -v -i warn >> $R/grid.txt
done
cat $R/grid.txt
tar czf $OUT/results.tgz -C /tmp r3
