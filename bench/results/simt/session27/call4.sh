# Session 27, call 4: the committed build (exp/soz/s27b.so.gz): the full GPU suite, then
# compute-sanitizer synccheck over the simt workload (float32, float64: the shuffles of the
# realigned store path).
gunzip -c exp/soz/s27b.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
( time timeout 380 python -m pytest -q -p no:logging -rs tests ) > $OUT/pytest_full.log 2>&1
tail -4 $OUT/pytest_full.log
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 170 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py simt > $OUT/synccheck_simt.log 2>&1; echo synccheck rc=$?
tail -4 $OUT/synccheck_simt.log
