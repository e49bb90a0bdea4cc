#!/bin/bash
# Session 46, call 6: the final build (moved last tiles + the 33-64-row C^T rule): full GPU
# suite; memcheck over test_moved_tiles.py; the decode stream at M = 33, 48, 64 (the
# committed result); the new plans against the old by name, streamed cold.
export PYTHONPATH=$PWD
R=/tmp/r6; mkdir -p $R
cp exp/s46/call6.sh $R/device_script.sh; cp exp/s46/cold_new_old.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 280 python -m pytest -q tests > $R/pytest.txt 2>&1; tail -3 $R/pytest.txt
timeout 60 python bench/decode_stream.py --m 33,48,64 --out $R/decode_stream_m33_64_bf16_h100 > $R/decode_stream.txt 2>&1
timeout 120 python exp/s46/cold_new_old.py $R/cold_new_old.json > $R/cold_new_old.txt 2>&1
timeout 200 compute-sanitizer --tool memcheck --print-limit 20 python -m pytest -q -x tests/test_moved_tiles.py > $R/memcheck_moved.txt 2>&1; tail -4 $R/memcheck_moved.txt
tar czf $OUT/results.tgz -C /tmp r6
grep -v -i warn $R/decode_stream.txt | tail -19; grep -v -i warn $R/cold_new_old.txt
