# Session 27, call 5: the committed build (exp/soz/s27b.so.gz): kernel times of small fp32 products
# against HEAD's build (A, imported from its own tree), memcheck over the float32 simt workload,
# and the final fp32 benchmark (bench.py, planner's choice, same shapes as session 26's).
mkdir -p /tmp/A && cp -r bench tests tiledmm exp /tmp/A/ && gunzip -c exp/soz/new.so.gz > /tmp/A/tiledmm/_C.abi3.so
gunzip -c exp/soz/s27b.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
K=512x511x512,512x512x512,256x255x256,768x767x768,1024x1023x1024
for r in 1 2; do
  (cd /tmp/A && PYTHONPATH=/tmp/A timeout 60 python bench/kernel_times.py gemm $K --dtype fp32 --top 3 > $OUT/kt_small_A_$r.txt 2>&1)
  timeout 60 python bench/kernel_times.py gemm $K --dtype fp32 --top 3 > $OUT/kt_small_B_$r.txt 2>&1
done
grep -h "^==" $OUT/kt_small_*.txt | head -60
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt dtype=float32 > $OUT/memcheck_simt_f32.log 2>&1; echo memcheck rc=$?
tail -3 $OUT/memcheck_simt_f32.log
S=all,3072x3072x3072,8191x8193x8190,1024x1023x1024,1025x1023x1021,3073x3071x3069,2049x2047x2045,2560x2560x2560,5120x5120x5120,6144x6144x6144
timeout 250 python bench/bench.py --dtypes fp32 --shapes $S --kernels auto --out $OUT/fp32_session27_h100 > $OUT/fp32_session27_h100.txt 2>&1
tail -30 $OUT/fp32_session27_h100.txt
