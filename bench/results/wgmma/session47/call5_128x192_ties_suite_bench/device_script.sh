#!/bin/bash
# Session 47, call 5 (the 128x192 build, ties in waves to 128x192 only with a full last
# wave): registers, the changed plans' A/B against the old configs by name (the tie cases
# kept on 128x128 against 128x192 by name), bench.py's midsize preset (do_bench, cuBLAS
# alongside, 128x128 by name too), and the full GPU suite.
export PYTHONPATH=$PWD
R=/tmp/r5; rm -rf $R; mkdir -p $R
cp exp/s47/call5.sh $R/device_script.sh; cp exp/s47/ab192.py exp/s47/cases5.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
cuobjdump -res-usage tiledmm/_C.abi3.so > $R/res_usage_raw.txt 2>&1
grep -A1 "WgmmaConfigIdE7E\|WgmmaConfigIdE0E\|WgmmaConfigIdE1E" $R/res_usage_raw.txt | grep -B1 "REG" > $R/res_usage_wide.txt
rm $R/res_usage_raw.txt
timeout 100 python exp/s47/ab192.py exp/s47/cases5.json $R/ab192.json > $R/ab192.txt 2>&1
mkdir -p $R/bench
timeout 150 python bench/bench.py --dtypes bf16,fp16,tf32 --shapes midsize --kernels auto,wgmma:128x128_k128B_2wg_s6 --out $R/bench/midsize_h100 > $R/bench/midsize_h100.txt 2>&1
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r5
grep -v -i warn $R/ab192.txt; tail -45 $R/bench/midsize_h100.txt; tail -3 $R/pytest_full.log; grep -c REG $R/res_usage_wide.txt
