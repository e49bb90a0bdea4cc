"""Small bf16 products: tiledmm (this import, optionally each store mode) against
torch.matmul, do_bench medians, three interleaved rounds."""
import json, os, statistics, sys
import torch, triton.testing
import tiledmm
label = sys.argv[1]
modes = sys.argv[2].split(",") if len(sys.argv) > 2 else ["-"]
shapes = [(64, 64, 64), (128, 128, 128), (256, 256, 256), (384, 384, 384), (512, 512, 512), (768, 768, 768),
          (1024, 1024, 1024), (1000, 1000, 1000), (2048, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 4096)]
print(label, tiledmm.__file__, torch.cuda.get_device_name())
rows = []
for dtype in (torch.bfloat16, torch.float32):
    torch.backends.cuda.matmul.allow_tf32 = dtype == torch.float32
    for m, n, k in shapes:
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        b = torch.randn(k, n, device="cuda", dtype=dtype)
        ref = a.double() @ b.double()
        res = {mode: [] for mode in modes}
        theirs = []
        for _ in range(3):
            for mode in modes:
                if mode != "-":
                    torch.ops.tiledmm._set_wgmma_stores(mode)
                out = tiledmm.gemm(a, b)
                err = ((out.double() - ref).norm() / ref.norm()).item()
                assert err < 1e-2, (mode, m, n, k, err)
                res[mode].append(triton.testing.do_bench(lambda: tiledmm.gemm(a, b), warmup=10, rep=40, return_mode="median"))
            theirs.append(triton.testing.do_bench(lambda: torch.matmul(a, b), warmup=10, rep=40, return_mode="median"))
        t = statistics.median(theirs)
        row = dict(m=m, n=n, k=k, dtype=str(dtype), cublas_us=1000 * t)
        for mode in modes:
            row[f"us_{mode}"] = 1000 * statistics.median(res[mode])
            row[f"ratio_{mode}"] = t / statistics.median(res[mode])
        rows.append(row)
        print({k2: (round(v, 3) if isinstance(v, float) else v) for k2, v in row.items()}, flush=True)
    if modes != ["-"]:
        torch.ops.tiledmm._set_wgmma_stores("auto")
json.dump(dict(label=label, gpu=torch.cuda.get_device_name(), rows=rows),
          open(os.path.join(os.environ["OUT"], f"small_ab_{label}.json"), "w"), indent=1)
