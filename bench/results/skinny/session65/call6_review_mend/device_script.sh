# Session 65 call 6 (the review mend's build: the stream lead's PTX wrapper moved beside
# tma_load_2d, comments): the C^T, skinny, last-wave and runtime tests (streams, graphs); the
# decode stream at M = 16, both layouts.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; rm -rf $R; mkdir -p $R; cp exp/s65/call6.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r6; }
timeout 170 python -m pytest -q tests/test_c_transposed.py tests/test_skinny.py tests/test_last_wave_split.py tests/test_cuda_runtime.py > $R/pytest.log 2>&1; echo "tests rc=$? $SECONDS s"; tail -2 $R/pytest.log; save
timeout 30 python bench/decode_stream.py --m 16 --out $R/ds16 > $R/ds16.txt 2>&1; echo "ds rc=$? $SECONDS s"; rm -f $R/*.png; save
