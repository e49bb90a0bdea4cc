"""Session 49: a split last wave's flags zeroed by cudaMemsetAsync (TILEDMM_CLEAR_FLAGS=memset,
the GEMM a plain dependent) or by clear_flags (the GEMM its programmatic dependent). The switch
is read once per process, so the caller alternates processes. Per shape: kernel times (CUPTI,
summed over the call's kernels), do_bench median (L2 flushed before each call), and the time
per call of 20 calls back to back, eager and as a CUDA graph; torch.matmul alongside.
argv: label shapes(dtype:MxNxK,...) out.jsonl"""
import json, sys
import torch
import triton.testing
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

DT = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32}
label, shapes, out = sys.argv[1], sys.argv[2].split(","), sys.argv[3]
cc, sms = torch.cuda.get_device_capability(), torch.cuda.get_device_properties(0).multi_processor_count


def per_call_us(fn, calls=20, reps=7):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(reps):
        torch.cuda.synchronize()
        start.record()
        for _ in range(calls):
            fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) * 1e3 / calls)
    return sorted(times)[reps // 2]


def graph_us(fn, calls=20, reps=7):
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        fn(); fn()
    torch.cuda.current_stream().wait_stream(side)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for _ in range(calls):
            fn()
    return per_call_us(g.replay, calls=1, reps=reps) / calls


with open(out, "a") as f:
    for spec in shapes:
        dname, shape = spec.split(":")
        dt = DT[dname]
        torch.backends.cuda.matmul.allow_tf32 = dname == "tf32"
        m, n, k = map(int, shape.split("x"))
        g = torch.Generator(device="cuda").manual_seed(m + n + k)
        a = torch.randn(m, k, device="cuda", dtype=dt, generator=g)
        b = torch.randn(k, n, device="cuda", dtype=dt, generator=g)
        p = tiledmm.plan(m, n, k, dt, compute_capability=cc, sm_count=sms, allow_tf32=dname == "tf32")
        ref = a.double() @ b.double()
        err = ((tiledmm.gemm(a, b).double() - ref).abs().max() / ref.abs().max()).item()
        row = dict(label=label, dtype=dname, shape=shape, config=p["config"], last_wave=p["last_wave_split"], rel_err=err)
        for name, fn in (("ours", lambda: tiledmm.gemm(a, b)), ("torch", lambda: torch.matmul(a, b))):
            table = kernel_table(fn, 30)
            row[name + "_kernels"] = {kname[:60]: round(us, 2) for kname, (_, us) in table.items()}
            row[name + "_kt"] = sum(us for _, us in table.values())
            row[name + "_db"] = 1000 * triton.testing.do_bench(fn, warmup=10, rep=60, return_mode="median")
            row[name + "_eager"] = per_call_us(fn)
            row[name + "_graph"] = graph_us(fn)
        torch.backends.cuda.matmul.allow_tf32 = False
        f.write(json.dumps(row) + "\n")
        print(f"{label:6s} {dname} {shape:>16s} {p['config'][:22]:22s} {str(p['last_wave_split']):10s} err {err:.1e} | "
              + " ".join(f"{x} kt {row[x + '_kt']:6.1f} db {row[x + '_db']:6.1f} eager {row[x + '_eager']:6.1f} "
                         f"graph {row[x + '_graph']:6.1f} |" for x in ("ours", "torch")), flush=True)
