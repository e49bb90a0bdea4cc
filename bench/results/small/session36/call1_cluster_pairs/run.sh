#!/usr/bin/env bash
# Session 36 call 1: 128x64 in 1x2 clusters sharing A through TMA multicast, against HEAD's build.
# Smoke, suite, memcheck, then kernel times alternating builds, then sync/racecheck.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/plan2_s.patch.zst -o /tmp/head.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/clu_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/head.so /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 60 python - > $R/smoke.txt 2>&1 <<'PY'
import sys; sys.path.insert(0, "tests")
import torch, tiledmm
from conftest import assert_matches_reference, make_operand
for (m, n, k) in [(1024, 1024, 1024), (1000, 1000, 1000), (300, 64, 1000), (2171, 573, 2567), (1024, 64, 1024)]:
    for dt in (torch.bfloat16, torch.float32):
        torch.backends.cuda.matmul.allow_tf32 = True
        a = make_operand(m, k, dt, "cuda", "row"); b = make_operand(k, n, dt, "cuda", "row")
        out = tiledmm.gemm(a, b, kernel="wgmma:128x64_k256B_2wg_s4"); torch.cuda.synchronize()
        assert_matches_reference(out, a, b, tf32=dt == torch.float32, against_torch=False)
        print("ok", m, n, k, dt, flush=True)
PY
echo "smoke rc=$? $SECONDS s"; tail -3 $R/smoke.txt
save
timeout 240 python -m pytest -q -p no:logging -rs -x tests > $R/suite_new.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/suite_new.log
save
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 120 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16,float32 > $R/san_memcheck_wgmma.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -1 $R/san_memcheck_wgmma.log
save
SH=512x512x512,768x768x768,1024x1024x1024,1000x1000x1000,1024x1024x4096,1536x1024x1024,1024x64x1024,4096x40x4096,2048x2048x2048
ORDER=head,new,new,head; i=0
for v in ${ORDER//,/ }; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  for dt in bf16 tf32; do
    timeout 60 python bench/kernel_times.py gemm $SH --dtype $dt --top 3 > $R/kt_${dt}_${v}_$i.txt 2>&1; echo "kt $dt $v rc=$? $SECONDS s"
  done
done
save
cp /tmp/new.so tiledmm/_C.abi3.so
W=bench/results/small/session35/race128x64_workload.py
timeout 90 compute-sanitizer --tool synccheck --error-exitcode 1 python $W > $R/san_synccheck_128x64.log 2>&1; echo "synccheck rc=$? $SECONDS s"; tail -1 $R/san_synccheck_128x64.log
timeout 120 compute-sanitizer --tool racecheck --error-exitcode 1 python $W --no-split > $R/san_racecheck_128x64.log 2>&1; echo "racecheck rc=$? $SECONDS s"; tail -1 $R/san_racecheck_128x64.log
save
