#!/bin/bash
# Session 48, call 7 (the build whose rule also leaves products with B copied to the rules'
# tiles): the full GPU suite; the kernels of two products with B copied on 128x112 C^T and
# 128x128 by name (where the C^T plans lost in call 6).
export PYTHONPATH=$PWD
R=/tmp/r7; rm -rf $R; mkdir -p $R
cp exp/s48/call7.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
K=auto,wgmma:128x112_ct_k128B_2wg_s6,wgmma:128x128_k128B_2wg_s6
timeout 60 python bench/kernel_times.py gemm 1499x1146x2544 --dtype fp16 --kernel $K > $R/kernels_b_copied.txt 2>&1
timeout 60 python bench/kernel_times.py gemm 1363x1041x1040 --dtype bf16 --kernel $K >> $R/kernels_b_copied.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r7
grep -v -i warn $R/kernels_b_copied.txt | grep -v "^$" | cut -c1-150
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
