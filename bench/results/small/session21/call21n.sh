cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/A && cp -r tiledmm /tmp/A/ && cp exp/so_prev/tiledmm/_C.abi3.so /tmp/A/tiledmm/
export PYTHONPATH=$PWD
SH=1536x1024x1024,1280x1024x1024,1152x1152x1152,1024x1536x1024,1500x1000x1000,1792x1024x1024,1024x1024x1024,1536x1024x4096,1536x1536x1024,1200x1200x1200,1100x1100x1100
for r in 1 2; do
  PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm $SH --dtype bf16 > $OUT/kt_planner_before_$r.txt 2>&1
  python3 bench/kernel_times.py gemm $SH --dtype bf16 > $OUT/kt_planner_after_$r.txt 2>&1
done
python3 bench/kernel_times.py gemm 1536x1024x1024,1500x1000x1000,1152x1152x1152 --dtype fp16 > $OUT/kt_planner_after_fp16.txt 2>&1
PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm 1536x1024x1024,1500x1000x1000,1152x1152x1152 --dtype fp16 > $OUT/kt_planner_before_fp16.txt 2>&1
for f in $OUT/kt_planner_*.txt; do echo "## $(basename $f)"; grep "^== tiledmm" $f | sed 's/ of kernels per step//'; done
grep "^== torch" $OUT/kt_planner_after_1.txt | sed 's/ of kernels per step//'
timeout 300 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -2 $OUT/pytest.log
