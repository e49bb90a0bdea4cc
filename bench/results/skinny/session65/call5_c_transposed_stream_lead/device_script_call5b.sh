# Session 65 call 5b (call 5's build; its decode-stream runs had their arguments in the wrong
# order): decode stream, both layouts, M = 1, 8, 16, 32, the plan with the C^T configs' stream
# lead (on) and with TILEDMM_CT_STREAM_LEAD=off (off), 2 rounds in opposite orders; 64x32 C^T by
# name at M = 16, on and off; the prefetch depth at M = 32 (TILEDMM_CT_LEAD_K_TILES=0 and 4; the
# default 2 is "on").
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5b; rm -rf $R; mkdir -p $R; cp exp/s65/call5b.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5b; }
CT=wgmma:64x32_ct_k256B_1wg_s8
d() { local name=$1 setting=$2; shift 2; timeout 60 env $setting python bench/decode_stream.py "$@" --out $R/$name > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
d ds_on_1 X=1 --m 1,8,16,32
d ds_off_1 TILEDMM_CT_STREAM_LEAD=off --m 1,8,16,32
d ct16_on_1 X=1 --m 16 --kernel $CT
d ct16_off_1 TILEDMM_CT_STREAM_LEAD=off --m 16 --kernel $CT
d k0_1 TILEDMM_CT_LEAD_K_TILES=0 --m 32
d k4_1 TILEDMM_CT_LEAD_K_TILES=4 --m 32
d ds_off_2 TILEDMM_CT_STREAM_LEAD=off --m 1,8,16,32
d ds_on_2 X=1 --m 1,8,16,32
rm -f $R/*.png; save
