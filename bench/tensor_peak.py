"""How close a tensor-core GEMM runs to the tensor cores' per-cycle peak, tiledmm beside
cuBLAS, from Nsight Compute's cycle counters (so clock and power states drop out).

    ncu --csv --print-units base --clock-control none --metrics gpu__time_duration.sum,\\
sm__cycles_active.avg,sm__cycles_elapsed.avg,sm__cycles_elapsed.avg.per_second \\
        -k regex:'gemm|nvjet|xmma' python bench/tensor_peak.py run --dtypes bf16,fp16 > ncu.csv
    python bench/tensor_peak.py report ncu.csv --sm-count 132

(`.ci/gpu-check ncu-tensor` runs both, with the GPU's SM count.) Base units: the report
reads nanoseconds and cycles per second.

`run` calls tiledmm.gemm and then torch.matmul once per (dtype, shape) on fresh random
row-major operands (ncu replays each kernel with the caches flushed, so no warm-up is
needed). `report` pairs the profiled kernels with those calls in launch order and prints,
for each kernel, the SM clock, and the fraction of the peak reached per cycle:

    bound = 2 M N K / (SMs x dense FLOP per SM and cycle)   (4096 for bf16/fp16, 2048 for tf32)
    per active cycle   bound / sm__cycles_active.avg   (the SMs' speed while they hold blocks)
    per elapsed cycle  bound / sm__cycles_elapsed.avg  (wave tails and idle SMs included)

A kernel that is x times faster than another at the same clock needs x times the other's
fraction per elapsed cycle, which cannot exceed 1.
"""
import argparse
import csv
import io

FLOP_PER_SM_CYCLE = {"bf16": 4096, "fp16": 4096, "tf32": 2048}  # H100/H200 dense tensor cores
SHAPES = [(2048, 2048, 2048), (4096, 4096, 4096), (8192, 8192, 8192),
          (8192, 4096, 4096), (8192, 14336, 4096), (8192, 4096, 14336)]


def calls(dtypes):
    """The (dtype, shape, who) of each call `run` makes, in order."""
    return [(d, s, who) for d in dtypes for s in SHAPES for who in ("tiledmm", "cuBLAS")]


def run(dtypes):
    import torch

    import tiledmm

    torch_dtypes = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32}
    for dtype, (m, n, k), who in calls(dtypes):
        torch.backends.cuda.matmul.allow_tf32 = dtype == "tf32"
        a = torch.randn(m, k, device="cuda", dtype=torch_dtypes[dtype])
        b = torch.randn(k, n, device="cuda", dtype=torch_dtypes[dtype])
        (tiledmm.gemm if who == "tiledmm" else torch.matmul)(a, b)
        torch.cuda.synchronize()


def read_kernels(text):
    """[(kernel name, {metric: value})] in launch order from ncu's --csv output."""
    start = text.index('"ID"')
    kernels = {}
    for row in csv.DictReader(io.StringIO(text[start:])):
        name, metrics = kernels.setdefault(int(row["ID"]), (row["Kernel Name"], {}))
        metrics[row["Metric Name"]] = float(row["Metric Value"].replace(",", ""))
    return [kernels[i] for i in sorted(kernels)]


def fractions(kernels, dtypes, sm_count):
    """One row per profiled kernel: its call, time, SM clock and fractions of the peak."""
    expected = calls(dtypes)
    if len(kernels) != len(expected):
        raise ValueError(f"{len(kernels)} kernels profiled for {len(expected)} calls: pass the dtypes `run` used")
    rows = []
    for (dtype, (m, n, k), who), (name, metric) in zip(expected, kernels):
        if ("wgmma" in name) != (who == "tiledmm"):
            raise ValueError(f"launch order: {name} is not {who}'s kernel")
        bound = 2 * m * n * k / (sm_count * FLOP_PER_SM_CYCLE[dtype])
        rows.append(dict(dtype=dtype, shape=(m, n, k), who=who, name=name,
                         us=metric["gpu__time_duration.sum"] / 1e3,
                         ghz=metric["sm__cycles_elapsed.avg.per_second"] / 1e9,
                         active=bound / metric["sm__cycles_active.avg"],
                         elapsed=bound / metric["sm__cycles_elapsed.avg"]))
    return rows


def report(path, dtypes, sm_count):
    rows = fractions(read_kernels(open(path).read()), dtypes, sm_count)
    print(f"{'dtype':5} {'shape':>16} {'kernel':8} {'µs':>8} {'SM GHz':>6} {'active':>7} {'elapsed':>7}  name")
    for r in rows:
        print(f"{r['dtype']:5} {'x'.join(map(str, r['shape'])):>16} {r['who']:8} {r['us']:8.1f} {r['ghz']:6.2f} "
              f"{r['active']:7.3f} {r['elapsed']:7.3f}  {r['name'][:60]}")
    print("\nper elapsed cycle: tiledmm / cuBLAS (their speed ratio at one clock), and 1 / cuBLAS's fraction "
          "(the most any kernel could gain on cuBLAS at its clock):")
    for ours, theirs in zip(rows[::2], rows[1::2]):
        print(f"  {ours['dtype']:5} {'x'.join(map(str, ours['shape'])):>16}  {ours['elapsed'] / theirs['elapsed']:5.3f}"
              f"   {1 / theirs['elapsed']:5.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["run", "report"])
    parser.add_argument("csv", nargs="?", help="report: ncu's --csv output of `run`")
    parser.add_argument("--dtypes", default="bf16,fp16")
    parser.add_argument("--sm-count", type=int, default=132, help="report: the GPU's SMs (H100/H200 SXM: 132)")
    args = parser.parse_args()
    dtypes = args.dtypes.split(",")
    if args.mode == "run":
        run(dtypes)
    else:
        report(args.csv, dtypes, args.sm_count)


if __name__ == "__main__":
    main()
