#!/bin/bash
# Session 43, call 9: the split-K reduction with grouped plane loads and dropped L2 lines
# (the new kernel, measurement build with reduce_modes_measurement.diff: TILEDMM_REDUCE_OLD=1
# launches HEAD 806f29d's reduction kernel, TILEDMM_REDUCE_NODISCARD=1 the new one without
# the dropped lines), same process build, modes alternating.
# Full GPU suite on the new build; memcheck over split-K launches; timelines (do_bench's
# flush) and odd_ratio, builds alternating.
export PYTHONPATH=$PWD
R=/tmp/r9; mkdir -p $R
unpack() { python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('$1'), open('tiledmm/_C.abi3.so', 'wb'))"; }
unpack exp/c.so.xz
nvidia-smi --query-gpu=name --format=csv > $R/gpu.txt
timeout 400 python -m pytest -q -x tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log; tail -3 $R/pytest_full.log
cat > /tmp/sk.py <<'PY'
import torch, tiledmm
for (m, n, k, dt) in [(1024, 1024, 1024, torch.float32), (1025, 1023, 1021, torch.float32), (7, 9, 5000, torch.float32),
                      (512, 512, 8192, torch.bfloat16), (256, 256, 16384, torch.bfloat16), (130, 4097, 4093, torch.bfloat16)]:
    a = torch.randn(m, k, device="cuda").to(dt); b = torch.randn(k, n, device="cuda").to(dt)
    c = tiledmm.gemm(a, b); ref = (a.double() @ b.double())
    print(m, n, k, dt, tiledmm.plan(m, n, k, dtype=dt, b_aligned=(n * a.element_size()) % 16 == 0)["split_k"], float((c.double() - ref).abs().max()))
PY
compute-sanitizer --tool memcheck --error-exitcode 1 python /tmp/sk.py > $R/memcheck_split_k.log 2>&1; echo "memcheck rc=$?" >> $R/memcheck_split_k.log; tail -4 $R/memcheck_split_k.log
FP=1024x1024x1024,1025x1023x1021,1024x1023x1021
BF=512x512x8192,256x256x16384,128x4096x4096,64x8192x8192
for round in 1 2; do
  for build in new old nodiscard; do
    unset TILEDMM_REDUCE_OLD TILEDMM_REDUCE_NODISCARD
    [ $build = old ] && export TILEDMM_REDUCE_OLD=1
    [ $build = nodiscard ] && export TILEDMM_REDUCE_NODISCARD=1
    python bench/timeline.py $FP --dtype fp32 --steps 40 > $R/timeline_fp32_${build}_$round.txt 2>&1
    python bench/timeline.py $BF --dtype bf16 --steps 40 > $R/timeline_bf16_${build}_$round.txt 2>&1
    python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 3 --out $R/odd_ratio_${build}_$round > $R/odd_ratio_${build}_$round.txt 2>&1
    echo "$build: $(tail -1 $R/odd_ratio_${build}_$round.txt)"
  done
done
unset TILEDMM_REDUCE_OLD TILEDMM_REDUCE_NODISCARD
cp exp/s43/call9.sh $R/device_script.sh; cp exp/s43/reduce_modes_measurement.diff $R/
tar czf $OUT/results.tgz -C /tmp r9
for f in $R/timeline_*_1.txt; do echo "## $f"; grep -E "^== tiledmm|reduce" $f; done
