#!/bin/bash
# Session 47, call 3 (HEAD's build): mid-size aligned bf16 products (squares 1024-3072 in
# steps of 128, and rectangles near 1536), every 128-row config by name (ping-pong included)
# against the plan and cuBLAS (kernel times), nn; the split last wave on and off.
export PYTHONPATH=$PWD
R=/tmp/r3; rm -rf $R; mkdir -p $R
cp exp/s47/call3.sh $R/device_script.sh; cp exp/s47/small_grid.py exp/s47/grid3_shapes.txt $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
S=$(cat exp/s47/grid3_shapes.txt)
C=auto,128x256,128x128,128x64,pp,ct80
timeout 250 python exp/s47/small_grid.py nn $R/grid_nn.json $S $C > $R/grid_nn.txt 2>&1
TILEDMM_SPLIT_LAST_WAVE=off timeout 250 python exp/s47/small_grid.py nn $R/grid_nn_nosplit.json $S $C > $R/grid_nn_nosplit.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r3
grep -hv -i warn $R/grid_nn.txt $R/grid_nn_nosplit.txt
