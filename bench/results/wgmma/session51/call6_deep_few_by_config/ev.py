import json, math
def cd(a,b): return -(-a//b)
CT={"128x96_ct_k128B_2wg_s6":(128,96),"128x112_ct_k128B_2wg_s6":(128,112),"128x144_ct_k128B_2wg_s5":(128,144),"64x80_ct_k256B_1wg_s5":(64,80)}
def tiles(cfg,m,n):
    if cfg in CT: bm,bn=CT[cfg]; return cd(n,bm)*cd(m,bn), bm+bn
    if cfg.startswith("128x128"): return cd(m,128)*cd(n,128), 256
rows=json.load(open("deep_few.json"))["rows"]
for r in rows: r["src"]="deep"
r5=json.load(open("ct_few.json"))["rows"]
for r in r5: r["src"]="ct"; r["layout"]="nn_off" if r["group"]=="b_off" else "nn_on"
allrows=rows+r5
def rule(r, cands, kmin):
    m,n,k=r["m"],r["n"],r["k"]
    if k<kmin: return "auto"
    if cd(m,128)*cd(n,128) > 132: return "auto"
    best=None
    for c in cands:
        if c not in r: continue
        t,per=tiles(c,m,n)
        if t>132: continue
        cost=t*per
        if best is None or cost<best[0]: best=(cost,c)
    return best[1] if best else "auto"
def evaluate(cands,kmin,label):
    g=[];worst=[]
    for r in allrows:
        c=rule(r,cands,kmin)
        ratio=min(r["auto"])/min(r[c])
        g.append(ratio); worst.append((ratio,r["src"],r["layout"],r["m"],r["n"],r["k"],c[:10]))
    worst.sort()
    print(label, "geomean speedup %.3f"%math.exp(sum(map(math.log,g))/len(g)), "n",len(g), "slower>3%:",sum(x<0.97 for x in g))
    print("   worst", worst[:5])
ct3=["128x96_ct_k128B_2wg_s6","128x112_ct_k128B_2wg_s6","128x144_ct_k128B_2wg_s5"]
for kmin in (512,1024,2048,3072):
    evaluate(ct3,kmin,f"CT3 k>={kmin}")
    evaluate(ct3+["64x80_ct_k256B_1wg_s5"],kmin,f"CT3+80 k>={kmin}")
    evaluate(ct3+["128x128_k128B_2wg_s6"],kmin,f"CT3+128 k>={kmin}")
