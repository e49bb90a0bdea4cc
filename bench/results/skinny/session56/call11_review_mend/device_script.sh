# Session 56 call 11: the review mend (comment, test without the side-stream warm-up): test_skinny.py and the decode_stream tests.
# each reading the previous one's output (eager and graph-replayed), and the rest of test_skinny.py.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r11; mkdir -p $R; cp exp/s56/call10.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 150 python -m pytest -q -p no:cacheprovider tests/test_skinny.py tests/test_bench.py -k "skinny or chain or decode" > $R/pytest_skinny.log 2>&1; echo "pytest rc=$? $SECONDS s"
tar czf $OUT/results.tgz -C /tmp r11; tail -3 $R/pytest_skinny.log
