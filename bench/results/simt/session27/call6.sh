# Session 27, call 6: aligned products through each simt config (gemm, linear + bias), A (HEAD's build)
# against B (s27b), alternating, three rounds.
mkdir -p /tmp/A && cp -r bench tests tiledmm exp /tmp/A/ && gunzip -c exp/soz/new.so.gz > /tmp/A/tiledmm/_C.abi3.so
gunzip -c exp/soz/s27b.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
for r in 1 2 3; do
  (cd /tmp/A && PYTHONPATH=/tmp/A timeout 60 python exp/s27/ab2.py > $OUT/ab2_A_$r.txt 2>&1)
  timeout 60 python exp/s27/ab2.py > $OUT/ab2_B_$r.txt 2>&1
done
for f in $OUT/ab2_*; do echo "== $f"; cat $f; done
