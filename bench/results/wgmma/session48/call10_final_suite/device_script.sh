#!/bin/bash
# Session 48, call 10 (the final build, review mends included): the full GPU suite, and the
# wgmma instances' registers after the instruction wrappers' rewrite.
export PYTHONPATH=$PWD
R=/tmp/r10; rm -rf $R; mkdir -p $R
cp exp/s48/call10.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
cuobjdump -res-usage tiledmm/_C.abi3.so 2>&1 | grep -A1 "wgmma_gemm_kernel" | grep -o "REG:[0-9]* STACK:[0-9]* SHARED:[0-9]* LOCAL:[0-9]*" | sort | uniq -c > $R/res_usage_wgmma.txt
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r10
cat $R/res_usage_wgmma.txt; grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
