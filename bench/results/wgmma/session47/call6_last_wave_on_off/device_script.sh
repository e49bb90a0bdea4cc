#!/bin/bash
# Session 47, call 6 (the 128x192 build, as committed): the split last wave on and off
# (TILEDMM_SPLIT_LAST_WAVE=off) at ~90 bf16 nn shapes whose plans split it, two buckets
# per (config, tails per idle block, k-tiles), alternated twice (kernel times).
export PYTHONPATH=$PWD
R=/tmp/r6; rm -rf $R; mkdir -p $R
cp exp/s47/call6.sh $R/device_script.sh; cp exp/s47/lws_times.py exp/s47/lws_shapes.txt $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
S=$(cat exp/s47/lws_shapes.txt)
for r in 1 2; do
  timeout 120 python exp/s47/lws_times.py $S $R/split_$r.json > $R/split_$r.txt 2>&1
  TILEDMM_SPLIT_LAST_WAVE=off timeout 120 python exp/s47/lws_times.py $S $R/whole_$r.json > $R/whole_$r.txt 2>&1
done
tar czf $OUT/results.tgz -C /tmp r6
paste <(grep -v -i warn $R/split_1.txt) <(grep -v -i warn $R/whole_1.txt | awk '{print $NF}') <(grep -v -i warn $R/split_2.txt | awk '{print $NF}') <(grep -v -i warn $R/whole_2.txt | awk '{print $NF}')
