#!/bin/bash
# Session 46, call 11: the final build (the 64x80 C^T rule widened to 64 < M <= 160 and N
# up to one wave, planner only): the full GPU suite; the plans of wider80.py's cases.
export PYTHONPATH=$PWD
R=/tmp/r11; mkdir -p $R
cp exp/s46/call11.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 300 python -m pytest -q tests > $R/pytest.txt 2>&1; tail -2 $R/pytest.txt
python -c "
import torch, tiledmm
p = [tiledmm.plan(m, n, k, torch.bfloat16)['config'] for m in (65, 72, 80) for n in (6144, 8192) for k in (2048, 4096)]
p += [tiledmm.plan(m, n, k, torch.bfloat16)['config'] for m in (136, 144, 160) for n in (3072, 4096) for k in (2048, 4096, 8192)]
print(torch.cuda.get_device_properties(0).multi_processor_count, 'SMs;', sum(c == '64x80_ct_k256B_1wg_s5' for c in p), 'of', len(p), 'cases on 64x80 C^T tiles')
" > $R/plans.txt 2>&1; cat $R/plans.txt
tar czf $OUT/results.tgz -C /tmp r11
