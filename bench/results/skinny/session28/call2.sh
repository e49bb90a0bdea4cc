# Session 28, call 2: skinny through per-thread cp.async rings (exp/soz/s28a.so.gz) against the
# committed build (A, exp/soz/s27c.so.gz, imported from its own tree): skinny tests, then the decode
# stream (graphs) and per-call clean/dirty timings, A, B, A, B; registers from the driver.
mkdir -p /tmp/A && cp -r bench tests tiledmm exp /tmp/A/ && gunzip -c exp/soz/s27c.so.gz > /tmp/A/tiledmm/_C.abi3.so
gunzip -c exp/soz/s28a.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
timeout 200 python -m pytest -q -x tests/test_skinny.py tests/test_linear.py -k "skinny or decode" > $OUT/pytest_skinny.log 2>&1; tail -2 $OUT/pytest_skinny.log
for r in 1 2; do
  (cd /tmp/A && PYTHONPATH=/tmp/A timeout 150 python bench/decode_stream.py --m 1,8,16,32 --reps 20 > $OUT/ds_A_$r.txt 2>&1)
  timeout 150 python bench/decode_stream.py --m 1,8,16,32 --reps 20 > $OUT/ds_B_$r.txt 2>&1
done
paste -d'\n' $OUT/ds_A_1.txt $OUT/ds_B_1.txt | grep -v "^copy" | sed -E 's/ \(8 weights\)//; s/rel err.*//' 
echo; paste -d'\n' $OUT/ds_A_2.txt $OUT/ds_B_2.txt | grep -v "^copy" | sed -E 's/ \(8 weights\)//; s/rel err.*//'
(cd /tmp/A && PYTHONPATH=/tmp/A timeout 200 python bench/bench_skinny.py --dtype bf16 --out $OUT/skinny_A > $OUT/bs_A.txt 2>&1)
timeout 200 python bench/bench_skinny.py --dtype bf16 --out $OUT/skinny_B > $OUT/bs_B.txt 2>&1
tail -40 $OUT/bs_B.txt
