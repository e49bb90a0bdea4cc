#!/usr/bin/env bash
# Session 36 call 16: two accumulator chains per consumer in the 128x64 config (measurement
# build: k steps alternate between two accumulator sets, summed before the epilogue) against
# the committed build: smoke, kernel times alternating.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side2_s.patch.zst -o /tmp/head.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/chains_s.patch.zst -o /tmp/chains.so || exit 1
cp /tmp/chains.so tiledmm/_C.abi3.so
timeout 60 python - > $R/smoke.txt 2>&1 <<'PY'
import sys; sys.path.insert(0, "tests")
import torch, tiledmm
from conftest import assert_matches_reference, make_operand
torch.backends.cuda.matmul.allow_tf32 = True
for (m, n, k) in [(1024, 1024, 1024), (1000, 1000, 1000), (300, 64, 1000), (2171, 573, 2567), (129, 257, 330)]:
    for dt in (torch.bfloat16, torch.float32):
        for la, lb in [("row", "row"), ("col", "col")]:
            a = make_operand(m, k, dt, "cuda", la); b = make_operand(k, n, dt, "cuda", lb)
            out = tiledmm.gemm(a, b, kernel="wgmma:128x64_k256B_2wg_s4"); torch.cuda.synchronize()
            assert_matches_reference(out, a, b, tf32=dt == torch.float32, against_torch=False)
print("ok")
PY
echo "smoke rc=$? $(tail -1 $R/smoke.txt)"
SH=768x768x768,1024x1024x1024,1024x1024x4096,1536x1024x4096,2048x64x4096
ORDER=head,chains,chains,head; i=0
for v in ${ORDER//,/ }; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm $SH --top 3 > $R/kt_bf16_${v}_$i.txt 2>&1; echo "kt bf16 $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm 768x768x768,1024x1024x1024,1024x1024x4096 --dtype tf32 --top 3 > $R/kt_tf32_${v}_$i.txt 2>&1; echo "kt tf32 $v rc=$? $SECONDS s"
done
save
