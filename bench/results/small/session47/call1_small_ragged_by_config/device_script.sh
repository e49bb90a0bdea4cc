#!/bin/bash
# Session 47, call 1 (HEAD's build): small ragged bf16 products, every wgmma config by name
# against the plan and cuBLAS (kernel times), row classes on (default) and off.
export PYTHONPATH=$PWD
R=/tmp/r1; mkdir -p $R
cp exp/s47/call1.sh $R/device_script.sh; cp exp/s47/small_grid.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
S=768x768x760,760x760x768,768x760x768,760x768x768,760x760x760,1000x1000x1000,1024x1000x1024,1000x1024x1000,1000x1000x1024,1024x1024x1000,896x896x888,640x640x632,512x512x500,500x500x512,1024x1024x960,1024x1024x1088,999x999x999,800x800x800,900x900x900,768x768x768,1024x1024x1024
for L in nn nt; do
  timeout 200 python exp/s47/small_grid.py $L $R/grid_$L.json $S 2>&1 | tee $R/grid_$L.txt
  TILEDMM_ROW_CLASSES=off timeout 200 python exp/s47/small_grid.py $L $R/grid_${L}_noclasses.json $S > $R/grid_${L}_noclasses.txt 2>&1
done
tar czf $OUT/results.tgz -C /tmp r1
cat $R/grid_nn_noclasses.txt
