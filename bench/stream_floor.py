"""The floor of a decode-sized DRAM stream, and how the L2 flush before each timed run moves it.

    python bench/stream_floor.py > bench/results/skinny/l2_flush_probe_h100.txt

Times, after a "dirty" L2 flush (zeroing 256 MB, as triton.testing.do_bench does) and after
a "clean" one (reading 256 MB, as the previous layer's weight reads leave L2 in a decode
step): a one-float fill (the timing's fixed cost), a pure streaming read of 33.6 MB and
90.2 MB (a Triton kernel: what any kernel reading those bytes once can reach), and tiledmm's
skinny products against torch.matmul. Percentages are of the copy bandwidth (1 GiB copy).
"""
import tiledmm
import torch
import triton
import triton.language as tl
from tiledmm._timing import event_median_ms

flush = torch.empty(64 << 20, dtype=torch.float32, device="cuda")  # 256 MB


def dirty():
    flush.zero_()


def clean():
    flush.sum()


def timed(fn, flusher, reps=200):
    """Median CUDA-event time of fn() in microseconds, `flusher` run before each rep."""
    return 1e3 * event_median_ms(fn, warmup=5, reps=reps, before=flusher)


src = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
dst = torch.empty_like(src)
copy_us = timed(lambda: dst.copy_(src), clean, reps=20)
copy_gbs = 2 * src.numel() / copy_us / 1e3
print(f"copy 1 GiB -> 1 GiB: {copy_gbs:.0f} GB/s")
del src, dst


@triton.jit
def read_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, ITERS: tl.constexpr):
    pid = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    base = pid.to(tl.int64) * BLOCK * ITERS
    for i in tl.static_range(ITERS):
        offs = base + i * BLOCK + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offs, mask=offs < n, other=0.0, cache_modifier=".cg").to(tl.float32)
    tl.store(out_ptr + pid, tl.sum(acc))


tiny = torch.empty(1, device="cuda")
for name, fl in (("dirty", dirty), ("clean", clean)):
    print(f"[{name}] fill_ of 1 float: {timed(lambda: tiny.fill_(1.0), fl):.2f} us")
for rows in (4096, 11008):
    x = torch.randn(rows * 4096, device="cuda", dtype=torch.bfloat16)
    nbytes = x.numel() * 2
    for block, iters in ((4096, 1), (4096, 4)):
        progs = triton.cdiv(x.numel(), block * iters)
        out = torch.empty(progs, device="cuda")
        f = lambda: read_kernel[(progs,)](x, out, x.numel(), BLOCK=block, ITERS=iters, num_warps=8)
        for name, fl in (("dirty", dirty), ("clean", clean)):
            us = timed(f, fl)
            print(f"[{name}] read {nbytes/1e6:.1f} MB block {block}x{iters}: {us:.2f} us {100*nbytes/us/1e3/copy_gbs:.1f}% of copy")

for layout in ("nt", "nn"):
    for m in (1, 8, 16, 32):
        for n, k in ((4096, 4096), (11008, 4096), (4096, 11008)):
            a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
            if layout == "nt":  # the nn.Linear weight [N, K], read as B = weight.t()
                b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t()
            else:
                b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
            nbytes = 2 * (m * k + k * n + m * n)
            row = []
            for name, fl in (("dirty", dirty), ("clean", clean)):
                ours, theirs = timed(lambda: tiledmm.gemm(a, b), fl), timed(lambda: torch.matmul(a, b), fl)
                row.append(f"[{name}] ours {ours:.1f} us {100*nbytes/ours/1e3/copy_gbs:.0f}% cuBLAS {theirs:.1f} us {100*nbytes/theirs/1e3/copy_gbs:.0f}% x{theirs/ours:.2f}")
            print(f"{layout} {m}x{n}x{k}: " + " | ".join(row))
