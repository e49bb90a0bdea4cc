# Session 28, call 6 (`bash call6.sh C`): skinny blocks that take W's row blocks in turn (no second
# wave; build s28c, tried_row_blocks_in_turn.diff): skinny tests; per-call configs (nt) and the decode
# stream with the planner's choice and with r16_w8_u4 by name. The committed build ("A") was to run
# the same script in a second call (the two builds do not fit one call's carry); C lost clearly to
# A's figures of calls 3 and 4 (rings/call3_cfg_A.txt, rings/call4_ds_A.txt), so A was not rerun.
b=$1
if [ $b = C ]; then xz -dc exp/soz/s28c.so.xz > tiledmm/_C.abi3.so; else gunzip -c exp/soz/s27c.so.gz > tiledmm/_C.abi3.so; fi
export PYTHONPATH=$PWD
timeout 200 python -m pytest -q -x tests/test_skinny.py tests/test_linear.py tests/test_bench.py -k "skinny or decode" > $OUT/pytest_skinny_$b.log 2>&1; tail -2 $OUT/pytest_skinny_$b.log
S=1x4096x4096,8x4096x4096,16x4096x4096,16x11008x4096,16x4096x11008,8x4096x11008
K=skinny:r32_w8_u2,skinny:r16_w8_u4,skinny:r32_w16_u1
timeout 200 python bench/bench_skinny.py --layouts nt --shapes $S --kernels $K > $OUT/cfg_$b.txt 2>&1
grep -E "^ +n[nt] " $OUT/cfg_$b.txt | sed -E 's/ +/ /g' | cut -d' ' -f2-6,13-17
timeout 100 python bench/decode_stream.py --m 1,8,16 --reps 20 > $OUT/ds_$b.txt 2>&1
timeout 100 python bench/decode_stream.py --m 8,16 --layouts nt --reps 20 --kernel skinny:r16_w8_u4 > $OUT/ds16_$b.txt 2>&1
cat $OUT/ds_$b.txt $OUT/ds16_$b.txt | sed -E 's/ \(8 weights\)//; s/rel err.*//'
