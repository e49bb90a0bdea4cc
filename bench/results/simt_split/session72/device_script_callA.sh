# Session 72 call A: .ci/gpu-check build of main e4d28d6 (fresh machine), then decode_stream.py and
# bench_host.py on that build (status-run scripts of session 67). Call B follows on the warm machine.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD OUT
SECONDS=0
timeout 500 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
grep -c "Compiling entry" $OUT/ptxas.txt; grep -c "bytes spill" $OUT/ptxas.txt
python -c "import tiledmm; print(tiledmm.__file__)" || exit 1
R=/tmp/rA; rm -rf $R; mkdir -p $R; cp exp/s72/callA.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $R/gpu.txt
save() { tar czf $OUT/resultsA.tgz -C /tmp rA; }
run() { local name=$1 limit=$2; shift 2; timeout $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
run decode 60 python bench/decode_stream.py --dtype bf16 --out $R/decode_stream_bf16_h200_session72
run host $((585 - SECONDS)) python bench/bench_host.py --out $R/host_h200_session72
for f in decode host; do echo "== $f"; grep -v -i "warn\|it/s\]" $R/$f.txt | tail -12; done
