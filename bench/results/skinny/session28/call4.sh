# Session 28, call 4: the ring build with zero-filled rows past the end (s28b): skinny tests, every
# config by name in both layouts (per call, clean L2), and the decode stream, A (s27c) and B.
mkdir -p /tmp/A && cp -r bench tests tiledmm exp /tmp/A/ && gunzip -c exp/soz/s27c.so.gz > /tmp/A/tiledmm/_C.abi3.so
gunzip -c exp/soz/s28b.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
timeout 200 python -m pytest -q -x tests/test_skinny.py tests/test_linear.py -k "skinny or decode" > $OUT/pytest_skinny.log 2>&1; tail -2 $OUT/pytest_skinny.log
S=1x4096x4096,8x4096x4096,16x4096x4096,32x4096x4096,16x11008x4096,16x4096x11008,32x11008x4096,1x11008x4096,8x11008x4096,1x4096x11008
K=skinny:r32_w8_u2,skinny:r16_w8_u4,skinny:r32_w16_u1,skinny:r32_w8_u1
timeout 240 python bench/bench_skinny.py --layouts nt,nn --shapes $S --kernels $K > $OUT/cfg_B.txt 2>&1
grep -E "^ +n[nt] " $OUT/cfg_B.txt | sed -E 's/ +/ /g' | cut -d' ' -f2-6,13-17
timeout 150 python bench/decode_stream.py --reps 20 > $OUT/ds_B.txt 2>&1
(cd /tmp/A && PYTHONPATH=/tmp/A timeout 150 python bench/decode_stream.py --reps 20 > $OUT/ds_A.txt 2>&1)
paste -d'\n' $OUT/ds_A.txt $OUT/ds_B.txt | grep -v "^copy" | sed -E 's/ \(8 weights\)//; s/rel err.*//'
