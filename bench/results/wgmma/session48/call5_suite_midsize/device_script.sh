#!/bin/bash
# Session 48, call 5 (the build with the final wave-filling C^T rule): the full GPU suite, and
# bench.py's midsize preset (bf16 and fp16, nn, do_bench against torch.matmul).
export PYTHONPATH=$PWD
R=/tmp/r5; rm -rf $R; mkdir -p $R
cp exp/s48/call5.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
timeout 200 python bench/bench.py --dtypes bf16,fp16 --shapes midsize --out $R/midsize_h100_session48 > $R/midsize_h100_session48.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r5
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12; grep -v -i warn $R/midsize_h100_session48.txt | tail -50
