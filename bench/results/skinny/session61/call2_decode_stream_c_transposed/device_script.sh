# Session 61 call 2 (HEAD d782b06's kernels): call 1 found wgmma's 64x32 C^T tiles (by name)
# faster than skinny's plans at 16-32 small rows from ~2048 large rows (single products, clean
# L2). Here the decode stream (graphs of 8+ products, decode_stream.py), plan against 64x32 C^T
# by name, M = 1/8/16/32, both layouts, 2 rounds in opposite orders; and single products at
# M = 1 and 8 (bench_skinny.py, 2 rounds).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s61/call2.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r2; }
CT=wgmma:64x32_ct_k256B_1wg_s8
timeout 150 python bench/decode_stream.py --out $R/ds_plan_1 > $R/ds_plan_1.txt 2>&1; echo "ds plan 1 rc=$? $SECONDS s"; save
timeout 150 python bench/decode_stream.py --kernel $CT --out $R/ds_ct_1 > $R/ds_ct_1.txt 2>&1; echo "ds ct 1 rc=$? $SECONDS s"; save
timeout 150 python bench/decode_stream.py --kernel $CT --out $R/ds_ct_2 > $R/ds_ct_2.txt 2>&1; echo "ds ct 2 rc=$? $SECONDS s"; save
timeout 150 python bench/decode_stream.py --out $R/ds_plan_2 > $R/ds_plan_2.txt 2>&1; echo "ds plan 2 rc=$? $SECONDS s"; save
S=1x1024x4096,1x2048x4096,1x3072x4096,1x2048x8192,1x3072x8192,8x1024x4096,8x2048x4096,8x3072x4096,8x2048x8192,8x3072x8192,1x4096x4096,8x4096x4096
timeout 150 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels auto,$CT --out $R/ws_1 > $R/ws_1.txt 2>&1; echo "ws 1 rc=$? $SECONDS s"; save
timeout 150 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $CT,auto --out $R/ws_2 > $R/ws_2.txt 2>&1; echo "ws 2 rc=$? $SECONDS s"; save
