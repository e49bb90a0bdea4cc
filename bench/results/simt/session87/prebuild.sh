#!/bin/bash
# Run HERE, on the machine without a GPU, before device_call_H.sh (prepared in session 87):
# builds the extension for sm_90a twice (~25 min and a few more on 2 cores), so that the device
# call spends none of its minutes building. build/prebuilt: the committed tree (HEAD; the
# checkout must be clean, or the device's digest differs and it builds there). build/prebuilt-GF:
# HEAD with few_rows_after.patch and x_shared.patch applied, as the device call applies them.
# Then: run(command="bash bench/results/simt/session87/device_call_H.sh",
#           carry=["build/prebuilt", "build/prebuilt-GF"]).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
checkout=$PWD
export PATH=${VENV:-/tmp/venv}/bin:$PATH  # a venv with requirements.txt installed
export TILEDMM_BUILD_TEMP=$checkout/build/prebuilt-objects
tree=$(mktemp -d)/tree
git worktree add -q --detach "$tree" HEAD
cd "$tree"
PREBUILT=$checkout/build/prebuilt .ci/gpu-check prebuild
git apply bench/results/simt/session87/few_rows_after.patch bench/results/skinny/session86/x_shared.patch
PREBUILT=$checkout/build/prebuilt-GF .ci/gpu-check prebuild  # recompiles the two patched files' objects
cd "$checkout"
git worktree remove --force "$tree"
du -sh build/prebuilt build/prebuilt-GF
