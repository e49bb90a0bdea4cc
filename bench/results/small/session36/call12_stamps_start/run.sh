#!/usr/bin/env bash
# Session 36 call 12: the same stamps plus the start: setmaxnreg and griddepcontrol.wait passed.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/stamps_s.patch.zst -o /tmp/stamps.so || exit 1
cp /tmp/stamps.so tiledmm/_C.abi3.so
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 120 python exp/s36/stamps_run.py > $R/stamps_raw.txt 2>&1; echo "stamps rc=$? $SECONDS s"
python exp/s36/parse_stamps.py $R/stamps_raw.txt > $R/stamps_table.txt 2>&1; echo "parse rc=$?"
save
