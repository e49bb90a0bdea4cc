# Session 27: A/B of aligned products through each simt config by name (gemm and linear + bias),
# do_bench medians; run once per build, alternating.
import torch, triton, tiledmm
torch.backends.cuda.matmul.allow_tf32 = False
print("# tiledmm from", tiledmm.__file__, flush=True)
for m, n, k, spec in [(2560, 2560, 2560, None), (2560, 2560, 2560, "simt:f32_128x128x16_w64x32_t8x8_s4"),
                      (2560, 2560, 2560, "simt:f32_128x256x16_w64x64_t8x16_s4"),
                      (2048, 2048, 2048, "simt:f32_128x128x16_w64x32_t8x8_s4"),
                      (1536, 1536, 1536, None), (4096, 4096, 4096, None)]:
    a = torch.randn(m, k, device="cuda"); b = torch.randn(k, n, device="cuda")
    w = b.t().contiguous(); bias = torch.randn(n, device="cuda")
    g = triton.testing.do_bench(lambda: tiledmm.gemm(a, b, kernel=spec), warmup=50, rep=400)
    l = triton.testing.do_bench(lambda: tiledmm.linear(a, w, bias, kernel=spec), warmup=50, rep=400)
    print(f"{m}x{n}x{k} {spec}\tgemm {g * 1e3:.1f}\tlinear+bias {l * 1e3:.1f}", flush=True)
