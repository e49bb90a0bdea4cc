"""Session 37 measurement: wgmma products of few tiles, each config at forced split-K counts
(TILEDMM_WGMMA_SPLITS, measurement build) and split whole in-kernel (TILEDMM_FEW_TILES_SPLIT),
against the planner's choice and cuBLAS. GPU time per call from CUDA events around a
CUDA graph of 10 calls (median of 7 replays). Prints one JSON line per measurement."""
import json, os, sys
import torch
import tiledmm

dtype = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32}[sys.argv[1]]
layout = sys.argv[2]  # nn or nt
torch.backends.cuda.matmul.allow_tf32 = True
SMS = torch.cuda.get_device_properties(0).multi_processor_count
CONFIGS = {"128x64": "wgmma:128x64_k256B_2wg_s4", "128x128": "wgmma:128x128_k128B_2wg_s6",
           "128x256": "wgmma:128x256_k128B_2wg_s4", "64x64": "wgmma:64x64_k128B_1wg_s4"}
SLOTS = {"128x64": SMS, "128x128": SMS, "128x256": SMS, "64x64": 2 * SMS}
MN = [(256, 1024), (512, 512), (512, 1024), (768, 768), (768, 1024), (1024, 768), (512, 2048), (1024, 1024),
      (4096, 256), (1024, 1536), (1536, 1024), (2048, 1024), (1536, 1536)]
KS = [1024, 2048, 4096, 8192]


def time_us(fn, calls=10):
    """GPU time per call: `calls` calls captured in a CUDA graph (no host cost), replayed."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(calls):
            fn()
    graph.replay()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    samples = []
    for _ in range(7):
        start.record()
        graph.replay()
        end.record()
        torch.cuda.synchronize()
        samples.append(start.elapsed_time(end) * 1e3 / calls)
    del graph
    return sorted(samples)[3]


def env(splits=None, few=False):
    os.environ.pop("TILEDMM_WGMMA_SPLITS", None)
    os.environ.pop("TILEDMM_FEW_TILES_SPLIT", None)
    if splits is not None:
        os.environ["TILEDMM_WGMMA_SPLITS"] = str(splits)
    if few:
        os.environ["TILEDMM_FEW_TILES_SPLIT"] = "on"


for m, n in MN:
    for k in KS:
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        b = torch.randn(n, k, device="cuda", dtype=dtype).t() if layout == "nt" else \
            torch.randn(k, n, device="cuda", dtype=dtype)
        ref = torch.matmul(a.double(), b.double())
        scale = ref.abs().max().item()
        cands = [("auto", None, None, False)]
        for name, spec in CONFIGS.items():
            p = tiledmm.plan(m, n, k, dtype, b_col_major=layout == "nt", kernel=spec, sm_count=SMS,
                             compute_capability=(9, 0))
            bm, bn = (int(v) for v in name.split("x"))
            # C^T (TF32 with B row-major) swaps the kernel's M and N
            km, kn = (n, m) if p["c_transposed"] else (m, n)
            tiles = -(-km // bm) * -(-kn // bn)
            for s in (1, 2, 3, 4, 6, 8):
                if tiles * s <= 4 * SLOTS[name] and (s == 1 or tiles < SLOTS[name]):
                    cands.append((name, spec, s, False))
            if 2 * tiles <= SLOTS[name]:
                cands.append((name, spec, 1, True))
        for name, spec, s, few in cands:
            env(s, few)
            p = tiledmm.plan(m, n, k, dtype, b_col_major=layout == "nt", kernel=spec, sm_count=SMS,
                             compute_capability=(9, 0))
            out = torch.full((m, n), float("nan"), device="cuda", dtype=dtype)
            out = tiledmm.gemm(a, b, kernel=spec)
            err = (out.double() - ref).abs().max().item() / scale
            t = time_us(lambda: tiledmm.gemm(a, b, kernel=spec))
            print(json.dumps({"m": m, "n": n, "k": k, "cand": name, "splits": s, "few": few, "us": round(t, 2),
                              "plan": [p["config"], p["split_k"], p["last_wave_split"]], "err": err}))
        env()
        t = time_us(lambda: torch.matmul(a, b))
        print(json.dumps({"m": m, "n": n, "k": k, "cand": "cublas", "us": round(t, 2)}))
