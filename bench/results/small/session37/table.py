import json,sys,collections
rows=[json.loads(l) for l in open(sys.argv[1])]
by=collections.defaultdict(list)
for r in rows: by[(r["m"],r["n"],r["k"])].append(r)
print(f"{'shape':>16} {'cuBLAS':>7} {'auto':>7} {'autoplan':>22} | best (cand s few) | per config: s=1 / best split / few")
for key,rs in by.items():
    cub=[r for r in rs if r["cand"]=="cublas"][0]["us"]
    auto=[r for r in rs if r["cand"]=="auto"][0]
    others=[r for r in rs if r["cand"] not in("cublas","auto")]
    best=min(others,key=lambda r:r["us"])
    line=f"{'x'.join(map(str,key)):>16} {cub:7.1f} {auto['us']:7.1f} {str(auto['plan'][0][:7])+' s'+str(auto['plan'][1])+' '+str(auto['plan'][2]):>22} | {best['cand']} s{best['splits']}{' few' if best['few'] else ''} {best['us']:.1f} |"
    for c in ["128x64","128x128","128x256","64x64"]:
        cr=[r for r in others if r["cand"]==c]
        s1=[r for r in cr if r["splits"]==1 and not r["few"]]
        sp=[r for r in cr if not r["few"]]
        few=[r for r in cr if r["few"]]
        bs=min(sp,key=lambda r:r["us"])
        line+=f" {c}: {s1[0]['us']:.1f}/{bs['us']:.1f}(s{bs['splits']})" + (f"/{few[0]['us']:.1f}f" if few else "")
    print(line)
