# Session 62 call 1: wgmma's 64x32 C^T tiles cut along K into a head and tails (a block each,
# the head adding the tails' 8 KB of partial sums in a fixed order), forced by
# TILEDMM_CT_PARTS. The split-tile tests and a check of ragged products in 2-8 parts
# (float64, poisoned output and workspace, bitwise repeats); single products of 1-32 rows x
# 1024-4096 rows x K 4096/8192 (16-64 tiles) in 1, 2, 4, 8 parts against the plan and cuBLAS,
# 2 rounds in opposite orders; the decode stream on C^T tiles whole and in 2 parts.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s62/call1.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r1; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt 2>&1
for p in 2 3 5 8; do TILEDMM_CT_PARTS=$p timeout 60 python exp/s62/check_parts.py >> $R/check.txt 2>&1; echo "check $p rc=$?"; done; tail -1 $R/check.txt
timeout 200 python -m pytest -q tests/test_last_wave_split.py tests/test_c_transposed.py tests/test_skinny.py tests/test_moved_tiles.py > $R/pytest_split.log 2>&1; echo "tests rc=$? $SECONDS s"; tail -2 $R/pytest_split.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8
S=1x1024x4096,8x1024x4096,16x1024x4096,32x1024x4096,1x2048x4096,8x2048x4096,16x2048x4096,32x2048x4096,1x4096x4096,8x4096x4096,16x4096x4096,32x4096x4096,1x1024x8192,8x1024x8192,16x1024x8192,32x1024x8192,1x2048x8192,8x2048x8192,16x2048x8192,32x2048x8192,1x4096x8192,8x4096x8192,16x4096x8192,32x4096x8192
b() { timeout 120 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $2 --out $R/$1 > $R/$1.txt 2>&1; echo "$1 rc=$? $SECONDS s"; save; }
b base_1 auto,$CT
TILEDMM_CT_PARTS=2 b p2_1 $CT
TILEDMM_CT_PARTS=4 b p4_1 $CT
TILEDMM_CT_PARTS=8 b p8_1 $CT
TILEDMM_CT_PARTS=8 b p8_2 $CT
TILEDMM_CT_PARTS=4 b p4_2 $CT
TILEDMM_CT_PARTS=2 b p2_2 $CT
b base_2 $CT,auto
d() { timeout 100 python bench/decode_stream.py $2 --out $R/$1 > $R/$1.txt 2>&1; echo "$1 rc=$? $SECONDS s"; save; }
d ds_plan ""
d ds_ct "--kernel $CT"
TILEDMM_CT_PARTS=2 d ds_ct_p2 "--kernel $CT"
TILEDMM_CT_PARTS=2 d ds_ct_p2b "--kernel $CT"
d ds_ctb "--kernel $CT"
