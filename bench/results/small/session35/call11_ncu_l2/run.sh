#!/usr/bin/env bash
# Session 35 call 11: L2 throughput of small products (committed build) against cuBLAS.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/head.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/head.so exp/plan2_s.patch.zst -o /tmp/new.so || exit 1
cp /tmp/new.so tiledmm/_C.abi3.so
ncu --query-metrics --chip gh100 2>&1 | grep -E "^(lts__t|lts__throughput|lts__d|l1tex__m_xbar2l1tex)" > $R/metrics_list_lts.txt
M=gpu__time_duration.sum,sm__cycles_elapsed.avg,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__m_xbar2l1tex_read_bytes.sum,lts__t_sector_hit_rate.pct
for shape in "1024 1024 1024" "1024 1024 4096" "768 768 768"; do
  tag=${shape// /x}
  timeout 120 ncu -k regex:wgmma_gemm --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py $shape bfloat16 nn > $R/ncu_${tag}_ours.txt 2>&1; echo "ncu ours $tag rc=$? $SECONDS s"
  timeout 120 ncu -k regex:nvjet --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py $shape bfloat16 nn torch > $R/ncu_${tag}_cublas.txt 2>&1; echo "ncu cublas $tag rc=$? $SECONDS s"
  save
done
