# Session 29 call 8 (build s29d = the committed code: prefetch only for grids of one wave): full GPU suite, sanitizers over skinny, the decode stream both ways.
gunzip -c exp/soz/s29d.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv > $OUT/gpu.txt
timeout 200 python -m pytest -q -p no:logging -rs tests > $OUT/pytest_full.log 2>&1; echo "pytest rc=$?"; tail -1 $OUT/pytest_full.log
timeout 150 python bench/decode_stream.py --out $OUT/r/decode_stream_bf16_h100 > $OUT/decode_stream.txt 2>&1; echo "ds rc=$?"
timeout 120 python bench/decode_stream.py --m 1,8,16 --between write-x --out $OUT/r/decode_stream_write_x_bf16_h100 > $OUT/decode_stream_write_x.txt 2>&1; echo "dsx rc=$?"
cat $OUT/decode_stream.txt $OUT/decode_stream_write_x.txt | sed -E 's/ \(8 weights\)//; s/rel err [^|]*//; s/write_x \+ product //'
for tool in memcheck synccheck; do
  timeout 60 compute-sanitizer --tool $tool --error-exitcode 1 python tests/sanitizer_workload.py skinny > $OUT/sanitizer_skinny_$tool.log 2>&1; echo "$tool rc=$?"; tail -1 $OUT/sanitizer_skinny_$tool.log
done
