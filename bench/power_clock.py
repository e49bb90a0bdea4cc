"""What a linear layer costs in time, power and SM clock when it runs back to back: tiledmm.linear
(bias, bias + relu / gelu / silu) against F.linear (+ the activation as its own pass), on the
same inputs, with nvidia-smi sampling the GPU's power and SM clock meanwhile.

    python bench/power_clock.py --out bench/results/linear_power_h200 [--seconds 3] [--flush]

A fused activation adds instructions to the GEMM's epilogue; whether that costs time because
the epilogue's cycles stall the tensor cores or because the GPU, at its power limit, lowers
its clock for the extra work, the clock and power during a sustained run tell apart: energy
per call is the power times the time. Each case runs for `seconds` of back-to-back calls (the
first half second excluded, while the clock settles), timed by CUDA events in batches of
~50 ms; nvidia-smi samples every 50 ms (power.draw.instant where the driver has it). Writes
<out>.json. Reading the GPU's state only: nothing here changes a clock or a limit.

--flush runs each case in do_bench's regime instead (bench_linear.py's): 256 MB written before
each call, the call timed alone. Under do_bench the fused gelu cost +20% over bias alone at
8192x4096->4096, back to back +6.5%, in ncu's isolated launch +7.5% (bench/NOTES.md, session 69):
the clock and power in each regime tell whether the regime or the kernel makes the difference.
"""
import argparse
import collections
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

SAMPLE_FIELDS = [("timestamp", "power.draw.instant", "clocks.sm", "clocks_event_reasons.active"),
                 ("timestamp", "power.draw", "clocks.sm", "clocks_throttle_reasons.active")]
SAMPLE_MS = 50
SETTLE_S = 0.5
# nvidia-smi's clock event reasons (nvml.h, nvmlClocksEventReason*), the ones a GEMM can meet.
REASONS = {0x1: "idle", 0x4: "sw power cap", 0x8: "hw slowdown", 0x20: "sw thermal", 0x40: "hw thermal",
           0x80: "hw power brake"}
# (tokens, in_features, out_features): three of bench_linear.py's layers.
SHAPES = [(8192, 4096, 4096), (8192, 14336, 4096), (4096, 4096, 11008)]


def parse_sample(line):
    """One nvidia-smi csv line (noheader, nounits) as (unix seconds, watts, SM MHz, reasons
    bitmask), or None for a line it cannot read (a '[N/A]' field, a partial line)."""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) != 4:
        return None
    try:
        when = datetime.datetime.strptime(parts[0], "%Y/%m/%d %H:%M:%S.%f").timestamp()
        return when, float(parts[1]), float(parts[2]), int(parts[3], 16)
    except ValueError:
        return None


def reason_names(mask):
    names = [name for bit, name in REASONS.items() if mask & bit]
    return ", ".join(names) if names else "none"


def window_stats(samples, begin, end):
    """Medians of the samples taken inside [begin, end] (unix seconds), and the reasons
    bitmask seen most often there."""
    inside = [s for s in samples if begin <= s[0] <= end]
    if not inside:
        return dict(samples=0, watts=None, sm_mhz=None, reasons=None)
    mask = collections.Counter(s[3] for s in inside).most_common(1)[0][0]
    return dict(samples=len(inside), watts=statistics.median(s[1] for s in inside),
                sm_mhz=statistics.median(s[2] for s in inside), reasons=reason_names(mask))


def start_sampler(path):
    """nvidia-smi writing a sample every SAMPLE_MS into `path`, with the first field set this
    driver answers; returns (process, fields)."""
    for fields in SAMPLE_FIELDS:
        query = ["nvidia-smi", f"--query-gpu={','.join(fields)}", "--format=csv,noheader,nounits"]
        probe = subprocess.run(query, capture_output=True, text=True)
        if probe.returncode == 0 and parse_sample(probe.stdout.strip().splitlines()[0]) is not None:
            with open(path, "w") as out:  # the child keeps its own descriptor
                return subprocess.Popen(query + ["-lms", str(SAMPLE_MS)], stdout=out,
                                        stderr=subprocess.DEVNULL), fields
    raise RuntimeError("nvidia-smi answers none of the sample field sets")


def stop_sampler(sampler, path):
    """Stops the nvidia-smi child of start_sampler (after one more sample period, for the last
    phase's samples) and returns the samples it wrote into `path`."""
    time.sleep(0.2)
    sampler.terminate()
    sampler.wait()
    with open(path) as f:
        return [s for s in map(parse_sample, f) if s is not None]


def sustained(fn, seconds):
    """Back-to-back calls of fn for `seconds`: (ms per call, median over batches), and the wall
    times of the measured part (after SETTLE_S)."""
    import torch
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    end.synchronize()
    per_batch = max(1, int(SAMPLE_MS / max(start.elapsed_time(end), 1e-3)))
    began = time.time()
    measured_from, per_call = began + SETTLE_S, []
    while time.time() - began < seconds:
        batch_began = time.time()
        start.record()
        for _ in range(per_batch):
            fn()
        end.record()
        end.synchronize()
        if batch_began >= measured_from:
            per_call.append(start.elapsed_time(end) / per_batch)
    return statistics.median(per_call), measured_from, time.time()


def flushed(fn, seconds):
    """do_bench's regime for `seconds`: before each call, 256 MB written (triton's L2 flush),
    and the call alone timed by its own pair of CUDA events. (ms per call, median over the
    calls after SETTLE_S), and the wall times of the measured part."""
    import torch
    flush_buffer = torch.empty(int(256e6), dtype=torch.int8, device="cuda")
    pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(64)]
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    began = time.time()
    measured_from, per_call = began + SETTLE_S, []
    while time.time() - began < seconds:
        batch_began = time.time()
        for start, end in pairs:
            flush_buffer.zero_()
            start.record()
            fn()
            end.record()
        pairs[-1][1].synchronize()
        if batch_began >= measured_from:
            per_call.extend(start.elapsed_time(end) for start, end in pairs)
    return statistics.median(per_call), measured_from, time.time()


def cases(tokens, fan_in, fan_out, dtype):
    import torch
    import torch.nn.functional as F
    import tiledmm
    x = torch.randn(tokens, fan_in, device="cuda", dtype=dtype)
    w = torch.randn(fan_out, fan_in, device="cuda", dtype=dtype) / fan_in**0.5
    b = torch.randn(fan_out, device="cuda", dtype=dtype)
    z = F.linear(x, w, b)
    return [
        ("torch", "bias", lambda: F.linear(x, w, b)),
        ("torch", "bias+gelu", lambda: F.gelu(F.linear(x, w, b))),
        ("torch", "bias+silu", lambda: F.silu(F.linear(x, w, b))),
        ("torch", "gelu pass alone", lambda: F.gelu(z)),
        ("tiledmm", "bias", lambda: tiledmm.linear(x, w, b)),
        ("tiledmm", "bias+relu", lambda: tiledmm.linear(x, w, b, activation="relu")),
        ("tiledmm", "bias+gelu", lambda: tiledmm.linear(x, w, b, activation="gelu")),
        ("tiledmm", "bias+silu", lambda: tiledmm.linear(x, w, b, activation="silu")),
    ]


def main():
    import torch
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--flush", action="store_true",
                        help="do_bench's regime: L2 flushed before each call, each call timed alone")
    args = parser.parse_args()
    measure = flushed if args.flush else sustained
    samples_path = os.path.join(tempfile.mkdtemp(), "samples.csv")
    sampler, fields = start_sampler(samples_path)
    phases = []
    try:
        time.sleep(0.3)
        for tokens, fan_in, fan_out in SHAPES:
            for who, case, fn in cases(tokens, fan_in, fan_out, torch.bfloat16):
                ms, begin, end = measure(fn, args.seconds)
                phases.append(dict(shape=f"{tokens}x{fan_in}->{fan_out}", who=who, case=case, ms=ms,
                                   begin=begin, end=end))
                print(f"{phases[-1]['shape']:>18} {who:>8} {case:>16} {ms:8.4f} ms", flush=True)
                time.sleep(0.2)
    finally:
        samples = stop_sampler(sampler, samples_path)
    for p in phases:
        p.update(window_stats(samples, p["begin"], p["end"]))
        p["mj_per_call"] = p["watts"] * p["ms"] if p["watts"] is not None else None
        print(f"{p['shape']:>18} {p['who']:>8} {p['case']:>16} {p['ms']:8.4f} ms  {p['watts'] or 0:6.1f} W  "
              f"{p['sm_mhz'] or 0:6.0f} MHz  {p['mj_per_call'] or 0:7.1f} mJ/call  ({p['samples']} samples; "
              f"{p['reasons']})")
    result = dict(gpu=torch.cuda.get_device_name(), sample_fields=list(fields), sample_ms=SAMPLE_MS,
                  seconds=args.seconds, regime="flushed" if args.flush else "back to back", phases=phases)
    with open(args.out + ".json", "w") as f:
        json.dump(result, f, indent=1)
    print(f"wrote {args.out}.json", file=sys.stderr)


if __name__ == "__main__":
    main()
