# Session 60 call 2 (HEAD's kernels): every skinny config by name at 1024-3072 large rows,
# where the planner's choice runs 0.80-0.96x cuBLAS; both layouts, 8-32 small rows, K 4096 and
# 8192; the planner's split rule applied to each config's blocks; cuBLAS in the same run; two
# rounds, the configs in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s60/call2.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r2; }
S=16x1024x4096,16x2048x4096,16x3072x4096,16x1024x8192,16x2048x8192,16x3072x8192,32x1024x4096,32x2048x4096,32x3072x4096,32x1024x8192,32x2048x8192,32x3072x8192,8x2048x8192,8x3072x8192
K1=auto,skinny:r16_w8_u4,skinny:r32_w8_u2,skinny:r32_w16_u1,skinny:r32_w8_u1,skinny:r32_w8_bulk
K2=skinny:r32_w8_bulk,skinny:r32_w8_u1,skinny:r32_w16_u1,skinny:r32_w8_u2,skinny:r16_w8_u4,auto
timeout 200 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $K1 --out $R/cfg_1 > $R/cfg_1.txt 2>&1; echo "round 1 rc=$? $SECONDS s"; save
timeout 200 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $K2 --out $R/cfg_2 > $R/cfg_2.txt 2>&1; echo "round 2 rc=$? $SECONDS s"; save
