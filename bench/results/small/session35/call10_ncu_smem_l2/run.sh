#!/usr/bin/env bash
# Session 35 call 10: ncu of the small k-tile's shared-memory side (committed build): data-bank
# reads/writes (TMA writes, wgmma operand reads) and the tensor pipe, ours against cuBLAS.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/head.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/head.so exp/plan2_s.patch.zst -o /tmp/new.so || exit 1
cp /tmp/new.so tiledmm/_C.abi3.so
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
ncu --query-metrics --chip gh100 2>&1 | grep -E "^(l1tex__data_bank|l1tex__data_pipe|sm__pipe_tensor|smsp__pipe_tensor|l1tex__m_|sm__memory_throughput|l1tex__throughput|lts__t_bytes)" > $R/metrics_list.txt; echo "query rc=$? $(wc -l < $R/metrics_list.txt)"
M=gpu__time_duration.sum,sm__cycles_elapsed.avg,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_writes.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_reads.sum,l1tex__data_bank_writes.sum,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_bytes.sum
for shape in "1024 1024 1024" "1024 1024 4096" "768 768 768" "4096 4096 4096"; do
  tag=${shape// /x}
  timeout 120 ncu -k regex:wgmma_gemm --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py $shape bfloat16 nn > $R/ncu_${tag}_ours.txt 2>&1; echo "ncu ours $tag rc=$? $SECONDS s"
  timeout 120 ncu -k regex:nvjet --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py $shape bfloat16 nn torch > $R/ncu_${tag}_cublas.txt 2>&1; echo "ncu cublas $tag rc=$? $SECONDS s"
  save
done
