#!/usr/bin/env bash
# Session 37 call 9: the committed build (2b43d32's code, halves_s) with the refactored
# tests/test_last_wave_split.py and the planner tests; racecheck on one product cut in halves.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/halves_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/new.so | tee $R/md5.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 200 python -m pytest -q -p no:logging -rs tests/test_last_wave_split.py tests/test_planner.py tests/test_split_k.py > $R/tests.log 2>&1; echo "tests rc=$? $SECONDS s"; tail -2 $R/tests.log
save
cat > /tmp/halves_race.py <<'PY'
import sys; sys.path.insert(0, "tests")
import torch, tiledmm
from conftest import assert_matches_reference, make_operand
spec = "wgmma:128x64_k256B_2wg_s4"
p = tiledmm.plan(1533, 251, 8200, torch.bfloat16, kernel=spec, compute_capability=(9, 0), sm_count=132)
assert p["last_wave_split"] == (48, 33), p
a = make_operand(1533, 8200, torch.bfloat16, "cuda", "row"); b = make_operand(8200, 251, torch.bfloat16, "cuda", "col")
assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b, against_torch=False)
torch.cuda.synchronize(); print("halves launch checked")
PY
timeout 200 compute-sanitizer --tool racecheck --error-exitcode 1 python /tmp/halves_race.py > $R/san_racecheck_halves.txt 2>&1; echo "racecheck rc=$? $SECONDS s"; tail -3 $R/san_racecheck_halves.txt
save
