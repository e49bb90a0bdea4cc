# Session 65 call 5 (candidate: the C^T configs lead into a stream -- programmatic launch, the
# first k-tiles of the weight prefetched into L2 before the wait, the next kernel placed from
# their start): full GPU suite; memcheck over the C^T results tests; decode stream, both
# layouts, M = 1, 8, 16, 32, the plan with the lead (on) and TILEDMM_CT_STREAM_LEAD=off (off),
# 2 rounds in opposite orders; 64x32 C^T by name at M = 16, on and off; the prefetch depth at M
# = 32 (TILEDMM_CT_LEAD_K_TILES=0 and 4; the default 2 is "on").
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s65/call5.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5; }
timeout 280 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8
d() { local name=$1; shift; timeout 60 env "$@" python bench/decode_stream.py --out $R/$name > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
d ds_on_1 X=1 --m 1,8,16,32
d ds_off_1 TILEDMM_CT_STREAM_LEAD=off --m 1,8,16,32
d ct16_on_1 X=1 --m 16 --kernel $CT
d ct16_off_1 TILEDMM_CT_STREAM_LEAD=off --m 16 --kernel $CT
d k0_1 TILEDMM_CT_LEAD_K_TILES=0 --m 32
d k4_1 TILEDMM_CT_LEAD_K_TILES=4 --m 32
d ct16_off_2 TILEDMM_CT_STREAM_LEAD=off --m 16 --kernel $CT
d ct16_on_2 X=1 --m 16 --kernel $CT
d ds_off_2 TILEDMM_CT_STREAM_LEAD=off --m 1,8,16,32
d ds_on_2 X=1 --m 1,8,16,32
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python -m pytest -q -x tests/test_skinny.py -k "small_rows_on_c_transposed_tiles_results or chain_of_products" > $R/memcheck.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -3 $R/memcheck.log
rm -f $R/*.png; save
