# Session 27, call 7: build C (exp/soz/s27c.so.gz: C's rows realigned in the instances without an
# activation; the aligned path and the activation instances as HEAD) against HEAD's build A
# (exp/soz/new.so.gz, imported from its own tree): C-store tests, then ab.py (ragged and aligned
# neighbours, planner's choice) and ab2.py (aligned products per config, gemm and linear + bias),
# alternating A, C, A, C.
mkdir -p /tmp/A && cp -r bench tests tiledmm exp /tmp/A/ && gunzip -c exp/soz/new.so.gz > /tmp/A/tiledmm/_C.abi3.so
gunzip -c exp/soz/s27c.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
timeout 200 python -m pytest -q -x tests/test_gemm_correctness.py tests/test_linear.py tests/test_row_tail.py -k "cuda or simt or row_tail or epilogue" > $OUT/pytest_targeted_s27c.log 2>&1
tail -2 $OUT/pytest_targeted_s27c.log
S=2049x2047x2045,2048x2047x2045,2048x2048x2045,2048x2046x2048,2048x2048x2048,4097x4095x4093,4096x4095x4096,4096x4096x4096,3073x3071x3069,8191x8193x8190,1024x1023x1024,1000x1000x1000,2560x2560x2560
for r in 1 2; do
  (cd /tmp/A && PYTHONPATH=/tmp/A timeout 150 python exp/s27/ab.py $S > $OUT/ab_A_$r.txt 2>&1)
  timeout 150 python exp/s27/ab.py $S > $OUT/ab_B_$r.txt 2>&1
  (cd /tmp/A && PYTHONPATH=/tmp/A timeout 60 python exp/s27/ab2.py > $OUT/ab2_A_$r.txt 2>&1)
  timeout 60 python exp/s27/ab2.py > $OUT/ab2_C_$r.txt 2>&1
done
python exp/s27/ab_summary.py > $OUT/ab_summary_s27c.txt 2>&1; cat $OUT/ab_summary_s27c.txt
for f in $OUT/ab2_*; do echo "== $f"; cat $f; done
