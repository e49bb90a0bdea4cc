#!/usr/bin/env bash
# Session 40 call 9: the crash of call 8 (a CPU-only device build, torch.ops.tiledmm._kernel_table)
# under AddressSanitizer: a CPU-only build with -fsanitize=address -g, the smoke run with libasan
# preloaded, our frames resolved with addr2line.
set -u
cd "$(dirname "$0")/.."
rm -rf /tmp/asantree && mkdir /tmp/asantree && git archive HEAD | tar x -C /tmp/asantree && cd /tmp/asantree
( CFLAGS="-fsanitize=address -fno-omit-frame-pointer -g" LDFLAGS="-fsanitize=address" TILEDMM_CPU_ONLY=1 MAX_JOBS=16 python setup.py build_ext --inplace ) > /tmp/asanbuild.log 2>&1; echo "asan build rc=$? $SECONDS s"; tail -2 /tmp/asanbuild.log
export PYTHONPATH=/tmp/asantree
cat > /tmp/smoke.py <<'PY'
import torch, tiledmm
print('table', len(torch.ops.tiledmm._kernel_table()), flush=True)
PY
LIBASAN=$(g++ -print-file-name=libasan.so); echo "libasan: $LIBASAN"
LD_PRELOAD=$LIBASAN ASAN_OPTIONS=detect_leaks=0:symbolize=1 timeout 120 python /tmp/smoke.py > /tmp/asan.txt 2>&1; echo "asan smoke rc=$?"
grep -v "^    #[0-9]* 0x[0-9a-f]* in .*python3\|libpython" /tmp/asan.txt | head -60
SO=$(ls /tmp/asantree/tiledmm/_C*.so)
grep -o "_C[^ ]*\.so+0x[0-9a-f]*" /tmp/asan.txt | head -12 | while read f; do off=${f##*+}; echo "$off: $(addr2line -f -C -i -e $SO $off | tr '\n' ' ')"; done
