# Session 27, call 3: the realigned-C build (exp/soz/s27b.so.gz: bias + activation applied once in
# the accumulators, then either store path) against HEAD's (exp/soz/new.so.gz, imported from its own
# copy of the tree): the C-store tests, then exp/s27/ab.py alternating A, B, A, B.
set -x
mkdir -p /tmp/A && cp -r bench tests tiledmm exp /tmp/A/ && gunzip -c exp/soz/new.so.gz > /tmp/A/tiledmm/_C.abi3.so
gunzip -c exp/soz/s27b.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv > $OUT/gpu.txt
timeout 200 python -m pytest -q -x tests/test_gemm_correctness.py tests/test_linear.py tests/test_row_tail.py -k "cuda or simt or row_tail or epilogue" > $OUT/pytest_targeted.log 2>&1
tail -2 $OUT/pytest_targeted.log
S=2049x2047x2045,2048x2047x2045,2048x2048x2045,2048x2046x2048,2048x2048x2048,4097x4095x4093,4096x4095x4096,4096x4096x4096,3073x3071x3069,8191x8193x8190,1024x1023x1024,1000x1000x1000,512x511x512
for r in 1 2; do
  (cd /tmp/A && PYTHONPATH=/tmp/A timeout 150 python exp/s27/ab.py $S > $OUT/ab_A_$r.txt 2>&1)
  timeout 150 python exp/s27/ab.py $S > $OUT/ab_B_$r.txt 2>&1
done
python exp/s27/ab_summary.py > $OUT/ab_summary.txt 2>&1; cat $OUT/ab_summary.txt
