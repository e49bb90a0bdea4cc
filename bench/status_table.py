"""The open issues' targets (#5, #6) from one status run's JSON files, as markdown rows.

    python bench/status_table.py bench/results/status/session67

Reads the files a status run writes into one folder (any name suffix): tensorcore_*.json and
fp32_*.json (bench.py), linear_*.json (bench_linear.py), odd_ratio_16bit_*.json and
odd_ratio_fp32_*.json (odd_ratio.py), decode_stream_*.json (decode_stream.py), host_*.json
(bench_host.py) and small_products_*.json (small_products.py). Prints one row per target:
what was measured and whether it meets the target, so the README's table is read off the
committed results rather than typed in. A file that is missing gives no row.
"""
import argparse
import glob
import json
import os


def load(folder, pattern):
    paths = sorted(glob.glob(os.path.join(folder, pattern)))
    if not paths:
        return None
    with open(paths[0]) as f:
        return json.load(f)


def span(values, fmt="{:.2f}"):
    values = list(values)
    lo, hi = min(values), max(values)
    return fmt.format(lo) if fmt.format(lo) == fmt.format(hi) else f"{fmt.format(lo)}–{fmt.format(hi)}"


def ratio_text(value, threshold):
    """value to 3 decimals, or 4 where 3 would round it onto the other side of threshold."""
    text = f"{value:.3f}"
    return text if (float(text) >= threshold) == (value >= threshold) else f"{value:.4f}"


def yes_no(ok):
    return "yes" if ok else "no"


def odd_16bit_rows(data):
    parts, ok = [], True
    for dtype, result in data["dtypes"].items():  # odd_ratio.py's summary over its rounds
        ok = ok and result["median_vs_cublas"] >= 3 and result["median_ratio"] >= 0.8
        parts.append(f"{dtype} {result['median_vs_cublas']:.2f}× cuBLAS, {result['median_ratio']:.3f} of 4096³ "
                     f"(rounds {result['min_ratio']:.3f}–{result['max_ratio']:.3f})")
    return [("bf16/fp16 4097×4095×4093: ≥ 3× cuBLAS, ≥ 0.8 of 4096³'s throughput (#6)",
             "; ".join(parts) + f"; median of {len(result['rounds'])} rounds", yes_no(ok))]


def fp32_ragged_row(bench, odd):
    by_shape = {(r["m"], r["n"], r["k"]): r for r in bench["rows"]} if bench else {}
    pairs = [((4097, 4095, 4093), (4096, 4096, 4096)), ((2049, 2047, 2045), (2048, 2048, 2048)),
             ((1000, 1000, 1000), (1024, 1024, 1024))]
    parts, ok = [], True
    for ragged, aligned in pairs:
        if ragged in by_shape and aligned in by_shape:
            ratio = by_shape[ragged]["tflops"] / by_shape[aligned]["tflops"]
            ok = ok and ratio >= 0.9
            parts.append(f"{'×'.join(map(str, ragged))} {ratio:.3f} of {aligned[0]}³")
    if odd:
        result = odd["dtypes"]["fp32"]
        ok = ok and result["median_ratio"] >= 0.9
        parts.append(f"1025×1023×1021 {result['median_ratio']:.3f} of 1024³ (median of {len(result['rounds'])} "
                     f"rounds, {result['median_vs_cublas']:.2f}× cuBLAS)")
    return ("fp32 ragged shapes within 10% of their aligned neighbours (#6)", "; ".join(parts), yes_no(ok))


def decode_row(data):
    cells = [r for r in data["rows"] if r["m"] in (1, 8, 16)]
    met = [r for r in cells if r["tiledmm_pct_copy"] >= 80]
    parts = []
    for layout, name in (("nt", "K-major weight (`x @ w.t()`)"), ("nn", "row-major (`x @ W`)")):
        shapes = []
        for n, k in ((4096, 4096), (11008, 4096), (4096, 11008)):
            pct = [r["tiledmm_pct_copy"] for r in cells if r["layout"] == layout and (r["n"], r["k"]) == (n, k)]
            if pct:
                shapes.append(f"N {n} × K {k} {span(pct, '{:.1f}')}%")
        parts.append(f"{name}: " + ", ".join(shapes))
    speedups = [r["speedup"] for r in cells]
    return ("bf16 decode, M = 1, 8, 16 × 4096×4096, 11008×4096, 4096×11008: ≥ 80% of copy bandwidth (#6)",
            f"copy bandwidth {data['meta']['copy_gb_s']:.0f} GB/s; each shape's range over M = 1, 8, 16: " + "; ".join(parts) +
            f"; {span(speedups)}× cuBLAS", f"{len(met)} of {len(cells)} cells")


def small_row(data):
    small = [r for r in data["rows"] if max(r["m"], r["n"], r["k"]) <= 1024]
    parts, ok = [], True
    for dtype in dict.fromkeys(r["dtype"] for r in small):
        ratios = [r["ratio"] for r in small if r["dtype"] == dtype]
        ok = ok and min(ratios) >= 1.0
        name = {"bfloat16": "bf16", "float16": "fp16", "float32": "TF32"}.get(dtype, dtype)
        parts.append(f"{name} {span(ratios)}×")
    shapes = ", ".join(f"{m}³" for m in dict.fromkeys(r["m"] for r in small if r["m"] == r["n"] == r["k"]))
    return ("sizes ≤ 1024: ≥ 1.0× cuBLAS (#6)",
            f"{shapes}, each the median of alternating rounds: " + ", ".join(parts), yes_no(ok))


def host_row(data):
    excess = [r["excess_us"] for r in data["rows"]]
    ours = [r["tiledmm_us"] for r in data["rows"]]
    torch_us = [r["matmul_us"] for r in data["rows"]]
    return ("host time per call within 1 µs of `torch.matmul`'s (#6)",
            f"`tiledmm.gemm` {span(ours)} µs, `torch.matmul` {span(torch_us)} µs", yes_no(max(excess) <= 1.0))


def by_activation(layers, value):
    """{activation: [value(layer), ...]} over bench_linear.py's rows of case "bias+<activation>"."""
    grouped = {}
    for r in layers:
        grouped.setdefault(r["case"].replace("bias+", ""), []).append(value(r))
    return grouped


def spans_by_activation(grouped):
    return ", ".join(f"{activation} {span(values, '{:.3f}')}×" for activation, values in grouped.items())


def linear_rows(data):
    layers = data["layers"]
    bias = [r for r in layers if r["case"] == "bias"]
    fused = [r for r in layers if r["case"] != "bias"]
    rows = [("bf16 linear + bias at LLM shapes ≥ 1.0× `F.linear` (#5)",
             ", ".join(f"{r['shape']} {ratio_text(r['speedup'], 1.0)}×" for r in bias),
             f"{sum(r['speedup'] >= 1.0 for r in bias)} of {len(bias)}")]
    speedups = by_activation(fused, lambda r: r["speedup"])
    rows.append(("fused activation ≥ 1.1× `F.linear` + the activation (#5)", spans_by_activation(speedups),
                 f"{sum(s >= 1.1 for v in speedups.values() for s in v)} of {len(fused)}"))
    # What a free activation would give: F.linear + the activation against our bias-only layer.
    ours_bias = {r["shape"]: r["tiledmm_ms"] for r in bias}
    ceilings = by_activation(fused, lambda r: r["torch_ms"] / ours_bias[r["shape"]])
    rows.append(("(no target) the same were the fused activation free: `F.linear` + the activation against "
                 "tiledmm's linear + bias", spans_by_activation(ceilings),
                 f"{sum(c >= 1.1 for v in ceilings.values() for c in v)} of {len(fused)} reach 1.1×"))
    training = data.get("training")
    if training:
        rows.append(("small GPT training step within 5% of `nn.Linear`'s (#5)",
                     f"{training['ratio']:.3f}× the time (median of {len(training['tiledmm_rounds_ms'])} alternating "
                     f"rounds)", yes_no(training["ratio"] <= 1.05)))
    return rows


def aligned_geomean_row(tensorcore, fp32):
    # bench.py's own summary lines: "<dtype> auto: geomean ratio to cuBLAS over aligned shapes >= 2048: ..."
    lines = [line for data in (tensorcore, fp32) if data for line in data["meta"]["summary"]
             if "over aligned shapes >= 2048" in line]
    parts = [line.replace(" auto: geomean ratio to cuBLAS over aligned shapes >= 2048:", "") for line in lines]
    return ("(goal, no issue target) geomean ratio to cuBLAS over the aligned shapes ≥ 2048", ", ".join(parts), "")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    args = parser.parse_args(argv)
    f = args.folder
    rows = []
    if (odd16 := load(f, "odd_ratio_16bit_*.json")):
        rows += odd_16bit_rows(odd16)
    fp32, odd32 = load(f, "fp32_*.json"), load(f, "odd_ratio_fp32_*.json")
    if fp32 or odd32:
        rows.append(fp32_ragged_row(fp32, odd32))
    if (decode := load(f, "decode_stream_*.json")):
        rows.append(decode_row(decode))
    if (small := load(f, "small_products_*.json")):
        rows.append(small_row(small))
    if (host := load(f, "host_*.json")):
        rows.append(host_row(host))
    if (linear := load(f, "linear_*.json")):
        rows += linear_rows(linear)
    tensorcore = load(f, "tensorcore_*.json")
    if tensorcore or fp32:
        rows.append(aligned_geomean_row(tensorcore, fp32))
    print("| target | measured | met |\n| --- | --- | --- |")
    for target, measured, met in rows:
        print(f"| {target} | {measured} | {met} |")


if __name__ == "__main__":
    main()
