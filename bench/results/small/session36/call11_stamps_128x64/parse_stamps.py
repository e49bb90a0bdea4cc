# Prints the measured call's stamps per case and block: per k-tile the producer's empty-wait
# pass and TMA issue, the consumer's full-wait pass and the k-tile's MMAs retired (cycles
# from each thread's entry), and the full-to-full steps.
import re, sys, collections
case = None; measured = False
rows = collections.defaultdict(lambda: collections.defaultdict(dict)); ends = {}
order = []
for line in open(sys.argv[1]):
    if line.startswith("==="): case = line.strip(); order.append(case); measured = False; continue
    if line.startswith("--- measured"): measured = True; continue
    if line.startswith("--- end"): measured = False; continue
    if not measured or not line.startswith("STAMP"): continue
    f = line.split()
    if f[1] == "P":
        blk, kt = int(f[3]), int(f[9]); rows[case][blk].setdefault(kt, {}).update(empty=int(f[11]), issue=int(f[13]), sync=int(f[7]))
    elif f[1] == "C":
        blk, kt = int(f[3]), int(f[5]); rows[case][blk].setdefault(kt, {}).update(full=int(f[7]), retired=int(f[9]))
    elif f[1] == "E":
        ends[(case, int(f[3]))] = " ".join(f[4:])
for case in order:
    print(case)
    for blk, kts in sorted(rows[case].items()):
        print(f"  block {blk}: {ends.get((case, blk), '')}")
        prev = None
        for kt in sorted(kts):
            r = kts[kt]
            step = r.get("full", 0) - prev if prev is not None and "full" in r else 0
            print(f"    kt {kt:2d} empty {r.get('empty', '-'):>6} issue {r.get('issue', '-'):>6} full {r.get('full', '-'):>6} retired {r.get('retired', '-'):>6} step {step:5d}")
            prev = r.get("full", prev)
