# Session 74 call 2, on call 1's build (warm machine): the status run's bench.py part, bf16, fp16 and
# TF32 (every shape preset, layout nn) and IEEE float32 (session 67's call 1 less the suite).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
SECONDS=0
python -c "import tiledmm; print(tiledmm.__file__)" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s74/call2.sh $R/device_script_call2.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $R/gpu_call2.txt
save() { tar czf $OUT/results2.tgz -C /tmp r2; }
run() { local name=$1 limit=$2; shift 2; timeout $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
run tensorcore 150 python bench/bench.py --dtypes bf16,fp16,tf32 --shapes all --out $R/tensorcore_h200_session74
run fp32 $((585 - SECONDS)) python bench/bench.py --dtypes fp32 --shapes squares,small,llm,ragged,1025x1023x1021,2049x2047x2045 --out $R/fp32_h200_session74
for f in tensorcore fp32; do echo "== $f"; grep -v -i "warn\|it/s\]" $R/$f.txt | tail -8; done
