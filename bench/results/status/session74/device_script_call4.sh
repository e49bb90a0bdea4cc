# Session 74 call 4, same build: racecheck of simt float32, the one family and dtype not yet
# racechecked (sessions 70-71 ran the rest), with the time the budget leaves.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD OUT
SECONDS=0
cp exp/s74/call4.sh $OUT/device_script_call4.sh
SANITIZE_TOOLS=racecheck SANITIZE_ARGS="simt dtype=float32" SANITIZE_TIMEOUT=${RACE_LIMIT:-500} .ci/gpu-check sanitize
echo "racecheck end $SECONDS s"
