#!/bin/bash
# Session 42, call 8 (the final build): 24 random fp32 products whose plan (132 SMs) runs C's
# last rows beside the tiles (M = 128 t + r, t in 2..16, r in 1..8; N in 300..4500; K from
# {300, 777, 1024, 1500, 2048, 3000, 4096}; seed 42, the first 24 of 244 draws), bench.py
# do_bench with rows beside and with TILEDMM_ROW_TAIL=off, two rounds alternating.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r8; mkdir -p $R
SHAPES=772x2128x777,390x3117x2048,388x2877x777,775x1595x1500,391x3202x1500,1032x743x3000,391x2891x1024,645x1385x1024,770x1176x3000,769x1188x2048,645x663x3000,1031x1725x2048,647x2939x1500,1800x2259x1024,1027x4082x777,261x3405x1024,1030x864x2048,1032x1164x1500,642x1877x1024,387x1869x777,776x1234x4096,1797x997x777,645x1920x1500,1025x4025x300
for round in 1 2; do
  for sw in on off; do
    TILEDMM_ROW_TAIL=$sw python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/sweep_${sw}_$round > $R/sweep_${sw}_$round.txt 2>&1
  done
done
tar czf $OUT/results.tgz -C /tmp r8
