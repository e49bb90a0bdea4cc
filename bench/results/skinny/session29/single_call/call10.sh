# Session 29 calls 10/11: single-call timing (bench_skinny.py, dirty and clean L2) of build $1 (s29d committed, s27c before), same shapes.
b=$1
gunzip -c exp/soz/$b.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
S=1x4096x4096,8x4096x4096,16x4096x4096,1x11008x4096,16x11008x4096,16x4096x11008
timeout 300 python bench/bench_skinny.py --layouts nt,nn --shapes $S --out $OUT/single_call_$b > $OUT/single_call_$b.txt 2>&1; echo rc=$?
cat $OUT/single_call_$b.txt
