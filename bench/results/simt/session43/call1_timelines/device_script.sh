#!/bin/bash
# Session 43, call 1 (HEAD 806f29d's build): do_bench-like timelines (flush, then the call)
# of the fp32 products with and without the B copy / rows beside; odd_ratio for reference.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r1; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $R/gpu.txt
python bench/timeline.py 1024x1024x1024,1025x1023x1021,1024x1023x1021,1024x1024x1021,1025x1024x1024 --dtype fp32 > $R/timeline.txt 2>&1
TILEDMM_ROW_TAIL=off python bench/timeline.py 1025x1023x1021 --dtype fp32 > $R/timeline_off.txt 2>&1
python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 3 > $R/odd_ratio.txt 2>&1
python - > $R/dobench.txt 2>&1 <<'PY'
import torch, tiledmm
from tiledmm._timing import median_ms
for s in ["1024x1024x1024","1025x1023x1021","1024x1023x1021","1024x1024x1021","1025x1024x1024"]:
    m,n,k = map(int, s.split("x"))
    a = torch.randn(m,k,device="cuda"); b = torch.randn(k,n,device="cuda")
    print(s, "tiledmm %.1f us" % (1e3*median_ms(lambda: tiledmm.gemm(a,b), "cuda")), "cublas %.1f us" % (1e3*median_ms(lambda: torch.matmul(a,b), "cuda")))
PY
cp exp/s43/call1.sh $R/device_script.sh
tar czf $OUT/results.tgz -C /tmp r1
cat $R/timeline.txt $R/timeline_off.txt $R/odd_ratio.txt $R/dobench.txt
