# Session 26: fp32 products whose plan has a row tail, timed with the planner's choice
# (do_bench medians, L2 flushed) beside torch.matmul. Run once with the row tail and once
# with TILEDMM_ROW_TAIL=off; sweep_summary.py compares the runs.
import sys
import torch, triton, tiledmm
torch.backends.cuda.matmul.allow_tf32 = False
sms = torch.cuda.get_device_properties(0).multi_processor_count
for s in sys.argv[1].split(","):
    m, n, k = map(int, s.split("x"))
    a = torch.randn(m, k, device="cuda"); b = torch.randn(k, n, device="cuda")
    ours = triton.testing.do_bench(lambda: tiledmm.gemm(a, b))
    cublas = triton.testing.do_bench(lambda: torch.matmul(a, b))
    tail = tiledmm.plan(m, n, k, torch.float32, sm_count=sms)["row_tail"]
    print(f"{s}\t{ours * 1e3:.1f}\t{cublas * 1e3:.1f}\t{tail['rows'] if tail else 0}", flush=True)
