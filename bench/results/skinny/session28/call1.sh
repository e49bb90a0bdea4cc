# Session 28, call 1: the committed build (exp/soz/s27c.so.gz): the decode-stream benchmark (graphs of
# distinct weights, tiledmm vs cuBLAS), and ncu on skinny 16x4096x4096 / 1x4096x4096 nt.
gunzip -c exp/soz/s27c.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv > $OUT/gpu.txt
timeout 240 python bench/decode_stream.py --out $OUT/decode_stream_bf16_h100 > $OUT/decode_stream.txt 2>&1; echo rc=$?
cat $OUT/decode_stream.txt
for s in "16 4096 4096 nt" "1 4096 4096 nt"; do
  set -- $s
  timeout 120 ncu --kernel-name regex:skinny --launch-skip 4 --launch-count 1 --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section LaunchStats --section SchedulerStats python exp/s28/one.py $s > $OUT/ncu_skinny_$1_$4.txt 2>&1
  timeout 120 ncu --kernel-name regex:gemv\|gemm\|Kernel --launch-skip 4 --launch-count 1 --section SpeedOfLight --section Occupancy --section LaunchStats python exp/s28/one.py $s > $OUT/ncu_cublas_$1_$4.txt 2>&1
done
grep -E "Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Stall|Issued Warp|No Eligible|Function Name|^  [a-z_]+.*\(" $OUT/ncu_*.txt | head -80
