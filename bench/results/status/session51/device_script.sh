# Session 51 call 2: a status run of the build of 429ce01 (kernels and planner as session 50 left them):
# every benchmark of the issues' targets, each against torch (cuBLAS) in the same run.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; mkdir -p $R
save() { cp exp/s51/dev2.sh $R/device_script.sh; tar czf $OUT/results.tgz -C /tmp r2; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
run() { local name=$1 limit=$2; shift 2; timeout $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
run tensorcore 420 python bench/bench.py --dtypes bf16,fp16,tf32 --shapes all --out $R/tensorcore_h100_session51
run fp32 300 python bench/bench.py --dtypes fp32 --shapes squares,small,llm,ragged,1025x1023x1021,2049x2047x2045 --out $R/fp32_h100_session51
run linear 300 python bench/bench_linear.py --dtype bf16 --out $R/linear_bf16_h100_session51
run odd16 200 python bench/odd_ratio.py --dtypes bf16,fp16 --rounds 5 --out $R/odd_ratio_16bit_session51
run odd32 200 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_session51
run decode 200 python bench/decode_stream.py --dtype bf16 --out $R/decode_stream_bf16_h100_session51
run host 120 python bench/bench_host.py --out $R/host_h100_session51
for f in tensorcore fp32 linear odd16 odd32 decode host; do echo "== $f"; grep -v -i "warn\|it/s\]" $R/$f.txt | tail -14; done
