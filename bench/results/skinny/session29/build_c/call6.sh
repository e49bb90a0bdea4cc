# Session 29 call 6 (build s29c): the nn decode stream again (8x11008x4096 read 77.9% in call 5, 91-92% in calls 2-3); racecheck over skinny (bf16).
gunzip -c exp/soz/s29c.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
for r in 1 2; do timeout 100 python bench/decode_stream.py --m 1,8,16 --layouts nn --reps 20 > $OUT/ds_nn_$r.txt 2>&1; done
cat $OUT/ds_nn_*.txt | sed -E 's/ \(8 weights\)//; s/rel err [^|]*//'
timeout 480 compute-sanitizer --tool racecheck --error-exitcode 1 python tests/sanitizer_workload.py skinny dtype=bfloat16 > $OUT/sanitizer_skinny_racecheck.log 2>&1; echo "racecheck rc=$?"; tail -2 $OUT/sanitizer_skinny_racecheck.log
