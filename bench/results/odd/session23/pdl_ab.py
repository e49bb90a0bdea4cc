# do_bench medians (L2 flushed before each call, as bench.py) of tiledmm.gemm and torch.matmul
# usage: pdl_ab.py label dtype MxNxK ...
import sys, torch, triton.testing, tiledmm
label, dtype = sys.argv[1], {"bf16": torch.bfloat16, "fp16": torch.float16}[sys.argv[2]]
for shape in sys.argv[3:]:
    m, n, k = (int(x) for x in shape.split("x"))
    a = torch.randn(m, k, device="cuda", dtype=dtype); b = torch.randn(k, n, device="cuda", dtype=dtype)
    ours = triton.testing.do_bench(lambda: tiledmm.gemm(a, b), warmup=25, rep=200, return_mode="median")
    ref = triton.testing.do_bench(lambda: torch.matmul(a, b), warmup=25, rep=200, return_mode="median")
    print(f"{label:6s} {sys.argv[2]} {shape:16s} tiledmm {ours*1e3:8.1f} us  cuBLAS {ref*1e3:8.1f} us  "
          f"{2*m*n*k/ours/1e9:6.1f} TFLOP/s", flush=True)
