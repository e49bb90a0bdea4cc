# Session 61 call 9: the planner split into one file per family (plans byte-identical over
# 360,000 random problems locally): the full GPU suite on this exact build.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
cp exp/s61/call9.sh $OUT/device_script.sh
timeout 185 python -m pytest -q tests > $OUT/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -1 $OUT/pytest_full.log
