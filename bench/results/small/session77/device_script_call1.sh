# Session 77 call 1 (fresh machine): build main, then kernel-only (CUPTI, warm L2) and
# flushed-timeline (do_bench's view) times of small bf16 squares: the planner's plan, mma and
# classic16 by name (no tensor maps, no mbarriers), and torch.matmul.
set -u
export PYTHONUNBUFFERED=1 OUT PYTHONPATH=$PWD
SECONDS=0
timeout 560 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
python -c "import tiledmm" || exit 1
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > $OUT/gpu.txt
S=64x64x64,128x128x128,256x256x256,512x512x512,1024x1024x1024
timeout 25 python bench/kernel_times.py gemm $S --dtype bf16 --kernel auto,mma,classic16 --top 4 > $OUT/kernel_times_small_bf16.txt 2>&1; echo "kt rc=$? $SECONDS s"
timeout 15 python bench/timeline.py 64x64x64,256x256x256,1024x1024x1024 --dtype bf16 --kernel auto,mma,classic16 > $OUT/timeline_small_bf16.txt 2>&1; echo "tl rc=$? $SECONDS s"
grep -v -i warn $OUT/kernel_times_small_bf16.txt | head -120
cat $OUT/timeline_small_bf16.txt | head -80
