#!/bin/bash
# Session 48, call 2 (the 128x144 C^T build: config + wave rule): its registers, the changed
# plans against the previous ones (128x192) by name (kernel times and do_bench, cuBLAS
# alongside), memcheck of the config by name, and the full GPU suite.
export PYTHONPATH=$PWD
R=/tmp/r2; rm -rf $R; mkdir -p $R
cp exp/s48/call2.sh $R/device_script.sh; cp exp/s48/ab.py exp/s48/cases2.json exp/s48/memcheck144.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
cuobjdump -res-usage tiledmm/_C.abi3.so 2>&1 | grep -A1 "WgmmaConfigId)8" > $R/res_usage_128x144ct.txt
timeout 150 python exp/s48/ab.py exp/s48/cases2.json $R/ab144.json > $R/ab144.txt 2>&1
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 python exp/s48/memcheck144.py > $R/memcheck.txt 2>&1; echo "memcheck rc=$?" >> $R/memcheck.txt
timeout 280 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r2
grep -v -i warn $R/ab144.txt; tail -3 $R/memcheck.txt; grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
grep -o "REG:[0-9]* STACK:[0-9]* SHARED:[0-9]* LOCAL:[0-9]*" $R/res_usage_128x144ct.txt | sort | uniq -c
