import json,sys,collections
d=sys.argv[1]
R=[json.load(open(f'{d}/cfg_{i}.json'))['rows'] for i in (1,2)]
t=collections.defaultdict(list); cu=collections.defaultdict(list); cfg={}; split={}
for rows in R:
    for r in rows:
        key=(r['layout'],r['m'],r['n'],r['k']); spec=r['requested'] if r['requested']!='auto' else 'auto'
        t[key+(spec,)].append(r['ms_clean']*1e3); cu[key].append(r['cublas_ms_clean']*1e3)
        split[key+(spec,)]=r['split_k']
        if spec=='auto': cfg[key]=r['config']
specs=['auto','skinny:r16_w8_u4','skinny:r32_w8_u2','skinny:r32_w16_u1','skinny:r32_w8_u1','skinny:r32_w8_bulk']
print(f"{'case':22s} {'cuBLAS':>7s} {'auto(cfg)':>22s} " + ' '.join(f"{s.split(':')[-1]:>14s}" for s in specs[1:]))
for key in cu:
    c=min(cu[key]); a=min(t[key+('auto',)])
    vals=[min(t[key+(s,)]) for s in specs[1:]]
    best=min(vals)
    line=f"{key[0]} {key[1]:2d}x{key[2]:5d}x{key[3]:5d} {c:7.2f} {a:7.2f}({cfg[key]:>10s},{split[key+('auto',)]}) "
    line+=' '.join(f"{v:8.2f}({split[key+(s,)]:2d}){'*' if v==best else ' '}" for v,s in zip(vals,specs[1:]))
    line+=f"  auto/cu {c/a:.3f} best/cu {c/best:.3f}"
    print(line)
