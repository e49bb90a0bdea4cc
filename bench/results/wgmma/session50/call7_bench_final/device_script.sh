# Session 50 call 7, the final build (HEAD's code, bench.py describing operands' sectors and
# lines to tiledmm.plan as the gemm call does): tests/test_bench.py on the GPU, and call 6's
# bench.py runs again (its config column came from tiledmm.plan with default flags).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 200 python -m pytest -q tests/test_bench.py > $R/pytest_bench.log 2>&1; echo "test_bench rc=$? $SECONDS s"; tail -1 $R/pytest_bench.log
NN=2048x2048x1024,4096x4096x1024,3072x3072x768,4096x2048x512,2048x4096x1024,3840x2560x640,2944x4096x640,1000x1000x1000,768x760x768,1280x1272x1280,1024x4088x1024,3728x3936x2712,2168x1256x3320,3424x1176x712
NT=1280x1280x1272,1000x1000x1000,768x768x760,3968x2688x1160,3400x1568x1480,552x2912x2296,2024x2288x1552
timeout 250 python bench/bench.py --dtypes bf16,fp16 --shapes $NN --layout nn --out $R/session50_nn_h100 > $R/bench_nn.txt 2>&1; echo "nn rc=$? $SECONDS s"
timeout 200 python bench/bench.py --dtypes bf16,fp16 --shapes $NT --layout nt --out $R/session50_nt_h100 > $R/bench_nt.txt 2>&1; echo "nt rc=$? $SECONDS s"
cp exp/s50/dev7.sh $R/
tar czf $OUT/results.tgz -C /tmp r7
grep -v "it/s" $R/bench_nn.txt | tail -32; grep -v "it/s" $R/bench_nt.txt | tail -16
