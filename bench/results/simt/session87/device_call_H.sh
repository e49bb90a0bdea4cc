#!/bin/bash
# Prepared in session 87 (no device lent then; NOT RUN yet): calls G and F on one carried build,
# then main's full GPU suite (session 86's was cut off at ~60%), with no build on the device.
# Before it, here: bash bench/results/simt/session87/prebuild.sh; .ci/device-carry pack;
# .ci/device-carry aside bench/results/simt/session87 bench/results/skinny/session86 (session 88:
# the whole tree and the two builds exceed the device's 64 MiB); then
#   run(command=".ci/device-carry unpack && bash bench/results/simt/session87/device_call_H.sh",
#       carry=["build/carry.txz"]); and here .ci/device-carry restore.
# Where a carried build does not load there, the `prebuilt` stage builds instead (~4 min), and
# the suite may not fit: it gets what time is left.
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a PYTHONUNBUFFERED=1
results=$OUT; scratch=$(mktemp -d)
git apply bench/results/simt/session87/few_rows_after.patch bench/results/skinny/session86/x_shared.patch ||
  { echo "patches do not apply"; exit 1; }
OUT=$scratch/gf PREBUILT=build/prebuilt-GF .ci/gpu-check prebuilt; stamp "patched tree loaded"
TREE_READY=1 timeout 300 bash bench/results/simt/session87/device_call_G.sh; stamp "call G done"
TREE_READY=1 PTXAS=$scratch/gf/ptxas.txt timeout 150 bash bench/results/skinny/session86/device_call_F.sh
stamp "call F done"
git checkout -q -- csrc  # main's tree again
OUT=$scratch/main PREBUILT=build/prebuilt .ci/gpu-check prebuilt; stamp "main loaded"
left=$(( 585 - ($(date +%s) - t0) )); stamp "suite with ${left} s"
[ $left -gt 30 ] && OUT=$scratch/main timeout $left .ci/gpu-check test; stamp "suite rc=$?"
tar czf $results/main_suite.tgz -C $scratch .
