# Session 27, call 2a: first realigned-C build (s27a, epilogue applied per element in each store path):
# the C-store tests, then exp/s27/ab.py on ragged shapes beside their aligned neighbours (one build).
set -x
gunzip -c exp/soz/s27a.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
timeout 200 python -m pytest -q -x tests/test_gemm_correctness.py tests/test_linear.py tests/test_row_tail.py -k "cuda or simt or row_tail or epilogue" > $OUT/pytest_targeted_s27a.log 2>&1
tail -3 $OUT/pytest_targeted_s27a.log
S=2049x2047x2045,2048x2047x2045,2048x2048x2045,2048x2046x2048,2048x2048x2048,4097x4095x4093,4096x4095x4096,4096x4096x4096
timeout 150 python exp/s27/ab.py $S 2>&1 | tee $OUT/ab_s27a.txt
