#!/usr/bin/env bash
# Session 39 call 5: the ping-pong rule's K boundary in float16 (set in bf16 in session 38): both
# configs named at K = 2048-4096, near peak clocks and at the power limit. The committed build.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/pp4_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
cd exp/s39
PP_AB_DTYPE=fp16 PP_AB_COOL_MS=5 timeout 250 python pp_ab.py ab_fp16_k_shapes.txt 9 > $R/ab_cool_fp16.jsonl 2> $R/ab_cool_fp16.err; echo "cool rc=$? $SECONDS s"
save
PP_AB_DTYPE=fp16 timeout 200 python pp_ab.py ab_fp16_k_shapes.txt 7 > $R/ab_hot_fp16.jsonl 2> $R/ab_hot_fp16.err; echo "hot rc=$? $SECONDS s"
save
