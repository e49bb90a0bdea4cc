gunzip -c exp/soz/s25d.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
( time PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 500 compute-sanitizer --tool racecheck --error-exitcode 1 python tests/sanitizer_workload.py simt ) > $OUT/racecheck_simt.log 2>&1 &
( time PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 500 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py simt mma ) > $OUT/synccheck_simt_mma.log 2>&1 &
wait
for f in $OUT/racecheck_simt.log $OUT/synccheck_simt_mma.log; do echo "== $f"; grep "checked launches\|ERROR SUMMARY\|RACECHECK SUMMARY\|real" $f; done
