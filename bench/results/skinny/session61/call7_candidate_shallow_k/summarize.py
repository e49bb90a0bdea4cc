import json,collections,sys
d=sys.argv[1]; pre=sys.argv[2]
R=[json.load(open(f'{d}/{pre}_{i}.json'))['rows'] for i in (1,2)]
t=collections.defaultdict(list); cu=collections.defaultdict(list); cfg={}
for rows in R:
    for r in rows:
        key=(r['layout'],r['m'],r['n'],r['k'])
        t[key+(r['requested'],)].append(r['ms_clean']*1e3); cu[key].append(r['cublas_ms_clean']*1e3)
        cfg[key+(r['requested'],)]=(r['config'],r['split_k'])
specs=['auto','wgmma:64x32_ct_k256B_1wg_s8']
print(f"{'case':20s} {'cuBLAS':>6s} {'auto':>24s} " + ' '.join(f"{s.split(':')[-1][:10]:>13s}" for s in specs[1:]))
for key in cu:
    c=min(cu[key]); vals=[min(t[key+(s,)]) for s in specs]; best=min(vals[1:])
    print(f"{key[0]} {key[1]:2d}x{key[2]:5d}x{key[3]:5d} {c:6.2f} {cfg[key+('auto',)][0][:14]:>14s}({cfg[key+('auto',)][1]}) {vals[0]:6.2f} " +
          ' '.join(f"{v:7.2f}({cfg[key+(s,)][1]}){'*' if v==best else ' '}" for v,s in zip(vals[1:],specs[1:])) + f"  auto/cu {c/vals[0]:.3f} best/cu {c/best:.3f}")
