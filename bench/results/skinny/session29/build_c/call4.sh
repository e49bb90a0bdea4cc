# Session 29 call 4 (build s29c = the committed code): full GPU suite, compute-sanitizer over skinny.
gunzip -c exp/soz/s29c.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
timeout 420 python -m pytest -q -p no:logging -rs tests > $OUT/pytest_full.log 2>&1; echo "pytest rc=$?"; tail -4 $OUT/pytest_full.log
for tool in memcheck racecheck synccheck; do
  timeout 50 compute-sanitizer --tool $tool --error-exitcode 1 python tests/sanitizer_workload.py skinny > $OUT/sanitizer_skinny_$tool.log 2>&1; echo "$tool rc=$?"; tail -2 $OUT/sanitizer_skinny_$tool.log
done
