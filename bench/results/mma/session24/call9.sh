set -x
gunzip -c exp/soz/new.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
( time PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 560 compute-sanitizer --tool racecheck --error-exitcode 1 python tests/sanitizer_workload.py mma ) > $OUT/sanitize_mma_racecheck.log 2>&1
echo "racecheck rc=$?"; tail -6 $OUT/sanitize_mma_racecheck.log
