# Session 61 call 4 (call 3's build; since then comments only): compute-sanitizer memcheck over
# the planner's new 64x32 C^T stream (test_small_rows_on_c_transposed_tiles_results, both
# layouts); then 1-16 small rows against large weights (8192-16064 rows: more 64x32 C^T tiles
# than SMs), where call 3's controls ran skinny at 0.70-0.73x cuBLAS (nn 15 x 16064 x 9344):
# the plan against 64x32 C^T by name, nn and nt, 2 rounds in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s61/call4.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 240 compute-sanitizer --tool memcheck --error-exitcode 9 python -m pytest -q -x tests/test_skinny.py -k c_transposed_tiles_results > $R/memcheck.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -3 $R/memcheck.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8
S=1x11008x4096,8x11008x4096,13x11008x4096,16x11008x4096,8x14336x4096,16x14336x4096,1x16064x9344,8x16064x9344,15x16064x9344,13x14720x10688,16x8448x8192,16x9856x6400
timeout 150 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels auto,$CT --out $R/big_1 > $R/big_1.txt 2>&1; echo "big 1 rc=$? $SECONDS s"; save
timeout 150 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $CT,auto --out $R/big_2 > $R/big_2.txt 2>&1; echo "big 2 rc=$? $SECONDS s"; save
