#!/usr/bin/env bash
# Session 39 call 1: ping-pong in 2-block clusters sharing A (build c2): the ping-pong tests,
# compute-sanitizer on the ping-pong launches (both configs), the A/B of c2 against ping-pong
# and 128x256 (interleaved graphs, both clock regimes, SM clock per sample), the full suite.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/c2_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
python -c "import pynvml; print('pynvml ok')" >> $R/gpu.txt 2>&1
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 120 python -m pytest -q -p no:logging -x tests/test_ping_pong.py > $R/pp_tests.log 2>&1; echo "pp tests rc=$? $SECONDS s"; tail -2 $R/pp_tests.log
save
cat > /tmp/pp_only.py <<'PY'
import sys; sys.path.insert(0, "tests")
import torch, sanitizer_workload as w
print("launches", w.ping_pong_launches(torch.bfloat16), w.ping_pong_launches(torch.float16)); torch.cuda.synchronize()
PY
for tool in memcheck racecheck synccheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool $tool --error-exitcode 1 python /tmp/pp_only.py > $R/san_$tool.txt 2>&1; echo "$tool rc=$? $SECONDS s"; tail -2 $R/san_$tool.txt
done
save
cd exp/s39
PP_AB_COOL_MS=5 timeout 200 python pp_ab.py ab_c2_shapes.txt 9 > $R/ab_cool.jsonl 2> $R/ab_cool.err; echo "cool rc=$? $SECONDS s"
save
timeout 150 python pp_ab.py ab_c2_shapes.txt 7 > $R/ab_hot.jsonl 2> $R/ab_hot.err; echo "hot rc=$? $SECONDS s"
cd ../..
save
timeout 100 python bench/kernel_times.py gemm 8192x4096x4096,4096x4096x1024 --layout nt --kernel wgmma:128x128_k128B_pingpong_s6_c2,wgmma:128x128_k128B_pingpong_s6,wgmma:128x256_k128B_2wg_s4,wgmma:128x128_k128B_pingpong_s6_c2 --top 1 > $R/kt_gemm_nt.txt 2>&1; echo "kt rc=$? $SECONDS s"
save
timeout 200 python -m pytest -q -p no:logging -rs tests > $R/suite.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -2 $R/suite.log
save
