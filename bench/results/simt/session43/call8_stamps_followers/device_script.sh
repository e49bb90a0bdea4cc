#!/bin/bash
# Session 43, call 8 (call 7's measurement build): does a kernel queued behind the call slow
# simt's epilogue (its split-K plane stores), or does it take running it? Per-block stamps of
# simt in the last step of [flush, 1024^3, X]: X nothing; a tiny add queued right behind;
# the add launched only after a host synchronize; 1025x1024x1024 with and without a sync after.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r8; mkdir -p $R
cat > /tmp/stamps2.py <<'PY'
import statistics, torch, tiledmm
a = torch.randn(1025, 1024, device="cuda"); b = torch.randn(1024, 1024, device="cuda")
one = torch.ones(1, device="cuda"); big = torch.ones(1 << 20, device="cuda")
flush = torch.empty(64 << 20, dtype=torch.int32, device="cuda")
sync = torch.cuda.synchronize
cases = {
    "1024^3": lambda: tiledmm.gemm(a[:1024], b),
    "1024^3, add queued": lambda: (tiledmm.gemm(a[:1024], b), one.add_(1)),
    "1024^3, sync, add": lambda: (tiledmm.gemm(a[:1024], b), sync(), one.add_(1)),
    "1024^3, 4 MB add queued": lambda: (tiledmm.gemm(a[:1024], b), big.add_(1)),
    "1024^3, sleep kernel queued": lambda: (tiledmm.gemm(a[:1024], b), torch.cuda._sleep(1000)),
    "1025": lambda: tiledmm.gemm(a, b),
    "1025, sync": lambda: (tiledmm.gemm(a, b), sync()),
}
for name, fn in cases.items():
    eps, exits = [], []
    for rep in range(6):
        for _ in range(8):
            flush.zero_(); fn()
        sync()
        s = torch.ops.tiledmm._simt_stamps(128).tolist()
        t0 = min(r[0] for r in s)
        eps.append(statistics.median((r[2] - r[1]) / 1e3 for r in s))
        exits.append(max((r[2] - t0) / 1e3 for r in s))
        slice_ep = [statistics.median((r[2] - r[1]) / 1e3 for r in s[z * 32:(z + 1) * 32]) for z in range(4)]
    print(f"{name:30s} epilogue median {statistics.median(eps):5.2f} us, last exit {statistics.median(exits):5.1f} us; "
          f"last rep's epilogue by slice {' '.join(f'{x:5.2f}' for x in slice_ep)}", flush=True)
PY
python /tmp/stamps2.py > $R/stamps2.txt 2>&1
cp exp/s43/call8.sh $R/device_script.sh
tar czf $OUT/results.tgz -C /tmp r8
cat $R/stamps2.txt
