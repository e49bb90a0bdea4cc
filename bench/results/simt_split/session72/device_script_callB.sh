# Session 72 call B, on call A's build (warm machine): bench_linear.py (5 alternating rounds), then
# racecheck of simt float32 (the one family and dtype not yet racechecked) with the time left.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD OUT
SECONDS=0
python -c "import tiledmm; print(tiledmm.__file__)" || exit 1
R=/tmp/rB; rm -rf $R; mkdir -p $R; cp exp/s72/callB.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $R/gpu.txt
save() { tar czf $OUT/resultsB.tgz -C /tmp rB; }
run() { local name=$1 limit=$2; shift 2; timeout $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
run linear 170 python bench/bench_linear.py --dtype bf16 --out $R/linear_bf16_h200_session72
grep -v -i "warn\|it/s\]" $R/linear.txt | tail -14
SANITIZE_TOOLS=racecheck SANITIZE_ARGS="simt dtype=float32" SANITIZE_TIMEOUT=${RACE_LIMIT:-300} OUT=$R .ci/gpu-check sanitize
echo "racecheck end $SECONDS s"; save
