# Session 56 call 1: the final build of session 55 (e9bf514) on the H200: the full GPU suite, and
# the status run's tensor-core part (bench.py, bf16, fp16, TF32, every shape preset, layout nn).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; mkdir -p $R; cp exp/s56/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
timeout 240 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
timeout $((580 - SECONDS)) python bench/bench.py --dtypes bf16,fp16,tf32 --shapes all --out $R/tensorcore_h200_session56 > $R/tensorcore.txt 2>&1; echo "tensorcore rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log; grep -v -i "warn\|it/s\]" $R/tensorcore.txt | tail -40
