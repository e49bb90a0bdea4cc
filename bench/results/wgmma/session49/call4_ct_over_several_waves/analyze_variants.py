import json, math, sys, importlib
import torch
sys.path.insert(0, '/tmp/oldpkg'); import tiledmm as old
NAME = {"128x256_k128B_2wg_s4": "128x256", "128x128_k128B_2wg_s6": "128x128", "128x192_k128B_2wg_s4": "128x192",
        "128x96_ct_k128B_2wg_s6": "ct96", "128x112_ct_k128B_2wg_s6": "ct112", "128x144_ct_k128B_2wg_s5": "ct144"}
def flags(m, n, k, layout):
    # row-major A [m,k]: ld k; nn B row-major [k,n]: ld n; nt B col-major: ld k. bf16.
    def al(ld): return (2 * ld) % 16 == 0, (2 * ld) % 16 == 0 and (2 * ld) % 32 != 0
    a_al, a_off = al(k)
    b_al, b_off = al(n if layout == "nn" else k)
    return dict(a_aligned=a_al, a_off_sectors=a_off, b_aligned=b_al, b_off_sectors=b_off)
def wt(m, n, cfg):
    bn = {"ct96": 96, "ct112": 112, "ct144": 144}.get(cfg)
    if bn: tiles = math.ceil(n / 128) * math.ceil(m / bn); w = 0.54 * 128 * bn / 16384
    else:
        b = {"128x256": 256, "128x192": 192, "128x128": 128}[cfg]; tiles = math.ceil(m / 128) * math.ceil(n / b)
        w = {"128x256": 1.0, "128x192": 0.81, "128x128": 0.54}[cfg]
    return math.ceil(tiles / 132) * w, tiles
rows = []
for L in ("nn", "nt"):
    for r in json.load(open(f"/work/.device/4/r4/grid_{L}.json"))["rows"]:
        m, n, k = map(int, r["shape"].split("x"))
        f = flags(m, n, k, L)
        po = old.plan(m, n, k, torch.bfloat16, b_col_major=L == "nt", compute_capability=(9, 0), sm_count=132, **f)
        oc = NAME.get(po["config"])
        rows.append(dict(shape=r["shape"], L=L, f=f, old=oc, t={c: r[c] for c in NAME.values()}, auto=r["auto"], cublas=r["cublas"]))
def variant(row, allowed, need_b_on):
    m, n, k = map(int, row["shape"].split("x"))
    f, rule = row["f"], row["old"]
    if rule not in ("128x128", "128x192", "128x256"): return rule
    if not f["b_aligned"] or f["a_off_sectors"] or n > 2 * m: return rule
    best, bt = rule, wt(m, n, rule)[0]
    for c in ("ct96", "ct112", "ct144"):
        t, tiles = wt(m, n, c)
        multi = tiles > 132
        if multi and (c not in allowed or (need_b_on and f["b_off_sectors"])): continue
        if t < bt: best, bt = c, t
    return best
for name, allowed, need in (("all", {"ct96", "ct112", "ct144"}, False), ("all, B on sectors", {"ct96", "ct112", "ct144"}, True),
                            ("ct144", {"ct144"}, False), ("ct144, B on sectors", {"ct144"}, True),
                            ("ct112+144, B on", {"ct112", "ct144"}, True)):
    ratios = []
    lines = []
    for row in rows:
        if row["old"] is None: continue
        v = variant(row, allowed, need)
        if v == row["old"]: continue
        ratio = row["t"][row["old"]] / row["t"][v]
        ratios.append(ratio)
        lines.append(f"   {row['L']} {row['shape']:>16s} {row['old']}->{v} {row['t'][row['old']]:.1f}->{row['t'][v]:.1f} ({ratio:.3f}) cublas {row['cublas']:.1f}")
    g = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else 1
    print(f"{name}: {len(ratios)} changed, geomean speed {g:.3f}, min {min(ratios, default=1):.3f}, slower {sum(x < 0.99 for x in ratios)}")
    if "-v" in sys.argv: print("\n".join(lines))
# per C^T config: the rows where the unrestricted model picks it (several waves), against the old plan
import collections
stats = collections.defaultdict(list)
for row in rows:
    if row["old"] is None: continue
    v = variant(row, {"ct96", "ct112", "ct144"}, False)
    if v == row["old"] or not v.startswith("ct"): continue
    stats[v].append(row["t"][row["old"]] / row["t"][v])
for c, r in stats.items():
    print(c, len(r), "slower", sum(x < 0.99 for x in r), "range", round(min(r), 3), round(max(r), 3))
