# Session 50 call 6, the final build (HEAD's code): bench.py against torch.matmul (do_bench) on
# the shapes this session's changes touch: x @ W of short K with N a multiple of 64 (nn, the
# ping-pong rule), and products whose lines sit off their sectors, read in place (nn and nt,
# the 128-byte L2 promotion).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
NN=2048x2048x1024,4096x4096x1024,3072x3072x768,4096x2048x512,2048x4096x1024,3840x2560x640,2944x4096x640,1000x1000x1000,768x760x768,1280x1272x1280,1024x4088x1024,3728x3936x2712,2168x1256x3320,3424x1176x712
NT=1280x1280x1272,1000x1000x1000,768x768x760,3968x2688x1160,3400x1568x1480,552x2912x2296,2024x2288x1552
timeout 250 python bench/bench.py --dtypes bf16,fp16 --shapes $NN --layout nn --out $R/session50_nn_h100 > $R/bench_nn.txt 2>&1; echo "nn rc=$? $SECONDS s"
timeout 200 python bench/bench.py --dtypes bf16,fp16 --shapes $NT --layout nt --out $R/session50_nt_h100 > $R/bench_nt.txt 2>&1; echo "nt rc=$? $SECONDS s"
cp exp/s50/dev6.sh $R/
tar czf $OUT/results.tgz -C /tmp r6
tail -40 $R/bench_nn.txt; tail -20 $R/bench_nt.txt
