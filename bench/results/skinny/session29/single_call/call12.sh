# Session 29 call 12 (build s29b, env-switched): single-call timing (bench_skinny.py) of old (-1), new kernel plain launch (0 0), programmatic + one-wave prefetch (1 1 2, the committed policy), alternating, 2 rounds.
gunzip -c exp/soz/s29b.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
S=1x4096x4096,8x4096x4096,16x4096x4096,1x11008x4096,16x11008x4096,16x4096x11008
run() { TILEDMM_SKINNY_PDL=$2 TILEDMM_SKINNY_PREFETCH_STEPS=$3 TILEDMM_SKINNY_PREFETCH_BLOCKS=$4 timeout 100 python bench/bench_skinny.py --layouts nt,nn --shapes $S > $OUT/sc_$1.txt 2>&1; }
for r in 1 2; do run old_$r -1 0 0; run plain_$r 0 0 0; run pdl_$r 1 1 2; done
python - <<'PY' | tee $OUT/summary.txt
import re,os
out=os.environ['OUT']; V=['old','plain','pdl']; rows={}
for v in V:
  for r in (1,2):
    for line in open(f'{out}/sc_{v}_{r}.txt'):
      f=line.split()
      if len(f)>14 and f[0] in ('nt','nn'):
        key=(f[0],' '.join(f[1:4]) if 'x' in f[2] else f[1]); key=(f[0],re.sub(r'\s+','',' '.join(f[1:f.index(next(x for x in f if x.startswith('skinny')))])))
        i=f.index(next(x for x in f if x.startswith('skinny')))
        rows.setdefault(key,{}).setdefault(v,[]).append((float(f[i+2]),float(f[i+7]),float(f[i+4]),float(f[i+9])))
print('shape: variant dirty us / clean us (rounds 1, 2); cuBLAS dirty/clean us')
for k,d in rows.items():
  print(*k, ' | '.join(v+' '+' '.join(f'{a:.2f}/{b:.2f}' for a,b,_,_ in d[v]) for v in V), '| cuBLAS', ' '.join(f'{c:.2f}/{e:.2f}' for v in V for _,_,c,e in d[v]))
PY
