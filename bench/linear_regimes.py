"""A linear layer's fused activation timed in several regimes of what runs before each call,
with nvidia-smi sampling power and SM clock meanwhile: whether a regime, rather than the
kernel, decides what the activation costs over bias alone.

    python bench/linear_regimes.py --out bench/results/linear_regimes_h200 [--seconds 0.4]

Each (layer, case) is timed by triton.testing.do_bench and then, for `seconds` each, in:

  zero         256 MB zeroed before each call (do_bench's flush: L2 left full of dirty lines)
  read         256 MB read before each call (L2 full of clean lines)
  zero+read    256 MB zeroed, then 128 MB of another buffer read (the dirty lines written back)
  zero+sleep   256 MB zeroed, then a ~150 us one-thread spin (dirty L2, the GPU's power at rest)
  sleep        the spin alone (L2 holds the last call's lines; power at rest)
  b2b          back to back, batches of 10 calls timed together

Cases: F.linear (+ gelu / silu as torch's own pass), tiledmm.linear with bias alone and with
each fused activation on the planner's kernel, and bias alone / + gelu on the ping-pong tile,
whose epilogue runs under the other consumer's MMAs. bf16. Writes <out>.json and prints a
table per layer (ms, MHz, W, the activations' cost over bias alone). Reads the GPU's state
only: nothing here changes a clock or a limit.
"""
import argparse
import json
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from power_clock import start_sampler, stop_sampler, window_stats  # noqa: E402

SHAPES = [(8192, 4096, 4096), (4096, 4096, 11008), (8192, 4096, 14336)]
PING_PONG = "wgmma:128x128_k128B_pingpong_s6"
SPIN_CYCLES = 250_000  # ~150 us at ~1.7 GHz
# (activation case, its bias-alone baseline): the ratios the table prints.
COSTS = [("ours gelu", "ours bias"), ("ours silu", "ours bias"), ("pp gelu", "pp bias"),
         ("torch bias+gelu", "torch bias")]


def timed(fn, before, seconds, reps_cap=400):
    """Median CUDA-event time (ms) of fn() with before() (untimed) ahead of each call, over
    `seconds` of calls; and the wall times of the measurement."""
    import torch
    pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(16)]
    for _ in range(3):
        if before:
            before()
        fn()
    torch.cuda.synchronize()
    began, times = time.time(), []
    while time.time() - began < seconds and len(times) < reps_cap:
        for start, end in pairs:
            if before:
                before()
            start.record()
            fn()
            end.record()
        pairs[-1][1].synchronize()
        times.extend(start.elapsed_time(end) for start, end in pairs)
    return statistics.median(times), began, time.time()


def back_to_back(fn, seconds):
    import torch
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    began, times = time.time(), []
    while time.time() - began < seconds:
        start.record()
        for _ in range(10):
            fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / 10)
    return statistics.median(times), began, time.time()


def table(rows):
    """The printed summary of `rows` (this script's JSON rows), one block per layer."""
    lines = []
    for shape in dict.fromkeys(r["shape"] for r in rows):
        get = {(r["case"], r["regime"]): r for r in rows if r["shape"] == shape}
        regimes = list(dict.fromkeys(r["regime"] for r in rows if r["shape"] == shape))
        cases = list(dict.fromkeys(r["case"] for r in rows if r["shape"] == shape))
        lines += ["", shape, f"{'case':>30} " + " ".join(f"{n:>10}" for n in regimes)]
        for label, field, fmt in (("ms", "ms", "10.4f"), ("MHz", "sm_mhz", "10.0f"), ("W", "watts", "10.0f")):
            for case in cases:
                values = [get[case, n].get(field) for n in regimes]
                lines.append(f"{case + ' ' + label:>30} " +
                             " ".join(f"{v:{fmt}}" if v is not None else f"{'-':>10}" for v in values))
        for act, base in COSTS + [("torch bias+gelu", "ours gelu")]:
            if (act, regimes[0]) in get and (base, regimes[0]) in get:
                lines.append(f"{act + ' / ' + base:>30} " +
                             " ".join(f"{get[act, n]['ms'] / get[base, n]['ms']:10.3f}" for n in regimes))
    return lines


def main():
    import torch
    import torch.nn.functional as F
    import triton.testing
    import tiledmm
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--seconds", type=float, default=0.4)
    args = parser.parse_args()
    zero_buf = torch.empty(int(256e6), dtype=torch.int8, device="cuda")
    read_buf = torch.ones(64 << 20, dtype=torch.float32, device="cuda")   # 256 MB
    read_half = torch.ones(32 << 20, dtype=torch.float32, device="cuda")  # 128 MB
    spin = lambda: torch.cuda._sleep(SPIN_CYCLES)  # noqa: E731
    regimes = {
        "zero": lambda fn: timed(fn, zero_buf.zero_, args.seconds),
        "read": lambda fn: timed(fn, read_buf.sum, args.seconds),
        "zero+read": lambda fn: timed(fn, lambda: (zero_buf.zero_(), read_half.sum()), args.seconds),
        "zero+sleep": lambda fn: timed(fn, lambda: (zero_buf.zero_(), spin()), args.seconds),
        "sleep": lambda fn: timed(fn, spin, args.seconds),
        "b2b": lambda fn: back_to_back(fn, args.seconds),
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
                ("pp bias", lambda: tiledmm.linear(x, w, b, kernel=PING_PONG)),
                ("pp gelu", lambda: tiledmm.linear(x, w, b, activation="gelu", kernel=PING_PONG)),
            ]
            shape = f"{tokens}x{fan_in}->{fan_out}"
            for case, fn in cases:
                ms = triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median")
                rows.append(dict(shape=shape, case=case, regime="do_bench", ms=ms, begin=None, end=None))
                for name, regime in regimes.items():
                    ms, begin, end = regime(fn)
                    rows.append(dict(shape=shape, case=case, regime=name, ms=ms, begin=begin, end=end))
                    time.sleep(0.05)
                print(shape, case, " ".join(f"{r['regime']}={r['ms']:.4f}" for r in rows
                                             if r["shape"] == shape and r["case"] == case), flush=True)
    finally:
        samples = stop_sampler(sampler, samples_path)
    for r in rows:
        if r["begin"] is not None:
            r.update(window_stats(samples, r["begin"], r["end"]))
    with open(args.out + ".json", "w") as f:
        json.dump(dict(gpu=torch.cuda.get_device_name(), seconds=args.seconds, rows=rows), f, indent=1)
    print("\n".join(table(rows)))


if __name__ == "__main__":
    main()
