# Session 67 call 1: a status run of HEAD b85314d's kernels, built by call 0 (.ci/gpu-check build), on the H200: the full GPU suite, then
# bench.py for bf16, fp16 and TF32 (every shape preset, layout nn) and IEEE float32.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import tiledmm; print(tiledmm.__file__)" || exit 1  # built by call 0 (.ci/gpu-check build) on this machine
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s67/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
run() { local name=$1 limit=$2; shift 2; timeout $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
run pytest_full 330 python -m pytest -q -p no:cacheprovider tests
tail -3 $R/pytest_full.txt
run tensorcore 120 python bench/bench.py --dtypes bf16,fp16,tf32 --shapes all --out $R/tensorcore_h200_session67
run fp32 $((585 - SECONDS)) python bench/bench.py --dtypes fp32 --shapes squares,small,llm,ragged,1025x1023x1021,2049x2047x2045 --out $R/fp32_h200_session67
for f in tensorcore fp32; do echo "== $f"; grep -v -i "warn\|it/s\]" $R/$f.txt | tail -8; done
