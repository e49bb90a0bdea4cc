#!/bin/bash
# Session 46, call 9: the build with the 64x80 C^T rule for 64 < M <= 128 (planner only
# changed since call 6): the full GPU suite; the 50 changed plans of ab128.py, new against
# old by name, cold stream and kernel times.
export PYTHONPATH=$PWD
R=/tmp/r9; mkdir -p $R
cp exp/s46/call9.sh $R/device_script.sh; cp exp/s46/ab128.py exp/s46/old_plans_128.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 280 python -m pytest -q tests > $R/pytest.txt 2>&1; tail -2 $R/pytest.txt
timeout 250 python exp/s46/ab128.py exp/s46/old_plans_128.json $R/ab128.json > $R/ab128.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r9
grep -v -i warn $R/ab128.txt | grep -v "weights)"
