cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/A && cp -r tiledmm /tmp/A/ && cp exp/so_prev/tiledmm/_C.abi3.so /tmp/A/tiledmm/
export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name --format=csv,noheader
SH=4097x4095x4093,4096x4095x4096,4097x4094x4093,4097x4096x4093,4096x4096x4096,1000x999x1000,2049x2047x2048,3000x1000x1000
K=$OUT/kt_ab.txt
for r in 1 2; do
  echo "#### head $r" >> $K; PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm $SH --dtype bf16 >> $K 2>&1
  echo "#### new $r" >> $K; python3 bench/kernel_times.py gemm $SH --dtype bf16 >> $K 2>&1
done
for r in 1 2; do
  echo "#### head direct $r" >> $K; TILEDMM_WGMMA_STORES=direct PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm 4096x4096x4096,4096x4094x4096 --dtype bf16 >> $K 2>&1
  echo "#### new direct $r" >> $K; TILEDMM_WGMMA_STORES=direct python3 bench/kernel_times.py gemm 4096x4096x4096,4096x4094x4096 --dtype bf16 >> $K 2>&1
  echo "#### head tf32 $r" >> $K; PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm 4096x4095x4096,4096x4096x4096 --dtype tf32 >> $K 2>&1
  echo "#### new tf32 $r" >> $K; python3 bench/kernel_times.py gemm 4096x4095x4096,4096x4096x4096 --dtype tf32 >> $K 2>&1
done
grep "^####\|^== tiledmm\|wgmma_gemm_kernel" $K | sed 's/ of kernels per step//' | cut -c1-90
ncu --kernel-name regex:wgmma_gemm_kernel --launch-skip 2 --launch-count 1 --section SourceCounters --section SpeedOfLight \
    --metrics smsp__inst_executed.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_global_st.sum \
    -o /tmp/ncu_new python exp/s23/ncu_one.py 4096x4095x4096 > /dev/null 2>&1
ncu -i /tmp/ncu_new.ncu-rep --page source --csv --print-source sass | gzip > $OUT/src_new_4096x4095x4096.csv.gz
ncu -i /tmp/ncu_new.ncu-rep --page details > $OUT/details_new_4096x4095x4096.txt
timeout 290 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -2 $OUT/pytest.log
