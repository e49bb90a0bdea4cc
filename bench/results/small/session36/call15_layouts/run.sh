#!/usr/bin/env bash
# Session 36 call 15: layouts nn (B MN-major in shared memory) against nt (B K-major) for the
# 128x64 tile, kernel times and ncu smem-pipe busy, committed build.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side2_s.patch.zst -o /tmp/new.so || exit 1
cp /tmp/new.so tiledmm/_C.abi3.so
SH=768x768x768,1024x1024x1024,1024x1024x4096,512x512x512
for round in 1 2; do
  for l in nn nt; do
    timeout 60 python bench/kernel_times.py gemm $SH --layout $l --top 3 > $R/kt_${l}_$round.txt 2>&1; echo "kt $l rc=$? $SECONDS s"
  done
done
cat > /tmp/one.py <<'PY'
import sys, torch, tiledmm
m, n, k = map(int, sys.argv[1].split("x"))
a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if sys.argv[2] == "nt" else torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
for _ in range(3):
    tiledmm.gemm(a, b); torch.matmul(a, b)
torch.cuda.synchronize()
PY
M=gpu__time_duration.sum,sm__cycles_elapsed.avg,l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum
for l in nn nt; do
  timeout 100 ncu --launch-skip 4 --launch-count 2 --metrics $M python /tmp/one.py 1024x1024x4096 $l > $R/ncu_$l.txt 2>&1; echo "ncu $l rc=$? $SECONDS s"
done
save
