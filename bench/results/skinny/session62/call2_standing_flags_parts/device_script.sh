# Session 62 call 2: the split last wave's flags stand between calls (a zeroed buffer per
# stream that each head leaves cleared: no clear_flags launch, but under graph capture).
# The split-tile tests; the ragged parts check (now also fresh values back to back); single
# products of 1/16/32 rows x 1024-4096 rows x K 4096/8192 on 64x32 C^T tiles whole and in
# 2/3/4/8 parts against the plan and cuBLAS, 2 rounds in opposite orders; 2 and 4 parts with
# the flags cleared per call (TILEDMM_CLEAR_FLAGS=kernel, as before) for the attribution;
# the decode stream on C^T tiles in 2 parts.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s62/call2.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r2; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt 2>&1
for p in 2 4 8; do TILEDMM_CT_PARTS=$p timeout 60 python exp/s62/check_parts.py >> $R/check.txt 2>&1; echo "check $p rc=$?"; done; grep -c ok $R/check.txt
timeout 200 python -m pytest -q tests/test_last_wave_split.py tests/test_c_transposed.py tests/test_skinny.py tests/test_moved_tiles.py tests/test_cuda_runtime.py > $R/pytest_split.log 2>&1; echo "tests rc=$? $SECONDS s"; tail -2 $R/pytest_split.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8
S=1x1024x4096,16x1024x4096,32x1024x4096,1x1536x4096,16x1536x4096,32x1536x4096,1x2048x4096,16x2048x4096,32x2048x4096,1x3072x4096,16x3072x4096,32x3072x4096,1x4096x4096,16x4096x4096,32x4096x4096,1x1024x8192,16x1024x8192,32x1024x8192,1x1536x8192,16x1536x8192,32x1536x8192,1x2048x8192,16x2048x8192,32x2048x8192,1x3072x8192,16x3072x8192,32x3072x8192,1x4096x8192,16x4096x8192,32x4096x8192
b() { timeout 120 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $2 --out $R/$1 > $R/$1.txt 2>&1; echo "$1 rc=$? $SECONDS s"; save; }
b base_1 auto,$CT
TILEDMM_CT_PARTS=2 b p2_1 $CT
TILEDMM_CT_PARTS=3 b p3_1 $CT
TILEDMM_CT_PARTS=4 b p4_1 $CT
TILEDMM_CT_PARTS=8 b p8_1 $CT
TILEDMM_CLEAR_FLAGS=kernel TILEDMM_CT_PARTS=2 b k2_1 $CT
TILEDMM_CLEAR_FLAGS=kernel TILEDMM_CT_PARTS=4 b k4_1 $CT
TILEDMM_CT_PARTS=8 b p8_2 $CT
TILEDMM_CT_PARTS=4 b p4_2 $CT
TILEDMM_CT_PARTS=3 b p3_2 $CT
TILEDMM_CT_PARTS=2 b p2_2 $CT
b base_2 $CT,auto
d() { timeout 100 python bench/decode_stream.py $2 --out $R/$1 > $R/$1.txt 2>&1; echo "$1 rc=$? $SECONDS s"; save; }
TILEDMM_CT_PARTS=2 d ds_ct_p2 "--kernel $CT"
d ds_ct "--kernel $CT"
