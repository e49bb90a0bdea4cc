import json,collections,sys,math
d=sys.argv[1]; pre=sys.argv[2]
R=[json.load(open(f'{d}/{pre}_{i}.json'))['rows'] for i in (1,2)]
t=collections.defaultdict(list); cu=collections.defaultdict(list); cfg={}
for rows in R:
    for r in rows:
        key=(r['layout'],r['m'],r['n'],r['k'])
        t[key+(r['requested'],)].append(r['ms_clean']*1e3); cu[key].append(r['cublas_ms_clean']*1e3)
        cfg[key+(r['requested'],)]=(r['kernel'],r['config'],r['split_k'])
print(f"{'case':22s} {'cuBLAS':>7s} {'auto':>32s} {'skinny':>24s}  skinny/auto  auto/cu  skinny/cu")
g=[]
for key in cu:
    c=min(cu[key]); a=min(t[key+('auto',)]); s=min(t[key+('skinny',)]); ca=cfg[key+('auto',)]; cs=cfg[key+('skinny',)]
    changed = ca[0]!='skinny'
    if changed: g.append(s/a)
    print(f"{key[0]} {key[1]:2d}x{key[2]:5d}x{key[3]:5d} {c:7.2f} {ca[1][:12]:>12s}({ca[2]}) {a:7.2f} {'*' if changed else ' '} {cs[1]:>12s}({cs[2]}) {s:7.2f}   {s/a:6.3f}    {c/a:6.3f}  {c/s:6.3f}")
if g: print(f"changed: {len(g)}, skinny/auto geomean {math.exp(sum(map(math.log,g))/len(g)):.3f}, min {min(g):.3f}, max {max(g):.3f}")
