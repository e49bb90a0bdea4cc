# Session 64 call 6 (candidate: 17-32 rows whose 64x32 C^T tiles would leave a short last wave
# at K under 4 KB per row on 128x96 C^T tiles in one wave): full GPU suite; random products out
# of sample, the plan (128x96) against 64x32 C^T by name (the old plan, its last wave cut where
# it was), 2 rounds in opposite orders: on / ot (12 bf16 each, nn / nt), oh (6 fp16 nt).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; rm -rf $R; mkdir -p $R; cp exp/s64/call6.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r6; }
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8
ON=32x12336x1720,22x9992x1072,22x10744x456,22x10256x1360,21x11264x1560,32x9224x840,26x12160x1800,17x12352x1448,17x9744x1032,23x10672x664,31x9344x1584,32x8536x1352
OT=26x8704x1648,20x12104x608,30x10096x1520,24x12008x464,23x9896x808,25x10320x1032,17x9584x1744,19x8568x1136,31x12120x656,26x11616x1048,26x9144x1768,20x8896x672
OH=30x10112x1152,20x12552x1808,32x8672x720,26x10920x1840,25x8488x760,31x11264x1064
b() { timeout 60 python bench/bench_skinny.py --layouts $1 --dtype $2 --shapes $3 --kernels $4 --out $R/$5 > $R/$5.txt 2>&1; echo "$5 rc=$? $SECONDS s"; save; }
b nn bf16 $ON auto,$CT on_1
b nt bf16 $OT auto,$CT ot_1
b nt fp16 $OH auto,$CT oh_1
b nt fp16 $OH $CT,auto oh_2
b nt bf16 $OT $CT,auto ot_2
b nn bf16 $ON $CT,auto on_2
