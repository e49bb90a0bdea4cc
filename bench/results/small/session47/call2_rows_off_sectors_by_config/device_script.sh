#!/bin/bash
# Session 47, call 2 (HEAD's build): rows off 32-byte sectors (K or N = 8 mod 16, bf16) in
# products of 512-3072 rows/columns, every wgmma config by name against the plan and cuBLAS
# (kernel times), nn and nt, with aligned controls (s^3).
export PYTHONPATH=$PWD
R=/tmp/r2; rm -rf $R; mkdir -p $R
cp exp/s47/call2.sh $R/device_script.sh; cp exp/s47/small_grid.py exp/s47/grid2_shapes.txt $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
S=$(cat exp/s47/grid2_shapes.txt)
for L in nn nt; do
  timeout 250 python exp/s47/small_grid.py $L $R/grid_$L.json $S > $R/grid_$L.txt 2>&1
done
tar czf $OUT/results.tgz -C /tmp r2
grep -v Warn $R/grid_nn.txt $R/grid_nt.txt | grep -v _warn
