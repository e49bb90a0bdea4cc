#!/bin/bash
# Session 57 call 7 (HEAD's build): ncu of the skinny kernel at 4096x4096 bf16 (nt M = 1, 16;
# nn M = 1): speed of light, occupancy, warp states, memory workload.
R=/tmp/r7; rm -rf $R; mkdir -p $R
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so','wb'))"
export PYTHONPATH=$PWD
cp exp/s57/call7.sh $R/device_script.sh; cp exp/s57/skinny_one.py $R/
for case in "1 nt" "16 nt" "1 nn"; do
  set -- $case
  ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis \
    -k regex:skinny --launch-skip 3 --launch-count 1 python exp/s57/skinny_one.py $1 $2 > $R/ncu_skinny_$2_m$1.txt 2>&1
done
tar czf $OUT/results.tgz -C /tmp r7
