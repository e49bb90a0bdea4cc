#!/usr/bin/env bash
# Session 36 call 14: ncu of the tensor pipe and of the gmma operand traffic through shared
# memory, ours (committed build) against cuBLAS, one launch each.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side2_s.patch.zst -o /tmp/new.so || exit 1
cp /tmp/new.so tiledmm/_C.abi3.so
cat > /tmp/one.py <<'PY'
import sys, torch, tiledmm
m, n, k = map(int, sys.argv[1].split("x"))
a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16); b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
for _ in range(3):
    tiledmm.gemm(a, b); torch.matmul(a, b)
torch.cuda.synchronize()
PY
M=gpu__time_duration.sum,sm__cycles_elapsed.avg,sm__pipe_tensor_cycles_active_realtime.avg.pct_of_peak_sustained_elapsed,sm__pipe_tensor_op_hmma_cycles_active_realtime.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_gmma.sum,l1tex__lsuin_requests_op_gmma.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_write.sum,smsp__inst_executed.sum
for s in 1024x1024x4096 1024x1024x1024 512x512x512 4096x4096x4096; do
  timeout 150 ncu --launch-skip 4 --launch-count 2 --metrics $M python /tmp/one.py $s > $R/ncu_gmma_$s.txt 2>&1; echo "ncu $s rc=$? $SECONDS s"
done
save
