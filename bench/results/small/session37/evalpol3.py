import json,sys,collections,math
import numpy as np
from fit2 import feats, CF, SLOTS, KTB
p=np.load("/tmp/p_all.npy")
def model(c,m,n,k,s,elem):
    bm,bn=map(int,c.split("x")); tiles=math.ceil(m/bm)*math.ceil(n/bn)
    kt=math.ceil(k*elem/KTB[c]); kts=math.ceil(kt/s)
    return feats(c,tiles,s,kts,m,n)@p
def splits(c,m,n,k,elem):
    kt=math.ceil(k*elem/KTB[c]); most=min(16, kt//(16*128//KTB[c]))
    bm,bn=map(int,c.split("x")); tiles=math.ceil(m/bm)*math.ceil(n/bn)
    out=[1]
    if tiles>=SLOTS[c]: return out
    for s in range(2,most+1):
        sl=math.ceil(kt/s)
        if math.ceil(kt/sl)==s: out.append(s)
    return out
def best_s(c,m,n,k,elem): return min(splits(c,m,n,k,elem),key=lambda s:model(c,m,n,k,s,elem))
tot=collections.Counter()
for f in sys.argv[2:]:
    elem=4 if "tf32" in f else 2; ct="tf32_nn" in f
    by=collections.defaultdict(list)
    for l in open(f):
        r=json.loads(l); by[(r["m"],r["n"],r["k"])].append(r)
    for (m,n,k),rs in by.items():
        meas={(r["cand"],r.get("splits")):r["us"] for r in rs if not r.get("few")}
        auto=[r for r in rs if r["cand"]=="auto"][0]; cub=meas[("cublas",None)]
        km,kn=(n,m) if ct else (m,n)
        cfg=auto["plan"][0].split("_")[0]
        sq=math.ceil(km/128)*math.ceil(kn/128)
        deep = k*elem>=int(sys.argv[1]) and sq<119 and km>64 and kn>64
        if deep:
            c=min(["128x128","128x64","64x64"],key=lambda c:model(c,km,kn,k,best_s(c,km,kn,k,elem),elem))
        else:
            c=cfg
            nar=math.ceil(km/128)*math.ceil(kn/64)
            if cfg=="128x64" and kn>64 and sq<=132 and nar>132 and best_s("128x128",km,kn,k,elem)==1: c="128x128"
        s=best_s(c,km,kn,k,elem)
        t_new=meas.get((c,s)) or meas.get((c,min([ss for (cc,ss) in meas if cc==c],key=lambda x:abs(x-s))))
        t_auto=auto["us"]
        orc=min(v for (cc,_),v in meas.items() if cc not in("cublas","auto"))
        tot[f,"auto"]+=math.log(t_auto/cub); tot[f,"new"]+=math.log(t_new/cub); tot[f,"oracle"]+=math.log(orc/cub); tot[f,"n"]+=1
        flag=("  BETTER" if t_new<0.93*t_auto else ("  WORSE" if t_new>1.07*t_auto else ""))
        if flag or "-v" in sys.argv[1:2]: print(f"{f[-12:-6]} {m}x{n}x{k}: cuBLAS {cub:.1f} auto {cfg} s{auto['plan'][1]} {t_auto:.1f} -> {c} s{s} {t_new} (oracle {orc:.1f}){flag}")
    print(f, " ".join(f"{kk} {math.exp(tot[f,kk]/tot[f,'n']):.3f}" for kk in ("auto","new","oracle")))
