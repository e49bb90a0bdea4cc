#!/bin/bash
# Session 47, call 4 (the 128x192 build: config + wave rule): its registers, the full GPU
# suite, memcheck of the config by name, and the changed plans against the old by name
# (kernel times and do_bench, cuBLAS alongside).
export PYTHONPATH=$PWD
R=/tmp/r4; rm -rf $R; mkdir -p $R
cp exp/s47/call4.sh $R/device_script.sh; cp exp/s47/ab192.py exp/s47/cases4.json exp/s47/memcheck192.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
cuobjdump -res-usage tiledmm/_C.abi3.so 2>&1 | grep -A1 "WgmmaConfigId)7\|WgmmaConfigId)0" | grep -o "REG:[0-9]* STACK:[0-9]* SHARED:[0-9]* LOCAL:[0-9]*" | sort | uniq -c > $R/res_usage_all.txt
cuobjdump -res-usage tiledmm/_C.abi3.so 2>&1 | grep -A1 "WgmmaConfigId)7" > $R/res_usage_128x192.txt
timeout 150 python exp/s47/ab192.py exp/s47/cases4.json $R/ab192.json > $R/ab192.txt 2>&1
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 python exp/s47/memcheck192.py > $R/memcheck.txt 2>&1; echo "memcheck rc=$?" >> $R/memcheck.txt
timeout 280 python -m pytest -q -x tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r4
grep -v -i warn $R/ab192.txt; tail -3 $R/memcheck.txt; tail -3 $R/pytest_full.log; head -5 $R/res_usage_128x192.txt; cat $R/res_usage_all.txt
