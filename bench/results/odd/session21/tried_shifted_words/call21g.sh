cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/A && cp -r tiledmm /tmp/A/ && cp exp/so_prev/tiledmm/_C.abi3.so /tmp/A/tiledmm/
export PYTHONPATH=$PWD
timeout 240 python3 -m pytest -q -p no:logging tests/test_row_classes.py > $OUT/row_class_tests.txt 2>&1; tail -3 $OUT/row_class_tests.txt
SH=4097x4095x4093,4096x4096x4096,4095x4096x4093,4095x4095x4093
for r in 1 2; do
  PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm $SH --dtype bf16 > $OUT/kt_prev_$r.txt 2>&1
  python3 bench/kernel_times.py gemm $SH --dtype bf16 > $OUT/kt_words_$r.txt 2>&1
done
for f in $OUT/kt_*.txt; do echo "## $(basename $f)"; grep "^== tiledmm" $f | sed 's/ of kernels per step//'; done
for tool in memcheck racecheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool $tool --error-exitcode 1 python3 exp/rc_sanitize.py > $OUT/sanitize_words_$tool.txt 2>&1; echo "$tool rc=$?"; tail -1 $OUT/sanitize_words_$tool.txt
done
timeout 200 python3 bench/bench.py --dtypes bf16,fp16 --shapes 4096x4096x4096,4097x4095x4093 --out $OUT/odd_nn_words_h100 > $OUT/bench_odd_words.txt 2>&1; grep -E "^ +409|geomean" $OUT/bench_odd_words.txt
timeout 300 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -2 $OUT/pytest.log
