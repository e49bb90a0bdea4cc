"""Fit t = rounds * (kbytes/256 * (a_c + b_c * busy) + f_c) + [s>1] (r0 + rb * 8 s M N / 1e6) per dtype group."""
import json,sys,collections,math
import numpy as np
SMS=132
CF=["128x64","128x128","128x256","64x64"]
SLOTS={"128x64":SMS,"128x128":SMS,"128x256":SMS,"64x64":2*SMS}
KTB={"128x64":256,"128x128":128,"128x256":128,"64x64":128}
def geom(r, elem, c_t):
    c=r["cand"]; bm,bn=map(int,c.split("x")); m,n,k=r["m"],r["n"],r["k"]
    if c_t: m,n=n,m
    tiles=math.ceil(m/bm)*math.ceil(n/bn); s=r["plan"][1]
    kt=math.ceil(k*elem/KTB[c]); kts=math.ceil(kt/s)
    return tiles,s,kts,m,n
def feats(c,tiles,s,kts,m,n):
    x=np.zeros(3*len(CF)+2); i=CF.index(c)
    rounds=math.ceil(tiles*s/SLOTS[c]); busy=min(tiles*s,SLOTS[c])/SLOTS[c]
    u=rounds*kts*KTB[c]/256
    x[3*i]=u; x[3*i+1]=u*busy; x[3*i+2]=rounds
    if s>1: x[-2]=1; x[-1]=8*s*m*n/1e6
    return x
def load(f):
    elem=4 if "tf32" in f else 2
    c_t = "tf32_nn" in f   # TF32 with B row-major: the kernel computes C^T
    rows=[]
    for l in open(f):
        r=json.loads(l)
        if r["cand"] in ("auto","cublas") or r["few"] or tuple(r["plan"][2])!=(0,0): continue
        r["x"]=feats(r["cand"],*geom(r,elem,c_t)); rows.append(r)
    return rows
def fit(rows):
    X=np.array([r["x"] for r in rows]); y=np.array([r["us"] for r in rows]); w=1/y
    p,*_=np.linalg.lstsq(X*w[:,None],y*w,rcond=None)
    rel=(X@p-y)/y
    return p,rel
if __name__=="__main__":
    groups=collections.defaultdict(list)
    for f in sys.argv[1:]:
        g="tf32" if "tf32" in f else "16bit"
        groups[g]+=load(f); groups["all"]+=load(f)
    for g,rows in groups.items():
        p,rel=fit(rows)
        print(f"== {g}: {len(rows)} points; rel err median {np.median(abs(rel)):.3f} p90 {np.percentile(abs(rel),90):.3f} max {abs(rel).max():.3f}")
        for i,c in enumerate(CF): print(f"  {c}: {p[3*i]:.3f} + {p[3*i+1]:.3f} busy us per 256 B of K, {p[3*i+2]:.2f} us per round")
        print(f"  split-K: {p[-2]:.2f} us + {p[-1]:.3f} us per MB of partials")
        np.save(f"/tmp/p_{g}.npy",p)
