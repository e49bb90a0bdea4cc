# Session 29 call 3 (build s29b): the decode stream with a kernel writing X before each product; old kernel vs PDL + first-wave prefetch.
gunzip -c exp/soz/s29b.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
timeout 120 python -m pytest -q -x -p no:logging tests/test_bench.py > $OUT/pytest.log 2>&1; tail -1 $OUT/pytest.log
V="old wave1"
run() { # name PDL PF MODE
  TILEDMM_SKINNY_PDL=$2 TILEDMM_SKINNY_PREFETCH_STEPS=$3 TILEDMM_SKINNY_PREFETCH_BLOCKS=$4 timeout 150 python bench/decode_stream.py --m 1,8,16 --reps 20 --between write-x > $OUT/ds_$1.txt 2>&1
}
for r in 1 2; do run old_$r -1 0 0; run wave1_$r 1 1 1; done
python - $V <<'PY' > $OUT/summary.txt
import re,os,sys,collections
out=os.environ['OUT']; V=sys.argv[1:]; rows=collections.defaultdict(dict)
for f in V:
  for r in (1,2):
    for line in open(f'{out}/ds_{f}_{r}.txt'):
      m=re.match(r'\s*(n[tn])\s+(\S+) \(8 weights\): tiledmm\s+([\d.]+) us\s+([\d.]+)%.*x([\d.]+) \| rel.*write_x ([\d.]+) us: x([\d.]+)',line)
      if m: rows[(m[1],m[2])].setdefault(f,[]).append(f'{float(m[4]):.1f}%,{m[5]},step x{m[7]}')
print('layout shape', *V)
for k,v in rows.items(): print(*k, *[('/'.join(v.get(f,[]))) for f in V])
PY
cat $OUT/summary.txt; head -3 $OUT/ds_old_1.txt
