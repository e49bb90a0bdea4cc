#!/usr/bin/env bash
# Session 39 call 3: c2 with its producer draining the empty barriers instead of a closing
# cluster barrier (build c2d): the ping-pong tests, memcheck and synccheck on the ping-pong
# launches, the A/B of c2 against ping-pong and 128x256 (interleaved graphs, both clock
# regimes), ncu of both at 8192x4096x4096, the full suite.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/c2d_s.patch.zst -o /tmp/new.so || exit 1
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
for tool in memcheck synccheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool $tool --error-exitcode 1 python /tmp/pp_only.py > $R/san_$tool.txt 2>&1; echo "$tool rc=$? $SECONDS s"; tail -2 $R/san_$tool.txt
done
save
cd exp/s39
PP_AB_COOL_MS=5 timeout 200 python pp_ab.py ab_c2d_shapes.txt 9 > $R/ab_cool.jsonl 2> $R/ab_cool.err; echo "cool rc=$? $SECONDS s"
save
timeout 150 python pp_ab.py ab_c2d_shapes.txt 7 > $R/ab_hot.jsonl 2> $R/ab_hot.err; echo "hot rc=$? $SECONDS s"
cd ../..
save
M=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__m_xbar2l1tex_read_bytes.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.sum,lts__t_requests.sum,smsp__inst_executed.sum,smsp__warps_active.avg.per_cycle_active
for shape in "8192 4096 4096"; do
  for cfg in wgmma:128x128_k128B_pingpong_s6_c2 wgmma:128x128_k128B_pingpong_s6; do
    tag=$(echo $shape | tr ' ' x)_${cfg#wgmma:}
    timeout 120 ncu -k regex:wgmma_gemm --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py $shape bfloat16 nt $cfg > $R/ncu_$tag.txt 2> $R/ncu_$tag.err; echo "$tag rc=$? $SECONDS s"
  done
done
save
