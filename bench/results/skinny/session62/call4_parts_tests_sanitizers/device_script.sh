# Session 62 call 4 (call 3's build; only tests changed): the split-tile tests with the C^T
# parts cases ragged as far as the rule takes them (call 3's K ended mid-line, off the rule's
# 128-byte lines, and those products ran skinny), the planner and explain tests, and
# compute-sanitizer memcheck and racecheck over the parts cases.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s62/call4.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 200 python -m pytest -q tests/test_last_wave_split.py tests/test_explain.py tests/test_skinny.py tests/test_skinny_staged.py > $R/pytest.log 2>&1; echo "tests rc=$? $SECONDS s"; tail -2 $R/pytest.log; save
timeout 150 compute-sanitizer --tool memcheck --leak-check no python exp/s62/sanitize_parts.py > $R/memcheck.txt 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -7 $R/memcheck.txt; save
timeout 200 compute-sanitizer --tool racecheck python exp/s62/sanitize_parts.py > $R/racecheck.txt 2>&1; echo "racecheck rc=$? $SECONDS s"; tail -3 $R/racecheck.txt; save
