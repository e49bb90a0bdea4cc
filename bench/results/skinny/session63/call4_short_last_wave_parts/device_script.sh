# Session 63 call 4 (candidate: a short last wave of 64x32 / 64x80 C^T tiles cut into parts,
# c_transposed_last_wave_parts): full GPU suite; compute-sanitizer memcheck over the new
# results tests; each product with the split and with TILEDMM_SPLIT_LAST_WAVE=off (2 rounds in
# opposite orders): SA, off-line weights at 1-16 rows whose 64x32 C^T tiles leave a short second
# wave (133-165 tiles; the plan is skinny there), C^T by name; SB / SC, plans on 64x32 / 64x80 C^T
# whose last wave is now cut.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s63/call4.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 300 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
timeout 150 compute-sanitizer --tool memcheck python -m pytest -q tests/test_skinny.py -k "c_transposed_tiles_results and (24x8960 or 20x10000 or 40x17000 or 13x1560)" > $R/memcheck.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -3 $R/memcheck.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8
SA=2x10208x1784,16x8456x3160,9x8696x8104,15x9512x8696,7x10080x15216,8x9008x14632,4x8848x15808,3x10128x13040,10x10088x9744,13x9072x8328
SBN=31x10936x15072,20x19072x7008,27x8520x11904,20x19288x6768,23x9296x7736
SBT=23x11248x15184,20x10552x14008,32x8528x14656,23x9344x13768,32x10976x10496
SCN=47x18184x14312,45x19632x4016,40x18896x12000,42x18920x14384
SCT=37x17960x9744,55x18424x14304,33x18520x9800,54x18432x9192
b() { timeout 150 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
off() { TILEDMM_SPLIT_LAST_WAVE=off b "$@"; }
b nn $SA auto,$CT sa_1
off nn $SA $CT saoff_1
b nn $SBN,$SCN auto bn_1
off nn $SBN,$SCN auto bnoff_1
b nt $SBT,$SCT auto bt_1
off nt $SBT,$SCT auto btoff_1
off nt $SBT,$SCT auto btoff_2
b nt $SBT,$SCT auto bt_2
off nn $SBN,$SCN auto bnoff_2
b nn $SBN,$SCN auto bn_2
off nn $SA $CT saoff_2
b nn $SA $CT,auto sa_2
