#!/bin/bash
# Session 48, call 9 (the final build: the gemm call reports 16-bit operands' TMA alignment;
# ping-pong takes copied operands as before, the C^T configs do not): the full GPU suite, and
# the kernels that two products with a copied operand launch.
export PYTHONPATH=$PWD
R=/tmp/r9; rm -rf $R; mkdir -p $R
cp exp/s48/call9.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
timeout 60 python bench/kernel_times.py gemm 4097x4096x1023,1499x1146x2544 --dtype bf16 > $R/kernels_copied.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r9
grep -v -i warn $R/kernels_copied.txt | grep -v "^$" | cut -c1-140
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
