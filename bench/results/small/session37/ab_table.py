import json,sys,collections,math
d=collections.defaultdict(lambda: collections.defaultdict(list)); plans={}; cub=collections.defaultdict(list); errs=[]
for f in sys.argv[1:]:
    for l in open(f):
        r=json.loads(l); key=(r["dtype"],r["layout"],r["shape"],r["kind"])
        d[key][r["build"]].append(r["us"]); plans[key,r["build"]]=r["plan"]; cub[key].append(r["cublas_us"]); errs.append((r["err"],key,r["build"]))
print("max err", max(errs))
rows=[]
for key,v in d.items():
    o=min(v["old"]); n=min(v["new"]); c=min(cub[key])
    rows.append((n/o,key,o,n,c))
rows.sort()
g=collections.defaultdict(list)
for ratio,key,o,n,c in rows:
    po=plans[key,"old"]; pn=plans[key,"new"]
    g[key[0],key[3]].append(math.log(ratio))
    print(f"{key[0]} {key[1]} {key[2]:>16} {key[3]:8} old {po[0][:7]} s{po[1]} {o:7.1f} -> new {pn[0][:7]} s{pn[1]} {n:7.1f}  x{ratio:.3f}  cuBLAS {c:7.1f}  new/cuBLAS {c/n:.2f}x")
for k,v in g.items(): print(k, "geomean new/old time", round(math.exp(sum(v)/len(v)),3), "n", len(v), "worse >5%:", sum(1 for x in v if x>math.log(1.05)), "better >5%:", sum(1 for x in v if x<math.log(0.95)))
