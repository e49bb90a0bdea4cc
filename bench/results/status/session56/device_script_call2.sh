# Session 56 call 2: the rest of the status run on the H200, same build as call 1 (e9bf514): fp32,
# linear layers, the odd/aligned ratios, decode, host time per call; then the layer zoo.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; mkdir -p $R; cp exp/s56/call2.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r2; }
run() { local name=$1 limit=$2; shift 2; timeout $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
run fp32 150 python bench/bench.py --dtypes fp32 --shapes squares,small,llm,ragged,1025x1023x1021,2049x2047x2045 --out $R/fp32_h200_session56
run linear 150 python bench/bench_linear.py --dtype bf16 --out $R/linear_bf16_h200_session56
run odd16 90 python bench/odd_ratio.py --dtypes bf16,fp16 --rounds 5 --out $R/odd_ratio_16bit_session56
run odd32 60 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_session56
run decode 60 python bench/decode_stream.py --dtype bf16 --out $R/decode_stream_bf16_h200_session56
run host 40 python bench/bench_host.py --out $R/host_h200_session56
for f in fp32 linear odd16 odd32 decode host; do echo "== $f"; grep -v -i "warn\|it/s\]" $R/$f.txt | tail -12; done
