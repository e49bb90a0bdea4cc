# Session 28, call 3: every skinny config by name, W K-major (nt), per-call clean/dirty timings:
# the register build (A, s27c) against the ring build (B, s28a).
mkdir -p /tmp/A && cp -r bench tests tiledmm exp /tmp/A/ && gunzip -c exp/soz/s27c.so.gz > /tmp/A/tiledmm/_C.abi3.so
gunzip -c exp/soz/s28a.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
S=1x4096x4096,8x4096x4096,16x4096x4096,32x4096x4096,16x11008x4096,16x4096x11008,32x11008x4096,1x11008x4096
K=skinny:r32_w8_u2,skinny:r16_w8_u4,skinny:r32_w16_u1,skinny:r32_w8_u1
(cd /tmp/A && PYTHONPATH=/tmp/A timeout 200 python bench/bench_skinny.py --layouts nt --shapes $S --kernels $K > $OUT/cfg_A.txt 2>&1)
timeout 200 python bench/bench_skinny.py --layouts nt --shapes $S --kernels $K > $OUT/cfg_B.txt 2>&1
for f in A B; do echo "== $f"; grep -E "^ +nt" $OUT/cfg_$f.txt | awk '{print $2,$3,$4,$5,$12,$13,$14,$15,$16}'; done
