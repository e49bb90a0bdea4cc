export PYTHONPATH=$PWD
cp exp/so/tiledmm/_C.abi3.so tiledmm/
M="gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,l1tex__m_xbar2l1tex_read_bytes.sum,lts__t_bytes.sum,dram__bytes_read.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__cluster_dim_x,launch__cluster_dim_y,launch__block_size,sm__cycles_active.avg"
for s in "768 768 768" "1024 1024 1024" "512 512 512"; do
  for who in auto torch; do
    if [ $who = torch ]; then K="regex:nvjet"; else K="regex:wgmma_gemm"; fi
    echo "=== $s $who"
    ncu -k $K --launch-skip 2 --launch-count 1 --metrics $M python3 bench/profile_one.py $s bfloat16 nn $( [ $who = torch ] && echo torch ) 2>&1 | grep -E "^\s+(gpu__|sm__|l1tex__|lts__|dram__|launch__)" 
  done
done > $OUT/ncu_small_feed_bf16_h100.txt 2>&1
cat $OUT/ncu_small_feed_bf16_h100.txt
