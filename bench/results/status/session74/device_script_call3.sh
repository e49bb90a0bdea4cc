# Session 74 call 3, same build: linear layers and the training step, the odd/aligned ratios, the
# decode stream, host time per call, small products in alternating rounds (session 67's call 2).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
SECONDS=0
python -c "import tiledmm; print(tiledmm.__file__)" || exit 1
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s74/call3.sh $R/device_script_call3.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $R/gpu_call3.txt
save() { tar czf $OUT/results3.tgz -C /tmp r3; }
run() { local name=$1 limit=$2; shift 2; timeout $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
run linear 170 python bench/bench_linear.py --dtype bf16 --out $R/linear_bf16_h200_session74
run odd16 90 python bench/odd_ratio.py --dtypes bf16,fp16 --rounds 5 --out $R/odd_ratio_16bit_session74
run odd32 60 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_session74
run decode 60 python bench/decode_stream.py --dtype bf16 --out $R/decode_stream_bf16_h200_session74
run host 40 python bench/bench_host.py --out $R/host_h200_session74
run small $((585 - SECONDS)) python bench/small_products.py session74 --out $R --dtypes bfloat16,float16,float32 --rounds 5 --shapes 64x64x64,128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,1024x1024x1024,1000x1000x1000
for f in linear odd16 odd32 decode host small; do echo "== $f"; grep -v -i "warn\|it/s\]" $R/$f.txt | tail -12; done
