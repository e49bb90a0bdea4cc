"""Session 70: which part of do_bench's regime makes the fused activation cost +20% over bias
alone (ncu's isolated launch: +7.5%, back to back: +6.5%). Each (layer, case) is timed in
several regimes, each regime a block of ~`seconds` of calls with nvidia-smi sampling power and
SM clock:

  do_bench     triton.testing.do_bench (the target's regime)
  zero         256 MB zeroed before each call (do_bench's flush: L2 full of dirty lines)
  read         256 MB read before each call (L2 full of clean lines)
  zero+read    256 MB zeroed, then 128 MB of another buffer read (dirty lines written back first)
  zero+sleep   256 MB zeroed, then a ~150 us one-thread spin (dirty L2, the GPU's power at rest)
  sleep        the spin alone (L2 holds the last call's lines; power at rest)
  b2b          back to back, batches of 10 calls timed together
"""
import json
import os
import statistics
import sys
import tempfile
import time

import torch
import torch.nn.functional as F
import triton.testing

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
import tiledmm  # noqa: E402
from power_clock import start_sampler, parse_sample, window_stats  # noqa: E402

SHAPES = [(8192, 4096, 4096), (4096, 4096, 11008), (8192, 4096, 14336)]
PP = "wgmma:128x128_k128B_pingpong_s6"
SPIN_CYCLES = 250_000  # ~150 us at ~1.7 GHz


def timed(fn, before, seconds, reps_cap=400):
    pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(16)]
    for _ in range(3):
        if before:
            before()
        fn()
    torch.cuda.synchronize()
    began, out = time.time(), []
    while time.time() - began < seconds and len(out) < reps_cap:
        for s, e in pairs:
            if before:
                before()
            s.record()
            fn()
            e.record()
        pairs[-1][1].synchronize()
        out.extend(s.elapsed_time(e) for s, e in pairs)
    return statistics.median(out), began, time.time()


def b2b(fn, seconds):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    began, out = time.time(), []
    while time.time() - began < seconds:
        s.record()
        for _ in range(10):
            fn()
        e.record()
        e.synchronize()
        out.append(s.elapsed_time(e) / 10)
    return statistics.median(out), began, time.time()


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 0.4
    out_path = sys.argv[2] if len(sys.argv) > 2 else "regimes.json"
    zero_buf = torch.empty(int(256e6), dtype=torch.int8, device="cuda")
    read_buf = torch.ones(64 << 20, dtype=torch.float32, device="cuda")   # 256 MB
    read_half = torch.ones(32 << 20, dtype=torch.float32, device="cuda")  # 128 MB
    spin = lambda: torch.cuda._sleep(SPIN_CYCLES)  # noqa: E731
    regimes = {
        "zero": lambda fn: timed(fn, zero_buf.zero_, seconds),
        "read": lambda fn: timed(fn, read_buf.sum, seconds),
        "zero+read": lambda fn: timed(fn, lambda: (zero_buf.zero_(), read_half.sum()), seconds),
        "zero+sleep": lambda fn: timed(fn, lambda: (zero_buf.zero_(), spin()), seconds),
        "sleep": lambda fn: timed(fn, spin, seconds),
        "b2b": lambda fn: b2b(fn, seconds),
    }
    samples_path = os.path.join(tempfile.mkdtemp(), "samples.csv")
    sampler, _ = start_sampler(samples_path)
    rows = []
    try:
        for tokens, fan_in, fan_out in SHAPES:
            x = torch.randn(tokens, fan_in, device="cuda", dtype=torch.bfloat16)
            w = torch.randn(fan_out, fan_in, device="cuda", dtype=torch.bfloat16) / fan_in**0.5
            b = torch.randn(fan_out, device="cuda", dtype=torch.bfloat16)
            cases = [
                ("torch bias", lambda: F.linear(x, w, b)),
                ("torch bias+gelu", lambda: F.gelu(F.linear(x, w, b))),
                ("torch bias+silu", lambda: F.silu(F.linear(x, w, b))),
                ("ours bias", lambda: tiledmm.linear(x, w, b)),
                ("ours relu", lambda: tiledmm.linear(x, w, b, activation="relu")),
                ("ours gelu", lambda: tiledmm.linear(x, w, b, activation="gelu")),
                ("ours silu", lambda: tiledmm.linear(x, w, b, activation="silu")),
                ("pp bias", lambda: tiledmm.linear(x, w, b, kernel=PP)),
                ("pp gelu", lambda: tiledmm.linear(x, w, b, activation="gelu", kernel=PP)),
            ]
            shape = f"{tokens}x{fan_in}->{fan_out}"
            for case, fn in cases:
                ms = triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median")
                rows.append(dict(shape=shape, case=case, regime="do_bench", ms=ms, begin=None, end=None))
                for name, regime in regimes.items():
                    ms, begin, end = regime(fn)
                    rows.append(dict(shape=shape, case=case, regime=name, ms=ms, begin=begin, end=end))
                    time.sleep(0.05)
                print(shape, case, " ".join(f"{r['regime']}={r['ms']:.4f}" for r in rows if r['shape'] == shape
                                             and r['case'] == case), flush=True)
    finally:
        time.sleep(0.1)
        sampler.terminate()
        sampler.wait()
    with open(samples_path) as f:
        samples = [s for s in map(parse_sample, f) if s is not None]
    for r in rows:
        if r["begin"] is not None:
            r.update(window_stats(samples, r["begin"], r["end"]))
    with open(out_path, "w") as f:
        json.dump(dict(gpu=torch.cuda.get_device_name(), seconds=seconds, rows=rows), f, indent=1)
    # Table: per shape, per regime, ms of each case and gelu's / silu's cost over bias.
    for shape in dict.fromkeys(r["shape"] for r in rows):
        print(f"\n{shape}")
        names = list(dict.fromkeys(r["regime"] for r in rows))
        cases = list(dict.fromkeys(r["case"] for r in rows))
        print(f"{'case':>16} " + " ".join(f"{n:>11}" for n in names))
        get = {(r["case"], r["regime"]): r for r in rows if r["shape"] == shape}
        for case in cases:
            print(f"{case:>16} " + " ".join(f"{get[case, n]['ms']:11.4f}" for n in names))
        for case in cases:
            print(f"{case + ' MHz':>16} " + " ".join(
                f"{(get[case, n].get('sm_mhz') or 0):11.0f}" for n in names))
        for case in cases:
            print(f"{case + ' W':>16} " + " ".join(
                f"{(get[case, n].get('watts') or 0):11.0f}" for n in names))
        for base, act in [("ours bias", "ours gelu"), ("ours bias", "ours silu"), ("pp bias", "pp gelu"),
                          ("torch bias", "torch bias+gelu")]:
            print(f"{act + ' / ' + base:>30} " + " ".join(
                f"{get[act, n]['ms'] / get[base, n]['ms']:8.3f}" for n in names))
        print(f"{'torch+gelu / ours gelu':>30} " + " ".join(
            f"{get['torch bias+gelu', n]['ms'] / get['ours gelu', n]['ms']:8.3f}" for n in names))


if __name__ == "__main__":
    main()
