set -x
cp exp/so/tiledmm/_C.abi3.so tiledmm/; export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
ncu --version | tail -1
for s in 4096x4095x4096 4096x4094x4096; do
  ncu --kernel-name regex:wgmma_gemm_kernel --launch-skip 2 --launch-count 1 \
    --section SourceCounters --section WarpStateStats --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_write.sum,lts__t_requests_op_write.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_global_st.sum,smsp__inst_executed.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum \
    -o $OUT/ncu_$s python exp/s23/ncu_one.py $s > $OUT/log_$s.txt 2>&1
  ncu -i $OUT/ncu_$s.ncu-rep --page source --csv --print-source sass > $OUT/src_$s.csv 2>&1
  ncu -i $OUT/ncu_$s.ncu-rep --page details > $OUT/details_$s.txt 2>&1
  ls -la $OUT
done
gzip $OUT/src_*.csv
