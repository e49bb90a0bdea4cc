#!/usr/bin/env bash
# Session 41 call 4: compute-sanitizer memcheck (bf16 + fp16), synccheck and racecheck (bf16)
# over the wgmma C^T configs: every shape and layout of the sanitizer workload by name, and
# the planner's linear epilogues (which take those configs at these shapes).
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD PYTORCH_NO_CUDA_MEMORY_CACHING=1
R=/tmp/r4; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
run_tool() {  # tool, dtypes, seconds
  timeout $3 compute-sanitizer --tool $1 --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=$2 configs=_ct_ \
    > $R/sanitize_$1.txt 2>&1; echo "$1 rc=$? $SECONDS s"; tail -n 3 $R/sanitize_$1.txt; save
}
run_tool memcheck bfloat16,float16 200
run_tool synccheck bfloat16 150
run_tool racecheck bfloat16 230
