# Session 28, call 5: the committed kernels (s27c) with this session's tests: test_skinny.py (K over
# 1 to 40 block steps for every config) and test_bench.py (the decode-stream benchmark's checks).
gunzip -c exp/soz/s27c.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
timeout 300 python -m pytest -q -rs tests/test_skinny.py tests/test_bench.py > $OUT/pytest_skinny_bench.log 2>&1; tail -3 $OUT/pytest_skinny_bench.log
