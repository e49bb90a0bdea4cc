# Session 29 call 7 (build s29b, env-switched variants): with write_x before each product (a kernel not ours ahead), is the M = 8 loss the prefetch or the allocation? old / pdl0 (PDL, no prefetch) / wave1 (PDL + first-wave prefetch).
gunzip -c exp/soz/s29b.so.gz > tiledmm/_C.abi3.so
export PYTHONPATH=$PWD
run() { TILEDMM_SKINNY_PDL=$2 TILEDMM_SKINNY_PREFETCH_STEPS=$3 TILEDMM_SKINNY_PREFETCH_BLOCKS=$4 timeout 100 python bench/decode_stream.py --m 1,8,16 --layouts nt --reps 20 --between write-x > $OUT/dsx_$1.txt 2>&1; }
for r in 1 2; do run old_$r -1 0 0; run pdl0_$r 1 0 0; run wave1_$r 1 1 1; done
python - <<'PY' > $OUT/summary.txt
import re,os,collections
out=os.environ['OUT']; V=['old','pdl0','wave1']; rows=collections.defaultdict(dict)
for f in V:
  for r in (1,2):
    for line in open(f'{out}/dsx_{f}_{r}.txt'):
      m=re.match(r'\s*(n[tn])\s+(\S+) \(8 weights\): tiledmm\s+([\d.]+) us.*cuBLAS\s+([\d.]+) us',line)
      if m: rows[(m[1],m[2])].setdefault(f,[]).append(m[3]+'/'+m[4])
print('layout shape (tiledmm/cuBLAS step us, rounds 1 2)', *V)
for k,v in rows.items(): print(*k, *[' '.join(v.get(f,[])) for f in V])
PY
cat $OUT/summary.txt
