#!/bin/bash
# Session 49, call 4: the wave-filling C^T rule without its one-wave limit (planner only) on
# 40 bf16 products whose plans it changes (sampled from a 19,220-plan mid-size grid by old ->
# new config), and 4 squares: the plan, the cooperative 128-row tiles and the three 128-wide
# C^T configs by name, cuBLAS; kernel times (CUPTI, warm L2), nn and nt.
export PYTHONPATH=$PWD
R=/tmp/r4; rm -rf $R; mkdir -p $R
cp exp/s49/call4.sh $R/device_script.sh; cp exp/s48/ct_grid.py exp/s49/ct_multiwave_shapes.txt $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
S=$(cat exp/s49/ct_multiwave_shapes.txt)
C=auto,128x128,128x192,128x256,ct96,ct112,ct144
for L in nn nt; do
  timeout 280 python exp/s48/ct_grid.py $L $R/grid_${L}.json $S $C 2>&1 | grep -v -i warn >> $R/grid.txt
done
cat $R/grid.txt
tar czf $OUT/results.tgz -C /tmp r4
