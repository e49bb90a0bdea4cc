#!/usr/bin/env bash
# Session 82 device call E (fresh machine, main at 2ada33f: skinny's transposed() keeps the
# view's readable_bytes, host code): build, the full GPU suite.
set -uo pipefail
cd "$(dirname "$0")/../../../.."
t0=$SECONDS
timeout 470 .ci/gpu-check build || { echo BUILD FAILED; tail -30 "$OUT/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s; ptxas entries: $(grep -c 'Compiling entry' "$OUT/ptxas.txt") spills>0: $(grep -E 'spill' "$OUT/ptxas.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads')"
left=$((595 - (SECONDS - t0)))
timeout $((left - 5)) .ci/gpu-check test
cd "$OUT" && tail -30 pytest.log > pytest_tail_call_E.txt; rm -f build.log ptxas.txt junit.xml pytest.log
