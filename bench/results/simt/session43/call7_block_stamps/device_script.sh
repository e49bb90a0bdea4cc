#!/bin/bash
# Session 43, call 7 (measurement build: HEAD + few_rows/simt switches + simt_stamps_measurement.diff):
# per-block %globaltimer stamps of simt (start, end of main loop, exit, SM) in the last step
# of a flush loop, for 1024^3, 1024^3 followed by a tiny add, and 1025x1024x1024.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r7; mkdir -p $R
cat > /tmp/stamps.py <<'PY'
import json, statistics, sys, torch, tiledmm
a = torch.randn(1025, 1024, device="cuda"); b = torch.randn(1024, 1024, device="cuda")
one = torch.ones(1, device="cuda")
flush = torch.empty(64 << 20, dtype=torch.int32, device="cuda")
cases = {
    "1024^3": lambda: tiledmm.gemm(a[:1024], b),
    "1024^3+add": lambda: (tiledmm.gemm(a[:1024], b), one.add_(1)),
    "1025": lambda: tiledmm.gemm(a, b),
}
out = {}
for name, fn in cases.items():
    samples = []
    for rep in range(6):
        for _ in range(8):
            flush.zero_(); fn()
        torch.cuda.synchronize()
        s = torch.ops.tiledmm._simt_stamps(128).tolist()
        t0 = min(r[0] for r in s)
        rows = [((r[0] - t0) / 1e3, (r[1] - t0) / 1e3, (r[2] - t0) / 1e3, r[3]) for r in s]
        samples.append(rows)
        starts = sorted(r[0] for r in rows); loops = sorted(r[1] - r[0] for r in rows); ends = sorted(r[2] for r in rows)
        epi = sorted(r[2] - r[1] for r in rows)
        print(f"{name:12s} rep {rep}: start spread {starts[-1]:5.2f} us; main loop med {statistics.median(loops):5.1f} "
              f"min {loops[0]:5.1f} max {loops[-1]:5.1f}; epilogue med {statistics.median(epi):4.2f} max {epi[-1]:4.2f}; "
              f"last exit {ends[-1]:5.1f} (median exit {statistics.median(ends):5.1f}); SMs {len(set(r[3] for r in rows))}", flush=True)
    out[name] = samples
json.dump(out, open(sys.argv[1], "w"))
PY
python /tmp/stamps.py $R/stamps.json > $R/stamps.txt 2>&1
cp exp/s43/call7.sh $R/device_script.sh; cp exp/s43/*.diff $R/
tar czf $OUT/results.tgz -C /tmp r7
cat $R/stamps.txt
