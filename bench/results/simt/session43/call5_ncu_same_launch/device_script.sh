#!/bin/bash
# Session 43, call 5 (same measurement build): ncu on the simt kernel of 1024^3 (A = the first
# 1024 rows of a 1025-row tensor) and of 1025x1024x1024 (its first band): launch statistics,
# speed of light, scheduler and warp-state statistics. Are the launches the same?
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r5; mkdir -p $R
cat > /tmp/one.py <<'PY'
import sys, torch, tiledmm
a = torch.randn(1025, 1024, device="cuda"); b = torch.randn(1024, 1024, device="cuda")
x = a[:1024] if sys.argv[1] == "1024" else a
for _ in range(3):
    tiledmm.gemm(x, b)
torch.cuda.synchronize()
torch.cuda.cudart().cudaProfilerStart()
tiledmm.gemm(x, b)
torch.cuda.synchronize()
torch.cuda.cudart().cudaProfilerStop()
PY
for rows in 1024 1025; do
  timeout 120 ncu --profile-from-start off -k regex:simt --section LaunchStats --section SpeedOfLight --section Occupancy \
     --section SchedulerStats --section WarpStateStats --section MemoryWorkloadAnalysis python /tmp/one.py $rows > $R/ncu_$rows.txt 2>&1
  echo "$rows rc=$?"
  timeout 120 ncu --profile-from-start off -k regex:simt --cache-control none --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,smsp__cycles_active.avg,launch__grid_size,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active python /tmp/one.py $rows > $R/ncu_nocache_$rows.txt 2>&1
done
cp exp/s43/call5.sh $R/device_script.sh
tar czf $OUT/results.tgz -C /tmp r5
for rows in 1024 1025; do echo "######## $rows"; grep -E "Duration|Grid Size|Registers|Dynamic Shared|Block Size|Elapsed Cycles|SM Frequency|DRAM Throughput|Memory Throughput|Compute \(SM\)|Issue Slots Busy|No Eligible|Warp Cycles Per Issued|Achieved Occupancy|L2 Hit|L1/TEX Hit" $R/ncu_$rows.txt; grep -E "gpu__time|sm__cycles|launch__|dram__|lts__|smsp__cycles|warps_active" $R/ncu_nocache_$rows.txt; done
