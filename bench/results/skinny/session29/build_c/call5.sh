# Session 29 call 5 (build s29c = the committed code): racecheck over skinny; the decode stream, back to back and with write_x between.
gunzip -c exp/soz/s29c.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv > $OUT/gpu.txt
timeout 150 python bench/decode_stream.py --out $OUT/r/decode_stream_bf16_h100 > $OUT/decode_stream.txt 2>&1; echo "ds rc=$?"
timeout 150 python bench/decode_stream.py --m 1,8,16 --between write-x --out $OUT/r/decode_stream_write_x_bf16_h100 > $OUT/decode_stream_write_x.txt 2>&1; echo "dsx rc=$?"
cat $OUT/decode_stream.txt $OUT/decode_stream_write_x.txt | sed -E 's/ \(8 weights\)//; s/rel err [^|]*//'
timeout 250 compute-sanitizer --tool racecheck --error-exitcode 1 python tests/sanitizer_workload.py skinny > $OUT/sanitizer_skinny_racecheck.log 2>&1; echo "racecheck rc=$?"; tail -2 $OUT/sanitizer_skinny_racecheck.log
