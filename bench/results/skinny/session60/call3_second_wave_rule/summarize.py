import json,sys,collections
d=sys.argv[1]
R=[json.load(open(f'{d}/new_old_{i}.json'))['rows'] for i in (1,2)]
t=collections.defaultdict(list); cu=collections.defaultdict(list); cfg={}
for rows in R:
    for r in rows:
        key=(r['layout'],r['m'],r['n'],r['k'])
        t[key+(r['requested'],)].append(r['ms_clean']*1e3); cu[key].append(r['cublas_ms_clean']*1e3)
        cfg[key+(r['requested'],)]=(r['config'],r['split_k'])
print(f"{'case':22s} {'new plan':>16s} {'us':>6s} | {'old (r16_w8_u4)':>16s} {'us':>6s} | {'cuBLAS':>6s} | new/cu old/cu  old/new")
import math
g=[]
for key in cu:
    n=min(t[key+('auto',)]); o=min(t[key+('skinny:r16_w8_u4',)]); c=min(cu[key])
    g.append(o/n)
    print(f"{key[0]} {key[1]:2d}x{key[2]:5d}x{key[3]:5d} {cfg[key+('auto',)][0]:>13s}({cfg[key+('auto',)][1]}) {n:6.2f} | {cfg[key+('skinny:r16_w8_u4',)][0]:>13s}({cfg[key+('skinny:r16_w8_u4',)][1]}) {o:6.2f} | {c:6.2f} | {c/n:.3f} {c/o:.3f}  {o/n:.3f}")
print('geomean old/new', math.exp(sum(map(math.log,g))/len(g)), 'min', min(g), 'max', max(g))
