#!/bin/bash
# Session 45, call 4: bf16 deep-K products whose planner tile is 64x64 cut into split-K slices
# that make more blocks than SMs (two per SM, against the 64x64 rule's premise of one per
# SM): the planner's plan against 128x64, 64x64 and 128x128 by name, each cut its best way,
# and cuBLAS. Kernel times (CUPTI) and do_bench (bench.py). Measurement only (the call-3
# build; its wgmma code is HEAD's).
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r4; mkdir -p $R
cp exp/s45/call4.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
SHAPES=128x1024x8192,128x2048x4096,192x768x4096,256x512x8192,256x768x4096,256x1024x4096,256x1536x4096,320x512x4096,384x384x4096,384x512x8192,384x1024x4096,512x256x8192,512x768x4096,640x256x4096,768x512x4096
K=auto,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k256B_2wg_s4,wgmma:128x128_k128B_2wg_s6
timeout 200 python bench/kernel_times.py gemm $SHAPES --dtype bf16 --kernel $K --steps 20 --top 4 > $R/kt_nn.txt 2>&1
timeout 100 python bench/kernel_times.py gemm 256x1024x4096,384x384x4096,512x768x4096,768x512x4096 --layout nt --dtype bf16 --kernel $K --steps 20 --top 4 > $R/kt_nt.txt 2>&1
timeout 200 python bench/bench.py --dtypes bf16 --shapes $SHAPES --kernels $K --out $R/bf16_deepk_tiles_h100 > $R/bench_nn.txt 2>&1
python - > $R/summary.txt <<'PY'
import re
for path in ["/tmp/r4/kt_nn.txt", "/tmp/r4/kt_nt.txt"]:
    print("==", path)
    for line in open(path):
        m = re.match(r"== (tiledmm.gemm|torch.matmul) (\S+)(?: \((\S+)\))?: ([\d.]+)", line)
        if m: print(f"{m.group(2):>14} {(m.group(3) or 'cuBLAS'):>32} {m.group(4):>7}")
PY
tar czf $OUT/results.tgz -C /tmp r4
cat $R/summary.txt
grep -E "x .*bf16" $R/bench_nn.txt
