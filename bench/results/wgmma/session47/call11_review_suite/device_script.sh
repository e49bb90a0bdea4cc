#!/bin/bash
# Session 47, call 11 (review mend: tma_reads_off_sectors helper, kernels_of in conftest):
# the full GPU suite on this exact build.
export PYTHONPATH=$PWD
R=/tmp/r11; rm -rf $R; mkdir -p $R
cp exp/s47/call11.sh $R/device_script.sh
nvidia-smi --query-gpu=name --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r11
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -6
