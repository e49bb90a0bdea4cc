"""The benchmark's summary lines: the geomeans the issues' targets are stated in."""
import importlib.util
import math
import os
import re

import pytest

BENCH_DIR = os.path.join(os.path.dirname(__file__), "..", "bench")


def bench_script(name):
    """bench/<name>.py as a module (the scripts are not a package; some find others beside them)."""
    spec = importlib.util.spec_from_file_location(f"tiledmm_{name}", os.path.join(BENCH_DIR, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench():
    return bench_script("bench")


def row(m, n, k, ratio, dtype="bf16", requested="auto"):
    return {"m": m, "n": n, "k": k, "dtype": dtype, "requested": requested, "ratio": ratio}


def test_summary_geomeans_over_large_and_aligned_shapes(bench):
    rows = [row(1024, 1024, 1024, 0.1),          # below 2048: in neither set
            row(2048, 2048, 2048, 0.5),
            row(8192, 14336, 4096, 2.0),
            row(4097, 4095, 4093, 4.0)]          # ragged: only in the ">= 2048" set
    lines = bench.summarize(rows)
    assert len(lines) == 2
    assert "over shapes >= 2048: 1.587 (3 shapes), min 0.500" in lines[0]  # (0.5 * 2 * 4) ** (1/3)
    assert "over aligned shapes >= 2048: 1.000 (2 shapes), min 0.500" in lines[1]
    assert math.isclose(bench.geomean([0.5, 2.0, 4.0]), 4.0 ** (1 / 3), rel_tol=1e-12)


def test_summary_is_per_dtype_and_kernel(bench):
    rows = [row(4096, 4096, 4096, 0.9, "bf16", "auto"), row(4096, 4096, 4096, 0.8, "bf16", "mma"),
            row(4096, 4096, 4096, 0.7, "fp16", "auto")]
    lines = bench.summarize(rows)
    assert [line.split(":")[0] for line in lines] == ["bf16 auto", "bf16 auto", "bf16 mma", "bf16 mma",
                                                      "fp16 auto", "fp16 auto"]
    assert "0.900 (1 shapes)" in lines[0] and "0.800 (1 shapes)" in lines[2] and "0.700 (1 shapes)" in lines[4]


@pytest.fixture(scope="module")
def tensor_peak():
    return bench_script("tensor_peak")


def ncu_csv(tensor_peak, dtypes, names, cycles):
    """ncu's --csv output for the calls of `run`: every kernel elapsed/active `cycles(call)`."""
    lines = ["==PROF== Connected to process",
             '"ID","Kernel Name","Metric Name","Metric Unit","Metric Value"']
    for i, call in enumerate(tensor_peak.calls(dtypes)):
        active, elapsed = cycles(call)
        for metric, value in (("gpu__time_duration.sum", "1,000"), ("sm__cycles_active.avg", f"{active:,.1f}"),
                              ("sm__cycles_elapsed.avg", f"{elapsed}"),
                              ("sm__cycles_elapsed.avg.per_second", "1600000000")):
            lines.append(f'"{i}","{names(call)}","{metric}","","{value}"')
    return "\n".join(lines) + "\n"


def test_tensor_peak_fractions(tensor_peak):
    # Active cycles at the bound, elapsed cycles at twice it: fractions 1 and 0.5.
    def cycles(call):
        dtype, (m, n, k), _ = call
        bound = 2 * m * n * k / (132 * tensor_peak.FLOP_PER_SM_CYCLE[dtype])
        return bound, 2 * bound
    ours_then_cublas = lambda call: "void wgmma_gemm_kernel<>" if call[2] == "tiledmm" else "nvjet_sm90_tst"
    text = ncu_csv(tensor_peak, ["bf16", "tf32"], ours_then_cublas, cycles)
    rows = tensor_peak.fractions(tensor_peak.read_kernels(text), ["bf16", "tf32"], 132)
    assert len(rows) == 2 * 2 * len(tensor_peak.SHAPES)
    for r in rows:
        assert math.isclose(r["active"], 1.0, rel_tol=1e-6) and math.isclose(r["elapsed"], 0.5, rel_tol=1e-6)
        assert r["us"] == 1.0 and r["ghz"] == 1.6
    swapped = lambda call: ours_then_cublas((*call[:2], "cuBLAS" if call[2] == "tiledmm" else "tiledmm"))
    with pytest.raises(ValueError, match="launch order"):
        tensor_peak.fractions(tensor_peak.read_kernels(ncu_csv(tensor_peak, ["bf16"], swapped, cycles)), ["bf16"], 132)


@pytest.fixture(scope="module")
def decode_stream():
    return bench_script("decode_stream")


@pytest.mark.skipif(not __import__("torch").cuda.is_available(), reason="needs a CUDA GPU")
@pytest.mark.parametrize("between", [False, True])
def test_decode_stream_replays_checked_graphs(decode_stream, between):
    # Two small products per graph in each layout (with a kernel writing X before each, or
    # not): outputs poisoned, checked, then timed.
    _, rows = decode_stream.run("bf16", ["nt", "nn"], [(3, 520, 264)], reps=3, layers=2, copy_bytes=64 << 20,
                                between=between)
    assert [(r["layout"], r["layers"]) for r in rows] == [("nt", 2), ("nn", 2)]
    for r in rows:
        assert r["tiledmm_rel_err"] < 1e-2 and r["cublas_rel_err"] < 1e-2
        assert r["bytes"] == 2 * (3 * 264 + 264 * 520 + 3 * 520)
        assert r["tiledmm_us"] > 0 and r["cublas_us"] > 0
        assert (r["between"], r.get("between_us", 0) > 0) == (("write_x", True) if between else (None, False))


def test_odd_ratio_summary_is_the_median_over_rounds():
    module = bench_script("odd_ratio")
    rounds = [{"ratio": r, "vs_cublas": c} for r, c in ((0.79, 3.8), (0.83, 3.9), (0.81, 3.7))]
    summary = module.summarize(rounds)
    assert summary == {"median_ratio": 0.81, "min_ratio": 0.79, "max_ratio": 0.83, "median_vs_cublas": 3.8}


def test_timeline_summary_is_the_median_step_from_the_flush():
    module = bench_script("timeline")
    flush = "FillFunctor"

    def step(t0, copy_end, gemm_end):  # the flush ends at t0 + 10
        return [(flush, t0, t0 + 10), ("copy", t0 + 12, t0 + copy_end), ("gemm", t0 + copy_end, t0 + gemm_end)]

    steps = [step(0, 15, 60), step(100, 16, 62), step(200, 17, 61), [(flush, 300, 310), ("other", 312, 320)]]
    t = module.summarize(steps)
    assert t["steps"] == 3 and t["gap"] == 2
    assert t["span"] == 51  # median of 50, 52, 51
    assert t["kernels"] == [("copy", 0, 4), ("gemm", 4, 49)]


def test_power_clock_reads_nvidia_smi_samples_inside_each_phase():
    module = bench_script("power_clock")
    line = "2026/12/01 22:11:28.250, 612.47, 1755, 0x0000000000000004"
    when, watts, mhz, mask = module.parse_sample(line)
    assert (watts, mhz, mask) == (612.47, 1755.0, 0x4) and module.reason_names(mask) == "sw power cap"
    assert module.parse_sample("2026/12/01 22:11:28.300, [N/A], 1755, 0x0") is None
    assert module.parse_sample("2026/12/01 22:11") is None
    samples = [(0.0, 100.0, 1980.0, 0x1), (1.0, 600.0, 1700.0, 0x4), (1.05, 700.0, 1600.0, 0x4),
               (1.1, 650.0, 1650.0, 0x0), (2.0, 90.0, 1980.0, 0x1)]
    stats = module.window_stats(samples, 0.9, 1.2)
    assert stats == {"samples": 3, "watts": 650.0, "sm_mhz": 1650.0, "reasons": "sw power cap"}
    assert module.window_stats(samples, 3.0, 4.0)["samples"] == 0


def test_ncu_stalls_totals_each_reason_and_its_difference_from_the_first(tmp_path):
    module = bench_script("ncu_stalls")
    header = '"Address","Source","stall_wait","stall_wait (Not Issued)","stall_no_inst"\n'

    def page(name, rows):
        path = tmp_path / name
        path.write_text('"Kernel Name","k"\n' + header + "".join(f'"{i:x}","FFMA",{w},{w},{n}\n' for i, (w, n) in
                                                                 enumerate(rows)))
        return str(path)

    base = page("none.csv", [(3, 0), (2, 1)])
    variant = page("gelu.csv", [(3, 4), (2, 1), (5, 0)])
    assert module.read_source_page(variant) == (3, {"wait": 10.0, "no_inst": 5.0})
    lines = module.report([base, variant]).splitlines()
    assert lines[1].split() == ["instructions", "2", "3"]
    assert "".join(lines[2].split()) == "samples6(+0)15(+9)"
    assert "".join(lines[3].split()) == "wait5(+0)10(+5)"
    assert "".join(lines[4].split()) == "no_inst1(+0)5(+4)"


def test_status_table_reads_the_targets_off_a_status_run(capsys):
    """bench/status_table.py over session 56's committed status run: the numbers the README's
    table of that run gave, each from its benchmark's JSON."""
    module = bench_script("status_table")
    folder = os.path.join(BENCH_DIR, "results", "status", "session56")
    module.main([folder])
    rows = {line.split(" | ")[0].lstrip("| "): line for line in capsys.readouterr().out.splitlines()[2:]}
    assert "bf16 3.89× cuBLAS, 0.842 of 4096³ (rounds 0.751–0.893)" in rows[next(r for r in rows if "4097" in r)]
    fp32 = rows["fp32 ragged shapes within 10% of their aligned neighbours (#6)"]
    assert "1025×1023×1021 0.878 of 1024³" in fp32 and fp32.endswith("| no |")
    decode = rows[next(r for r in rows if r.startswith("bf16 decode"))]
    assert "copy bandwidth 4274 GB/s" in decode and decode.endswith("| 7 of 18 cells |")
    assert rows["bf16 linear + bias at LLM shapes ≥ 1.0× `F.linear` (#5)"].endswith("| 3 of 4 |")
    assert "gelu 1.007–1.070×" in rows["fused activation ≥ 1.1× `F.linear` + the activation (#5)"]
    free = rows[next(r for r in rows if "were the fused activation free" in r)]
    assert "gelu 1.115–1.204×, silu 1.043–1.192×" in free and free.endswith("| 7 of 8 reach 1.1× |")
    assert "0.981× the time" in rows["small GPT training step within 5% of `nn.Linear`'s (#5)"]
    assert "bf16 0.990 (14 shapes), min 0.929" in rows[next(r for r in rows if r.startswith("(goal"))]


def test_linear_regimes_table_gives_each_activations_cost_over_bias_alone_per_regime():
    module = bench_script("linear_regimes")

    def r(case, regime, ms, mhz=None, watts=None):
        return dict(shape="8x4->4", case=case, regime=regime, ms=ms, sm_mhz=mhz, watts=watts)

    rows = [r("ours bias", "do_bench", 2.0), r("ours bias", "zero", 4.0, 1600.0, 700.0),
            r("ours gelu", "do_bench", 2.5), r("ours gelu", "zero", 4.4, 1650.0, 710.0),
            r("torch bias+gelu", "do_bench", 3.0), r("torch bias+gelu", "zero", 5.5, 1500.0, 690.0)]
    # Each line: a label right-aligned in 30 columns, then one value per regime.
    lines = {line[:30].strip(): line[30:].split() for line in module.table(rows) if line[:30].strip()}
    assert lines["8x4->4"] == [] and lines["case"] == ["do_bench", "zero"]
    assert lines["ours gelu ms"] == ["2.5000", "4.4000"]
    assert lines["ours gelu MHz"] == ["-", "1650"]  # do_bench's rows have no samples
    assert lines["ours gelu / ours bias"] == ["1.250", "1.100"]
    assert lines["torch bias+gelu / ours gelu"] == ["1.200", "1.250"]
    assert "ours silu / ours bias" not in lines  # cases the rows lack are left out


def test_bench_linear_alternates_the_pair_order_and_takes_the_median_of_round_ratios():
    module = bench_script("bench_linear")
    ours, theirs = object(), object()
    calls, times = [], iter([1.0, 1.2, 1.5, 1.1, 1.0, 1.05])  # the timer's answers, in call order

    def timer(fn):
        calls.append("ours" if fn is ours else "theirs")
        return next(times)

    t = module.alternating_rounds(ours, theirs, 3, timer)
    assert calls == ["ours", "theirs", "theirs", "ours", "ours", "theirs"]
    assert t["tiledmm_rounds_ms"] == [1.0, 1.1, 1.0] and t["torch_rounds_ms"] == [1.2, 1.5, 1.05]
    assert t["tiledmm_ms"] == 1.0 and t["torch_ms"] == 1.2
    assert math.isclose(t["speedup"], 1.2) and math.isclose(t["speedup_min"], 1.05)
    assert math.isclose(t["speedup_max"], 1.5 / 1.1)


def horner_constants(function, variable):
    """The float literals of the lines of `function` (csrc/cuda/common/activation.cuh) that
    assign `variable`: its polynomial's constants, in Horner order."""
    path = os.path.join(BENCH_DIR, "..", "csrc", "cuda", "common", "activation.cuh")
    source = open(path).read()
    body = source[source.index(f"float {function}(float x)"):]
    body = body[:body.index("\n}\n")]
    lines = [line for line in body.splitlines() if re.match(rf"\s*(float )?{variable} = ", line)]
    return [float(c) for line in lines for c in re.findall(r"(-?\d+\.\d+(?:e[-+]?\d+)?)f", line)]


def test_the_16_bit_gelu_constants_are_the_fit_and_meet_its_error():
    # gelu_erf_for_16_bit_output's Horner constants are what fit_gelu_erf.py --form exp2
    # prints, and in float32 they give the error its comment claims: h within 6.6e-6
    # relative on |x| <= 6, and P falling past 6 so that h goes to 0.
    np = pytest.importorskip("numpy")
    fit = bench_script("fit_gelu_erf")
    constants = horner_constants("gelu_erf_for_16_bit_output", "p")
    assert len(constants) == 8
    t, y = fit.log2_phi_grid()
    c, err = fit.fit_log2_phi(t, y, 7, 300)
    assert err < 4.8e-6
    assert [float(np.float32(ck)) for ck in c] == pytest.approx(constants, rel=1e-6)
    horner = [np.float32(ck) for ck in constants]
    x = np.linspace(-6, 6, 100001).astype(np.float32)
    ref = fit.exact_gelu(x.astype(np.float64))
    got = fit.gelu_exp2_float32(x, horner).astype(np.float64)
    nonzero = ref != 0
    assert (np.abs(got - ref)[nonzero] / np.abs(ref[nonzero])).max() < 6.7e-6
    tail = np.linspace(6, 100, 10001)
    assert (np.polyval(np.polyder(np.asarray(constants)), tail) < 0).all()
    # Down to -1e30 the float32 form stays finite and tiny, as the exact gelu (torch's is -0).
    far = -np.logspace(np.log10(6), 30, 2001).astype(np.float32)
    got_far = fit.gelu_exp2_float32(far, horner).astype(np.float64)
    assert np.isfinite(got_far).all() and np.abs(got_far).max() <= 1e-8


def test_stream_floors_checksum_is_the_sum_of_the_weights_words():
    # stream_floor_graph.py checks its read kernel's block sums against word_sum: the 32-bit
    # words of the weight added mod 2^32, returned as the int32 the kernel's sums view holds.
    torch = pytest.importorskip("torch")
    floor = bench_script("stream_floor_graph")
    past_2_31 = torch.tensor([0x7FFFFFFF, 1, 7, -3, -2], dtype=torch.int32)  # 2^31 + 2: wraps to int32's negatives
    assert floor.word_sum(past_2_31.view(torch.bfloat16)) == 2 - (1 << 31)
    round_trip = torch.tensor([-1, -1, 2, 0], dtype=torch.int32)  # 2^33 - 2 + 2: a whole 2^32 past zero
    assert floor.word_sum(round_trip.view(torch.bfloat16)) == 0
    assert floor.word_sum(torch.tensor([1, 2, 3, 4], dtype=torch.int32).view(torch.bfloat16)) == 10


def test_stream_floors_variants_launch_each_load_path_with_its_bytes_in_flight():
    # Each read kernel kind reaches the extension's stream() with its load path (0 registers,
    # 1 registers past L1, 2 shared memory) and a one-wave grid of blocks per SM x SMs, and its
    # row counts blocks x threads x loads x 16 bytes in flight per SM.
    pytest.importorskip("torch")
    floor = bench_script("stream_floor_graph")

    class RecordingExtension:
        def __init__(self):
            self.calls = []

        def stream(self, *args):
            self.calls.append(args)

    ext = RecordingExtension()
    rows = list(floor.variants(ext, 132, [(4, 256, 16)], (), ["pdl"], [0], shared_configs=[(1, 256, 16)],
                               streaming_configs=[(2, 512, 8)]))
    assert [(f["kernel"], blocks, f["in_flight_per_sm"]) for f, blocks, _, _ in rows] == [
        ("registers", 4 * 132, 4 * 256 * 16 * 16), ("streaming", 2 * 132, 2 * 512 * 8 * 16),
        ("shared", 132, 256 * 16 * 16)]
    for _, _, _, launch in rows:
        launch("w", "sums")
    pdl = floor.MODES["pdl"]
    assert ext.calls == [("w", "sums", 4 * 132, 256, 16, pdl, 0, 0), ("w", "sums", 2 * 132, 512, 8, pdl, 0, 1),
                         ("w", "sums", 132, 256, 16, pdl, 0, 2)]
