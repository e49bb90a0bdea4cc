import json, math, sys
rows = json.load(open(sys.argv[1] if len(sys.argv) > 1 else 'low_plan.json'))['rows']
t = {}
for r in rows:
    t.setdefault((r['layout'], r['m'], r['n'], r['k']), {})[r['requested']] = r
g = []
print(f"{'case':22s} {'plan':>22s} {'skinny':>18s} cuBLAS  skinny/plan  rel.err")
for k, v in t.items():
    a, s = v['auto'], v['skinny']
    g.append(s['ms_clean'] / a['ms_clean'])
    print(f"{k[0]} {k[1]:2d}x{k[2]:5d}x{k[3]:5d} {a['config'][:12]:>12s} {a['ms_clean']*1e3:8.2f} {s['config']:>10s} "
          f"{s['ms_clean']*1e3:7.2f} {a['cublas_ms_clean']*1e3:6.2f}  {g[-1]:6.3f}  {a['rel_err_vs_torch']:.1e}")
print(f"{len(g)} products, skinny/plan {min(g):.3f}-{max(g):.3f}, geomean {math.exp(sum(map(math.log, g)) / len(g)):.3f}")
