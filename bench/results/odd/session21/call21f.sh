cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/A && cp -r tiledmm /tmp/A/ && cp exp/so_head/tiledmm/_C.abi3.so /tmp/A/tiledmm/
export PYTHONPATH=$PWD
timeout 240 python3 -m pytest -q -p no:logging tests/test_row_classes.py > $OUT/row_class_tests.txt 2>&1; tail -4 $OUT/row_class_tests.txt
for tool in memcheck racecheck synccheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool $tool --error-exitcode 1 python3 exp/rc_sanitize.py > $OUT/sanitize_row_classes_$tool.txt 2>&1; echo "$tool rc=$?"; tail -2 $OUT/sanitize_row_classes_$tool.txt
done
SH=4097x4095x4093,4096x4096x4096,1000x1000x1000,1024x1024x1024,2049x2048x2047,4088x4096x4088,2040x2048x2040,4095x4096x4093
for r in 1 2; do
  PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm $SH --dtype bf16 > $OUT/kt_head_$r.txt 2>&1
  python3 bench/kernel_times.py gemm $SH --dtype bf16 > $OUT/kt_new_$r.txt 2>&1
done
for f in $OUT/kt_*.txt; do echo "## $(basename $f)"; grep "^== tiledmm" $f | sed 's/ of kernels per step//'; done
grep "^== torch" $OUT/kt_new_1.txt
timeout 200 python3 bench/bench.py --dtypes bf16,fp16 --shapes 4096x4096x4096,4097x4095x4093,1000x1000x1000,1000x1000x999 --out $OUT/odd_nn_session21_h100 > $OUT/bench_odd.txt 2>&1; tail -12 $OUT/bench_odd.txt
timeout 300 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -3 $OUT/pytest.log
