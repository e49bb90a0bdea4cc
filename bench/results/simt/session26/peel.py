# Would a row tail help 1025x1023x1021 (36 wide tiles: 8 full tile rows and one of 1 row)?
# Times C[:1024] and C[1024:] as two calls (two outputs), against one call and cuBLAS.
import torch, tiledmm, triton
torch.backends.cuda.matmul.allow_tf32 = False
for m, n, k, cut in [(1025, 1023, 1021, 1024), (1025, 1024, 1024, 1024), (1030, 1023, 1021, 1024)]:
    a = torch.randn(m, k, device="cuda"); b = torch.randn(k, n, device="cuda")
    a0, a1 = a[:cut], a[cut:]
    one = triton.testing.do_bench(lambda: tiledmm.gemm(a, b))
    two = triton.testing.do_bench(lambda: (tiledmm.gemm(a0, b), tiledmm.gemm(a1, b)))
    head = triton.testing.do_bench(lambda: tiledmm.gemm(a0, b))
    tail = triton.testing.do_bench(lambda: tiledmm.gemm(a1, b))
    cb = triton.testing.do_bench(lambda: torch.matmul(a, b))
    print(f"{m}x{n}x{k}: one {one*1e3:.1f} us, two calls {two*1e3:.1f} (head {head*1e3:.1f}, tail {tail*1e3:.1f}), cuBLAS {cb*1e3:.1f};"
          f" tail plan {tiledmm.plan(m-cut, n, k, torch.float32)['config']} split {tiledmm.plan(m-cut, n, k, torch.float32)['split_k']}")
