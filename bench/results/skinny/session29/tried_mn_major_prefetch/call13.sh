# Session 29 call 13 (build s29e: MN-major W prefetched too, one 64-byte bulk prefetch per k; TILEDMM_SKINNY_MN_PREFETCH=0 switches it off): nn decode stream, back to back and behind write_x, alternating, 2 rounds; skinny tests.
gunzip -c exp/soz/s29e.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
timeout 150 python -m pytest -q -x -p no:logging tests/test_skinny.py tests/test_bench.py > $OUT/pytest.log 2>&1; tail -1 $OUT/pytest.log
run() { TILEDMM_SKINNY_MN_PREFETCH=$2 timeout 100 python bench/decode_stream.py --m 1,8,16 --layouts nn --reps 20 $3 > $OUT/ds_$1.txt 2>&1; }
for r in 1 2; do run off_$r 0; run on_$r 1; run xoff_$r 0 "--between write-x"; run xon_$r 1 "--between write-x"; done
python - <<'PY' | tee $OUT/summary.txt
import re,os
out=os.environ['OUT']; rows={}
for v in ['off','on','xoff','xon']:
  for r in (1,2):
    for line in open(f'{out}/ds_{v}_{r}.txt'):
      m=re.match(r'\s*(n[tn])\s+(\S+) \(8 weights\): tiledmm\s+([\d.]+) us\s+([\d.]+)%.*cuBLAS\s+([\d.]+) us',line)
      if m: rows.setdefault(m[2],{}).setdefault(v,[]).append(f'{m[3]}/{m[5]}')
print('nn shape: tiledmm/cuBLAS us, rounds 1 2: back to back off | on || write_x + product off | on')
for k,d in rows.items(): print(k, ' | '.join(' '.join(d[v]) for v in ['off','on','xoff','xon']))
PY
