"""Session 54: the wgmma producer's L2 lead (TILEDMM_L2_LEAD, read once per process), one value
per process. Per cell: do_bench medians (L2 flushed: cold operands) of ours and torch's, and a
warm mean (CUDA events over 50 back-to-back calls) of ours and torch's; each result checked
against float64 first. argv: cells.json out.json"""
import json
import os
import sys

import torch
import torch.nn.functional as F
import triton.testing

import tiledmm

torch.manual_seed(0)
dt = torch.bfloat16


def cold_us(fn):
    return 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")


def warm_us(fn, calls=50):
    for _ in range(5):
        fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(calls):
        fn()
    end.record()
    torch.cuda.synchronize()
    return 1000 * start.elapsed_time(end) / calls


def operands(cell):
    """(ours, torch's, float64 reference, plan operands)"""
    if cell["case"] == "square_nn":
        a = torch.randn(cell["m"], cell["k"], device="cuda", dtype=dt)
        b = torch.randn(cell["k"], cell["n"], device="cuda", dtype=dt)
        return (lambda: tiledmm.gemm(a, b)), (lambda: torch.matmul(a, b)), a.double() @ b.double(), (a, b)
    t, fi, fo = cell["tokens"], cell["fan_in"], cell["fan_out"]
    x = torch.randn(t, fi, device="cuda", dtype=dt)
    w = torch.randn(fo, fi, device="cuda", dtype=dt) / fi**0.5
    bias = torch.randn(fo, device="cuda", dtype=dt)
    dy = torch.randn(t, fo, device="cuda", dtype=dt)
    if cell["case"] == "forward":
        return ((lambda: tiledmm.linear(x, w, bias)), (lambda: F.linear(x, w, bias)),
                x.double() @ w.double().t() + bias.double(), (x, w.t()))
    if cell["case"] == "grad_input":
        return (lambda: tiledmm.gemm(dy, w)), (lambda: torch.matmul(dy, w)), dy.double() @ w.double(), (dy, w)
    return ((lambda: tiledmm.gemm(dy.t(), x)), (lambda: torch.matmul(dy.t(), x)), dy.double().t() @ x.double(),
            (dy.t(), x))


cells = json.load(open(sys.argv[1]))
lead = os.environ.get("TILEDMM_L2_LEAD", "0")
rows = []
for cell in cells:
    ours, theirs, ref, ops = operands(cell)
    got = ours().double()
    err = ((got - ref).norm() / ref.norm()).item()
    assert err < 1e-2, (cell, err)
    plan = tiledmm.plan_for(*ops)
    row = dict(cell, lead=lead, config=plan["config"], split_k=plan["split_k"], err=err,
               m=ops[0].shape[0], n=ops[1].shape[1], k=ops[0].shape[1])
    row["ours_cold"], row["torch_cold"] = cold_us(ours), cold_us(theirs)
    row["ours_warm"], row["torch_warm"] = warm_us(ours), warm_us(theirs)
    rows.append(row)
    print(f"lead {lead} {row['case']:11} {row['m']}x{row['n']}x{row['k']} {plan['config'][:20]:20} "
          f"cold {row['ours_cold']:7.2f} / {row['torch_cold']:7.2f}  warm {row['ours_warm']:7.2f} / "
          f"{row['torch_warm']:7.2f}", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "lead": lead, "rows": rows}, open(sys.argv[2], "w"), indent=0)
