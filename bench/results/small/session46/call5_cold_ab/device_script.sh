#!/bin/bash
# Session 46, call 5 (call 4's build): test_moved_tiles.py after its fix (it set torch's TF32
# flag); products with 32 < M <= 64 streamed cold (decode_stream.run), the planner's plan
# against 64x32 C^T tiles by name, cuBLAS alongside; side64_grid.py in the nt layout.
export PYTHONPATH=$PWD
R=/tmp/r5; mkdir -p $R
cp exp/s46/call5.sh $R/device_script.sh; cp exp/s46/cold_ab.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 120 python -m pytest -q tests/test_moved_tiles.py > $R/pytest_moved.txt 2>&1; tail -2 $R/pytest_moved.txt
timeout 300 python exp/s46/cold_ab.py $R/cold_ab.json > $R/cold_ab.txt 2>&1
timeout 120 python exp/s46/side64_grid.py nt $R/side64_nt.json > $R/side64_nt.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r5
grep -v -i warn $R/cold_ab.txt; grep -v -i warn $R/side64_nt.txt
