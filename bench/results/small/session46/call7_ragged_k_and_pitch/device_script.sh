#!/bin/bash
# Session 46, call 7 (final build): do a ragged K's last k-tile (TMA boxes partly past K)
# and ragged M/N cost like rows past M? Kernel times of small bf16 products near 1024, 768
# and 512, the planner's plans, moved tiles on and off (TILEDMM_MOVED_TILES), cuBLAS alongside.
export PYTHONPATH=$PWD
R=/tmp/r7; mkdir -p $R
cp exp/s46/call7.sh $R/device_script.sh; cp exp/s46/kt_table.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
S=1024x1024x1024,1024x1024x1000,1024x1024x1008,1024x1024x960,1024x1024x1088,1000x1024x1024,1024x1000x1024,1000x1000x1000,768x768x768,768x768x760,760x760x768,512x512x512,512x512x500,500x500x512
python -c "
import torch, tiledmm
for s in '$S'.split(','):
    m, n, k = map(int, s.split('x'))
    p = tiledmm.plan(m, n, k, torch.bfloat16, compute_capability=(9, 0), sm_count=132)
    print(s, p['config'], p['split_k'], p['last_wave_split'])
" > $R/plans.txt
for round in 1 2; do
timeout 100 python bench/kernel_times.py gemm $S --top 3 --steps 30 > $R/kt_moved_$round.txt 2>&1
TILEDMM_MOVED_TILES=off timeout 100 python bench/kernel_times.py gemm $S --top 3 --steps 30 > $R/kt_fixed_$round.txt 2>&1
done
python exp/s46/kt_table.py $R/kt_moved_1.txt $R/kt_fixed_1.txt $R/kt_moved_2.txt $R/kt_fixed_2.txt > $R/kt_table.txt
tar czf $OUT/results.tgz -C /tmp r7
cat $R/plans.txt $R/kt_table.txt
