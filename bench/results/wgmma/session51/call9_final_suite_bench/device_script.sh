# Session 51 call 9: the final build (4a10ed4): (1) the full GPU suite, the one-wave rule's tests
# included; (2) bench.py (do_bench against torch.matmul) on deep-K products of few tiles, nn and nt.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r9; mkdir -p $R
save() { cp exp/s51/dev9.sh $R/device_script.sh; tar czf $OUT/results.tgz -C /tmp r9; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log
save
S=1051x1104x3424,790x1352x3792,1111x656x4000,681x512x2944,944x1320x3104,795x640x2944,1237x992x3680,700x700x4096
for L in nn nt; do
  timeout 120 python bench/bench.py --dtypes bf16,fp16 --shapes $S --layout $L --out $R/deep_few_$L > $R/deep_few_$L.txt 2>&1; echo "bench $L rc=$? $SECONDS s"
done
save
grep -E "^FAILED|Error" $R/pytest_full.log | head
for L in nn nt; do grep -v -i "warn\|it/s\]" $R/deep_few_$L.txt; done
