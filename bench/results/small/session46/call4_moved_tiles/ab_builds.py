"""Session 46: one build's times on a list of cases, for an A/B of two builds or settings run in turn
(separate processes, same inputs by seed). Case: "dtype MxNxK layout spec" (spec: auto or a
kernel name; tf32: float32 with TF32 on). Prints kernel times (CUPTI, warm L2) and do_bench
(L2 flushed) per case, and checks each result against float64."""
import json, statistics, sys
import torch, triton
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CASES = [l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
label, out = sys.argv[2], sys.argv[3]
torch.backends.cuda.matmul.allow_tf32 = True
rows = []
for dname, shape, layout, spec in CASES:
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32}[dname]
    m, n, k = (int(v) for v in shape.split("x"))
    g = torch.Generator(device="cuda").manual_seed(m * 7 + n * 13 + k)
    a = torch.randn(m, k, device="cuda", dtype=dtype, generator=g)
    b = (torch.randn(n, k, device="cuda", dtype=dtype, generator=g).t() if layout == "nt"
         else torch.randn(k, n, device="cuda", dtype=dtype, generator=g))
    kernel = None if spec == "auto" else spec
    fn = lambda: tiledmm.gemm(a, b, kernel=kernel)  # noqa: E731
    ref = torch.matmul(a.double(), b.double())
    err = (fn().double() - ref).abs().max().item() / ref.abs().max().item()
    assert err < 2e-2, (shape, spec, err)
    kt = sum(us for _, us in kernel_table(fn, 30).values())
    db = statistics.median(triton.testing.do_bench(fn) * 1e3 for _ in range(3))
    rows.append({"case": f"{dname} {shape} {layout} {spec}", "kernel_us": kt, "do_bench_us": db, "rel_err": err})
    print(f"{label} {dname:5s} {shape:>16s} {layout} {spec:28s} kernels {kt:7.1f} us  do_bench {db:7.1f} us", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "label": label, "rows": rows}, open(out, "w"), indent=1)
