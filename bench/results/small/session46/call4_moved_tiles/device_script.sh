#!/bin/bash
# Session 46, call 4: last tiles moved back inside the operands (tile_origin), the build of
# the working tree: the full GPU suite; an A/B of the moved tiles on ragged shapes (two
# rounds, alternating); products with 32 < M <= 64 by config (kernel times); the decode
# stream with 64x32 C^T tiles by name. The A/B: the same build with TILEDMM_MOVED_TILES=off
# (every tile at a multiple of its size, as HEAD) against the default.
export PYTHONPATH=$PWD
R=/tmp/r4; mkdir -p $R
cp exp/s46/call4.sh $R/device_script.sh; cp exp/s46/ab_builds.py exp/s46/ab_cases.txt exp/s46/side64_grid.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
unpack() { python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('$1'), open('tiledmm/_C.abi3.so', 'wb'))"; }
unpack exp/c.so.xz
timeout 280 python -m pytest -q -x tests > $R/pytest.txt 2>&1; tail -3 $R/pytest.txt
for round in 1 2; do
  for b in $([ $round = 1 ] && echo "old new" || echo "new old"); do
    if [ $b = old ]; then export TILEDMM_MOVED_TILES=off; else unset TILEDMM_MOVED_TILES; fi
    timeout 80 python exp/s46/ab_builds.py exp/s46/ab_cases.txt $b $R/ab_${b}_$round.json >> $R/ab.txt 2>&1
  done
done
unset TILEDMM_MOVED_TILES
timeout 120 python exp/s46/side64_grid.py nn $R/side64_nn.json > $R/side64_nn.txt 2>&1
timeout 60 python bench/decode_stream.py --m 33,48,64 --kernel wgmma:64x32_ct_k256B_1wg_s8 --out $R/decode_stream_ct32 > $R/decode_ct32.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r4
grep -v -i warn $R/ab.txt; cat $R/side64_nn.txt | grep -v -i warn; grep -v -i warn $R/decode_ct32.txt | tail -19
