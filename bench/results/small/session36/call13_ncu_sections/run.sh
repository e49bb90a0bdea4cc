#!/usr/bin/env bash
# Session 36 call 13: ncu of one 128x64 launch (committed build) against cuBLAS's: which metrics
# exist for the tensor (gmma) and shared-memory pipes, then the compute and memory sections.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side2_s.patch.zst -o /tmp/new.so || exit 1
cp /tmp/new.so tiledmm/_C.abi3.so
ncu --query-metrics 2>/dev/null | grep -i "gmma\|tensor\|shared\|smem" > $R/metrics_available.txt; echo "query rc=$?"
cat > /tmp/one.py <<'PY'
import sys, torch, tiledmm
m, n, k = map(int, sys.argv[1].split("x"))
a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16); b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
for _ in range(3):
    tiledmm.gemm(a, b); torch.matmul(a, b)
torch.cuda.synchronize()
PY
for s in 1024x1024x4096 512x512x512; do
  timeout 150 ncu --launch-skip 4 --launch-count 2 --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section InstructionStats --section WarpStateStats python /tmp/one.py $s > $R/ncu_sections_$s.txt 2>&1; echo "ncu $s rc=$? $SECONDS s"
done
save
