# Session 29 call 1: skinny as a programmatic dependent (PDL) + L2 prefetch of its first W steps.
gunzip -c exp/soz/s29a.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv > $OUT/gpu.txt
timeout 240 python -m pytest -q -x -p no:logging tests/test_skinny.py tests/test_bench.py tests/test_cuda_runtime.py > $OUT/pytest.log 2>&1; tail -3 $OUT/pytest.log
run() { # name PDL PF
  TILEDMM_SKINNY_PDL=$2 TILEDMM_SKINNY_PREFETCH_STEPS=$3 timeout 150 python bench/decode_stream.py --m 1,8,16 --reps 20 > $OUT/ds_$1.txt 2>&1
}
for r in 1 2; do
  run old_$r -1 0; run plain_$r 0 0; run pdl0_$r 1 0; run pdl1_$r 1 1; run pdl2_$r 1 2
done
for f in old plain pdl0 pdl1 pdl2; do for r in 1 2; do echo "== $f $r"; sed -E 's/ \(8 weights\)//; s/rel err.*//' $OUT/ds_${f}_$r.txt | grep -E "^ *n[tn]" | awk '{print $1, $2, $4, $6, $11}'; done; done > $OUT/summary.txt
python - <<'PY' >> $OUT/summary.txt
import re,os,collections
out=os.environ['OUT']; rows=collections.defaultdict(dict)
for f in ['old','plain','pdl0','pdl1','pdl2']:
  for r in (1,2):
    for line in open(f'{out}/ds_{f}_{r}.txt'):
      m=re.match(r'\s*(n[tn])\s+(\S+) \(8 weights\): tiledmm\s+([\d.]+) us\s+([\d.]+)%',line)
      if m: rows[(m[1],m[2])].setdefault(f,[]).append(float(m[4]))
print('layout shape', *['old','plain','pdl0','pdl1','pdl2'])
for k,v in rows.items(): print(*k, *[('/'.join(f'{x:.1f}' for x in v.get(f,[]))) for f in ['old','plain','pdl0','pdl1','pdl2']])
PY
cat $OUT/summary.txt | tail -20
