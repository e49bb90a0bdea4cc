# Session 50 call 4, the committed build (62f78d5): every 16-bit wgmma config by name on 14
# nn products whose row-major B sits off its sectors and is read in place (cfg_grid.py).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 500 python exp/s50/cfg_grid.py exp/s50/shapes_bgrid.json $R/bgrid.json > $R/bgrid.txt 2>&1; echo "grid rc=$? $SECONDS s"
cp exp/s50/cfg_grid.py exp/s50/shapes_bgrid.json exp/s50/dev4.sh $R/
tar czf $OUT/results.tgz -C /tmp r4
grep -v Warn $R/bgrid.txt | grep -v _warn
