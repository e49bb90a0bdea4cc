# Session 63 call 5 (HEAD b1b11d6's build, the final planner): full GPU suite; call 1's survey
# (48 random small-row products) again, the plan against cuBLAS, one round; the decode stream.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s63/call5.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5; }
timeout 300 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
SN=3x20816x8520,44x4792x1552,37x18472x8632,3x3424x7216,7x22600x4512,18x5168x3544,19x8000x2080,63x17472x2112,48x5728x2648,17x1312x12016,41x22584x1680,4x21976x5944,26x5112x8688,19x3472x4264,9x11904x9472,30x21432x1768,11x1936x5704,56x16288x2024,1x6144x15024,1x18576x7784,43x5456x3432,48x6592x15064,37x11280x5184,17x21872x8120
ST=12x16080x15848,19x24416x15920,23x256x1032,29x5344x9608,13x12904x1312,4x20432x4600,9x11440x9928,28x11104x8088,5x17880x4000,9x16968x5768,12x23088x1192,16x22584x12176,24x8456x560,17x13832x904,11x21464x7560,21x13496x10640,5x6896x14648,53x4224x288,14x8048x13768,9x20688x2224,8x14712x3752,38x10864x2768,4x608x6488,12x3944x16280
b() { timeout 170 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nn $SN auto survey_nn
b nt $ST auto survey_nt
timeout 100 python bench/decode_stream.py --out $R/ds_plan > $R/ds_plan.txt 2>&1; echo "ds rc=$? $SECONDS s"; save
