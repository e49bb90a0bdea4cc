import json,sys
d=sys.argv[1]; a=sys.argv[2]; b=sys.argv[3]
def rows(f): return {(r['layout'],r['m'],r['n'],r['k']):r for r in json.load(open(f))['rows']}
A=[rows(f'{d}/bs_{a}_{i}.json') for i in (1,2)]; B=[rows(f'{d}/bs_{b}_{i}.json') for i in (1,2)]
print(f"{'case':22s} {a:>5s}(S) {'us':>6s} | {b:>5s}(S) {'us':>6s} | cuBLAS | {a}/cu {b}/cu  speedup")
for key in A[0]:
    ta=min(x[key]['ms_clean'] for x in A)*1e3; tb=min(x[key]['ms_clean'] for x in B)*1e3
    cu=min([x[key]['cublas_ms_clean'] for x in A+B])*1e3
    print(f"{key[0]} {key[1]:2d}x{key[2]:5d}x{key[3]:5d}  {A[0][key]['config']:>10s}({A[0][key]['split_k']}) {ta:6.2f} | ({B[0][key]['split_k']}) {tb:6.2f} | {cu:6.2f} | {cu/ta:5.3f} {cu/tb:5.3f}  {ta/tb:5.3f}")
