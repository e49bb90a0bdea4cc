cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/A && cp -r tiledmm /tmp/A/ && cp exp/so_prev/tiledmm/_C.abi3.so /tmp/A/tiledmm/
export PYTHONPATH=$PWD
SH=3000x1000x1000,2000x1000x1000,1536x1000x1000,1500x1000x1000,4096x1000x1000,1000x1000x1000,2000x1000x3000,1600x3000x1000,1600x3000x3000
for r in 1 2; do
  PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm $SH --dtype bf16 > $OUT/kt_sectors_head_$r.txt 2>&1
  python3 bench/kernel_times.py gemm $SH --dtype bf16 > $OUT/kt_sectors_new_$r.txt 2>&1
done
for f in $OUT/kt_sectors_*.txt; do echo "## $(basename $f)"; grep "^== tiledmm" $f | sed 's/ of kernels per step//'; done
grep "^== torch" $OUT/kt_sectors_new_1.txt | sed 's/ of kernels per step//'
timeout 300 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -2 $OUT/pytest.log
