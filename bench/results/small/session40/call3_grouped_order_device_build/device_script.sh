#!/usr/bin/env bash
# Session 40 call 3 (the warm machine of call 2, whose build it left in build/s40/new.so; call 2
# ran out of time in its last round and its files did not all come back): kernel times again,
# rounds old, new, new, old; the full GPU suite; compute-sanitizer memcheck of the simt, mma and wgmma workload, synccheck of
# simt + mma.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r; mkdir -p $R  # only results.tgz goes to $OUT (the fetch takes few files)
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
test -f build/s40/new.so || { echo "no build/s40/new.so: not call 2's machine"; exit 3; }
cp build/s40/new.so tiledmm/_C.abi3.so; md5sum tiledmm/_C.abi3.so | tee $R/md5.txt
git log --oneline -1 > $R/head.txt; git status --short >> $R/head.txt
Z -q -d --long=27 exp/S39_base_s.so.zst -o /tmp/old.so || exit 1
cp build/s40/new.so /tmp/new.so; md5sum /tmp/old.so /tmp/new.so > $R/md5.txt
F32=128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,1024x1024x1024,1025x1023x1021,2048x2048x2048
BF=256x256x256,512x512x512,1024x1024x1024,2048x2048x2048
WG=64x64x64,256x256x256,512x512x512,768x768x768,1024x1024x1024,1536x1024x2048
for round in old new new old; do
  cp /tmp/$round.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm $F32 --dtype fp32 --top 2 > $R/kt_simt_${round}_$SECONDS.txt 2>&1; echo "simt $round rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm $BF --dtype bf16 --kernel mma --top 2 > $R/kt_mma_${round}_$SECONDS.txt 2>&1; echo "mma $round rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm $WG --dtype bf16 --top 2 > $R/kt_wgmma_${round}_$SECONDS.txt 2>&1; echo "wgmma $round rc=$? $SECONDS s"
done
for fam in simt mma wgmma; do python exp/kt_table.py $R/kt_${fam}_*.txt > $R/kt_table_${fam}.txt; done
cat $R/kt_table_*.txt
save
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 220 python -m pytest -q -p no:logging -rs tests > $R/suite.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/suite.log
save
export PYTORCH_NO_CUDA_MEMORY_CACHING=1
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt mma > $R/san_memcheck_simt_mma.txt 2>&1; echo "memcheck simt mma rc=$? $SECONDS s"; tail -2 $R/san_memcheck_simt_mma.txt
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16,float32 > $R/san_memcheck_wgmma.txt 2>&1; echo "memcheck wgmma rc=$? $SECONDS s"; tail -2 $R/san_memcheck_wgmma.txt
timeout 120 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py simt mma > $R/san_synccheck_simt_mma.txt 2>&1; echo "synccheck simt mma rc=$? $SECONDS s"; tail -2 $R/san_synccheck_simt_mma.txt
save
