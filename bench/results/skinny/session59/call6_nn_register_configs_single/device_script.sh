# Session 59 call 6 (call 4's build; its register configs are HEAD's): r32_w16_u1 (the
# planner's for a row-major weight whose 32-row blocks are no more than the SMs) against
# r32_w8_u2 at 9-16 small rows over more shapes, single products from a clean L2
# (bench_skinny.py), both orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; rm -rf $R; mkdir -p $R; cp exp/s59/call6.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r6; }
S=16x4096x4096,16x4096x8192,16x4096x11008,16x4096x14336,16x2048x8192,16x3072x8192,16x4096x28672,12x4096x11008,9x4096x14336,9x4096x4096,16x1024x8192
timeout 120 python bench/bench_skinny.py --layouts nn --shapes $S --kernels skinny:r32_w16_u1,skinny:r32_w8_u2 --out $R/bs_a > $R/bs_a.txt 2>&1; echo "a rc=$? $SECONDS s"; save
timeout 120 python bench/bench_skinny.py --layouts nn --shapes $S --kernels skinny:r32_w8_u2,skinny:r32_w16_u1 --out $R/bs_b > $R/bs_b.txt 2>&1; echo "b rc=$? $SECONDS s"; save
cat $R/bs_a.txt | tail -30
