# Session 62 call 6: the candidate planner: the C^T rules take operands whose lines start off
# 32-byte sectors or 128-byte lines (TMA-aligned). Full GPU suite; 24 random nn products (M
# 17-32 x N 968-16376 x K 1024-16376; M 9-16 x N 2816-8440; M 1-16 x N 12736-24000) with the
# weight's lines off 128-byte lines, and 8 nt (M 17-32, K off 64), the plan against
# kernel="skinny" (the old plan) and cuBLAS, 2 rounds in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; rm -rf $R; mkdir -p $R; cp exp/s62/call6.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r6; }
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
NN=18x7144x3816,19x15152x7184,18x1616x15432,20x11784x5312,26x15088x14192,20x13904x5880,23x1928x14632,29x10336x7416,27x11976x10968,27x2704x13632,19x1392x16344,32x15600x4560,9x2952x9056,16x8416x5992,15x3248x9176,13x8160x9504,15x7448x7720,10x4408x5808,3x17192x4288,14x12888x4776,5x16968x10920,8x13176x11376,8x14736x7384,16x19568x5032
NT=19x3016x14872,30x6600x6832,29x11144x13976,21x5256x13496,30x13576x14056,27x15816x1784,22x6088x13968,25x13064x6448
b() { timeout 150 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nn $NN auto,skinny nn_1
b nt $NT auto,skinny nt_1
b nt $NT skinny,auto nt_2
b nn $NN skinny,auto nn_2
