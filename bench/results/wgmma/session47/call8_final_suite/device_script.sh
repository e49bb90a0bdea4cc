#!/bin/bash
# Session 47, call 8 (the final build: 128x192 + the last wave split only with >= 24 k-tiles
# per tail): the full GPU suite, the sanitizer workload's split-last-wave launches (no
# sanitizer: their plans and results), and the plans of call 6's losing shapes.
export PYTHONPATH=$PWD
R=/tmp/r8; rm -rf $R; mkdir -p $R
cp exp/s47/call8.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
python - > $R/split_workload.txt 2>&1 <<'PY'
import sys, torch
sys.path.insert(0, "tests")
import sanitizer_workload as w
for dt in (torch.bfloat16, torch.float16, torch.float32):
    print(dt, w.split_last_wave_launches(dt), "launches")
import tiledmm
for s in ["1792x1792x1024", "2432x2432x2432", "2688x2688x2688", "8192x4096x4096", "2304x2304x2304", "8192x8192x8192"]:
    m, n, k = map(int, s.split("x"))
    print(s, tiledmm.plan(m, n, k, torch.bfloat16)["last_wave_split"])
PY
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r8
cat $R/split_workload.txt | grep -v -i warn; tail -3 $R/pytest_full.log
