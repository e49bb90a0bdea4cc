#!/bin/bash
# Session 49, call 6: the final planner (128x144 C^T over several waves with B's lines on
# their sectors). Full GPU suite; a second sample of 24 changed plans (drawn from 404 changes
# among 6,000 random products, new seed) against the previous plan's config by name (ab.py);
# bench.py's squares and midsize presets (do_bench against torch.matmul).
export PYTHONPATH=$PWD
R=/tmp/r6; rm -rf $R; mkdir -p $R
cp exp/s49/call6.sh $R/device_script.sh; cp exp/s49/ab.py exp/s49/cases6.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
timeout 200 python exp/s49/ab.py exp/s49/cases6.json $R/ab6.json 2>&1 | grep -v -i warn > $R/ab6.txt
timeout 200 python bench/bench.py --dtypes bf16,fp16 --shapes squares,midsize --out $R/squares_midsize_h100_session49 > $R/squares_midsize_h100_session49.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r6
cat $R/ab6.txt; grep -v -i warn $R/squares_midsize_h100_session49.txt | tail -45
