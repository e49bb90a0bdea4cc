set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
cp exp/so/tiledmm/_C.abi3.so tiledmm/; export PYTHONPATH=$PWD
python -m pytest -q -p no:logging -rs tests > $OUT/pytest.log 2>&1; tail -3 $OUT/pytest.log
for spec in memcheck:150 synccheck:100; do
  tool=${spec%%:*}; limit=${spec##*:}
  ( time PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout $limit compute-sanitizer --tool $tool --error-exitcode 1 python tests/sanitizer_workload.py simt classic16 ) > $OUT/sanitize_simt_$tool.log 2>&1
  echo "$tool rc=$?" >> $OUT/sanitize_summary.txt; tail -5 $OUT/sanitize_simt_$tool.log >> $OUT/sanitize_summary.txt
done
cat $OUT/sanitize_summary.txt
python bench/bench.py --dtypes fp32 --shapes all,3072x3072x3072,1536x1536x1536,8191x8193x8190 --out $OUT/fp32_session24_h100 > $OUT/fp32_session24_h100.txt 2>&1
tail -3 $OUT/fp32_session24_h100.txt
rm -f $OUT/*roofline.png
ls $OUT
